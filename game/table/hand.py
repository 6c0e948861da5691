"""The hand panel: the on-screen player's tiles, standing upright in a row.

Only tiles the play state hands over are drawn face up; a hidden hand (the
curtain, UX-3) is drawn as backs, so no face of it ever reaches the screen.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from rules.tiles import Tile

from .. import i18n
from .render import FOCUS_COLOUR, FOCUS_SHADOW, FRESH_COLOUR
from .scoreboard import GOLD
from .sprites import Sprites
from .text import text

SELECT_RAISE = 0.28  # a selected tile rises by this part of its height
HOVER_COLOUR = (255, 236, 170)


def hand_rects(panel: pygame.Rect, count: int, max_short: int) -> tuple[list[pygame.Rect], int]:
    """Rects of ``count`` upright tiles centred in ``panel``, shrinking to fit its width."""
    if count <= 0:
        return [], max_short
    short = max_short
    gap = max(3, short // 5)
    while short > 8 and count * short + (count - 1) * gap > panel.width - 2 * gap:
        short -= 1
        gap = max(2, short // 5)
    total = count * short + (count - 1) * gap
    x = panel.centerx - total // 2
    y = panel.bottom - 2 * short - max(6, panel.height // 12)
    return [pygame.Rect(x + i * (short + gap), y, short, 2 * short) for i in range(count)], short


def draw_hand(surface: pygame.Surface, sprites: Sprites, tiles: Sequence[Tile], rects: Sequence[pygame.Rect], short: int,
              *, playable: Collection[Tile] = frozenset(), selected: Tile | None = None,
              focused: Tile | None = None, dim_unplayable: bool = True, fresh: Tile | None = None,
              hovered: Tile | None = None, hidden: Collection[tuple[int, int]] = frozenset()) -> None:
    """Face-up tiles; those with no legal play are dimmed, the selected one raised, the one
    under the mouse pointer (``hovered``) ringed; a tile still on its way to the hand
    (``hidden``, as (low, high)) leaves its slot empty until it lands (game.motion)."""
    blits = []
    overlays = []
    for t, r in zip(tiles, rects):
        if hidden and (min(t), max(t)) in hidden:
            continue
        look = "lifted" if t == selected else "dim" if dim_unplayable and t not in playable else "face"
        y = r.y - (round(r.height * SELECT_RAISE) if t == selected else 0)
        blits.append((sprites.face(t[0], t[1], short, True, look), (r.x, y)))
        if t == selected:
            overlays.append((pygame.Rect(r.x, y, r.width, r.height), (255, 214, 90), 3))
        if t == hovered and t != selected:
            overlays.append((pygame.Rect(r.x, y, r.width, r.height).inflate(4, 4), HOVER_COLOUR, 2))
        if t == fresh:
            overlays.append((pygame.Rect(r.x, y, r.width, r.height).inflate(6, 6), FRESH_COLOUR, 2))
        if t == focused:  # the keyboard cursor: thick, in the menus' focus colour, never a selection's gold
            ring = max(3, short // 10)
            box = pygame.Rect(r.x, y, r.width, r.height).inflate(4 * ring, 4 * ring)
            overlays += [(box.inflate(4, 4), FOCUS_SHADOW, ring + 2), (box, FOCUS_COLOUR, ring)]
    if blits:
        surface.fblits(blits)
    for rect, colour, width in overlays:
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, short // 6))


def draw_backs(surface: pygame.Surface, sprites: Sprites, rects: Sequence[pygame.Rect], short: int) -> None:
    """A hidden hand: backs only (UX-3)."""
    back = sprites.back(short, True)
    surface.fblits([(back, r.topleft) for r in rects])


def draw_hand_row(surface: pygame.Surface, sprites: Sprites, hand: Sequence[Tile], x: int, cy: int, short: int, avail: int, fpx: int,
                  turn: float = 1.0) -> None:
    """A revealed hand, face up in a row (UX-3: at the end every hand is shown together).

    ``turn`` (0 to 1) is how far the hands have turned over (issue 14): backs that narrow
    to an edge, then faces that widen from it."""
    step = min(short + max(2, short // 5), avail // max(1, len(hand)))
    blits = []
    for i, (a, b) in enumerate(hand):
        sprite = sprites.back(short, True) if turn < 0.5 else sprites.face(a, b, short, True)
        width = round(short * abs(1.0 - 2.0 * turn)) if turn < 1.0 else short
        if width < short:
            sprite = pygame.transform.scale(sprite, (max(1, width), sprite.get_height()))
        blits.append((sprite, (x + i * step + (short - sprite.get_width()) // 2, cy - short)))
    if blits:
        surface.fblits(blits)
    else:
        out = text(i18n.t("table.went_out"), max(10, fpx - 2), GOLD, bold=True)
        surface.blit(out, out.get_rect(midleft=(x, cy)))
