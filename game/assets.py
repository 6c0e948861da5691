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

import numpy as np
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
    _half_base.cache_clear()
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


@lru_cache(maxsize=64)
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
