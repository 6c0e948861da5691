"""The two-ended line's layout (game.kits.line.layout) over thousands of seeded random hands.

CU-6, JA-4: one line, two ends, matching numbers touch; the layout is stable as the line
grows, never lays a tile on another, keeps a whole hand near the screen's shape and seats
the players counter-clockwise with partners opposite (CU-1, JA-1).
"""
from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.kits.line import layout as LL
from game.table.layout import GAP, TILE_L, TILE_W
from rules import Config, Session
from rules.line import Line
from rules.rng import stream
from rules.tiles import double_set

HANDS = 2000  # random hands per game for the geometric properties
SIZES = {"jamaican": (6, 7), "cuban": (9, 10)}  # top number, tiles per hand (JA-1, CU-3)


def random_hand(rng: random.Random, game: str) -> list[LL.Play]:
    """One hand of random legal plays straight on rules.line.Line, until out or blocked."""
    top, size = SIZES[game]
    tiles = list(double_set(top))
    rng.shuffle(tiles)
    hands = [tiles[i * size:(i + 1) * size] for i in range(4)]
    line = Line(top)
    plays: list[LL.Play] = []
    seat, passes = rng.randrange(4), 0
    while passes < 4:
        acts = line.plays(hands[seat])
        if not acts:
            passes += 1
        else:
            act = rng.choice(acts)
            hands[seat].remove(act.tile)
            plays.append((act.end, line.place(act.tile, act.end)))
            passes = 0
            if not hands[seat]:
                break
        seat = (seat + 1) % 4
    return plays


def hands_of(game: str, count: int = HANDS):
    rng = stream(2026, "line-layout", game)
    return [random_hand(rng, game) for _ in range(count)]


@pytest.fixture(scope="module", params=["jamaican", "cuban"])
def game_hands(request):
    return request.param, hands_of(request.param)


@pytest.fixture(scope="module")
def laid(game_hands):
    """Each whole hand with its layout, laid once for the module."""
    game, hands = game_hands
    return game, [LL.layout_line(plays, capacity=capacity(game)) for plays in hands]


def capacity(game: str) -> int:
    return 4 * SIZES[game][1]


def overlap(a, b, slack=0.5) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw - slack > bx and bx + bw - slack > ax and ay + ah - slack > by and by + bh - slack > ay


def overlapping_pairs(rects):
    """Pairs of overlapping rectangles, by a sweep over x (thousands of hands stay fast)."""
    order = sorted(range(len(rects)), key=lambda i: rects[i][0])
    found = []
    for k, i in enumerate(order):
        x_end = rects[i][0] + rects[i][2]
        for j in order[k + 1:]:
            if rects[j][0] >= x_end:
                break
            if overlap(rects[i], rects[j]):
                found.append((i, j))
    return found


def half(p, number):
    """The rectangle of the half of ``p`` that shows ``number`` (all of a double)."""
    x, y, w, h = p.rect
    if p.first == p.second:
        return p.rect
    assert number in (p.first, p.second), (p, number)
    if p.vertical:
        return (x, y, w, h / 2) if p.first == number else (x, y + h / 2, w, h / 2)
    return (x, y, w / 2, h) if p.first == number else (x + w / 2, y, w / 2, h)


def touch(a, b) -> bool:
    """Edge to edge, one GAP apart, along a whole tile width."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    gap_x = max(bx - (ax + aw), ax - (bx + bw))
    gap_y = max(by - (ay + ah), ay - (by + bh))
    span_x = min(ax + aw, bx + bw) - max(ax, bx)
    span_y = min(ay + ah, by + bh) - max(ay, by)
    return (abs(gap_x - GAP) < 0.01 and span_y >= TILE_W - 0.01) or \
        (abs(gap_y - GAP) < 0.01 and span_x >= TILE_W - 0.01)


@pytest.mark.rule("CU-6")
@pytest.mark.rule("JA-4")
def test_no_two_tiles_overlap_and_the_ends_stay_clear(laid):
    """Tiles, the two end slots and a double's place at each end never overlap a tile."""
    game, lays = laid
    for n, lay in enumerate(lays):
        rects = [p.rect for p in lay.tiles]
        assert overlapping_pairs(rects) == [], (game, n)
        probes = [s.rect for s in lay.ends.values()]
        probes += [LL.ghost(lay, end, (s.number, s.number)).rect for end, s in lay.ends.items()]
        for probe in probes:
            assert not any(overlap(probe, r) for r in rects), (game, n, probe)
        assert not overlap(lay.ends["L"].rect, lay.ends["R"].rect), (game, n)


