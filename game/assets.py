"""Art, fonts and theme, found beside the code (or in a PyInstaller bundle).

Paths never depend on the current directory: from source the resource root is
the checkout (``art/``, ``fonts/``, ``locales/`` next to ``game/``); frozen by
PyInstaller it is ``sys._MEIPASS``.

Tiles are composed from the generated art (tools/make_art.py): a blank body
plus two upright half faces, built at the art's base resolution and scaled
down once, then cached.  Sizes are in screen pixels of the tile's SHORT side:
a tile of ``size_px`` is ``size_px`` x ``2 * size_px`` (vertical) or
``2 * size_px`` x ``size_px`` (horizontal).

API::

    resource_path("art", "station.png") -> Path
    font(size, bold=False) -> pygame.font.Font                    (cached)
    theme() -> dict                        # pygame_gui theme, absolute font paths
    half_face(n, style="pips", palette="standard") -> Surface     (base size)
    tile_surface(first, second, size_px, style="pips", orientation="h",
                 palette="standard", look="face") -> Surface      (cached)
        # first is drawn left ("h") or on top ("v"); looks: "face", "ghost", "dim"
    tile_back(size_px, orientation="v") -> Surface                (cached)
    highlight_surface(size_px, orientation="h", colour=...) -> Surface
    highlight_margin(size_px) -> int      # blit the halo at tile_rect.topleft - margin
    marker_surface(size_px, colour=None) -> Surface   # token tinted with a seat colour
    station_surface(size_px) -> Surface
    number_colour(n, palette="standard") -> pygame.Color
    table_colour(name) -> pygame.Color     # "felt", "text", "accent", "mexican_train" ...
    snap_size(px) -> int                   # nearest step of SIZE_STEPS, to reuse caches
    sprite_info(surface) -> tuple | None   # ("face", a, b, ...) / ("back", ...) for tests
    prewarm(size_px, style, palette, orientations=("h", "v"))
    clear_caches()

Call these after ``pygame.init()``; surfaces are converted for fast blits
when a display surface exists (call ``clear_caches()`` after the first
``set_mode`` if anything was built before it).
"""
from __future__ import annotations

import json
import sys
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import pygame

STYLES = ("pips", "numerals")
PALETTES = ("standard", "colour_blind")
ORIENTATIONS = ("h", "v")
LOOKS = ("face", "ghost", "dim")
TOP = 12                      # double-twelve: numbers 0..12

GHOST_ALPHA = 150             # a ghost preview (UX-1) is the tile, see-through
DIM_FACTOR = 0.55             # tiles with no legal play are darkened to this
CACHE_BUDGET_BYTES = 192 * 1024 * 1024

#: Tile short-side sizes the renderer can snap its zoom to, so that zooming
#: reuses cached sprites (about 8% apart, from 6 px to 512 px).
SIZE_STEPS: tuple[int, ...] = tuple(sorted({round(6 * 1.08 ** k) for k in range(59)}))


# --------------------------------------------------------------------- paths

def resource_root() -> Path:
    """The folder holding art/, fonts/ and locales/ (source checkout or bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    """art/manifest.json: base sizes, palettes and table colours of the generated art."""
    return json.loads(resource_path("art", "manifest.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------- fonts

FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font_path(bold: bool = False) -> Path:
    return resource_path("fonts", FONT_FILES[bool(bold)])


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled Noto Sans (Latin and Cyrillic) at ``size`` px, cached."""
    key = (max(1, int(size)), bool(bold))
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _fonts[key] = pygame.font.Font(str(font_path(bold)), key[0])
    return f


