"""Art, fonts and theme, found beside the code (or in a PyInstaller bundle).

Paths never depend on the current directory: from source the resource root is
the checkout (``art/``, ``fonts/``, ``locales/`` next to ``game/``); frozen by
PyInstaller it is ``sys._MEIPASS``.

Tiles are composed from the generated art (tools/make_art.py): each end is
its half of the blank body with an upright half face on it, built at the
art's base resolution (128 px) and resampled once per size (premultiplied
area average when shrinking, bilinear when growing); a tile is two such ends
side by side, cached.  Sizes are in screen pixels of the tile's SHORT side:
a tile of ``size_px`` is ``size_px`` x ``2 * size_px`` (vertical) or
``2 * size_px`` x ``size_px`` (horizontal).

API::

    resource_path("art", "station.png") -> Path
    font(size, bold=False) -> pygame.font.Font                    (cached)
    theme() -> dict                        # pygame_gui theme, absolute font paths
    half_face(n, style="pips", palette="standard") -> Surface     (base size)
    tile_surface(first, second, size_px, style="pips", orientation="h",
                 palette="standard", look="face") -> Surface      (cached)
        # first is drawn left ("h") or on top ("v"); looks: "face", "ghost", "dim",
        # "lifted" (the only one larger than the tile: its shadow falls right and below)
    tile_back(size_px, orientation="v") -> Surface                (cached)
    highlight_surface(size_px, orientation="h", colour=...) -> Surface
    highlight_margin(size_px) -> int      # blit the halo at tile_rect.topleft - margin
    marker_surface(size_px, colour=None) -> Surface   # token tinted with a seat colour
    station_surface(size_px) -> Surface
    felt_surface((w, h)) -> Surface        # textured felt with a vignette (opaque, cached per size)
    rail_surfaces((w, h)) -> list[(Surface, (x, y))]  # the wooden rail round a felt of that size
    table_surface((w, h)) -> Surface       # the felt framed by its rail, one opaque surface
    inside_rail(rect) -> Rect              # where the world is drawn on a table at rect
    panel_surface((w, h)) -> Surface       # dark leather for the panels (opaque)
    button_surface((w, h), colour, radius) -> Surface   # a button face lit from above
    auto_style(size_px, top=12) -> "pips" | "numerals"   # the "auto" tile style (issue 11)
    number_colour(n, palette="standard") -> pygame.Color
    table_colour(name) -> pygame.Color     # "felt", "text", "accent", "mexican_train" ...
    snap_size(px) -> int                   # nearest step of SIZE_STEPS, to reuse caches
    sprite_info(surface) -> tuple | None   # ("face", a, b, ...) / ("back", ...) for tests
    prewarm(size_px, style, palette, orientations=("h", "v"))
    clear_caches()

Call these after ``pygame.init()``; surfaces are converted for fast blits
when a display surface exists (``after_set_mode()`` forgets what was built before one;
the window calls it).
"""
from __future__ import annotations

import json
import sys
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import numpy as np
import pygame

STYLES = ("pips", "numerals")
PALETTES = ("standard", "colour_blind")
ORIENTATIONS = ("h", "v")
LOOKS = ("face", "ghost", "dim", "lifted")
TOP = 12                      # double-twelve: numbers 0..12

GHOST_ALPHA = 150             # a ghost preview (UX-1) is the tile, see-through
DIM_FACTOR = 0.55             # tiles with no legal play are darkened to this
#: Pixel memory of every scaled sprite together (tiles of every zoom step and
#: style, backs, halos, felts); the least recently used go first past it.
CACHE_BUDGET_BYTES = 96 * 1024 * 1024
#: Pixel memory of the window-sized surfaces (felt, rail, the felt with its rail, panels)
#: together, kept apart from the sprites': a 4K felt alone is 33 MB and would push a
#: zoom sweep's tiles out (issue 14: tiles drawn from stand-ins frame after frame).
BACKDROP_BUDGET_BYTES = 80 * 1024 * 1024
#: "auto" tile style: below this short side (px) pips are replaced by numerals,
#: for a double-twelve set (Mexican Train) and for sets of at most nine pips
#: (the double-nine of Cuban dominoes, the double-six of Jamaican).  Measured
#: (art/README.md, tests/game/kits/test_sprites.py): the smallest size from which
#: the pips of every number, in both palettes, still come out as separate blobs
#: after a 1.4 px blur standing for the eye at couch distance.
NUMERALS_BELOW_PX = 36
NUMERALS_BELOW_PX_TO_NINE = 26

