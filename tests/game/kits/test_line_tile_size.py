"""Issue 28 item 12: the line games' tiles as large as the felt allows.

Measured with tools/measure_tiles.py (the same ``tile_measure`` helper): before, the camera fit
the room kept for the whole hand (a hand's longest line) from the first tile on, so a hand's
first tiles used about a third of the felt: 25 px short sides on a 1080p TV, and 17 px at
1024x600 at both 100% and 200% interface size.  Now the room is the line's own, grown in steps.
"""
from __future__ import annotations

import pytest

from tile_measure import measure

#: A TV's text is 32 px at 1080p (test_tv); a tile's short side at 1.25 times that, 40 px,
#: puts a pip at about 6 px across, countable from a sofa; before it was 24.7 px.  After: 45 px.
TV_1080_START_PX = 40


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_hands_first_tiles_are_large_on_a_1080p_tv(game):
    m = measure(game, (1920, 1080), tv=True, line=2)
    assert m.line >= 2
    assert m.short_px >= TV_1080_START_PX, m


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_200_percent_draws_the_line_larger_than_100_at_1024x600(game):
    small = measure(game, (1024, 600), ui=1.0, line=2)
    large = measure(game, (1024, 600), ui=2.0, line=2)
    assert large.short_px > small.short_px * 1.2, (small, large)


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_the_view_eases_out_as_the_line_grows_but_stays_above_the_whole_hand_fit(game):
    """Mid-hand (12 tiles) the view has eased out from the start, and is never smaller than
    the old fit of the whole hand's room (32 px at 1080p)."""
    start = measure(game, (1920, 1080), line=2)
    mid = measure(game, (1920, 1080), line=12)
    assert mid.line >= 12
    assert 32 <= mid.short_px < start.short_px, (start, mid)


# --------------------------------------------------------------------- the grown room itself

def _long_hand(game: str):
    """The plays of a long first hand (every view along it), from a seeded random game."""
    import random

    from game.kits.line import layout as LL
    from rules import Config, Session
    for seed in range(200):
        session, rng, views = Session(Config(game, 4, seed)), random.Random(seed), []
        while session.view(1).deal_no == 1 and not session.match_over():
            views.append(session.view(1))
            session.apply(rng.choice(session.legal_actions()))
        if len(LL.plays_of(views[-1])) >= 18:
            return views
    raise AssertionError("no long hand")


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_the_grown_room_holds_the_line_moves_no_tile_and_grows_in_steps(game):
    from game.kits.line import layout as LL
    views = _long_hand(game)
    cap = LL.capacity_of(views[0])
    whole = LL.layout_line(LL.plays_of(views[-1]), 16 / 9, capacity=cap)
    tables = []
    for view in views:
        plays = LL.plays_of(view)
        grown = LL.layout_line(plays, 16 / 9, capacity=cap, grow=True)
        kept = LL.layout_line(plays, 16 / 9, capacity=cap)
        # the tiles and ends lie where they lay before: only the room (what the camera fits) differs
        assert grown.tiles == kept.tiles and grown.ends == kept.ends
        bx, by, bw, bh = grown.bounds
        tx, ty, tw, th = grown.table
        assert tx <= bx and ty <= by and bx + bw <= tx + tw and by + bh <= ty + th
        # never beyond the whole hand's room, and smaller than it at a hand's start
        kx, ky, kw, kh = kept.table
        assert kx <= tx and ky <= ty and tx + tw <= kx + kw and ty + th <= ky + kh
        tables.append(grown.table)
    assert tables[-1][2] * tables[-1][3] <= whole.table[2] * whole.table[3]
    starts = [t for v, t in zip(views, tables) if len(LL.plays_of(v)) == 1]
    assert starts and starts[0][2] * starts[0][3] < whole.table[2] * whole.table[3] / 3
    # the room grows now and then (steps of about two tiles), not at every play
    changes = sum(1 for a, b in zip(tables, tables[1:]) if a != b)
    plays = len(LL.plays_of(views[-1]))
    assert changes <= plays // 2, (changes, plays)


# --------------------------------------------------------------------- mid-hand at 200%

def _on_felt(scene, rect) -> bool:
    """Whether a world rectangle is drawn wholly on the clear felt (beside the panels)."""
    sx, sy, sw, sh = scene.camera.world_rect_to_screen(rect)
    vx, vy, vw, vh = scene.camera.viewport
    left, top, right, bottom = scene.camera.safe
    return vx + left <= sx and sx + sw <= vx + vw - right and vy + top <= sy and sy + sh <= vy + vh - bottom


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
@pytest.mark.parametrize("line", [12, 20])
def test_200_percent_draws_a_longer_line_larger_than_100_at_1024x600(game, line):
    """Issue 28 item 12: mid-hand and late the whole line limited the fit, and the readable
    floor did not push it up: 200% drew tiles no larger than 100% (22.6 px both, Jamaican, 12
    tiles; 17.4 px both, Cuban, 20 tiles).  Now 32 px against 17-23."""
    small = measure(game, (1024, 600), ui=1.0, line=line)
    large = measure(game, (1024, 600), ui=2.0, line=line)
    assert large.line >= line
    assert large.short_px >= small.short_px * 1.3, (small, large)


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
@pytest.mark.parametrize("size,tv,ui", [((1024, 600), False, 2.0), ((1024, 600), True, 1.0),
                                        ((1920, 1080), True, 1.0), ((1920, 1080), False, 2.0)])
@pytest.mark.parametrize("line", [12, 20])
def test_the_ends_that_matter_stay_on_the_felt(game, size, tv, ui, line):
    """Where the larger tiles do not leave the whole line in view, both open ends are (where
    every play goes) if they fit; else the end of the last play is, the rest a pan away.  With
    the seats round the line (no ``keep``) the whole table is in view, both ends too."""
    from tile_measure import table_at
    _app, play, scene = table_at(game, size, tv=tv, ui=ui, line=line)
    lay = scene._layout_now()
    last = next(end for end in ("L", "R") if lay.arms[end] and lay.arms[end][-1] == len(lay.tiles) - 1)
    assert _on_felt(scene, lay.ends[last].rect), last
    assert _on_felt(scene, lay.tiles[-1].rect), last  # the last play itself (after a turn: beyond its slot)
    if lay.keep is None or scene.camera.felt(scene._readable_zoom()).shows(lay.keep):
        assert all(_on_felt(scene, lay.ends[end].rect) for end in ("L", "R"))
