"""Issue 27: the join screen's QR codes (segno), as PNG bytes and as a pygame Surface."""
from __future__ import annotations

import os

import segno

from game.phones.qr import BORDER, qr_matrix, qr_png, qr_surface

URL = "http://192.168.1.20:51234/j/K7M2QX9PTA"


def test_the_png_is_a_png_of_the_address():
    data = qr_png(URL, scale=4)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    matrix = qr_matrix(URL)
    assert matrix == [[bool(v) for v in row] for row in segno.make(URL, error="m", micro=False).matrix]


def test_the_surface_draws_every_module_the_same_size_with_its_quiet_zone():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    matrix = qr_matrix(URL)
    modules = len(matrix) + 2 * BORDER
    surface = qr_surface(URL, 300)
    scale = 300 // modules
    assert surface.get_size() == (modules * scale, modules * scale)
    for y, row in enumerate(matrix):
        for x, on in enumerate(row):
            colour = surface.get_at(((x + BORDER) * scale + scale // 2, (y + BORDER) * scale + scale // 2))
            assert (colour[:3] == (0, 0, 0)) == on, (x, y)
    assert surface.get_at((1, 1))[:3] == (255, 255, 255)  # the quiet zone is light
    assert isinstance(surface, pygame.Surface)
