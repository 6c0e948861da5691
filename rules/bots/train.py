"""The train games' player (MT-8..MT-16): the plan evaluator's best play, or with the
expert's level the best of its close plays after sampled playouts.

Two parts, imported one way: the plan evaluator (``train_plan``) and the expert's search
(``train_search``), which plays out the evaluator's own best plays.
"""
from __future__ import annotations

import random

from ..actions import Action
from . import train_plan, train_search
from .levels import Level


def choose(view, lvl: Level, rng: random.Random) -> Action:
    """The bot's action for a view of a game with trains (MT-8..MT-16).

    With ``lvl.mt_worlds`` (the expert, issue 16) the plays scoring within
    ``lvl.mt_margin`` of the best are played out in sampled worlds (``train_search``),
    after the first round (MT-9), and in it too with ``lvl.mt_first_horizon``.
    """
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    scored = train_plan.rank(view, lvl)
    if lvl.mt_worlds and (not view.first_round or lvl.mt_first_horizon):
        # MT-8: the first chain is the plan evaluator's own ground; playouts there
        # ended chains early and lost 13 to 52 pips against the plan in a check, so it is
        # searched only with a horizon and the plan evaluator's leaf score
        close = [(s, a) for s, a in scored[:lvl.mt_candidates] if s >= scored[0][0] - lvl.mt_margin]
        if len(close) > 1:
            return train_search.search(view, [a for _, a in close], lvl, rng, [s for s, _ in close])
        return scored[0][1]
    if lvl.slip and len(scored) > 1 and rng.random() < lvl.slip:
        return scored[1][1]
    return scored[0][1]
