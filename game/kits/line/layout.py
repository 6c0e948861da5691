"""Where the tiles of the two-ended line lie (Cuban CU-6, Jamaican JA-4), in world coordinates.

One line with two open ends and no branches (CU-6, JA-1, JA-4).  The first
tile of a hand (Cuban's lead, CU-6; Jamaican's pose, JA-2) lies at the origin.
The right arm runs right along the centre row, turns down at the row's end
and comes back left on the next row, and so on; the left arm is the same path
turned half round (left, up, back right...), so the two arms never meet.  A
turn is one upright tile hanging below the far half of the row's last tile;
the next row starts beside its lower half.

Tiles are axis-aligned and sized as Mexican Train's (``TILE_L`` x ``TILE_W``,
``GAP`` apart): a tile lies along its row, a double across it, and each tile
records which number shows on its left/top half (``Placed.first``), so the
matching numbers touch.

Stable: a tile's place depends only on the tiles before it on its own arm,
which never change, so nothing moves when later tiles are added.  The row
length is fixed for the whole hand from the hand's size (``capacity_of``: 40
tiles in Cuban, CU-3; 28 in Jamaican, JA-1) and the screen's aspect, so a
whole hand's line, with the seats round it, fills roughly that aspect (pass
the same aspect for the whole hand: another aspect is another row length).

Pure geometry: no pygame, nothing drawn here (``render`` draws).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from rules.events import LinePlay
from rules.line import PartnershipView

from ...table.layout import GAP, TILE_L, TILE_W, Placed

Rect = tuple[float, float, float, float]
#: One play as the public history tells it: the end ("L" or "R") and the tile as it lies,
#: left number first (rules.line: ``("play", seat, tile, end, lying)``).
Play = tuple[str, tuple[int, int]]

ENDS = ("L", "R")
DEFAULT_CAPACITY = 40  # the larger hand (Cuban, 4 x 10): a safe row length when none is given
#: The seat areas round the line (world units): names, teams and face-down hands.
SEAT_SIDE_W = 150.0  # the left and right seats' columns
SEAT_TOP_H = 112.0  # the partner's strip above the line
SEAT_BOTTOM_H = 56.0  # the viewer's strip below (their own tiles are in the hand tray)
SEAT_GAP = 24.0  # between the line and a seat area
#: A felt at least this wide for its height (a TV's strip between the ticker and the prompt)
#: lays the partner's and the viewer's strips out in one row each: name, team, backs side by
#: side.  Stacked, they took 216 of the 330 world units a 1080p TV shows at a readable size,
#: and the viewer's name fell under the prompt.
COMPACT_ASPECT = 3.2
COMPACT_TOP_H = 44.0
COMPACT_BOTTOM_H = 36.0
COMPACT_GAP = 8.0
#: Where the seats sit (``LineLayout.seats``): round the line, the partner's and the viewer's
#: strips stacked (AROUND); in one row each on a wide strip of felt (ROWS, ``COMPACT_ASPECT``);
#: or not on the felt at all (PANEL): on a felt too short for the seats at a readable size (a
#: TV's settings on a 1024x600 screen leave a strip 122 px tall) the players panel shows them
#: (names, teams, tiles in hand, whose turn, who passed) and the felt holds the line alone.
AROUND, ROWS, PANEL = "around", "rows", "panel"
PANEL_MARGIN = GAP * 2  # round the table when the seats are in the panel
#: Hit test (UX-7): how far outside an end slot / that arm's last tile a press still means that end.
HIT_MARGIN = TILE_W
TIP_MARGIN = GAP * 2
#: How much smaller (in share of size) a whole hand may be drawn for longer rows (fewer turns).
PLAN_SLACK = 0.06
_ANY = 10_000  # a stand-in for the unknown far number of the next tile at an end


@dataclass(frozen=True)
class Slot:
    """Where the next ordinary (non-double) tile on one end will lie: the end's target."""

    end: str  # "L" or "R"
    number: int | None  # the open number there; None before the first tile
    rect: Rect
    vertical: bool


