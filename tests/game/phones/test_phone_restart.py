"""Issue 37, item 2: a phone table killed mid-hand comes back with the same command.

The real program runs in a child process (``python -m game --seats ...``), headless, its
phones are aiohttp clients over loopback, and it is killed with SIGKILL (a power cut, a
crash) in the middle of a Cuban hand.  Started again with the same command, it resumed
nothing before: a new match at move 2 was written over the old save, and the join file had
new codes on a new port.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from game import kept, storage
from rules import save as rules_save
from rules.actions import Action

pytestmark = pytest.mark.slow

SEATS = "phone,computer,phone,computer"


def _launch(tmp_path: Path, seats: str = SEATS) -> tuple[subprocess.Popen, Path]:
    join = tmp_path / "join.json"
    join.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "game", "--game", "cuban", "--seats", seats, "--seed", "11",
                             "--phones-host", "127.0.0.1", "--phones-port", "0", "--phones-file", str(join)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 60
    while not join.exists():
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise AssertionError("the program wrote no join file: " + proc.stderr.read().decode()[-2000:])
        time.sleep(0.05)
    return proc, join


def _entries(join: Path) -> dict[int, str]:
    return {e["seat"]: e["url"] for e in json.loads(join.read_text(encoding="utf-8"))}


async def _play(urls: dict[int, str], confirms: int, timeout: float = 60.0) -> int:
    """Both phones join and decide (the first decision offered, previewed then confirmed)
    until ``confirms`` confirms were sent in all; returns how many were."""
    accepted = 0
    async with aiohttp.ClientSession() as http:
        sockets = {}
        for seat, url in urls.items():
            base, _, code = url.rpartition("/j/")
            ws = await http.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base)
            await ws.send_json({"type": "join", "code": code, "lang": "en"})
            sockets[seat] = ws
        end = time.monotonic() + timeout
        while accepted < confirms and time.monotonic() < end:
            for seat, ws in sockets.items():
                try:
                    msg = await ws.receive(timeout=0.02)
                except asyncio.TimeoutError:
                    continue
                assert msg.type == aiohttp.WSMsgType.TEXT, f"seat {seat}'s connection ended"
                data = json.loads(msg.data)
                assert data["type"] != "error" or data["key"] not in ("phone.error_bad_code",), data
                if data["type"] != "state" or not data["state"] or not data["state"]["my_turn"]:
                    continue
                state = data["state"]
                if state["pending"] is None:
                    await ws.send_json({"type": "preview", "rev": data["rev"], "index": 0})
                else:
                    await ws.send_json({"type": "confirm", "rev": data["rev"], "index": state["pending"]})
                    accepted += 1
        for ws in sockets.values():
            await ws.close()
    assert accepted >= confirms, f"only {accepted} confirms were sent"
    return accepted


def _saved_decisions() -> int:
    session, _meta, _recovery = rules_save.recover_journaled(storage.autosave_path(), storage.journal_path())
    return sum(isinstance(e, Action) for e in session.log[:session.cursor])


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)


def test_a_killed_phone_table_comes_back_with_its_codes_its_moves_and_its_port(tmp_path):
    storage.save_settings({**storage.load_settings(), "computer_speed": "instant"})
    proc, join = _launch(tmp_path)
    try:
        before = _entries(join)
        asyncio.run(_play(before, 6))
        time.sleep(0.5)  # the last confirm lands and is journaled
        _kill(proc)
        saved = _saved_decisions()
        assert saved >= 6  # every confirmed phone decision, and the computers' between them

        proc, join = _launch(tmp_path)
        after = _entries(join)
        assert after == before  # the same codes, and the same port: the pages come back by themselves
        assert _saved_decisions() == saved  # resumed, not written over by a new match
        asyncio.run(_play(after, 2))
        time.sleep(0.5)
        assert _saved_decisions() > saved  # and the match goes on
        _kill(proc)
        going = _saved_decisions()

        # a start with other seats keeps the unfinished match aside, then starts a new one
        proc, join = _launch(tmp_path, "phone,computer,computer,computer")
        assert _entries(join).keys() == {1}
        kept_matches = kept.listing()
        assert [k.decisions for k in kept_matches] == [going] and kept_matches[0].game == "cuban"
        end = time.monotonic() + 10
        while _saved_decisions() >= going and time.monotonic() < end:
            time.sleep(0.05)  # the new match's first save follows its join file
        assert _saved_decisions() < going
    finally:
        if proc.poll() is None:
            _kill(proc)
