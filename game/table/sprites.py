"""The one door through which the table gets tile sprites.

Everything the table draws of a tile comes through ``Sprites``, so a test can
wrap ``face`` to record which tile faces were blitted (UX-3: no face of a
hidden hand), and the art behind it (``game.assets``) can change freely.

The tile style may be "auto" (issue 11): pips or numerals by ``assets.auto_style``,
so a zoomed-out table of ten shows numbers one can read from a couch and a zoomed-in
one shows pips.  A table holds the style one hand long (``hold``, issue 40): decided
from its tiles' size once the camera settles on a new hand, kept until the hand ends,
so the tiles never switch from pips to numerals in the middle of a hand.

Sprites are cached per size by ``game.assets``.  Building a new zoom step's
sprites costs far more than drawing them (NOTES.md), so each frame may spend
only ``BUILD_BUDGET_S`` on new sprites; past that, a tile is drawn from the
nearest size already built, scaled on the fly, until its own size is ready a
frame or two later.  Zooming never stalls a frame for a whole zoom step.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Callable

import pygame

from .. import assets

if TYPE_CHECKING:  # pragma: no cover
    from pygame.typing import ColorLike, RectLike

#: Seconds per frame that may go into building sprites of new sizes.  A build
#: starts only if the time it is expected to take (a running average) still
#: fits, so a frame never overshoots by a whole tile (issue 14: the first frame
#: after a zoom step change under 8 ms at 1080p).
BUILD_BUDGET_S = 0.0025
#: Sizes of the masters that markers and the station are scaled from, and the
#: pixel memory the scaled copies may hold together (least recently used go first).
MARKER_MASTER = 96
STATION_MASTER = 512
SCALED_BUDGET_BYTES = 24 * 1024 * 1024
#: Stand-ins kept at most (a zoom step's tiles, a few times over); past it they start again.
STAND_INS = 400
#: What a build of a kind never timed yet is assumed to cost, s.
FIRST_GUESS_S = 0.001


def _cached(key: tuple) -> bool:
    try:
        return key in assets._cache.items
    except AttributeError:  # an unknown cache: just build
        return True


#: The tile styles a player can pick: "auto" switches to numerals on small tiles.
STYLES = ("auto",) + tuple(assets.STYLES)


def top_of(game: str) -> int:
    """The highest number of ``game``'s set (12 for Mexican Train, 9 Cuban, 6 Jamaican)."""
    import importlib
    try:
        return int(getattr(importlib.import_module(f"rules.variants.{game}"), "TOP", assets.TOP))
    except ImportError:
        return assets.TOP