@dataclass(frozen=True)
class Pen:
    """Where one arm goes on, in the right arm's frame (the left arm is it turned half round)."""

    x: float  # the leading edge: where the next tile begins along the row
    y: float  # the row's centre line
    d: int  # +1: the row runs right, -1: left
    in_row: int  # tiles laid on this row so far
    last: Rect  # the arm's last tile (the centre tile at first), for a turn
    last_double: bool
    number: int  # the open number


@dataclass(frozen=True)
class LineLayout:
    """The line of one hand as it lies, its two open ends and the table's extent."""

    tiles: tuple[Placed, ...]  # in play order: tiles[0] is the lead or pose at the centre
    arms: dict  # "L" / "R" -> indices into ``tiles``, outwards from the centre
    ends: dict  # "L" / "R" -> Slot (both keys always; the same centre slot before the first tile)
    pens: dict  # "L" / "R" -> Pen (for ``ghost``)
    half_row: float  # a row runs between x = -half_row and +half_row (turns overhang a little)
    bounds: Rect  # the tiles, the end slots and a double's place at each end
    table: Rect  # bounds and the room kept for a whole hand (the seats sit round it)
    content: Rect  # the table and the four seat areas: what the camera fits
    seats: str = AROUND  # where the seats sit: AROUND, ROWS or PANEL

    @property
    def compact(self) -> bool:
        """The seats' strips in one row each (``COMPACT_ASPECT``)."""
        return self.seats == ROWS

    @property
    def keep(self) -> Rect | None:
        """What the automatic view keeps in view when the whole table is not readable at once
        (``Camera.fit``): both open ends, where every play goes, and each arm's last tile, half
        a tile's length round them (a double's place at an end).  None before the first tile,
        and while the seats sit round the line: they were placed there because the whole table
        shows at a readable size, and the view keeps it all."""
        if not self.tiles or self.seats != PANEL:
            return None
        m = TILE_L / 2
        rects = [self.ends[end].rect for end in ENDS]
        # the arm's last tile too: after a turn it lies beyond the slot, not before it
        rects += [tip.rect for tip in (self.tip(end) for end in ENDS) if tip is not None]
        return _union([_grow(r, m) for r in rects])

    def tip(self, end: str) -> Placed | None:
        """The last tile on that end's arm (the centre tile while the arm is empty)."""
        arm = self.arms.get(end, ())
        if arm:
            return self.tiles[arm[-1]]
        return self.tiles[0] if self.tiles else None


# --------------------------------------------------------------------- from a view

def plays_of(view: PartnershipView) -> tuple[Play, ...]:
    """The current hand's plays, in order, from the public history (after the last deal)."""
    out: list[Play] = []
    for event in reversed(view.history):
        if event.kind == "deal":
            break
        if isinstance(event, LinePlay):  # a line game's "play"
            a, b = event.lying
            out.append((event.end, (a, b)))
    out.reverse()
    return tuple(out)


def capacity_of(view: PartnershipView) -> int:
    """The tiles in play this hand (on the line plus in the hands): 40 in Cuban, 28 in Jamaican."""
    total = len(view.line) + sum(view.hand_counts[1:])
    return total if total > 0 else DEFAULT_CAPACITY


def layout_view(view: PartnershipView, aspect: float = 16 / 9, shows: Callable[[Rect], bool] | None = None) -> LineLayout:
    """``layout_line`` for a seat's view: its hand's plays at its hand's row length.

    ``shows`` (``Felt.shows``) tells whether the automatic view would show a content whole at a
    readable size; where the seats round the line do not fit so, they go to the players panel.
    The table's room is planned for the whole hand, so the choice holds for the whole hand.
    """
    plays, capacity = plays_of(view), capacity_of(view)
    seats = arrangement(aspect)
    # where the seats sit is chosen for the whole hand's room, so that it holds all hand long
    if shows is not None and not shows(layout_line(plays, aspect, capacity=capacity, seats=seats).content):
        seats = PANEL
    return layout_line(plays, aspect, capacity=capacity, seats=seats, grow=True)


def arrangement(aspect: float) -> str:
    """The seats' arrangement for a felt of this shape, if they fit on it (``layout_view``)."""
    return ROWS if aspect >= COMPACT_ASPECT else AROUND


