"""Speed of the referee (issues 2 and 3), printed as ONE line of JSON.

- ``mexican_train``: decisions per second, ``{"4": ..., "10": ...}``.  A
  decision is one ``legal_actions()`` plus one ``apply()`` of a uniformly
  random legal action (seeded), on whole 13-deal matches; the deals happen
  inside ``apply`` and are timed too.  The figure is the median over repeated
  runs, each run a few full matches with their own seeds.
- every other registered game among ``cuban`` and ``jamaican``:
  ``{"hands_per_s": ..., "us_per_decision": ...}`` over random hands (a hand
  is a deal that ended, redeals included), the median over runs.
- ``verdict``: one line against the goals (issue 42): Cuban and Jamaican at least 10x
  OpenSpiel's decisions per second, Mexican Train at 4 seats at least 100k decisions/s.
- ``open_spiel``: when the optional ``bench`` extra is installed, OpenSpiel's
  ``python_team_dominoes`` random playouts timed the same way in the same run
  (whole hands, its 28 chance steps of dealing included), and ``ratio``: our
  decisions per second over theirs, per game.  Without it, the field says so
  (``"available": false`` and the reason) instead of failing.

Only this tool reads the clock (the process's CPU time); the referee never does.
Usage: ``python tools/bench_rules.py [--quick]``
"""
from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.rng import stream  # noqa: E402
from rules.session import Config, Session  # noqa: E402
from rules.variants import GAMES  # noqa: E402

PARTNERSHIP = ("cuban", "jamaican")
#: CPU time of this process: on a shared machine other processes then slow the figures less.
_clock = time.process_time


def _random_match_run(game: str, players: int, seeds: list[int]) -> tuple[int, float]:
    """Whole matches with random play; return (decisions, seconds)."""
    decisions = 0
    elapsed = 0.0
    for seed in seeds:
        rng = stream(seed, "bench")
        gc.collect()
        start = _clock()
        session = Session(Config(game, players, seed))
        while not session.match_over():
            legal = session.legal_actions()
            session.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        elapsed += _clock() - start
    return decisions, elapsed


def _random_hands_run(game: str, players: int, seed: int, hands: int) -> tuple[int, int, float]:
    """Random hands until ``hands`` deals have ended; return (hands, decisions, seconds).

    Each match is a new session with its own seed, as at a real table; one
    endless session would time the growth of its history instead.
    """
    done = decisions = 0
    elapsed = 0.0
    match = 0
    while done < hands:
        match_seed = seed * 1000 + match
        match += 1
        rng = stream(match_seed, "bench")
        gc.collect()
        start = _clock()
        session = Session(Config(game, players, match_seed))
        records = session.state.records
        seen = 0
        while done < hands and not session.match_over():
            legal = session.legal_actions()
            session.apply(legal[rng.randrange(len(legal))])
            decisions += 1
            records = session.state.records
            while seen < len(records):
                done += "deal_end" in records[seen]
                seen += 1
        elapsed += _clock() - start
    return done, decisions, elapsed


def bench_mexican_train(runs: int, matches: int) -> dict:
    out = {}
    for players in (4, 10):
        rates = []
        for r in range(runs):
            seeds = [1000 * players + r * matches + m for m in range(matches)]
            decisions, seconds = _random_match_run("mexican_train", players, seeds)
            rates.append(decisions / seconds)
        out[str(players)] = round(statistics.median(rates))
    return out


def bench_partnership(game: str, runs: int, hands: int) -> dict:
    per_s, us = [], []
    for r in range(runs):
        done, decisions, seconds = _random_hands_run(game, 4, 7 + r, hands)
        per_s.append(done / seconds)
        us.append(seconds / decisions * 1e6)
    return {"hands_per_s": round(statistics.median(per_s), 1), "us_per_decision": round(statistics.median(us), 2)}


def bench_open_spiel(runs: int, hands: int) -> dict:
    """OpenSpiel's ``python_team_dominoes``: random playouts, chance steps sampled by weight."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the python games)
    except Exception as e:  # any failure to import means "not available", never a crash
        return {"available": False, "reason": f"open_spiel is not importable ({type(e).__name__}: {e}); "
                                              "install the optional 'bench' extra"}
    game = pyspiel.load_game("python_team_dominoes")
    per_s, us, dps, step_us = [], [], [], []
    for r in range(runs):
        rng = stream(r, "bench", "open_spiel")
        decisions = steps = 0
        gc.collect()
        start = _clock()
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                steps += 1
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
        seconds = _clock() - start
        per_s.append(hands / seconds)
        us.append(seconds / decisions * 1e6)
        dps.append(decisions / seconds)
        step_us.append(seconds / steps * 1e6)
    # Its deal is 28 chance steps, one tile each; ours is one chance step inside apply().
    return {"available": True, "game": "python_team_dominoes",
            "hands_per_s": round(statistics.median(per_s), 1),
            "us_per_decision": round(statistics.median(us), 2),
            "decisions_per_s": round(statistics.median(dps)),
            "us_per_step_with_chance": round(statistics.median(step_us), 2)}


#: issue 42's goals: each line game's decisions per second over OpenSpiel's, Mexican Train's rate
GOAL_RATIO = 10.0
GOAL_MT4 = 100_000


def verdict(result: dict) -> str:
    """One line against the goals, from this run's figures alone."""
    checks = [(f"mexican_train 4 seats {result['mexican_train']['4']}/s (goal >= {GOAL_MT4})",
               result["mexican_train"]["4"] >= GOAL_MT4)]
    spiel = result["open_spiel"]
    for game in PARTNERSHIP:
        if game in result and spiel.get("available"):
            got = spiel["ratio"][game]
            checks.append((f"{game} {got}x OpenSpiel (goal >= {GOAL_RATIO:g}x)", got >= GOAL_RATIO))
    met = all(ok for _, ok in checks)
    text = "; ".join(f"{what} {'ok' if ok else 'missed'}" for what, ok in checks)
    if not spiel.get("available"):
        text += "; the ratios need OpenSpiel (the bench extra)"
    return ("MET: " if met else "NOT MET: ") + text


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Referee speed, as one line of JSON.")
    p.add_argument("--quick", action="store_true", help="a fast smoke run (fewer, shorter runs)")
    args = p.parse_args(argv)
    runs = 3 if args.quick else 7
    result: dict = {"mexican_train": bench_mexican_train(runs, 1 if args.quick else 3)}
    for game in PARTNERSHIP:
        if game in GAMES:
            result[game] = bench_partnership(game, runs, 20 if args.quick else 400)
    spiel = bench_open_spiel(runs, 10 if args.quick else 300)
    if spiel["available"]:
        theirs = spiel["decisions_per_s"]
        spiel["ratio"] = {game: round(1e6 / result[game]["us_per_decision"] / theirs, 2)
                          for game in PARTNERSHIP if game in result}
        spiel["ratio"]["mexican_train_4"] = round(result["mexican_train"]["4"] / theirs, 2)
        if "jamaican" in result:  # the same double-six set and 7-tile hands: hands compare directly
            spiel["hands_ratio_jamaican"] = round(result["jamaican"]["hands_per_s"] / spiel["hands_per_s"], 2)
    result["open_spiel"] = spiel
    result["verdict"] = verdict(result)
    result["meta"] = {"quick": args.quick, "runs": runs, "python": platform.python_version(),
                      "statistic": "median", "clock": "process_time"}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
