"""The replay viewer's model (issue 15): a finished match's positions and what they show.

``Replay`` is the positions of a session's log the viewer can stand at (the start of
each deal, then after each decision), stepping, jumping to a deal, and what every
seat held there.  It only seeks its own session (``Session.seek``) and reads views,
so what it shows is what the rules computed for each seat.  ``ReplayPlay`` is what
the table kits and the status bar read of a play state, for a replay position.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Action
from rules import save as rules_save
from rules.chance import NextMatch
from rules.session import Session

from ..table.scoreboard import hand_number
from ..phases import AWAY, DEAL_END, MATCH_END
from ..play import TableQueries
from ..seats import HUMAN, SeatConfig


def replay_positions(log: tuple, match_no: int | None = None) -> list[int]:
    """The log positions a viewer stands at: before and after every decision of the match.

    A position just before a deal's first decision is that deal's start; one just
    after a deal's last decision (before the next deal is dealt) is its end.
    ``match_no`` None takes every match of the log.
    """
    match, found = 1, set[int]()
    for i, entry in enumerate(log):
        if isinstance(entry, NextMatch):
            match += 1
        elif isinstance(entry, Action) and match_no in (None, match):
            found.update((i, i + 1))
    return sorted(found)


@dataclass(frozen=True)
class DealMark:
    """A deal's start in the replay: its index among the positions and its numbers."""

    index: int
    match_no: int
    deal_no: int


class Replay:
    """A finished match's positions, stepped through on a session of its own (see the module).

    The session is copied (rebuilt from its log, as a save is) unless ``private`` says
    nothing else holds it: stepping never moves the match it came from, which may be the
    one still on the table.
    """

    def __init__(self, session: Session, seats: list[SeatConfig], match_no: int | None = None,
                 private: bool = False) -> None:
        if not private:
            session = rules_save.build(rules_save.session_to_json(session))[0]
        self.session = session
        self.seats = list(seats)
        self.players = session.config.players
        #: The match's log as it was played (a save's redo tail is not part of it).
        self.log = session.log
        self.positions = replay_positions(self.log, match_no)
        if not self.positions:
            raise ValueError("the match holds no decision")
        self.index = 0
        self._cache: dict[int, tuple] = {}
        self.deals = self._deal_marks()
        self.seek(0)

    def _deal_marks(self) -> list[DealMark]:
        log = self.log
        marks = []
        for k, pos in enumerate(self.positions):
            if pos == 0 or not isinstance(log[pos - 1], Action):
                view = self.session.view_at(pos, 1)
                # counted by the ends before it: a redeal (CU-4) deals the same hand again
                marks.append(DealMark(k, view.match_no, hand_number(view.history)))
        return marks

    # ------------------------------------------------------------ moving

    @property
    def position(self) -> int:
        """The log position shown now."""
        return self.positions[self.index]

    @property
    def at_end(self) -> bool:
        return self.index == len(self.positions) - 1

    def seek(self, index: int) -> bool:
        """Stand at position number ``index`` (clamped); True if that moved."""
        index = max(0, min(len(self.positions) - 1, index))
        moved = index != self.index
        self.index = index
        self.session.seek(self.positions[index])
        return moved

    def step(self, delta: int) -> bool:
        return self.seek(self.index + delta)

    def seek_position(self, position: int) -> bool:
        """Stand at the viewer's position nearest at or before log position ``position``."""
        best = max((k for k, p in enumerate(self.positions) if p <= position), default=0)
        return self.seek(best)

    def deal_index(self) -> int:
        """Which of ``deals`` the position shown is in."""
        return max((k for k, d in enumerate(self.deals) if d.index <= self.index), default=0)

    def jump_deal(self, delta: int) -> bool:
        """The start of the next (+1) or previous (-1) deal; back from inside a deal goes to its start."""
        k = self.deal_index()
        if delta < 0 and self.index > self.deals[k].index:
            return self.seek(self.deals[k].index)
        k = max(0, min(len(self.deals) - 1, k + delta))
        return self.seek(self.deals[k].index)

    # ------------------------------------------------------------ what is shown

    def views(self) -> tuple:
        """Every seat's view at the position shown (index 0 unused): its hand among them."""
        pos = self.position
        got = self._cache.get(pos)
        if got is None:
            got = (None,) + tuple(self.session.view(s) for s in range(1, self.players + 1))
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[pos] = got
        return got

    def hands(self) -> tuple:
        """Every hand at the position shown, face up (index 0 unused): the match is over."""
        return (None,) + tuple(v.hand for v in self.views()[1:])

    def decision_due(self) -> Action | None:
        """The decision taken at the position shown (the next one), or None at a deal's end."""
        pos = self.position
        entry = self.log[pos] if pos < len(self.log) else None
        return entry if isinstance(entry, Action) else None

    def phase(self) -> str:
        """The table's phase there: a deal's end, the match's end, or play."""
        if self.session.match_over():
            return MATCH_END
        if self.session.pending_chance() is not None or self.session.to_act() is None:
            return DEAL_END
        return AWAY


class ReplayPlay(TableQueries):
    """What the table kits and the status bar read of a ``PlayState``, for a replay position.

    Read-only: no decision is made here.  The score and end queries are the
    PlayState's own (``TableQueries``: they read only ``view()``); every seat is shown
    from the same side of the table, the first human's (or seat 1), so nothing turns.
    """

    def __init__(self, replay: Replay, kit) -> None:
        self.replay = replay
        self.session = replay.session
        self.seats = replay.seats
        self.kit = kit
        self.humans = [s for s in range(1, len(self.seats) + 1) if self.seats[s - 1].kind == HUMAN]
        self.bottom = self.humans[0] if self.humans else 1
        self.viewer = None
        self.holder = self.bottom
        self.curtain_for = None
        self.selected = None
        self.pending = None
        self.setup = None

    @property
    def phase(self) -> str:
        return self.replay.phase()

    def view(self):
        return self.replay.views()[self.bottom]

    def my_turn(self) -> bool:
        return False

    def hand_seat(self) -> int | None:
        return None

    def targets(self, tile=None) -> list:
        return []

    def legal(self) -> tuple:
        return ()
