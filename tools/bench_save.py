"""Cost of the autosave (issue 13, item 3), printed as ONE line of JSON.

- ``autosave_ms``: the wall time of one ``storage.save_game`` after one more
  decision, at 1,000, 10,000 and 40,000 log entries (Mexican Train, 4 seats,
  random play): the median over ``--saves`` saves, each fsynced, as the
  program does after every action.  ``autosave_max_ms``: the slowest of them.
  ``ratio``: the largest median over the smallest (issue 13: under 2).
- ``full_rewrite_ms``: for comparison, what the old autosave cost at the same
  sizes (the whole save rewritten atomically after every action).
- ``resume_s``: the wall time of ``storage.load_game`` (read, check, replay
  and verify) for a 40,000-entry session, two ways: everything in the
  snapshot (``snapshot``), and a snapshot of an empty match followed by one
  journal line per entry (``journal``, a whole session played in one run).
  Issue 13: under 2 s.  ``first_save_after``: the program's first save after
  resuming, which rewrites the snapshot (once per start, not per action).

The files go to a temporary folder (``--dir`` to choose where: the figures
depend on the disk's fsync).  Usage: ``python tools/bench_save.py [--quick]``
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import storage  # noqa: E402
from rules import save as rules_save  # noqa: E402
from rules.session import Config, Session  # noqa: E402

SIZES = (1_000, 10_000, 40_000)
QUICK_SIZES = (1_000, 4_000)


def grow(session: Session, entries: int, rng: random.Random) -> Session:
    """Random legal play (next match when one ends) until the log holds ``entries``."""
    while len(session._log) < entries:
        step(session, rng)
    return session


def step(session: Session, rng: random.Random) -> None:
    if session.match_over():
        session.next_match()
        return
    legal = session.legal_actions()
    session.apply(legal[rng.randrange(len(legal))])


def time_saves(session: Session, rng: random.Random, saves: int) -> list[float]:
    """Milliseconds of each ``save_game`` after one more decision (the first snapshot excluded)."""
    storage.clear_game()
    assert storage.save_game(session, {"seats": []})
    times = []
    for _ in range(saves):
        step(session, rng)
        start = time.perf_counter()
        ok = storage.save_game(session, {"seats": []})
        times.append((time.perf_counter() - start) * 1000)
        assert ok, "the autosave failed"
    return times


def time_full_rewrite(session: Session, saves: int) -> float:
    """Median milliseconds of the old autosave: the whole save rewritten atomically."""
    path = storage.data_dir() / "full.json"
    times = []
    for _ in range(saves):
        start = time.perf_counter()
        rules_save.save(session, path, {"seats": []})
        times.append((time.perf_counter() - start) * 1000)
    path.unlink()
    return statistics.median(times)


def time_resume() -> float:
    start = time.perf_counter()
    result = storage.load_game()
    elapsed = time.perf_counter() - start
    assert result.session is not None, result.reason
    return elapsed


def resume_figures(session: Session) -> dict[str, float]:
    """Resume a session of ``len(session._log)`` entries: from a snapshot, and from a long journal."""
    storage.clear_game()
    rules_save.save(session, storage.autosave_path(), {"seats": []})
    snapshot = time_resume()
    # The same entries as a journal after an empty match's snapshot (fsync off: only resume is timed).
    replay = Session(session.config)
    storage.clear_game()
    real_fsync = os.fsync
    os.fsync = lambda fd: None
    try:
        storage.save_game(replay)
        for entry in session._log[len(replay._log):]:
            if hasattr(entry, "kind"):
                replay.apply(entry)
            elif type(entry).__name__ == "NextMatch":
                replay.next_match()
            storage.save_game(replay)
    finally:
        os.fsync = real_fsync
    journal_lines = len(storage.journal_path().read_bytes().splitlines()) - 1
    journal = time_resume()
    resumed = storage.load_game().session
    start = time.perf_counter()
    storage.save_game(resumed, {"seats": []})  # the program's first save after a resume: a new snapshot
    compact = time.perf_counter() - start
    return {"snapshot": round(snapshot, 3), "journal": round(journal, 3), "journal_lines": journal_lines,
            "first_save_after": round(compact, 3)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="smaller sessions, fewer saves (for the tests)")
    p.add_argument("--saves", type=int, default=None, help="saves timed per size (default 60, quick 15)")
    p.add_argument("--dir", default=None, help="the folder to write in (default: a temporary one)")
    args = p.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else SIZES
    saves = args.saves if args.saves is not None else (15 if args.quick else 60)
    if not 1 <= saves <= 10_000:
        p.error("--saves must be 1 to 10000")
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench_save.") as home:
        os.environ[storage.HOME_ENV] = home
        rng = random.Random(13)
        session = Session(Config("mexican_train", 4, 13))
        medians, worst, full = {}, {}, {}
        for size in sizes:
            grow(session, size, rng)
            times = time_saves(session, rng, saves)
            medians[str(size)] = round(statistics.median(times), 3)
            worst[str(size)] = round(max(times), 3)
            full[str(size)] = round(time_full_rewrite(session, max(3, saves // 10)), 3)
        resume = resume_figures(session)
    values = list(medians.values())
    result = {
        "autosave_ms": medians,
        "autosave_max_ms": worst,
        "ratio": round(max(values) / min(values), 3),
        "full_rewrite_ms": full,
        "resume_s": {str(len(session._log)): resume},
        "meta": {"quick": args.quick, "saves_per_size": saves, "python": platform.python_version(),
                 "dir": args.dir or tempfile.gettempdir()},
    }
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
