"""The computer player and hints (issue 4; UX-4).

``choose(view, level, rng)`` picks an action for the seat that owns ``view``,
reading nothing but the view.  Each decision spends a fixed node budget (the
level), never a clock, so a view and a seed always give the same action.
``hint`` is the same player on a human's own view.
"""
from __future__ import annotations

import random
from typing import Callable

from ..actions import Action
from ..state import LINE, TRAINS
from ..variants import VARIANTS
from .levels import DEFAULT_LEVEL, LEVELS, Level, level as level_named
from . import line, train

Chooser = Callable[[object, Level, random.Random], Action]

#: a variant's family (``Variant.family``) -> the evaluator that chooses for its games; a game
#: of another family brings its own (``Variant.chooser``, in its module under rules/variants)
CHOOSERS: dict[str, Chooser] = {
    TRAINS: train.choose,
    LINE: line.choose,
}


def chooser_for(game: str) -> Chooser | None:
    """The computer player of ``game``: its variant's own, else its family's (None: unknown)."""
    variant = VARIANTS.get(game)
    if variant is None:
        return None
    return variant.chooser or CHOOSERS.get(variant.family)


def choose(view, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> Action:
    """The computer's action for the seat that owns ``view`` (UX-4).

    ``rng`` must come from the match seed (``rules.rng.stream``); without one a
    fixed stream is used, so the answer still depends on the view alone.
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make in this view")
    lvl = level_named(level)
    if rng is None:
        rng = random.Random(0)
    chooser = chooser_for(view.game)
    if chooser is None:
        raise ValueError(f"the computer player does not know the game {view.game!r}")
    action = chooser(view, lvl, rng)
    assert action in view.legal, f"bot chose {action}, not in the legal set"
    return action


def hint(view, rng: random.Random | None = None, level: str = DEFAULT_LEVEL) -> Action:
    """The suggested action for a human: the same bot on their own view (UX-1, UX-4)."""
    return choose(view, level, rng)


def choose_policy(name: str) -> Callable[[object, random.Random], Action]:
    """A selfplay policy for ``bot`` or ``bot:easy|normal|hard|expert`` (plain ``bot`` is normal)."""
    base, _, lvl_name = name.partition(":")
    if base != "bot":
        raise ValueError(f"not a bot policy: {name!r}")
    lvl_name = lvl_name or DEFAULT_LEVEL
    level_named(lvl_name)  # unknown levels fail here, not in the middle of a match

    def policy(view, rng: random.Random) -> Action:
        return choose(view, lvl_name, rng)

    policy.__name__ = f"bot_{lvl_name}"
    return policy


__all__ = ["choose", "hint", "choose_policy", "LEVELS", "Level", "CHOOSERS", "chooser_for"]