# --------------------------------------------------------------------- the path

def _flip(rect: Rect) -> Rect:
    """The rectangle turned half round the origin (the left arm's frame)."""
    x, y, w, h = rect
    return (-x - w, -y - h, w, h)


def _centre(a: int, b: int) -> tuple[Rect, bool]:
    if a == b:
        return (-TILE_W / 2, -TILE_L / 2, TILE_W, TILE_L), True
    return (-TILE_L / 2, -TILE_W / 2, TILE_L, TILE_W), False


def _start(rect: Rect, double: bool, number: int) -> Pen:
    half = rect[2] / 2
    return Pen(half + GAP, 0.0, 1, 0, rect, double, number)


def _in_row(pen: Pen, near: int, far: int) -> tuple[Rect, bool, int, int, Pen]:
    d = pen.d
    if near == far:  # a double lies across the row
        size = TILE_W
        x0 = pen.x if d > 0 else pen.x - TILE_W
        rect, vertical, first, second = (x0, pen.y - TILE_L / 2, TILE_W, TILE_L), True, near, far
    else:
        size = TILE_L
        x0 = pen.x if d > 0 else pen.x - TILE_L
        rect, vertical = (x0, pen.y - TILE_W / 2, TILE_L, TILE_W), False
        first, second = (near, far) if d > 0 else (far, near)
    nxt = replace(pen, x=pen.x + d * (size + GAP), in_row=pen.in_row + 1, last=rect,
                  last_double=near == far, number=far)
    return rect, vertical, first, second, nxt


def _turn(pen: Pen, near: int, far: int) -> tuple[Rect, bool, int, int, Pen]:
    # upright below the far half of the row's last tile (all of it for a double); the next row
    # starts beside this tile's lower half and runs the other way
    lx, ly, lw, lh = pen.last
    fx = lx if pen.last_double or pen.d < 0 else lx + lw - TILE_W
    top = ly + lh + GAP
    rect = (fx, top, TILE_W, TILE_L)
    d = -pen.d
    x = fx - GAP if d < 0 else fx + TILE_W + GAP
    nxt = Pen(x, top + TILE_L * 3 / 4, d, 0, rect, False, far)
    return rect, True, near, far, nxt


def _advance(pen: Pen, near: int, far: int, half_row: float) -> tuple[Rect, bool, int, int, Pen]:
    """Lay one tile (``near`` matching the open end) at the pen: along the row, or the turn.

    A double never turns (it is narrow; it may overhang the row's end by its width), so the
    turn is always an ordinary tile.
    """
    size = TILE_W if near == far else TILE_L
    room = pen.x + size <= half_row if pen.d > 0 else pen.x - size >= -half_row
    if room or near == far or pen.in_row == 0:
        return _in_row(pen, near, far)
    return _turn(pen, near, far)


def _place(pen: Pen, end: str, near: int, far: int, half_row: float,
           index: int) -> tuple[Placed, Pen]:
    rect, vertical, first, second, nxt = _advance(pen, near, far, half_row)
    if end == "L":
        rect, first, second = _flip(rect), second, first
    return Placed(index, near, far, rect, vertical, first, second), nxt


def _near_far(end: str, lying: tuple[int, int]) -> tuple[int, int]:
    # rules.line lays a tile on "L" as (far, open end) and on "R" as (open end, far)
    return (lying[1], lying[0]) if end == "L" else (lying[0], lying[1])


# --------------------------------------------------------------------- the layout

def layout_line(plays: Sequence[Play], aspect: float = 16 / 9, *,
                capacity: int = DEFAULT_CAPACITY, seats: str | None = None,
                grow: bool = False) -> LineLayout:
    """Lay out one hand's plays (``plays_of``), the first at the centre (CU-6, JA-2, JA-4).

    ``capacity`` is the hand's size (``capacity_of``), which with ``aspect`` fixes the row
    length for the whole hand; ``seats`` is where the seats sit (default: ``arrangement``).
    With ``grow`` the table's room is not the whole hand's but the line's extent now, grown
    in steps (``_grown``): the camera fits it, so a hand's first tiles are drawn as large as
    the felt allows and the view eases out as the line grows (issue 28 item 12).
    Raises ValueError for a play that does not match its end.
    """
    seats = seats or arrangement(aspect)
    half_row, reserve = _table_plan(capacity, round(aspect, 3), seats)
    return _lay(plays, half_row, reserve, seats, grow)


