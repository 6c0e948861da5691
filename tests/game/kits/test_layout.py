"""Table layout and camera: trains never overlap, stay compact, and the camera only moves the view."""
from __future__ import annotations

import pytest

import table_fixtures  # noqa: F401  (SDL dummy drivers)

from game.kits.mexican_train import layout as L
from game.table.camera import Camera
from rules import Config, Session
from rules.rng import stream
from rules.variants.mexican_train import TrainView


def overlap(a, b, slack=0.5) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw - slack > bx and bx + bw - slack > ax and ay + ah - slack > by and by + bh - slack > ay


def random_train(rng, key, engine, length, marked=False):
    placed = []
    end = engine
    for _ in range(length):
        far = end if rng.random() < 0.15 else rng.randrange(13)
        placed.append((end, far))
        end = far
    return TrainView(key, tuple(), tuple(placed), end, marked)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8, 10])
def test_no_two_tiles_overlap_and_each_train_follows_its_line(players):
    """MT-7: every train from the station; the serpentine never lays a tile on another."""
    rng = stream(players, "layout")
    for trial in range(12):
        trains = [random_train(rng, "mexican" if i == 0 else i, 12, rng.randrange(0, 34))
                  for i in range(players + 1)]
        lay = L.layout_table(trains, players)
        rects = []
        for key in lay.order:
            lane = lay.lanes[key]
            tiles = lane.tiles
            train = next(t for t in trains if t.key == key)
            assert len(tiles) == len(train.placed)
            for p, (near, far) in zip(tiles, train.placed):
                assert (p.near, p.far) == (near, far)
                assert {p.first, p.second} == {near, far}
                x, y, w, h = p.rect
                assert (w, h) == ((L.TILE_W, L.TILE_L) if p.vertical else (L.TILE_L, L.TILE_W))
                # the tile lies inside its own lane band
                lx, ly, lw, lh = lane.rect
                assert lx - 0.5 <= x and x + w <= lx + lw + 0.5 and ly - 0.5 <= y and y + h <= ly + lh + 0.5
            rects.extend(p.rect for p in tiles)
            rects.append(lane.next_slot.rect)
        for i in range(len(rects)):
            for j in range(i + 1, len(rects)):
                assert not overlap(rects[i], rects[j]), (players, trial, rects[i], rects[j])
        # lanes never overlap each other, nor the station
        bands = [lay.lanes[k].rect for k in lay.order]
        for i in range(len(bands)):
            assert not overlap(bands[i], (-L.STATION_R, -L.STATION_R, 2 * L.STATION_R, 2 * L.STATION_R))
            for j in range(i + 1, len(bands)):
                assert not overlap(bands[i], bands[j])


def test_horizontal_tiles_show_matching_numbers_side_by_side():
    """Along a row the numbers that match touch: the open end always points onwards."""
    rng = stream(1, "touch")
    train = random_train(rng, 1, 12, 30)
    lay = L.layout_table([TrainView("mexican", (), (), 12, False), train,
                          TrainView(2, (), (), 12, False)], 2)
    tiles = lay.lanes[1].tiles
    for a, b in zip(tiles, tiles[1:]):
        if not a.vertical and not b.vertical and abs(a.rect[1] - b.rect[1]) < 1:
            if b.rect[0] > a.rect[0]:
                assert a.second == b.first
            else:
                assert a.first == b.second


@pytest.mark.parametrize("length", [12, 20, 30])
def test_ten_long_trains_stay_compact(length):
    """Ten players with long trains fit a block that a 1080p screen shows whole, tiles readable."""
    rng = stream(10, "compact")
    trains = [random_train(rng, "mexican" if i == 0 else i, 12, length) for i in range(11)]
    lay = L.layout_table(trains, 10)
    x, y, w, h = lay.bounds
    assert 0.9 < w / h < 2.6
    cam = Camera((0, 46, 1920, 800))
    cam.fit(lay.bounds, animate=False)
    assert cam.draw_zoom >= 0.5  # tiles at least 32 x 16 px when the whole table is in view


def test_layout_of_a_real_game_view():
    session = Session(Config("mexican_train", 4, 3))
    rng = stream(3, "real")
    for _ in range(120):
        view = session.view(session.to_act())
        session.apply(view.legal[rng.randrange(len(view.legal))])
    view = session.view(1)
    lay = L.layout_table(view.trains, 4)
    assert sum(len(lane.tiles) for lane in lay.lanes.values()) == sum(len(t.tiles) for t in view.trains)


def test_camera_fit_pan_zoom_and_follow_only_move_the_view():
    cam = Camera((0, 0, 1000, 600))
    cam.fit((-500, -300, 1000, 600), animate=False)
    assert cam.draw_zoom <= 1.0
    x0, y0 = cam.world_to_screen(0, 0)
    cam.pan(30, -20)
    x1, y1 = cam.world_to_screen(0, 0)
    assert abs(x1 - x0 - 30) < 1e-6 and abs(y1 - y0 + 20) < 1e-6
    anchor = (700, 200)
    w = cam.screen_to_world(*anchor)
    cam.zoom_at(1.6, anchor)
    w2 = cam.screen_to_world(*anchor)
    assert abs(w[0] - w2[0]) < 0.5 and abs(w[1] - w2[1]) < 0.5
    cam.follow((400, 100))
    for _ in range(200):
        cam.update(1 / 120)
    assert not cam.moving and abs(cam.cx - 400) < 1 and abs(cam.cy - 100) < 1
    for _ in range(100):
        cam.zoom_at(2.0)
    assert cam.zoom <= 4.0


def test_the_mexican_train_has_a_colour_no_seat_has():
    """Issue 11: seat 1's lane must not look like the public train's (MT-7)."""
    from game import assets
    from game.seats import SEAT_COLOURS
    mexican = tuple(assets.table_colour("mexican_train"))[:3]
    for colour in SEAT_COLOURS:
        assert sum((a - b) ** 2 for a, b in zip(colour, mexican)) ** 0.5 > 80, (colour, mexican)