def theme() -> dict[str, Any]:
    """art/theme.json for pygame_gui with font paths made absolute.

    Pass it as ``UIManager(size, theme_path=assets.theme())``: pygame_gui
    resolves relative paths from the current directory, which is wrong here.
    """
    data = json.loads(resource_path("art", "theme.json").read_text(encoding="utf-8"))

    def fix(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("regular_path", "bold_path", "italic_path", "bold_italic_path") and isinstance(v, str):
                    node[k] = str(resource_path(*v.split("/")))
                else:
                    fix(v)
        elif isinstance(node, list):
            for v in node:
                fix(v)

    fix(data)
    return data


# ------------------------------------------------------------------- colours

def number_colour(n: int, palette: str = "standard") -> pygame.Color:
    """The colour of number n's pips (for legends and hints)."""
    return pygame.Color(manifest()["palettes"][palette]["colours"][n])


def table_colour(name: str) -> pygame.Color:
    return pygame.Color(manifest()["table"][name])


# -------------------------------------------------------------------- images

_images: dict[str, pygame.Surface] = {}
_halves: dict[tuple[int, str, str], pygame.Surface] = {}


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display; headless tools and tests may have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def image(name: str) -> pygame.Surface:
    """An art/ PNG at its base resolution (cached; do not draw on it)."""
    surf = _images.get(name)
    if surf is None:
        surf = _images[name] = _prepare(pygame.image.load(str(resource_path("art", name))))
    return surf


def _check(style: str, palette: str) -> None:
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}, not {style!r}")
    if palette not in PALETTES:
        raise ValueError(f"palette must be one of {PALETTES}, not {palette!r}")


def half_face(n: int, style: str = "pips", palette: str = "standard") -> pygame.Surface:
    """The upright half face of number n (0..12) at base size, transparent around the marks."""
    _check(style, palette)
    if not 0 <= n <= TOP:
        raise ValueError(f"no half face for {n}; numbers run 0..{TOP}")
    key = (n, style, palette)
    surf = _halves.get(key)
    if surf is None:
        half = manifest()["half_px"]
        sheet = image(f"faces_{style}_{palette}.png")
        surf = _halves[key] = sheet.subsurface((n * half, 0, half, half)).copy()
    return surf


# ------------------------------------------------------------- sized sprites

