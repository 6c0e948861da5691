"""Simple policies for self-play: each picks an action from a seat's view.

A policy sees only a view (UX-4) and draws randomness only from the ``rng`` it
is handed, which the caller derives from the match seed.
"""
from __future__ import annotations

import random
from typing import Callable

from .actions import Action, canonical

Policy = Callable[[object, random.Random], Action]


def random_policy(view, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return view.legal[rng.randrange(len(view.legal))]


def greedy_policy(view, rng: random.Random) -> Action:
    """The legal play with the most pips; ties broken by canonical JSON text.

    Without a play it takes the only other option the rules leave (a draw or a
    pass), or the first in canonical order.
    """
    legal = view.legal
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return min(legal, key=lambda a: canonical(a.to_json()))
    return min(plays, key=lambda a: (-(a.tile[0] + a.tile[1]), canonical(a.to_json())))


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
}
