"""Reading the table: the counts a good player keeps, from one seat's view alone (issue 31, UX-4).

How many tiles of each number this seat has not seen (in other hands, the boneyard or a
stock laid aside), and which seat is known to be out of which number: a pass or a draw
proves it (MT-10, MT-11, MT-14; CU-6, JA-4), the same inference the coach and the
computer players make.  Everything here is a pure function of ``view(seat)``: it cannot
know more than the seat does.
"""
from __future__ import annotations

from typing import NamedTuple

from .bots.knowledge import Knowledge
from .bots.train_plan import known_voids
from .line import partner_of
from .state import TRAINS
from .tiles import Tile
from .variants import find_variant


class Reading(NamedTuple):
    """What a seat can count: ``unseen[n]`` tiles carrying the number ``n`` it has not seen
    (a double counts once); ``voids[s]`` the numbers seat ``s`` is known to lack (index 0
    unused, the seat's own entry empty: it knows its hand); ``partner`` its partner, if any."""

    seat: int
    unseen: tuple[int, ...]
    voids: tuple[frozenset[int], ...]
    partner: int | None
    #: tiles among the unseen that nobody will see this hand: Cuban's 15 face down (CU-3)
    face_down: int = 0


def _trains(view) -> bool:
    return find_variant(view.game).family == TRAINS


def _seen(view) -> set[Tile]:
    """Tiles this seat has seen: its hand and every tile face up on the table."""
    seen = set(view.hand)
    if _trains(view):  # the engine sits in the station
        seen.add((view.engine, view.engine))
        for train in view.trains:
            seen.update(train.tiles)
    else:
        seen.update((min(a, b), max(a, b)) for a, b in view.line)
    return seen


def _voids(view) -> list[set[int]]:
    if _trains(view):
        return known_voids(view, passes=True, fresh=True)
    return Knowledge(view).voids


def read_table(view) -> Reading:
    """The table as ``view.seat`` can read it (issue 31): unseen counts per number and
    each seat's known voids (from passes and draws), with the partner marked."""
    variant = find_variant(view.game)
    full, top = variant.full_set, variant.top
    seen = _seen(view)
    unseen = [0] * (top + 1)
    for t in full:
        if t in seen:
            continue
        unseen[t[0]] += 1
        if t[1] != t[0]:
            unseen[t[1]] += 1
    voids = [frozenset(v) for v in _voids(view)]
    voids[view.seat] = frozenset()
    partner = None
    if variant.teams is not None:
        partner = partner_of(view.seat)
    face_down = 0 if _trains(view) else int(getattr(view, "unused", 0) or 0)
    return Reading(view.seat, tuple(unseen), tuple(voids), partner, face_down)
