"""The press guard (UX-3, issue 40): a press meant for the screen before never acts on the next.

A quick second Enter, click or pad press belongs to what was on screen when the first one
acted; if the first one brought up something new (the curtain, a hand's or a match's end,
a lesson card, the same player's next decision) the second lands there.  Whatever is
offered records when it came up (``offer``, with a key naming it: the same key again
keeps the time).  A press that began within ``PRESS_GUARD_S`` of that is refused when it
is part of a burst that began before: the press before it (``Intent.prior``) began at most
``PRESS_GUARD_S`` before the offer.  The player's own input to what is offered (an arrow,
the hint, the pointer moving: ``attend``) shows the presses after it are meant for it.
The curtain is ``strict``: only time lifts it (UX-3), whatever came before.

The clock is the App's fixed-step time, the one ``Intent.began`` is stamped with.
"""
from __future__ import annotations

from typing import Callable, Hashable

from . import intents as I

#: Seconds after something is offered during which a press may still be a second press of
#: a fast hand meant for what came before (100-400 ms apart, issue 40).
PRESS_GUARD_S = 0.6
#: The intents that press what is on screen: each carries when the press before it began
#: (``Intent.prior``, stamped by ``game.input``).
PRESSES = frozenset({I.CONFIRM, I.TAP})
#: The player's own input that shows they look at what is offered: a press after it is
#: meant for it, even within the guard time (a review key too: the player listens to it).
ATTENDING = frozenset({I.MOVE, I.HINT, I.SORT, I.HOVER, I.DRAG, I.REVIEW})


class Guard:
    """When the thing on offer came up, and whether a press may act on it."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.key: Hashable = None
        #: When the thing on offer came up, on ``now``'s clock.
        self.at = float("-inf")
        #: When the player's own input first reached it (None: not yet).
        self.attended: float | None = None

    def offer(self, key: Hashable) -> bool:
        """Something named ``key`` is on offer; a new key starts the guard time again.
        Returns whether it was new."""
        if key == self.key:
            return False
        self.key, self.at, self.attended = key, self.now(), None
        return True

    def attend(self, began: float | None) -> None:
        """The player's own input (not a press) that ``began`` then reached the thing on
        offer: a press after it is meant for it."""
        if began is not None and began >= self.at and self.attended is None:
            self.attended = began

    def admits(self, intent: I.Intent, now: float) -> bool:
        """Whether ``intent`` may act on the thing on offer: a press only if ``fresh``; the
        player's own input (``ATTENDING``; one with no press time counts ``now``) attends."""
        if intent.kind in PRESSES:
            return self.fresh(intent.began, intent.prior)
        if intent.kind in ATTENDING:
            self.attend(now if intent.began is None else intent.began)
        return True

    def fresh(self, began: float | None, prior: float | None = None, strict: bool = False) -> bool:
        """Whether a press that ``began`` then, the press before it having begun at ``prior``,
        may act on the thing on offer (``began`` None: no press behind it, tests and tools)."""
        if began is None or began >= self.at + PRESS_GUARD_S:
            return True
        if strict:
            return False
        if self.attended is not None and began >= self.attended:
            return True
        if prior is None or prior < self.at - PRESS_GUARD_S:
            self.attend(began)  # a first press, after a pause: those after it are meant too
            return True
        return False
