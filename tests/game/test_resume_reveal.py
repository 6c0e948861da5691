"""Resuming an autosave made at a deal end shows that deal's reveal (UX-3, MT-16, MT-17).

Leaving the reveal changes nothing in the session, so the autosave made by the
deal's last decision is the one a player quits from while the reveal is on
screen; the resumed game must show the same reveal, not skip to the next deal.
"""
from __future__ import annotations

from game.play import CHOOSING, AWAY, DEAL_END, MATCH_END, PlayState
from game.scenes.deal_end import DealEndScene
from game.scenes.table import TableScene
from rules import save as rules_save
from shell_driver import click, frames, new_game_by_clicks, running_app
from table_fixtures import make_play, play_until


def _resumed(play: PlayState) -> PlayState:
    session, _meta = rules_save.loads(rules_save.dumps(play.session))
    return PlayState(session, play.seats, delay=0.0)


def test_a_game_resumed_at_a_deal_end_shows_that_deals_reveal_through_the_app():
    with running_app() as app:
        _table, play = new_game_by_clicks(app, 41)
        play_until(play, DEAL_END)
        frames(app, 150)  # the last play lands, then the reveal covers the table
        assert isinstance(app.stack.top, DealEndScene)
        deal = play.last_deal_end()
        assert deal.deal_no == 1
    # The program was quit while the reveal was on screen: the autosave is the deal's last decision.
    with running_app() as app:  # starting resumes the autosave
        frames(app, 150)
        top = app.stack.top
        assert isinstance(top, DealEndScene), "the resumed game skipped the deal's reveal"
        play = app.play_state
        assert play.phase == DEAL_END and play.last_deal_end() == deal
        frames(app)
        click(app, top.buttons[0].rect.center)  # next deal
        assert isinstance(app.stack.top, TableScene)
        assert play.phase in (CHOOSING, AWAY) and play.view().deal_no == 2
        assert app.errors == []


def test_resume_at_the_match_end_shows_the_last_reveal_then_the_match_end():
    play = make_play("hc", seed=31)
    play_until(play, MATCH_END)
    again = _resumed(play)
    assert again.phase == DEAL_END and again.last_deal_end().deal_no == 13
    again.continue_after_deal()
    assert again.phase == MATCH_END and again.match_end() == play.match_end()
    # after "next match" nothing of the old match is shown again
    play.next_match()
    assert _resumed(play).phase in (CHOOSING, AWAY)


def test_resume_mid_deal_or_after_the_next_decision_shows_no_reveal():
    play = make_play("hc", seed=32)
    assert _resumed(play).phase in (CHOOSING, AWAY)  # a fresh match: nothing ended yet
    play_until(play, DEAL_END)
    assert _resumed(play).phase == DEAL_END
    play.continue_after_deal()
    play_until(play, CHOOSING)
    play._apply(play.legal()[0])  # the first decision of the next deal: the reveal was seen
    assert _resumed(play).phase != DEAL_END
