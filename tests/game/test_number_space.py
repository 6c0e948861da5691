"""Issue 40: "you drew 4 tiles" read as "4tiles" on the table's prompt at 1024x600.

At 13 px the digit fills its advance and the "t" hangs a pixel to the left, leaving one
blank column between them.  The table's text widens a space between a number and a word
with a thin space; the columns of blank pixels between "4" and "tiles" are counted.
"""
from __future__ import annotations

import pygame
import pytest

from game.table.text import text


def gap_after_digit(words: str, digit_end: str, px: int) -> int:
    """Blank pixel columns between the end of ``digit_end`` and the next ink."""
    from game import assets
    surf = text(words, px)
    start = assets.font(px).size(digit_end)[0] - 1
    ink = pygame.mask.from_surface(surf)
    w, h = surf.get_size()

    def column_blank(x: int) -> bool:
        return not any(ink.get_at((x, y)) for y in range(h))

    x = start
    while x < w and not column_blank(x):
        x += 1
    gap = 0
    while x < w and column_blank(x):
        gap, x = gap + 1, x + 1
    return gap


@pytest.mark.parametrize("px", [12, 13, 14])
def test_a_number_and_its_word_keep_a_visible_space(px):
    pygame.init()
    words = "Start search: you drew 4 tiles."
    number = gap_after_digit(words, "Start search: you drew 4", px)
    word = gap_after_digit(words, "Start search: you", px)  # "you drew": an ordinary space
    assert number >= 3 and number >= word - 1, (number, word)
