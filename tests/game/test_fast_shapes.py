"""game.fast_shapes draws the large gradient buttons (the art's theme lights every button with
one) at the shape's own size: they look as pygame_gui's own drawing does, at a fraction of its
cost (the title at 200% on a 1080p TV took 0.76 s to build again; tools/bench_ui.py)."""
from __future__ import annotations

import json

import pygame
import pygame_gui.elements.ui_button as ui_button
from pygame_gui.core import ObjectID
from pygame_gui.core.drawable_shapes import RoundedRectangleShape
from pygame_gui.elements import UIButton

from game.fast_shapes import FastRoundedRectangle
from shell_driver import make_app

THEME = {"#gradient_probe": {
    "colours": {"normal_bg": "#1d4a3a,#2f6b55,90", "normal_border": "#c4a048"},
    "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "14", "border_width": "3"}}}


def _image(app, monkeypatch, shape_class) -> pygame.Surface:
    monkeypatch.setattr(ui_button, "RoundedRectangleShape", shape_class)
    button = UIButton(pygame.Rect(100, 100, 900, 150), "", manager=app.ui, object_id=ObjectID("#gradient_probe"))
    assert type(button.drawable_shape) is shape_class
    image = button.drawable_shape.get_surface("normal").copy()
    button.kill()
    return image


def test_a_large_gradient_button_is_drawn_quickly_and_looks_as_pygame_guis_own(monkeypatch):
    app = make_app(size=(1920, 1080), persist=False, settings={"language": "en", "ui_scale": 2.0})
    try:
        app.ui.get_theme().update_theming(json.dumps(THEME))
        calls = []
        original = FastRoundedRectangle._redraw_gradient
        monkeypatch.setattr(FastRoundedRectangle, "_redraw_gradient",
                            lambda self, *a: (calls.append(a[0]), original(self, *a))[1])
        fast = _image(app, monkeypatch, FastRoundedRectangle)
        assert calls, "the quick path did not draw the gradient button"
        own = _image(app, monkeypatch, RoundedRectangleShape)
        assert fast.get_size() == own.get_size()
        a, b = pygame.image.tobytes(fast, "RGBA"), pygame.image.tobytes(own, "RGBA")
        diffs = sorted(abs(x - y) for x, y in zip(a, b))
        assert sum(diffs) / len(diffs) < 2.0  # the same picture but for the corners' last pixels
        assert diffs[int(len(diffs) * 0.99)] <= 24
        w, h = fast.get_size()
        top, bottom = fast.get_at((w // 2, 12)), fast.get_at((w // 2, h - 12))
        assert top[:3] != bottom[:3]  # the gradient runs top to bottom
    finally:
        app.close()
