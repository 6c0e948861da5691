"""Issue 42: a still table's felt and world are copied from the frame before (``StillWorld``),
and anything that changes them draws them afresh: the pictures never differ from a frame drawn
with nothing kept."""
from __future__ import annotations

import pygame
import pytest

from table_fixtures import FakeApp, make_play

from game.motion import WORLD, Flight
from game.play import DEAL_END, PREVIEW
from game.scenes.table import TableScene
from game.table.still import BANDS


def at_my_turn(seed=23, tiles=6):
    """A 1-human, 3-computer table with a few tiles laid, the human to play, camera settled."""
    app = FakeApp((1280, 720))
    play = make_play("hccc", seed)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    def laid() -> int:
        return sum(len(t.tiles) for t in play.view().trains)
    for _ in range(400):
        if play.my_turn():  # the human lays its first legal tile until enough lie on the table
            if laid() >= tiles:
                break
            play._apply(play.legal()[0])
        elif play.phase == DEAL_END:
            play.continue_after_deal()
        app.frame()
    assert play.my_turn()
    scene.camera.update(10.0)
    scene.clock += 5.0  # every arrival ring over
    scene.sprites.budget_s = 1.0  # no stand-ins: every frame may be kept
    return app, play, scene


def picture(app, scene) -> bytes:
    scene.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


def fresh(app, scene) -> bytes:
    """The frame as drawn with nothing kept."""
    scene.still_world.forget()
    return picture(app, scene)


def test_a_still_table_copies_its_felt_and_world_instead_of_drawing_them():
    app, play, scene = at_my_turn()
    drawn = []
    real = scene.kit.draw_world
    scene.kit.draw_world = lambda *a, **k: drawn.append(1) or real(*a, **k)
    pictures = [picture(app, scene) for _ in range(BANDS + 3)]
    assert len(drawn) == BANDS + 1  # from the second, each copies a band of rows; then copied whole
    assert scene.still_world.reused == 2
    assert all(p == pictures[0] for p in pictures) and pictures[0] == fresh(app, scene)


def test_keeping_a_frame_copies_a_band_of_rows_a_frame_and_a_moving_camera_none():
    """A kept frame's copy (a full-screen blit) starts at the second frame under one key and is
    spread over BANDS frames, a band of rows each; the bench's sweep (the camera placed afresh
    each frame, never gliding) pays none of it."""
    app, play, scene = at_my_turn()
    copied = []
    picture(app, scene)
    picture(app, scene)  # the second frame under one key: the kept surface is made
    kept = scene.still_world.surface

    class Spy(pygame.Surface):
        def blit(self, source, dest, area=None, *args):
            copied.append(pygame.Rect(area).height if area is not None else source.get_height())
            return super().blit(source, dest, area, *args)
    scene.still_world.surface = spy = Spy(kept.get_size(), 0, kept)
    spy.blit(kept, (0, 0))
    copied.clear()
    for _ in range(BANDS):
        scene.camera.cx += 1.5
        picture(app, scene)
    assert copied == [] and scene.still_world.key is None
    for _ in range(BANDS + 1):
        picture(app, scene)
    assert len(copied) == BANDS and max(copied) <= app.screen.get_height() // BANDS + 1
    assert scene.still_world.key is not None


def _play(play, scene):
    play._apply(play.legal()[0])


def _hover(play, scene):
    """The pointer over a target (a tile selected first, the keyboard's focus off them)."""
    x, y, w, h = scene._layout_now().lanes[play.targets()[0]].next_slot.rect
    scene.hover_pos = scene.camera.world_to_screen(x + w / 2, y + h / 2)


def _select(play, scene):
    play.selected = next(iter(play.playable_tiles()))


def _flight(play, scene):
    lay = scene._layout_now()
    lane = next(lane for lane in lay.lanes.values() if lane.tiles)
    p = lane.tiles[-1]
    x, y, w, h = p.rect
    scene.motion.add(Flight((min(p.first, p.second), max(p.first, p.second)), (p.first, p.second),
                            (WORLD, *lane.label_pos, 19.2), (WORLD, x + w / 2, y + h / 2, 32.0),
                            not p.vertical, p.vertical, scene.clock, 10.0))


def _reveal(play, scene):
    hands = (None,) + tuple(((1, 2), (3, 5)) for _ in range(4))
    scene.revealed_hands = lambda: hands


def _pan(play, scene):
    scene.camera.pan(3.0, 0.0)


def _zoom(play, scene):
    scene.camera.zoom_at(1.3)


@pytest.mark.parametrize("change", [_play, _hover, _select, _flight, _reveal, _pan, _zoom],
                         ids=["a play", "a hover", "a target lit", "a tile in flight", "a reveal",
                              "a pan", "a zoom step"])
def test_what_changes_the_world_draws_it_afresh(change):
    app, play, scene = at_my_turn()
    if change is _hover:  # a tile selected, the keyboard's focus off the targets: the pointer lights one
        _select(play, scene)
        scene.show_focus = False
    before = picture(app, scene)
    assert all(picture(app, scene) == before for _ in range(BANDS + 1)) and scene.still_world.reused == 1  # kept, copied
    change(play, scene)
    scene.camera.update(10.0)
    after = picture(app, scene)
    assert after != before
    assert after == fresh(app, scene)


def test_a_ghost_is_never_kept_it_pulses():
    app, play, scene = at_my_turn()
    _select(play, scene)
    play.pending = play.play_at(play.targets()[0])
    assert play.phase == PREVIEW
    picture(app, scene)
    picture(app, scene)
    assert scene.still_world.reused == 0
    scene.clock += 0.1  # the ghost's rim pulses
    assert picture(app, scene) == fresh(app, scene)
