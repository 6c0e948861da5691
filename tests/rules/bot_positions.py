"""Helpers for the computer-player tests: seeded positions and hidden-tile resampling.

``resample_hidden`` builds a second full state whose view for one seat is
identical (UX-4): every tile that seat cannot see (other hands, the boneyard's
undrawn order, Cuban's unused tiles) is shuffled and dealt back with the same
counts.
"""
from __future__ import annotations

import random
from typing import Iterable, Iterator

from rules.policies import POLICIES
from rules.rng import stream
from rules.session import Config, Session
from rules.state import deal_hidden, hidden_tiles


def resample_hidden(state, seat: int, rng: random.Random):
    """A clone of ``state`` with everything ``seat`` cannot see redealt at random."""
    other = state.clone()
    hidden = hidden_tiles(other, seat)
    rng.shuffle(hidden)
    deal_hidden(other, seat, hidden)
    return other


def fair_choices(found: Iterable[tuple[Session, int]], level: str, rng: random.Random, seed: int) -> int:
    """UX-4: at each position, redeal what the seat cannot see (``resample_hidden``) and
    check that its view, and ``level``'s choice with the same ``seed``, stay the same.
    Returns how many positions were checked."""
    from rules import bots
    checked = 0
    for session, seat in found:
        view = session.view(seat)
        other = resample_hidden(session.state, seat, rng)
        assert other.view(seat) == view  # the two full states look the same to this seat
        assert bots.choose(other.view(seat), level, random.Random(seed)) == \
            bots.choose(view, level, random.Random(seed))
        checked += 1
    return checked


def positions(game: str, players: int, seeds: range, policy: str = "random",
              every: int = 7) -> Iterator[tuple[Session, int]]:
    """Decisions with a real choice from seeded matches, about one in ``every``."""
    pick = POLICIES[policy]
    for seed in seeds:
        session = Session(Config(game, players, seed))
        rng = stream(seed, "positions")
        while not session.match_over():
            seat = session.to_act()
            view = session.view(seat)
            if len(view.legal) > 1 and rng.randrange(every) == 0:
                yield session, seat
            session.apply(pick(view, rng))
