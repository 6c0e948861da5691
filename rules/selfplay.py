"""``python -m rules selfplay``: computer-only matches written as a transcript."""
from __future__ import annotations

from typing import IO

from .policies import POLICIES, Policy
from .rng import decision_stream
from .session import Config, Session
from .transcript import TranscriptWriter

POLICY_NAMES = ("bot", "random", "greedy")


def resolve_policy(name: str) -> Policy:
    if name == "bot" or name.startswith("bot:"):
        from .bots import choose_policy  # a broken bot must fail loudly, never play at random
        return choose_policy(name)
    return POLICIES[name]


def run(config: Config, matches: int, policies: list[Policy], out: IO[str]) -> Session:
    """Play ``matches`` matches and write every decision and record to ``out``."""
    session = Session(config)
    writer = TranscriptWriter(out, config.game, config.players, config.seed)
    for m in range(matches):
        if m:
            session.next_match()
        writer.records(session.state)
        while not session.match_over():
            seat = session.to_act()
            view = session.view(seat)
            policy = policies[(seat - 1) % len(policies)]
            # the program's own stream for a computer's decision, so a seed and the same
            # decisions give the same match here and at the table
            action = policy(view, decision_stream(config.seed, session.cursor))
            writer.decision(seat, view.legal, action)
            session.apply(action)
            writer.records(session.state)
    return session
