"""Mexican Train's own motion (issue 14): the engine's flight to the station (MT-4).

``game.staging`` moves what every game has (plays, draws, the deal, the cues) and asks the
kit for the rest (``TableKit.own_flight``).
"""
from __future__ import annotations

from ...motion import WORLD, Flight
from ...staging import seat_anchor
from ...table.layout import TILE_W


def engine_flight(kit, event, start: float, seconds: float, lay, view, play) -> Flight | None:
    """MT-4: the engine goes from its holder's place to the station."""
    holder, double = event.seat, tuple(event.tile)
    if play.setup is not None:
        return None  # the holder at the device places it (UX-1): it flies when they confirm
    src = seat_anchor(kit, lay, view, play, holder)
    if src is None:
        return None
    station = kit.pile_point(lay)
    return Flight((min(double), max(double)), (double[0], double[1]), src, (WORLD, station[0], station[1], TILE_W),
                  True, False, start + seconds, seconds)
