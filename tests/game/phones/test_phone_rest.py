"""Issue 14 with phones: while the table waits for a person on a phone, the program rests
(it drew the same picture sixty times a second before), and a phone's message, join or
departure wakes the loop at once (``PhoneServer.on_change`` -> ``App.wake``).

The phones are aiohttp WebSocket clients over loopback, as in test_phone_seats.py; the
real loop (``App.run``, measured time, the rest's sleep) runs between their messages.
"""
from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import pygame
import pytest

import game.app as app_module
from game import play as play_mod
from game.__main__ import match_seats, parse_args
from game.scenes.join import JoinScene
from game.window import WAKE
from rules import Config, Session
from shell_driver import make_app

WAIT_FRAME = 0.05


@pytest.fixture(autouse=True)
def quick_rest(monkeypatch):
    monkeypatch.setattr(app_module, "REST_WAIT_S", 0.005)


def _start(game: str, kinds: str, autostart: bool = True):
    args = parse_args(["--game", game, "--seats", kinds, "--phones-host", "127.0.0.1", "--phones-port", "0"])
    app = make_app(persist=False)
    app.phones_options = {"host": args.phones_host, "port": args.phones_port, "join_file": None,
                          "limits": {"rate": 10_000.0, "burst": 10_000.0}}
    app.phones_autostart = autostart
    app.settings["computer_speed"] = "instant"
    app.start(resume=False)
    app.start_match(Session(Config(game, len(args.seats), 5)), match_seats(args.seats))
    return app


def real_frames(app, n: int) -> tuple[int, int]:
    d0, r0 = app.draws, app.rested
    app.run(frames=n)
    return app.draws - d0, app.rested - r0


async def _join(http, url: str):
    base, _, code = url.rpartition("/j/")
    ws = await http.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base)
    await ws.send_json({"type": "join", "code": code, "lang": "en"})
    return ws


async def _latest_state(ws) -> dict | None:
    state = None
    while True:
        try:
            msg = await ws.receive(timeout=0.001)
        except asyncio.TimeoutError:
            return state
        if msg.type != aiohttp.WSMsgType.TEXT:
            return state
        data = json.loads(msg.data)
        if data["type"] == "state" and data["state"] is not None:
            state = data
    return state


async def _woken(timeout: float = 3.0) -> bool:
    """A wake-up event reached the queue (posted by the server's thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pygame.event.peek(WAKE):
            return True
        await asyncio.sleep(0.01)
    return False


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_a_table_waiting_for_a_phone_rests_and_its_message_wakes_it(game):
    app = _start(game, "phone,computer,phone,computer")

    async def scenario():
        entries = app.phones.join_entries()
        async with aiohttp.ClientSession() as http:
            sockets = {e["seat"]: await _join(http, e["url"]) for e in entries}
            states: dict[int, dict] = {}
            play = app.play_state
            for _ in range(4000):  # the phones join, the join screen goes, the computers play
                app.frame(dt=WAIT_FRAME)
                for seat, ws in sockets.items():
                    states[seat] = await _latest_state(ws) or states.get(seat, {})
                seat = play.session.to_act()
                if (play.phase == play_mod.AWAY and seat in sockets and not isinstance(app.stack.top, JoinScene)
                        and states[seat].get("state", {}).get("my_turn")):
                    break
            else:
                raise AssertionError("no phone seat came to act")
            assert play.humans == []  # nobody at the device: only phones and computers
            app.stack.top.camera.update(10.0)
            real_frames(app, 150)  # the last play's landing fades
            drawn, rested = real_frames(app, 40)
            assert drawn <= 2 and rested >= 38, (drawn, rested)
            # the phone previews its first decision: the loop is woken and draws the ghost
            pygame.event.clear(WAKE)
            state = states[seat]
            await sockets[seat].send_json({"type": "preview", "rev": state["rev"], "index": 0})
            assert await _woken(), "the phone's message did not wake the loop"
            drawn, _ = real_frames(app, 3)
            assert drawn >= 1
            assert app.stack.top._previewed_elsewhere() is not None
            for ws in sockets.values():
                await ws.close()

    try:
        asyncio.run(scenario())
    finally:
        app.close()


def test_the_join_screen_rests_and_a_phone_joining_wakes_it():
    app = _start("cuban", "phone,computer,computer,computer", autostart=False)

    async def scenario():
        join = app.stack.top
        assert isinstance(join, JoinScene)
        real_frames(app, 5)
        drawn, rested = real_frames(app, 30)
        assert drawn <= 1 and rested >= 29, (drawn, rested)
        pygame.event.clear(WAKE)
        async with aiohttp.ClientSession() as http:
            ws = await _join(http, app.phones.join_entries()[0]["url"])
            assert await _woken(), "a phone joining did not wake the loop"
            drawn, _ = real_frames(app, 3)
            assert drawn >= 1
            assert app.stack.top._shown[0][2], "the join screen does not show the phone as here"
            pygame.event.clear(WAKE)
            await ws.close()
            assert await _woken(), "a phone leaving did not wake the loop"

    try:
        asyncio.run(scenario())
    finally:
        app.close()


def test_a_demo_of_computers_only_still_never_rests_at_the_deal_end():
    """The demo's reading time runs on the table's clock: its deal end must not rest."""
    app = make_app(persist=False)
    app.settings["computer_speed"] = "instant"
    app.start(resume=False)
    from game.seats import COMPUTER, SeatConfig
    app.start_match(Session(Config("jamaican", 4, 3)), [SeatConfig(f"C{i}", COMPUTER) for i in range(4)])
    for _ in range(20000):
        app.frame(dt=WAIT_FRAME)
        if app.play_state.phase == play_mod.DEAL_END:
            break
    assert app.play_state.phase == play_mod.DEAL_END
    for _ in range(40):  # two seconds: the score screen is up, its hands turned, the demo reading
        app.frame(dt=WAIT_FRAME)
    assert app.play_state.phase == play_mod.DEAL_END and app.stack.top is not app.stack.drawn()[0]
    _, rested = real_frames(app, 20)
    assert rested == 0
    app.close()
