"""What each public history event looks like in motion (issue 14), for every kit.

``stage`` turns the events a change added to the view's history into
``game.motion`` flights and cues:

- a play flies from the player's hand (the on-screen player) or from the
  seat's place at the table (anyone else) to where the tile now lies, and
  turns to its final angle;
- a draw comes from the boneyard: to its slot in the hand, face up, only for
  the owner whose hand is on screen (UX-2); as a back to the seat's place for
  everyone else;
- a pass, a marker going up or coming off, Cuban's acceptance or redeal: a
  short cue at that seat;
- a deal: backs fly out to every seat.

Only public events are read, and a face travels only when the view shows it:
a played tile (public) or the on-screen player's own draw.  With reduced
motion nothing travels; the cues and the landing ring remain.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.events import seat_of

from .motion import SCREEN, WORLD, Cue, Flight, Motion
from .table.layout import TILE_W

#: Public events whose ``seat`` is the seat that made them (or the engine's holder).
SEAT_EVENTS = frozenset({"play", "draw", "search", "pass", "mark", "unmark", "end_chain", "accept", "redeal",
                         "engine"})
#: Backs shown flying to each seat at a deal (a hint of the deal, not every tile).
DEAL_BACKS = 3
#: A seat's tiles are smaller than the table's (the line's backs, a train's label).
SEAT_SCALE = 0.6


def flight_seconds(delay: float) -> float:
    """How long a tile travels at the computers' pace ``delay`` (0: instant, nothing travels)."""
    return 0.0 if delay <= 0 else min(0.6, max(0.22, 0.5 * delay))


@dataclass(frozen=True)
class HandShot:
    """The on-screen hand as it stood on screen: whose, its tiles and their rectangles."""

    seat: int | None
    tiles: tuple = ()
    rects: tuple = ()  # pygame.Rect per tile
    short: int = 40

    def slot(self, tile) -> tuple[float, float] | None:
        for t, r in zip(self.tiles, self.rects):
            if t == tile:
                return (r.centerx, r.centery)
        return None


def stage(motion: Motion, events, clock: float, *, kit, lay, view, play, before: HandShot,
          after: HandShot, seconds: float, reduced: bool = False) -> float | None:
    """Add the motion of ``events`` (new public history entries) starting at ``clock``.

    Returns when the last tile bound for the table lands (for the landing ring), or None.
    """
    travel = seconds > 0 and not reduced  # at instant speed nothing moves and no cue shows
    start = clock
    landing: float | None = None
    for event in events:
        kind = event.kind
        seat = seat_of(event) if kind in SEAT_EVENTS else None
        if kind == "play" and travel:
            flight = _play(event, start, seconds, kit, lay, view, play, before)
            if flight is not None:
                motion.add(flight)
                landing = flight.end
                start += seconds * 0.6  # several plays at once (a resume, instant speed) follow each other
        elif kind in ("draw", "search") and travel and seat is not None:
            flight = _draw(seat, start, seconds, kit, lay, view, play, after if kind == "draw" else HandShot(None))
            if flight is not None:
                motion.add(flight)
            if kind == "search":
                start += seconds * 0.3  # MT-5: the start search's draws one after another
        elif kind == "deal" and travel:
            _deal(motion, start, seconds, kit, lay, view, play)
        elif travel and seat is not None:
            flight = kit.own_flight(event, start, seconds, lay, view, play)  # MT-4: the engine's
            if flight is not None:
                motion.add(flight)
                landing = flight.end
        if seat is not None and seconds > 0 and (kind not in ("draw", "search") or not travel):
            _cue(motion, kit, event, seat, start, lay, view, play)
    return landing


def seat_anchor(kit, lay, view, play, seat: int):
    point = kit.seat_point(lay, view, play, seat)
    if point is None:
        return None
    return (WORLD, point[0], point[1], TILE_W * SEAT_SCALE)


def _play(event, start, seconds, kit, lay, view, play, before: HandShot) -> Flight | None:
    seat, tile = event.seat, tuple(event.tile)
    placed = kit.tile_place(lay, tile)
    if placed is None:
        return None
    x, y, w, h = placed.rect
    dst = (WORLD, x + w / 2, y + h / 2, TILE_W)
    slot = before.slot(tile) if before.seat == seat else None
    if slot is not None:
        src = (SCREEN, slot[0], slot[1], before.short)
        src_vertical = True  # the hand's tiles stand upright
    else:
        src = seat_anchor(kit, lay, view, play, seat) or (WORLD, *kit.pile_point(lay), TILE_W)
        src_vertical = not placed.vertical  # it turns as it is laid
    return Flight((min(tile), max(tile)), (placed.first, placed.second), src, dst,
                  src_vertical, placed.vertical, start, seconds)


def _draw(seat, start, seconds, kit, lay, view, play, after: HandShot) -> Flight | None:
    pile = kit.pile_point(lay)
    src = (WORLD, pile[0], pile[1], TILE_W * SEAT_SCALE)
    fresh = kit.fresh_tile(view) if after.seat == seat else None
    slot = after.slot(fresh) if fresh is not None else None
    if slot is not None and fresh is not None:  # UX-2: the owner, whose hand is on screen, sees the face
        tile = (min(fresh), max(fresh))
        return Flight(tile, (fresh[0], fresh[1]), src, (SCREEN, slot[0], slot[1], after.short),
                      False, True, start, seconds, lands_in="hand")
    dst = seat_anchor(kit, lay, view, play, seat)
    if dst is None:
        return None
    return Flight((-1, -seat), None, src, dst, False, True, start, seconds, lands_in="seat")


def _deal(motion: Motion, start, seconds, kit, lay, view, play) -> None:
    pile = kit.pile_point(lay)
    src = (WORLD, pile[0], pile[1], TILE_W * SEAT_SCALE)
    seats = range(1, len(play.seats) + 1)
    step = seconds / (2 * max(1, len(play.seats)))
    for k in range(DEAL_BACKS):
        for i, seat in enumerate(seats):
            dst = seat_anchor(kit, lay, view, play, seat)
            if dst is not None:
                at = start + (k * len(play.seats) + i) * step
                motion.add(Flight((-2, -seat), None, src, dst, False, True, at, seconds, lands_in="seat"))


def _cue(motion: Motion, kit, event, seat: int, start: float, lay, view, play) -> None:
    word = kit.cue_word(event)
    point = kit.cue_point(lay, view, play, seat) if word else None
    at = (WORLD, point[0], point[1], TILE_W * SEAT_SCALE) if point is not None else None
    if at is not None:
        motion.add(Cue(seat, word, at, start, below=kit.cue_below(lay, view, play, seat)))
