"""Cuban dominoes: Pagat's four-player double-nine game to 100 (CU-1..CU-12).

A match is: the lead draw (CU-2, a chance step, repeated on equal totals),
then hands until a team has 100.  Each hand is a deal of 10 tiles each with 15
unused tiles (CU-3), the four personal acceptances (CU-4, where five or more
doubles allow a redeal), the representative's choice of leader (CU-5), and
play on the shared two-ended line (``rules.line``).
"""
from __future__ import annotations

from ..actions import ACCEPT, REDEAL, Action
from ..chance import Deal, LeadDraw, check_partition, deal_shuffled
from ..errors import InvalidDealError
from ..events import Event, LeadDrawn, Redealt, SeatEvent
from ..line import (ACCEPT as ACCEPTING, CHOOSE, DEALING, LEAD_DRAW, TEAM_SEATS,
                    PartnershipGame, other_team, team_of)
from ..rng import shuffle, stream
from ..tiles import Tile, double_set

GAME = "cuban"
TOP = 9
FULL_SET = double_set(TOP)  # CU-1: 55 tiles
HAND_SIZE = 10  # CU-3
UNUSED = len(FULL_SET) - 4 * HAND_SIZE  # CU-3: 15 face down for the whole hand
TARGET = 100  # CU-10
REDEAL_DOUBLES = 5  # CU-4

POLLONA = "pollona"
TRIPOLLUA = "tripollua"


def doubles_in(hand: list[Tile]) -> tuple[Tile, ...]:
    return tuple(t for t in hand if t[0] == t[1])


