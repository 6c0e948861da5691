"""Benchmark of the coach (issue 15), printed as one line of JSON.

For each game, seeded matches are played by the greedy policy at every seat
until their first deal is over; seat 1 is the human graded.  Per game:

- ``decision_p50_s``, ``decision_p99_s``: wall time of ``coach.grade_one`` for
  seat 1's first graded decision of the hand (the start of the hand, the
  costliest to solve);
- ``hand_p99_s``: wall time of ``coach.grade`` for all of seat 1's decisions of
  the hand (the coach screen's wait); ``hand_p50_s`` too;
- ``full_solved``: the share of Cuban and Jamaican decisions solved exactly with
  all hands shown within the node budget; ``fair_exact``: the share whose fair
  grade came from exactly solved sampled deals (the rest from playouts).

Target (issue 15): ``hand_p99_s`` under 2 s on the 2-core development machine.

    python tools/bench_coach.py [--hands N] [--quick]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import coach  # noqa: E402
from rules.policies import greedy_policy  # noqa: E402
from rules.rng import stream  # noqa: E402
from rules.session import Config, Session  # noqa: E402

GAMES = (("jamaican", 4), ("cuban", 4), ("mexican_train", 4))


def finished_deal(game: str, players: int, seed: int) -> coach.DealRecord:
    s = Session(Config(game, players, seed))
    rng = stream(seed, "bench")
    while len(coach.deals(s)) < 2:  # the second deal is dealt: the first is over
        s.apply(greedy_policy(s.view(s.to_act()), rng))
    return coach.capture(s, 0)


def p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]


def bench_game(game: str, players: int, hands: int) -> dict:
    decision, hand = [], []
    solved = exact = graded = 0
    for seed in range(1, hands + 1):
        record = finished_deal(game, players, seed)
        t0 = time.perf_counter()
        report = coach.grade(record, [1])
        hand.append(time.perf_counter() - t0)
        if not report.grades:
            continue
        first = report.grades[0].position
        t0 = time.perf_counter()
        coach.grade_one(record, first)
        decision.append(time.perf_counter() - t0)
        graded += len(report.grades)
        solved += sum(1 for g in report.grades if g.best_full is not None)
        exact += sum(1 for g in report.grades if g.exact)
    out = {"decision_p50_s": round(statistics.median(decision), 4), "decision_p99_s": round(p99(decision), 4),
           "hand_p50_s": round(statistics.median(hand), 4), "hand_p99_s": round(p99(hand), 4),
           "hands": hands, "decisions": graded}
    if game != "mexican_train":
        out["full_solved"] = round(solved / max(graded, 1), 3)
        out["fair_exact"] = round(exact / max(graded, 1), 3)
    return out


#: ``--quick``: hands graded per game, for the test of the figures' shape (tests/tools/test_coach_bench.py);
#: two (three before, issue 26's test time) still grade decisions in every game.
QUICK_HANDS = 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=30, help="hands graded per game (default 30)")
    ap.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS} hands per game, for the tests")
    args = ap.parse_args(argv)
    hands = QUICK_HANDS if args.quick else max(1, args.hands)
    print(json.dumps({game: bench_game(game, players, hands) for game, players in GAMES}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
