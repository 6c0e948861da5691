"""Issue 28 item 13: the title's footer (the keys hint) stands on the felt, not on the rail."""
from __future__ import annotations

import pygame
import pytest

from game import assets
from shell_driver import running_app


def labels(scene):
    from pygame_gui.elements import UILabel
    out = []

    def walk(container):
        for el in container.elements:
            if isinstance(el, UILabel):
                out.append(el)
            inner = getattr(el, "get_container", None)
            if inner is not None and el is not container:
                walk(inner())

    walk(scene.panel.get_container())
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (800, 480)])
def test_the_title_footer_is_inside_the_rail(size):
    from game import i18n
    with running_app(size=size) as app:
        hint = next(el for el in labels(app.stack.top) if el.text == i18n.t("ui.nav_hint"))
        inner = assets.inside_rail(pygame.Rect((0, 0), app.size))
        assert inner.contains(hint.rect), f"{size}: the footer {hint.rect} crosses the rail (felt {inner})"
