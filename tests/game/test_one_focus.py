"""Issue 28, item 13: one thing drawn focused at a time, and each human's own sort order.

Through the real App with posted events: the mouse's highlight and the keyboard's ring
never show on two things at once, and Tab while every hand is face down (the computers'
turns between two humans) reorders nobody's hand.
"""
from __future__ import annotations

import pygame
import pytest

from game.play import AWAY, CURTAIN
from shell_driver import click, frames, post
from test_curtain_holds import key_press, lift_curtain, preview_a_handover
from test_second_press import at_speed, table

pytestmark = pytest.mark.rule("UX-7")


def lit(scene) -> list:
    """Everything the last frame drew as focused or under the pointer: buttons (the ring or
    the hover's white edge), the camera buttons, hand tiles and targets."""
    play = scene.play
    out = [("button", b.id) for b in scene.buttons + scene.camera_buttons if b.focused or b.hover and b.enabled]
    if scene.show_focus and play.focus in ("hand", "targets") and play.focused() is not None:
        out.append((play.focus, play.focused()))
    if scene.hovered is not None and scene.hovered[0] != "button":
        out.append(scene.hovered)
    return out


def test_a_key_after_a_click_on_menu_leaves_one_ring_not_two():
    """The issue's report: Menu clicked, closed with Esc, then the arrows: the pointer still
    rests on Menu, and its highlight stood beside the keyboard's ring."""
    app, play, scene = table("hccc", 5, "mexican_train", "instant")
    try:
        frames(app, 3)
        menu = next(b for b in scene.buttons if b.id == "menu").rect.center
        click(app, menu)
        assert type(app.stack.top).__name__ == "GameMenuScene"
        key_press(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.stack.top is scene
        for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT):
            key_press(app, k)
            frames(app)
            assert len(lit(scene)) == 1, lit(scene)
        # the mouse moves again: its highlight alone, the keyboard's ring goes
        post(pygame.MOUSEMOTION, pos=menu, rel=(1, 0), buttons=(0, 0, 0), touch=False)
        frames(app, 2)
        assert lit(scene) == [("button", "menu")]
    finally:
        app.close()


def next_curtain(app, play, seat_not: int) -> None:
    for _ in range(2000):
        if play.phase == CURTAIN:
            break
        frames(app)
    assert play.phase == CURTAIN and play.curtain_for != seat_not
    lift_curtain(app, play)


def by_number(hand) -> bool:
    return hand == sorted(hand, key=lambda t: (t[0], t[1]))


def test_tab_while_every_hand_is_face_down_reorders_nobodys_hand():
    # the computers play at once but for the Tab under test, pressed while they play
    app, play, scene = table("hchc", 21, "mexican_train", "instant")
    try:
        preview_a_handover(app, play, scene, to_human=False)
        ann = play.session.to_act()
        at_speed(app, "fast")
        key_press(app, pygame.K_RETURN)
        assert play.phase == AWAY and play.hand() == []
        key_press(app, pygame.K_TAB)  # every hand face down: nobody's hand to sort
        at_speed(app, "instant")
        next_curtain(app, play, ann)
        cy = play.viewer
        assert play.sort_mode == "number" and by_number(play.hand())
        key_press(app, pygame.K_TAB)  # Cy sorts her own hand by pips
        assert play.sort_mode == "pips" and not by_number(play.hand())
        preview_a_handover(app, play, scene, to_human=False)
        key_press(app, pygame.K_RETURN)
        next_curtain(app, play, cy)
        assert play.viewer == ann
        assert play.sort_mode == "number" and by_number(play.hand())  # Ann's order is her own
    finally:
        app.close()
