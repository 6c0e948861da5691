"""Generate the tile art into art/ (the output is committed).

    python tools/make_art.py [--out DIR] [--preview SHEET.png]

Everything is drawn with numpy from signed distance functions with analytic
anti-aliasing, at a high base resolution (a half face is 128 x 128 px) so the
renderer's downscaling stays crisp.  pygame is used only to rasterise the
digits of the numerals style from the bundled Noto Sans Bold; PNGs are written
by the small encoder below, so the same input gives the same bytes every run.

Output (see art/manifest.json, written alongside):

- ``faces_<style>_<palette>.png``: 13 half faces side by side, number n at
  x = n * 128; transparent except the pips or the numeral.  A tile [a|b] is a
  body plus two half faces, both always upright.
  Styles: "pips" (double-12 layouts, 10..12 on a 3 x 4 grid), "numerals".
  Palettes: "standard" (12 colours picked for the largest worst-case colour
  difference under normal, protan, deutan and tritan vision), "colour_blind"
  (six Okabe-Ito/Tol colours that stay far apart for every kind of colour
  vision; 1..6 round pips, 7..12 diamond pips, so n and n+6 share a colour but
  never a shape).  6 and 9 numerals are underlined so a turned tile is clear.
- ``tile_v.png`` / ``tile_h.png``: the blank tile body, 128 x 256 and 256 x
  128: a soft contact shadow (below, lit from the top left), the tile's
  thickness showing on its lower edge, a bevelled ivory face, an engraved
  divider and a brass spinner.  The body sits ``tile_inset`` px inside the
  rectangle so the shadow stays inside the sprite (a tile's sprite is its
  layout rectangle, whatever the art).
- ``back_v.png`` / ``back_h.png``: the tile back, same sizes and bevel.
- ``glow_v.png`` / ``glow_h.png``: a white halo around a tile for highlights
  (tint it); the tile sits at offset ``glow_margin`` inside it.
- ``lift_v.png`` / ``lift_h.png``: the wide, soft shadow of a lifted tile
  (the selected tile in a hand); the tile sits at offset ``lift_margin``.
- ``felt.png``: 256 x 256 seamless felt texture (the vignette is added per
  window size at run time); ``rail.png``: a 512 x 48 seamless strip of the
  table's wooden rail, outer edge on top; ``panel.png``: 256 x 256 seamless
  dark leather for the panels.
- ``marker.png``: a train marker token (white ring to tint, dark engine).
- ``station.png``: the round station hub the trains start from.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
HALF = 128            # half-face edge at base resolution, px
GLOW = 24             # halo margin around a tile at base resolution, px
NUMBERS = range(13)   # double-twelve set

# ------------------------------------------------------------------ palettes

#: Pip colour per number (index 0 is used only for the numeral "0").
PALETTES: dict[str, list[str]] = {
    "standard": [
        "#5A5246",  # 0 (numeral only)
        "#33BBEE",  # 1 cyan
        "#009E73",  # 2 green
        "#EE6677",  # 3 rose red
        "#8B5A2B",  # 4 brown
        "#0077BB",  # 5 blue
        "#E69F00",  # 6 orange
        "#AA3377",  # 7 purple
        "#999933",  # 8 olive
        "#332288",  # 9 indigo
        "#CC79A7",  # 10 pink
        "#222222",  # 11 black
        "#5C3A1E",  # 12 dark brown
    ],
    "colour_blind": ["#5A5246"] + [
        "#E69F00",  # 1, 7 orange
        "#56B4E9",  # 2, 8 sky blue
        "#CC3311",  # 3, 9 red
        "#1A2B6B",  # 4, 10 navy
        "#888888",  # 5, 11 grey
        "#6B1E1E",  # 6, 12 maroon
    ] * 2,
}
SHAPES: dict[str, list[str]] = {
    "standard": ["circle"] * 13,
    "colour_blind": ["circle"] * 7 + ["diamond"] * 6,
}
STYLES = ("pips", "numerals")

FACE = (247, 241, 227)          # ivory
FACE_SHADE = (226, 216, 196)
RIM = (150, 138, 116)
DIVIDER = (92, 82, 70)
SPINNER = (196, 160, 72)        # brass
BACK = (22, 88, 92)             # deep teal, matches the theme accent
BACK_LINE = (52, 130, 132)
SIDE = (204, 190, 164)          # the tile's thickness, seen on its lower edge
BACK_SIDE = (12, 56, 60)

INSET = 4             # the body's margin inside the sprite (room for the shadow), px at base
DEPTH = 4             # the thickness showing below the face, px at base
BEVEL = 10            # width of the rounded edge of the face, px at base
CORNER = HALF * 0.11
LIGHT = (-0.55, -0.83)  # towards the light: up and a little left (screen space, both orientations)
LIFT = 28             # margin of the lifted tile's shadow art, px at base
FELT_PX = 256
RAIL_LEN, RAIL_W = 512, 48

# --------------------------------------------------------------- pip layouts

_C3 = (0.22, 0.5, 0.78)             # 3 x 3 grid columns/rows (unit square)
_R4 = (0.16, 0.388, 0.612, 0.84)    # 4 rows for 10..12


def _g3(*cells: str) -> list[tuple[float, float]]:
    # cells named by row (t/m/b) and column (l/c/r)
    rows = {"t": _C3[0], "m": _C3[1], "b": _C3[2]}
    cols = {"l": _C3[0], "c": _C3[1], "r": _C3[2]}
    return [(cols[c[1]], rows[c[0]]) for c in cells]


def pip_layout(n: int) -> list[tuple[float, float]]:
    """Pip centres for number n in a unit square (upright half face)."""
    if n <= 9:
        return {
            0: [],
            1: _g3("mc"),
            2: _g3("tl", "br"),
            3: _g3("tl", "mc", "br"),
            4: _g3("tl", "tr", "bl", "br"),
            5: _g3("tl", "tr", "mc", "bl", "br"),
            6: _g3("tl", "ml", "bl", "tr", "mr", "br"),
            7: _g3("tl", "ml", "bl", "tr", "mr", "br", "mc"),
            8: _g3("tl", "ml", "bl", "tr", "mr", "br", "tc", "bc"),
            9: _g3("tl", "ml", "bl", "tr", "mr", "br", "tc", "mc", "bc"),
        }[n]
    sides = [(x, y) for x in (_C3[0], _C3[2]) for y in _R4]
    middle = {10: [0.3, 0.7], 11: [0.22, 0.5, 0.78], 12: list(_R4)}[n]
    return sides + [(0.5, y) for y in middle]


def pip_radius(n: int) -> float:
    """Pip radius as a fraction of the half-face edge."""
    return 0.092 if n <= 9 else 0.078


# ---------------------------------------------------------------- raster kit

def _hex(h: str) -> np.ndarray:
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], dtype=np.float64)


def _canvas(h: int, w: int) -> np.ndarray:
    return np.zeros((h, w, 4), dtype=np.float64)   # straight alpha, 0..255 rgb, 0..1 a


def _grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    return xx + 0.5, yy + 0.5


def _coverage(sdf: np.ndarray) -> np.ndarray:
    """Analytic anti-aliasing: a pixel half inside the edge is half covered."""
    return np.clip(0.5 - sdf, 0.0, 1.0)


def _over(img: np.ndarray, colour, alpha: np.ndarray) -> None:
    """Composite a flat colour with per-pixel alpha over ``img`` (in place)."""
    colour = np.asarray(colour, dtype=np.float64)
    a_dst = img[..., 3]
    a_out = alpha + a_dst * (1.0 - alpha)
    safe = np.where(a_out > 0, a_out, 1.0)
    for c in range(3):
        img[..., c] = (colour[c] * alpha + img[..., c] * a_dst * (1.0 - alpha)) / safe
    img[..., 3] = a_out


def _over_rgb(img: np.ndarray, rgb: np.ndarray, alpha: np.ndarray) -> None:
    """Like ``_over`` with a per-pixel colour (h, w, 3)."""
    a_dst = img[..., 3]
    a_out = alpha + a_dst * (1.0 - alpha)
    safe = np.where(a_out > 0, a_out, 1.0)
    for c in range(3):
        img[..., c] = (rgb[..., c] * alpha + img[..., c] * a_dst * (1.0 - alpha)) / safe
    img[..., 3] = a_out


def _soft(sdf: np.ndarray, spread: float) -> np.ndarray:
    """A soft shadow's alpha from a silhouette's distance: 1 well inside, 0 at ``spread`` outside."""
    t = np.clip(0.5 - sdf / (2.0 * spread), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def _bevel_shade(sdf: np.ndarray, width: float) -> np.ndarray:
    """-1..1 lighting of a rounded edge ``width`` px wide (0 on the flat face).

    The edge's slope follows the distance field's gradient; light comes from
    ``LIGHT``, so the upper-left edges brighten and the lower-right darken.
    """
    gy, gx = np.gradient(sdf)
    norm = np.hypot(gx, gy)
    norm = np.where(norm > 0, norm, 1.0)
    facing = (gx * LIGHT[0] + gy * LIGHT[1]) / norm
    t = np.clip(-sdf / width, 0.0, 1.0)
    return facing * (1.0 - t) ** 1.6


def _sd_round_rect(xx, yy, x0, y0, x1, y1, r) -> np.ndarray:
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx, qy = np.abs(xx - cx) - hx, np.abs(yy - cy) - hy
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return outside + inside - r


def _sd_circle(xx, yy, cx, cy, r) -> np.ndarray:
    return np.hypot(xx - cx, yy - cy) - r


def _sd_diamond(xx, yy, cx, cy, r) -> np.ndarray:
    # same area as a circle of radius r
    d = r * math.sqrt(math.pi / 2)
    return (np.abs(xx - cx) + np.abs(yy - cy) - d) / math.sqrt(2)


def _sd_box(xx, yy, x0, y0, x1, y1) -> np.ndarray:
    return _sd_round_rect(xx, yy, x0, y0, x1, y1, 0.0)


def _to_bytes(img: np.ndarray) -> np.ndarray:
    out = np.empty(img.shape, dtype=np.uint8)
    out[..., :3] = np.clip(np.rint(img[..., :3]), 0, 255)
    out[..., 3] = np.clip(np.rint(img[..., 3] * 255), 0, 255)
    out[out[..., 3] == 0, :3] = 0   # no stray colour in fully transparent pixels
    return out


def write_png(path: Path, rgba: np.ndarray) -> None:
    """A minimal, deterministic RGBA PNG encoder (no timestamps, fixed zlib level)."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9))
           + chunk(b"IEND", b""))
    path.write_bytes(png)


