"""``game.table.text.fit``: a line shrinks to its width, but never below its floor; past the floor
it loses its last words to an ellipsis (issue 28 item 12: a TV's narrow ticker strip drew 8 px
text, unreadable from a sofa)."""
from __future__ import annotations

import pygame

from game.table.text import fit, text

LINE = "Player 1 played [11|12] on their own train and drew a tile from the boneyard"


def test_a_line_that_fits_is_drawn_whole_at_its_size():
    assert fit("Pass", 20, 400).get_size() == text("Pass", 20).get_size()


def test_a_line_shrinks_to_its_floor_then_loses_its_tail():
    pygame.font.init()
    wide = text(LINE, 20).get_width()
    img = fit(LINE, 20, wide // 3, least=15)
    assert img.get_width() <= wide // 3
    assert img.get_height() >= text("x", 15).get_height()  # not below the floor
    assert img.get_width() < text(LINE, 15).get_width()  # words were dropped


def test_without_a_floor_it_shrinks_as_before():
    wide = text(LINE, 20).get_width()
    img = fit(LINE, 20, wide * 2 // 3)
    assert img.get_width() <= wide * 2 // 3 and img.get_height() < text("x", 20).get_height()
