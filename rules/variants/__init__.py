"""The games the referee knows, each a small module over the shared core.

Each game's state class carries its own data (``rules.state.Variant``: players, the set's
top number, teams, the target, what the bots and the coach need to know of it) and
``find_variant(name)`` finds it, as python-chess's ``find_variant`` does.  Outside this
package no module names a game (issue 26; ``tests/rules/test_seam_rules.py``).
"""
from __future__ import annotations

from typing import Callable

from ..actions import TRAIN_NAMES
from ..state import GameState, Variant
from .cuban import Cuban
from .jamaican import Jamaican
from .mexican_train import MexicanTrain

#: game name -> its variant class, in the order the program lists the games
VARIANTS: dict[str, type[Variant]] = {
    MexicanTrain.game: MexicanTrain,
    Cuban.game: Cuban,
    Jamaican.game: Jamaican,
}

#: game name -> factory taking the number of players
GAMES: dict[str, Callable[[int], GameState]] = {
    MexicanTrain.game: MexicanTrain,
    Cuban.game: Cuban,
    Jamaican.game: Jamaican,
}

#: game name -> (fewest, most) players
PLAYERS: dict[str, tuple[int, int]] = {name: v.players for name, v in VARIANTS.items()}

# an action may name a variant's public train as well as an owner's seat (``rules.actions``)
TRAIN_NAMES.update(v.public_train for v in VARIANTS.values() if v.public_train is not None)


def find_variant(name: str) -> type[Variant]:
    """The variant class of the game called ``name``; ``ValueError`` for a game not known."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(VARIANTS))}") from None


def of_family(family: str) -> list[type[Variant]]:
    """The variants of one family (``rules.state.TRAINS`` or ``LINE``), in the registry's order."""
    return [v for v in VARIANTS.values() if v.family == family]


__all__ = ["GAMES", "PLAYERS", "VARIANTS", "find_variant", "of_family"]
