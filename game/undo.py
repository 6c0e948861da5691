"""UX-6: taking decisions back and putting them back, for the play state (``game.play``).

An undo takes back the last human decision and every computer decision after it, and only
for the human who made it: the one holding the device, or a human elsewhere (a phone) for
their own seat.  A redo restores exactly what the last undo took back.  ``TakeBacks`` keeps
the redo stack, works out the counts and moves the session; the play state, told that the
session moved, decides its phases again.
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from rules.events import ACTION_KINDS, SEATED

from .phases import CURTAIN, DEAL_END, MATCH_END


class Undoable(Protocol):
    """What ``TakeBacks`` reads of the table (``game.play.PlayState``)."""

    session: Any
    viewer: int | None

    @property
    def phase(self) -> str: ...

    def view(self) -> Any: ...

    def is_human(self, seat: int | None) -> bool: ...

    def decides_here(self, seat: int | None) -> bool: ...

    def at_device(self) -> int | None: ...

    def say(self, key: str | None, **params: Any) -> None: ...

    def moved(self, changed: bool) -> None: ...


def decision_seats(history: Sequence[Any]) -> list[int]:
    """The seat of every decision in a public history, in order."""
    return [e.seat for e in history if e.kind in ACTION_KINDS and isinstance(e, SEATED)]


class TakeBacks:
    """The redo stack of one table and the size of its next undo."""

    def __init__(self, play: Undoable) -> None:
        self.play = play
        #: How many decisions each undo took back, the last undo last (what a redo restores).
        self.redo_counts: list[int] = []
        #: (position, seat) -> the undo count there: asked every frame for the button.
        self._cache: tuple[tuple, int] | None = None

    def forget(self) -> None:
        """The seats changed hands: the counts are worked out again."""
        self._cache = None

    def count(self, seat: int | None = None) -> int:
        """How many decisions an undo takes back (0: none allowed).

        The last human decision and every computer decision after it, and only if that
        human is ``seat``: by default the one at the device; a human elsewhere (a phone)
        asks for their own seat.
        """
        play = self.play
        at_device = play.at_device() if seat is None else seat
        key = (play.session.cursor, id(play.session.state), at_device)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]  # the history is long; the button asks every frame
        seats = decision_seats(play.view().history)
        count = 0
        for i in range(len(seats) - 1, -1, -1):
            if play.is_human(seats[i]):  # a human's, wherever they sit
                count = len(seats) - i if seats[i] == at_device else 0
                break
        self._cache = (key, count)
        return count

    def can_undo(self) -> bool:
        play = self.play
        return play.phase != CURTAIN and play.at_device() is not None and self.count() > 0

    def can_redo(self) -> bool:
        play = self.play
        return (play.phase != CURTAIN and bool(self.redo_counts) and play.session.can_redo()
                and play.session.to_act() == play.viewer)

    def undo(self) -> bool:
        """Take back the last decision of the human at the device and every computer decision
        after it."""
        if not self.can_undo():
            return False
        done = self._take_back(self.count())
        if done:
            self.redo_counts.append(done)
        self.play.say("table.undone" if done else None)
        self.play.moved(changed=done > 0)
        return done > 0

    def undo_for(self, seat: int) -> bool:
        """For a human away from the device: take back ``seat``'s last decision and every
        computer decision after it, if no other human has decided since."""
        play = self.play
        if play.decides_here(seat) or play.phase in (DEAL_END, MATCH_END):
            return False
        done = self._take_back(self.count(seat))
        if done:
            self.redo_counts.clear()  # the device's redo was for another position
        play.moved(changed=done > 0)
        return done > 0

    def redo(self) -> bool:
        """Restore exactly the decisions the last undo took back."""
        if not self.can_redo():
            return False
        for _ in range(self.redo_counts.pop()):
            if not self.play.session.redo():
                break
        self.play.say(None)
        self.play.moved(changed=True)
        return True

    def _take_back(self, count: int) -> int:
        """Undo up to ``count`` decisions in the session; how many it took back."""
        done = 0
        while done < count and self.play.session.undo():
            done += 1
        return done