@pytest.mark.rule("CU-6")
@pytest.mark.rule("JA-4")
def test_each_tile_touches_its_neighbour_on_the_matching_number(laid):
    game, lays = laid
    for n, lay in enumerate(lays):
        centre = lay.tiles[0]
        for end in LL.ENDS:
            prev, prev_far = centre, (centre.first if end == "L" else centre.second)
            for i in lay.arms[end]:
                p = lay.tiles[i]
                assert p.near == prev_far and {p.first, p.second} == {p.near, p.far}
                assert touch(half(prev, prev_far), half(p, p.near)), (game, n, end, prev, p)
                assert (p.rect[2], p.rect[3]) == ((TILE_W, TILE_L) if p.vertical else (TILE_L, TILE_W))
                prev, prev_far = p, p.far


@pytest.mark.rule("CU-6")
@pytest.mark.rule("JA-4")
def test_doubles_lie_across_the_line(laid):
    """A double lies across its row (upright): rows run left and right, turns are upright."""
    game, lays = laid
    doubles = 0
    for lay in lays:
        for p in lay.tiles:
            if p.is_double:
                doubles += 1
                assert p.vertical and p.first == p.second
    assert doubles > len(lays)


def test_positions_are_stable_as_the_line_grows(laid, game_hands):
    """Nothing jumps: every prefix of a hand lays its tiles exactly where the whole hand does."""
    game, hands = game_hands
    for plays, full in zip(hands[:500], laid[1]):
        for k in range(1, len(plays)):
            part = LL.layout_line(plays[:k], capacity=capacity(game))
            assert part.tiles == full.tiles[:k], (game, k)
            assert part.half_row == full.half_row


@pytest.mark.rule("UX-1")
def test_the_ghost_is_where_the_tile_then_lies(game_hands):
    """The previewed tile's place is its place once played, the first tile included; an
    ordinary tile lies exactly in its end's slot."""
    game, hands = game_hands
    for plays in hands[:300]:
        after = LL.layout_line(plays[:0], capacity=capacity(game))
        for k in range(len(plays)):
            # each prefix is laid once: the line after play k is the one before play k + 1
            before, after = after, LL.layout_line(plays[:k + 1], capacity=capacity(game))
            end, lying = plays[k]
            placed = after.tiles[k]
            assert LL.ghost(before, end, tuple(sorted(lying))) == placed
            if k and not placed.is_double:
                assert (placed.rect, placed.vertical) == (before.ends[end].rect, before.ends[end].vertical)


@pytest.mark.parametrize("aspect", [16 / 9, 1024 / 600])
def test_a_whole_hand_keeps_near_the_screens_shape(game_hands, aspect):
    """A whole hand's table with its seats fits an aspect between 1.3 and 2.2."""
    game, hands = game_hands
    ratios = []
    for plays in hands:
        x, y, w, h = LL.layout_line(plays, aspect, capacity=capacity(game)).content
        ratios.append(w / h)
        assert 1.3 <= w / h <= 2.2, (game, len(plays), w / h)
    assert abs(sum(ratios) / len(ratios) - aspect) < 0.25


def test_content_holds_the_tiles_the_ends_and_the_seats(laid):
    game, lays = laid
    for lay in lays[:500]:
        cx, cy, cw, ch = lay.content
        places = LL.seat_places(1, lay.table)
        rects = [p.rect for p in lay.tiles] + [s.rect for s in lay.ends.values()]
        rects += [LL.seat_area(v) for v in places.values()]
        for x, y, w, h in rects:
            assert cx - 0.5 <= x and x + w <= cx + cw + 0.5 and cy - 0.5 <= y and y + h <= cy + ch + 0.5
        areas = [LL.seat_area(v) for v in places.values()]
        for a in areas:
            assert not any(overlap(a, r) for r in rects[:len(lay.tiles) + 2])


def test_the_first_tile_lies_at_the_centre_and_the_ends_are_its_halves():
    lay = LL.layout_line([("L", (2, 5))])
    p = lay.tiles[0]
    assert p.centre == (0, 0) and not p.vertical and (p.first, p.second) == (2, 5)
    assert lay.ends["L"].number == 2 and lay.ends["R"].number == 5
    assert lay.ends["L"].rect[0] + lay.ends["L"].rect[2] < 0 < lay.ends["R"].rect[0]
    pose = LL.layout_line([("L", (6, 6))]).tiles[0]  # JA-2: the pose of [6|6] lies across
    assert pose.vertical and pose.centre == (0, 0)


