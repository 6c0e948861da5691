"""The hand panel: the on-screen player's tiles, standing upright in a row.

Only tiles the play state hands over are drawn face up; a hidden hand (the
curtain, UX-3) is drawn as backs, so no face of it ever reaches the screen.
"""
from __future__ import annotations

import pygame

from .sprites import Sprites

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


def draw_hand(surface: pygame.Surface, sprites: Sprites, tiles, rects, short: int, *,
              playable=frozenset(), selected=None, focused=None, dim_unplayable: bool = True,
              fresh=None, hovered=None, hidden=frozenset()) -> None:
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
            overlays.append((pygame.Rect(r.x, y, r.width, r.height).inflate(6, 6), (120, 220, 255), 2))
        if t == focused:  # the keyboard cursor: thick and white, never the gold of a selection
            ring = max(3, short // 10)
            overlays.append((pygame.Rect(r.x, y, r.width, r.height).inflate(4 * ring, 4 * ring), (255, 255, 255), ring))
    if blits:
        surface.fblits(blits)
    for rect, colour, width in overlays:
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, short // 6))


def draw_backs(surface: pygame.Surface, sprites: Sprites, rects, short: int) -> None:
    """A hidden hand: backs only (UX-3)."""
    back = sprites.back(short, True)
    surface.fblits([(back, r.topleft) for r in rects])
