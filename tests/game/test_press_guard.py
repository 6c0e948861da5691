"""Issue 40: a press that began before a screen or a decision was offered never acts on it.

The curtain's rule (UX-3) serves every screen that follows a confirm: the hand's or deal's
end, the match's end, a lesson card, and the same player's next decision.  A quick second
or third Enter (150 ms apart, the pace of a fast hand) meant for the screen before is
dropped; a fresh press after the guard time, or after the player's own arrow, acts.
Raw key events through the real App; each test costs about a second.
"""
from __future__ import annotations

import copy

import pygame
import pytest

from game.play import CHOOSING, CURTAIN, DEAL_END, MATCH_END, PRESS_GUARD_S, PREVIEW
from test_curtain_holds import key_press, lift_curtain, seconds
from test_second_press import table
from table_fixtures import play_until

pytestmark = pytest.mark.rule("UX-3")


def ends_the_deal(play, action) -> bool:
    if action == play.setup:
        return False  # the engine's placement (MT-4) is done by the rules already
    trial = copy.deepcopy(play.session)
    ends = sum(1 for e in trial.state.history if e.kind == "deal_end")
    trial.apply(action)
    return sum(1 for e in trial.state.history if e.kind == "deal_end") > ends


def to_last_move(app, play) -> None:
    """Hints and Enter until the human's hinted move ends the deal (H pressed: previewed)."""
    for _ in range(3000):
        if play.phase == CURTAIN:
            lift_curtain(app, play)
        elif play.phase in (DEAL_END, MATCH_END):
            seconds(app, PRESS_GUARD_S + 0.05)
            key_press(app, pygame.K_RETURN)
        elif not play.my_turn():
            seconds(app, 0.05)
        else:
            key_press(app, pygame.K_h)
            assert play.phase == PREVIEW
            if ends_the_deal(play, play.pending):
                return
            key_press(app, pygame.K_RETURN)
    raise AssertionError("the human never ended a deal")


@pytest.mark.parametrize("kinds, game, seed", [
    ("hccc", "jamaican", 7),  # the report: H, then Enter twice 150 ms apart
    ("hccc", "mexican_train", 2),
])
def test_a_second_enter_never_skips_the_hands_result(kinds, game, seed):
    app, play, scene = table(kinds, seed, game, "instant")
    try:
        to_last_move(app, play)
        key_press(app, pygame.K_RETURN)  # the last tile
        assert play.phase == DEAL_END
        deals = play.reveals_seen
        shown = None
        for n in range(20):  # an impatient hand: Enter every 150 ms until the result is up, and on
            seconds(app, 0.15)
            key_press(app, pygame.K_RETURN)
            if shown is None and type(app.stack.top).__name__ == "DealEndScene":
                shown = n
            if shown is not None and n >= shown + 2:
                break
        assert play.phase == DEAL_END and play.reveals_seen == deals, "the hand's result was skipped"
        assert shown is not None and type(app.stack.top).__name__ == "DealEndScene"
        seconds(app, PRESS_GUARD_S)
        key_press(app, pygame.K_RETURN)  # a fresh press, after the result was read, moves on
        assert play.reveals_seen == deals + 1
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.rule("UX-1")
def test_quick_enters_after_the_engine_never_preview_or_play_the_next_tile():
    """The same player decides twice (the engine, then the first turn): a second and third
    quick Enter neither preview nor confirm a move nobody chose; a fresh press, or the
    player's own arrow first, does."""
    app, play, scene = table("hccc", 5, "mexican_train", "instant")
    try:
        assert play.setup is not None and play.session.to_act() == 1, "seed 5: the human holds the engine"
        key_press(app, pygame.K_h)  # the engine's placement previewed
        key_press(app, pygame.K_RETURN)  # and confirmed
        assert play.setup is None and play.phase == CHOOSING and play.session.to_act() == 1
        cursor = play.session.cursor
        for _ in range(3):
            seconds(app, 0.15)
            key_press(app, pygame.K_RETURN)
            assert play.phase == CHOOSING and play.pending is None and play.selected is None
        assert play.session.cursor == cursor, "a move nobody chose was played"
        key_press(app, pygame.K_RIGHT)  # the player's own arrow: the next Enter is meant
        key_press(app, pygame.K_LEFT)
        key_press(app, pygame.K_RETURN)
        assert play.selected is not None or play.pending is not None
        assert app.errors == []
    finally:
        app.close()


