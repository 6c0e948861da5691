"""A resumed game comes back where the player was (issue 11): at a deal's reveal if the
players had not moved on from it, and at the next deal if they had, in every game."""
from __future__ import annotations

import pytest

from game.play import DEAL_END
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules.session import Config, Session
from shell_driver import frames, running_app
from table_fixtures import play_until


def start(app, game: str) -> None:
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in (2, 3, 4)]
    app.start_match(Session(Config(game, 4, 41)), seats)
    frames(app, 2)


@pytest.mark.rule("UX-3")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
@pytest.mark.parametrize("moved_on", [True, False])
def test_resume_after_a_deal_end(game, moved_on):
    with running_app() as app:
        start(app, game)
        play = app.play_state
        play_until(play, DEAL_END)
        app.autosave()
        if moved_on:
            play.continue_after_deal()  # the next deal begins; nobody has decided in it yet
            assert play.phase != DEAL_END
        cursor = play.session.cursor
    with running_app() as again:  # the program started anew resumes the autosave
        play = again.play_state
        assert play is not None and play.session.cursor == cursor
        assert (play.phase == DEAL_END) is (not moved_on)
