"""The world's units, shared by every kit's layout: a tile's size and one placed tile.

World coordinates are screen pixels at zoom 1 (``game.table.camera``); each family lays its
tiles out in its own way (``game.kits.<family>.layout``) with these sizes.
"""
from __future__ import annotations

from dataclasses import dataclass

TILE_L = 64  # a tile's long side, world units (= screen pixels at zoom 1)
TILE_W = 32  # its short side
GAP = 4


@dataclass(frozen=True)
class Placed:
    """One tile on the table: its world rectangle and the numbers on its two halves."""

    index: int  # position in its train, 0 = at the station
    near: int  # the number that matches the tile before it
    far: int  # the open number it offers
    rect: tuple[float, float, float, float]  # x, y, w, h
    vertical: bool
    first: int  # the number on the left (horizontal) or top (vertical) half
    second: int

    @property
    def is_double(self) -> bool:
        return self.near == self.far

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)
