"""Issue 26: the line kit places as many seats as the view counts, so a line game of 2 or 3
players (a new game on the line kit) needs no edit of it; four seats stay where they were."""
from __future__ import annotations

import pytest

from game.kits.line import layout as LL

TABLE = (0.0, 0.0, 400.0, 200.0)


@pytest.mark.parametrize("viewer", [1, 2, 3, 4])
def test_four_seats_sit_round_the_table_counter_clockwise(viewer):
    places = LL.seat_places(viewer, TABLE)
    assert places == LL.seat_places(viewer, TABLE, players=4)
    sides = {seat: side for seat, (_, _, side) in places.items()}
    assert sides[viewer] == "bottom"
    assert [sides[(viewer - 1 + k) % 4 + 1] for k in range(4)] == ["bottom", "right", "top", "left"]


@pytest.mark.parametrize("viewer", [1, 2])
def test_two_seats_sit_face_to_face(viewer):
    places = LL.seat_places(viewer, TABLE, players=2)
    assert sorted(places) == [1, 2]
    assert places[viewer][2] == "bottom" and places[3 - viewer][2] == "top"


@pytest.mark.parametrize("viewer", [1, 2, 3])
def test_three_seats_leave_the_top_empty(viewer):
    places = LL.seat_places(viewer, TABLE, players=3)
    assert sorted(places) == [1, 2, 3]
    assert [places[(viewer - 1 + k) % 3 + 1][2] for k in range(3)] == ["bottom", "right", "left"]


def test_the_panel_holds_the_seats_at_any_count():
    assert LL.seat_places(1, TABLE, LL.PANEL, players=3) == {}