#: Tile short-side sizes the renderer can snap its zoom to, so that zooming
#: reuses cached sprites (every px up to 24, then 7.5% apart, up to 538 px).
SIZE_STEPS: tuple[int, ...] = tuple(sorted(set(range(6, 25)) | {round(24 * 1.075 ** k) for k in range(44)}))


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


_warm: set[tuple[int, bool]] = set()  # font sizes rendered once already (``warm_fonts``)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled Noto Sans (Latin and Cyrillic) at ``size`` px, cached."""
    key = (max(1, int(size)), bool(bold))
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _fonts[key] = pygame.font.Font(str(font_path(bold)), key[0])
    return f


def warm_fonts(sizes) -> None:
    """Render once at each of ``sizes`` (both weights), so that no frame pays for it later:
    FreeType's first render at a size costs about 1.7 ms, and a zoom step that brings
    the names on the felt to a new size would pay it a dozen times in one frame
    (issue 14: the first frame after a zoom step change under 8 ms)."""
    for size in sizes:
        for bold in (False, True):
            key = (max(1, int(size)), bold)
            if key not in _warm:
                font(*key).render("0", True, (0, 0, 0))
                _warm.add(key)


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


def rgb(colour) -> tuple[int, int, int]:
    """Any colour pygame reads (a name, a Color, a tuple) as an (r, g, b) key."""
    c = pygame.Color(colour)
    return (c.r, c.g, c.b)


def table_colour(name: str) -> pygame.Color:
    return pygame.Color(manifest()["table"][name])


# -------------------------------------------------------------------- images

_images: dict[str, pygame.Surface] = {}
_halves: dict[tuple[int, str, str], pygame.Surface] = {}


#: Something was cached with no display to convert it for (``after_set_mode`` forgets it all)
_built_headless = False


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display; headless tools and tests may have none.
    global _built_headless
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    _built_headless = True
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
_backdrops = _SpriteCache(BACKDROP_BUDGET_BYTES)


def cached(key: tuple) -> pygame.Surface | None:
    """The sprite cached under ``key`` (see ``sprite_info`` for the keys) or None; the
    renderer's fast path, without building anything."""
    return _cache.get(key)


def cache_stats() -> dict[str, int]:
    """Entries, bytes and how many sprites were built so far (for tests and benchmarks)."""
    return {"entries": len(_cache.items), "bytes": _cache.bytes, "builds": _cache.builds,
            "budget": _cache.budget}


def clear_caches() -> None:
    """Forget every loaded image and sprite (after set_mode, or to free memory)."""
    _cache.clear()
    _backdrops.clear()
    _images.clear()
    _halves.clear()
    _fonts.clear()
    _warm.clear()
    _half_base.cache_clear()
    manifest.cache_clear()


def after_set_mode() -> None:
    """A display now exists: forget what was built without one. Unconverted surfaces blend a
    shade differently from converted ones, so a picture depended on whether a headless tool
    or test had drawn first in the same process (two identical screenshots differed by one
    pixel value in a full test run)."""
    global _built_headless
    if _built_headless:
        clear_caches()
        _built_headless = False


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