class Cuban(PartnershipGame):
    """One table of Cuban dominoes: lead draws, deals, acceptances, leader, play, score."""

    game = GAME
    order = 2
    title = "Cuban"
    rule_prefix, rule_count = "CU", 12
    top = TOP
    full_set = FULL_SET
    hand_size = HAND_SIZE
    target = TARGET
    first_phase = LEAD_DRAW
    lead_draw = True  # CU-2
    pip_points = True  # CU-7, CU-8: the winners score the losers' pips
    unused_tiles = UNUSED
    #: 30 points (CU-8), about one hand's points
    coach_scale = 30.0
    bot_weights = {"pip": 1.0, "double": 4.0, "follow": 2.0, "held": 1.0, "distinct": 0.0,
                   "next": 12.0, "prev": 2.0, "partner": 5.0, "partner_nums": 1.5, "block": 30.0,
                   "control_end": 0.0, "mc": 10.0}
    #: the solver's default: the point difference (CU-8)
    solver_objective = (0, 1)
    #: the expert plays for the hand won alone (CU-7, CU-8: the heuristic, which sheds pips,
    #: orders plays of equal worth), which also makes a deal 2-2.5 times cheaper to solve
    #: than with CU-8's points in the value
    expert_objective = (1, 0)
    #: a deal of 28 tiles costs the solver about 11,000 nodes (win only)
    solve_below = 29

    def __init__(self, players: int) -> None:
        super().__init__(players)
        #: CU-2, CU-9: the team with the right to lead (None before the lead draw).
        self.right_to_lead: int | None = None
        #: how many lead draws this match has had (each repeat is a new one).
        self.lead_draws = 0
        #: CU-4: doubles shown by whoever demanded the last redeal.
        self.shown_doubles: tuple[Tile, ...] = ()
        #: the winners' total before the last scored hand (CU-10's Tripollúa).
        self._before: int | None = None

    # ----------------------------------------------------------- chance steps

    def sample_chance(self, seed: int) -> LeadDraw | Deal:
        """CU-2 and CU-3: shuffle all 55 from the match seed, keyed by the step's position."""
        tiles = list(FULL_SET)
        if self.phase == LEAD_DRAW:
            shuffle(stream(seed, GAME, self.match_no, "lead_draw", self.lead_draws + 1), tiles)
            return LeadDraw((tiles[0], tiles[1]), seeded=True)
        shuffle(stream(seed, GAME, self.match_no, "deal", self.deal_no + 1), tiles)
        return deal_shuffled(tiles, 4, HAND_SIZE)

    def apply_chance(self, outcome: object) -> None:
        if self.phase == LEAD_DRAW and isinstance(outcome, LeadDraw):
            self._lead_draw(outcome)
        elif self.phase == DEALING and isinstance(outcome, Deal):
            check_partition(outcome, FULL_SET, [HAND_SIZE] * 4)
            self._deal(outcome)
        else:
            raise InvalidDealError(f"a {self.phase} is not due now" if self.chance()
                                   else "no chance step is due now")

    def _lead_draw(self, draw: LeadDraw) -> None:
        """CU-2: the higher total gives its team the right to lead; equal totals draw again."""
        if len(draw.tiles) != 2:
            raise InvalidDealError("a lead draw needs exactly two tiles")
        t1, t2 = draw.tiles
        valid = set(FULL_SET)
        for t in (t1, t2):
            if t not in valid:
                raise InvalidDealError(f"tile {t} is not in the double-nine set")
        if t1 == t2:
            raise InvalidDealError(f"both representatives cannot draw the same tile {t1}")
        self.lead_draws += 1
        self.records.append({"lead_draw": {"1": list(t1), "2": list(t2)}})
        self.history.append(LeadDrawn("lead_draw", t1, t2))
        p1, p2 = t1[0] + t1[1], t2[0] + t2[1]
        if p1 != p2:
            self.right_to_lead = 1 if p1 > p2 else 2
            self.phase = DEALING

    def _deal(self, deal: Deal) -> None:
        self._clear_hand()
        self.deal_no += 1
        self.hands = [[]] + [list(h) for h in deal.hands]
        self.stock = tuple(deal.stock)
        self.shown_doubles = ()
        self._deal_record()
        # CU-4: each player in seat order accepts or demands a redeal.
        self.phase = ACCEPTING
        self.turn = 1
        self._legal = None

    # -------------------------------------------------------------- decisions

    def _phase_legal(self) -> list[Action]:
        if self.phase == ACCEPTING:
            if len(doubles_in(self.hands[self.turn])) >= REDEAL_DOUBLES:
                return [ACCEPT, REDEAL]
            return [ACCEPT]
        return super()._phase_legal()

    def _phase_action(self, action: Action) -> None:
        s = self.turn
        if action.kind == "accept":
            self.history.append(SeatEvent("accept", s))
            if s < 4:
                self.turn = s + 1
            else:
                # CU-5: the lower seat of the team with the right chooses the leader.
                self.phase = CHOOSE
                assert self.right_to_lead is not None  # the lead draw (CU-2) or the last hand set it
                self.turn = TEAM_SEATS[self.right_to_lead][0]
        elif action.kind == "redeal":
            self._redeal(s)
        else:  # pragma: no cover - legal kinds only
            raise ValueError(action.kind)

    def _redeal(self, seat: int) -> None:
        """CU-4: the demand shows only the doubles, throws the hands in, keeps the right."""
        shown = self.shown_doubles = doubles_in(self.hands[seat])
        self.history.append(Redealt("redeal", seat, shown))
        self.records.append({
            "deal_end": {"reason": "redeal", "winner_team": None, "points": 0},
            "totals": {"1": self.totals[1], "2": self.totals[2]},
        })
        self.turn = 0
        self.phase = DEALING

    # --------------------------------------------------------------- scoring

    def _score_hand(self, winner: int | None, rep: int, counts: list[int],
                    key: bool) -> tuple[int, list[Event]]:
        """CU-8: the winners score the two opponents' pips; CU-9: who has the right next."""
        if winner is None:
            # CU-7, CU-9: a tie scores nothing; the team that did not lead gets the right.
            self.right_to_lead = other_team(team_of(self.leader))
            self._before = None
            return 0, []
        points = sum(counts[s] for s in TEAM_SEATS[other_team(winner)])
        self._before = self.totals[winner]
        self.totals[winner] += points
        self.right_to_lead = winner
        return points, []

    def _result_name(self, winners: list[int]) -> str | None:
        """CU-10: Pollona when the losers have 0; Tripollúa when also from 0 in one hand."""
        winner = winners[0]
        if self.totals[other_team(winner)] != 0:
            return None
        return TRIPOLLUA if self._before == 0 else POLLONA

    def next_match(self) -> None:
        """CU-12: zero scores and a new lead draw (CU-2)."""
        super().next_match()
        self.right_to_lead = None
        self.lead_draws = 0
        self.shown_doubles = ()

    def _view_extras(self) -> dict:
        return {"unused": UNUSED if self.deal_no else 0, "right_to_lead": self.right_to_lead,
                "pose_required": False}
