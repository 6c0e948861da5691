"""At the device's turn the keyboard's cursor rests on a tile that can be played: the first
Enter plays, never "[0|2] cannot be played now" (seen at real key speed in a Jamaican
hand whose first tile in the hand could not go)."""
from __future__ import annotations

import pygame
import pytest

from game import play as play_mod
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules import Config, Session
from shell_driver import frames, key, make_app


def _turn_with_an_unplayable_first_tile(game: str):
    """An App at the human's turn where the hand's first tile cannot be played (seeds tried in order)."""
    players = 4
    for seed in range(1, 60):
        app = make_app(persist=False)
        app.settings["computer_speed"] = "instant"
        app.start(resume=False)
        seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in range(2, players + 1)]
        app.start_match(Session(Config(game, players, seed)), seats)
        play = app.play_state
        for _ in range(3000):
            frames(app, dt=0.05)
            if play.phase in (play_mod.DEAL_END, play_mod.MATCH_END):
                break
            if play.my_turn() and play.phase == play_mod.CHOOSING:
                hand, playable = play.hand(), play.playable_tiles()
                if playable and hand and hand[0] not in playable:
                    return app
                play.apply(play.legal()[0])  # not this turn: on to the human's next
        app.close()
    raise AssertionError("no such position in 60 seeds")


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_the_first_enter_takes_a_playable_tile(game):
    app = _turn_with_an_unplayable_first_tile(game)
    try:
        play = app.play_state
        playable = play.playable_tiles()
        assert play.cursor.zone == "hand" and play.cursor.focused() in playable
        key(app, pygame.K_RETURN)
        assert play.selected in playable or play.phase == play_mod.PREVIEW
        assert play.message is None or "cannot" not in str(play.message[0])
    finally:
        app.close()


def test_enter_on_undo_takes_back_one_more_each_time():
    """The cursor stays on Undo across the positions it brings back: Enter, Enter undoes two."""
    app = _turn_with_an_unplayable_first_tile("jamaican")
    try:
        play = app.play_state
        for _ in range(2):  # two decisions of the human to take back
            play.apply(play.legal()[0])
            for _ in range(400):
                frames(app, dt=0.05)
                if play.my_turn() and play.phase == play_mod.CHOOSING:
                    break
        buttons = play.cursor.items("buttons")
        assert "undo" in buttons
        play.cursor.zone, play.cursor.index = "buttons", buttons.index("undo")
        play.cursor.arrived = ("undo", play.now() - 1.0)  # as the arrows put it there
        key(app, pygame.K_RETURN)
        assert len(play.takebacks.redo_counts) == 1 and play.cursor.focused() == "undo"
        key(app, pygame.K_RETURN)
        assert len(play.takebacks.redo_counts) == 2
    finally:
        app.close()