@lru_cache(maxsize=256)
def _taps(n_src: int, n_dst: int) -> tuple[np.ndarray, np.ndarray]:
    """Resampling taps along one axis: source indices and weights, each (n_dst, k).

    Area average when shrinking (every source pixel counted by its overlap),
    linear interpolation when growing.  Gathering a few taps is used instead
    of a matrix product because a threaded BLAS on a busy 2-core machine was
    measured 50x slower than this for these small products.
    """
    scale = n_src / n_dst
    if n_dst <= n_src:
        k = int(np.ceil(scale)) + 1
        idx = np.zeros((n_dst, k), dtype=np.intp)
        w = np.zeros((n_dst, k), dtype=np.float32)
        for i in range(n_dst):
            lo, hi = i * scale, (i + 1) * scale
            for t, j in enumerate(range(int(lo), min(n_src, int(np.ceil(hi))))):
                idx[i, t] = j
                w[i, t] = (min(hi, j + 1) - max(lo, j)) / scale
    else:
        x = np.clip((np.arange(n_dst) + 0.5) * scale - 0.5, 0.0, n_src - 1.0)
        j = np.minimum(x.astype(np.intp), n_src - 2 if n_src > 1 else 0)
        f = (x - j).astype(np.float32)
        idx = np.stack([j, np.minimum(j + 1, n_src - 1)], axis=1)
        w = np.stack([1.0 - f, f], axis=1).astype(np.float32)
    return idx, w


def _resample_axis0(px: np.ndarray, n_dst: int) -> np.ndarray:
    idx, w = _taps(px.shape[0], n_dst)
    out = px[idx[:, 0]] * w[:, 0, None, None]
    for t in range(1, idx.shape[1]):
        out += px[idx[:, t]] * w[:, t, None, None]
    return out


def _premultiplied(surface: pygame.Surface) -> np.ndarray:
    """(w, h, 4) float32 pixels with colour premultiplied by alpha."""
    rgb = pygame.surfarray.array3d(surface).astype(np.float32)
    alpha = pygame.surfarray.array_alpha(surface).astype(np.float32)
    return np.concatenate([rgb * (alpha[..., None] / 255.0), alpha[..., None]], axis=2)