class _SpriteCache:
    """LRU of scaled sprites bounded by their pixel memory, with a reverse index
    from surface to what it shows (``sprite_info``)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self.items: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.info: dict[int, tuple] = {}
        self.builds = 0

    def get(self, key: tuple) -> pygame.Surface | None:
        surf = self.items.get(key)
        if surf is not None:
            self.items.move_to_end(key)
        return surf

    def put(self, key: tuple, surf: pygame.Surface) -> pygame.Surface:
        self.builds += 1
        self.items[key] = surf
        self.info[id(surf)] = key
        self.bytes += surf.get_width() * surf.get_height() * 4
        while self.bytes > self.budget and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.info.pop(id(old), None)
            self.bytes -= old.get_width() * old.get_height() * 4
        return surf

    def clear(self) -> None:
        self.items.clear()
        self.info.clear()
        self.bytes = 0


_cache = _SpriteCache(CACHE_BUDGET_BYTES)


def cache_stats() -> dict[str, int]:
    """Entries, bytes and how many sprites were built so far (for tests and benchmarks)."""
    return {"entries": len(_cache.items), "bytes": _cache.bytes, "builds": _cache.builds}


def clear_caches() -> None:
    """Forget every loaded image and sprite (after set_mode, or to free memory)."""
    _cache.clear()
    _images.clear()
    _halves.clear()
    _fonts.clear()
    manifest.cache_clear()


def sprite_info(surface: pygame.Surface) -> tuple | None:
    """What a sprite from this module shows, or None for any other surface.

    Faces: ("face", first, second, size_px, style, orientation, palette, look);
    backs: ("back", size_px, orientation).  Lets a test prove that no face of a
    hidden hand was blitted.
    """
    return _cache.info.get(id(surface))


def snap_size(px: float) -> int:
    """The SIZE_STEPS entry nearest to ``px`` (ratio-wise)."""
    px = max(float(px), 1.0)
    return min(SIZE_STEPS, key=lambda s: abs((s / px) - 1.0) if s >= px else abs((px / s) - 1.0))


def _dims(size_px: int, orientation: str) -> tuple[int, int]:
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be 'h' or 'v', not {orientation!r}")
    return (2 * size_px, size_px) if orientation == "h" else (size_px, 2 * size_px)


def _scaled(base: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    if base.get_size() == size:
        return base.copy()
    # smoothscale needs 24/32-bit surfaces; our PNGs are 32-bit RGBA
    return pygame.transform.smoothscale(base, size)


def tile_surface(first: int, second: int, size_px: int, style: str = "pips",
                 orientation: str = "h", palette: str = "standard",
                 look: str = "face") -> pygame.Surface:
    """The face of tile [first|second] with its short side ``size_px`` px.

    ``first`` is drawn on the left ("h") or on top ("v"); pass the ends in
    the order the table shows them (a train's open end last, say).  ``look``:
    "face"; "ghost" (see-through, for the preview of a move, UX-1); "dim"
    (darkened, for tiles that cannot be played).  Cached per argument set;
    treat the result as read-only.
    """
    _check(style, palette)
    if look not in LOOKS:
        raise ValueError(f"look must be one of {LOOKS}, not {look!r}")
    size_px = max(2, int(round(size_px)))
    key = ("face", first, second, size_px, style, orientation, palette, look)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    half = manifest()["half_px"]
    body = image(f"tile_{orientation}.png").copy()
    a, b = half_face(first, style, palette), half_face(second, style, palette)
    if orientation == "h":
        body.blit(a, (0, 0))
        body.blit(b, (half, 0))
    else:
        body.blit(a, (0, 0))
        body.blit(b, (0, half))
    surf = _scaled(body, _dims(size_px, orientation))
    if look == "dim":
        f = int(255 * DIM_FACTOR)
        surf.fill((f, f, f, 255), special_flags=pygame.BLEND_RGBA_MULT)
    elif look == "ghost":
        surf.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
    return _cache.put(key, _prepare(surf))


def tile_back(size_px: int, orientation: str = "v") -> pygame.Surface:
    """The back of a tile (a hidden hand, the boneyard), cached per size."""
    size_px = max(2, int(round(size_px)))
    key = ("back", size_px, orientation)
    surf = _cache.get(key)
    if surf is None:
        surf = _cache.put(key, _prepare(_scaled(image(f"back_{orientation}.png"),
                                                _dims(size_px, orientation))))
    return surf


def highlight_margin(size_px: int) -> int:
    """How far the highlight halo reaches beyond the tile, in px."""
    return max(1, round(manifest()["glow_margin"] * size_px / manifest()["half_px"]))


def highlight_surface(size_px: int, orientation: str = "h",
                      colour: tuple[int, int, int] | pygame.Color = (255, 214, 90)) -> pygame.Surface:
    """A halo to draw around a tile (legal target, selection, cursor).

    Its size is the tile's plus ``highlight_margin(size_px)`` on every side.
    """
    size_px = max(2, int(round(size_px)))
    colour = tuple(pygame.Color(colour))[:3]
    key = ("glow", size_px, orientation, colour)
    surf = _cache.get(key)
    if surf is None:
        m = highlight_margin(size_px)
        w, h = _dims(size_px, orientation)
        surf = _scaled(image(f"glow_{orientation}.png"), (w + 2 * m, h + 2 * m))
        surf.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf = _cache.put(key, _prepare(surf))
    return surf


def marker_surface(size_px: int, colour: tuple[int, int, int] | pygame.Color | None = None) -> pygame.Surface:
    """The train marker token, ``size_px`` square, its ring tinted with ``colour``."""
    size_px = max(2, int(round(size_px)))
    tint = None if colour is None else tuple(pygame.Color(colour))[:3]
    key = ("marker", size_px, tint)
    surf = _cache.get(key)
    if surf is None:
        surf = _scaled(image("marker.png"), (size_px, size_px))
        if tint is not None:
            surf.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf = _cache.put(key, _prepare(surf))
    return surf


def station_surface(size_px: int) -> pygame.Surface:
    """The round station hub, ``size_px`` across.

    Its centre recess fits a horizontal tile whose short side is
    ``size_px * 128 / 512`` (the engine double at the same zoom as the trains
    when the station is four tile short-sides across).
    """
    size_px = max(2, int(round(size_px)))
    key = ("station", size_px)
    surf = _cache.get(key)
    if surf is None:
        surf = _cache.put(key, _prepare(_scaled(image("station.png"), (size_px, size_px))))
    return surf


def prewarm(size_px: int, style: str = "pips", palette: str = "standard",
            orientations: Iterable[str] = ORIENTATIONS, look: str = "face") -> int:
    """Build every tile of the double-twelve set at one size (both end orders).

    Returns how many sprites were built; call it when the zoom settles.
    """
    before = _cache.builds
    for o in orientations:
        for a in range(TOP + 1):
            for b in range(TOP + 1):
                tile_surface(a, b, size_px, style, o, palette, look)
    return _cache.builds - before
