"""Issue 42: the felt and the world kept while nothing of them moves.

A real table's camera stands still most of the time a frame is drawn (a tile in flight, a
computer's thinking dots, a prompt's pulse elsewhere): the backdrop copy and the world then
make the same pixels as the frame before.  The table scene keeps them in one surface under a
key naming everything they show, and copies it in one full-screen blit.  A frame whose key is
None (the camera moving, a ghost pulsing, an arrival ring widening, a tile dragged) or that
drew anything from a stand-in is never kept.

Keeping costs a full-screen copy: it starts at the second frame drawn under the same key (a
camera set anew each frame, as in ``tools/bench_render.py``'s sweep, never pays any of it)
and is spread over ``BANDS`` frames, a band of rows each, so no frame pays more than a
fraction of a blit for it.
"""
from __future__ import annotations

from typing import Hashable

import pygame

#: frames (bands of rows) a kept frame's copy is spread over
BANDS = 4


class StillWorld:
    """One kept frame of the felt and the world, and the key it was drawn under."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: Hashable | None = None  # the key of the kept frame, once whole
        self._seen: Hashable | None = None  # the key of the frame before
        self._filling: Hashable | None = None  # the key whose bands are being copied
        self._bands = 0  # how many of them are copied
        self.reused = 0  # frames copied from the kept one (tests, benchmarks)

    def reuse(self, surface: pygame.Surface, key: Hashable | None) -> bool:
        """Copy the kept frame onto ``surface`` if it was drawn under ``key`` (not None)."""
        kept = self.surface
        if key is None or key != self.key or kept is None or kept.get_size() != surface.get_size():
            return False
        surface.blit(kept, (0, 0))
        self.reused += 1
        return True

    def keep(self, surface: pygame.Surface, key: Hashable | None) -> None:
        """``surface`` as drawn whole now under ``key``: copy the next band of its rows if the
        frame before had ``key`` too (None: keep nothing)."""
        self.key = None
        seen, self._seen = self._seen, key
        if key is None or key != seen:
            self._filling = None
            return
        w, h = surface.get_size()
        if self.surface is None or self.surface.get_size() != (w, h):
            self.surface = pygame.Surface((w, h), 0, surface)
            self._filling = None
        if key != self._filling:
            self._filling, self._bands = key, 0
        top = h * self._bands // BANDS
        bottom = h * (self._bands + 1) // BANDS
        self.surface.blit(surface, (0, top), (0, top, w, bottom - top))
        self._bands += 1
        if self._bands == BANDS:
            self.key = key

    def forget(self) -> None:
        self.key = self._seen = self._filling = None
