"""The one door through which the table gets tile sprites.

Everything the table draws of a tile comes through ``Sprites``, so a test can
wrap ``face`` to record which tile faces were blitted (UX-3: no face of a
hidden hand), and the art behind it (``game.assets``) can change freely.
"""
from __future__ import annotations

import pygame

from .. import assets


class Sprites:
    def __init__(self, style: str = "pips", palette: str = "standard") -> None:
        self.style = style if style in assets.STYLES else "pips"
        self.palette = palette if palette in assets.PALETTES else "standard"

    def face(self, first: int, second: int, short: int, vertical: bool,
             look: str = "face") -> pygame.Surface:
        """Tile [first|second], ``first`` left or on top, short side ``short`` px."""
        return assets.tile_surface(first, second, short, self.style, "v" if vertical else "h",
                                   self.palette, look)

    def back(self, short: int, vertical: bool = True) -> pygame.Surface:
        return assets.tile_back(short, "v" if vertical else "h")

    def halo(self, short: int, vertical: bool, colour) -> tuple[pygame.Surface, int]:
        o = "v" if vertical else "h"
        return assets.highlight_surface(short, o, colour), assets.highlight_margin(short)

    def marker(self, size: int, colour) -> pygame.Surface:
        return assets.marker_surface(size, colour)

    def station(self, size: int) -> pygame.Surface:
        return assets.station_surface(size)
