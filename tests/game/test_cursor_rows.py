"""Issue 40: from a chosen tile Up reaches the buttons, and Esc leaves a preview in one press.

The chosen tile's lit targets belong to the tile in the hand's row: Up from them goes to the
buttons (Confirm), never past them to the table, where the arrows pan; Down goes back to
the hand.  Esc from a preview leaves it whole (the tile no longer chosen) unless the player
chose the tile and it has other places to go.  Real key events through the App; ~2 s.
"""
from __future__ import annotations

import pygame
import pytest

from game.play import CHOOSING, PREVIEW
from shell_driver import frames, read
from test_curtain_holds import key_press
from test_second_press import table

pytestmark = pytest.mark.rule("UX-7")


def at_a_turn(app, play, many: bool | None):
    """Frames until the human's turn has a tile with more than one target (``many``), with one
    only (False), or any playable tile (None); the cursor is put on it by the arrows."""
    for _ in range(400):
        if play.my_turn() and play.setup is None:
            tiles = [t for t in play.playable_tiles() if many is None or (len(play.targets(t)) > 1) == many]
            if tiles:
                read(app)
                while play.focus != "hand":
                    key_press(app, pygame.K_DOWN)
                for _ in range(len(play.hand())):
                    if play.focused() == tiles[0]:
                        break
                    key_press(app, pygame.K_RIGHT)
                assert play.focused() == tiles[0]
                return tiles[0]
        if play.my_turn():  # the engine (MT-4), or a turn with no such tile: the hint plays on
            key_press(app, pygame.K_h)
            key_press(app, pygame.K_RETURN)
        frames(app)
    raise AssertionError("no such turn")


@pytest.fixture()
def jamaican():
    """A Jamaican table, one human and three computers at instant speed (seed 4: its turns
    have tiles of one place and of two)."""
    app, play, _scene = table("hccc", 4, "jamaican", "instant")
    yield app, play
    app.close()


@pytest.mark.parametrize("many", [True, False])
def test_up_from_a_chosen_tile_reaches_the_buttons(jamaican, many):
    app, play = jamaican
    tile = at_a_turn(app, play, many)
    key_press(app, pygame.K_RETURN)  # chosen: the cursor is on its targets (previewed if one)
    assert play.selected == tile and play.focus == "targets"
    key_press(app, pygame.K_UP)
    assert play.focus == "buttons", "Up from the chosen tile panned the table"
    key_press(app, pygame.K_DOWN)
    assert play.focus == "hand" and play.focused() == tile


def test_esc_leaves_a_preview_in_one_press(jamaican):
    app, play = jamaican
    tile = at_a_turn(app, play, many=False)
    key_press(app, pygame.K_RETURN)  # one place: previewed at once
    assert play.phase == PREVIEW
    key_press(app, pygame.K_ESCAPE)
    assert play.phase == CHOOSING and play.selected is None and play.pending is None
    assert play.focus == "hand" and play.focused() == tile  # Enter takes it again
    key_press(app, pygame.K_h)  # a hint's preview: one Esc too
    assert play.phase == PREVIEW
    key_press(app, pygame.K_ESCAPE)
    assert play.phase == CHOOSING and play.selected is None


def test_esc_from_a_preview_keeps_a_tile_the_player_chose_with_other_places(jamaican):
    app, play = jamaican
    tile = at_a_turn(app, play, many=True)
    key_press(app, pygame.K_RETURN)
    key_press(app, pygame.K_RETURN)  # the first target previewed
    assert play.phase == PREVIEW
    key_press(app, pygame.K_ESCAPE)
    assert play.phase == CHOOSING and play.selected == tile and len(play.targets()) > 1
