"""Every game's rules from the title: its Rules asks which game (it showed Mexican Train's
alone, so a Cuban or Jamaican player could read their rules only inside a match)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scenes.game_list import RulesMenuScene
from game.scenes.overlays import RulesScene
from game.scenes.title import TitleScene
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules import Config, Session
from rules.variants import PLAYERS
from shell_driver import button, centre, click, frames, key, label_texts, make_app


@pytest.fixture
def app():
    app = make_app(persist=False, language="en")
    app.start(resume=False)
    frames(app, 2)
    yield app
    app.close()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_titles_rules_open_the_rules_of_the_game_chosen(app, game):
    click(app, centre(button(app.stack.top, "Rules")))
    menu = app.stack.top
    assert isinstance(menu, RulesMenuScene)
    click(app, centre(button(menu, i18n.t(f"ui.game_{game}"))))
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game() == game
    assert i18n.t("ui.rules_title", game=i18n.t(f"ui.game_{game}")) in label_texts(rules)
    click(app, centre(button(rules, "Back")))
    assert app.stack.top is menu
    click(app, centre(button(menu, "Back")))
    assert isinstance(app.stack.top, TitleScene)


def test_the_keys_alone_reach_the_jamaican_rules(app):
    title = app.stack.top
    rules_row = next(i for i, row in enumerate(title.focus.rows)
                     if any(c.element.text == "Rules" for c in row))
    key(app, pygame.K_DOWN, n=rules_row)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesMenuScene)
    key(app, pygame.K_DOWN, n=2)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game() == "jamaican"


def test_with_a_match_in_progress_its_game_is_offered_first(app):
    app.start_match(Session(Config("cuban", 4, 3)),
                    [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in (2, 3, 4)])
    app.to_title()
    frames(app, 2)
    click(app, centre(button(app.stack.top, "Rules")))
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game() == "cuban"


def test_the_rules_screenshot_takes_the_game_without_a_demo(monkeypatch):
    import game.__main__ as main
    shown = []

    def capture(app, path):
        shown.append(app.stack.top.game())
        app.close()
        return 0

    monkeypatch.setattr(main, "capture", capture)
    args = main.parse_args(["--scene", "rules", "--game", "jamaican", "--screenshot", "x.png", "--size", "800x600"])
    assert main.screenshot(args) == 0
    assert shown == ["jamaican"]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_rules_menu_fits_at_every_size_language_and_tv(size):
    """Every game's name fits on its button and stays in the window (interface size, language, TV)."""
    from test_screens_fit import problems_everywhere
    app = make_app(size=size, persist=False, language="en")
    app.start(resume=False)
    try:
        found = problems_everywhere(app, RulesMenuScene)
    finally:
        app.close()
    assert not found, found