class Sprites:
    def __init__(self, style: str = "auto", palette: str = "standard", top: int = assets.TOP) -> None:
        self.style = style if style in STYLES else "auto"
        self.top = top  # the set's highest number: "auto" keeps pips smaller on a double-nine
        self.palette = palette if palette in assets.PALETTES else "standard"
        self.budget_s = BUILD_BUDGET_S
        self._spent = 0.0
        self._sizes: set[int] = set()  # short sides built so far
        self._scaled: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.scaled_bytes = 0
        self._cost: dict[str, float] = {}  # running average of one build, s, per kind
        self._nearest: dict[int, list[int]] = {}
        self.fallbacks = 0  # tiles drawn from a neighbouring size (this frame)
        self.deferred = 0  # halos stretched from a neighbour's or left for a later frame (this frame)
        self.backdrop_cached = False  # see ``felt``
        #: scaled stand-ins kept until their own sprite is built (see ``_stand_in``)
        self._stand_ins: dict[tuple, pygame.Surface] = {}
        #: The hand "auto" is held for, and the style held (None: not decided yet): ``hold``.
        self._held: tuple[Any, str | None] = (None, None)

    def hold(self, hand: Any, short: float, settled: bool = True) -> None:
        """Issue 40: "auto" resolved once per ``hand`` (a key naming it, such as its match and
        deal numbers): from the table's tile size ``short`` the first time the camera has
        ``settled`` on it, then kept for every tile drawn until ``hand`` changes."""
        if hand != self._held[0]:
            self._held = (hand, None)
        if self._held[1] is None and settled:
            self._held = (hand, assets.auto_style(short, self.top))

    def new_frame(self) -> None:
        self._spent = 0.0
        self.fallbacks = 0
        self.deferred = 0
        self._nearest = {}

    def face(self, first: int, second: int, short: int, vertical: bool,
             look: str = "face") -> pygame.Surface:
        """Tile [first|second], ``first`` left or on top, short side ``short`` px."""
        short = max(2, int(round(short)))
        o = "v" if vertical else "h"
        style = self.style_at(short)
        surf = assets.cached(("face", first, second, short, style, o, self.palette, look))
        if surf is not None:
            self._sizes.add(short)  # built here or by another table: a stand-in source either way
            return surf
        # the first face of a size also builds that size's halves (several times the cost of
        # the next faces): timed apart, or its cost would hold back every later build
        kind = "face" if short in self._sizes else "face_new_size"
        if not self._affords(kind):
            stand_in = self._stand_in(first, second, short, o, look)
            if stand_in is not None:
                self.fallbacks += 1
                return stand_in
        surf = self._timed(kind, lambda: assets.tile_surface(first, second, short, style, o,
                                                             self.palette, look))
        self._sizes.add(short)
        self._stand_ins.pop((first, second, short, o, look, style, self.palette), None)
        return surf

    def _affords(self, kind: str) -> bool:
        """Whether this frame's budget still has room for one build of ``kind`` (the first
        build of a frame always has: a step is filled in however slow the machine)."""
        return self._spent == 0.0 or self._spent + self._cost.get(kind, FIRST_GUESS_S) <= self.budget_s

    def _timed(self, kind: str, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        t0 = time.perf_counter()
        out = build()
        took = time.perf_counter() - t0
        self._spent += took
        self._cost[kind] = took if kind not in self._cost else 0.7 * self._cost[kind] + 0.3 * took
        return out

    def style_at(self, short: int) -> str:
        """The style a tile of short side ``short`` px is drawn in ("auto" resolved)."""
        if self.style != "auto":
            return self.style
        return self._held[1] or assets.auto_style(short, self.top)

    def _stand_in(self, first: int, second: int, short: int, o: str, look: str) -> pygame.Surface | None:
        # the nearest size already built, in the style this size will have once built (or,
        # when "auto" has just crossed to a style not built yet, in the other style); a
        # lifted tile (one at a time, in the hand) is simply built
        if look == "lifted":
            return None
        wanted = (first, second, short, o, look, self.style_at(short), self.palette)
        kept = self._stand_ins.get(wanted)
        if kept is not None:  # made in an earlier frame: a zoom step takes a few to fill in
            return kept
        target = self.style_at(short)
        sizes = self._nearest.get(short)
        if sizes is None:   # sorted once per size and frame, not once per tile
            sizes = self._nearest[short] = sorted(self._sizes, key=lambda s: abs(s - short))
        for style in (target,) + tuple(s for s in assets.STYLES if s != target):
            for size in sizes:
                src = assets.cached(("face", first, second, size, style, o, self.palette, look))
                if src is not None:
                    made = pygame.transform.scale(src, (2 * short, short) if o == "h" else (short, 2 * short))
                    if len(self._stand_ins) >= STAND_INS:
                        self._stand_ins.clear()
                    self._stand_ins[wanted] = made
                    return made
        return None

    def back(self, short: int, vertical: bool = True, look: str = "face") -> pygame.Surface:
        return assets.tile_back(short, "v" if vertical else "h", look)

    # the table's surroundings: drawn from cached surfaces, one blit each
    def felt(self, surface: pygame.Surface, rect: RectLike) -> pygame.Rect:
        """The textured felt with its vignette and rail over ``rect``, in place of a flat fill;
        returns the part inside the rail, which the world's drawing is clipped to.

        A scene that keeps the felt in a cached backdrop of its own (the table scene, which
        copies felt, status bar and bottom panel in one blit a frame) sets
        ``backdrop_cached``, and the felt is then not drawn again."""
        r = pygame.Rect(rect)
        if not self.backdrop_cached:
            surface.blit(assets.table_surface(r.size), r.topleft)
        return assets.inside_rail(r)

    def panel(self, surface: pygame.Surface, rect: RectLike) -> None:
        """Dark leather with a brass top line, in place of a panel's flat fill."""
        r = pygame.Rect(rect)
        surface.blit(assets.panel_surface(r.size), r.topleft)

    def halo(self, short: int, vertical: bool, colour: ColorLike,
             essential: bool = True) -> tuple[pygame.Surface, int] | None:
        """A glow around a tile; a merely decorative one (``essential=False``) may wait for a
        later frame when this frame's budget is spent (returns None)."""
        o = "v" if vertical else "h"
        short = max(2, int(round(short)))
        tint = assets.rgb(colour)
        key = ("glow", short, o, tint)
        margin = assets.highlight_margin(short)
        if not _cached(key) and not self._affords("glow"):
            self.deferred += 1
            if not essential:
                return None  # decoration only: the next frames build it
            for size in sorted(self._sizes, key=lambda s: abs(s - short)):
                if _cached(("glow", size, o, tint)):  # a neighbour's halo, stretched, for now
                    w, h = (2 * short, short) if o == "h" else (short, 2 * short)
                    src = assets.highlight_surface(size, o, tint)
                    return pygame.transform.scale(src, (w + 2 * margin, h + 2 * margin)), margin
        if _cached(key):  # not a build: its microseconds must not count against the budget
            return assets.highlight_surface(short, o, tint), margin
        surf = self._timed("glow", lambda: assets.highlight_surface(short, o, tint))
        return surf, margin

    def marker(self, size: int, colour: ColorLike) -> pygame.Surface:
        """The marker token tinted with a seat colour (MT-12), scaled from one master per colour."""
        size = max(2, int(round(size)))
        tint = assets.rgb(colour)
        return self._scaled_master(("marker", tint, size),
                                   lambda: assets.marker_surface(MARKER_MASTER, tint), (size, size))

    def station(self, size: int) -> pygame.Surface:
        """The station hub (MT-4), scaled from the art's own size (or from its half, for a
        station of at most that: a quarter of the pixels to read at each zoom step)."""
        size = max(2, int(round(size)))
        master = STATION_MASTER if size > STATION_MASTER // 2 else STATION_MASTER // 2
        return self._scaled_master(("station", size), lambda: assets.station_surface(master), (size, size))

    def _scaled_master(self, key: tuple, master: Callable[[], pygame.Surface], dims: tuple[int, int]) -> pygame.Surface:
        # one high-quality master from game.assets, then a smoothscale per zoom step; past
        # this frame's budget a fast plain scale stands in (not kept) until a later frame
        surf = self._scaled.get(key)
        if surf is not None:
            self._scaled.move_to_end(key)
            return surf
        src = master()
        if src.get_size() == dims:
            return src
        if not self._affords(key[0]):
            self.fallbacks += 1
            return pygame.transform.scale(src, dims)
        surf = self._timed(key[0], lambda: pygame.transform.smoothscale(src, dims))
        self._scaled[key] = surf
        self.scaled_bytes += dims[0] * dims[1] * 4
        while self.scaled_bytes > SCALED_BUDGET_BYTES and len(self._scaled) > 1:
            _, old = self._scaled.popitem(last=False)
            self.scaled_bytes -= old.get_width() * old.get_height() * 4
        return surf