def _lay(plays: Sequence[Play], half_row: float, reserve: Rect | None, seats: str = AROUND,
         grow: bool = False) -> LineLayout:
    tiles: list[Placed] = []
    arms: dict = {"L": [], "R": []}
    pens: dict = {}
    for i, (end, lying) in enumerate(plays):
        if i == 0:
            a, b = lying
            rect, double = _centre(a, b)
            tiles.append(Placed(0, a, b, rect, double, a, b))
            pens = {"L": _start(rect, double, a), "R": _start(rect, double, b)}
            continue
        near, far = _near_far(end, lying)
        if near != pens[end].number:
            raise ValueError(f"play {i + 1}: {lying} on {end} does not match the open end "
                             f"{pens[end].number}")
        placed, pens[end] = _place(pens[end], end, near, far, half_row, i)
        tiles.append(placed)
        arms[end].append(i)
    ends = _ends(pens, half_row)
    bounds = _union([p.rect for p in tiles] + [s.rect for s in ends.values()]
                    + _double_places(pens, half_row))
    if reserve and grow:
        # before the first tile the table's centre says who leads (the lead draw, CU-2): room
        # for those lines under the empty slot
        table = _grown(bounds, reserve, EMPTY_HALF_H if not tiles else MIN_HALF_H)
    else:
        table = _union([bounds, reserve]) if reserve else bounds
    return LineLayout(tuple(tiles), {k: tuple(v) for k, v in arms.items()}, ends, pens,
                      half_row, bounds, table, seat_bounds(table, seats), seats)


def _ends(pens: dict, half_row: float) -> dict:
    if not pens:
        rect, _ = _centre(0, _ANY)
        return {end: Slot(end, None, rect, False) for end in ENDS}
    out = {}
    for end in ENDS:
        pen = pens[end]
        p, _ = _place(pen, end, pen.number, _ANY, half_row, -1)
        out[end] = Slot(end, pen.number, p.rect, p.vertical)
    return out


def _double_places(pens: dict, half_row: float) -> list[Rect]:
    # a double at an end lies across and may overhang the row: keep its place in the bounds too
    return [_place(pen, end, pen.number, pen.number, half_row, -1)[0].rect
            for end, pen in pens.items()]


def _union(rects: Iterable[Rect]) -> Rect:
    xs0, ys0, xs1, ys1 = [], [], [], []
    for x, y, w, h in rects:
        xs0.append(x)
        ys0.append(y)
        xs1.append(x + w)
        ys1.append(y + h)
    x0, y0 = min(xs0), min(ys0)
    return (x0, y0, max(xs1) - x0, max(ys1) - y0)


def _grow(rect: Rect, m: float) -> Rect:
    x, y, w, h = rect
    return (x - m, y - m, w + 2 * m, h + 2 * m)


def ghost(layout: LineLayout, end: str, tile: tuple[int, int]) -> Placed:
    """Where ``tile`` from the hand would lie on ``end`` (the UX-1 ghost), its match touching.

    On an empty line it is the lead or pose, at the centre.  Raises ValueError if the tile
    does not match that end.
    """
    index = len(layout.tiles)
    if index == 0:
        a, b = tile
        rect, double = _centre(a, b)
        return Placed(0, a, b, rect, double, a, b)
    pen = layout.pens[end]
    n = pen.number
    a, b = tile
    if n not in (a, b):
        raise ValueError(f"{tuple(tile)} does not match the {end} end ({n})")
    return _place(pen, end, n, b if a == n else a, layout.half_row, index)[0]


# --------------------------------------------------------------------- hit test

def _gap_to(rect: Rect, wx: float, wy: float) -> float:
    """How far the point is outside the rectangle (0 inside)."""
    x, y, w, h = rect
    dx = max(x - wx, 0.0, wx - (x + w))
    dy = max(y - wy, 0.0, wy - (y + h))
    return math.hypot(dx, dy)


