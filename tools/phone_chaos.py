"""Seeded chaos against the phone protocol (issue 37): the real server, the real loop, a
headless program, and phones that do everything a room of phones does.

Each phone seat has several clients (aiohttp WebSockets over loopback), each driven by its
own seeded ``random.Random``.  At random moments, after random delays of 0 to 50 ms, a
client sends a valid decision (a preview, a hint, a confirm of what is previewed, a
continue at a deal's end), or the same message again, or one answering an old state, or
one out of turn, or a malformed one; it reconnects (taking the seat over from its sibling),
drops off and comes back later.  The program runs its frames in the same thread, between
the clients' turns, as ``tests/game/phones`` drive it.

What must hold, checked as it runs and at the end (``Report.problems``):

- the match (or the deal, for a short run) reaches its end;
- no exception is logged by the program and no error dialog is opened;
- every confirm the table took from a phone was applied, or its phone was told why not:
  none is dropped in silence (``PhoneSource`` is watched);
- the save holds exactly the moves of the session: the autosave, read back, is the
  session's log;
- no state published to a phone holds a tile of another hand or of the boneyard (checked
  against the session at the moment it is published).

``python tools/phone_chaos.py --minutes 30`` runs seeds one after another over the three
games and Mexican Train with 2 and 8 phones, whole matches, and prints JSON: runs, decisions,
messages of each kind, and any problem with its seed.  ``tests/game/phones/test_phone_chaos.py``
runs a few seeds to a deal's end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: The tables of a run: (game, seat kinds).
TABLES = {
    "cuban": "phone,computer,phone,computer",
    "jamaican": "phone,phone,computer,phone",
    "mexican_train_2": "phone,phone",
    "mexican_train_8": ",".join(["phone"] * 8),
}
GAME_OF = {"cuban": "cuban", "jamaican": "jamaican", "mexican_train_2": "mexican_train",
           "mexican_train_8": "mexican_train"}
#: A frame's length in game time: the computers play at instant speed, moves still travel.
FRAME_DT = 1 / 30


@dataclass
class Report:
    table: str
    seed: int
    reached_end: bool = False
    frames: int = 0
    decisions: int = 0
    sent: dict[str, int] = field(default_factory=dict)
    errors_told: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, table: dict[str, int], key: str) -> None:
        table[key] = table.get(key, 0) + 1


class _Logged(logging.Handler):
    """Every record with a traceback, or at ERROR and above, that the program logs."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.records.append(f"{record.name}: {record.getMessage()}")


class Client:
    """One of a seat's phones: seeded, sometimes well behaved."""

    def __init__(self, chaos: "Chaos", seat: int, url: str, rng: random.Random) -> None:
        self.chaos, self.seat, self.url, self.rng = chaos, seat, url, rng
        self.ws: Any = None
        self.rev = 0
        self.state: dict | None = None
        self.last: dict | None = None
        self.away_until = 0
        self.old_revs: list[int] = []

    async def connect(self, http) -> None:
        base, _, code = self.url.rpartition("/j/")
        self.ws = await http.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base)
        await self.ws.send_json({"type": "join", "code": code, "lang": self.rng.choice(["en", "ru", "uk", "it"])})

    async def read(self) -> None:
        import aiohttp
        while self.ws is not None and not self.ws.closed:
            try:
                msg = await self.ws.receive(timeout=0.0005)
            except asyncio.TimeoutError:
                return
            if msg.type != aiohttp.WSMsgType.TEXT:
                self._gone()
                return
            data = json.loads(msg.data)
            kind = data["type"]
            if kind == "state":
                self.old_revs = (self.old_revs + [self.rev])[-5:]
                self.rev, self.state = data["rev"], data["state"]
            elif kind == "error":
                self.chaos.report.count(self.chaos.report.errors_told, data["key"])
                self.chaos.told(self.seat)
            elif kind in ("taken_over", "bye"):
                await self.ws.close()
                self._gone()

    def _gone(self) -> None:
        """Taken over by a sibling, or let go: this phone comes back in a while, as a person
        picking their phone up again would (at once, the two would take the seat in turns
        every frame)."""
        self.ws, self.state = None, None
        self.away_until = self.chaos.frame + self.rng.randrange(20, 200)

    def choose(self) -> tuple[str, dict | str] | None:
        """What to send now, if anything: a kind (for the counts) and the message."""
        rng, state = self.rng, self.state
        roll = rng.random()
        if state is None:
            return None
        if roll < 0.04:
            junk = rng.choice(['{"type": "confirm"', "[]", '{"type": "preview", "rev": "x", "index": 0}',
                               '{"type": "fly"}', "x" * 600, '{"type": "confirm", "rev": 1, "index": -1}',
                               json.dumps({"type": "preview", "rev": self.rev, "index": 10 ** 9})])
            return "malformed", junk
        if roll < 0.08 and self.last is not None:
            return "duplicate", self.last
        if roll < 0.12 and self.old_revs:
            return "stale", {"type": "preview", "rev": rng.choice(self.old_revs), "index": 0}
        if state.get("continue") and roll < 0.6:
            return "valid", {"type": "continue", "rev": self.rev}
        if not state.get("my_turn"):
            if roll < 0.16:
                return "out_of_turn", {"type": rng.choice(["preview", "confirm", "hint", "cancel"]),
                                       "rev": self.rev, "index": 0}
            return None
        legal = state.get("legal") or []
        if not legal or roll > 0.7:
            return None
        if state.get("pending") is not None and rng.random() < 0.75:
            return "valid", {"type": "confirm", "rev": self.rev, "index": state["pending"]}
        if rng.random() < 0.15:
            return "valid", {"type": "hint", "rev": self.rev}
        if rng.random() < 0.05 and state.get("pending") is not None:
            return "valid", {"type": "cancel", "rev": self.rev}
        return "valid", {"type": "preview", "rev": self.rev, "index": rng.randrange(len(legal))}

    async def send_later(self, kind: str, message: dict | str, delay: float) -> None:
        await asyncio.sleep(delay)
        ws = self.ws
        if ws is None or ws.closed:
            return
        try:
            await ws.send_str(message if isinstance(message, str) else json.dumps(message))
        except (ConnectionError, RuntimeError):
            return
        self.chaos.report.count(self.chaos.report.sent, kind)
        if isinstance(message, dict):
            self.last = message


