"""Issue 28, item 1: a second Enter never takes back the move just confirmed (UX-6, UX-1).

After a confirm the computers play; a second press of a fast hand (Enter, Space, a pad's
A) only skips the moves in flight.  Undo by keyboard is Ctrl+Z; the Undo button under
the cursor acts only for a press that began after the player moved the cursor onto it.
Raw events are posted at the pace of real hands, through the real App.
"""
from __future__ import annotations

import pygame
import pytest

from game.play import AWAY, CURTAIN, DEAL_END, MATCH_END, PREVIEW
from rules.session import Config, Session
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN, SeatConfig
from shell_driver import frames, make_app, post
from test_curtain_holds import NAMES, hands_over, key_press, lift_curtain, pad_press, seconds

pytestmark = pytest.mark.rule("UX-6")


def table(kinds: str, seed: int, game: str, speed: str):
    """A match at the table, the computers at ``speed``; the tests reach their position at
    "instant" and set the speed under test with ``at_speed`` (issue 26: the suite's time)."""
    app = make_app(size=(1280, 720))
    app.start(resume=False)
    app.set_setting("computer_speed", speed)
    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else COMPUTER_SEAT) for i, k in enumerate(kinds)]
    app.start_match(Session(Config(game, len(kinds), seed)), seats)
    frames(app, 2)
    return app, app.play_state, app.stack.top


def at_speed(app, speed: str) -> None:
    """The computers' speed for the part under test (the match decides the same moves at
    any speed: only the seed does)."""
    app.set_setting("computer_speed", speed)


def decisions_of(play, seat: int) -> int:
    return sum(1 for s in play.decision_seats() if s == seat)


def press(app, how: str) -> None:
    if how == "pad":
        pad_press(app, pygame.CONTROLLER_BUTTON_A)
    else:
        key_press(app, pygame.K_SPACE if how == "space" else pygame.K_RETURN)


def preview(app, play, kind: str | None) -> None:
    """Play on with hints and Enter until a decision that hands the turn to a computer is
    previewed (of ``kind``, if given: "pass", "play")."""
    for _ in range(2000):
        if play.phase == CURTAIN:
            lift_curtain(app, play)
            continue
        if play.phase in (DEAL_END, MATCH_END):
            seconds(app, 1.0)
            key_press(app, pygame.K_RETURN)
            continue
        if not play.my_turn():
            frames(app)
            continue
        key_press(app, pygame.K_h)
        assert play.phase == PREVIEW
        if (kind is None or play.pending.kind == kind) and hands_over(play, play.pending, to_human=False):
            return
        key_press(app, pygame.K_RETURN)
    raise AssertionError(f"no {kind} handing over to a computer")


@pytest.mark.parametrize("kinds, game, seed, kind, gap, how", [
    ("hhcc", "mexican_train", 3, "pass", 0.12, "enter"),  # the first report
    ("hchc", "mexican_train", 21, "play", 0.4, "enter"),  # a tile confirmed, Enter 0.4 s later
    ("hccc", "jamaican", 31, None, 0.15, "enter"),  # one human: H, then Enter twice
    ("hccc", "cuban", 31, None, 0.15, "space"),
    ("hchc", "mexican_train", 21, None, 0.13, "pad"),  # a pad's A twice
])
def test_a_second_press_never_undoes_the_decision_just_confirmed(kinds, game, seed, kind, gap, how):
    app, play, scene = table(kinds, seed, game, "instant")
    try:
        preview(app, play, kind)
        at_speed(app, "fast")
        seat = play.session.to_act()
        made = decisions_of(play, seat)
        press(app, how)  # confirms: the computers play next
        assert play.phase == AWAY and decisions_of(play, seat) == made + 1
        cursor = play.session.cursor
        seconds(app, gap)
        press(app, how)  # the second press of a fast hand, while the computers play
        for _ in range(3):
            seconds(app, 0.1)
            press(app, how)  # and a few more, as an impatient player does
        assert play.session.cursor >= cursor, "the second press took the move back"
        assert decisions_of(play, seat) >= made + 1
        assert play.message is None or play.message[0] != "table.undone"
        assert app.errors == []
    finally:
        app.close()


def test_ctrl_z_still_takes_the_move_back_while_the_computers_play():
    app, play, scene = table("hccc", 31, "jamaican", "instant")
    try:
        preview(app, play, None)
        at_speed(app, "slow")
        cursor = play.session.cursor
        key_press(app, pygame.K_RETURN)
        assert play.phase == AWAY
        seconds(app, 0.15)
        post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        post(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        frames(app)
        assert play.session.cursor == cursor and play.message == ("table.undone", {})
    finally:
        app.close()


def test_the_undo_button_acts_for_a_press_after_the_player_moved_onto_it():
    """Back at the player's turn, the cursor moved onto Undo by their own arrows: Enter
    there undoes (the deliberate way by keyboard stays)."""
    app, play, scene = table("hccc", 31, "jamaican", "instant")
    try:
        preview(app, play, None)
        key_press(app, pygame.K_RETURN)
        for _ in range(600):
            if play.my_turn():
                break
            frames(app)
        assert play.my_turn() and play.can_undo()
        cursor = play.session.cursor
        for _ in range(12):  # up to the buttons, then along them to Undo
            if play.focus == "buttons" and play.focused() == "undo":
                break
            key_press(app, pygame.K_UP if play.focus != "buttons" else pygame.K_RIGHT)
        assert play.focus == "buttons" and play.focused() == "undo"
        assert next(b for b in scene.buttons if b.id == "undo").focused
        key_press(app, pygame.K_RETURN)
        assert play.session.cursor < cursor and play.message == ("table.undone", {})
    finally:
        app.close()
