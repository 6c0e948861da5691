"""Words the table says (issue 28, item 14): a tile named as everywhere else, and the
poser's confirmation that promises a device pass only when there is another human."""
from __future__ import annotations

import pytest

from game import i18n
from game.play import CHOOSING, AWAY, CURTAIN, DEAL_END, PlayState
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN, SeatConfig
from rules.line import CHOOSE
from rules.session import Config, Session
from shell_driver import click, frames, running_app
from table_fixtures import seats_of


def test_a_tile_that_cannot_be_played_is_named_in_brackets():
    with running_app() as app:
        seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER_SEAT) for i in (2, 3, 4)]
        app.start_match(Session(Config("jamaican", 4, 41)), seats)
        frames(app, 2)
        play, scene = app.play_state, app.stack.top
        for _ in range(400):
            view = play.view()
            blocked = [t for t in play.hand() if t not in play.playable_tiles()] if play.my_turn() else []
            if play.phase == CHOOSING and view.line and blocked:
                break
            if play.phase == DEAL_END:
                play.continue_after_deal()
            elif play.phase == AWAY:
                play.step_computer()
            elif play.my_turn():
                play._apply(play.legal()[0])
            frames(app)
        else:
            raise AssertionError("the human never held a tile that cannot be played")
        frames(app, 2)
        tile = blocked[0]
        click(app, scene.hand_rect_list[scene.hand_tiles.index(tile)].center)
        key, params = play.message
        words = i18n.t(key, **params)
        assert words == f"[{tile[0]}|{tile[1]}] cannot be played now."


def poser_words(kinds: str) -> str:
    """The confirmation of the first free pose of a Jamaican match (JA-2) by its representative."""
    for seed in range(1, 60):
        play = PlayState(Session(Config("jamaican", 4, seed)), seats_of(kinds), delay=0.0)
        session = play.session
        for _ in range(3000):
            if session.state.phase == CHOOSE and session.to_act() == 1:
                lead = next(a for a in session.legal_actions() if a.kind == "lead")
                return play.kit.preview_text(play, lead)
            if session.match_over():
                break
            if play.phase == DEAL_END:
                play.continue_after_deal()
            elif play.phase == AWAY:
                play.step_computer()
            elif play.phase == CURTAIN:
                play.reveal(began=play.curtain_at + 1.0)  # a fresh press, after the guard
            else:
                play._apply(play.legal()[0])
    raise AssertionError("seat 1 never chose a poser")


@pytest.mark.rule("JA-3")
def test_the_poser_choice_promises_a_device_pass_only_between_humans():
    alone = poser_words("hccc")
    assert "device" not in alone and alone == i18n.t("line.jamaican.confirm_opener_alone", name="Ann")
    assert "the device passes with every hand hidden" in poser_words("hhcc")
