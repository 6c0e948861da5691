"""The line games' ticker clauses (issue 14): what their lines say that another game's do not.

``game.ticker`` owns the items, the folding and the wording; a line kit's ``ticker``
(one of these) turns the family's events into clauses: the first tile is led or
posed (CU-5, JA-2), and each game scores its own way (CU-8, JA-6, JA-7).  Keys are
written out whole, so tests/game/test_locales_used.py finds them.
"""
from __future__ import annotations


from rules.events import Event, LeadChosen, LeadDrawn, LineDeal, LineDealEnd, LineMatchEnd, LinePlay

from ...cues import Group
from ...ticker import Clause, tile_text


class LineWords:
    """A two-ended line game's clauses, in its own words (CU-5..CU-10, JA-2..JA-8)."""

    match_key = "ticker.match_line"

    def __init__(self, first: str, deal: str, lead: tuple[str, str], scores: str, match_end: str,
                 named_ends: dict[str, str] | None = None) -> None:
        self.first_key, self.deal_key, self.lead_keys = first, deal, lead
        self.scores_key, self.match_end_key = scores, match_end
        #: match ends with a name of their own (CU-10: Pollona, Tripollúa)
        self.named_ends = named_ends or {}

    def deal(self, group: Group, hand_no: int) -> list[Clause]:
        """The hand's number (a CU-4 redeal deals the same hand again, so not ``deal_no``)."""
        head = group[0]
        assert isinstance(head, LineDeal), head  # a deal is a chance entry: its event opens the group
        return [(None, self.deal_key, {"n": hand_no})]

    def play(self, e: LinePlay, first: bool) -> Clause:
        """CU-6, JA-4: the tile as it lies on its end; the hand's first tile is led or posed (CU-5, JA-2)."""
        seat, end, lying = e.seat, e.end, e.lying
        if first:
            return (seat, self.first_key, {"tile": tile_text(lying)})
        return (seat, "ticker.play_left" if end == "L" else "ticker.play_right", {"tile": tile_text(lying)})

    def lead(self, e: LeadChosen) -> Clause:
        """CU-5, JA-3: the representative names who leads (poses); maybe themself."""
        rep, chosen = e.seat, e.chosen
        other, self_ = self.lead_keys
        if rep == chosen:
            return (rep, self_, {})
        return (rep, other, {"chosen_seat": chosen})

    def lead_draw(self, e: LeadDrawn) -> list[Clause]:
        """CU-2: the two representatives' tiles; the higher total has the right to lead."""
        a, b = e.first, e.second
        out: list[Clause] = [(None, "ticker.lead_draw",
                              {"one_seat": 1, "a": tile_text(a), "two_seat": 2, "b": tile_text(b)})]
        pa, pb = a[0] + a[1], b[0] + b[1]
        if pa == pb:
            return out + [(None, "ticker.lead_draw_again", {})]
        return out + [(None, "ticker.lead_draw_right", {"team": 1 if pa > pb else 2})]

    def deal_end(self, e: LineDealEnd, reset: bool) -> list[Clause]:
        """CU-7/CU-8 and JA-5/JA-6/JA-7: who scores, a tie, six love."""
        reason, winner, points = e.reason, e.winner_team, e.points
        out: list[Clause] = [(None, "ticker.line_block", {})] if reason == "block" else []
        if winner is None:
            return out + [(None, "ticker.line_tie", {})]
        if reset:
            return out + [(None, "ticker.jamaican_reset", {"team": winner})]
        return out + [(None, self.scores_key, {"team": winner, "count": points})]

    def match_end(self, e: LineMatchEnd) -> Clause:
        """CU-10, JA-8: the winning team, by a named ending where the game has one."""
        return (None, self.named_ends.get(e.result_name or "", self.match_end_key), {"team": e.winners[0]})

    def own(self, e: Event) -> list[Clause]:
        """The family's games declare no kinds of their own (``rules.events.register``)."""
        return []


CUBAN = LineWords("ticker.cuban_first", "ticker.cuban_deal", ("ticker.cuban_lead", "ticker.cuban_lead_self"),
                  "ticker.cuban_scores", "ticker.cuban_match_end",
                  {"pollona": "ticker.cuban_match_end_pollona", "tripollua": "ticker.cuban_match_end_tripollua"})
JAMAICAN = LineWords("ticker.jamaican_first", "ticker.jamaican_deal",
                     ("ticker.jamaican_pose", "ticker.jamaican_pose_self"),
                     "ticker.jamaican_scores", "ticker.jamaican_match_end")
