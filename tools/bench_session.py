"""Cost of one action in a long session (issue 29, item 12), printed as ONE line of JSON.

A computer-only Mexican Train match (4 seats) on the App, headless, with the
autosave on (to a temporary folder): the session is first grown by random
legal play to 1,000, 10,000 and 40,000 log entries, put on the table as a
resumed game would be, and then ``--actions`` more computer decisions are
timed, each as the program does it: the decision (``PlayState.step_computer``,
which autosaves) and then one frame (events, update, drawing).

- ``action_ms``: the median milliseconds of the decision (with its autosave),
  ``frame_ms``: of the frame after it, ``whole_ms``: of both, per size;
  ``ratio``: the largest ``whole_ms`` over the smallest (issue 29: at most 1.5).
- ``memory_kb_per_action``: per size, how much the traced Python memory grows
  per action over as many actions again after the timing (``tracemalloc``):
  the log, the history and the bounded caches of drawn text; flat in the
  session's length (it grew with it: every deal's undo snapshot copied the
  whole history).

Each size runs in a process of its own (``child_exit_codes`` in ``meta``).
Usage: ``python tools/bench_session.py [--quick] [--actions N]``
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = (1_000, 10_000, 40_000)
QUICK_SIZES = (1_000, 4_000)


def grow(session, entries: int, rng: random.Random) -> None:
    """Random legal play (next match when one ends) until the log holds ``entries``."""
    while len(session._log) < entries:
        if session.match_over():
            session.next_match()
            continue
        legal = session.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])


def one_action(app, frame) -> tuple[float, float]:
    """One computer decision the way the program takes it (deal ends acknowledged), then a frame."""
    from game import play as P
    ps = app.play_state
    start = time.perf_counter()
    for _ in range(50):
        if ps.phase == P.DEAL_END:
            ps.continue_after_deal()
        elif ps.phase == P.MATCH_END:
            ps.next_match()
        elif ps.step_computer():
            break
    middle = time.perf_counter()
    frame()
    end = time.perf_counter()
    return (middle - start) * 1000, (end - middle) * 1000


def measure(size: int, actions: int, seed: int, trace: bool) -> dict:
    from game.__main__ import demo_seats
    from game.app import STEP, App
    from rules import Config, Session
    app = App(size=(1280, 720), fullscreen=False, strict=True, persist=True,
              settings=None)
    try:
        app.start(resume=False)
        session = Session(Config("mexican_train", 4, seed))
        grow(session, size, random.Random(seed))
        app.start_match(session, demo_seats(4))
        app.play_state.paused = False
        for _ in range(3):  # the first frames build the table
            app.frame(dt=STEP)
        for _ in range(max(30, actions // 4)):  # the drawing caches fill on the first moves
            one_action(app, lambda: app.frame(dt=STEP))
        decisions, frames = [], []
        for _ in range(actions):
            a, f = one_action(app, lambda: app.frame(dt=STEP))
            decisions.append(a)
            frames.append(f)
        grown = None
        if trace:  # after the timing: tracing slows every allocation down
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(actions):
                one_action(app, lambda: app.frame(dt=STEP))
            grown = (tracemalloc.get_traced_memory()[0] - before) / 1024 / actions
            tracemalloc.stop()
        whole = [a + f for a, f in zip(decisions, frames)]
        return {"entries": len(app.play_state.session._log),
                "action_ms": round(statistics.median(decisions), 3),
                "frame_ms": round(statistics.median(frames), 3),
                "whole_ms": round(statistics.median(whole), 3),
                "memory_kb_per_action": None if grown is None else round(grown, 3)}
    finally:
        app.close()


def run_child(size: int, actions: int, home: str) -> tuple[dict, int]:
    """One size in a fresh process: a clean heap for the memory figure, and the App's
    teardown (pygame's display and audio) cannot touch the next size's figures."""
    import subprocess
    env = dict(os.environ, DOMINO_TABLE_HOME=home)
    done = subprocess.run([sys.executable, __file__, "--one", str(size), "--actions", str(actions)],
                          capture_output=True, text=True, env=env, timeout=3600)
    rows = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not rows:
        raise SystemExit(f"bench_session: the run at {size} entries failed: "
                         f"{(done.stderr.strip().splitlines() or ['no output'])[-1]}")
    return json.loads(rows[-1]), done.returncode


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="smaller sessions, fewer actions (for the tests)")
    p.add_argument("--actions", type=int, default=None, help="actions timed per size (default 200, quick 20)")
    p.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)  # a child: one size
    args = p.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else SIZES
    actions = args.actions if args.actions is not None else (20 if args.quick else 200)
    if not 1 <= actions <= 100_000:
        p.error("--actions must be 1 to 100000")
    if args.one is not None:
        print(json.dumps(measure(args.one, actions, 13, trace=True)), flush=True)
        return 0
    rows, codes = {}, {}
    with tempfile.TemporaryDirectory(prefix="bench_session.") as home:
        for size in sizes:
            rows[str(size)], codes[str(size)] = run_child(size, actions, home)
    whole = [row["whole_ms"] for row in rows.values()]
    result = {
        "action_ms": {k: r["action_ms"] for k, r in rows.items()},
        "frame_ms": {k: r["frame_ms"] for k, r in rows.items()},
        "whole_ms": {k: r["whole_ms"] for k, r in rows.items()},
        "ratio": round(max(whole) / min(whole), 3),
        "memory_kb_per_action": {k: r["memory_kb_per_action"] for k, r in rows.items()},
        "meta": {"quick": args.quick, "actions_per_size": actions, "python": platform.python_version(),
                 "child_exit_codes": codes},
    }
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
