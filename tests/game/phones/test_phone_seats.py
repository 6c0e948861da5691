"""Issue 27: phone seats in the real program, played from phones over loopback.

The App runs headless with the seats ``--seats`` would give it (two phones and two
computers, or a phone beside a human at the device); each phone is an aiohttp WebSocket
client that joins with its seat's code, previews the first decision it is offered and
confirms it (UX-1), as the page does.  The frames run in the same thread between the
phones' messages, so nothing here waits on a clock.
"""
from __future__ import annotations

import asyncio
import json
import math

import aiohttp
import pytest

from game import play as play_mod
from game.__main__ import match_seats, parse_args
from rules import Config, Session
from game.phones.protocol import tiles_in
from game.phones.server import PhoneRequest
from rules.state import hidden_tiles

from game.scenes.join import JoinScene
from shell_driver import click, centre, frames, label_texts, make_app
from shell_driver import button as button_of

STEP = 1 / 60
#: A frame's length where only game time must pass (issue 26: each picture costs ~3.5 ms; the
#: game still runs in its fixed steps, so the same time passes in fewer pictures).
WAIT_FRAME = 0.05


class Phone:
    def __init__(self, seat: int, url: str) -> None:
        self.seat = seat
        self.url = url
        self.state: dict | None = None
        #: The last state received, to act on again after a refusal.
        self.seen: dict | None = None
        self.rev = 0
        self.decisions = 0
        self.errors: list[str] = []
        self.ws: aiohttp.ClientWebSocketResponse | None = None

    async def join(self, session: aiohttp.ClientSession) -> None:
        base, _, code = self.url.rpartition("/j/")
        self.ws = await session.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base)
        await self.ws.send_json({"type": "join", "code": code, "lang": "en"})

    async def read(self, app) -> None:
        """Every message waiting, each state checked for tiles its seat must not see."""
        assert self.ws is not None
        while True:
            try:
                msg = await self.ws.receive(timeout=0.001)
            except asyncio.TimeoutError:
                return
            if msg.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(msg.data)
            if data["type"] == "error":
                self.errors.append(data["key"])
                self.state = self.seen  # refused (a state crossed the request): act again, as a player taps again
            elif data["type"] == "state" and data["state"] is not None:
                self.rev, self.state = data["rev"], data["state"]
                self.seen = self.state
                check_private(app, self.seat, data["state"])

    async def act(self) -> None:
        """Preview the first decision offered, then confirm it once the preview is shown."""
        state = self.state
        if state is None or not state["my_turn"] or not state["legal"]:
            return
        assert self.ws is not None
        if state["pending"] is None:
            await self.ws.send_json({"type": "preview", "rev": self.rev, "index": 0})
        else:
            await self.ws.send_json({"type": "confirm", "rev": self.rev, "index": state["pending"]})
            self.decisions += 1
        self.state = None  # wait for the next state before acting again


def check_private(app, seat: int, state: dict) -> None:
    """No tile in another seat's hand (or the boneyard) of the deal the state is about."""
    session = app.play_state.session
    full = session.state
    if state["deal"] != session.view(seat).deal_no or state.get("deal_end"):
        return  # a state of the deal just over (every hand is shown then, UX-3)
    hidden = {(t.low, t.high) for t in hidden_tiles(full, seat)}
    leaked = tiles_in(state) & hidden
    assert not leaked, f"seat {seat} was sent {sorted(leaked)}"


async def _play(app, until, limit: int = 60000) -> list[Phone]:
    phones = [Phone(e["seat"], e["url"]) for e in app.phones.join_entries()]
    async with aiohttp.ClientSession() as http:
        for phone in phones:
            await phone.join(http)
        for _ in range(limit):
            app.frame(dt=WAIT_FRAME)  # the computers at instant speed; a phone reads every frame
            for phone in phones:
                await phone.read(app)
                await phone.act()
            if until(app):
                break
        else:
            raise AssertionError("the match did not get there")
        for phone in phones:
            assert phone.ws is not None
            await phone.ws.close()
    return phones


def _start(game: str, kinds: str, seed: int = 5):
    args = parse_args(["--game", game, "--seats", kinds, "--phones-host", "127.0.0.1", "--phones-port", "0"])
    app = make_app(persist=False)
    # the frames run faster than a clock here: a phone's messages are not spread over seconds
    app.phones_options = {"host": args.phones_host, "port": args.phones_port, "join_file": None,
                          "limits": {"rate": 10_000.0, "burst": 10_000.0}}
    app.phones_autostart = True  # as --seats does
    app.settings["computer_speed"] = "instant"
    app.start(resume=False)
    app.start_match(Session(Config(game, len(args.seats), seed)), match_seats(args.seats))
    return app


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_two_phones_and_two_computers_play_a_whole_deal(game):
    """Two people on two phones and two computers: the deal is played to its end from the
    phones alone, every phone decision lands, and no state leaks a hidden tile."""
    app = _start(game, "phone,computer,phone,computer")
    try:
        assert app.play_state.humans == []  # no hand is ever shown on the big screen
        phones = asyncio.run(_play(app, lambda a: a.play_state.phase == play_mod.DEAL_END))
        assert all(p.decisions > 0 for p in phones)
        assert not [e for p in phones for e in p.errors if e != "phone.error_stale"]
    finally:
        app.close()
    assert app.phones.server is None  # closing the program stops the server


