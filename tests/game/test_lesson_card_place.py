"""Issue 31: a lesson's card stands clear of what it points at and of the places the learner
may play at (the lit open ends): on a small window the card that asks for the key win
(Jamaican) and the one that asks to go out (Mexican Train) once hid an end to play at, and
on a TV at 1024x600 the Cuban card on both ends and the Jamaican key win still did."""
from __future__ import annotations

import pygame
import pytest

from shell_driver import frames, make_app

from game.scenes.lesson import advance_lesson, start_lesson


def _ends(scene) -> list[pygame.Rect]:
    """The targets of the learner's legal plays, on screen (as the table lights them)."""
    play = scene.play
    lay = scene._layout_now()
    keys = {play.kit.target(a) for a in play.legal() if a.kind == "play"}
    rects = [scene.camera.world_rect_to_screen(play.kit.target_rect(lay, k)) for k in keys]
    return [pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h))) for x, y, w, h in rects]


@pytest.mark.parametrize("game, card, tv", [
    ("jamaican", "learn.ja.key", False), ("mexican_train", "learn.mt.go_out", False),
    # a TV at 1024x600 leaves a felt a quarter of the window tall: the card's type gets
    # smaller, then the card takes the whole width, rather than hide an end
    ("cuban", "learn.cu.both_ends", True), ("jamaican", "learn.ja.key", True),
    # issue 38: the plays on the Mexican train and on the computer's marked train, by doing
    ("mexican_train", "learn.mt.on_mexican", False), ("mexican_train", "learn.mt.on_marked", False),
    # and covering the computer's open double (MT-14)
    ("mexican_train", "learn.mt.cover", False), ("mexican_train", "learn.mt.cover", True),
])
def test_the_card_keeps_clear_of_its_place_and_the_open_ends(game, card, tv):
    app = make_app(size=(1024, 600), persist=False, settings={"tv": tv})
    app.start(resume=False)
    try:
        scene = start_lesson(app, game)
        guide = scene.guide
        for _ in range(80):
            frames(app)
            if guide.card is not None and guide.card.key == card and not guide.reading:
                break
            advance_lesson(scene, 1)
        assert guide.card is not None and guide.card.key == card
        frames(app, 2)
        rect, target, ends = scene.card_rect, scene.anchor_rect(), _ends(scene)
        assert rect is not None and ends
        assert pygame.Rect(scene.camera.viewport).contains(rect)
        assert target is None or not rect.colliderect(target)
        assert [e for e in ends if rect.colliderect(e)] == []
    finally:
        app.close()
