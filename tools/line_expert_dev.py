"""Paired head-to-head of two line-game players on the same deals (issue 16, development only).

Every seed's first decided hand is played twice, player A on seats 1 and 3 and
then on 2 and 4, so the luck of the deal cancels wherever both players choose
alike.  A player is a level name (``expert``, ``hard``, ``greedy``) optionally
followed by module settings to try, e.g. ``expert:BLEND=0.05`` (``expert.BLEND``
for the game) or ``expert:SOLVE_BELOW=27``.  Prints JSON: A's hands won, lost
and tied with a Wilson interval, and the mean pair score (A's wins minus losses
over both orders of a deal) with a normal 95% interval.

Usage: ``python tools/line_expert_dev.py GAME A B --seed 9000 --deals 50 [--jobs 2]``
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.bots import choose_policy, expert  # noqa: E402
from rules.line import team_of  # noqa: E402
from rules.policies import POLICIES  # noqa: E402
from rules.rng import stream  # noqa: E402
from rules.session import Config, Session  # noqa: E402

Z = 1.959963984540054


def player(spec: str, game: str):
    """A policy (view, rng) -> action with its module settings applied around each call."""
    name, _, rest = spec.partition(":")
    base = POLICIES[name] if name in POLICIES else choose_policy(f"bot:{name}")
    settings = []
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        settings.append((key, float(value) if "." in value else int(value)))

    def act(view, rng):
        saved = []
        for key, value in settings:
            table = getattr(expert, key)
            saved.append((table, table[game]))
            table[game] = value
        try:
            return base(view, rng)
        finally:
            for table, old in saved:
                table[game] = old
    return act


def hand(game: str, seed: int, a_team: int, a_spec: str, b_spec: str) -> int:
    """One hand: +1 if A's team won, -1 if it lost, 0 for a tie."""
    a, b = player(a_spec, game), player(b_spec, game)
    session = Session(Config(game, 4, seed))
    rngs = [stream(seed, "linedev", s) for s in range(5)]
    seen = len(session.state.records)
    while True:
        seat = session.to_act()
        view = session.view(seat)
        pol = a if team_of(seat) == a_team else b
        session.apply(pol(view, rngs[seat]))
        records = session.state.records
        for r in records[seen:]:
            end = r.get("deal_end") if isinstance(r, dict) else None
            if end is None or end["reason"] == "redeal":
                continue
            if end["winner_team"] is None:
                return 0
            return 1 if end["winner_team"] == a_team else -1
        seen = len(records)


def deal(args: tuple[str, int, str, str]) -> tuple[int, int]:
    game, seed, a_spec, b_spec = args
    return hand(game, seed, 1, a_spec, b_spec), hand(game, seed, 2, a_spec, b_spec)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=["cuban", "jamaican"])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--seed", type=int, default=9000)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    tasks = [(args.game, s, args.a, args.b) for s in range(args.seed, args.seed + args.deals)]
    res = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(deal, tasks):  # progress on stderr, so a stopped run still tells
            res.append(r)
            print(len(res), r, file=sys.stderr, flush=True)
    flat = [x for r in res for x in r]
    won, lost, tied = flat.count(1), flat.count(-1), flat.count(0)
    n = len(flat)
    phat = (won + 0.5 * tied) / n
    denom = 1 + Z * Z / n
    centre = (phat + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(phat * (1 - phat) / n + Z * Z / (4 * n * n)) / denom
    pairs = [r[0] + r[1] for r in res]
    m = sum(pairs) / len(pairs)
    sd = math.sqrt(sum((x - m) ** 2 for x in pairs) / max(1, len(pairs) - 1))
    print(json.dumps({
        "game": args.game, "a": args.a, "b": args.b, "seeds": [args.seed, args.seed + args.deals - 1],
        "a_share": {"value": round(phat, 3), "ci95": [round(centre - half, 3), round(centre + half, 3)],
                    "won": won, "lost": lost, "tied": tied},
        "pair_mean": {"value": round(m, 3), "ci95": [round(m - Z * sd / math.sqrt(len(pairs)), 3),
                                                     round(m + Z * sd / math.sqrt(len(pairs)), 3)]},
        "pairs_differing": sum(1 for r in res if r[0] + r[1] != 0),
        "per_deal": res,
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
