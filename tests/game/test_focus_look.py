"""Issue 40: one look for the keyboard's focus, another for a decision previewed.

After a hint the previewed choice (a lit button, a ghost tile) and the Confirm button the
cursor moved to both had white rings.  Now the cursor's ring is the menus' cyan on a dark
rim, on the table's buttons and hand as on every menu, and no previewed or selected look
uses that colour.  Drawn pictures are read pixel by pixel; well under a second.
"""
from __future__ import annotations

import pygame
import pytest

from game.table import widgets
from game.table.render import FOCUS_COLOUR, TARGET_COLOUR
from game.scenes.menu import FOCUS_COLOUR as MENU_FOCUS

pytestmark = pytest.mark.rule("UX-7")


def colours(picture: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = picture.get_size()
    return {tuple(picture.get_at((x, y)))[:3] for x in range(w) for y in range(h) if picture.get_at((x, y))[3] == 255}


def picture(**state) -> pygame.Surface:
    pygame.init()
    b = widgets.Button("draw", pygame.Rect(0, 0, 120, 40), "Draw", **state)
    return b._picture(18)


def test_the_focus_ring_and_a_previewed_button_look_different():
    focused, lit = colours(picture(focused=True)), colours(picture(lit=True))
    assert FOCUS_COLOUR in focused and FOCUS_COLOUR not in lit
    assert (255, 255, 255) in lit  # the previewed decision keeps its white edge
    assert FOCUS_COLOUR == MENU_FOCUS  # the table's cursor is the menus' cursor
    assert FOCUS_COLOUR not in (TARGET_COLOUR, (255, 255, 255), (255, 214, 90))


def test_the_cursor_on_a_hand_tile_is_the_focus_colour_and_a_selection_is_not():
    from game.table.hand import draw_hand
    from game.table.sprites import Sprites
    pygame.init()
    surface = pygame.Surface((400, 120))
    sprites = Sprites()
    tiles = [(1, 2), (3, 4)]
    rects = [pygame.Rect(40, 20, 40, 80), pygame.Rect(160, 20, 40, 80)]
    draw_hand(surface, sprites, tiles, rects, 40, playable=frozenset(tiles), selected=(3, 4), focused=(1, 2))
    left, right = colours(surface.subsurface((20, 0, 90, 120))), colours(surface.subsurface((140, 0, 90, 120)))
    assert FOCUS_COLOUR in left and FOCUS_COLOUR not in right
