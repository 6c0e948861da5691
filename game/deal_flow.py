"""Where a match stands between its deals, for the play state (``game.play``): which deal-end
reveals the players have moved on from (UX-3), which deals' start steps the human at the
device has confirmed (UX-1, the kit's ``setup``), and the table as a deal ended.

All of it is read from the session's public history (``rules.events`` records) and log;
``DealFlow`` keeps the two tallies, and the play state decides its phases from them.
"""
from __future__ import annotations

from typing import Any, Protocol

from rules.actions import Action
from rules.events import ACTION_KINDS


class Dealing(Protocol):
    """What ``DealFlow`` reads of the table (``game.play.PlayState``)."""

    session: Any
    kit: Any


class DealFlow:
    """The deal-end reveals seen and the deal start steps confirmed, of one table."""

    def __init__(self, play: Dealing, reveals_seen: int | None) -> None:
        self.play = play
        #: ``count``'s running tally: [the history list, how much of it is counted, counts].
        self._counts: list = [None, 0, {}]
        # A resumed game comes back where the player was: the reveals seen are saved with it
        # (``reveals_seen``); an older save without that count shows an unanswered reveal again.
        ends = self.count("deal_end")
        if reveals_seen is not None and 0 <= reveals_seen <= ends:
            self.reveals_seen = reveals_seen
        else:
            self.reveals_seen = ends - (1 if self._deal_end_unanswered() else 0)
        #: Deals whose start step was confirmed (a fresh match's first deal is not yet).
        self.setups_seen = self.count("deal") - (1 if self._deal_untouched() else 0)

    def count(self, kind: str) -> int:
        """How many history events of ``kind`` (deals, deal ends) the session has had.

        Counted on from where the last call stopped: the history holds every match
        of the session and only grows (an undo or a seek makes a new state, whose
        history is another list), so rescanning it on every move made a long
        session's moves cost more and more (issue 29, item 10)."""
        history = self.play.session.state.history
        cache = self._counts
        if cache[0] is not history or cache[1] > len(history):
            cache = self._counts = [history, 0, {}]
        counts: dict[str, int] = cache[2]
        for e in history[cache[1]:]:
            counts[e.kind] = counts.get(e.kind, 0) + 1
        cache[1] = len(history)
        return counts.get(kind, 0)

    def _deal_end_unanswered(self) -> bool:
        """True if the session's last deal ended with no decision since (UX-3).

        Leaving the reveal changes nothing in the session, so a session in this
        state is one whose reveal the player may not have seen yet: a game
        resumed from an autosave made at a deal end shows that deal's reveal.
        """
        for e in reversed(self.play.session.state.history):
            if e.kind == "deal_end":
                return True
            if e.kind in ACTION_KINDS or e.kind == "match":
                return False
        return False

    def _deal_untouched(self) -> bool:
        """No decision since the last deal was dealt (its start step may wait for a confirm)."""
        for e in reversed(self.play.session.state.history):
            if e.kind in ACTION_KINDS:
                return False
            if e.kind == "deal":
                return True
        return False

    def reveal_due(self) -> bool:
        """A deal ended whose reveal nobody moved on from yet (an undo back before a deal
        end takes its reveal back too)."""
        ends = self.count("deal_end")
        self.reveals_seen = min(self.reveals_seen, ends)
        return ends > self.reveals_seen

    def answer_reveals(self) -> None:
        """Every deal end so far has been seen (its reveal left, or the match left behind)."""
        self.reveals_seen = self.count("deal_end")

    def setup_due(self, seat: int) -> Action | None:
        """The deal's start step ``seat`` (the seat to act) still confirms (the kit's ``setup``),
        or None; once there is none, this deal's start counts as seen."""
        deals = self.count("deal")
        if self.setups_seen >= deals:
            return None
        setup = self.play.kit.setup(self.play.session.view(seat))
        if setup is None:
            self.setups_seen = deals
        return setup

    def setup_confirmed(self) -> None:
        self.setups_seen = self.count("deal")

    def view_at_end(self, seat: int) -> Any:
        """``seat``'s view just after the decision that ended the deal (before the next deal);
        None if the session is not at a deal's end."""
        session = self.play.session
        log = session.log
        pos = session.cursor
        end = pos
        while end > 0 and not isinstance(log[end - 1], Action):
            end -= 1  # step back over the next deal (and any chance step) dealt after it
        if end == pos:
            return None
        return session.view_at(end, seat)
