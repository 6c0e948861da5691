"""Text drawn into a box that it never leaves (issue 11: every screen fits at every size).

The score, coach and replay screens draw their own text with pygame fonts.  Each
text goes through ``Boxes.put``: it is drawn at the size asked for when it fits
its box, else at a smaller size down to the screen's readable floor, else at the
floor with its end elided ("Александра-Ма…"), never cut mid-glyph or run into the
next column.  ``Boxes.laid`` keeps what was laid out (the words shown, where, in
which box) for the fit test (tests/game/scenes/test_panels_fit.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..safe_area import tv_on
# the measuring of text is the table's (the kits' score screens measure too): named here as before
from ..table.text import ELLIPSIS, elide, fitting_px, line_height, text, width_of

__all__ = ["ELLIPSIS", "Boxes", "Laid", "button_rows", "elide", "fitting_px", "line_height", "readable_px",
           "width_of"]

TEXT = (247, 241, 227)


@dataclass(frozen=True)
class Laid:
    """One text as drawn: the words shown, their rect and the box they were given."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    px: int


def readable_px(app) -> int:
    """Issue 11: the smallest text a screen may draw: 16 px at 1080p with the TV setting
    (read from three metres), 12 px at 1080p without it, in proportion to the window's
    height, and never under 10 px."""
    h = app.screen.get_height()
    return max(10, round((16 if tv_on(app.settings) else 12) * h / 1080))


class Boxes:
    """Draws each text into its box (see the module docstring) and keeps what it laid out."""

    def __init__(self, least: int = 10) -> None:
        #: The readable floor: no text is drawn smaller (``readable_px``).
        self.least = least
        self.laid: list[Laid] = []

    def clear(self, least: int) -> None:
        self.least = least
        self.laid = []

    def px(self, design: float, u: float) -> int:
        """``design`` px at scale ``u``, never under the readable floor."""
        return max(self.least, round(design * u))

    def put(self, surface: pygame.Surface, words: str, box: pygame.Rect, px: int, *, colour=TEXT,
            bold: bool = False, outline=None, align: str = "left") -> pygame.Rect:
        """``words`` in ``box``: at ``px`` or smaller down to the floor, then elided; aligned
        left, centre or right and centred on the box's height.  Returns the drawn rect."""
        box = pygame.Rect(box)
        rim = 2 * max(1, px // 12) if outline is not None else 0
        size = fitting_px(words, box.width - rim, max(px, self.least), self.least, bold)
        while size > self.least and line_height(size, bold) > box.height:
            size -= 1
        shown = elide(words, box.width - rim, size, bold)
        if not shown:
            return pygame.Rect(box.x, box.centery, 0, 0)
        img = text(shown, size, colour, bold=bold, outline=outline)
        rect = img.get_rect()
        rect.centery = box.centery
        if align == "center":
            rect.centerx = box.centerx
        elif align == "right":
            rect.right = box.right
        else:
            rect.left = box.left
        surface.blit(img, rect)
        self.laid.append(Laid(shown, rect, box, size))
        return rect


def button_rows(labels: list[tuple[str, str]], width: int, px: int, least: int, gap: int,
                min_w: int = 0, pad: int = 20) -> tuple[list[list[tuple[str, str, int]]], int, int]:
    """Issue 11: buttons in as few rows of ``width`` as keep every label at a readable
    size (bold, as a primary button draws it): the rows of (id, label, width), the text
    size and one button's height."""
    for per_row in range(len(labels), 0, -1):
        room = (width - gap * (per_row - 1)) // per_row  # each button's share at the most
        size = min(fitting_px(lbl, room - 16, px, least, bold=True) for _, lbl in labels)
        if per_row == 1 or all(width_of(lbl, size, True) <= room - 16 for _, lbl in labels):
            rows = [labels[i:i + per_row] for i in range(0, len(labels), per_row)]
            out = [[(bid, lbl, min(room, max(min_w, width_of(lbl, size, True) + max(16, pad))))
                    for bid, lbl in row] for row in rows]
            return out, size, round(line_height(size) * 1.7)
    return [], px, 0
