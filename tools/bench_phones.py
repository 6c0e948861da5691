"""Phone seats' latency and the big screen's frames (issue 27, "Measured"), printed as JSON.

Two scenarios, each a whole Mexican Train deal (seed ``--seed``) played on the real App,
headless (SDL's dummy drivers), at the program's real pace: the loop runs one frame every
1/FPS_CAP s of wall time, with the frame's real length as its dt, as ``App.run`` does.

1. ``eight_phones``: 8 phone seats on loopback.  Each phone, a WebSocket client, previews
   its decision as soon as its turn's state arrives and confirms it ``--pace`` plus one
   tile's flight later (a person needs longer; the point is not to wait on the table's
   animation, which a phone's decision also waits for).  Figures:
   - ``confirm_to_applied_ms``: from the confirm leaving the phone to the end of the
     frame that applied the decision and drew it (the move on the big screen);
   - ``confirm_to_next_told_ms``: from the confirm to the next seat's phone receiving the
     state that says it is its turn (the same phone when the seat acts again, e.g. after
     a draw); the deal's last move has none;
   - ``confirm_to_table_ms``: the first part of the above, until the table's side of the
     phones (``PhoneLink.handle``) hands the decision to the table: the network, the server
     thread, its queue and the wait for the loop's next fixed step;
   - ``frame_ms``: the App's frame (events, fixed steps, drawing, flip), with phones, and
     over the same deal played without phones by computer seats that replay the phones'
     decisions at the same pace (so the table draws the same tiles at the same times, and
     no bot's thinking sits in a frame); ``frame_cpu_ms`` the loop thread's CPU time in
     the same frames, which other work on the machine inflates far less than the wall
     time (``load_average`` says how busy the machine was: with more runnable work than
     cores, the wall-time tails measure the scheduler, not the program).
2. ``flood``: 10 phone seats; one phone sends ``--flood`` invalid messages a second (it
   pauses only while it is its own turn, so that its own decisions get through the
   throttle and the deal can go on).  The other phones' latencies and the frames, with
   and without the flood (the same deal, the same decisions), and the server's ``stats``.

Every quantile has a distribution-free 95% interval (``bench_bot.quantile_ci``).  The
deal's decisions come from a fast-forward of the same deal by normal-level computers, so
every run of a scenario plays exactly the same moves (``divergences`` counts any that
could not be replayed).  The goal figures (p99 at most 50 ms; frame p99 no worse with
phones) are reported under ``goal``, not asserted.

The phones run in a process of their own (asyncio, one WebSocket each), as real phones
are other machines: their JSON work and the flood's sending do not take the App's GIL.
The clock of both sides is ``time.perf_counter`` (the system's monotonic clock).

The table's decisions and the phones' requests are timed by wrapping ``PlayState._apply``
and ``PhoneLink.handle`` on the instances of the run (nothing in game/ knows of the bench).

Usage: ``python tools/bench_phones.py [--smoke] [--out FILE] [--seed N] [--pace S] [--flood N]
[--decisions N] [--only eight_phones|flood]`` (a whole run: about 4 minutes)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import platform
import sys
import tempfile
import time
from collections import Counter, deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_bot import quantile_ci  # noqa: E402

#: Issue 37: with one phone flooding, the other phones' p99 at most this times their p99 without.
GOAL_FLOOD_RATIO = 1.5
#: The issue's goal: a phone's decision on the big screen within this many milliseconds (p99).
GOAL_P99_MS = 50.0
#: ``--smoke``: every figure from the fewest decisions that still give an interval, for
#: tests/tools/test_bench_phones.py; its figures say nothing.  Eight (fourteen before,
#: issue 26's test time) still send a pass, plays and an end of turn through the phones in
#: both scenarios, the flooding seat's own pass among them.
SMOKE_DECISIONS = 8
SMOKE_PACE = 0.05
#: A run that makes no progress for this long is stuck (a phone's decision never landed).
STALL_S = 30.0
#: The keys of a phone's state that change without the position changing (the preview).
VOLATILE = ("pending", "pending_is_hint", "hint", "undo")
#: Seconds of frames before a run without phones starts its deal (the first frames lay out).
WARMUP_S = 1.0
#: What the flooding phone sends, in turn: each refused (bad JSON, unknown type, stale, too big).
FLOOD_MESSAGES = ("{not json", '{"type":"bogus"}', '{"type":"confirm","rev":-1,"index":0}',
                  '{"type":"preview","rev":0,"index":999}', "x" * 600)


def canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# ====================================================================== the phones (child)


class BenchPhone:
    """One phone: joins, answers its turns with the scripted decision (preview, then confirm
    once ``think`` seconds have passed since its turn's state arrived), and records when
    every state and confirm happened."""

    def __init__(self, seat: int, url: str, script: list[str], think: float, flooder: bool) -> None:
        self.seat, self.url, self.script, self.think, self.flooder = seat, url, script, think, flooder
        self.ws: Any = None
        self.state: dict | None = None
        self.rev = 0
        self.key: str | None = None
        self.turn_at = 0.0
        self.previewed: tuple[str | None, float] = (None, 0.0)
        self.confirmed: tuple[str | None, float] = (None, 0.0)
        #: (time sent, scripted action, position key) per decision, in order.
        self.confirms: list[tuple[float, str, str]] = []
        #: (time received, position key) of every state saying it is this seat's turn.
        self.turns: list[tuple[float, str]] = []
        self.errors: Counter[str] = Counter()
        self.divergences = 0
        self.diverged: list[dict] = []
        self.retries = 0
        self.flood_sent = 0
        self.flood_seconds = 0.0
        self.wake = asyncio.Event()

    async def join(self, http: Any) -> None:
        base, _, code = self.url.rpartition("/j/")
        self.ws = await http.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base)
        await self.ws.send_str(json.dumps({"type": "join", "code": code, "lang": "en"}))

    def my_turn(self) -> bool:
        return bool(self.state and self.state.get("my_turn") and self.state.get("legal"))

    async def read(self) -> None:
        import aiohttp
        async for msg in self.ws:
            now = time.perf_counter()
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            kind = data.get("type")
            if kind == "state" and data.get("state") is not None:
                state = data["state"]
                key = canonical({k: v for k, v in state.items() if k not in VOLATILE})
                self.state, self.rev = state, data["rev"]
                if key != self.key:
                    self.key = key
                    self.turn_at = now
                if state.get("my_turn"):
                    self.turns.append((now, key))
                self.wake.set()
            elif kind == "error":
                self.errors[data.get("key", "?")] += 1
                if data.get("key") != "phone.error_slow_down":
                    self.previewed = self.confirmed = (None, 0.0)  # act again on the latest state
                    self.wake.set()

    def _choose(self, legal: list) -> int:
        k = len(self.confirms)
        if k < len(self.script):
            for i, offered in enumerate(legal):
                if canonical(offered) == self.script[k]:
                    return i
        if k >= len(self.script):
            return 0  # past the scripted decisions: the run is stopping
        self.divergences += 1
        if len(self.diverged) < 3:
            self.diverged.append({"decision": k, "scripted": self.script[k] if k < len(self.script) else None,
                                  "offered": [canonical(a) for a in legal]})
        return 0

    async def act(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self.wake.wait(), 0.25)
            except asyncio.TimeoutError:
                pass
            self.wake.clear()
            if not self.my_turn():
                continue
            state, key, now = self.state, self.key, time.perf_counter()
            assert state is not None and key is not None
            if state["pending"] is None:
                if self.confirmed[0] == key and now - self.confirmed[1] < 2.0:
                    continue  # confirmed: the move is on its way to the table
                if self.previewed[0] == key and now - self.previewed[1] < 2.0:
                    continue
                if self.previewed[0] == key or self.confirmed[0] == key:
                    self.retries += 1  # nothing came back in 2 s: ask again
                if self.flooder:  # let the throttle's bucket fill again first
                    await asyncio.sleep(max(0.0, self.turn_at + self.think - time.perf_counter()))
                    if self.key != key:
                        continue
                self.previewed = (key, time.perf_counter())
                await self.ws.send_str(json.dumps({"type": "preview", "rev": self.rev,
                                                   "index": self._choose(state["legal"])}))
            else:
                if self.confirmed[0] == key and now - self.confirmed[1] < 2.0:
                    continue
                await asyncio.sleep(max(0.0, self.turn_at + self.think - time.perf_counter()))
                if self.key != key or self.state is None or self.state["pending"] is None:
                    continue
                first = self.confirmed[0] != key and not any(c[2] == key for c in self.confirms)
                sent = time.perf_counter()
                self.confirmed = (key, sent)
                await self.ws.send_str(json.dumps({"type": "confirm", "rev": self.rev,
                                                   "index": self.state["pending"]}))
                if first:
                    self.confirms.append((sent, self.script[len(self.confirms)]
                                          if len(self.confirms) < len(self.script) else "?", key))
                else:
                    self.retries += 1

    async def flood(self, rate: float) -> None:
        """``rate`` invalid messages a second, in 5 ms batches, except during its own turn."""
        i = 0
        last = time.perf_counter()
        owed = 0.0
        while True:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            elapsed, last = now - last, now
            if self.my_turn():
                owed = 0.0
                continue
            self.flood_seconds += elapsed
            owed = min(owed + elapsed * rate, rate * 0.05)
            while owed >= 1.0:
                owed -= 1.0
                await self.ws.send_str(FLOOD_MESSAGES[i % len(FLOOD_MESSAGES)])
                i += 1
                self.flood_sent += 1

    def result(self) -> dict:
        return {"seat": self.seat, "confirms": self.confirms, "turns": self.turns, "errors": dict(self.errors),
                "divergences": self.divergences, "diverged": self.diverged, "retries": self.retries, "flood_sent": self.flood_sent,
                "flood_seconds": self.flood_seconds}


async def _phones_main(entries: list[dict], scripts: dict[int, list[str]], think: float,
                       flooder: int | None, rate: float, stop: Any) -> list[dict]:
    import aiohttp
    phones = [BenchPhone(e["seat"], e["url"], scripts.get(e["seat"], []), think, e["seat"] == flooder)
              for e in entries]
    tasks = []
    async with aiohttp.ClientSession() as http:
        for phone in phones:
            await phone.join(http)
            tasks += [asyncio.ensure_future(phone.read()), asyncio.ensure_future(phone.act())]
            if phone.flooder:
                tasks.append(asyncio.ensure_future(phone.flood(rate)))
        while not stop.is_set():
            await asyncio.sleep(0.02)
            for task in tasks:
                if task.done() and not task.cancelled() and task.exception() is not None:
                    raise task.exception()  # type: ignore[misc]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for phone in phones:
            await phone.ws.close()
    return [p.result() for p in phones]


def phones_process(entries: list[dict], scripts: dict[int, list[str]], think: float, flooder: int | None,
                   rate: float, stop: Any, out: Any) -> None:
    """The phones' process: plays until ``stop`` is set, then puts its records on ``out``."""
    try:
        out.put(("ok", asyncio.run(_phones_main(entries, scripts, think, flooder, rate, stop))))
    except BaseException as exc:  # noqa: BLE001 - reported to the bench, which fails loudly
        out.put(("error", repr(exc)))


# ====================================================================== the table (parent)


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the bench's logs and any file the App writes stay out of the player's own folders
    os.environ.setdefault("DOMINO_TABLE_HOME", tempfile.mkdtemp(prefix="bench-phones-"))


def _make_app(pace: float):
    from game import storage
    from game.app import App
    settings = dict(storage.DEFAULT_SETTINGS)
    settings["computer_speed"] = pace  # the table's pace: the computers' delay, the tiles' flight
    app = App(size=(1280, 720), strict=True, persist=False, settings=settings, language="en")
    app.start(resume=False)
    return app


def _instrument(play) -> list[list]:
    """Record every decision the table applies: [seat, action, applied at, next seat, on screen at]."""
    from game.phases import AWAY
    from game.phones.protocol import action_json
    applied: list[list] = []
    original = play.apply

    def recorded(action):
        seat = play.session.to_act()
        ok = original(action)
        if ok:
            after = play.session.to_act() if play.phase == AWAY else None
            applied.append([seat, canonical(action_json(action)), time.perf_counter(), after, None])
        return ok

    play.apply = recorded  # the pace and the pick apply through it
    return applied


def deal_script(players: int, seed: int, limit: int | None) -> list[tuple[int, str, int]]:
    """The deal's decisions by normal computers, fast-forwarded: (seat, action, log position)."""
    from game.__main__ import match_seats
    from game.phases import AWAY
    from rules import Config, Session
    app = _make_app(0.0)
    try:
        app.start_match(Session(Config("mexican_train", players, seed)), match_seats([("computer", "normal")] * players))
        play = app.play_state
        applied = _instrument(play)
        script = []
        while play.phase == AWAY and (limit is None or len(applied) < limit):
            cursor = play.session.cursor
            if not play.step_computer():
                raise RuntimeError("the computers stopped before the deal's end")
            script.append((applied[-1][0], applied[-1][1], cursor))
        return script
    finally:
        app.close()


def _scripted_sources(play, script: list[tuple[int, str, int]], gate: list[bool]) -> None:
    """Every seat replays the script at the table's pace, once ``gate[0]`` is set: a computer
    seat without a bot."""
    from game.sources import DecisionSource
    by_cursor = {cursor: action for _, action, cursor in script}

    class Scripted(DecisionSource):
        paced = True

        def decide(self, session, seat):
            found = by_cursor.get(session.cursor)
            if found is None or not gate[0]:
                return None
            return _action(found)

    for i in range(len(play.sources)):
        play.sources[i] = Scripted()


def _instrument_link(link, handed: list[tuple[int, float]]) -> None:
    """Record when the table's side of the phones hands each confirmed decision to the table."""
    original = link.handle

    def recorded(request):
        if request.kind == "confirm":
            handed.append((request.seat, time.perf_counter()))
        return original(request)

    link.handle = recorded


def _load() -> list[float] | None:
    """The machine's load averages (1, 5, 15 min): others' work on it slows every figure."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _action(text: str):
    from game.phones.protocol import action_of
    return action_of(json.loads(text))


def _drive(app, play, applied: list[list], *, counting, done, stall=STALL_S) -> list[tuple[float, float]]:
    """Frames at the program's pace until ``done()``; each counted frame's wall time and the
    loop thread's CPU time in it, in s."""
    from game.app import FPS_CAP, MAX_FRAME
    period = 1.0 / FPS_CAP
    frames: list[tuple[float, float]] = []
    last = time.perf_counter()
    progress, seen = last, 0
    while not done():
        start, cpu = time.perf_counter(), time.thread_time()
        app.frame(dt=min(MAX_FRAME, start - last))
        last = start
        end = time.perf_counter()
        if counting():
            frames.append((end - start, time.thread_time() - cpu))
        for row in applied:
            if row[4] is None:
                row[4] = end  # drawn and flipped: on the big screen
        if len(applied) != seen:
            progress, seen = end, len(applied)
        elif end - progress > stall:
            raise RuntimeError(f"no decision applied for {stall:.0f} s (after {seen})")
        if not app.running:
            raise RuntimeError(f"the App stopped: {app.errors}")
        time.sleep(max(0.0, start + period - time.perf_counter()))
    return frames


def run_table(script: list[tuple[int, str, int]], players: int, seed: int, pace: float, *, phones: bool,
              flooder: int | None = None, rate: float = 0.0) -> dict:
    """One run of the scripted deal: with every seat on a phone, or every seat a scripted computer."""
    from game.__main__ import match_seats
    from game.phases import AWAY
    from game.scenes.join import JoinScene
    from game.staging import flight_seconds
    from rules import Config, Session

    app = _make_app(pace)
    proc = None
    load_before = _load()
    try:
        if phones:
            app.phones_options = {"host": "127.0.0.1", "port": 0, "join_file": None}
            app.phones_autostart = True  # as --seats: the match begins once every phone is here
        kinds = [("phone" if phones else "computer", "normal")] * players
        app.start_match(Session(Config("mexican_train", players, seed)), match_seats(kinds))
        play = app.play_state
        applied = _instrument(play)
        handed: list[tuple[int, float]] = []
        if phones:
            _instrument_link(app.phones.link, handed)
        decisions = len(script)
        counting = [False]
        started = [time.perf_counter()]
        result: dict[str, Any] = {}
        if not phones:
            # the table's first frames (fonts, layout) are not play: as the phones' join screen
            # does, a second of frames passes before the first move and the counting begin
            gate = [False]
            _scripted_sources(play, script, gate)
            warm_until = time.perf_counter() + WARMUP_S
            _drive(app, play, applied, counting=lambda: False, done=lambda: time.perf_counter() >= warm_until)
            gate[0] = counting[0] = True
            started[0] = time.perf_counter()
        if phones:
            entries = app.phones.join_entries()
            scripts: dict[int, list[str]] = {}
            for seat, action, _ in script:
                scripts.setdefault(seat, []).append(action)
            ctx = mp.get_context("spawn")
            stop, out = ctx.Event(), ctx.Queue()
            think = pace + flight_seconds(pace)  # the table's own pace between two moves
            proc = ctx.Process(target=phones_process, args=(entries, scripts, think, flooder, rate, stop, out),
                               daemon=True)
            proc.start()

            def joined() -> bool:
                if not isinstance(app.stack.top, JoinScene) and not counting[0]:
                    counting[0] = True
                    started[0] = time.perf_counter()
                if not proc.is_alive():
                    raise RuntimeError("the phones' process ended early: " + repr(out.get(timeout=5)))
                return counting[0]
            _drive(app, play, applied, counting=lambda: False, done=joined, stall=120.0)
        frames = _drive(app, play, applied, counting=lambda: counting[0],
                        done=lambda: play.phase != AWAY or len(applied) >= decisions)
        for _ in range(3):  # the last state reaches the phones
            app.frame(dt=1.0 / 120)
        result["decisions"] = len(applied)
        result["frames"] = frames
        result["handed"] = handed
        result["load"] = [load_before, _load()]
        result["applied"] = applied
        result["started"] = started[0]
        if phones:
            time.sleep(0.2)
            stop.set()
            status, records = out.get(timeout=60)
            if status != "ok":
                raise RuntimeError(f"the phones failed: {records}")
            result["phones"] = records
            result["stats"] = dict(app.phones.server.stats)
        return result
    finally:
        if proc is not None:
            proc.join(10)
            if proc.is_alive():
                proc.terminate()
        app.close()


def latencies(run: dict, exclude: int | None = None) -> dict:
    """Confirm-to-applied and confirm-to-next-told samples (s), pairing each phone's confirms
    with its seat's applied decisions in order."""
    applied_by_seat: dict[int, deque] = {}
    for row in run["applied"]:
        applied_by_seat.setdefault(row[0], deque()).append(row)
    turns = {p["seat"]: p["turns"] for p in run["phones"]}
    handed: dict[int, deque] = {}
    for seat, at in run["handed"]:
        handed.setdefault(seat, deque()).append(at)
    to_applied, to_told, to_table, unmatched = [], [], [], 0
    for phone in run["phones"]:
        queue = applied_by_seat.get(phone["seat"], deque())
        taken = handed.get(phone["seat"], deque())
        for sent, action, key in phone["confirms"]:
            if not queue:
                # a scripted decision the table never applied is lost; one past the seat's
                # script ("?") was confirmed while the run was stopping, and need not land
                unmatched += action != "?"
                continue
            row = queue.popleft()
            at = taken.popleft() if taken else None
            if row[1] != action and action != "?":
                unmatched += 1
                continue
            if phone["seat"] == exclude or sent < run["started"]:
                continue  # the flooder's own, or confirmed while the join screen held the match
            to_applied.append(row[4] - sent)
            if at is not None and at <= row[2]:
                to_table.append(at - sent)
            nxt = row[3]
            if nxt is None or nxt not in turns:
                continue
            told = next((t for t, k in turns[nxt] if t >= sent and not (nxt == phone["seat"] and k == key)), None)
            if told is not None:
                to_told.append(told - sent)
    return {"applied": to_applied, "told": to_told, "table": to_table, "unmatched": unmatched}


def quantiles(samples: list[float]) -> dict:
    return {"p50": quantile_ci(samples, 0.50), "p99": quantile_ci(samples, 0.99),
            "max": round(max(samples) * 1000, 3) if samples else None}


def frame_figures(frames: list[tuple[float, float]]) -> dict:
    """The frames' wall time, and the loop thread's CPU time (which others' work on the
    machine inflates far less: compare these when the load average is high)."""
    return {"frame_ms": quantiles([wall for wall, _ in frames]),
            "frame_cpu_ms": quantiles([cpu for _, cpu in frames])}


def phones_summary(run: dict, exclude: int | None = None) -> dict:
    lat = latencies(run, exclude)
    phones = run["phones"]
    errors: Counter[str] = Counter()
    for p in phones:
        if p["seat"] != exclude:
            errors.update(p["errors"])
    return {
        "decisions": run["decisions"],
        "confirm_to_applied_ms": quantiles(lat["applied"]),
        "confirm_to_next_told_ms": quantiles(lat["told"]),
        # the first part of confirm_to_applied: the network, the server, its queue and the
        # wait for the loop's next step (the rest is the step applying it and the frame drawing it)
        "confirm_to_table_ms": quantiles(lat["table"]),
        **frame_figures(run["frames"]),
        "divergences": sum(p["divergences"] for p in phones),
        "unmatched_confirms": lat["unmatched"],
        "retries": sum(p["retries"] for p in phones if p["seat"] != exclude),
        "errors_at_phones": dict(errors),
        "server_stats": run["stats"],
        "load_average": run["load"],
    }


def _p99(figure: dict) -> float | None:
    return figure["p99"]["value"]


def _no_worse(with_phones: dict, without: dict) -> bool:
    a, b = _p99(with_phones), _p99(without)
    return a is not None and b is not None and a <= b


def eight_phones(seed: int, pace: float, limit: int | None, log) -> dict:
    script = deal_script(8, seed, limit)
    log(f"8 seats: {len(script)} decisions; without phones ...")
    base = run_table(script, 8, seed, pace, phones=False)
    log("8 seats: with phones ...")
    run = run_table(script, 8, seed, pace, phones=True)
    out = phones_summary(run)
    without = frame_figures(base["frames"])
    out["frame_ms_without_phones"] = without["frame_ms"]
    out["frame_cpu_ms_without_phones"] = without["frame_cpu_ms"]
    out["load_average_without_phones"] = base["load"]
    out["decisions_without_phones"] = base["decisions"]
    p_applied, p_told = _p99(out["confirm_to_applied_ms"]), _p99(out["confirm_to_next_told_ms"])
    out["goal"] = {
        "p99_at_most_ms": GOAL_P99_MS,
        "confirm_to_applied_p99_met": p_applied is not None and p_applied <= GOAL_P99_MS,
        "confirm_to_next_told_p99_met": p_told is not None and p_told <= GOAL_P99_MS,
        # by the point estimates; compare the intervals before calling a difference real
        "frame_p99_no_worse_with_phones": _no_worse(out["frame_ms"], out["frame_ms_without_phones"]),
        "frame_cpu_p99_no_worse_with_phones": _no_worse(out["frame_cpu_ms"], out["frame_cpu_ms_without_phones"]),
    }
    return out


def flood(seed: int, pace: float, limit: int | None, rate: float, log) -> dict:
    players, flooder = 10, 1
    script = deal_script(players, seed, limit)
    log(f"10 phones: {len(script)} decisions; no flood ...")
    calm = run_table(script, players, seed, pace, phones=True)
    log(f"10 phones: a flood of {rate:.0f} invalid messages a second from seat {flooder} ...")
    flooded = run_table(script, players, seed, pace, phones=True, flooder=flooder, rate=rate)
    sender = next(p for p in flooded["phones"] if p["seat"] == flooder)
    with_flood = phones_summary(flooded, exclude=flooder)
    with_flood["flood"] = {
        "seat": flooder, "target_per_s": rate, "sent": sender["flood_sent"],
        "seconds": round(sender["flood_seconds"], 2),
        "sent_per_s": round(sender["flood_sent"] / sender["flood_seconds"], 1) if sender["flood_seconds"] else None,
        "flooder_errors": sender["errors"],
    }
    without = phones_summary(calm, exclude=flooder)
    calm_p99, flood_p99 = _p99(without["confirm_to_applied_ms"]), _p99(with_flood["confirm_to_applied_ms"])
    ratio = round(flood_p99 / calm_p99, 2) if calm_p99 and flood_p99 is not None else None
    return {"phones": players, "other_phones": players - 1, "without_flood": without, "with_flood": with_flood,
            # issue 37: the others' p99 with one phone flooding at most 1.5 times their p99 without
            "goal": {"others_p99_ratio": ratio, "ratio_at_most": GOAL_FLOOD_RATIO,
                     "met": ratio is not None and ratio <= GOAL_FLOOD_RATIO}}


def verdict(result: dict) -> str:
    """One line against the goals (issues 37 and 42): the eight phones' p99 and the flood's ratio."""
    parts = []
    eight = result.get("eight_phones")
    if eight is not None:
        p99 = _p99(eight["confirm_to_applied_ms"])
        load = eight.get("load_average") or []
        parts.append(f"8 phones: confirm to applied p99 {p99} ms "
                     f"({'met' if eight['goal']['confirm_to_applied_p99_met'] else 'NOT met'}: <= {GOAL_P99_MS} ms"
                     f"{', load ' + str(load[0][0]) if load else ''})")
    flooded = result.get("flood")
    if flooded is not None:
        goal = flooded["goal"]
        parts.append(f"flood: others' p99 x{goal['others_p99_ratio']} ({'met' if goal['met'] else 'NOT met'}: "
                     f"<= x{GOAL_FLOOD_RATIO})")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--smoke", action="store_true", help="a few decisions of each run, for the smoke test")
    p.add_argument("--out", type=Path, help="also write the JSON here")
    p.add_argument("--seed", type=int, default=11, help="the deal's seed")
    p.add_argument("--pace", type=float, help="the table's pace, s (the computers' delay; default 0.3)")
    p.add_argument("--flood", type=float, help="invalid messages a second from the flooding phone (default 1000)")
    p.add_argument("--decisions", type=int, help="stop each run after this many decisions (default: the whole deal)")
    p.add_argument("--only", choices=("eight_phones", "flood"), help="one scenario only")
    args = p.parse_args(argv)
    pace = args.pace if args.pace is not None else (SMOKE_PACE if args.smoke else 0.3)
    rate = args.flood if args.flood is not None else 1000.0
    limit = args.decisions if args.decisions is not None else (SMOKE_DECISIONS if args.smoke else None)
    _headless()

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    from game.app import FPS_CAP
    result: dict[str, Any] = {
        "settings": {"seed": args.seed, "pace_s": pace, "fps_cap": FPS_CAP, "smoke": args.smoke,
                     "decisions_limit": limit, "loopback": "127.0.0.1"},
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count()},
    }
    began = time.perf_counter()
    if args.only in (None, "eight_phones"):
        result["eight_phones"] = eight_phones(args.seed, pace, limit, log)
    if args.only in (None, "flood"):
        result["flood"] = flood(args.seed, pace, limit, rate, log)
    result["seconds"] = round(time.perf_counter() - began, 1)
    result["verdict"] = verdict(result)
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
