"""The games the referee knows, each a small module over the shared core.

Each game's state class carries its own data (``rules.state.Variant``: players, the set's
top number, teams, the target, what the bots and the coach need to know of it) and
``find_variant(name)`` finds it, as python-chess's ``find_variant`` does.  Outside this
package no module names a game (issue 26; ``tests/rules/test_seam_rules.py``).
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Callable, cast

from .. import events
from ..actions import TRAIN_NAMES
from ..state import GameState, Variant


def _discover() -> dict[str, type[Variant]]:
    """Every game of this package: each class of its modules that names a ``game``, in the
    order the variants declare (``Variant.order``).  A new game is a new module here and
    nothing else; two classes claiming one name are refused at once."""
    found: dict[str, type[Variant]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (isinstance(obj, type) and issubclass(obj, Variant) and obj.__module__ == module.__name__
                    and obj.__dict__.get("game")):
                if obj.game in found:
                    raise TypeError(f"two variants call themselves {obj.game!r}: "
                                    f"{found[obj.game].__qualname__} and {obj.__qualname__}")
                found[obj.game] = obj
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


#: game name -> its variant class, in the order the program lists the games
VARIANTS: dict[str, type[Variant]] = _discover()

#: game name -> factory taking the number of players
GAMES: dict[str, Callable[[int], GameState]] = {
    name: cast(Callable[[int], GameState], v) for name, v in VARIANTS.items()}

#: game name -> (fewest, most) players
PLAYERS: dict[str, tuple[int, int]] = {name: v.players for name, v in VARIANTS.items()}


def _register_events(variants: dict[str, type[Variant]]) -> None:
    """Let the history hold each variant's own kinds of event (``Variant.events``, issue 39)."""
    for variant in variants.values():
        for record in variant.events:
            events.register(record)


_register_events(VARIANTS)

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
