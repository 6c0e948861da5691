"""Where every train and tile lies on the table, in world coordinates.

The station (the engine double, MT-4) is at the origin.  Every train (MT-7)
gets a lane: the Mexican train heads the right-hand column, then the seats
follow clockwise round the table (down the right column, up the left one), so
a seat's train never moves when the viewer changes.  A lane starts at the
station with the train's marker (MT-12) and runs outwards in a serpentine:
after ``row_len`` world units the train turns a corner with one crosswise tile
and comes back on the next row, so ten long trains stay inside a compact,
nearly 16:9 block.  Only the row count of a lane grows as its train grows.

Tiles are axis-aligned, so sprites never rotate by odd angles: a tile lies
along its row, a double lies across it (the classic crosswise double), and the
corner tile of a turn stands across too.  Each placed tile records which of
its numbers shows on the left/top, so the matching numbers touch.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ...table.layout import GAP, TILE_L, TILE_W, Placed

ROW_PITCH = 84  # row centre to row centre: room for crosswise doubles on both rows
LABEL_H = 26  # the owner's name above the first row
MARKER_W = 44  # the marker's place at the head of the lane
HUB_X = 70  # the lanes' first tiles start this far left/right of the station's centre
LANE_GAP = 14
STATION_R = 58

MEXICAN = "mexican"


@dataclass
class Lane:
    """One train's place on the table."""

    key: int | str  # a seat or "mexican"
    side: int  # +1: the lane runs right of the station, -1: left
    y0: float  # centre line of the first row
    rows: int
    tiles: list[Placed]
    next_slot: Placed  # where the next ordinary tile would go (the target, the ghost)
    label_pos: tuple[float, float]  # the label's anchor: its inner edge, its vertical centre
    marker_pos: tuple[float, float]  # the marker's centre
    head: tuple[float, float]  # where the lane meets the connector from the station
    rect: tuple[float, float, float, float]  # the whole lane band (the tap area)
    path: list[tuple[float, float]] = field(default_factory=list)  # centre line through the tiles


@dataclass
class TableLayout:
    lanes: dict  # key -> Lane
    order: list  # keys in lane order
    bounds: tuple[float, float, float, float]  # every lane at full length
    row_len: float
    content: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)  # what is in use now (fit-all)

    def lane(self, key) -> Lane:
        return self.lanes[key]

    def last_tile(self, key) -> Placed | None:
        tiles = self.lanes[key].tiles
        return tiles[-1] if tiles else None


def row_length(players: int, longest: int = 0) -> float:
    """How far a row runs before the train turns.

    Short rows keep a small table compact; once the longest train outgrows two
    rows at a table of four or more, the rows lengthen (in two coarse steps,
    so the table reflows at most twice a deal) to keep the whole table close
    to the screen's shape instead of a tall column of short rows.
    """
    tiles_per_row = 7 if players <= 3 else 8
    if players >= 4:
        if longest > 22:
            tiles_per_row = 14
        elif longest > 2 * tiles_per_row:
            tiles_per_row = 11
    return tiles_per_row * (TILE_L + GAP)


def lane_order(players: int) -> tuple[list, list]:
    """The keys of the right column (top to bottom) and the left column (top to bottom).

    Clockwise: the Mexican train and the first seats down the right, the rest
    up the left, so seat N sits top left, next to the Mexican train.
    """
    keys: list = [MEXICAN] + list(range(1, players + 1))
    right_count = (len(keys) + 1) // 2
    right = keys[:right_count]
    left = list(reversed(keys[right_count:]))
    return right, left


def place_tiles(placed: Iterable[tuple[int, int]], side: int, x_start: float, y0: float,
                row_len: float) -> tuple[list[Placed], int, list[tuple[float, float]]]:
    """Lay one train's tiles (numbers in line order, station side first) as a serpentine.

    Returns the placed tiles, the rows used and the centre line through them.
    """
    out: list[Placed] = []
    row = 0
    d = side
    lo, hi = (x_start, x_start + row_len) if side > 0 else (x_start - row_len, x_start)
    x = x_start  # the leading edge: where the next tile begins along the row
    path = [(x_start, y0)]
    in_row = 0
    turn = (x_start, y0)
    for i, (near, far) in enumerate(placed):
        yc = y0 + row * ROW_PITCH
        double = near == far
        w = TILE_W if double else TILE_L
        fits = (x + w <= hi) if d > 0 else (x - w >= lo)
        if not fits and in_row > 0:
            # the corner: a crosswise tile hanging down from this row, then the way back
            cx0 = x if d > 0 else x - TILE_W
            rect = (cx0, yc - TILE_W / 2, TILE_W, TILE_L)
            out.append(Placed(i, near, far, rect, True, near, far))
            path.append((cx0 + TILE_W / 2, yc))
            row += 1
            d = -d
            x = cx0 + TILE_W if d < 0 else cx0
            turn = (cx0 + TILE_W / 2, y0 + row * ROW_PITCH)  # joined once a tile follows
            in_row = 0
            continue
        if in_row == 0 and row > 0:
            path.append(turn)
        if double:
            x0 = x if d > 0 else x - TILE_W
            rect = (x0, yc - TILE_L / 2, TILE_W, TILE_L)
            out.append(Placed(i, near, far, rect, True, near, far))
        else:
            x0 = x if d > 0 else x - TILE_L
            rect = (x0, yc - TILE_W / 2, TILE_L, TILE_W)
            first, second = (near, far) if d > 0 else (far, near)
            out.append(Placed(i, near, far, rect, False, first, second))
        x = x + d * (w + GAP)
        in_row += 1
        path.append((x - d * GAP, yc))
    return out, row + 1, path


