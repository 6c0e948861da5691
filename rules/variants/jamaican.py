"""Jamaican partner dominoes: double-six, "six love" (JA-1..JA-9).

Each hand deals all 28 tiles, 7 each (JA-1).  The hand is opened either by the
mandatory [6|6] pose (JA-2: the first hand of a session, after a tie, after a
reset) or by a poser whom the last hand's winners assign (JA-3).  Play is on
the shared two-ended line (``rules.line``); scoring is JA-6 (1 point, 2 for
the key tile) under six love (JA-7) to 6 (JA-8).

A ``Jamaican`` object is one session (JA-9): ``next_match()`` keeps it going
with totals at 0 and the last winners assigning the poser, while a new
session (a new object) opens with [6|6] again.
"""
from __future__ import annotations

from ..actions import Action
from ..chance import Deal, check_partition, deal_shuffled
from ..errors import InvalidDealError
from ..events import Event, Reset
from ..line import CHOOSE, DEALING, PLAY, PLAY_L, PartnershipGame, other_team
from ..rng import shuffle, stream
from ..tiles import Tile, double_set, tile

GAME = "jamaican"
TOP = 6
FULL_SET = double_set(TOP)  # JA-1: 28 tiles
HAND_SIZE = 7
TARGET = 6  # JA-8
DOUBLE_SIX = tile(6, 6)
_POSE_66 = [PLAY_L[DOUBLE_SIX]]


class Jamaican(PartnershipGame):
    """One session of Jamaican partner dominoes."""

    game = GAME
    order = 3
    title = "Jamaican"
    rule_prefix, rule_count = "JA", 9
    top = TOP
    full_set = FULL_SET
    hand_size = HAND_SIZE
    target = TARGET
    first_phase = DEALING
    pose_tile = DOUBLE_SIX  # JA-2
    key_tile = True  # JA-6
    #: a hand won (JA-6, worth 2 in the solver's objective)
    coach_scale = 2.0
    bot_weights = {"pip": 1.0, "double": 4.0, "follow": 2.0, "held": 1.0, "distinct": 0.0,
                   "next": 6.0, "prev": 2.0, "partner": 5.0, "partner_nums": 1.5, "block": 30.0,
                   "control_end": 10.0, "mc": 40.0}
    #: the solver's default: hands won first, then JA-6's points
    solver_objective = (1, 1)
    #: the expert counts the win and JA-6's points
    expert_objective = (1, 1)
    #: a deal of 24 tiles costs the solver about 9,000 nodes
    solve_below = 24

    def __init__(self, players: int) -> None:
        super().__init__(players)
        #: JA-2: the next hand is opened with [6|6] (first hand of a session, after a tie or a reset).
        self.pose_required = True
        #: JA-3: who assigns the poser of the next hand when it is not a [6|6] pose.
        self.representative = 0

    # ----------------------------------------------------------- chance steps

    def sample_chance(self, seed: int) -> Deal:
        """JA-1: shuffle the 28 tiles from the match seed and deal them all, 7 each."""
        tiles = list(FULL_SET)
        shuffle(stream(seed, GAME, self.match_no, "deal", self.deal_no + 1), tiles)
        return deal_shuffled(tiles, 4, HAND_SIZE)  # all 28 dealt: the stock is empty

    def apply_chance(self, outcome: object) -> None:
        if self.phase != DEALING or not isinstance(outcome, Deal):
            raise InvalidDealError("no deal is due now")
        check_partition(outcome, FULL_SET, [HAND_SIZE] * 4)
        self._clear_hand()
        self.deal_no += 1
        self.hands = [[]] + [list(h) for h in outcome.hands]
        self._deal_record()
        self._legal = None
        if self.pose_required:
            # JA-2: the holder of [6|6] must pose it; it is still their decision.
            self._start_play(next(s for s in (1, 2, 3, 4) if DOUBLE_SIX in self.hands[s]))
        else:
            # JA-3: the last hand's representative assigns either partner as poser.
            self.phase = CHOOSE
            self.turn = self.representative

    # -------------------------------------------------------------- decisions

    def _compute_legal(self) -> list[Action]:
        if self.pose_required and self.phase == PLAY and self.line.left < 0:
            return list(_POSE_66)  # JA-2: the only legal action of the [6|6] holder
        return super()._compute_legal()

    def _key_tile(self, t: Tile, end: str) -> bool:
        """JA-6: going out with the only unplayed tile that matches two different hard ends.

        Checked before ``t`` is laid.  A double is never the key; both open
        ends must be hard (7 of the number's 8 appearances on the table).
        """
        a, b = t
        if a == b:
            return False
        line = self.line
        left, right = line.left, line.right
        if left < 0 or left == right or {left, right} != {a, b}:
            return False
        return line.hard(left) and line.hard(right)

    # --------------------------------------------------------------- scoring

    def _score_hand(self, winner: int | None, rep: int, counts: list[int],
                    key: bool) -> tuple[int, list[Event]]:
        """JA-6 value (1, or 2 for the key tile); JA-7 six love; JA-2/JA-3 who opens next."""
        if winner is None:
            self.pose_required = True  # JA-7: a tie keeps both totals; [6|6] next
            return 0, []
        points = 2 if key else 1
        if self.totals[other_team(winner)] > 0:
            # JA-7: a win against a team with points resets both to 0 and scores nothing.
            self.totals[1] = self.totals[2] = 0
            self.pose_required = True
            self.representative = rep
            return points, [Reset("reset", winner)]
        self.totals[winner] += points
        self.pose_required = False
        self.representative = rep
        return points, []

    def next_match(self) -> None:
        """JA-9: totals go to 0 and the winners of the last hand assign the poser (JA-2)."""
        super().next_match()

    def _view_extras(self) -> dict:
        # During play this is the current hand's rule; between hands, the next hand's.
        return {"unused": 0, "right_to_lead": None, "pose_required": self.pose_required}
