"""Issue 28, item 8: the in-game menu has a way back to the title (Main menu).

Starting the program resumes the last match, and the only way to the title (and so to
Finished matches) was Menu, New game, Back.  The menu now names it; the title then
offers Continue, which brings the same match back where it stood.
"""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scenes.overlays import GameMenuScene
from game.scenes.title import TitleScene
from shell_driver import Button, button, centre, click, controls, frames
from test_curtain_holds import key_press
from test_second_press import table


@pytest.mark.parametrize("how", ["keyboard", "mouse"])
def test_main_menu_in_the_game_menu_goes_to_the_title_and_continue_comes_back(how):
    app, play, scene = table("hccc", 5, "cuban", "instant")
    try:
        key_press(app, pygame.K_h)
        key_press(app, pygame.K_RETURN)
        frames(app, 30)
        cursor = play.session.cursor
        key_press(app, pygame.K_m)
        menu = app.stack.top
        assert isinstance(menu, GameMenuScene)
        words = i18n.t("ui.main_menu")
        if how == "mouse":
            click(app, centre(button(menu, words)))
        else:
            for _ in range(12):
                if menu.focus.current is button(menu, words):
                    break
                key_press(app, pygame.K_DOWN)
            key_press(app, pygame.K_RETURN)
            frames(app)
        title = app.stack.top
        assert isinstance(title, TitleScene) and len(app.stack) == 1
        assert app.play_state is play  # the match waits behind the title
        frames(app, 60)
        assert play.session.cursor == cursor  # and its computers do not play on
        go_on = next(c for c in controls(title) if isinstance(c, Button)
                     and c.element.text.startswith(i18n.t("ui.continue")))
        click(app, centre(go_on))
        frames(app, 2)
        assert app.stack.top.play.session is play.session
        assert app.play_state.session.cursor == cursor
    finally:
        app.close()


def test_main_menu_has_its_own_words_in_every_language():
    catalog = i18n.load()
    words = {code: catalog[code].get("ui.main_menu") for code in ("en", "ru", "uk", "it")}
    assert all(words.values()), words
    assert len(set(words.values())) == 4  # each language's own, none left in English
