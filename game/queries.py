"""What the table kits, the status bar and the score screens ask of a table (the play state,
``game.play.PlayState``, and the replay viewer's position, ``game.scenes.replay.ReplayPlay``):
the seats' names, and the deal's and the match's ends read from the public history of
``view()`` through its typed records (``rules.events``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rules.events import LineDealEnd, LineMatchEnd, back
from rules.tiles import Tile

from .seats import SeatConfig

@dataclass(frozen=True)
class DealEndInfo:
    """One deal's end as the public history tells it (MT-16, MT-17)."""

    deal_no: int
    reason: str  # "out" or "block"
    penalties: tuple[int, ...]  # index 0 unused: Mexican Train's penalties, the line's pip counts
    totals: tuple[int, ...]  # index 0 unused: per seat (Mexican Train) or per team (the line)
    hands: tuple[tuple[Tile, ...], ...]  # index 0 unused: every hand, revealed
    extra: tuple = ()  # the game's own fields after those (the line: winner team, points)


@dataclass(frozen=True)
class MatchEndInfo:
    match_no: int
    winners: tuple[int, ...]  # seats (Mexican Train) or teams (the line)
    totals: tuple[int, ...]
    extra: tuple = ()  # the game's own fields (Cuban: the result's name, CU-10)


class TableQueries:
    """The questions of the module docstring; a table gives its ``seats`` and ``view()``."""

    seats: Sequence[SeatConfig]

    def view(self) -> Any:
        raise NotImplementedError

    def is_human(self, seat: int | None) -> bool:
        """A person decides for ``seat`` (at this screen or elsewhere), not a computer."""
        return seat is not None and self.seats[seat - 1].is_human

    def name(self, seat: int) -> str:
        return self.seats[seat - 1].name

    def last_deal_end(self) -> DealEndInfo | None:
        history = self.view().history
        # from the end (``back``): the screens ask every frame
        for i, e in back(history):
            if e.kind == "deal_end":
                deal_no = next((d.deal_no for _, d in back(history, i) if d.kind == "deal"), 0)
                extra = (e.winner_team, e.points) if isinstance(e, LineDealEnd) else ()
                return DealEndInfo(deal_no, e.reason, tuple(e.counts), tuple(e.totals),
                                   tuple(tuple(h) for h in e.hands), extra)
        return None

    def score_log(self) -> list[tuple[int, tuple[int, ...]]]:
        """UX-3: the current match's penalties deal by deal, from the public history (MT-17)."""
        log: list[tuple[int, tuple[int, ...]]] = []
        deal_no = 0
        for e in self.view().history:
            if e.kind == "match":
                log = []
            elif e.kind == "deal":
                deal_no = e.deal_no
            elif e.kind == "deal_end":
                log.append((deal_no, tuple(e.counts)))
        return log

    def match_end(self) -> MatchEndInfo | None:
        match_no = 1
        found = None
        for e in self.view().history:
            if e.kind == "match":
                match_no = e.match_no
                found = None
            elif e.kind == "match_end":
                extra = (e.result_name,) if isinstance(e, LineMatchEnd) else ()
                found = MatchEndInfo(match_no, tuple(e.winners), tuple(e.totals), extra)
        return found

