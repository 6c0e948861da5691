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
