"""The keyboard and controller cursor over the table (UX-7): an aid beside mouse and touch.

The cursor sits in one of four zones, bottom to top on screen: the hand's tiles,
the buttons, the lit targets (trains or ends) and the table itself (where the
arrows pan).  Left and right move within a zone, up and down between zones that
have something in them.  It only points: the play state decides what pointing
and Enter mean.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .play import PlayState

ZONES = ("hand", "buttons", "targets", "table")  # bottom to top on screen


class Cursor:
    """Where the cursor is: a zone and an index in that zone's items."""

    def __init__(self, play: "PlayState") -> None:
        self.play = play
        self.zone = "hand"
        self.index = 0

    def items(self, zone: str | None = None) -> list:
        """What the cursor can rest on in ``zone`` (default: its own) now."""
        play = self.play
        zone = zone or self.zone
        if zone == "hand":
            return play.hand() if play.my_turn() else []
        if zone == "targets":
            return play.targets()
        if zone == "buttons":
            return [b for b, ok in play.buttons() if ok]
        return ["table"]

    def focused(self) -> Any:
        items = self.items()
        if not items:
            return None
        return items[min(self.index, len(items) - 1)]

    def place(self, zone: str, item: Any = None) -> None:
        """Put the cursor on ``item`` of ``zone`` (its first item if ``item`` is not there)."""
        self.zone = zone
        items = self.items(zone)
        self.index = items.index(item) if item in items else 0

    def clamp(self) -> None:
        """Keep the cursor on something: its zone emptied, it goes to the hand or the buttons."""
        items = self.items()
        if not items and self.zone != "table":
            for zone in ("hand", "buttons"):
                if self.items(zone):
                    self.zone = zone
                    break
            items = self.items()
        self.index = max(0, min(self.index, len(items) - 1))

    def step(self, direction: str) -> bool:
        """Left/right within the zone (wrapping), up/down to the next zone with items.
        Returns whether the cursor moved."""
        if direction in ("left", "right"):
            items = self.items()
            if not items:
                return False
            delta = 1 if direction == "right" else -1
            self.index = (min(self.index, len(items) - 1) + delta) % len(items)
            return True
        delta = 1 if direction == "up" else -1
        j = ZONES.index(self.zone) + delta
        while 0 <= j < len(ZONES):
            if self.items(ZONES[j]):
                self.zone, self.index = ZONES[j], 0
                return True
            j += delta
        return False