class Chaos:
    """One seeded run on one table (see the module docstring)."""

    def __init__(self, table: str, seed: int, *, clients_per_seat: int = 2, whole_match: bool = False,
                 max_frames: int = 20000, head_start: int = 0) -> None:
        self.table, self.seed = table, seed
        self.rng = random.Random(seed)
        self.clients_per_seat = clients_per_seat
        self.whole_match = whole_match
        self.max_frames = max_frames
        #: Seeded random decisions made before the phones take over (a short run starts late
        #: in a deal, so a test reaches its end in seconds).
        self.head_start = head_start
        self.report = Report(table, seed)
        self._told: dict[int, int] = {}
        self.frame = 0
        self._dropped: list[str] = []

    def told(self, seat: int) -> None:
        self._told[seat] = self._told.get(seat, 0) + 1

    # ------------------------------------------------------------ the program

    def _start(self):
        from game.__main__ import match_seats, parse_args
        from game.app import App
        from rules import Config, Session
        kinds = TABLES[self.table]
        args = parse_args(["--game", GAME_OF[self.table], "--seats", kinds])
        app = App(size=(1024, 600), strict=False, persist=True)
        app.phones_options = {"host": "127.0.0.1", "port": 0, "join_file": None,
                              "limits": {"rate": 200.0, "burst": 400.0}}
        app.phones_autostart = True
        app.settings["computer_speed"] = "instant"
        app.start(resume=False)
        session = Session(Config(GAME_OF[self.table], len(args.seats), self.seed))
        deal = session.view(1).deal_no
        for _ in range(self.head_start):
            legal = session.legal_actions() if not session.match_over() else []
            if not legal:
                break
            session.apply(self.rng.choice(legal))
            if session.view(1).deal_no != deal or session.match_over():
                session.undo()  # that ended the deal: the phones make its last moves
                break
        app.start_match(session, match_seats(args.seats))
        return app

    def _watch(self, app) -> None:
        """Privacy at publish time, and confirms dropped in silence."""
        from rules.state import hidden_tiles
        server = app.phones.server
        real_publish = server.publish

        def publish(seat: int, state: dict | None) -> int:
            if state is not None:
                self._check_private(app, seat, state, hidden_tiles)
            return real_publish(seat, state)

        server.publish = publish  # type: ignore[method-assign]
        from game.phones.link import PhoneSource
        for seat, source in enumerate(app.play_state.sources, 1):
            if isinstance(source, PhoneSource):
                self._watch_source(app, seat, source)

    def _watch_source(self, app, seat: int, source) -> None:
        real_forget = source.forget
        chaos = self

        def forget() -> None:
            pending = source._confirmed
            if pending is not None and not getattr(source, "problems", None):
                chaos._dropped.append(f"seat {seat}: a confirmed {pending[1]} was forgotten unapplied")
            real_forget()

        source.forget = forget  # type: ignore[method-assign]

    def _check_private(self, app, seat: int, state: dict, hidden_tiles) -> None:
        session = app.play_state.session
        if state.get("deal_end") or state["deal"] != session.view(seat).deal_no:
            return
        hidden = {(t.low, t.high) for t in hidden_tiles(session.state, seat)}
        leaked = _tiles_in(state) & hidden
        if leaked:
            self.report.problems.append(f"seat {seat} was sent {sorted(leaked)}")

    def _ended(self, app) -> bool:
        from game import play as play_mod
        play = app.play_state
        if play is None:
            return True
        if self.whole_match:
            return play.session.match_over() or play.phase == play_mod.MATCH_END
        return play.phase in (play_mod.DEAL_END, play_mod.MATCH_END)

    # ------------------------------------------------------------ the run

    async def _run(self, app) -> None:
        import aiohttp
        entries = app.phones.join_entries()
        clients = [Client(self, e["seat"], e["url"], random.Random(self.rng.getrandbits(32)))
                   for e in entries for _ in range(self.clients_per_seat)]
        tasks: set[asyncio.Task] = set()
        async with aiohttp.ClientSession() as http:
            for c in clients:
                await c.connect(http)
            for frame in range(self.max_frames):
                app.frame(dt=FRAME_DT)
                self.frame = frame
                self.report.frames = frame + 1
                if self._ended(app):
                    self.report.reached_end = True
                    break
                for c in clients:
                    await c.read()
                    await self._act(c, http, frame, tasks)
                await asyncio.sleep(0.001)
            for task in tasks:
                task.cancel()
            for c in clients:
                if c.ws is not None:
                    await c.ws.close()

    async def _act(self, c: Client, http, frame: int, tasks: set) -> None:
        rng = c.rng
        if c.ws is None:
            if frame >= c.away_until:
                await c.connect(http)  # back, or taking the seat over from its sibling
            return
        roll = rng.random()
        if roll < 0.002:
            await c.ws.close()
            c.ws, c.state = None, None
            c.away_until = frame + rng.randrange(5, 120)  # dropped off, back in a while
            self.report.count(self.report.sent, "drop_off")
            return
        if roll < 0.004:
            await c.ws.close()
            c.ws, c.state = None, None
            c.away_until = frame  # reconnects at once
            self.report.count(self.report.sent, "reconnect")
            return
        chosen = c.choose()
        if chosen is not None:
            task = asyncio.ensure_future(c.send_later(chosen[0], chosen[1], rng.random() * 0.05))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    def run(self) -> Report:
        from game import storage
        from rules import save as rules_save
        from rules.actions import Action
        logged = _Logged()
        logging.getLogger().addHandler(logged)
        began = time.perf_counter()
        app = self._start()
        try:
            app.stack.top.back()  # the host's Start on the join screen (the phones join below)
            self._watch(app)
            asyncio.run(self._run(app))
            session = app.play_state.session
            self.report.decisions = sum(isinstance(e, Action) for e in session.log[:session.cursor])
            saved, _meta, _rec = rules_save.recover_journaled(storage.autosave_path(), storage.journal_path())
            if [rules_save.entry_to_json(e) for e in saved.log[:saved.cursor]] != \
                    [rules_save.entry_to_json(e) for e in session.log[:session.cursor]]:
                self.report.problems.append("the save does not hold the session's moves")
            if not self.report.reached_end:
                self.report.problems.append(f"no end after {self.report.frames} frames")
            if app.errors:
                self.report.problems.append(f"errors in frames: {app.errors[:3]}")
            from game.scenes.overlays import MessageScene
            if any(isinstance(s, MessageScene) and s.is_error for s in app.stack):
                self.report.problems.append("an error dialog is open")
        finally:
            app.close()
            logging.getLogger().removeHandler(logged)
        self.report.problems.extend(self._dropped)
        self.report.problems.extend(f"logged: {r}" for r in logged.records)
        self.report.seconds = round(time.perf_counter() - began, 2)
        return self.report