def _next_slot(placed: tuple[tuple[int, int], ...], open_end: int, side: int, x_start: float,
               y0: float, row_len: float) -> Placed:
    # the target is laid as an ordinary tile: one more step of the same serpentine
    probe = list(placed) + [(open_end, -1)]
    tiles, _, _ = place_tiles(probe, side, x_start, y0, row_len)
    return tiles[-1]


def ghost_slot(lane_tiles: tuple[tuple[int, int], ...], near: int, far: int, side: int,
               x_start: float, y0: float, row_len: float) -> Placed:
    """Where a given tile would lie if played on this train (the UX-1 ghost)."""
    tiles, _, _ = place_tiles(list(lane_tiles) + [(near, far)], side, x_start, y0, row_len)
    return tiles[-1]


def lane_height(rows: int) -> float:
    return LABEL_H + TILE_L / 2 + (rows - 1) * ROW_PITCH + TILE_L / 2 + LANE_GAP


def layout_table(trains, players: int) -> TableLayout:
    """Lay out every train of a view (``view.trains``: the Mexican train, then seats 1..N)."""
    row_len = row_length(players, max((len(t.placed) for t in trains), default=0))
    by_key = {t.key: t for t in trains}
    right, left = lane_order(players)
    lanes: dict = {}
    order: list = []
    xmin: float = -STATION_R - 10
    xmax: float = STATION_R + 10
    ymin: float = -STATION_R - 10
    ymax: float = STATION_R + 10
    for side, column in ((1, right), (-1, left)):
        # first pass: rows per lane (their heights), then stack the column centred on y = 0
        rows_of = {}
        for key in column:
            train = by_key[key]
            _, rows, _ = place_tiles(list(train.placed) + [(train.open_end, -1)], side, 0, 0, row_len)
            rows_of[key] = rows
        total = sum(lane_height(rows_of[k]) for k in column) - LANE_GAP
        top = -total / 2
        for key in column:
            train = by_key[key]
            rows = rows_of[key]
            y0 = top + LABEL_H + TILE_L / 2
            head_x = side * HUB_X
            x_start = head_x + side * MARKER_W
            tiles, _, path = place_tiles(train.placed, side, x_start, y0, row_len)
            slot = _next_slot(train.placed, train.open_end, side, x_start, y0, row_len)
            h = lane_height(rows) - LANE_GAP
            span = row_len + MARKER_W + TILE_W + GAP
            x_lo = head_x if side > 0 else head_x - span
            rect = (x_lo, top, span, h)
            lanes[key] = Lane(
                key=key, side=side, y0=y0, rows=rows, tiles=tiles, next_slot=slot,
                label_pos=(head_x, top + LABEL_H / 2),
                marker_pos=(head_x + side * MARKER_W / 2, y0),
                head=(head_x, y0), rect=rect, path=[(head_x, y0)] + path,
            )
            order.append(key)
            xmin = min(xmin, x_lo)
            xmax = max(xmax, x_lo + span)
            ymin = min(ymin, top)
            ymax = max(ymax, top + h)
            top += lane_height(rows)
    bounds = (xmin, ymin, xmax - xmin, ymax - ymin)
    return TableLayout(lanes, order, bounds, row_len, _content_bounds(lanes))


LABEL_W = 150  # room kept for an owner's name beside the lane head when fitting the view


def _content_bounds(lanes: dict) -> tuple[float, float, float, float]:
    """The part of the table in use: station, names, markers, tiles and each train's next place."""
    xs = [-STATION_R - 10, STATION_R + 10]
    ys = [-STATION_R - 10, STATION_R + 10]
    for lane in lanes.values():
        for p in list(lane.tiles) + [lane.next_slot]:
            x, y, w, h = p.rect
            xs += [x, x + w]
            ys += [y, y + h]
        hx, hy = lane.label_pos
        xs.append(hx + lane.side * LABEL_W)
        ys.append(hy - LABEL_H / 2)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
