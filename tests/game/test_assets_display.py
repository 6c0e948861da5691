"""What was cached before a display existed is built again once the window opens: unconverted
surfaces blend a shade differently, and two identical screenshots in one test run differed by
a pixel value depending on whether a headless test had drawn first."""
from __future__ import annotations

import pygame

from game import assets
from shell_driver import make_app


def test_a_sprite_built_headless_is_built_again_for_the_window():
    pygame.display.quit()
    pygame.init()
    assert pygame.display.get_surface() is None
    assets.clear_caches()
    headless = assets.image("station.png")
    app = make_app()
    try:
        again = assets.image("station.png")
        assert again is not headless  # the headless one was forgotten
        assert again.get_flags() & pygame.SRCALPHA and assets.image("station.png") is again  # kept now
    finally:
        app.close()


def test_a_sprite_built_for_a_window_is_kept_for_the_next_window():
    first = make_app()
    try:
        built = assets.image("station.png")
    finally:
        first.close()
    second = make_app()
    try:
        assert assets.image("station.png") is built  # no rebuild for every App: the tests start hundreds
    finally:
        second.close()
