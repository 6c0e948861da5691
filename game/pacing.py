"""The pace of the seats that decide away from the device (UX-5): how long the table waits
before a computer's next decision so the room can follow it, and how long a demo (computers
only) leaves a deal's reveal or a match's end up before moving on.

``game.play.PlayState`` composes one ``Pace`` and hands it each frame's time; the pace asks
the seat to act for its decision (``game.sources``) when it is due and gives it back to the
play state to carry out, which alone moves the phases.
"""
from __future__ import annotations

import logging
from typing import Any, Protocol, Sequence

from rules.actions import Action

from .phases import AWAY, DEAL_END, MATCH_END
from .sources import DecisionSource

log = logging.getLogger(__name__)

#: Seconds between computer decisions for each named speed (settings: computer_speed).
SPEEDS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}

#: Seconds a demo (computers only) shows a deal-end reveal or a match end before moving on.
DEMO_READ_S = 4.0


def computer_delay(speed: Any) -> float:
    """Seconds between computer decisions for a settings value (a name or a number)."""
    if isinstance(speed, (int, float)) and not isinstance(speed, bool):
        return max(0.0, float(speed))
    return SPEEDS.get(str(speed), SPEEDS["normal"])


class Paced(Protocol):
    """What the pace reads of the table and asks of it (``game.play.PlayState``)."""

    session: Any
    sources: Sequence[DecisionSource]
    humans: Sequence[int]

    @property
    def phase(self) -> str: ...

    def decides_here(self, seat: int | None) -> bool: ...

    def apply(self, action: Action) -> bool: ...

    def moved(self, changed: bool) -> None: ...

    def continue_after_deal(self) -> None: ...

    def next_match(self) -> bool: ...


class Pace:
    """The table's clock for decisions made away from the device."""

    def __init__(self, play: Paced, delay: float) -> None:
        self.play = play
        #: Seconds between paced decisions (``computer_delay``).
        self.delay = delay
        #: UX-5: set by the shell while the rules or log screen is open.
        self.paused = False
        #: Set by the shell while the table still shows the last move travelling (issue 14):
        #: the next computer decision waits for it, then for its pace.
        self.held = False
        #: Seconds waited so far for the next decision (or for a demo's reading time).
        self.timer = 0.0

    def restart(self) -> None:
        """A new position: the wait starts again."""
        self.timer = 0.0

    def _seat_away(self) -> int | None:
        """The seat to act if it decides away from the device; otherwise the table decides its
        phase again (a seat handed to the device, a match over) and there is none."""
        play = self.play
        seat = play.session.to_act()
        if seat is None or play.decides_here(seat):
            play.moved(changed=False)
            return None
        return seat

    def ticking(self) -> bool:
        """Whether the table's clock runs toward a move of its own: a computer's paced wait or
        search, or a demo's reading time.  False while the table waits for a person, at the
        device or on a phone: then nothing changes until an event comes, and the program may
        rest (issue 14)."""
        play = self.play
        if self.paused:
            return False
        if play.phase == AWAY:
            seat = play.session.to_act()
            if seat is None:
                return True  # the phases are decided again at the next step
            source = play.sources[seat - 1]
            return source.paced or source.busy()
        if play.phase in (DEAL_END, MATCH_END) and not play.humans:
            return not self._answered(play)
        return False

    @staticmethod
    def _answered(play: Paced) -> bool:
        """A deal's end that a phone's Continue ends (issue 27), not the demo's reading time."""
        return play.phase == DEAL_END and any(s.answers_deal_end for s in play.sources)

    def step(self) -> bool:
        """Apply one decision of a seat away from the device at once (a fast-forward); False if
        none is to act or its source cannot decide at once."""
        play = self.play
        seat = self._seat_away() if play.phase == AWAY else None
        if seat is None:
            return False
        action = play.sources[seat - 1].decide_now(play.session, seat)
        return action is not None and play.apply(action)

    def _apply(self, source: DecisionSource, action: Action) -> bool:
        """Apply a source's decision.  One that came from outside the program (``guarded``)
        and fails is dropped, logged and told to its source; play goes on (issue 37)."""
        if not source.guarded:
            return self.play.apply(action)
        try:
            applied = self.play.apply(action)
        except Exception:  # noqa: BLE001 - a phone's decision never stops the table
            log.exception("a decision from outside the program failed to apply: %s", action)
            source.refused("phone.error_failed")
            return False
        if not applied:
            source.refused("phone.error_not_offered")
        return applied

    def update(self, dt: float) -> bool:
        """``dt`` more seconds: the seat away from the device decides when its pace allows; True
        if a decision was applied.  With no human at the table (a demo) the deal-end reveal and
        the match end also move on by themselves after a pause long enough to read them."""
        play = self.play
        if self.paused:
            return False
        if play.phase == AWAY:
            if self.held:
                return False  # the last move is still on its way to the table
            seat = self._seat_away()
            if seat is None:
                return False
            source = play.sources[seat - 1]
            if source.paced:  # a computer waits ``delay`` between decisions; a phone does not
                self.timer += dt
                if self.timer < self.delay:
                    return False
            action = source.decide(play.session, seat)
            if action is None:
                return False  # still deciding: the frames go on
            self.timer = 0.0
            return self._apply(source, action)
        # with nobody at the device a demo moves on by itself; a phone's Continue ends a
        # deal's end when a phone seat answers it (issue 27)
        if play.phase in (DEAL_END, MATCH_END) and not play.humans and not self._answered(play):
            self.timer += dt
            if self.timer >= max(DEMO_READ_S, 6 * self.delay):
                self.timer = 0.0
                if play.phase == DEAL_END:
                    play.continue_after_deal()
                else:
                    play.next_match()
        return False
