"""Join QR codes (issue 27): a seat's join address as PNG bytes or a pygame Surface, by segno.

``qr_png`` needs no pygame (the server thread, tools); ``qr_surface`` imports it
when called, for the join screen.
"""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

import segno

if TYPE_CHECKING:  # pragma: no cover
    import pygame

#: Error correction "M" (15 %): readable from across a room off a TV with some glare.
ERROR = "m"
#: The quiet zone around the code, in modules (the standard asks for 4).
BORDER = 4


def qr_matrix(url: str) -> list[list[bool]]:
    """The code's modules, True for dark, without the quiet zone."""
    code = segno.make(url, error=ERROR, micro=False)
    return [[bool(v) for v in row] for row in code.matrix]


def qr_png(url: str, scale: int = 8, dark: str = "#000000", light: str = "#FFFFFF") -> bytes:
    """The code as PNG bytes, ``scale`` pixels a module, with its quiet zone."""
    code = segno.make(url, error=ERROR, micro=False)
    out = io.BytesIO()
    code.save(out, kind="png", scale=max(1, int(scale)), border=BORDER, dark=dark, light=light)
    return out.getvalue()


def qr_surface(url: str, size_px: int, dark: tuple[int, int, int] = (0, 0, 0),
               light: tuple[int, int, int] = (255, 255, 255)) -> "pygame.Surface":
    """The code drawn square into about ``size_px`` pixels (whole pixels a module, so every
    module has the same size and a phone's camera reads it), with its quiet zone."""
    import pygame

    matrix = qr_matrix(url)
    modules = len(matrix) + 2 * BORDER
    scale = max(1, int(size_px) // modules)
    side = modules * scale
    surface = pygame.Surface((side, side))
    surface.fill(light)
    for y, row in enumerate(matrix):
        for x, on in enumerate(row):
            if on:
                surface.fill(dark, ((x + BORDER) * scale, (y + BORDER) * scale, scale, scale))
    return surface
