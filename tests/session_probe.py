"""Test helpers that look at a whole ``Session`` from outside: fingerprints and random play.

A fingerprint is the complete game state (every public attribute of the game
object), the log cursor and the applied log, as text.  Two sessions with equal
fingerprints are the same match at the same moment, so undo/redo, save/load and
replay can be checked by plain equality.  Randomness comes only from the
``random.Random`` the caller passes in.
"""
from __future__ import annotations

import random

from rules import Action, Session
from rules.chance import NextMatch


def state_fingerprint(state: object) -> str:
    """Every attribute of a game state except private caches (``_legal``)."""
    fields = {k: v for k, v in vars(state).items() if not k.startswith("_")}
    return repr(sorted(fields.items()))


def fingerprint(session: Session) -> tuple[str, int, str]:
    """The state, the cursor and the applied part of the log."""
    return state_fingerprint(session.state), session.cursor, repr(session.log)


def full_fingerprint(session: Session, views: bool = True) -> tuple:
    """``fingerprint`` plus the redo tail, the legal set and (optionally) every seat's view."""
    seats = range(1, session.config.players + 1) if views else ()
    return (
        fingerprint(session),
        repr(session._log),
        repr(session.legal_actions()) if session.to_act() is not None else "-",
        tuple(repr(session.view(s)) for s in seats),
    )


def random_step(session: Session, rng: random.Random) -> None:
    """One uniformly random legal decision, or the next match once a match is over."""
    if session.match_over():
        session.next_match()
        return
    legal = session.legal_actions()
    session.apply(legal[rng.randrange(len(legal))])


def replay_log(session: Session) -> Session:
    """A fresh seeded session fed only the decisions of ``session.log``."""
    other = Session(session.config)
    for entry in session.log:
        if isinstance(entry, NextMatch):
            other.next_match()
        elif isinstance(entry, Action):
            other.apply(entry)
    return other
