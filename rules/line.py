"""The two-ended line and the partnership table that Cuban (CU) and Jamaican (JA) share.

Both games are four players in two teams (seats 1 and 3 are team 1, seats 2 and
4 are team 2), one line of tiles with two open ends, no branches and no drawing
(CU-6, JA-1, JA-4).  A player plays a tile that matches an open end or passes;
going out or four passes in a row end the hand (CU-7, JA-4); at a block the
lowest *individual* pip count decides, and the lowest count shared by the two
teams is a tie (CU-7, JA-5).

``PartnershipGame`` is the state machine both games subclass.  It owns the
line, the hands, the turns, the passes, the view and the transcript records; a
game adds its chance steps (``sample_chance``, ``apply_chance``), its decisions
between the deal and the first play (``_phase_legal``, ``_phase_action``), and
its scoring (``_key_tile``, ``_score_hand``, ``_match_winners``,
``_result_name``).

Public history events (every seat sees them; ``history`` holds nothing else), as the
records of ``rules.events`` (``LineDeal``, ``LinePlay``, ``LineDealEnd`` ...):

- ``("match", k)``
- ``("lead_draw", tile_of_seat_1, tile_of_seat_2)`` (Cuban, CU-2)
- ``("deal", k)``: hands dealt; what is in them is private
- ``("accept", seat)`` and ``("redeal", seat, shown_doubles)`` (Cuban, CU-4)
- ``("lead", representative, chosen_seat)`` (CU-5, JA-3)
- ``("play", seat, tile, "L"|"R", (left_number, right_number))``: the tile as it lies
- ``("pass", seat)``
- ``("reset", winner_team)`` (Jamaican six love, JA-7)
- ``("deal_end", reason, counts, totals, hands, winner_team, points)``: the end of
  a hand; ``hands`` reveals the four hands left (UX-3), ``counts`` are their pips
  (index 0 unused, as are ``totals``' and ``hands``'); the first four fields
  have the same meaning as in Mexican Train's ``deal_end`` event
- ``("match_end", winners, totals, result_name)``; ``result_name`` is
  ``"tripollua"``, ``"pollona"`` (CU-10) or None
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Self
from dataclasses import dataclass

from .actions import PASS, Action, lead
from .errors import ConfigError
from .events import (Event, LeadChosen, LineDeal, LineDealEnd, LineMatchEnd, LinePlay, MatchStart,
                     SeatEvent)
from .public_history import History, freeze, share
from .state import LINE, Variant, shallow_copy
from .tiles import MAX_PIPS, Tile, double_set

PLAYERS = 4
SEATS = (1, 2, 3, 4)
#: team number -> its two seats
TEAM_SEATS = {1: (1, 3), 2: (2, 4)}

# phases: two chance steps, then the decisions
LEAD_DRAW = "lead_draw"
DEALING = "deal"
ACCEPT = "accept"
CHOOSE = "lead"
PLAY = "play"
MATCH_OVER = "match_over"
_CHANCE = {LEAD_DRAW: LEAD_DRAW, DEALING: DEALING}

#: Prebuilt actions, so that listing the legal plays allocates nothing per tile.
PLAY_L: dict[Tile, Action] = {t: Action("play", t, None, "L") for t in double_set(MAX_PIPS)}
PLAY_R: dict[Tile, Action] = {t: Action("play", t, None, "R") for t in double_set(MAX_PIPS)}
LEAD: dict[int, Action] = {s: lead(s) for s in SEATS}
_PASS_ONLY = (PASS,)
_new_event = tuple.__new__


def team_of(seat: int) -> int:
    """Seats 1 and 3 are team 1, seats 2 and 4 are team 2 (CU-1, JA-1)."""
    return 2 - seat % 2


def partner_of(seat: int) -> int:
    return (seat + 1) % 4 + 1


def other_team(team: int) -> int:
    return 3 - team


def next_seat(seat: int) -> int:
    """Play goes in seat order, 4 back to 1 (CU-1, JA-1)."""
    return seat % 4 + 1


def block_result(counts: list[int]) -> tuple[int | None, int]:
    """CU-7, JA-5, JA-3: who wins a blocked hand, and the winners' representative.

    ``counts[s]`` is seat s's own pip count (index 0 unused).  The lowest
    individual count wins for its team, partners' counts are not added; if the
    lowest count is shared across the two teams the hand is a tie (team None).
    The representative is the lowest-count seat of the winning team, the lower
    seat if the partners tie (0 for a tie).
    """
    best = min(counts[1:])
    lowest = [s for s in SEATS if counts[s] == best]
    teams = {team_of(s) for s in lowest}
    if len(teams) > 1:
        return None, 0
    return teams.pop(), lowest[0]


class Line:
    """The two-ended line: its open ends, the tiles as they lie, and the numbers shown.

    The first tile lies with its low number on the left and its high number on
    the right; after that a tile goes on the end ("L" or "R") it matches and
    its other number becomes that end.  ``shown[n]`` counts the appearances of
    number n on the table, a double counting twice (JA-6).
    """

    __slots__ = ("top", "left", "right", "_lefts", "_rights", "shown")

    def __init__(self, top: int) -> None:
        self.top = top
        self.left = -1  # -1: the line is empty
        self.right = -1
        self._lefts: list[tuple[int, int]] = []  # left of the first tile, nearest first
        self._rights: list[tuple[int, int]] = []  # the first tile and everything right of it
        self.shown = [0] * (top + 1)

    def clone(self) -> "Line":
        other = Line.__new__(Line)
        other.top = self.top
        other.left = self.left
        other.right = self.right
        other._lefts = list(self._lefts)
        other._rights = list(self._rights)
        other.shown = list(self.shown)
        return other

    def __repr__(self) -> str:
        return f"Line({list(self.tiles())!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and self.top == other.top and \
            self._lefts == other._lefts and self._rights == other._rights

    __hash__ = None  # type: ignore[assignment]  # mutable

    @property
    def empty(self) -> bool:
        return self.left < 0

    def ends(self) -> tuple[int, int] | None:
        """The two open ends (left, right), or None before the first tile."""
        return None if self.left < 0 else (self.left, self.right)

    def plays(self, hand: list[Tile]) -> list[Action]:
        """CU-6, JA-4: every placement of every tile in ``hand`` that matches an open end.

        The first tile of a hand is any tile, written "L".  A tile that fits
        both ends, or fits when both ends show the same number, is listed on
        both ends.
        """
        left = self.left
        if left < 0:
            return [PLAY_L[t] for t in hand]
        right = self.right
        acts = []
        for t in hand:
            a, b = t
            if a == left or b == left:
                acts.append(PLAY_L[t])
            if a == right or b == right:
                acts.append(PLAY_R[t])
        return acts

    def fits(self, t: Tile, end: str) -> bool:
        if self.left < 0:
            return end == "L"
        e = self.left if end == "L" else self.right
        return t[0] == e or t[1] == e

    def place(self, t: Tile, end: str) -> tuple[int, int]:
        """Lay ``t`` on ``end`` (the caller checked it fits); return it as it lies, left to right."""
        a, b = t
        shown = self.shown
        shown[a] += 1
        shown[b] += 1
        if self.left < 0:
            self.left, self.right = a, b
            self._rights.append((a, b))
            return a, b
        if end == "L":
            e = self.left
            far = b if a == e else a
            self.left = far
            lying = (far, e)
            self._lefts.append(lying)
        else:
            e = self.right
            far = b if a == e else a
            self.right = far
            lying = (e, far)
            self._rights.append(lying)
        return lying

    def tiles(self) -> tuple[tuple[int, int], ...]:
        """The line from its left end to its right end, each tile as it lies."""
        return tuple(reversed(self._lefts)) + tuple(self._rights)

    def __len__(self) -> int:
        return len(self._lefts) + len(self._rights)

    def hard(self, number: int) -> bool:
        """JA-6: ``number`` shows all but one of its appearances (7 of 8 in double-six)."""
        return self.shown[number] == self.top + 1


@dataclass(frozen=True)
class PartnershipView:
    """What one seat may know (UX-4): its own hand and the public table, nothing hidden.

    Never other hands, Cuban's unused tiles, the shuffle or future deals;
    ``history`` reveals hands only at a hand's end (UX-3).
    """

    game: str
    seat: int
    team: int
    match_no: int
    deal_no: int
    phase: str
    to_act: int | None
    hand: tuple[Tile, ...]
    #: the line from left to right, each tile as it lies
    line: tuple[tuple[int, int], ...]
    left_end: int | None
    right_end: int | None
    hand_counts: tuple[int, ...]  # index 0 unused, per seat 1..4
    unused: int  # Cuban: tiles face down for the whole hand (CU-3); Jamaican: 0
    totals: tuple[int, ...]  # index 0 unused, team 1, team 2
    leader: int | None  # who led or posed this hand
    right_to_lead: int | None  # Cuban: the team with the right (CU-5, CU-9)
    pose_required: bool  # Jamaican: this hand opens with [6|6] (JA-2)
    passes: int  # passes in a row
    history: Sequence[Event]  # a FrozenHistory: compares and prints like a tuple
    legal: tuple[Action, ...]


class PartnershipGame(Variant):
    """A four-player partnership table on one two-ended line (CU, JA).

    Subclasses set ``game``, ``top``, ``full_set`` and ``hand_size`` (and the rest of
    ``Variant``'s data) and supply the chance steps and the scoring.  ``apply_action``
    trusts that the action came from ``legal_actions()`` (``Session.apply`` checks it).
    """

    game = ""
    family = LINE
    coach = "solved"  # the exact solver plays a line game (CU-8, JA-6)
    players = (PLAYERS, PLAYERS)
    teams = TEAM_SEATS
    top = 6
    full_set: tuple[Tile, ...] = ()
    hand_size = 7
    target = 0
    first_phase = DEALING

    def __init__(self, players: int) -> None:
        if players != PLAYERS:
            raise ConfigError(f"{self.game} needs exactly 4 players, not {players!r}")
        self.n = PLAYERS
        self.match_no = 1
        self.deal_no = 0
        self.totals = [0, 0, 0]
        self.phase = self.first_phase
        #: transcript records that are not decisions (TRANSCRIPT.md).
        self.records: list[dict] = [{"match": 1}]
        #: the public history: every entry is visible to every seat.
        self.history: History = History([MatchStart("match", 1)])
        self._legal: list[Action] | None = None
        self._clear_hand()

    def _clear_hand(self) -> None:
        self.hands: list[list[Tile]] = [[], [], [], [], []]
        self.stock: tuple[Tile, ...] = ()
        self.line = Line(self.top)
        self.turn = 0
        self.passes = 0
        self.leader = 0

    def clone(self) -> Self:
        other = shallow_copy(self)
        other.totals = list(self.totals)
        other.records = list(self.records)
        other.history = share(self.history)  # shared until one of them appends (issue 29)
        other.hands = [list(h) for h in self.hands]
        other.line = self.line.clone()
        other._legal = None
        return other

    # ----------------------------------------------------------- chance steps

    def chance(self) -> str | None:
        return _CHANCE.get(self.phase)

    def _deal_record(self) -> None:
        self.records.append({
            "deal": self.deal_no,
            "hands": {str(s): [list(t) for t in self.hands[s]] for s in SEATS},
            "stock": [list(t) for t in self.stock],
        })
        self.history.append(LineDeal("deal", self.deal_no))

    # -------------------------------------------------------------- decisions

    def to_act(self) -> int | None:
        return self.turn or None

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            if self.phase == PLAY and self.line.left >= 0:
                # CU-6, JA-4 as in ``_compute_legal``, without its calls: nearly every decision
                # of a hand is here, and no game's override differs once the line has a tile
                legal = self.line.plays(self.hands[self.turn]) or list(_PASS_ONLY)
            else:
                legal = self._compute_legal()
            self._legal = legal
        return legal

    def _compute_legal(self) -> list[Action]:
        if self.phase == PLAY:
            # CU-6, JA-4: a matching tile if there is one, else the forced pass.
            return self.line.plays(self.hands[self.turn]) or list(_PASS_ONLY)
        return self._phase_legal()

    def _phase_legal(self) -> list[Action]:
        if self.phase == CHOOSE:
            # CU-5, JA-2: the representative names either partner.
            return [LEAD[s] for s in TEAM_SEATS[team_of(self.turn)]]
        return []

    def apply_action(self, action: Action) -> None:
        self._legal = None
        kind = action.kind
        if kind == "play":
            t, end = action.tile, action.end
            assert t is not None and end is not None  # legal plays name both
            # CU-6, JA-4: lay the tile; going out ends the hand (``_go_out``).  Written out here,
            # not in a method of its own: nearly every decision of a hand is a play (issue 42)
            s = self.turn
            hand = self.hands[s]
            hand.remove(t)
            if not hand:
                self._go_out(s, t, end)
                return
            lying = self.line.place(t, end)
            # tuple.__new__ is what LinePlay(...) runs, less its Python-level __new__
            self.history.append(_new_event(LinePlay, ("play", s, t, end, lying)))
            self.passes = 0
            self.turn = s % 4 + 1
        elif kind == "pass":
            self._pass()
        elif kind == "lead":
            assert action.seat is not None
            self._choose_leader(action.seat)
        else:
            self._phase_action(action)

    def _phase_action(self, action: Action) -> None:  # pragma: no cover - legal kinds only
        raise ValueError(action.kind)

    def _choose_leader(self, seat: int) -> None:
        """CU-5, JA-2: the chosen partner leads (poses) the hand."""
        self.history.append(LeadChosen("lead", self.turn, seat))
        self._start_play(seat)

    def _start_play(self, leader: int) -> None:
        self.leader = leader
        self.turn = leader
        self.passes = 0
        self.phase = PLAY

    def _go_out(self, s: int, t: Tile, end: str) -> None:
        """Seat ``s`` lays its last tile ``t`` (already taken from its hand): the hand ends
        (CU-7, JA-4), worth double with the key tile (JA-6, checked before ``t`` is laid)."""
        key = self._key_tile(t, end)
        lying = self.line.place(t, end)
        self.history.append(LinePlay("play", s, t, end, lying))
        self._end_hand("out", s, key)

    def _pass(self) -> None:
        s = self.turn
        self.history.append(SeatEvent("pass", s))
        passes = self.passes = self.passes + 1
        if passes == 4:  # CU-7, JA-4: four passes in a row block the hand
            self._end_hand("block", 0, False)
            return
        self.turn = s % 4 + 1

    def _key_tile(self, t: Tile, end: str) -> bool:
        """Whether going out with ``t`` is a bonus win (Jamaican JA-6); False here."""
        return False

    def pip_counts(self) -> list[int]:
        """Each seat's own pip count (index 0 unused); partners are never added (CU-7, JA-5)."""
        hands = self.hands  # a tile is a tuple of its two numbers: sum(tile) is its pips
        return [0, sum(map(sum, hands[1])), sum(map(sum, hands[2])), sum(map(sum, hands[3])),
                sum(map(sum, hands[4]))]

    def _end_hand(self, reason: str, out_seat: int, key: bool) -> None:
        counts = self.pip_counts()
        winner: int | None
        if reason == "out":
            winner, rep = team_of(out_seat), out_seat
        else:
            winner, rep = block_result(counts)
        points, extra = self._score_hand(winner, rep, counts, key)
        totals = {"1": self.totals[1], "2": self.totals[2]}
        self.records.append({
            "deal_end": {"reason": reason, "winner_team": winner, "points": points},
            "totals": totals,
        })
        # UX-3: the hands left are revealed to everyone when the hand ends.
        # The first fields match Mexican Train's deal_end event, so one reveal screen serves all.
        self.history.append(LineDealEnd("deal_end", reason, tuple(counts), tuple(self.totals),
                             tuple(tuple(sorted(h)) for h in self.hands), winner, points))
        self.history.extend(extra)
        self.turn = 0
        winners = self._match_winners()
        if winners:
            self.phase = MATCH_OVER
            self.records.append({"match_end": {"winners": winners, "totals": totals}})
            self.history.append(LineMatchEnd("match_end", tuple(winners), tuple(self.totals),
                                 self._result_name(winners)))
        else:
            self.phase = DEALING

    def _score_hand(self, winner: int | None, rep: int, counts: list[int],
                    key: bool) -> tuple[int, list[Event]]:
        """Score the hand, update the totals and who starts the next; return (points, events)."""
        raise NotImplementedError

    def _match_winners(self) -> list[int]:
        """The winning teams once the match is over (CU-10, JA-8), else []."""
        for team in (1, 2):
            if self.totals[team] >= self.target:
                return [team]
        return []

    def _result_name(self, winners: list[int]) -> str | None:
        return None

    # ------------------------------------------------------------ match flow

    def match_over(self) -> bool:
        return self.phase == MATCH_OVER

    def next_match(self) -> None:
        """A new match at the same table: totals 0, the history kept (CU-12, JA-9)."""
        self.match_no += 1
        self.deal_no = 0
        self.totals = [0, 0, 0]
        self._clear_hand()
        self.phase = self.first_phase
        self.records.append({"match": self.match_no})
        self.history.append(MatchStart("match", self.match_no))
        self._legal = None

    # ------------------------------------------------------------------ view

    def _view_extras(self) -> dict:
        return {"unused": 0, "right_to_lead": None, "pose_required": False}

    def view(self, seat: int) -> PartnershipView:
        if seat not in SEATS:
            raise ValueError(f"no seat {seat} at a 4-player table")
        line = self.line
        to_act = self.to_act()
        return PartnershipView(
            game=self.game, seat=seat, team=team_of(seat), match_no=self.match_no,
            deal_no=self.deal_no, phase=self.phase, to_act=to_act,
            hand=tuple(self.hands[seat]),
            line=line.tiles(),
            left_end=None if line.left < 0 else line.left,
            right_end=None if line.left < 0 else line.right,
            hand_counts=tuple(len(h) for h in self.hands),
            totals=tuple(self.totals),
            leader=self.leader or None,
            passes=self.passes,
            history=freeze(self.history),
            legal=tuple(self.legal_actions()) if to_act == seat else (),
            **self._view_extras(),
        )