def test_quick_presses_never_skip_the_match_result():
    """The match's end comes up after the last deal's result: a quick second press meant for
    that result does not start the next match; a fresh one does (MT-20)."""
    app, play, scene = table("hccc", 4, "cuban", "instant")
    try:
        play_until(play, DEAL_END)
        while not play.session.match_over():
            play.continue_after_deal()
            play_until(play, DEAL_END)
        seconds(app, 1.5)  # the last deal's result is up
        assert type(app.stack.top).__name__ == "DealEndScene"
        seconds(app, PRESS_GUARD_S)
        key_press(app, pygame.K_RETURN)  # "See the result"
        assert play.phase == MATCH_END and type(app.stack.top).__name__ == "MatchEndScene"
        match = play.view().match_no
        for _ in range(3):
            seconds(app, 0.15)
            key_press(app, pygame.K_RETURN)
        assert play.phase == MATCH_END and play.view().match_no == match, "the match's result was skipped"
        seconds(app, PRESS_GUARD_S)
        key_press(app, pygame.K_RETURN)  # a fresh press: the next match (MT-20)
        assert play.view().match_no == match + 1
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.parametrize("kinds, game, seed", [("hccc", "jamaican", 31), ("hccc", "mexican_train", 21)])
def test_quick_enters_after_a_move_never_act_on_the_next_turn(kinds, game, seed):
    """The computers play at once: the player's next decision is up within a frame of the
    confirm, and the second and third Enter of a fast hand must not pick a tile there."""
    app, play, scene = table(kinds, seed, game, "instant")
    try:
        for _ in range(200):
            if play.my_turn():
                key_press(app, pygame.K_h)
                if play.session.to_act() == 1 and play.pending != play.setup:
                    break
                key_press(app, pygame.K_RETURN)
            else:
                seconds(app, 0.05)
        key_press(app, pygame.K_RETURN)  # confirmed: the computers play at once
        seconds(app, 0.05)
        assert play.my_turn() and play.pending is None
        cursor = play.session.cursor
        for _ in range(3):
            key_press(app, pygame.K_RETURN)
            assert play.pending is None and play.selected is None and play.session.cursor == cursor
            seconds(app, 0.15)
        seconds(app, PRESS_GUARD_S)
        key_press(app, pygame.K_RETURN)  # a fresh press acts
        assert play.pending is not None or play.selected is not None or play.session.cursor != cursor
    finally:
        app.close()


def test_a_quick_second_enter_never_skips_a_lesson_card():
    from shell_driver import frames, make_app
    from test_lessons import open_lesson

    app = make_app(size=(1280, 720))
    app.start(resume=False)
    app.set_setting("computer_speed", "instant")
    frames(app, 2)
    try:
        scene = open_lesson(app, "jamaican", "keyboard")
        guide = scene.guide
        seconds(app, PRESS_GUARD_S)
        assert guide.reading and guide.index == 0
        key_press(app, pygame.K_RETURN)  # Next: the second card
        assert guide.index == 1
        for _ in range(3):
            seconds(app, 0.15)
            key_press(app, pygame.K_RETURN)  # meant for the first card
        assert guide.index == 1, "a card went by unread"
        seconds(app, PRESS_GUARD_S)
        key_press(app, pygame.K_RETURN)
        assert guide.index == 2 or not guide.reading
    finally:
        app.close()
