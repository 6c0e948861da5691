"""The title's words name the games and the match as they are (issue 28, item 7)."""
from __future__ import annotations

import pytest

from game.play import MATCH_END
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules.session import Config, Session
from shell_driver import button, frames, label_texts, running_app
from table_fixtures import play_until


def to_title_with(app, game: str, finish: bool):
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in (2, 3, 4)]
    app.start_match(Session(Config(game, 4, 41)), seats)
    frames(app, 2)
    if finish:
        play_until(app.play_state, MATCH_END)
    app.start(resume=False)  # the title over the match in progress, as Menu, Title shows it
    frames(app, 2)
    return app.stack.top


@pytest.mark.parametrize("game,finish,words", [
    ("jamaican", True, "Continue: Jamaican partner dominoes, Match 1 is over"),
    ("cuban", True, "Continue: Cuban dominoes, Match 1 is over"),
    ("mexican_train", False, "Continue: Mexican Train, Deal 1 of 13"),
    ("cuban", False, "Continue: Cuban dominoes, Hand 1"),
    ("jamaican", False, "Continue: Jamaican partner dominoes, Hand 1"),
])
def test_continue_names_the_game_and_where_its_match_stands(game, finish, words):
    with running_app() as app:
        title = to_title_with(app, game, finish)
        assert button(title, words)  # not "Deal 11 of 13" for a finished line match


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "it"])
def test_the_tagline_names_every_game_of_the_program(lang):
    from game import i18n
    with running_app() as app:
        app.set_language(lang)
        frames(app, 2)
        labels = label_texts(app.stack.top)
        names = [i18n.t(f"ui.game_{g}") for g in ("mexican_train", "cuban", "jamaican")]
        assert any(all(n in text for n in names) for text in labels), labels
