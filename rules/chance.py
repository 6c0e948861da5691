"""Chance outcomes: the steps of a match that nobody decides.

A deal is a chance step, as in OpenSpiel: normally the match samples it from
its seed, but any outcome that splits the set correctly can be supplied
instead (a rigged deal for a test, a replayed transcript).  Both paths go
through the same ``apply_chance`` of the game.
"""
from __future__ import annotations

from typing import NamedTuple

from .errors import InvalidDealError
from .tiles import Tile


class Deal(NamedTuple):
    """Hands as dealt, seat 1 first, and the undealt tiles in draw order."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    #: True when the outcome came from the match seed, so a save can omit it.
    seeded: bool = False


class LeadDraw(NamedTuple):
    """CU-2: the tiles drawn by the teams' representatives, seats 1 and 2."""

    tiles: tuple[Tile, Tile]
    seeded: bool = False


class NextMatch(NamedTuple):
    """A control entry: the players asked for the next match (MT-20, CU-12, JA-9)."""


def deal_shuffled(tiles: list[Tile], players: int, hand_size: int) -> Deal:
    """Deal already-shuffled ``tiles``: ``hand_size`` each in seat order, the rest the stock."""
    hands = tuple(tuple(tiles[i * hand_size:(i + 1) * hand_size]) for i in range(players))
    return Deal(hands, tuple(tiles[players * hand_size:]), seeded=True)


def check_partition(deal: Deal, full_set: tuple[Tile, ...], hand_sizes: list[int]) -> None:
    """Raise ``InvalidDealError`` unless ``deal`` uses every tile of the set exactly once."""
    if len(deal.hands) != len(hand_sizes):
        raise InvalidDealError(f"the deal has {len(deal.hands)} hands, expected {len(hand_sizes)}")
    for seat, (hand, size) in enumerate(zip(deal.hands, hand_sizes), start=1):
        if len(hand) != size:
            raise InvalidDealError(f"seat {seat} is dealt {len(hand)} tiles, expected {size}")
    dealt = [t for h in deal.hands for t in h]
    dealt += deal.stock
    valid = set(full_set)
    if len(dealt) == len(valid) and valid.issuperset(dealt) and len(set(dealt)) == len(dealt):
        return  # every tile once (the usual case, checked in C): the loop below names a fault
    seen: set[Tile] = set()
    for t in dealt:
        if t not in valid:
            raise InvalidDealError(f"tile {t} is not in this set")
        if t in seen:
            raise InvalidDealError(f"tile {t} is dealt twice")
        seen.add(t)
    missing = valid - seen
    if missing:
        raise InvalidDealError(f"{len(missing)} tiles are missing from the deal, e.g. {min(missing)}")
