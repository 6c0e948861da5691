"""Issue 28, item 2 (UX-1): a hint, then Enter (or a pad's X, then A), carries out the hinted
decision, wherever the cursor was; and the one thing drawn with the focus ring is what
the cursor is on.

Every decision of every game is played this way through the real App, with real key and
controller events at the pace of hands: first a few arrows (the cursor may rest on another
decision button, another tile), then the hint, then the confirm.
"""
from __future__ import annotations

import random

from game.hint_words import reason_line
from game.table.prompts import message_lines
from rules.reasons import why

import pygame
import pytest

from game.play import AWAY, CURTAIN, DEAL_END, MATCH_END, PREVIEW
from rules.actions import Action
from lean_frames import without_drawing
from shell_driver import frames
from test_curtain_holds import WAIT_FRAME, key_press, lift_curtain, pad_press, seconds
from test_second_press import table

pytestmark = pytest.mark.rule("UX-1")

ARROWS = {"keyboard": (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN),
          "controller": (pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                         pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN)}
HINT = {"keyboard": pygame.K_h, "controller": pygame.CONTROLLER_BUTTON_X}
CONFIRM = {"keyboard": pygame.K_RETURN, "controller": pygame.CONTROLLER_BUTTON_A}


def push(app, device: str, button: int, gap: float = 0.12) -> None:
    """One press, then ``gap`` seconds of game time before the next (hands' pace; nothing
    here is about the pictures between presses, so they are stepped in frames of WAIT_FRAME
    and not drawn: the rings are read after a frame drawn for them)."""
    if device == "keyboard":
        key_press(app, button)
    else:
        pad_press(app, button)
    with without_drawing(app):
        seconds(app, gap, WAIT_FRAME)


def rings(app, scene) -> list:
    """What is drawn with the keyboard cursor's ring in the frame just drawn: buttons, hand
    tiles and targets (the scene's own records of its last frame)."""
    play = scene.play
    out = [("button", b.id) for b in scene.buttons if b.focused]
    if play.focus == "hand" and scene.show_focus and play.focused() is not None:
        out.append(("tile", play.focused()))
    if play.focus == "targets" and scene.show_focus and play.focused() is not None:
        out.append(("target", play.focused()))
    return out


def applied_since(play, cursor: int) -> Action | None:
    entries = play.session.log[cursor:]
    return next((e for e in entries if isinstance(e, Action)), None)


def hint_and_confirm(app, play, scene, device: str, rng: random.Random) -> str:
    """One decision: a few arrows, the hint, the confirm; returns the decision's kind."""
    for _ in range(rng.randrange(4)):
        push(app, device, rng.choice(ARROWS[device]), gap=0.05)
    push(app, device, HINT[device])
    assert play.phase == PREVIEW and play.pending_is_hint
    hinted, setup = play.pending, play.setup
    if hinted in play.view().legal:  # issue 31: the hint's reason shows under its preview
        reason = reason_line(why(play.view(), hinted), play.name)
        assert not reason or (reason, True) in message_lines(play, False)
    frames(app)
    # the cursor is on Confirm, drawn there and nowhere else
    assert (play.focus, play.focused()) == ("buttons", "confirm")
    assert rings(app, scene) == [("button", "confirm")], rings(app, scene)
    cursor = play.session.cursor
    push(app, device, CONFIRM[device])
    if hinted == setup:
        assert play.setup is None  # the engine placed (MT-4)
        return "setup"
    assert applied_since(play, cursor) == hinted, (hinted, applied_since(play, cursor))
    return hinted.kind


@pytest.mark.parametrize("device", ["keyboard", "controller"])
@pytest.mark.parametrize("game, kinds, seed", [
    ("mexican_train", "hccc", 5), ("mexican_train", "hhcc", 9),
    ("cuban", "hccc", 1725691387), ("cuban", "hhcc", 31),
    ("jamaican", "hccc", 31), ("jamaican", "hchc", 7),
])
def test_the_hint_then_confirm_carries_out_the_hinted_decision(game, kinds, seed, device):
    app, play, scene = table(kinds, seed, game, "instant")
    rng = random.Random(seed)
    seen: set[str] = set()
    try:
        deals = 0
        for _ in range(3000):
            if play.phase in (DEAL_END, MATCH_END):
                deals += 1
                if deals == (1 if game == "mexican_train" else 2) or play.phase == MATCH_END:
                    break
                seconds(app, 1.0, WAIT_FRAME)
                push(app, device, CONFIRM[device])
                continue
            if play.phase == CURTAIN:
                lift_curtain(app, play, WAIT_FRAME)
                continue
            if play.phase == AWAY or not play.my_turn():
                with without_drawing(app):  # the computers at instant speed: nothing to see
                    frames(app, dt=WAIT_FRAME)
                continue
            seen.add(hint_and_confirm(app, play, scene, device, rng))
        assert app.errors == []
        assert "play" in seen
        if game == "cuban" and kinds == "hccc":
            assert "lead" in seen  # the case: the leader's choice (CU-5)
        if game == "mexican_train":
            assert "setup" in seen and ("draw" in seen or "pass" in seen)
    finally:
        app.close()


@pytest.mark.rule("CU-5")
def test_the_cuban_leaders_choice_hinted_is_the_one_confirmed():
    """The issue's report: seed 1725691387, hand 2, the cursor on "Player 1 leads", H
    previews "Computer 3 leads": Enter must confirm Computer 3, not switch to Player 1."""
    app, play, scene = table("hccc", 1725691387, "cuban", "instant")
    try:
        for _ in range(3000):
            if play.phase in (DEAL_END, MATCH_END):
                seconds(app, 1.0)
                key_press(app, pygame.K_RETURN)
                continue
            if not play.my_turn():
                frames(app)
                continue
            leads = [a for b, a in play.decision_buttons() if b.startswith("lead:")]
            if leads:
                break
            key_press(app, pygame.K_h)
            key_press(app, pygame.K_RETURN)
        else:
            raise AssertionError("no leader's choice")
        assert play.focus == "buttons"
        key_press(app, pygame.K_h)
        hinted = play.pending
        assert hinted.kind == "lead"
        assert [b.id for b in scene.buttons if b.focused] == ["confirm"]
        cursor = play.session.cursor
        seconds(app, 0.15)
        key_press(app, pygame.K_RETURN)
        assert applied_since(play, cursor) == hinted
    finally:
        app.close()
