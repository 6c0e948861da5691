"""Mexican Train's ticker clauses (issue 14): what its lines say that another game's do not.

``game.ticker`` owns the items, the folding and the wording; the kit's ``ticker``
(this) turns the family's events into clauses: a deal names the engine's holder and
the start search (MT-3, MT-5), and a deal scores its own way (MT-16).  Keys are
written out whole, so tests/game/test_locales_used.py finds them.
"""
from __future__ import annotations

from typing import Any

from rules.events import Event, LeadChosen, LeadDrawn, TrainDeal, TrainDealEnd, TrainMatchEnd, TrainPlay

from ...cues import Group
from ...ticker import Clause, tile_text


class MexicanTrainWords:
    """Mexican Train's clauses (MT-3, MT-5, MT-16, MT-18)."""

    match_key = "ticker.match_mt"

    def deal(self, group: Group, hand_no: int) -> list[Clause]:
        """MT-3, MT-5: the deal, who holds the engine, and how many tiles the start search took."""
        head = group[0]
        assert isinstance(head, TrainDeal), head  # a deal is a chance entry: its event opens the group
        n, engine = head.deal_no, head.engine
        found = next((e for e in group if e.kind == "engine"), None)
        holder = found.seat if found else None
        double = found.tile if found else (engine, engine)
        drawn = sum(1 for e in group if e.kind == "search" and e.seat == holder)
        params: dict[str, Any] = {"n": n, "holder": holder, "tile": tile_text(double)}
        if drawn:
            return [(None, "ticker.mt_deal_search", {**params, "count": drawn})]
        return [(None, "ticker.mt_deal", params)]

    def play(self, e: TrainPlay, first: bool) -> Clause:
        seat, t, train = e.seat, e.tile, e.train
        if train == seat:
            return (seat, "ticker.play_own", {"tile": tile_text(t)})
        if train == "mexican":
            return (seat, "ticker.play_mexican", {"tile": tile_text(t)})
        return (seat, "ticker.play_train", {"tile": tile_text(t), "owner_seat": train})

    def lead(self, e: LeadChosen) -> Clause:
        raise ValueError("Mexican Train has no lead")

    def lead_draw(self, e: LeadDrawn) -> list[Clause]:
        raise ValueError("Mexican Train has no lead draw")

    def deal_end(self, e: TrainDealEnd, reset: bool) -> list[Clause]:
        """MT-16: out or blocked."""
        reason, hands = e.reason, e.hands
        if reason == "out":
            outs = [s for s in range(1, len(hands)) if not hands[s]]
            return [(None, "ticker.mt_out", {"name_seats": outs})]
        return [(None, "ticker.mt_block", {})]

    def match_end(self, e: TrainMatchEnd) -> Clause:
        """MT-18: the lowest totals win."""
        return (None, "ticker.mt_match_end", {"name_seats": list(e.winners)})

    def own(self, e: Event) -> list[Clause]:
        """The family's games declare no kinds of their own (``rules.events.register``)."""
        return []


MEXICAN_TRAIN = MexicanTrainWords()