def test_the_join_screen_waits_for_the_host_then_a_phone_seat_is_waited_for_never_skipped():
    app = _start("jamaican", "phone,computer,computer,computer")
    try:
        play = app.play_state
        join = app.stack.top
        assert isinstance(join, JoinScene)  # the codes first; the match waits for the host
        url = app.phones.join_entries()[0]["url"]
        assert any(url.split("://")[1] in text for text in label_texts(join))
        cursor = play.session.cursor
        frames(app, round(300 * STEP / WAIT_FRAME), dt=WAIT_FRAME)  # five seconds
        assert play.session.cursor == cursor and app.stack.top is join  # nothing moves meanwhile
        click(app, centre(button_of(join, "Start")))
        frames(app, 2)
        assert app.stack.top is not join
        for _ in range(3000):  # the computers play until the phone's seat is to act
            if play.session.to_act() == 1:
                break
            app.frame(dt=WAIT_FRAME)
        assert play.session.to_act() == 1
        cursor = play.session.cursor
        for _ in range(round(600 * STEP / WAIT_FRAME)):  # ten seconds: the seat is waited for, never skipped
            app.frame(dt=WAIT_FRAME)
        assert play.session.cursor == cursor and play.session.to_act() == 1
        assert play.phase == play_mod.AWAY and play.hand() == []  # no curtain, no hand shown
    finally:
        app.close()


def test_the_seats_option_reads_kinds_and_levels():
    args = parse_args(["--game", "cuban", "--seats", "phone,computer,device,computer:expert"])
    assert args.seats == [("phone", "normal"), ("computer", "normal"), ("device", "normal"), ("computer", "expert")]
    seats = match_seats(args.seats)
    assert [s.kind for s in seats] == ["phone", "computer", "human", "computer"] and seats[3].level == "expert"


