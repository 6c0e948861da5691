"""Issue 31: ``python -m game --learn GAME --screenshot OUT.png --after N``, in process: the
picture is written at the size asked for and shows the lesson's card of that step (the card
after N steps, not the first one), drawn where the scene says it is."""
from __future__ import annotations

import pygame
import pytest

import game.__main__ as cli
from game.scenes.lesson import LessonTableScene


@pytest.mark.parametrize("game, after", [("jamaican", 5)])  # the fifth step: the card on the line's ends
def test_learn_screenshot_shows_the_card_of_the_step(tmp_path, monkeypatch, game, after):
    shown: list[tuple] = []
    apps: list = []
    real_capture, real_write = cli.capture, cli.write_image

    def capture(app, path):  # the runner's own capture ...
        apps.append(app)
        return real_capture(app, path)

    def write_image(surface, path):  # ... and what the lesson showed as it was written
        scene = apps[-1].stack.top
        assert isinstance(scene, LessonTableScene) and scene.card_rect is not None
        shown.append((scene.guide.index, scene.guide.explaining, pygame.Rect(scene.card_rect)))
        real_write(surface, path)

    monkeypatch.setattr(cli, "capture", capture)
    monkeypatch.setattr(cli, "write_image", write_image)
    first, later = tmp_path / "first.png", tmp_path / "later.png"
    assert cli.main(["--learn", game, "--screenshot", str(first), "--size", "1024x600", "--lang", "en"]) == 0
    assert cli.main(["--learn", game, "--screenshot", str(later), "--after", str(after),
                     "--size", "1024x600", "--lang", "en"]) == 0
    pictures = [pygame.image.load(str(p)) for p in (first, later)]
    assert [p.get_size() for p in pictures] == [(1024, 600), (1024, 600)]
    (index0, _, card0), (index1, _, card1) = shown[0], shown[1]
    assert index0 == 0 and index1 > 0  # the card of the step, not the first one again
    for picture, card in zip(pictures, (card0, card1)):
        assert pygame.Rect(0, 0, 1024, 600).contains(card)
        # the card's gold edge is in the picture where the scene drew it
        edge = picture.get_at((card.centerx, card.top + 1))[:3]
        assert edge == (226, 192, 104)
    assert pygame.image.tobytes(pictures[0], "RGB") != pygame.image.tobytes(pictures[1], "RGB")


def test_steps_taken_at_once_show_at_once():
    """``--after`` takes many steps without a frame between them (over a deal's end too): the
    picture is of the table as they left it, with no motion or words of moves long made
    flying over it (the staging takes them as an undo takes its change)."""
    from shell_driver import frames, make_app
    from game.scenes.lesson import advance_lesson, start_lesson
    app = make_app(size=(1024, 600), persist=False)
    app.start(resume=False)
    try:
        scene = start_lesson(app, "mexican_train")
        frames(app, 2)
        assert advance_lesson(scene, 38) == 38  # to the card on the 13 deals
        assert scene.play.view().deal_no == 2  # past the first deal's end
        frames(app)
        assert not scene.motion.busy(scene.clock)
    finally:
        app.close()
