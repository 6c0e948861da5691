"""The one door through which the table gets tile sprites.

Everything the table draws of a tile comes through ``Sprites``, so a test can
wrap ``face`` to record which tile faces were blitted (UX-3: no face of a
hidden hand), and the art behind it (``game.assets``) can change freely.

Sprites are cached per size by ``game.assets``.  Building a new zoom step's
sprites costs far more than drawing them (NOTES.md), so each frame may spend
only ``BUILD_BUDGET_S`` on new sprites; past that, a tile is drawn from the
nearest size already built, scaled on the fly, until its own size is ready a
frame or two later.  Zooming never stalls a frame for a whole zoom step.
"""
from __future__ import annotations

import time

import pygame

from .. import assets

#: Seconds per frame that may go into building sprites of new sizes.
BUILD_BUDGET_S = 0.004
#: Sizes of the masters that markers and the station are scaled from, and how many scaled
#: copies are kept.
MARKER_MASTER = 96
STATION_MASTER = 512
SCALED_LIMIT = 160


def _cached(key: tuple) -> bool:
    cache = getattr(assets, "_cache", None)
    items = getattr(cache, "items", None)
    return True if items is None else key in items  # unknown cache: just build


class Sprites:
    def __init__(self, style: str = "pips", palette: str = "standard") -> None:
        self.style = style if style in assets.STYLES else "pips"
        self.palette = palette if palette in assets.PALETTES else "standard"
        self.budget_s = BUILD_BUDGET_S
        self._spent = 0.0
        self._sizes: set[int] = set()  # short sides built so far
        self._scaled: dict[tuple, pygame.Surface] = {}
        self.fallbacks = 0  # tiles drawn from a neighbouring size (this frame)

    def new_frame(self) -> None:
        self._spent = 0.0
        self.fallbacks = 0

    def face(self, first: int, second: int, short: int, vertical: bool,
             look: str = "face") -> pygame.Surface:
        """Tile [first|second], ``first`` left or on top, short side ``short`` px."""
        short = max(2, int(round(short)))
        o = "v" if vertical else "h"
        key = ("face", first, second, short, self.style, o, self.palette, look)
        if self._spent >= self.budget_s and not _cached(key):
            stand_in = self._stand_in(first, second, short, o, look)
            if stand_in is not None:
                self.fallbacks += 1
                return stand_in
        t0 = time.perf_counter()
        surf = assets.tile_surface(first, second, short, self.style, o, self.palette, look)
        self._spent += time.perf_counter() - t0
        self._sizes.add(short)
        return surf

    def _stand_in(self, first: int, second: int, short: int, o: str, look: str) -> pygame.Surface | None:
        for size in sorted(self._sizes, key=lambda s: abs(s - short)):
            key = ("face", first, second, size, self.style, o, self.palette, look)
            if _cached(key):
                src = assets.tile_surface(first, second, size, self.style, o, self.palette, look)
                dims = (2 * short, short) if o == "h" else (short, 2 * short)
                return pygame.transform.scale(src, dims)
        return None

    def back(self, short: int, vertical: bool = True) -> pygame.Surface:
        return assets.tile_back(short, "v" if vertical else "h")

    def halo(self, short: int, vertical: bool, colour,
             essential: bool = True) -> tuple[pygame.Surface, int] | None:
        """A glow around a tile; a merely decorative one (``essential=False``) may wait for a
        later frame when this frame's budget is spent (returns None)."""
        o = "v" if vertical else "h"
        short = max(2, int(round(short)))
        key = ("glow", short, o, tuple(pygame.Color(colour))[:3])
        if not essential and self._spent >= self.budget_s and not _cached(key):
            return None  # decoration only: the next frames build it
        t0 = time.perf_counter()
        surf = assets.highlight_surface(short, o, colour)
        self._spent += time.perf_counter() - t0
        return surf, assets.highlight_margin(short)

    def marker(self, size: int, colour) -> pygame.Surface:
        """The marker token tinted with a seat colour (MT-12), scaled from one master per colour."""
        size = max(2, int(round(size)))
        tint = tuple(pygame.Color(colour))[:3]
        return self._scaled_master(("marker", tint, size),
                                   lambda: assets.marker_surface(MARKER_MASTER, tint), (size, size))

    def station(self, size: int) -> pygame.Surface:
        """The station hub (MT-4), scaled from the art's own size."""
        size = max(2, int(round(size)))
        return self._scaled_master(("station", size), lambda: assets.station_surface(STATION_MASTER),
                                   (size, size))

    def _scaled_master(self, key: tuple, master, dims: tuple[int, int]) -> pygame.Surface:
        # one high-quality master from game.assets, then a fast smoothscale per zoom step
        surf = self._scaled.get(key)
        if surf is None:
            src = master()
            surf = src if src.get_size() == dims else pygame.transform.smoothscale(src, dims)
            self._scaled[key] = surf
            if len(self._scaled) > SCALED_LIMIT:
                self._scaled.pop(next(iter(self._scaled)))
        return surf