def end_at(layout: LineLayout, wx: float, wy: float,
           among: Iterable[str] = ENDS) -> str | None:
    """The open end a press at world (wx, wy) means (UX-7), or None.

    An end's area is its slot with a generous margin and the last tile of its arm; where the
    two areas meet, the nearer slot wins (and "L" on an empty line, where both are the centre).
    ``among`` narrows the choice to the ends that are targets now.
    """
    best: tuple[float, str] | None = None
    for end in ENDS:
        if end not in among:
            continue
        slot = layout.ends[end]
        dist = _gap_to(slot.rect, wx, wy)
        tip = layout.tip(end)
        near_tip = tip is not None and _gap_to(tip.rect, wx, wy) <= TIP_MARGIN
        if dist <= HIT_MARGIN or near_tip:
            if best is None or dist < best[0]:
                best = (dist, end)
    return best[1] if best else None


# --------------------------------------------------------------------- seats

def strips(seats: str) -> tuple[float, float, float]:
    """The partner's strip height, the viewer's, and their gap to the line (world units)."""
    if seats == ROWS:
        return COMPACT_TOP_H, COMPACT_BOTTOM_H, COMPACT_GAP
    return SEAT_TOP_H, SEAT_BOTTOM_H, SEAT_GAP


def seat_bounds(table: Rect, seats: str = AROUND) -> Rect:
    """The table with the four seat areas round it: what fit-all shows."""
    x, y, w, h = table
    if seats == PANEL:
        m = PANEL_MARGIN
        return (x - m, y - m, w + 2 * m, h + 2 * m)
    top, bottom, gap = strips(seats)
    side = SEAT_SIDE_W + SEAT_GAP
    return (x - side, y - top - gap, w + 2 * side, h + top + bottom + 2 * gap)


def seat_places(viewer: int, bounds: Rect, seats: str = AROUND,
                players: int = 4) -> dict[int, tuple[float, float, str]]:
    """Each seat's anchor round the table ``bounds`` (``LineLayout.table``): centre and side
    (none when the seats are in the players panel, PANEL).

    Play goes counter-clockwise on screen and partners sit opposite (CU-1, JA-1): the
    viewer at the bottom, the next seat on the right, the partner at the top, the previous
    seat on the left.  A line game of fewer ``players`` (``len(view.hand_counts) - 1``) keeps
    that turn: two sit face to face, three leave the top empty.
    """
    if seats == PANEL:
        return {}
    x, y, w, h = bounds
    cx, cy = x + w / 2, y + h / 2
    top, bottom, gap = strips(seats)
    spots = (
        (cx, y + h + gap + bottom / 2, "bottom"),
        (x + w + SEAT_GAP + SEAT_SIDE_W / 2, cy, "right"),
        (cx, y - gap - top / 2, "top"),
        (x - SEAT_GAP - SEAT_SIDE_W / 2, cy, "left"),
    )
    used = {2: (0, 2), 3: (0, 1, 3)}.get(players, (0, 1, 2, 3))
    return {(viewer - 1 + k) % len(used) + 1: spots[i] for k, i in enumerate(used)}


def seat_area(place: tuple[float, float, str], seats: str = AROUND) -> Rect:
    """The world rectangle of a seat's area from its ``seat_places`` anchor."""
    cx, cy, side = place
    top, bottom, _gap = strips(seats)
    w: float
    h: float
    if side in ("left", "right"):
        w, h = SEAT_SIDE_W, 5 * TILE_L
    else:
        w, h = 8 * TILE_L, top if side == "top" else bottom
    return (cx - w / 2, cy - h / 2, w, h)


# --------------------------------------------------------------------- the room now

#: The least room round the first tile (half its width and height, world units): about four
#: tiles each way along the row and a double across it, so that a hand's first tiles
#: are not drawn huge; the room then grows in steps of ``GROW_X`` along the row and ``GROW_Y``
#: across (about two tiles, about a row), so that the view eases out now and then, not at
#: every play.
MIN_HALF_W = 4 * (TILE_L + GAP)
MIN_HALF_H = TILE_L / 2  # a double across the row (its place at an end is in the bounds)
GROW_X = 2 * (TILE_L + GAP)
GROW_Y = TILE_L
EMPTY_HALF_H = 1.5 * TILE_L  # the empty line: room for the notes under its slot (kit.draw_notes)