def _tiles_in(node) -> set[tuple[int, int]]:
    found: set[tuple[int, int]] = set()
    if isinstance(node, list):
        if len(node) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in node):
            found.add((min(node), max(node)))
        else:
            for item in node:
                found |= _tiles_in(item)
    elif isinstance(node, dict):
        for value in node.values():
            found |= _tiles_in(value)
    return found


def run_one(table: str, seed: int, **kw) -> Report:
    return Chaos(table, seed, **kw).run()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=1.0, help="run seeds until this much time has passed")
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--tables", default=",".join(TABLES), help="comma-separated: " + ", ".join(TABLES))
    p.add_argument("--deal", action="store_true", help="stop each run at its first deal's end (default: whole matches)")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tables = [t for t in args.tables.split(",") if t]
    end = time.monotonic() + args.minutes * 60
    runs: list[dict] = []
    seed = args.first_seed
    while time.monotonic() < end:
        for table in tables:
            with tempfile.TemporaryDirectory() as home:
                os.environ["DOMINO_TABLE_HOME"] = home
                report = run_one(table, seed, whole_match=not args.deal, max_frames=200000)
            runs.append(report.__dict__)
            print(json.dumps({"table": table, "seed": seed, "end": report.reached_end, "decisions": report.decisions,
                              "seconds": report.seconds, "problems": report.problems[:5]}), file=sys.stderr)
            if time.monotonic() >= end:
                break
        seed += 1
    sent: dict[str, int] = {}
    told: dict[str, int] = {}
    for r in runs:
        for k, v in r["sent"].items():
            sent[k] = sent.get(k, 0) + v
        for k, v in r["errors_told"].items():
            told[k] = told.get(k, 0) + v
    summary = {"runs": len(runs), "minutes": args.minutes, "decisions": sum(r["decisions"] for r in runs),
               "sent": sent, "errors_told": told,
               "problems": [{"table": r["table"], "seed": r["seed"], "problems": r["problems"]} for r in runs if r["problems"]]}
    print(json.dumps(summary, indent=1))
    return 1 if summary["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
