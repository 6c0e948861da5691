"""Issue 31: the rules screen's pictures, and issue 28 item 12: the TV rules screen's lines.

Each game's kit declares pictures for some of its rules sections (``TableKit.rule_pictures``,
from the kit folder's ``rule_pictures``): small hand-written positions drawn by the kit's own
renderer.  Every declared picture is drawn with the tiles of its position; the rules screen
shows each beside or under its section, clear of every text, at 1024x600 and 1080p with the
TV view on and off; and the TV view shows many lines at a time (it showed 4).
"""
from __future__ import annotations

import itertools

import pygame
import pytest

import table_fixtures  # noqa: F401  (SDL dummy drivers)
from game import i18n
from game.kits import KITS, kit_for
from game.rules_text import SECTIONS, section_name
from game.scenes import overlays
from game.scenes.overlays import RulesScene
from game.table.kit import TableKit
from game.table.sprites import Sprites, top_of
from pygame_gui.elements import UIImage, UITextBox
from shell_driver import frames, key, make_app

#: tiles each picture must show (its position's own), by (game, section)
SHOWN = {
    ("mexican_train", "start"): {(12, 12)},
    ("mexican_train", "trains"): {(4, 12), (4, 8), (1, 12), (1, 7), (10, 12), (2, 10)},
    ("mexican_train", "first_round"): {(12, 12), (5, 12), (5, 9), (3, 9)},
    ("mexican_train", "turns"): {(6, 12), (6, 11), (4, 12), (4, 8)},
    ("mexican_train", "doubles"): {(8, 10), (8, 8)},
    ("cuban", "leader"): {(4, 6)},
    ("cuban", "play"): {(5, 5), (1, 3), (7, 9), (3, 7)},
    ("cuban", "end"): {(0, 9), (0, 7), (1, 2), (6, 6)},
    ("jamaican", "pose"): {(6, 6)},
    ("jamaican", "play"): {(6, 6), (3, 5), (1, 4)},
    ("jamaican", "scoring"): {(2, 2), (0, 4), (2, 6), (2, 4)},
}


class Recorder(Sprites):
    """Sprites that remember every face they hand out."""

    def __init__(self, game: str) -> None:
        super().__init__(top=top_of(game))
        self.budget_s = float("inf")
        self.faces: set[tuple[int, int]] = set()

    def face(self, first, second, short, vertical, look="face"):
        self.faces.add((min(first, second), max(first, second)))
        return super().face(first, second, short, vertical, look)


@pytest.mark.parametrize("game", list(KITS))
def test_every_declared_picture_is_drawn_with_the_tiles_of_its_position(game):
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    pictures = kit_for(game).rule_pictures()
    assert len(pictures) >= 3, game
    names = {section_name(s) for s in SECTIONS[game]}
    for section, picture in pictures.items():
        assert section in names, (game, section)  # a picture belongs to a section of its game
        sprites = Recorder(game)
        surface = picture.draw(360, 200, sprites)
        assert surface.get_size() == (360, 200)
        assert SHOWN[(game, section)] <= sprites.faces, (game, section, sprites.faces)
        colours = {tuple(surface.get_at((x, y))) for x in range(0, 360, 4) for y in range(0, 200, 4)}
        assert len(colours) > 40, (game, section)  # tiles and names drawn, not an empty felt
        for lang in ("en", "ru", "uk", "it"):
            i18n.set_language(lang)
            caption = picture.caption()
            assert caption and "%{" not in caption and "pictures." not in caption, (lang, caption)
        i18n.set_language("en")


def test_russian_captions_say_their_numbers_in_the_right_form():
    i18n.set_language("ru")
    line = kit_for("cuban").rule_pictures()["end"].caption()
    assert "3 очка" in line and "47 очков" in line, line
    chain = kit_for("mexican_train").rule_pictures()["first_round"].caption()
    assert "3 кости" in chain or "3 костей" in chain, chain


def _rects_clear(scene: RulesScene) -> None:
    """Every page's texts and pictures lie inside the body and overlap nothing else."""
    for page in scene.plan:
        rects = [r for _k, r, _w in page]
        for r in rects:
            assert scene.body_rect.contains(r), (r, scene.body_rect)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (a, b)


