"""Tiles and domino sets.

A tile is written [a|b] with a <= b; its value is a+b pips, and [0|0] is worth 0
(MT-17).  Every tile of every set is interned, so tiles compare and hash as
plain tuples and the hot paths of the referee can index them as ``t[0]``,
``t[1]``.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple


class Tile(NamedTuple):
    """One domino, always stored with ``low <= high``."""

    low: int
    high: int

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, number: int) -> bool:
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The number at the far end when this tile is matched on ``number``."""
        if self.low == number:
            return self.high
        if self.high == number:
            return self.low
        raise ValueError(f"{self} has no {number}")

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def to_json(self) -> list[int]:
        return [self.low, self.high]


MAX_PIPS = 12
_TILES: dict[tuple[int, int], Tile] = {
    (a, b): Tile(a, b) for a in range(MAX_PIPS + 1) for b in range(a, MAX_PIPS + 1)
}


def tile(a: int, b: int) -> Tile:
    """The interned tile with numbers ``a`` and ``b`` in either order."""
    if a > b:
        a, b = b, a
    try:
        return _TILES[(a, b)]
    except (KeyError, TypeError):
        raise ValueError(f"no such tile: [{a}|{b}]") from None


def tile_from_json(value: object, top: int = MAX_PIPS) -> Tile:
    """Parse ``[a, b]`` from JSON; raise ``ValueError`` naming what is wrong."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise ValueError(f"not a tile: {value!r}")
    a, b = value
    if not (0 <= a <= top and 0 <= b <= top):
        raise ValueError(f"no such tile in a double-{top} set: {value!r}")
    return tile(a, b)


def double_set(top: int) -> tuple[Tile, ...]:
    """All tiles of a double-``top`` set (6: 28 tiles, 9: 55, 12: 91), in a fixed order."""
    return tuple(_TILES[(a, b)] for a in range(top + 1) for b in range(a, top + 1))


def pips(tiles: Iterable[Tile]) -> int:
    return sum(t[0] + t[1] for t in tiles)
