"""New game offers the game last played (issue 28, item 10), not Mexican Train every time."""
from __future__ import annotations

import pytest

from game.scenes.new_game import NewGameScene
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules.session import Config, Session
from shell_driver import button, centre, click, frames, running_app


@pytest.mark.parametrize("game,players", [("cuban", 4), ("jamaican", 4), ("mexican_train", 6)])
def test_new_game_from_a_match_offers_its_game(game, players):
    with running_app() as app:
        seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in range(2, players + 1)]
        app.start_match(Session(Config(game, players, 41)), seats)
        frames(app, 2)
        app.new_game()  # what the game menu's New game does
        frames(app, 2)
        form = app.stack.top
        assert isinstance(form, NewGameScene) and form.game == game and len(form.seats) == players
        click(app, centre(button(form, "Start")))  # Start at once plays that game again
        assert app.play_state.session.config.game == game
        assert app.play_state.session.config.players == players


def test_a_fresh_start_offers_mexican_train():
    with running_app() as app:
        click(app, centre(button(app.stack.top, "New game")))
        form = app.stack.top
        assert isinstance(form, NewGameScene) and form.game == "mexican_train" and len(form.seats) == 4
