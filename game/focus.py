"""The keyboard and controller cursor over the table (UX-7): an aid beside mouse and touch.

The cursor sits in one of four zones: the hand's tiles, the buttons and the table
itself (where the arrows pan), bottom to top on screen, and the lit targets (trains or
ends) of the tile chosen in the hand, where Enter on a tile takes it.  Left and right
move within a zone, up and down between zones that have something in them; the targets
belong to their tile, so from them up reaches the buttons (Confirm), as from the hand,
and down goes back to the hand (issue 40: up from a chosen tile panned the table).  It only points: the play state decides what pointing
and Enter mean.

Issue 28: the cursor remembers whether the player's own arrows put it where it is,
and when (``arrived``).  A button that acts at once and cannot be previewed (Undo,
Redo) is pressed from the cursor only by a press that began after the player moved
the cursor onto it, the way the curtain guards its button (UX-3): a second Enter of a
fast hand never lands on a button the cursor drifted to by itself.  While the hand is
not the player's to play (the computers' turns), a cursor in the hand rests on
nothing ("parked") rather than drifting onto a button.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol


class Pointable(Protocol):
    """What the cursor reads of the table it points at (``game.play.PlayState``)."""

    now: Callable[[], float]

    def hand(self) -> list: ...

    def my_turn(self) -> bool: ...

    def targets(self) -> list: ...

    def buttons(self) -> list[tuple[str, bool]]: ...

ROWS = ("hand", "buttons", "table")  # bottom to top on screen: up and down walk them


class Cursor:
    """Where the cursor is: a zone and an index in that zone's items."""

    def __init__(self, play: Pointable) -> None:
        self.play = play
        self.zone = "hand"
        self.index = 0
        #: (item, time) when the player's own arrows last put the cursor on ``item``, on the
        #: play state's clock; None once it moved by itself (see the module docstring).
        self.arrived: tuple[Any, float] | None = None

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
        self.arrived = None

    def home(self) -> None:
        """Back to the hand (Enter or Esc while the table has the focus, a confirmed decision)."""
        self.place("hand")
        self.clamp()

    def chosen(self, item: Any, began: float | None) -> bool:
        """Whether the player put the cursor on ``item`` with their own arrows, before the
        press that ``began`` then (None: a call with no press behind it, tests and tools)."""
        if self.arrived is None or self.arrived[0] != item:
            return False
        return began is None or began >= self.arrived[1]

    def clamp(self) -> None:
        """Keep the cursor on something: its zone emptied, it goes to the hand or the buttons."""
        items = self.items()
        if not items and self.zone == "hand" and not self.play.my_turn():
            # parked: nothing to press until the hand is the player's again (issue 28), so an
            # Enter meant for the move just confirmed finds no button under the cursor
            self.index = 0
            return
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
            self._arrive()
            return True
        delta = 1 if direction == "up" else -1
        # the chosen tile's targets sit with it in the hand's row (the module docstring)
        row = "hand" if self.zone == "targets" else self.zone
        j = ROWS.index(row) + (0 if self.zone == "targets" and delta < 0 else delta)
        while 0 <= j < len(ROWS):
            if self.items(ROWS[j]):
                self.zone, self.index = ROWS[j], 0
                self._arrive()
                return True
            j += delta
        return False

    def _arrive(self) -> None:
        self.arrived = (self.focused(), self.play.now())
