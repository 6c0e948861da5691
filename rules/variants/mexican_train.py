"""Mexican Train, Pagat's version with a double-twelve set (MT-1..MT-20).

The state machine of one session of matches at one table.  Seats are 1..N and
trains are keyed by their owner's seat, or ``"mexican"`` for the public train
(internally index 0).  Everything a seat may do is in ``legal_actions()``;
``apply_action`` trusts that the action came from there (``Session.apply``
checks it).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import DRAW, END_CHAIN, PASS, Action
from ..chance import Deal, check_partition, deal_shuffled
from ..errors import ConfigError, InvalidDealError
from ..events import (EngineFound, Event, MatchStart, SeatEvent, TrainDeal, TrainDealEnd, TrainMatchEnd,
                      TrainPlay)
from ..public_history import History, freeze, share
from ..rng import shuffle, stream
from ..state import TRAINS, Variant, shallow_copy, this_deal
from ..tiles import Tile, double_set, tile

GAME = "mexican_train"
MIN_PLAYERS, MAX_PLAYERS = 2, 10
TOP = 12
DEALS_PER_MATCH = 13
FULL_SET = double_set(TOP)
MEXICAN = "mexican"

#: MT-2: tiles dealt to each player by table size.
HAND_SIZE = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}

# phases
DEALING = "deal"  # a chance step: the next deal is due
PLAYING = "play"
MATCH_OVER = "match_over"


def train_key(index: int) -> int | str:
    return MEXICAN if index == 0 else index


def train_index(key: int | str) -> int:
    return 0 if key == MEXICAN else int(key)


def engine_of(deal_no: int) -> int:
    """MT-3: deal k uses the engine double (13-k)|(13-k)."""
    return DEALS_PER_MATCH - deal_no


def search_seat(deal_no: int, players: int) -> int:
    """MT-5: the start search begins at seat ((k-1) mod N) + 1 in deal k."""
    return (deal_no - 1) % players + 1


@dataclass(frozen=True)
class TrainView:
    key: int | str
    tiles: tuple[Tile, ...]
    #: Each placed tile's numbers in line order, station side first.
    placed: tuple[tuple[int, int], ...]
    open_end: int
    marked: bool


@dataclass(frozen=True)
class MexicanTrainView:
    """What one seat may know (UX-4): nothing of other hands or the boneyard order."""

    game: str
    seat: int
    players: int
    match_no: int
    deal_no: int
    engine: int
    phase: str
    to_act: int | None
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]  # index 0 unused, per seat 1..N
    boneyard: int
    trains: tuple[TrainView, ...]  # the Mexican train first, then seats 1..N
    obligations: tuple[int | str, ...]  # train keys, oldest double first
    first_round: bool
    chain: int
    drawn: bool
    extra: bool
    totals: tuple[int, ...]
    history: Sequence[Event]  # a FrozenHistory: compares and prints like a tuple
    legal: tuple[Action, ...]

    def train(self, key: int | str) -> TrainView:
        return self.trains[train_index(key)]


class MexicanTrain(Variant):
    """One table of Mexican Train: deals, turns, trains, markers and totals."""

    game = GAME
    order = 1
    title = "Mexican Train"
    rule_prefix, rule_count = "MT", 20
    family = TRAINS
    players = (MIN_PLAYERS, MAX_PLAYERS)
    top = TOP
    full_set = FULL_SET
    has_trains = True  # MT-10..MT-12
    public_train = MEXICAN
    #: 10 pips (MT-17), about one tile's weight
    coach_scale = 10.0
    #: too many tiles for the solver: the coach plays the deal out (``coach_result``)
    coach = "played_out"

    def __init__(self, players: int) -> None:
        if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise ConfigError(f"Mexican Train needs 2 to 10 players, not {players!r}")
        self.n = players
        self.match_no = 1
        self.deal_no = 0
        self.totals = [0] * (players + 1)
        self.phase = DEALING
        #: transcript records that are not decisions (TRANSCRIPT.md).
        self.records: list[dict] = [{"match": 1}]
        #: the public history: every entry is visible to every seat.
        self.history: History = History([MatchStart("match", 1)])
        self._legal: list[Action] | None = None
        self._clear_deal()

    @classmethod
    def coach_result(cls, state: Any, seat: int) -> float:
        """MT-17: the pips left in ``seat``'s hand, negated (fewer is better)."""
        return -sum(a + b for a, b in state.hands[seat])

    def _clear_deal(self) -> None:
        n = self.n
        self.engine = TOP
        self.hands: list[list[Tile]] = [[] for _ in range(n + 1)]
        self.stock: list[Tile] = []
        self.pos = 0
        self.ends = [self.engine] * (n + 1)
        self.marked = [False] * (n + 1)
        self.trains: list[list[Tile]] = [[] for _ in range(n + 1)]
        self.open_double = [-1] * (n + 1)
        self.placed = 0
        self.turn = 0
        self.first_round = True
        self.first_done = 0
        self.chain = 0
        self.drawn = False
        self.extra = False
        self.obligations: list[int] = []

    @classmethod
    def world(cls, view: MexicanTrainView, hands: list[list[Tile]], stock: list[Tile]) -> "MexicanTrain":
        """The state for ``view`` with the hidden tiles given (MT-8..MT-14): the bots' sampled worlds."""
        n = view.players
        st = cls.__new__(cls)
        st.n = n
        st.match_no, st.deal_no = view.match_no, view.deal_no
        st.totals = list(view.totals)
        st.phase = PLAYING
        st.records, st.history = [], History()
        st._legal = None
        st.engine = view.engine
        st.hands = hands
        st.stock, st.pos = stock, 0
        st.ends = [tr.open_end for tr in view.trains]
        st.marked = [tr.marked for tr in view.trains]
        st.trains = [list(tr.tiles) for tr in view.trains]
        placed, open_double, holder = _placements(view)
        st.placed, st.open_double = placed, open_double
        to_act: Any = view.to_act  # a seat that decides: the worlds are sampled for it
        st.turn = to_act
        st.first_round = view.first_round
        st.first_done = (to_act - holder) % n if view.first_round else n
        st.chain, st.drawn, st.extra = view.chain, view.drawn, view.extra
        st.obligations = [train_index(k) for k in view.obligations]
        return st

    def clone(self) -> "MexicanTrain":
        other = shallow_copy(self)
        other.totals = list(self.totals)
        other.records = list(self.records)
        other.history = share(self.history)  # shared until one of them appends (issue 29)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.ends = list(self.ends)
        other.marked = list(self.marked)
        other.trains = [list(t) for t in self.trains]
        other.open_double = list(self.open_double)
        other.obligations = list(self.obligations)
        other._legal = None
        return other

    # ----------------------------------------------------------- chance steps

    def chance(self) -> str | None:
        return "deal" if self.phase == DEALING else None

    def hand_sizes(self) -> list[int]:
        return [HAND_SIZE[self.n]] * self.n

    def sample_chance(self, seed: int) -> Deal:
        """MT-2: shuffle the 91 tiles from the match seed and deal."""
        rng = stream(seed, GAME, self.match_no, self.deal_no + 1)
        tiles = list(FULL_SET)
        shuffle(rng, tiles)
        return deal_shuffled(tiles, self.n, HAND_SIZE[self.n])

    def apply_chance(self, outcome: object) -> None:
        if self.phase != DEALING or not isinstance(outcome, Deal):
            raise InvalidDealError("no deal is due now")
        check_partition(outcome, FULL_SET, self.hand_sizes())
        self._start_deal(outcome)

    def _start_deal(self, deal: Deal) -> None:
        self._clear_deal()
        self.deal_no += 1
        n = self.n
        engine = self.engine = engine_of(self.deal_no)
        self.ends = [engine] * (n + 1)
        no_hand: list[Tile] = []  # seat 0 does not exist
        hands = self.hands = [no_hand] + [list(h) for h in deal.hands]
        stock = self.stock = list(deal.stock)
        self.records.append({
            "deal": self.deal_no,
            "hands": {str(s): [list(t) for t in hands[s]] for s in range(1, n + 1)},
            "stock": [list(t) for t in stock],
            "engine": engine,
        })
        self.history.append(TrainDeal("deal", self.deal_no, engine))
        double = tile(engine, engine)
        holder = self._holder(double)
        if holder == 0:
            holder = self._start_search(double)
        hands[holder].remove(double)
        self.history.append(EngineFound("engine", holder, double))
        self.turn = holder
        self.phase = PLAYING
        self._legal = None

    def _holder(self, double: Tile) -> int:
        for seat in range(1, self.n + 1):
            if double in self.hands[seat]:
                return seat
        return 0

    def _start_search(self, double: Tile) -> int:
        """MT-5: draw in complete, equal groups from the search seat until the engine shows."""
        n = self.n
        first = search_seat(self.deal_no, n)
        order = [(first - 1 + i) % n + 1 for i in range(n)]
        while True:
            remaining = len(self.stock) - self.pos
            group = order if remaining >= n else order[:remaining]
            for seat in group:
                self.hands[seat].append(self.stock[self.pos])
                self.pos += 1
                self.history.append(SeatEvent("search", seat))
            holder = self._holder(double)
            if holder:
                return holder
            if self.pos >= len(self.stock):
                raise InvalidDealError(f"the engine {double} is in no hand after the start search")

    # -------------------------------------------------------------- decisions

    def to_act(self) -> int | None:
        return self.turn if self.phase == PLAYING else None

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal() if self.phase == PLAYING else []
        return self._legal

    def _compute_legal(self) -> list[Action]:
        s = self.turn
        hand = self.hands[s]
        ends = self.ends
        if self.first_round:
            # MT-8: a chain on the player's own train only; stop is explicit.
            e = ends[s]
            acts = [Action("play", t, s) for t in hand if t[0] == e or t[1] == e]
            if self.chain:
                acts.append(END_CHAIN)
            elif not acts:
                acts = [PASS]
            return acts
        if self.obligations:
            # MT-14: only the oldest open double may be played on.
            ti = self.obligations[0]
            e = ends[ti]
            key = train_key(ti)
            acts = [Action("play", t, key) for t in hand if t[0] == e or t[1] == e]
        else:
            # MT-10: own train, marked trains, and the Mexican train.
            by_end: dict[int, list[int | str]] = {}
            marked = self.marked
            for ti in range(self.n + 1):
                if ti == 0 or ti == s or marked[ti]:
                    by_end.setdefault(ends[ti], []).append(MEXICAN if ti == 0 else ti)
            acts = []
            for t in hand:
                a, b = t
                keys = by_end.get(a)
                if keys:
                    acts.extend([Action("play", t, k) for k in keys])
                if b != a:
                    keys = by_end.get(b)
                    if keys:
                        acts.extend([Action("play", t, k) for k in keys])
        if acts:
            return acts
        # MT-11: one draw per required play, then pass and mark.
        if not self.drawn and self.pos < len(self.stock):
            return [DRAW]
        return [PASS]

    def apply_action(self, action: Action) -> None:
        s = self.turn
        kind = action.kind
        self._legal = None
        if kind == "play":
            t = action.tile
            assert t is not None and action.train is not None  # legal plays name both
            ti = train_index(action.train)
            self.hands[s].remove(t)
            e = self.ends[ti]
            self.ends[ti] = t[1] if t[0] == e else t[0]
            self.trains[ti].append(t)
            self.placed += 1
            double = t[0] == t[1]
            self.open_double[ti] = self.placed if double else -1
            self.drawn = False
            self.history.append(TrainPlay("play", s, t, action.train))
            if ti == s and self.marked[s]:
                # MT-12: only the owner's own play lifts the marker.
                self.marked[s] = False
                self.history.append(SeatEvent("unmark", s))
            if not self.hands[s]:
                self._end_turn()  # MT-15: an empty hand ends the turn at once
            elif self.first_round:
                self.chain += 1
            elif double:
                self.extra = True  # MT-13
            else:
                self._end_turn()
        elif kind == "draw":
            self.hands[s].append(self.stock[self.pos])
            self.pos += 1
            self.drawn = True
            self.history.append(SeatEvent("draw", s))
        elif kind == "pass":
            self.history.append(SeatEvent("pass", s))
            if not self.marked[s]:
                self.marked[s] = True
                self.history.append(SeatEvent("mark", s))
            self._end_turn()
        elif kind == "end_chain":
            self.history.append(SeatEvent("end_chain", s))
            self._end_turn()
        else:  # pragma: no cover - Session.apply only passes legal actions
            raise ValueError(kind)

    def _end_turn(self) -> None:
        self.chain = 0
        self.drawn = False
        self.extra = False
        if self.first_round:
            self.first_done += 1
            if self.first_done == self.n:
                self.first_round = False  # MT-9: the first round is over
        if not self.first_round:
            if any(not self.hands[s] for s in range(1, self.n + 1)):
                self._finish("out")
                return
            # MT-14: doubles still at a train's end, oldest placement first.
            self.obligations = [ti for _, ti in sorted(
                (od, ti) for ti, od in enumerate(self.open_double) if od >= 0)]
            if self.pos >= len(self.stock) and self._blocked():
                self._finish("block")
                return
        self.turn = self.turn % self.n + 1

    def _blocked(self) -> bool:
        """MT-16 (b): no tile in any hand could ever be legally played."""
        hands = self.hands[1:]
        if self.obligations:
            e = self.ends[self.obligations[0]]
            return not any(t[0] == e or t[1] == e for h in hands for t in h)
        ends = set(self.ends)
        return not any(t[0] in ends or t[1] in ends for h in hands for t in h)

    def _finish(self, reason: str) -> None:
        """MT-16/MT-17: every player adds the pips left in their hand."""
        n = self.n
        penalties = [0] + [sum(t[0] + t[1] for t in self.hands[s]) for s in range(1, n + 1)]
        for s in range(1, n + 1):
            self.totals[s] += penalties[s]
        self.records.append({
            "deal_end": {"reason": reason,
                         "penalties": {str(s): penalties[s] for s in range(1, n + 1)}},
            "totals": self.seat_totals(),
        })
        self.history.append(TrainDealEnd("deal_end", reason, tuple(penalties), tuple(self.totals),
                             tuple(tuple(sorted(h)) for h in self.hands)))
        self.turn = 0
        self.obligations = []
        if self.deal_no >= DEALS_PER_MATCH:
            self.phase = MATCH_OVER
            winners = self.winners()
            self.records.append({"match_end": {"winners": winners, "totals": self.seat_totals()}})
            self.history.append(TrainMatchEnd("match_end", tuple(winners), tuple(self.totals)))
        else:
            self.phase = DEALING

    def seat_totals(self) -> dict[str, int]:
        return {str(s): self.totals[s] for s in range(1, self.n + 1)}

    def winners(self) -> list[int]:
        """MT-18: the lowest total wins; equal lowest totals share the win."""
        best = min(self.totals[1:])
        return [s for s in range(1, self.n + 1) if self.totals[s] == best]

    # ------------------------------------------------------------ match flow

    def match_over(self) -> bool:
        return self.phase == MATCH_OVER

    def next_match(self) -> None:
        """MT-20: 12-12 again with every total at zero; the history is kept."""
        self.match_no += 1
        self.deal_no = 0
        self.totals = [0] * (self.n + 1)
        self._clear_deal()
        self.phase = DEALING
        self.records.append({"match": self.match_no})
        self.history.append(MatchStart("match", self.match_no))
        self._legal = None

    # ------------------------------------------------------------------ view

    def view(self, seat: int) -> MexicanTrainView:
        n = self.n
        if not (1 <= seat <= n):
            raise ValueError(f"no seat {seat} at a {n}-player table")
        trains = tuple(
            TrainView(train_key(ti), tuple(self.trains[ti]), self._placed(ti),
                      self.ends[ti], self.marked[ti])
            for ti in range(n + 1)
        )
        to_act = self.to_act()
        return MexicanTrainView(
            game=GAME, seat=seat, players=n, match_no=self.match_no, deal_no=self.deal_no,
            engine=self.engine, phase=self.phase, to_act=to_act,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands),
            boneyard=len(self.stock) - self.pos,
            trains=trains,
            obligations=tuple(train_key(ti) for ti in self.obligations),
            first_round=self.first_round, chain=self.chain,
            drawn=self.drawn if to_act == seat else False,
            extra=self.extra,
            totals=tuple(self.totals), history=freeze(self.history),
            legal=tuple(self.legal_actions()) if to_act == seat else (),
        )

    def _placed(self, ti: int) -> tuple[tuple[int, int], ...]:
        out = []
        end = self.engine
        for t in self.trains[ti]:
            far = t[1] if t[0] == end else t[0]
            out.append((end, far))
            end = far
        return tuple(out)


def _placements(view: MexicanTrainView) -> tuple[int, list[int], int]:
    """Plays so far this deal, each train's bare double's placement number, the engine's holder."""
    placed, holder = 0, 1
    open_double = [-1] * (view.players + 1)
    for entry in this_deal(view.history):
        if isinstance(entry, TrainPlay):
            placed += 1
            t = entry.tile
            open_double[train_index(entry.train)] = placed if t[0] == t[1] else -1
        elif isinstance(entry, EngineFound):  # kind == "engine"
            holder = entry.seat
    return placed, open_double, holder
