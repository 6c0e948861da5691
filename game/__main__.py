"""Entry point of the table program.

Until the pygame table lands, this runs a text-mode self-play demo and says so.
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from rules import Config, Session
    from rules.policies import random_policy
    from rules.rng import fresh_seed, stream

    print("Domino Table: the table program is not built yet, so this is a text-mode")
    print("self-play demo of the rules engine (four computer players, random moves).")
    seed = fresh_seed()
    session = Session(Config("mexican_train", 4, seed))
    rng = stream(seed, "demo")
    print(f"Mexican Train, seed {seed}")
    seen = 0
    while not session.match_over():
        seat = session.to_act()
        session.apply(random_policy(session.view(seat), rng))
        records = session.state.records
        for rec in records[seen:]:
            if "deal_end" in rec:
                totals = ", ".join(f"seat {s}: {v}" for s, v in rec["totals"].items())
                print(f"deal ends ({rec['deal_end']['reason']}): totals {totals}")
        seen = len(records)
    print("winners:", ", ".join(f"seat {s}" for s in session.state.winners()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
