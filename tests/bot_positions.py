"""Helpers for the computer-player tests: seeded positions and hidden-tile resampling.

``resample_hidden`` builds a second full state whose view for one seat is
identical (UX-4): every tile that seat cannot see (other hands, the boneyard's
undrawn order, Cuban's unused tiles) is shuffled and dealt back with the same
counts.
"""
from __future__ import annotations

import random
from typing import Iterator

from rules.policies import POLICIES
from rules.rng import stream
from rules.session import Config, Session


def resample_hidden(state, seat: int, rng: random.Random):
    """A clone of ``state`` with everything ``seat`` cannot see redealt at random."""
    other = state.clone()
    seats = [s for s in range(1, len(other.hands)) if s != seat]
    pos = getattr(other, "pos", 0)
    stock = list(other.stock)
    hidden = [t for s in seats for t in other.hands[s]] + stock[pos:]
    rng.shuffle(hidden)
    i = 0
    for s in seats:
        k = len(other.hands[s])
        other.hands[s] = hidden[i:i + k]
        i += k
    rest = stock[:pos] + hidden[i:]
    other.stock = type(other.stock)(rest)
    other._legal = None
    return other


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