def test_an_empty_line_offers_the_centre_for_the_lead():
    lay = LL.layout_line([])
    assert lay.tiles == () and lay.ends["L"].rect == lay.ends["R"].rect
    g = LL.ghost(lay, "L", (3, 4))
    assert g.centre == (0, 0) and (g.first, g.second) == (3, 4)
    assert LL.end_at(lay, 0, 0) == "L"


def test_a_ghost_that_does_not_match_is_refused():
    lay = LL.layout_line([("L", (2, 5))])
    with pytest.raises(ValueError, match="does not match"):
        LL.ghost(lay, "R", (1, 3))
    with pytest.raises(ValueError, match="does not match"):
        LL.layout_line([("L", (2, 5)), ("R", (4, 1))])
    g = LL.ghost(lay, "R", (5, 1))  # turned so that its 5 touches the open 5
    assert (g.first, g.second) == (5, 1) and g.near == 5


def test_end_at_finds_each_end_round_its_slot_and_last_tile(laid):
    """UX-7: a press on or near an end's slot, or on that arm's last tile, means that end."""
    game, lays = laid
    for lay in lays[:500]:
        for end in LL.ENDS:
            x, y, w, h = lay.ends[end].rect
            assert LL.end_at(lay, x + w / 2, y + h / 2) == end
            assert LL.end_at(lay, x - LL.HIT_MARGIN / 2, y + h / 2) == end
            tip = lay.tip(end)
            if tip is not lay.tiles[0]:
                assert LL.end_at(lay, *tip.centre) == end
            other = "R" if end == "L" else "L"
            assert LL.end_at(lay, x + w / 2, y + h / 2, among=(other,)) in (other, None)
        # far away from both ends: nothing
        bx, by, bw, bh = lay.content
        assert LL.end_at(lay, bx - 500, by - 500) is None


def test_plays_of_reads_the_current_hand_from_the_history():
    """Through a real session: only the plays after the last deal, as (end, lying)."""
    for game in ("jamaican", "cuban"):
        session = Session(Config(game, 4, 11))
        rng = random.Random(3)
        seen_hands = 0
        while seen_hands < 3 and not session.match_over():
            view = session.view(1)
            plays = LL.plays_of(view)
            lay = LL.layout_view(view)
            assert len(lay.tiles) == len(view.line) == len(plays)
            # the arms read back as the line from left to right
            c = lay.tiles[0] if lay.tiles else None
            left = [(lay.tiles[i].far, lay.tiles[i].near) for i in reversed(lay.arms["L"])]
            right = [(lay.tiles[i].near, lay.tiles[i].far) for i in lay.arms["R"]]
            assert left + ([(c.first, c.second)] if c else []) + right == list(view.line)
            session.apply(rng.choice(session.legal_actions()))
            if session.view(1).line == () and view.line:
                seen_hands += 1
        assert LL.capacity_of(session.view(1)) == capacity(game)


@pytest.mark.rule("CU-1")
@pytest.mark.rule("JA-1")
@pytest.mark.parametrize("viewer", [1, 2, 3, 4])
def test_seats_go_counter_clockwise_with_partners_opposite(viewer):
    bounds = (-300.0, -150.0, 600.0, 300.0)
    places = LL.seat_places(viewer, bounds)
    nxt, partner, prev = viewer % 4 + 1, (viewer + 1) % 4 + 1, (viewer + 2) % 4 + 1
    assert {s: v[2] for s, v in places.items()} == {
        viewer: "bottom", nxt: "right", partner: "top", prev: "left"}
    (bx, by, _), (rx, ry, _), (tx, ty, _), (lx, ly, _) = (places[s] for s in (viewer, nxt, partner, prev))
    assert by > 150 and ty < -150 and rx > 300 and lx < -300
    assert bx == tx == 0 and ry == ly == 0
    # counter-clockwise on screen (y down): bottom -> right -> top -> left turns the other way
    # from the clock's hands, i.e. the angle measured with y up increases
    angles = [math.atan2(-places[s][1], places[s][0]) % (2 * math.pi)
              for s in (viewer, nxt, partner, prev)]
    unwrapped = [(a - angles[0]) % (2 * math.pi) for a in angles]
    assert unwrapped == sorted(unwrapped)


def test_the_layout_is_pure_geometry_without_pygame():
    """line_layout can be used (and tested, and benchmarked) without loading pygame."""
    root = Path(__file__).resolve().parents[3]
    code = "import sys, game.kits.line.layout; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)}, timeout=60)
    assert done.stdout.strip() == "False", done.stderr