# ---------------------------------------------------------------- half faces

def _darker(rgb: np.ndarray, f: float) -> np.ndarray:
    return rgb * f


def pip_face(n: int, palette: str) -> np.ndarray:
    """The pips of number n on a transparent HALF x HALF square."""
    img = _canvas(HALF, HALF)
    xx, yy = _grid(HALF, HALF)
    base = _hex(PALETTES[palette][n])
    shape = SHAPES[palette][n]
    sd = _sd_diamond if shape == "diamond" else _sd_circle
    r = pip_radius(n) * HALF
    rim = max(2.0, r * 0.2)
    for ux, uy in pip_layout(n):
        cx, cy = ux * HALF, uy * HALF
        _over(img, _darker(base, 0.55), _coverage(sd(xx, yy, cx, cy, r)))
        _over(img, base, _coverage(sd(xx, yy, cx, cy, r - rim)))
        # a soft highlight up-left gives the pip some depth without hiding its colour
        hl = _coverage(_sd_circle(xx, yy, cx - r * 0.3, cy - r * 0.3, r * 0.32)) * 0.35
        _over(img, (255, 255, 255), hl)
    return img


def _digit_mask(text: str, px_height: float, max_width: float) -> np.ndarray:
    """Alpha mask (0..1) of ``text`` in Noto Sans Bold, ink box fitted to the limits."""
    import pygame  # only here: digits are glyphs, everything else is geometry
    if not pygame.font.get_init():
        pygame.font.init()
    font_path = ROOT / "fonts" / "NotoSans-Bold.ttf"
    size = int(px_height * 1.45)
    while True:
        font = pygame.font.Font(str(font_path), size)
        surf = font.render(text, True, (255, 255, 255))
        alpha = pygame.surfarray.array_alpha(surf).T.astype(np.float64) / 255.0
        ys, xs = np.nonzero(alpha > 0.02)
        ink_h, ink_w = ys.max() - ys.min() + 1, xs.max() - xs.min() + 1
        if (ink_h <= px_height and ink_w <= max_width) or size <= 8:
            return alpha[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        size -= 1


def _dilate(mask: np.ndarray, radius: int) -> np.ndarray:
    out = mask.copy()
    h, w = mask.shape
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if dx * dx + dy * dy > radius * radius:
                continue
            shifted = np.zeros_like(mask)
            shifted[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
                mask[max(-dy, 0):h + min(-dy, 0), max(-dx, 0):w + min(-dx, 0)]
            np.maximum(out, shifted, out=out)
    return out


def numeral_face(n: int, palette: str) -> np.ndarray:
    """The number n as a coloured numeral with a dark outline; 6 and 9 underlined."""
    img = _canvas(HALF, HALF)
    base = _hex(PALETTES[palette][n])
    mask = _digit_mask(str(n), HALF * 0.56, HALF * 0.80)
    h, w = mask.shape
    underline = n in (6, 9)
    total_h = h + (int(HALF * 0.12) if underline else 0)
    y0 = (HALF - total_h) // 2
    x0 = (HALF - w) // 2
    layer = np.zeros((HALF, HALF))
    layer[y0:y0 + h, x0:x0 + w] = mask
    if underline:
        xx, yy = _grid(HALF, HALF)
        uy = y0 + h + HALF * 0.08
        bar = _coverage(_sd_round_rect(xx, yy, HALF * 0.34, uy - HALF * 0.028,
                                       HALF * 0.66, uy + HALF * 0.028, HALF * 0.028))
        layer = np.maximum(layer, bar)
    _over(img, _darker(base, 0.45), _dilate(layer, 3))
    _over(img, base, layer)
    return img


def half_face(n: int, style: str, palette: str) -> np.ndarray:
    return pip_face(n, palette) if style == "pips" else numeral_face(n, palette)


def face_sheet(style: str, palette: str) -> np.ndarray:
    return np.concatenate([half_face(n, style, palette) for n in NUMBERS], axis=1)


# ------------------------------------------------------------- bodies, backs

def _tile_sdf(w: int, h: int):
    """The tile's silhouette (inside the sprite by INSET) on a w x h grid."""
    xx, yy = _grid(h, w)
    return xx, yy, _sd_round_rect(xx, yy, INSET, INSET, w - INSET, h - INSET, CORNER)


def _solid_tile(vertical: bool, top: tuple, side: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Shadow, thickness and a bevelled top face of colour ``top``.

    Returns the image and the grid and top-face distance field, for the marks
    drawn on the face."""
    w, h = (HALF, 2 * HALF) if vertical else (2 * HALF, HALF)
    img = _canvas(h, w)
    xx, yy, sd = _tile_sdf(w, h)
    # contact shadow: the silhouette moved down, softened, inside the sprite
    shadow = _sd_round_rect(xx, yy, INSET + 0.5, INSET + 2.5, w - INSET + 0.5, h - INSET + 2.5, CORNER)
    _over(img, (0, 0, 0), _soft(shadow, INSET + 1.0) * 0.55)
    _over(img, _darker(np.array(side, float), 0.62), _coverage(sd))          # outline
    _over(img, side, _coverage(sd + 1.2))                                    # thickness
    face = _sd_round_rect(xx, yy, INSET + 1.2, INSET + 1.2, w - INSET - 1.2, h - INSET - 1.2 - DEPTH,
                          CORNER - 1.2)
    shade = _bevel_shade(face, BEVEL)
    base = np.array(top, float)
    rgb = np.empty((h, w, 3))
    for c in range(3):
        lit = np.where(shade > 0, base[c] + (255 - base[c]) * shade * 0.55, base[c] * (1 + shade * 0.22))
        rgb[..., c] = lit
    _over_rgb(img, rgb, _coverage(face))
    return img, xx, yy, face


def tile_body(vertical: bool) -> np.ndarray:
    """Blank tile: shadow, thickness, a bevelled ivory face, the engraved divider and spinner."""
    img, xx, yy, face = _solid_tile(vertical, FACE, SIDE)
    # a faint warm sheen towards the middle of the face
    sheen = np.clip(-face / (HALF * 0.5), 0.0, 1.0) * 0.25
    _over(img, (255, 252, 242), _coverage(face) * sheen)
    if vertical:
        div = _sd_round_rect(xx, yy, HALF * 0.12, HALF - 2.0, HALF * 0.88, HALF + 1.0, 1.5)
        lip = _sd_round_rect(xx, yy, HALF * 0.12, HALF + 1.0, HALF * 0.88, HALF + 2.5, 0.75)
        cx, cy = HALF / 2, HALF
    else:
        div = _sd_round_rect(xx, yy, HALF - 2.0, HALF * 0.12, HALF + 1.0, HALF * 0.88, 1.5)
        lip = _sd_round_rect(xx, yy, HALF + 1.0, HALF * 0.12, HALF + 2.5, HALF * 0.88, 0.75)
        cx, cy = HALF, HALF / 2
    _over(img, DIVIDER, _coverage(div))
    _over(img, (255, 255, 250), _coverage(lip) * 0.8)      # the engraving's lit lower lip
    _over(img, _darker(np.array(SPINNER, float), 0.55), _coverage(_sd_circle(xx, yy, cx, cy, 7.5)))
    _over(img, SPINNER, _coverage(_sd_circle(xx, yy, cx, cy, 5.5)))
    _over(img, (255, 240, 190), _coverage(_sd_circle(xx, yy, cx - 1.8, cy - 1.8, 2.0)) * 0.8)
    return img


def tile_back(vertical: bool) -> np.ndarray:
    """Tile back: bevelled teal with a diamond lattice and a centre medallion."""
    img, xx, yy, face = _solid_tile(vertical, BACK, BACK_SIDE)
    h, w = img.shape[:2]
    period = HALF / 4
    u = (xx - w / 2 + yy - h / 2) / period
    v = (xx - w / 2 - (yy - h / 2)) / period
    line = np.minimum(np.abs(u - np.round(u)), np.abs(v - np.round(v))) * period / math.sqrt(2)
    lattice = _coverage(line - 1.2) * _coverage(face + HALF * 0.1)
    _over(img, BACK_LINE, lattice * 0.7)
    cx, cy = w / 2, h / 2 - DEPTH / 2
    _over(img, BACK, _coverage(_sd_diamond(xx, yy, cx, cy, HALF * 0.2)))
    _over(img, SPINNER, _coverage(np.abs(_sd_diamond(xx, yy, cx, cy, HALF * 0.17)) - 2.5))
    _over(img, SPINNER, _coverage(_sd_circle(xx, yy, cx, cy, HALF * 0.05)))
    return img


def _around_tile(vertical: bool, margin: int):
    """A canvas ``margin`` px larger than the tile on every side, its grid and the
    distance to the tile's silhouette inside it."""
    w, h = (HALF, 2 * HALF) if vertical else (2 * HALF, HALF)
    img = _canvas(h + 2 * margin, w + 2 * margin)
    xx, yy = _grid(h + 2 * margin, w + 2 * margin)
    m = margin + INSET
    return img, _sd_round_rect(xx, yy, m, m, w + 2 * margin - m, h + 2 * margin - m, CORNER)


def tile_glow(vertical: bool) -> np.ndarray:
    """A white halo around the tile silhouette (alpha falls off over GLOW px)."""
    img, sd = _around_tile(vertical, GLOW)
    ring = np.clip(1.0 - np.maximum(sd, 0) / (GLOW + INSET), 0, 1) ** 1.6
    ring *= np.clip(sd + 1.0, 0, 1)   # hollow: the tile itself shows through
    _over(img, (255, 255, 255), ring)
    return img


def tile_lift(vertical: bool) -> np.ndarray:
    """The shadow a lifted tile casts: wide and soft (the tile itself is drawn over it)."""
    img, sd = _around_tile(vertical, LIFT)
    _over(img, (0, 0, 0), _soft(sd + LIFT * 0.2, LIFT * 0.7) * 0.65)
    return img


# ------------------------------------------------------ felt, rail, panel

def _periodic_noise(n: int, m: int, low: float, high: float, seed: int) -> np.ndarray:
    """Seamless band-pass noise (n x m, zero mean, unit deviation): white noise filtered
    in the frequency domain, so it tiles.  ``low``..``high`` are cycles per image."""
    rng = np.random.default_rng(seed)
    spec = np.fft.fft2(rng.standard_normal((n, m)))
    fy = np.fft.fftfreq(n) * n
    fx = np.fft.fftfreq(m) * m
    f = np.hypot(fy[:, None], fx[None, :])
    band = np.exp(-((np.log(np.maximum(f, 1e-6)) - math.log(math.sqrt(low * high))) ** 2)
                  / (2 * (math.log(high / low) / 2) ** 2))
    band[0, 0] = 0.0
    out = np.real(np.fft.ifft2(spec * band))
    return out / (out.std() or 1.0)


def _cloth(base: str, fine: tuple[float, float], coarse: tuple[float, float],
           amounts: tuple[float, float], seed: int) -> np.ndarray:
    """A seamless opaque FELT_PX square of ``base`` with fine grain and coarse patches
    (band-pass noise, ``amounts`` of brightness each)."""
    n = FELT_PX
    grain = _periodic_noise(n, n, *fine, seed=seed)
    patches = np.tanh(_periodic_noise(n, n, *coarse, seed=seed + 1) * 1.5)
    img = _canvas(n, n)
    light = 1.0 + grain * amounts[0] + patches * amounts[1]
    img[..., :3] = np.clip(_hex(base)[None, None, :] * light[..., None], 0, 255)
    img[..., 3] = 1.0
    return img


def felt() -> np.ndarray:
    """The table's felt: fine fibres over a gentle mottle, seamless, opaque."""
    return _cloth("#1B5E43", (40, 128), (2, 6), (0.035, 0.035), seed=11)


def rail() -> np.ndarray:
    """A strip of the wooden rail round the felt: outer edge on top, inner edge (towards
    the felt) below, rounded so it catches the light, with a brass inlay; seamless along x."""
    L, W = RAIL_LEN, RAIL_W
    xx, yy = _grid(W, L)
    rng_noise = _periodic_noise(W, L, 3, 24, seed=21)
    # grain: long wavy lines along the strip, their period divides the strip's length
    wave = np.sin(2 * math.pi * (yy / 9.0 + 0.6 * np.sin(2 * math.pi * xx / L * 3) + 0.15 * rng_noise))
    wood = np.array([96, 58, 32], float)
    dark = np.array([62, 36, 20], float)
    k = (0.5 + 0.5 * wave)[..., None] * 0.6 + 0.2 * (0.5 + 0.5 * np.tanh(rng_noise))[..., None]
    rgb = dark + (wood - dark) * k
    # a rounded profile across the width: light on the upper part, shade towards the felt
    v = yy / W
    profile = np.where(v < 0.42, 0.55 + 0.9 * np.sin(v / 0.42 * math.pi / 2), 1.45 - (v - 0.42) * 1.4)
    rgb = np.clip(rgb * profile[..., None], 0, 255)
    img = _canvas(W, L)
    _over_rgb(img, rgb, np.ones((W, L)))
    _over(img, (255, 236, 200), np.exp(-((v - 0.30) / 0.06) ** 2) * 0.22)       # the highlight
    _over(img, _darker(np.array(SPINNER, float), 0.7), _coverage(np.abs(yy - W * 0.80) - 2.2))
    _over(img, SPINNER, _coverage(np.abs(yy - W * 0.80) - 1.2))                 # brass inlay
    _over(img, (20, 10, 4), _coverage(np.abs(yy - (W - 1.5)) - 1.5) * 0.8)      # the joint with the felt
    return img


def panel() -> np.ndarray:
    """Dark green leather for the panels round the table: seamless, opaque."""
    return _cloth("#10261D", (24, 90), (8, 16), (0.04, 0.04), seed=31)


# ---------------------------------------------------------- marker, station

def marker() -> np.ndarray:
    """Train marker: a white token (tint it with the owner's colour) with a dark engine."""
    s = HALF
    img = _canvas(s, s)
    xx, yy = _grid(s, s)
    c = s / 2
    _over(img, (40, 40, 40), _coverage(_sd_circle(xx, yy, c, c + 2, s * 0.47)) * 0.45)  # shadow
    _over(img, (70, 70, 70), _coverage(_sd_circle(xx, yy, c, c, s * 0.46)))
    _over(img, (255, 255, 255), _coverage(_sd_circle(xx, yy, c, c, s * 0.43)))
    ink = (30, 30, 34)
    u = s / 100.0   # engine drawn on a 100-unit grid
    parts = [
        _sd_round_rect(xx, yy, 22 * u, 44 * u, 64 * u, 64 * u, 4 * u),    # boiler
        _sd_round_rect(xx, yy, 58 * u, 30 * u, 80 * u, 66 * u, 3 * u),    # cab
        _sd_box(xx, yy, 55 * u, 26 * u, 83 * u, 31 * u),                  # cab roof
        _sd_box(xx, yy, 27 * u, 32 * u, 35 * u, 46 * u),                  # chimney
        _sd_box(xx, yy, 24 * u, 30 * u, 38 * u, 34 * u),                  # chimney cap
        _sd_circle(xx, yy, 33 * u, 70 * u, 8 * u),                        # wheels
        _sd_circle(xx, yy, 51 * u, 70 * u, 8 * u),
        _sd_circle(xx, yy, 71 * u, 70 * u, 8 * u),
        # cow-catcher: a wedge in front of the boiler
        np.maximum(_sd_box(xx, yy, 13 * u, 56 * u, 23 * u, 66 * u),
                   ((yy - 56 * u) - (xx - 13 * u) * 1.0) * -0.7),
    ]
    body = np.minimum.reduce(parts)
    _over(img, ink, _coverage(body))
    window = _sd_round_rect(xx, yy, 64 * u, 36 * u, 74 * u, 46 * u, 1.5 * u)
    _over(img, (255, 255, 255), _coverage(window))
    for wx in (33, 51, 71):
        _over(img, (200, 200, 200), _coverage(_sd_circle(xx, yy, wx * u, 70 * u, 2.5 * u)))
    return img


def station() -> np.ndarray:
    """The station: a round wooden hub with a brass ring and a recess for the engine."""
    s = 4 * HALF
    img = _canvas(s, s)
    xx, yy = _grid(s, s)
    c = s / 2
    r = np.hypot(xx - c, yy - c)
    _over(img, (0, 0, 0), _coverage(r - s * 0.49) * 0.35)           # shadow on the felt
    _over(img, (92, 60, 36), _coverage(r - s * 0.47))                # wood
    grain = 0.5 + 0.5 * np.sin(r / 5.0 + np.sin(np.arctan2(yy - c, xx - c) * 3) * 1.5)
    _over(img, (120, 82, 50), _coverage(r - s * 0.45) * grain * 0.5)
    _over(img, SPINNER, _coverage(np.abs(r - s * 0.40) - 4.0))       # brass ring
    _over(img, (70, 46, 28), _coverage(r - s * 0.31))                # inner plate
    # twelve studs round the ring, one per possible train direction at most
    for k in range(12):
        a = 2 * math.pi * k / 12
        _over(img, SPINNER, _coverage(_sd_circle(xx, yy, c + math.cos(a) * s * 0.435,
                                                 c + math.sin(a) * s * 0.435, 6.0)))
    # a recess the size of a horizontal engine double (plus a margin)
    rec = _sd_round_rect(xx, yy, c - HALF - 8, c - HALF / 2 - 8, c + HALF + 8, c + HALF / 2 + 8, 16)
    _over(img, (48, 30, 18), _coverage(rec))
    return img


# --------------------------------------------------------------------- theme

def theme() -> dict:
    """pygame_gui theme: table-matching colours, fonts from fonts/ (paths relative to the
    resource root; game.assets makes them absolute before handing the theme over)."""
    font = {"name": "noto_sans_table", "size": "18",
            "regular_path": "fonts/NotoSans-Regular.ttf", "bold_path": "fonts/NotoSans-Bold.ttf"}
    return {
        "defaults": {
            "font": font,
            "colours": {
                "normal_bg": "#1F4A3A", "hovered_bg": "#2C6650", "disabled_bg": "#1A2A24",
                "selected_bg": "#16585C", "active_bg": "#0F7A7F", "dark_bg": "#12241D",
                "disabled_dark_bg": "#101A16",
                "normal_text": "#F7F1E3", "hovered_text": "#FFFFFF", "disabled_text": "#7E8A84",
                "selected_text": "#FFFFFF", "active_text": "#FFFFFF",
                "normal_border": "#C4A048", "hovered_border": "#E0BE63", "disabled_border": "#3D4A44",
                "selected_border": "#F0D078", "active_border": "#F0D078",
                "link_text": "#E0BE63", "link_hover": "#F0D078", "link_selected": "#F0D078",
                "text_shadow": "#00000080", "filled_bar": "#C4A048", "unfilled_bar": "#2A3A34",
                "text_cursor": "#F7F1E3",
            },
        },
        # buttons are lit from above like the tiles and the rail: a vertical gradient
        # (pygame_gui "top,bottom,90" strings) and a shadow under them
        "button": {"colours": {"normal_bg": "#2F6B53,#173D2F,90", "hovered_bg": "#3C8466,#21503D,90",
                               "active_bg": "#13868B,#0A5659,90", "selected_bg": "#1A6A6E,#0E4346,90",
                               "disabled_bg": "#223630,#18261F,90"},
                   "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                            "border_width": "2", "shadow_width": "3"}},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": "#F7F1E3"},
                  "misc": {"border_width": "0", "shadow_width": "0"}},
        "text_box": {"colours": {"dark_bg": "#12241DEE"},
                     "misc": {"border_width": "2", "shape": "rounded_rectangle", "shape_corner_radius": "8"}},
        "window": {"colours": {"dark_bg": "#12241DF2", "normal_border": "#C4A048"},
                   "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "10",
                            "border_width": "2", "shadow_width": "4"}},
        "@title": {"font": dict(font, size="48", bold="1")},
        "@heading": {"font": dict(font, size="26", bold="1")},
        "@small": {"font": dict(font, size="14")},
        "@primary": {"colours": {"normal_bg": "#E2C062,#A98530,90", "hovered_bg": "#F2D47E,#C29C42,90",
                                 "normal_text": "#12241D", "hovered_text": "#12241D",
                                 "active_bg": "#F8DE8C,#D0AA50,90", "active_text": "#12241D"},
                     "font": dict(font, bold="1")},
        "@danger": {"colours": {"normal_bg": "#A33A28,#6E2114,90", "hovered_bg": "#C24A32,#8A2C1C,90"}},
    }


TABLE_COLOURS = {
    "felt": "#1B5E43", "felt_dark": "#14462F", "felt_line": "#2A7355",
    "text": "#F7F1E3", "accent": "#C4A048", "shadow": "#00000066",
    "mexican_train": "#BE78FF",  # violet: no seat has it (seat 1 is orange)
}


# ---------------------------------------------------------------------- main

def build(out: Path) -> list[Path]:
    """Write every art file into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, img: np.ndarray) -> None:
        path = out / name
        write_png(path, _to_bytes(img))
        written.append(path)

    for style in STYLES:
        for palette in PALETTES:
            save(f"faces_{style}_{palette}.png", face_sheet(style, palette))
    save("tile_v.png", tile_body(True))
    save("tile_h.png", tile_body(False))
    save("back_v.png", tile_back(True))
    save("back_h.png", tile_back(False))
    save("glow_v.png", tile_glow(True))
    save("glow_h.png", tile_glow(False))
    save("lift_v.png", tile_lift(True))
    save("lift_h.png", tile_lift(False))
    save("marker.png", marker())
    save("station.png", station())
    save("felt.png", felt())
    save("rail.png", rail())
    save("panel.png", panel())
    manifest = {
        "half_px": HALF, "numbers": len(NUMBERS), "glow_margin": GLOW,
        "lift_margin": LIFT, "tile_inset": INSET, "rail_px": RAIL_W,
        "styles": list(STYLES),
        "palettes": {p: {"colours": PALETTES[p], "shapes": SHAPES[p]} for p in PALETTES},
        "table": TABLE_COLOURS,
        "station_recess_px": [2 * HALF + 16, HALF + 16],
    }
    for name, data in (("manifest.json", manifest), ("theme.json", theme())):
        path = out / name
        path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


def _blend(dst: np.ndarray, src: np.ndarray) -> None:
    """``src`` over ``dst`` (both straight-alpha canvases of one size), in place."""
    a_s, a_d = src[..., 3], dst[..., 3]
    a_out = a_s + a_d * (1.0 - a_s)
    safe = np.where(a_out > 0, a_out, 1.0)
    for c in range(3):
        dst[..., c] = (src[..., c] * a_s + dst[..., c] * a_d * (1.0 - a_s)) / safe
    dst[..., 3] = a_out


def preview(path: Path) -> None:
    """A contact sheet of the whole double-twelve set: pips and numerals side by
    side, one band per palette, at half the base size on the table felt."""
    body = tile_body(True)
    felt = _hex(TABLE_COLOURS["felt"])
    tw, th, gap = HALF // 2, HALF, 10
    cols, rows = 13, 7
    band_w, band_h = cols * (tw + gap) + gap, rows * (th + gap) + gap
    sheet = np.zeros((band_h * len(PALETTES), band_w * len(STYLES), 4))
    sheet[..., :3] = felt
    sheet[..., 3] = 1.0
    tiles = [(a, b) for a in NUMBERS for b in NUMBERS if a <= b]
    for pi, palette in enumerate(PALETTES):
        for si, style in enumerate(STYLES):
            faces = {n: half_face(n, style, palette) for n in NUMBERS}
            for k, (a, b) in enumerate(tiles):
                img = body.copy()
                top, bottom = img[:HALF], img[HALF:]
                _blend(top, faces[a])
                _blend(bottom, faces[b])
                small = img.reshape(th, 2, tw, 2, 4)
                # 2 x 2 area average with premultiplied colour
                pm = small[..., :3] * small[..., 3:4]
                alpha = small[..., 3].mean(axis=(1, 3))
                rgb = pm.mean(axis=(1, 3)) / np.where(alpha > 0, alpha, 1.0)[..., None]
                x = si * band_w + gap + (k % cols) * (tw + gap)
                y = pi * band_h + gap + (k // cols) * (th + gap)
                region = sheet[y:y + th, x:x + tw]
                _blend(region, np.concatenate([rgb, alpha[..., None]], axis=2))
    write_png(path, _to_bytes(sheet))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "art")
    ap.add_argument("--preview", type=Path, metavar="PNG",
                    help="also write a contact sheet of every tile in every style and palette")
    args = ap.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.preview:
        preview(args.preview)
        print(args.preview)
    for path in build(args.out):
        print(path.relative_to(args.out.parent) if path.is_relative_to(args.out.parent) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
