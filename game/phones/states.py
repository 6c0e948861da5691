"""The latest state published for each phone seat, and its number (issue 27; issue 37's hold).

The loop publishes a seat's state (``publish``); the server's thread reads it to answer a
phone and to check that a request answers it (``get``).  Every state gets a new number,
its ``rev``, from one counter.  When the server accepts a confirm it ``hold``s the seat's
state: the same state, offering nothing and saying ``applying``, under a new number, so that
every request still answering the old one is refused as stale until the table has applied
the confirm and published the next state (docs/phones.md, "confirm").
"""
from __future__ import annotations

import threading


def held(state: dict) -> dict:
    """``state`` while its confirmed decision is being applied: nothing offered."""
    return {**state, "my_turn": False, "legal": [], "playable": [], "pending": None, "pending_is_hint": False,
            "hint_reason": None, "hint": False, "undo": False, "applying": True}


class SeatStates:
    """Each phone seat's latest state and its number; every call takes a lock for a moment."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._states: dict[int, tuple[int, dict]] = {}
        self._rev = 0

    def publish(self, seat: int, state: dict | None) -> int:
        """``seat``'s new state (None: it has none now); returns its number."""
        with self._lock:
            self._rev += 1
            if state is None:
                self._states.pop(seat, None)
            else:
                self._states[seat] = (self._rev, state)
            return self._rev

    def get(self, seat: int) -> tuple[int, dict] | None:
        with self._lock:
            return self._states.get(seat)

    def rev_of(self, seat: int) -> int | None:
        current = self.get(seat)
        return None if current is None else current[0]

    def hold(self, seat: int) -> bool:
        """Hold ``seat``'s state while its accepted confirm is applied; False if it has none."""
        with self._lock:
            current = self._states.get(seat)
            if current is None:
                return False
            self._rev += 1
            self._states[seat] = (self._rev, held(current[1]))
            return True
