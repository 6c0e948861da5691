"""Development runs for the Mexican Train expert (issue 16): one expert against three hard bots.

``--set name=value`` overrides a field of the expert level for this run, so variants can be
compared on the same seeds without editing levels.py.  Prints JSON: the penalty ratio with its
95% interval and the expert's decision times (process CPU time).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_bot  # noqa: E402
from rules.bots import levels  # noqa: E402

SETTINGS: list[str] = []


def _apply(settings: list[str]) -> None:
    changes = {}
    for item in settings:
        name, _, value = item.partition("=")
        kind = type(getattr(levels.LEVELS["expert"], name))
        if kind is bool:  # bool("0") is True: read a switch by its word
            if value.lower() not in ("0", "1", "false", "true", "off", "on"):
                raise SystemExit(f"--set {name}: {value!r} is not a switch (0/1, off/on)")
            changes[name] = value.lower() in ("1", "true", "on")
        else:
            changes[name] = kind(value)
    levels.LEVELS["expert"] = dataclasses.replace(levels.LEVELS["expert"], **changes)


def one(args: tuple[int, str, str, list[str]]):
    seed, bot, opponent, settings = args
    _apply(settings)
    bench_bot.CLOCK[0] = time.process_time
    return bench_bot.mexican_match((seed, bot, opponent))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--first", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--bot", default="bot:expert")
    p.add_argument("--opponent", default="bot:hard")
    p.add_argument("--set", action="append", default=[], help="name=value of an expert Level field")
    a = p.parse_args(argv)
    tasks = [(a.first + i, a.bot, a.opponent, a.set) for i in range(a.matches)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        res = list(pool.map(one, tasks))
    times = [t for r in res for t in r[2]]
    out = {"settings": a.set, "matches": a.matches, "first": a.first,
           "ratio": bench_bot.ratio_ci([r[0] for r in res], [r[1] for r in res]),
           "per_match": [[round(r[0], 2), round(r[1], 2)] for r in res],
           "p50": bench_bot.quantile_ci(times, 0.5), "p99": bench_bot.quantile_ci(times, 0.99),
           "mean_ms": round(1000 * sum(times) / max(1, len(times)), 2),
           "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