@pytest.mark.parametrize("argv, words", [
    (["--game", "cuban", "--seats", "phone,computer"], "4 players"),
    (["--seats", "phone,robot"], "no seat"),
    (["--seats", "device:expert,computer"], "computer only"),
    (["--phones-port", "8000"], "go with --seats"),
    (["--seats", "phone,computer", "--phones-port", "70000"], "port"),
])
def test_bad_seats_get_one_clear_line(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_resumed_match_takes_its_phones_codes_again(tmp_path, monkeypatch):
    """A match resumed from its autosave gives its phones the same join codes (issue 27)."""
    monkeypatch.setenv("DOMINO_TABLE_HOME", str(tmp_path))
    options = {"host": "127.0.0.1", "port": 0, "join_file": None}
    app = make_app(persist=True)
    app.phones_options = dict(options)
    app.start(resume=False)
    app.start_match(Session(Config("cuban", 4, 8)), match_seats(parse_args(["--seats", "phone,computer,phone,device"]).seats))
    codes = dict(app.phones.codes)
    app.close()
    assert sorted(codes) == [1, 3] and app.phones.server is None
    again = make_app(persist=True)
    again.phones_options = dict(options)
    again.start(resume=True)
    try:
        assert again.phones is not None and again.phones.server is not None
        assert again.phones.codes == codes
        assert [e["url"].rsplit("/", 1)[1] for e in again.phones.join_entries()] == [codes[1], codes[3]]
    finally:
        again.close()


def test_the_new_game_form_puts_a_seat_on_a_phone_and_shows_its_code():
    """New game: a human seat's kind goes Human -> Phone with a click; Start opens the join
    screen over the table, with that seat's code, and waits for the host's Start."""
    from game.scenes.new_game import NewGameScene
    from shell_driver import choices, running_app
    with running_app() as app:
        app.phones_options = {"host": "127.0.0.1", "port": 0, "join_file": None}
        click(app, centre(button_of(app.stack.top, "New game")))
        form = app.stack.top
        assert isinstance(form, NewGameScene)
        kind = next(c for c in choices(form) if getattr(c, "key", None) == "kind_0")
        click(app, centre(kind))
        form = app.stack.top
        assert form.seats[0].kind == "phone"
        click(app, centre(button_of(form, "Start")))
        frames(app, 2)
        join = app.stack.top
        assert isinstance(join, JoinScene) and not join.start_when_joined
        assert [e["seat"] for e in app.phones.join_entries()] == [1]
        assert app.play_state.seats[0].kind == "phone" and app.play_state.humans == []
        click(app, centre(button_of(join, "Start")))
        frames(app, 2)
        assert app.stack.top is not join


@pytest.mark.parametrize("game", ["mexican_train", "cuban"])
def test_a_phone_preview_shows_as_a_ghost_on_the_big_screen(game, monkeypatch):
    """UX-1 on a phone: the previewed tile is drawn as a ghost on the big screen before the
    phone confirms it, and the ghost goes when the phone cancels."""
    app = _start(game, "phone,computer,computer,computer" if game == "cuban" else "phone,computer")
    try:
        table = list(app.stack)[0]
        ghosts: list = []
        real = table.kit.draw_world

        def draw_world(renderer, surface, camera, lay, view, play, marks, clock):
            ghosts.append(marks.ghost)
            return real(renderer, surface, camera, lay, view, play, marks, clock)

        monkeypatch.setattr(table.kit, "draw_world", draw_world)
        play = app.play_state
        app.stack.top.back()  # the host's Start on the join screen
        for _ in range(3000):
            if play.session.to_act() == 1 and any(a.kind == "play" for a in play.session.legal_actions()):
                break
            app.frame(dt=STEP)
            legal = play.session.legal_actions()
            if play.session.to_act() == 1 and not any(a.kind == "play" for a in legal):
                play.sources[0].confirm(play.session.cursor, legal[0])  # a draw, a pass: from the "phone"
        action = next(a for a in play.session.legal_actions() if a.kind == "play")
        app.frame(dt=STEP)
        ghosts.clear()
        app.phones.link.handle(PhoneRequest(1, "preview", 0, action, 0))
        app.frame(dt=STEP)
        assert ghosts and ghosts[-1] is not None
        app.phones.link.handle(PhoneRequest(1, "cancel", 0))
        ghosts.clear()
        app.frame(dt=STEP)
        assert ghosts and ghosts[-1] is None
    finally:
        app.close()


@pytest.mark.parametrize("to, kind", [("Play here", "human"), ("Computer plays", "computer")])
def test_the_host_hands_a_phone_seat_to_the_screen_or_a_computer(to, kind):
    """Issue 27: from the join screen the host takes a phone's seat back to the device or
    gives it to a computer; play goes on from that seat's next decision, the other phone
    keeps its code, and the autosave's seats say so."""
    app = _start("cuban", "phone,computer,phone,computer")
    try:
        join = app.stack.top
        codes = dict(app.phones.codes)
        first = [b for b in join._controls if getattr(getattr(b, "element", None), "text", "") == to][0]
        click(app, centre(first))
        frames(app, 2)
        play = app.play_state
        assert play.seats[0].kind == kind and app.seats[0].kind == kind
        assert app.phones.phone_seats() == [3] and app.phones.codes[3] == codes[3]
        assert play.humans == ([1] if kind == "human" else [])
        join = app.stack.top
        assert isinstance(join, JoinScene) and [e["seat"] for e in app.phones.join_entries()] == [3]
    finally:
        app.close()


def _start_on_the_settings_port(port: int):
    """A match with a phone seat started as the program starts one, with no --phones-port:
    the settings' port ("phones_port") is the one the server takes."""
    app = make_app(persist=False)
    app.phones_options = {"host": "127.0.0.1", "port": None, "join_file": None}
    app.settings["phones_port"] = port
    app.start(resume=False)
    app.start_match(Session(Config("mexican_train", 2, 5)), match_seats(parse_args(["--seats", "phone,computer"]).seats))
    return app


def test_the_phones_listen_on_the_port_the_settings_fix():
    import socket
    with socket.socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = _start_on_the_settings_port(port)
    try:
        assert app.phones.server is not None and app.phones.server.port == port
        assert app.phones.notice is None
        assert app.phones.join_entries()[0]["url"].startswith(f"http://127.0.0.1:{port}/j/")
    finally:
        app.close()


def test_a_taken_settings_port_falls_back_to_a_free_one_and_the_join_screen_says_so():
    """Issue 27: the settings fix the phones' port; when another program holds it, the phones
    get a free port this time and the join screen tells the host which, never a crash."""
    import socket
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        app = _start_on_the_settings_port(taken)
        try:
            server = app.phones.server
            assert server is not None and server.running and server.port not in (0, taken)
            assert app.phones.notice == ("phone.port_taken", {"port": taken, "used": server.port})
            frames(app, 2)
            join = app.stack.top
            assert isinstance(join, JoinScene)
            shown = " ".join(box.html_text for box in _text_boxes(join))
            assert f"{taken}" in shown and f"{server.port}" in shown
        finally:
            app.close()


def _text_boxes(scene) -> list:
    from pygame_gui.elements import UITextBox
    found = []

    def walk(container):
        for el in container.elements:
            if isinstance(el, UITextBox):
                found.append(el)
            inner = getattr(el, "get_container", None)
            if inner is not None and el is not container:
                try:
                    walk(el.get_container())
                except Exception:  # noqa: BLE001 - not every element holds others
                    pass

    walk(scene.panel.get_container())
    return found


def test_the_settings_keep_only_a_port_a_server_may_take():
    from game import storage
    assert storage.DEFAULT_SETTINGS["phones_port"] == 0
    for good in (0, 8765, 65535):
        assert storage.normalise_settings({"phones_port": good})["phones_port"] == good
    for bad in (80, -1, 70000, "8765", True, 8765.0):
        assert storage.normalise_settings({"phones_port": bad})["phones_port"] == 0


def _near_the_deal_end(game: str, players: int, seed: int, seat: int) -> Session:
    """A fresh session of ``game`` at ``seat``'s last decision of the first deal (the bots
    played the rest), so that the phone's next confirm may end the deal."""
    from rules import bots
    from rules.actions import Action
    from rules.rng import decision_stream
    probe = Session(Config(game, players, seed))
    while not any(e.kind == "deal_end" for e in probe.state.history):
        s = probe.to_act()
        probe.apply(bots.choose(probe.view(s), "easy", decision_stream(s, probe.cursor)))
    actions = [e for e in probe.log if isinstance(e, Action)]
    session = Session(Config(game, players, seed))
    replay = Session(Config(game, players, seed))
    keep = 0  # the decisions before the seat's last one of the deal
    for i, action in enumerate(actions):
        if replay.to_act() == seat:
            keep = i
        replay.apply(action)
    for action in actions[:keep]:
        session.apply(action)
    assert session.to_act() == seat and not any(e.kind == "deal_end" for e in session.state.history)
    return session


def test_with_nobody_at_the_device_the_deal_end_waits_for_a_phones_continue():
    """Issue 27: only phone seats and computers: the deal's end is not left by itself after
    the demo's reading pause; every phone is shown the scores and offered Continue (and the
    coach of its own decisions), and one phone's Continue deals the next deal."""
    app = make_app(persist=False)
    app.phones_options = {"host": "127.0.0.1", "port": 0, "join_file": None,
                          "limits": {"rate": 10_000.0, "burst": 10_000.0}}
    app.phones_autostart = True
    app.settings["computer_speed"] = "instant"
    app.start(resume=False)
    app.start_match(_near_the_deal_end("mexican_train", 2, 5, seat=1),
                    match_seats(parse_args(["--seats", "phone,computer"]).seats))
    try:
        play = app.play_state
        assert play.humans == []

        async def scenario() -> None:
            phones = await _play(app, lambda a: a.play_state.phase == play_mod.DEAL_END)
            phone = phones[0]
            deal = play.view().deal_no
            async with aiohttp.ClientSession() as http:
                await phone.join(http)  # the same phone again (a new socket, the same code)
                for _ in range(math.ceil(2 * play_mod.DEMO_READ_S / WAIT_FRAME)):  # twice the demo's pause
                    app.frame(dt=WAIT_FRAME)
                    await phone.read(app)
                assert play.phase == play_mod.DEAL_END, "the deal's end moved on by itself"
                state = phone.seen
                assert state is not None and state["deal_end"] is not None
                assert {s["seat"] for s in state["deal_end"]["scores"]} == {1, 2}
                assert all("penalty" in s and "total" in s for s in state["deal_end"]["scores"])
                assert state["continue"] is True and state["coach"] is True
                # the coach of this seat, through the table's link
                assert phone.ws is not None
                await phone.ws.send_json({"type": "coach", "rev": phone.rev})
                for _ in range(3000):
                    app.frame(dt=STEP)
                    await phone.read(app)
                    report = phone.seen["coach_report"] if phone.seen else None
                    if report is not None and report["status"] != "grading":
                        break
                    await asyncio.sleep(0.01)
                assert report is not None and report["status"] == "ready"
                assert play.phase == play_mod.DEAL_END
                await phone.ws.send_json({"type": "continue", "rev": phone.rev})
                for _ in range(30):
                    app.frame(dt=STEP)
                    await phone.read(app)
                    await asyncio.sleep(0.005)
                    if play.phase != play_mod.DEAL_END:
                        break
                assert play.phase != play_mod.DEAL_END and play.view().deal_no == deal + 1
                assert phone.seen is not None and phone.seen["deal_end"] is None and phone.seen["continue"] is False
                await phone.ws.close()

        asyncio.run(scenario())
    finally:
        app.close()
