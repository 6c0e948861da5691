"""A whole deal through the real App: from the title to the deal's end by real posted events.

The table's own tests drive its scene with intents on a stand-in app; these go
through everything a player's device goes through: SDL events, pygame_gui,
the recogniser, the scene stack, the table scene and the autosave, by touch
alone (FINGER events plus SDL's synthetic mouse events) and by mouse alone.
"""
from __future__ import annotations

import math

import pygame
import pytest

from game import storage
from game.play import AWAY, CURTAIN, CURTAIN_GUARD_S, PREVIEW
from game.scenes.deal_end import DealEndScene
from game.scenes.table import TableScene
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN
from rules.rng import stream
from shell_driver import button, centre, choices, click, frames, make_app, touch


def _table_point_of_hand_tile(scene, tile):
    return scene.hand_rect_list[scene.hand_tiles.index(tile)].center


def _table_point_of_target(scene, key):
    x, y, w, h = scene._layout_now().lanes[key].next_slot.rect
    return tuple(round(v) for v in scene.camera.world_to_screen(x + w / 2, y + h / 2))


def _table_button(scene, bid):
    return next(b for b in scene.buttons if b.id == bid).rect.center


def _human_decides(app, scene, play, rng, press):
    legal = play.legal()
    action = legal[rng.randrange(len(legal))]
    cursor = play.session.cursor
    if action.kind == "play":
        press(app, _table_point_of_hand_tile(scene, action.tile))
        if not (play.phase == PREVIEW and play.pending == action):
            scene.camera.update(10.0)
            press(app, _table_point_of_target(scene, action.train))
        assert play.phase == PREVIEW and play.pending == action
        assert play.session.cursor == cursor  # UX-1: nothing before the confirm
        press(app, _table_button(scene, "confirm"))
    else:
        press(app, _table_button(scene, action.kind))
        assert play.phase == PREVIEW and play.session.cursor == cursor
        press(app, _table_button(scene, "confirm"))
    assert play.session.cursor > cursor or action.kind == "place_engine"  # MT-4: the rules placed it


@pytest.mark.parametrize("press", [touch, click], ids=["touch", "mouse"])
def test_a_whole_deal_from_the_title_by_one_device(press):
    app = make_app()
    app.start()
    frames(app, 2)
    try:
        app.set_setting("computer_speed", "instant")
        app.default_seed = 11  # what --seed 11 does: the form offers it
        press(app, centre(button(app.stack.top, "New game")))
        form = app.stack.top
        # Seat 2 is a human too: two humans share the device (UX-3 curtain), seats 3-4 computers.
        kinds = [c for c in choices(form) if c.current in (HUMAN, COMPUTER_SEAT)]
        press(app, kinds[1].value.rect.center)
        press(app, centre(button(app.stack.top, "Start")))
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        play = app.play_state
        assert [s.kind for s in play.seats] == [HUMAN, HUMAN, COMPUTER_SEAT, COMPUTER_SEAT]
        assert play.session.config.seed == 11
        rng = stream(play.session.config.seed, "test-taps")
        human_decisions = curtains = 0
        for _ in range(4000):
            if isinstance(app.stack.top, DealEndScene):
                break
            frames(app)
            scene.camera.update(10.0)
            if play.phase == CURTAIN:
                curtains += 1
                # UX-3: the curtain's guard time, in steps of 0.1 s (nothing to see in its frames)
                frames(app, math.ceil(CURTAIN_GUARD_S / 0.1), dt=0.1)
                frames(app)
                press(app, scene.curtain_button.rect.center)
            elif play.phase == AWAY:
                continue
            elif play.my_turn():
                _human_decides(app, scene, play, rng, press)
                human_decisions += 1
        assert isinstance(app.stack.top, DealEndScene)
        assert human_decisions >= 5 and curtains >= 2
        assert app.errors == []
        # Every action reached the autosave.
        assert storage.load_game().session.cursor == play.session.cursor
    finally:
        app.close()


def test_a_whole_deal_from_the_title_by_keyboard_alone():
    """Arrows, Enter and Esc only: the menus' focus layer, then the table's cursor (UX-7)."""
    from game.play import CORE_BUTTONS
    from shell_driver import key, read
    app = make_app()
    app.start()
    frames(app, 2)
    try:
        app.set_setting("computer_speed", "instant")
        app.default_seed = 5
        key(app, pygame.K_RETURN)  # New game
        form = app.stack.top
        # Up from Start to seat 2's kind choice (Start -> seat 4 -> 3 -> 2), Enter makes it human.
        key(app, pygame.K_UP, n=3)
        assert form.focus.current is [c for c in choices(form) if c.current in (HUMAN, COMPUTER_SEAT)][1]
        key(app, pygame.K_RETURN)
        form = app.stack.top
        assert form.seats[1].kind == HUMAN
        while form.focus.row != len(form.focus.rows) - 1:
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)  # Start
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        play = app.play_state
        decisions = 0
        for _ in range(3000):
            if isinstance(app.stack.top, DealEndScene):
                break
            frames(app)
            if play.phase == CURTAIN:
                key(app, pygame.K_RETURN)
                continue
            if not play.my_turn():
                continue
            read(app)  # issue 40: the decision is taken in before the first press for it
            cursor = play.session.cursor
            placing = play.setup is not None  # MT-4: confirmed at the table, placed by the rules
            if play.playable_tiles():
                while play.focus != "hand":
                    key(app, pygame.K_DOWN)
                for _ in range(40):
                    if play.focused() in play.playable_tiles():
                        break
                    key(app, pygame.K_RIGHT)
                key(app, pygame.K_RETURN)
                if play.phase != PREVIEW:
                    key(app, pygame.K_RETURN)  # the first lit target
            else:
                while play.focus != "buttons":
                    key(app, pygame.K_UP)
                for _ in range(20):
                    if play.focused() not in CORE_BUTTONS:
                        break
                    key(app, pygame.K_RIGHT)
                key(app, pygame.K_RETURN)
            assert play.phase == PREVIEW and play.session.cursor == cursor  # UX-1
            key(app, pygame.K_RETURN)
            assert play.session.cursor > cursor or placing and play.setup is None
            decisions += 1
        assert isinstance(app.stack.top, DealEndScene)
        assert decisions >= 5 and app.errors == []
    finally:
        app.close()
