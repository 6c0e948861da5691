"""Issue 31: the table reading panel on the table: off by default, R (or the setting) turns
it on, it reads the view of the seat whose hand is shown (UX-4), and with two humans at one
device it hides with the hand at the curtain (UX-3)."""
from __future__ import annotations

import pygame
import pytest

from game.play import CURTAIN
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN, SeatConfig
from rules.reading import read_table
from rules.session import Config, Session
from shell_driver import frames, make_app, post

NAMES = ("Ann", "Bob", "Cy", "Di")


def _table(kinds: str, game: str):
    app = make_app(size=(1280, 720), persist=False)
    app.start(resume=False)
    app.set_setting("computer_speed", "instant")
    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else COMPUTER_SEAT) for i, k in enumerate(kinds)]
    app.start_match(Session(Config(game, len(kinds), 5)), seats)
    frames(app, 2)
    return app, app.play_state, app.stack.top


def _press_r(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    post(pygame.KEYUP, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    frames(app)


def _panel_words(scene) -> list[str]:
    return [laid.text for laid in scene.reading_boxes.laid]


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_r_shows_the_reading_of_the_seat_at_the_screen(game):
    app, play, scene = _table("hccc", game)
    try:
        frames(app, 3)
        assert app.settings.get("reading") is False and _panel_words(scene) == []
        _press_r(app)
        assert app.settings["reading"] is True
        frames(app, 2)
        words = _panel_words(scene)
        assert words and words[0] == "Table reading"
        reading = read_table(play.view())
        digits = [int(w) for w in words if w.isdigit()]  # each number, then its unseen count
        assert digits[0::2][: len(reading.unseen)] == list(range(len(reading.unseen)))
        assert digits[1::2][: len(reading.unseen)] == list(reading.unseen)
        _press_r(app)
        scene.reading_boxes.clear(10)
        frames(app, 2)
        assert app.settings["reading"] is False and _panel_words(scene) == []
    finally:
        app.close()


@pytest.mark.rule("UX-3")
def test_the_panel_hides_with_the_hand_at_the_curtain():
    app, play, scene = _table("hhcc", "cuban")
    try:
        app.set_setting("reading", True)
        frames(app, 3)
        assert play.phase == CURTAIN
        scene.reading_boxes.clear(10)
        frames(app, 2)
        assert _panel_words(scene) == []
    finally:
        app.close()


def test_the_panel_is_built_once_while_nothing_changes_and_again_after_a_play():
    """The panel is kept as a surface: frames with nothing new blit it, a play (a new view),
    the language or the window's size draw it afresh."""
    app, play, scene = _table("hccc", "jamaican")
    try:
        app.set_setting("reading", True)
        frames(app, 2)
        assert play.my_turn()
        panel = scene.reading_panel
        built = panel.builds
        assert built >= 1
        frames(app, 20)
        assert panel.builds == built  # twenty frames, one panel
        assert _panel_words(scene)[0] == "Table reading"  # the kept words are still laid out
        before = read_table(play.view())
        cursor = play.session.cursor
        play.hint()
        play.confirm()
        frames(app, 3)
        assert play.session.cursor > cursor
        assert panel.builds > built
        reading = read_table(play.view())
        assert reading.unseen != before.unseen  # the play showed a tile ...
        digits = [int(w) for w in _panel_words(scene) if w.isdigit()]
        assert digits[1::2][: len(reading.unseen)] == list(reading.unseen)  # ... and the panel says so
        built = panel.builds
        frames(app, 5)
        assert panel.builds == built
        app.set_language("ru")
        frames(app, 2)
        assert panel.builds == built + 1 and _panel_words(scene)[0] != "Table reading"
    finally:
        app.close()