def _visible_lines(scene) -> int:
    """Lines of text the screen shows at once: every shown text box's rows that lie whole
    inside the box (works for the screen before issue 31's pages as well)."""
    boxes: dict[int, UITextBox] = {}
    stack = [scene.panel.get_container()]
    while stack:
        container = stack.pop()
        for el in container.elements:
            if isinstance(el, UITextBox) and el.visible and el.text_box_layout is not None:
                boxes[id(el)] = el
            elif hasattr(el, "get_container"):
                stack.append(el.get_container())
    # a row of text (not the empty line between two sections) whole inside its box
    return sum(1 for box in boxes.values() for r in box.text_box_layout.layout_rows
               if r.bottom <= box.rect.height and r.width > 8)


@pytest.mark.parametrize("size, tv", [((1024, 600), False), ((1024, 600), True),
                                      ((1920, 1080), False), ((1920, 1080), True)])
def test_rules_screen_shows_each_picture_clear_of_the_text(monkeypatch, size, tv):
    app = make_app(size=size, settings={"tv": tv, "language": "ru" if tv else "en"})
    try:
        app.start(resume=False)
        for game in KITS:
            monkeypatch.setattr(overlays, "DEFAULT_GAME", game)
            app.open_rules()
            frames(app, 1)
            scene = app.stack.top
            assert isinstance(scene, RulesScene)
            _rects_clear(scene)
            shown = {what for page in scene.plan for k, _r, what in page if k == "picture"}
            assert shown == set(kit_for(game).rule_pictures()), game
            for page in scene.plan:  # each picture has its caption right under it
                kinds = [k for k, _r, _w in page]
                for i, k in enumerate(kinds):
                    if k == "picture":
                        assert kinds[i + 1] == "caption"
            # turning to a page with a picture builds that page's widgets where the plan says
            target = next(i for i, page in enumerate(scene.plan) if any(k == "picture" for k, _r, _w in page))
            for _ in range(target):
                key(app, pygame.K_RIGHT)
            assert scene.page == target
            built = scene.shown()
            assert [(k, r) for _e, r, k in built] == [(k, r) for k, r, _w in scene.plan[target]]
            for element, rect, kind in built:
                assert element.visible and element.relative_rect == rect, (kind, rect)
                if kind != "picture":  # the text's height was worked out right: nothing scrolls
                    assert getattr(element, "scroll_bar", None) is None, (game, size, tv, rect)
            images = [e for e, _r, k in built if k == "picture"]
            assert images and images[0].image.get_size() == images[0].rect.size
            key(app, pygame.K_ESCAPE)
            assert app.stack.top is not scene
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 600)])
def test_the_tv_rules_screen_shows_many_lines_at_a_time(size):
    """Issue 28 item 12: with the TV view the rules showed about 4 lines at a time (1080p: 4,
    1024x600: 4); the screen now uses its width (two columns) and its height."""
    app = make_app(size=size, settings={"tv": True})
    try:
        app.start(resume=False)
        app.open_rules()
        frames(app, 2)
        assert _visible_lines(app.stack.top) >= 12
    finally:
        app.close()


def test_the_pictures_come_from_the_kits_hook(monkeypatch):
    """No hook, no pictures: the rules screen draws what the kit's hook declares, nothing of its own."""
    monkeypatch.setattr(TableKit, "rule_pictures", lambda self: {})
    app = make_app(size=(1280, 720))
    try:
        app.start(resume=False)
        app.open_rules()
        frames(app, 1)
        scene = app.stack.top
        assert not [w for page in scene.plan for k, _r, w in page if k == "picture"]
        assert not [e for e, _r, _k in scene.shown() if isinstance(e, UIImage)]
    finally:
        app.close()


def test_pictures_are_drawn_once_per_size_and_language(monkeypatch):
    overlays._PICTURES.clear()
    drawn = []
    real = kit_for("jamaican").rule_pictures()["pose"]
    monkeypatch.setattr(TableKit, "rule_pictures",
                        lambda self: {"pose": real._replace(draw=lambda w, h, s: drawn.append((w, h)) or
                                                            real.draw(w, h, s))})
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    art = ("auto", "standard")
    first = overlays.rule_picture("jamaican", "pose", (300, 180), art)
    assert overlays.rule_picture("jamaican", "pose", (300, 180), art) is first
    assert drawn == [(300, 180)]
    i18n.set_language("ru")
    overlays.rule_picture("jamaican", "pose", (300, 180), art)
    assert drawn == [(300, 180)] * 2
