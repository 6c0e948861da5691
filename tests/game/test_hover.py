"""Mouse hover: what is under the pointer lights up; a touch never leaves a highlight (UX-7).

The recogniser makes a HOVER intent of a mouse motion with no button down, and
none of SDL's synthetic mouse events from a touch; a finger going down clears
a hover the mouse left.  The table lights the hand tile, the lit train or the
button under the pointer, and the deal-end screen its buttons.
"""
from __future__ import annotations

import pygame

from game import intents as I
from game.input import InputRecogniser
from game.play import CHOOSING, DEAL_END, PREVIEW
from game.scenes.deal_end import DealEndScene
from shell_driver import click, frames, key, new_game_by_clicks, post, running_app, touch
from table_fixtures import play_until

SIZE = (1280, 720)


def _feed(rec, etype, **attrs):
    pygame.event.post(pygame.event.Event(etype, attrs))
    out = []
    for event in pygame.event.get():
        out.extend(rec.feed(event))
    return out


def test_mouse_motion_hovers_and_a_finger_clears_it():
    pygame.display.init()
    try:
        rec = InputRecogniser(lambda: SIZE)
        out = _feed(rec, pygame.MOUSEMOTION, pos=(300, 200), rel=(1, 0), buttons=(0, 0, 0), touch=False)
        assert [(i.kind, i.pos) for i in out] == [(I.HOVER, (300, 200))]
        # SDL's synthetic mouse motion from a finger is not a hover
        assert _feed(rec, pygame.MOUSEMOTION, pos=(500, 200), rel=(1, 0), buttons=(0, 0, 0), touch=True) == []
        f = dict(touch_id=1, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0, pressure=1.0)
        out = _feed(rec, pygame.FINGERDOWN, **f)
        assert [(i.kind, i.pos) for i in out] == [(I.HOVER, None)]
        out = _feed(rec, pygame.FINGERUP, **f)
        assert [i.kind for i in out] == [I.TAP]
        # a second touch has no hover left to clear
        _feed(rec, pygame.FINGERDOWN, **f)
        assert [i.kind for i in _feed(rec, pygame.FINGERUP, **f)] == [I.TAP]
        # the pointer leaving the window clears a hover too
        _feed(rec, pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 0), buttons=(0, 0, 0), touch=False)
        assert [(i.kind, i.pos) for i in _feed(rec, pygame.WINDOWLEAVE, window=None)] == [(I.HOVER, None)]
    finally:
        pygame.display.quit()


def _hover(app, pos, touch_=False):
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=touch_)
    frames(app)


def _pixels(surface, rect):
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_the_table_lights_what_is_under_the_mouse_and_never_under_a_finger():
    with running_app() as app:
        scene, play = new_game_by_clicks(app, 3)
        for _ in range(500):
            if play.phase == CHOOSING and play.playable_tiles():
                break
            frames(app)
            if play.phase == DEAL_END:
                play.continue_after_deal()
        assert play.phase == CHOOSING and play.playable_tiles()
        frames(app)
        # a button: drawn differently while the pointer rests on it
        hint = next(b for b in scene.buttons if b.id == "hint")
        _hover(app, (5, app.size[1] // 2))  # a spot on the table with nothing to press
        assert scene.hovered is None
        before = _pixels(app.screen, hint.rect)
        _hover(app, hint.rect.center)
        hint = next(b for b in scene.buttons if b.id == "hint")  # the row is rebuilt every frame
        assert scene.hovered == ("button", "hint") and hint.hover
        assert _pixels(app.screen, hint.rect) != before
        # a playable hand tile, then (once selected) a lit train
        tile = next(t for t in scene.hand_tiles if t in play.playable_tiles())
        rect = scene.hand_rect_list[scene.hand_tiles.index(tile)]
        _hover(app, rect.center)
        assert scene.hovered == ("tile", tile)
        click(app, rect.center)
        if play.phase != PREVIEW:
            key = play.targets()[0]
            scene.camera.update(10.0)
            x, y, w, h = scene._layout_now().lanes[key].next_slot.rect
            _hover(app, tuple(round(v) for v in scene.camera.world_to_screen(x + w / 2, y + h / 2)))
            assert scene.hovered == ("target", key)
        cursor = play.session.cursor
        # a touch clears the mouse's hover, and SDL's synthetic motion from it sets none
        confirm_or_cancel = next(b for b in scene.buttons if b.id == "cancel")
        touch(app, (5, app.size[1] // 2))
        assert scene.hovered is None and scene.hover_pos is None
        _hover(app, confirm_or_cancel.rect.center, touch_=True)
        assert scene.hovered is None
        assert not any(b.hover for b in scene.buttons)
        assert play.session.cursor == cursor  # neither hover nor the stray tap played anything


def test_the_deal_end_buttons_light_under_the_mouse():
    with running_app() as app:
        _table, play = new_game_by_clicks(app, 8)
        play_until(play, DEAL_END)
        frames(app, 150)  # the last play lands, then the reveal
        top = app.stack.top
        assert isinstance(top, DealEndScene)
        frames(app)
        _hover(app, top.buttons[0].rect.center)
        assert top.buttons[0].hover
        assert not any(b.focused for b in top.buttons)  # the keyboard ring waits for a key
        key(app, pygame.K_RIGHT)
        assert any(b.focused for b in top.buttons)
        touch(app, (2, 2))
        assert not top.buttons[0].hover and top.hover_pos is None


def test_a_touch_while_another_screen_covers_the_table_leaves_no_hover_behind():
    with running_app() as app:
        scene, play = new_game_by_clicks(app, 3)
        play_until(play, CHOOSING)
        frames(app, 2)
        hint = next(b for b in scene.buttons if b.id == "hint")
        _hover(app, hint.rect.center)
        assert scene.hovered == ("button", "hint")
        key(app, pygame.K_m)  # the menu covers the table; the finger lands on it
        assert app.stack.top is not scene
        touch(app, (3, 3))
        while app.stack.top is not scene:
            key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert scene.hovered is None
        assert not any(b.hover for b in scene.buttons)
