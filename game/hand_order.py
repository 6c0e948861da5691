"""The order of the hand on screen (issue 28): each human's own choice, by number or by pips,
so one player's Tab never reorders another's hand."""
from __future__ import annotations

from rules.tiles import Tile

SORT_MODES = ("number", "pips")


class HandOrder:
    """Each seat's sort order (seat 0: while no hand shows)."""

    def __init__(self) -> None:
        self._modes: dict[int, str] = {}

    def mode(self, seat: int) -> str:
        return self._modes.get(seat, SORT_MODES[0])

    def set(self, seat: int, mode: str) -> None:
        self._modes[seat] = mode

    def turn(self, seat: int) -> None:
        """The next sort order for ``seat``."""
        self.set(seat, SORT_MODES[(SORT_MODES.index(self.mode(seat)) + 1) % len(SORT_MODES)])

    def sorted(self, tiles: list[Tile], seat: int) -> list[Tile]:
        if self.mode(seat) == "pips":
            return sorted(tiles, key=lambda t: (-(t[0] + t[1]), -t[1], -t[0]))
        return sorted(tiles, key=lambda t: (t[0], t[1]))