def _resampled(px: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    if px.shape[:2] == size:
        return px
    px = _resample_axis0(px, size[0])
    return _resample_axis0(px.transpose(1, 0, 2), size[1]).transpose(1, 0, 2)


def _to_surface(px: np.ndarray) -> pygame.Surface:
    """A SRCALPHA surface from premultiplied (w, h, 4) float pixels."""
    a = px[..., 3]
    safe = np.where(a > 0, a, 1.0)
    rgb = np.clip(np.rint(px[..., :3] * (255.0 / safe)[..., None]), 0, 255).astype(np.uint8)
    out = pygame.Surface(px.shape[:2], pygame.SRCALPHA, 32)
    pygame.surfarray.blit_array(out, rgb)
    pygame.surfarray.pixels_alpha(out)[...] = np.clip(np.rint(a), 0, 255).astype(np.uint8)
    return out


def _scaled(base: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``base`` resampled to ``size`` with premultiplied alpha.

    pygame's smoothscale lets opaque pixels drift to alpha 252-253 at most
    factors and bleeds the black of transparent pixels into the edges; this
    keeps opaque art opaque and edges clean, and is exact and deterministic.
    """
    if base.get_size() == size:
        return base.copy()
    if size[0] > base.get_width() and size[1] > base.get_height():
        # growing: smoothscale is bilinear there, keeps alpha and is much faster
        return pygame.transform.smoothscale(base, size)
    return _to_surface(_resampled(_premultiplied(base), size))


#: every end of one palette in both styles and orientations (13 x 2 x 2 x 2), 256 KB each:
#: the "auto" style uses both styles at once, and a smaller cache would thrash
@lru_cache(maxsize=112)
def _half_base(n: int, slot: int, style: str, palette: str, orientation: str) -> np.ndarray:
    """One end of a tile at base size: its half of the body with face n on it
    (slot 0 = left/top, 1 = right/bottom), premultiplied."""
    half = manifest()["half_px"]
    x, y = (slot * half, 0) if orientation == "h" else (0, slot * half)
    square = image(f"tile_{orientation}.png").subsurface((x, y, half, half)).copy()
    square.blit(half_face(n, style, palette), (0, 0))
    return _premultiplied(square)


def _half_sprite(n: int, slot: int, size_px: int, style: str, palette: str,
                 orientation: str) -> pygame.Surface:
    # A tile's two ends scale independently (the divider sits on a pixel
    # edge at every size), so each size needs 26 resamplings, not 169.
    key = ("half", n, slot, size_px, style, palette, orientation)
    surf = _cache.get(key)
    if surf is None:
        half = manifest()["half_px"]
        if size_px > half:
            surf = pygame.transform.smoothscale(
                _to_surface(_half_base(n, slot, style, palette, orientation)), (size_px, size_px))
        else:
            surf = _to_surface(_resampled(
                _half_base(n, slot, style, palette, orientation), (size_px, size_px)))
        surf = _cache.put(key, surf)
    return surf


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
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be 'h' or 'v', not {orientation!r}")
    size_px = max(2, int(round(size_px)))
    key = ("face", first, second, size_px, style, orientation, palette, look)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface(_dims(size_px, orientation), pygame.SRCALPHA, 32)
    # blitting onto fully transparent pixels copies the source exactly
    surf.blit(_half_sprite(first, 0, size_px, style, palette, orientation), (0, 0))
    surf.blit(_half_sprite(second, 1, size_px, style, palette, orientation),
              (size_px, 0) if orientation == "h" else (0, size_px))
    if look == "dim":
        f = int(255 * DIM_FACTOR)
        surf.fill((f, f, f, 255), special_flags=pygame.BLEND_RGBA_MULT)
    elif look == "ghost":
        surf.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
    elif look == "lifted":
        surf = _lifted(surf, size_px, orientation)
    return _cache.put(key, _prepare(surf))


def lift_offset(size_px: int) -> tuple[int, int]:
    """How far right and down a lifted tile's shadow falls, px (the extra size of its sprite)."""
    return max(1, round(size_px * 0.08)), max(2, round(size_px * 0.16))


def _lifted(tile: pygame.Surface, size_px: int, orientation: str) -> pygame.Surface:
    # the tile at (0, 0) over a wide soft shadow moved right and down: the tile looks raised
    dx, dy = lift_offset(size_px)
    w, h = tile.get_size()
    m = max(1, round(manifest()["lift_margin"] * size_px / manifest()["half_px"]))
    shadow = _scaled(image(f"lift_{orientation}.png"), (w + 2 * m, h + 2 * m))
    out = pygame.Surface((w + dx + m, h + dy + m), pygame.SRCALPHA, 32)
    out.blit(shadow, (dx - m, dy - m))
    out.blit(tile, (0, 0))
    return out


def tile_back(size_px: int, orientation: str = "v", look: str = "face") -> pygame.Surface:
    """The back of a tile (a hidden hand, the boneyard), cached per size; ``look`` "ghost"
    is see-through, for where a phone's previewed tile would go (UX-9: where, not what)."""
    size_px = max(2, int(round(size_px)))
    key = ("back", size_px, orientation) if look == "face" else ("back", size_px, orientation, look)
    surf = _cache.get(key)
    if surf is None:
        back = _scaled(image(f"back_{orientation}.png"), _dims(size_px, orientation))
        if look == "ghost":
            back = back.copy()
            back.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        surf = _cache.put(key, _prepare(back))
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
    colour = rgb(colour)
    key = ("glow", size_px, orientation, colour)
    surf = _cache.get(key)
    if surf is None:
        m = highlight_margin(size_px)
        w, h = _dims(size_px, orientation)
        # a halo has no detail: smoothscale's alpha is good enough, and 20x faster than the
        # premultiplied resampling at a new zoom step; its colour is then set exactly
        surf = pygame.transform.smoothscale(image(f"glow_{orientation}.png"), (w + 2 * m, h + 2 * m))
        pygame.surfarray.pixels3d(surf)[...] = colour
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


# ---------------------------------------------------------- felt, rail, panel

def _tiled(name: str, size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface of ``size`` covered with the seamless art/ texture ``name``."""
    tex = image(name)
    out = _prepare_opaque(pygame.Surface(size))
    tw, th = tex.get_size()
    out.fblits([(tex, (x, y)) for y in range(0, size[1], th) for x in range(0, size[0], tw)])
    return out


def _has_display() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def rail_px(size: tuple[int, int]) -> int:
    """The rail's width round a felt of ``size``: thin on a small window, never cramped."""
    return max(6, min(28, round(min(size) * 0.022)))


def _vignette(size: tuple[int, int], rail: int) -> pygame.Surface:
    """A multiply mask: 255 in the middle, darker towards the corners and in the rail's shadow.

    Computed at an eighth of the size and smoothed up: the mask has no detail,
    and a 4K window then costs a few milliseconds once, not a frame per size.
    """
    w, h = max(2, size[0] // 8), max(2, size[1] // 8)
    xx, yy = np.mgrid[0:w, 0:h].astype(np.float32)
    u = (xx + 0.5) / w * 2 - 1
    v = (yy + 0.5) / h * 2 - 1
    r = np.sqrt(u * u * 0.85 + v * v)
    t = np.clip((r - 0.55) / 0.75, 0, 1)
    light = 1.0 - 0.38 * t * t * (3 - 2 * t)
    edge = np.minimum.reduce([xx + 0.5, w - xx - 0.5, yy + 0.5, h - yy - 0.5]) * 8 - rail
    light *= 1.0 - 0.35 * np.exp(-np.maximum(edge, 0) / max(2.0, rail * 0.6))
    small = pygame.Surface((w, h))
    grey = np.clip(light * 255, 0, 255).astype(np.uint8)
    pygame.surfarray.blit_array(small, np.repeat(grey[..., None], 3, axis=2))
    return pygame.transform.smoothscale(small, size)


def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt for a viewport of ``size``: texture, vignette and the rail's shadow
    (opaque, cached per size; blit it in place of a fill)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("felt", size)
    surf = _backdrops.get(key)
    if surf is None:
        surf = _backdrops.put(key, _felt(size))
    return surf


def _felt(size: tuple[int, int]) -> pygame.Surface:
    surf = _tiled("felt.png", size)
    surf.blit(_vignette(size, rail_px(size)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def rail_surfaces(size: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The wooden rail round a felt of ``size``: four opaque strips and where they go
    (offsets from the felt's top-left).  Draw them after the tiles, which pass under it."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("rail", size)
    strips = _backdrops.get(key)
    if strips is None:
        rw = rail_px(size)
        src = image("rail.png")
        k = rw / src.get_height()
        piece = pygame.transform.smoothscale(src, (max(1, round(src.get_width() * k)), rw))
        top = pygame.Surface((size[0], rw))
        top.fblits([(piece, (x, 0)) for x in range(0, size[0], piece.get_width())])
        side = pygame.Surface((size[1], rw))
        side.fblits([(piece, (x, 0)) for x in range(0, size[1], piece.get_width())])
        left = pygame.transform.rotate(side, 90)          # outer edge towards the left
        parts = [top, pygame.transform.flip(top, False, True), left, pygame.transform.flip(left, True, False)]
        # one surface holding the four strips, so one cache entry (and its bytes) covers them
        strips = pygame.Surface((size[0] + 2 * rw, 2 * rw + size[1]))
        strips.blit(parts[0], (0, 0))
        strips.blit(parts[1], (0, rw))
        strips.blit(parts[2], (size[0], 0))
        strips.blit(parts[3], (size[0] + rw, 0))
        strips = _backdrops.put(key, _prepare_opaque(strips))
    rw = rail_px(size)
    w, h = size
    return [(strips.subsurface((0, 0, w, rw)), (0, 0)),
            (strips.subsurface((0, rw, w, rw)), (0, h - rw)),
            (strips.subsurface((w, 0, rw, h)), (0, 0)),
            (strips.subsurface((w + rw, 0, rw, h)), (w - rw, 0))]


def table_surface(size: tuple[int, int]) -> pygame.Surface:
    """The felt of ``size`` framed by its rail: what the table stands on, in one opaque,
    cached surface (one blit a frame).  Whatever lies on the table is drawn clipped to
    ``inside_rail``, so it passes under the rail as it did when the rail was drawn last."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("table", size)
    surf = _backdrops.get(key)
    if surf is None:
        surf = _felt(size)  # not kept apart: only the framed felt is drawn (a 4K felt is 33 MB)
        surf.fblits(rail_surfaces(size))
        surf = _backdrops.put(key, surf)
    return surf


def inside_rail(rect) -> pygame.Rect:
    """The part of a felt at ``rect`` inside its rail (where tiles and names are drawn)."""
    r = pygame.Rect(rect)
    rw = min(rail_px(r.size), r.width // 2, r.height // 2)
    return r.inflate(-2 * rw, -2 * rw)


def _prepare_opaque(surface: pygame.Surface) -> pygame.Surface:
    global _built_headless
    if _has_display():
        return surface.convert()
    _built_headless = True
    return surface


def panel_surface(size: tuple[int, int]) -> pygame.Surface:
    """Dark leather for a panel of ``size`` with a lit top edge and a brass line (opaque, cached)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("panel", size)
    surf = _backdrops.get(key)
    if surf is None:
        surf = _tiled("panel.png", size)
        w, h = size
        for i in range(min(6, h)):   # shade just under the top edge: the panel sits below the rail
            shade = pygame.Surface((w, 1))
            f = 150 + i * 17
            shade.fill((f, f, f))
            surf.blit(shade, (0, i), special_flags=pygame.BLEND_RGB_MULT)
        pygame.draw.line(surf, (196, 160, 72), (0, 0), (w, 0), 2)
        surf = _backdrops.put(key, surf)
    return surf


def button_surface(size: tuple[int, int], colour, radius: int) -> pygame.Surface:
    """A rounded button face of ``colour`` lit from above like the tiles (a vertical
    gradient), cached per size, colour and radius; draw its border over it."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    rgb = tuple(pygame.Color(colour))[:3]
    key = ("button", size, rgb, int(radius))
    surf = _cache.get(key)
    if surf is None:
        w, h = size
        shade = np.linspace(1.18, 0.82, h, dtype=np.float32)
        col = np.clip(np.array(rgb, np.float32)[None, :] * shade[:, None], 0, 255).astype(np.uint8)
        face = pygame.Surface(size, pygame.SRCALPHA, 32)
        pygame.surfarray.blit_array(face, np.broadcast_to(col[None, :, :], (w, h, 3)).copy())
        mask = pygame.Surface(size, pygame.SRCALPHA, 32)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(radius))
        face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf = _cache.put(key, _prepare(face))
    return surf


def auto_style(size_px: float, top: int = TOP) -> str:
    """The "auto" tile style at a short side of ``size_px`` in a set whose highest number
    is ``top``: numerals below the size where its pips stop being countable from a couch
    (``NUMERALS_BELOW_PX``, or ``NUMERALS_BELOW_PX_TO_NINE`` for a set up to nine), pips from it."""
    return "numerals" if size_px < (NUMERALS_BELOW_PX if top > 9 else NUMERALS_BELOW_PX_TO_NINE) else "pips"


def prewarm(size_px: int, style: str = "pips", palette: str = "standard",
            orientations: Iterable[str] = ORIENTATIONS, look: str = "face") -> int:
    """Build every tile of the double-twelve set at one size (both end orders).

    Returns how many tile sprites were built; call it when the zoom settles.
    """
    size_px = max(2, int(round(size_px)))
    built = 0
    for o in orientations:
        for a in range(TOP + 1):
            for b in range(TOP + 1):
                built += ("face", a, b, size_px, style, o, palette, look) not in _cache.items
                tile_surface(a, b, size_px, style, o, palette, look)
    return built
