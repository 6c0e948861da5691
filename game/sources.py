"""Where a seat's decisions come from (DESIGN.md, "Where a seat's decisions come from").

The table's core (``game.play``) asks each seat's *decision source* for that seat's next
decision and never asks which kind of seat it is.  Two kinds are here:

- ``DeviceSource``: a human at this screen.  The device's intents (mouse, touch, keyboard,
  controller) decide, through the curtain when several such seats share it (UX-3), so the
  core's own phases (choosing, preview, confirm) are this source's decisions;
- ``ComputerSource``: the bot's chooser over the seat's own view (UX-4) and a stream seeded
  by the match and the position, so a replayed match makes the same decisions.

A new kind (a phone) registers a factory in ``SOURCES`` under its seat kind; nothing in the
core changes.  A source never applies a decision: it proposes one, and the core applies it
through the rules (``Session.apply``), which stay the authority on what is legal.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Callable

from rules import bots
from rules.actions import Action
from rules.rng import decision_stream

from .seats import COMPUTER, HUMAN, SeatConfig

if TYPE_CHECKING:
    from rules.session import Session

#: Levels whose search is slow enough (up to 1.5 s) to run in a worker thread, off the frame.
THREADED_LEVELS = frozenset({"expert"})

_executor: ThreadPoolExecutor | None = None


def _worker() -> ThreadPoolExecutor:
    """One worker thread for the slow levels' searches: one computer thinks at a time."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="expert")
    return _executor


class DecisionSource:
    """One seat's decisions.  The defaults are those of a seat that decides away from the
    device and at its own speed; subclasses state how they differ."""

    #: The device's intents decide for this seat (the core's choosing and preview phases),
    #: and its hand is the one the screen may show (behind the curtain, UX-3).
    at_device: bool = False
    #: The table's pace (settings: computer speed) spaces this seat's decisions out so the
    #: room can follow them; a human elsewhere has their own pace.
    paced: bool = False
    #: Its human, away from the device, says when the deal's end has been read (a phone's
    #: Continue): with no human at the device the table waits for that instead of moving on.
    answers_deal_end: bool = False
    #: Its decisions come from outside the program (a phone): one that fails to apply is
    #: dropped and ``refused``, never allowed to stop the table (issue 37).
    guarded: bool = False

    def decide(self, session: Session, seat: int) -> Action | None:
        """The seat's decision at the session's position, or None while it is still being
        made.  Called once a frame while the seat is to act; it never blocks the frame."""
        return None

    def decide_now(self, session: Session, seat: int) -> Action | None:
        """A decision at once, for the fast-forwards (``--after``, tests), or None when this
        source cannot decide without its human."""
        return None

    def forget(self) -> None:
        """Drop any decision in progress: the position it was for is gone (undo, restart)."""

    def refused(self, key: str) -> None:
        """The decision this source gave could not be applied (``key``: why, a locale key)."""

    def busy(self) -> bool:
        """A decision is being worked out right now (the table shows the seat thinking)."""
        return False


class DeviceSource(DecisionSource):
    """A human at this screen: the core's own phases are this seat's decisions."""

    at_device = True


class ComputerSource(DecisionSource):
    """A computer player of ``level``: the bot's choice from the seat's view (UX-4)."""

    paced = True

    def __init__(self, level: str) -> None:
        self.level = level
        #: (log position, future) of a slow level's search in progress.
        self._thinking: tuple[int, Future] | None = None

    def decide_now(self, session: Session, seat: int) -> Action:
        rng = decision_stream(session.config.seed, session.cursor)
        return bots.choose(session.view(seat), self.level, rng)

    def decide(self, session: Session, seat: int) -> Action | None:
        """A fast level decides at once; a slow one searches in a worker thread so that frames
        go on (issue 16).  The search reads a view and a stream made here, so its answer is
        ``decide_now``'s; an answer that arrives after the log moved is dropped, and the
        search starts again for the new position."""
        if self.level not in THREADED_LEVELS:
            return self.decide_now(session, seat)
        if self._thinking is not None and self._thinking[0] != session.cursor:
            self._thinking = None
        if self._thinking is None:
            rng = decision_stream(session.config.seed, session.cursor)
            future = _worker().submit(bots.choose, session.view(seat), self.level, rng)
            self._thinking = (session.cursor, future)
        future = self._thinking[1]
        if not future.done():
            return None
        self._thinking = None
        return future.result()

    def forget(self) -> None:
        self._thinking = None

    def busy(self) -> bool:
        return self._thinking is not None


#: A seat kind's source, made from the seat's configuration.  ``game.phones`` adds "phone".
SOURCES: dict[str, Callable[[SeatConfig], DecisionSource]] = {
    HUMAN: lambda seat: DeviceSource(),
    COMPUTER: lambda seat: ComputerSource(seat.level),
}


def source_for(seat: SeatConfig) -> DecisionSource:
    """The decision source of a seat, by its kind (``SOURCES``)."""
    return SOURCES[seat.kind](seat)
