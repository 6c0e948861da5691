"""The TV setting's safe area (issue 11): nothing essential within 5% of the screen's edges.

A TV may crop the picture's edges (overscan), so with the ``tv`` setting on the
table and its score screens draw inside a rectangle inset by ``OVERSCAN`` on
every side, and read pointer positions relative to it.  The margin shows the
table's rail.  With the setting off the safe area is the whole window.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from .intents import HOVER, Intent

#: The share of the width and of the height kept clear on each side with the TV setting.
OVERSCAN = 0.05
#: How much larger the interface is drawn with the TV setting: body text of about 32 px at
#: 1080p inside the safe area, readable from three metres (19 px at 100% without it).
TV_SCALE = 1.9
RAIL = (58, 36, 22)
RAIL_EDGE = (196, 160, 72)


def tv_on(settings) -> bool:
    return bool(settings.get("tv", False))


def safe_rect(settings, size: tuple[int, int]) -> pygame.Rect:
    """The part of a ``size`` window that the table and its score screens use."""
    w, h = size
    if not tv_on(settings):
        return pygame.Rect(0, 0, w, h)
    mx, my = round(w * OVERSCAN), round(h * OVERSCAN)
    return pygame.Rect(mx, my, max(1, w - 2 * mx), max(1, h - 2 * my))


def area(surface: pygame.Surface, settings) -> pygame.Surface:
    """The surface to draw on: the whole window, or its safe area with the rail round it."""
    rect = safe_rect(settings, surface.get_size())
    if rect.size == surface.get_size():
        return surface
    draw_rail(surface, rect)
    return surface.subsurface(rect)


def draw_rail(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The wooden rail round the table in the overscan margin (decoration only)."""
    full = surface.get_rect()
    for part in (pygame.Rect(0, 0, full.w, rect.y), pygame.Rect(0, rect.bottom, full.w, full.h - rect.bottom),
                 pygame.Rect(0, 0, rect.x, full.h), pygame.Rect(rect.right, 0, full.w - rect.right, full.h)):
        if part.w > 0 and part.h > 0:
            surface.fill(RAIL, part)
    pygame.draw.rect(surface, RAIL_EDGE, rect.inflate(4, 4), 2)


def local(intent: Intent, settings, size: tuple[int, int]) -> Intent:
    """``intent`` with its position relative to the safe area (as the scene draws it)."""
    if intent.pos is None or not tv_on(settings):
        return intent
    rect = safe_rect(settings, size)
    return replace(intent, pos=(intent.pos[0] - rect.x, intent.pos[1] - rect.y))


def pointer(scene, intent: Intent) -> Intent | None:
    """``intent`` local to the safe area, with ``scene.hover_pos`` kept up to date.

    A hover only moves the highlight (None: nothing more to do); a finger never
    leaves one behind.  Every scene with a pointer highlight starts its ``handle`` here.
    """
    intent = local(intent, scene.app.settings, scene.app.screen.get_size())
    if intent.kind == HOVER:
        scene.hover_pos = intent.pos
        return None
    if intent.device == "touch":
        scene.hover_pos = None
    return intent
