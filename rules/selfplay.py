"""``python -m rules selfplay``: computer-only matches written as a transcript."""
from __future__ import annotations

from typing import IO

from .public_history import History
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
    forgotten = 0  # log entries of earlier matches, dropped to bound memory
    for m in range(matches):
        if m:
            session.next_match()
            before = session.cursor
            _forget_past_matches(session)
            forgotten += before - session.cursor
        writer.records(session.state, drop=True)
        while not session.match_over():
            seat = session.to_act()
            assert seat is not None  # seeded chance is resolved at once: a seat is to act
            view = session.view(seat)
            policy = policies[(seat - 1) % len(policies)]
            # the program's own stream for a computer's decision, so a seed and the same
            # decisions give the same match here and at the table
            action = policy(view, decision_stream(config.seed, forgotten + session.cursor))
            writer.decision(seat, view.legal, action)
            session.apply(action)
            writer.records(session.state, drop=True)
    return session


def _forget_past_matches(session: Session) -> None:
    """Keep memory and time per decision bounded over many matches.

    The transcript already holds the past; the log, the undo snapshots and the
    public history of earlier matches would otherwise grow with every deal
    (and every view copies the history).  The computer players read only this
    hand's history, so their choices do not change.
    """
    history = session.state.history
    start = max((i for i, entry in enumerate(history) if entry.kind == "match"), default=0)
    session.state.history = History(history[start:])
    session.forget_past()