def _grown(bounds: Rect, reserve: Rect, least_h: float = MIN_HALF_H) -> Rect:
    """The room for the line as it lies now round the first tile: each side of it reaches at
    least ``MIN_HALF_W`` (``least_h`` up and down) and grows on its own, in steps, as its arm
    grows (an arm may run far longer than the other); never beyond the whole hand's
    ``reserve`` (nor short of the tiles themselves)."""
    x, y, w, h = bounds
    rx, ry, rw, rh = reserve

    def side(need: float, least: float, step: float, most: float) -> float:
        steps = math.ceil(max(0.0, need - least) / step - 1e-9)
        return max(need, min(least + steps * step, most))

    left = side(-x, MIN_HALF_W, GROW_X, -rx)
    right = side(x + w, MIN_HALF_W, GROW_X, rx + rw)
    top = side(-y, least_h, GROW_Y, -ry)
    bottom = side(y + h, least_h, GROW_Y, ry + rh)
    return (-left, -top, left + right, top + bottom)


# --------------------------------------------------------------------- the row length

def _model_hand(tiles: int, every: int) -> list[Play]:
    """A stand-in whole hand of ``tiles`` tiles, one in ``every`` on the left end, some doubles."""
    plays: list[Play] = [("L", (0, 1))]
    ends = {"L": 0, "R": 1}
    for i in range(1, tiles):
        end = "L" if i % every == 0 else "R"
        e = ends[end]
        far = e if i % 5 == 0 else e + 1
        ends[end] = far
        plays.append((end, (far, e) if end == "L" else (e, far)))
    return plays


@lru_cache(maxsize=256)  # 136 model layouts a call: the same few plans serve a whole hand
def _table_plan(capacity: int, aspect: float, seats: str = AROUND) -> tuple[float, Rect]:
    """The row length that shows a whole hand, with its seats, largest on an ``aspect`` screen.

    Also the room kept for that whole hand from the first tile on, so that the camera's fit
    stays put during the hand: the longest line a hand can reach (all but one tile of three
    players, CU-7, JA-4), shared evenly or two to one between the ends, padded to ``aspect``.
    """
    longest = max(2, capacity - 3)
    models = [_model_hand(longest, every) for every in (2, 3)]
    plans = []
    for k in range(12, 80):  # quarter-tile steps
        half_row = k * (TILE_L + GAP) / 4
        room = _room(_union([_lay(m, half_row, None).bounds for m in models]), half_row)
        x, y, w, h = seat_bounds(room, seats)
        plans.append((max(h, w / aspect), half_row, room))  # the content's height, padded
    # of the plans that show a whole hand largest, the longest rows: the fewest turns, and the
    # most room left for a hand whose ends grow unevenly
    least = min(p[0] for p in plans) * (1 + PLAN_SLACK)
    _, half_row, room = max((p for p in plans if p[0] <= least), key=lambda p: p[1])
    return half_row, _padded(room, aspect, seats)


def _room(rect: Rect, half_row: float) -> Rect:
    # centred on the first tile, as either arm may turn out the longer, and as wide as a row
    # with a double overhanging its end
    x, y, w, h = rect
    rx = max(-x, x + w, half_row + GAP + TILE_W)
    ry = max(-y, y + h)
    return (-rx, -ry, 2 * rx, 2 * ry)


def _padded(room: Rect, aspect: float, seats: str = AROUND) -> Rect:
    """The room grown in one direction so that it and its seats have exactly ``aspect``."""
    x, y, w, h = room
    cx, cy, cw, ch = seat_bounds(room, seats)
    if cw / ch < aspect:
        pad = (ch * aspect - cw) / 2
        return (x - pad, y, w + 2 * pad, h)
    pad = (cw / aspect - ch) / 2
    return (x, y - pad, w, h + 2 * pad)
