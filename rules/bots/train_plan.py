"""The plan evaluator of the train games' player: plan the personal train, shed the rest
(MT-8..MT-16).  ``rules.bots.train`` chooses with it; the expert's search
(``rules.bots.train_search``) plays out its best plays.

Every candidate action is scored by the position it leaves, seen from the
bot's own view only (UX-4):

- The plan: the best trail from the personal train's open end (a bounded
  search, ``trail.best_trail``).  Tiles on it are safe future plays; tiles off
  it ("orphans") can only go on the Mexican train or a marked train, so they
  cost more and are shed there first, heaviest first.
- Doubles: an orphan double with no other tile of its number in the hand is a
  liability (MT-13 needs a follow-up tile); a double is played with its best
  follow-up in view (the rest of the turn is searched when the level allows).
- No plan left means the next turn may be a draw and a marked train (MT-11),
  which opens the train to everyone (MT-12): that is a cost, and so is a
  marked train that still carries a plan.
- A double left open becomes an obligation (MT-14): it costs the bot when it
  cannot satisfy it itself and probably nobody else can, and it hurts the
  next player when they probably cannot.
- In the first round (MT-8) the chain is played one decision at a time; each
  decision re-plans from the current end, so the bot follows the chain that
  leaves the best hand and stops only when stopping scores better.
- As an opponent nears going out, every pip counts alike (MT-17): the plan's
  discount fades.
"""
from __future__ import annotations

from typing import Iterable

from ..actions import Action
from ..events import SeatEvent, TrainPlay
from ..state import this_deal
from ..tiles import Tile
from ..variants import find_variant
from .levels import Budget, Level
from .trail import best_trail

#: weights of the static evaluation (pips unless said otherwise)
ORPHAN_PIP = 1.0
ORPHAN_TILE = 2.5  # each tile off the plan needs a public end or a draw
PLAN_PIP = 0.35  # plan tiles are safe: a discount that fades near the deal's end
LONE_DOUBLE = 3.0  # an orphan double with no follow-up tile in the hand
MARK_COST = 4.0  # a marked train invites others onto the plan (MT-12)
PLAN_AT_RISK = 0.25  # share of the plan's value lost while the train is marked
HARM_SHARE = 0.5  # how much another player's expected draw is worth to us


def urgency(counts: Iterable[int]) -> float:
    """How close the deal is to ending: 0 (far) .. 1 (next turn, MT-16)."""
    least = min(counts, default=99)
    return {0: 1.0, 1: 0.9, 2: 0.6, 3: 0.3}.get(least, 0.0)


def known_voids(view, passes: bool = False, fresh: bool = False) -> list[set[int]]:
    """Numbers each seat is known to lack, read from this deal's public history (MT-11).

    A draw proves the seat had no legal play: with an obligation open, no tile
    of the oldest double's number (MT-14); otherwise nothing for its own train,
    the Mexican train or a marked train (MT-10).  The drawn tile is either
    played at once or fits nothing either, so the voids are kept; a later draw
    could bring a number back, which this estimate accepts; with ``fresh`` (the table
    reading, issue 31, which states facts) a seat's draw replaces what was known of it, so
    every void it gives is true of the hand.  With ``passes``, a
    pass with no draw before it proves the same: in the first round, no tile of
    the own train's end (MT-8); later, with the boneyard empty, no legal play (MT-11).
    """
    n = view.players
    engine = view.engine
    public = find_variant(view.game).public_train
    ends = [engine] * (n + 1)
    bare = [0] * (n + 1)  # placement number of a double still bare at the train's end
    marked = [False] * (n + 1)
    placed = 0
    voids: list[set[int]] = [set() for _ in range(n + 1)]
    last_play: tuple | None = None
    first_turns = 0  # first turns over (MT-8): the first round lasts until every seat had one
    drew = 0  # the seat whose draw came last, until its turn ends
    for entry in this_deal(view.history):
        kind = entry.kind
        if entry.kind == "pass" and passes and drew != entry.seat:
            if first_turns < n:
                voids[entry.seat].add(ends[entry.seat])
            else:
                kind = "draw"  # the boneyard was empty: the same proof as a draw
        if entry.kind in ("pass", "end_chain"):
            first_turns += 1
            drew = 0
        elif entry.kind == "draw":
            drew = entry.seat
        elif entry.kind == "play" and first_turns >= n:
            drew = 0
        if isinstance(entry, TrainPlay):  # kind == "play"
            s, t, train = entry.seat, entry.tile, entry.train
            ti = 0 if train == public else int(train)
            ends[ti] = t[1] if t[0] == ends[ti] else t[0]
            placed += 1
            bare[ti] = placed if t[0] == t[1] else 0
            if ti == s:
                marked[s] = False
            last_play = (s, t)
        elif kind == "draw" and isinstance(entry, SeatEvent):  # a draw, or a pass that proves as much
            s = entry.seat
            extra = last_play is not None and last_play[0] == s and last_play[1][0] == last_play[1][1]
            opened = [(bare[ti], ti) for ti in range(n + 1) if bare[ti]]
            if opened and not extra:
                lacking = {ends[min(opened)[1]]}
            else:
                lacking = {ends[0], ends[s]} | {ends[i] for i in range(1, n + 1) if marked[i]}
            if fresh and entry.kind == "draw":
                voids[s] = set(lacking)  # the drawn tile may carry what was known missing
            else:
                voids[s] |= lacking
        if entry.kind in ("pass", "end_chain"):
            last_play = None
        elif entry.kind == "mark":
            marked[entry.seat] = True
    return voids


class Position:
    """What the bot knows at one decision, plus caches for one decision."""

    def __init__(self, view, lvl: Level, budget: Budget) -> None:
        self.view = view
        variant = find_variant(view.game)
        if variant.public_train is None:
            raise ValueError(f"the train player needs a public train, and {view.game!r} has none")
        #: the key of the train everyone may play on (internally index 0)
        self.public: str = variant.public_train
        self.lvl = lvl
        self.budget = budget
        self.seat = view.seat
        self.n = view.players
        self.hand = tuple(view.hand)
        self.ends = [tr.open_end for tr in view.trains]
        self.marked = [tr.marked for tr in view.trains]
        seen = set(self.hand)
        for tr in view.trains:
            seen.update(tr.tiles)
        engine_tile = (view.engine, view.engine)
        self.unseen = [t for t in variant.full_set if t not in seen and t != engine_tile]
        u = len(self.unseen)
        self.avg_pips = (sum(a + b for a, b in self.unseen) / u) if u else 6.0
        others = [view.hand_counts[s] for s in range(1, self.n + 1) if s != self.seat]
        self.urg = urgency(others)
        self.voids = known_voids(view) if lvl.lookahead else [set() for _ in range(self.n + 1)]
        plan_pip = PLAN_PIP + (ORPHAN_PIP - PLAN_PIP) * self.urg
        self.plan_pip = plan_pip
        gain = ORPHAN_PIP - plan_pip
        self.tile_value = lambda t: gain * (t[0] + t[1]) + ORPHAN_TILE
        self._trails: dict[tuple[int, frozenset], tuple[Tile, ...]] = {}

    # ------------------------------------------------------------ knowledge

    def unseen_with(self, x: int) -> int:
        return sum(1 for t in self.unseen if t[0] == x or t[1] == x)

    def p_lacks(self, x: int, held: int) -> float:
        """Chance that a hidden hand of ``held`` tiles has no tile with ``x``."""
        u = len(self.unseen)
        k = self.unseen_with(x)
        if k == 0 or u == 0:
            return 1.0
        p = 1.0
        for i in range(min(held, u)):
            p *= max(0.0, (u - k - i) / (u - i))
        return p

    def seat_lacks(self, x: int, seat: int) -> float:
        """Chance that ``seat`` has no tile with ``x``: certain after its draws showed it."""
        if x in self.voids[seat]:
            return 1.0
        return self.p_lacks(x, self.view.hand_counts[seat])

    def trail(self, end: int, hand: tuple[Tile, ...]) -> tuple[Tile, ...]:
        key = (end, frozenset(hand))
        got = self._trails.get(key)
        if got is None:
            limit = max(len(hand) + 1, min(self.lvl.trail_nodes, self.budget.left))
            got, spent = best_trail(end, hand, self.tile_value, limit)
            self.budget.left -= spent
            self._trails[key] = got
        return got

    # ------------------------------------------------------------ evaluation

    def value(self, hand: tuple[Tile, ...], ends: list[int], marked: list[bool],
              open_doubles: list[int], in_turn: bool = False) -> float:
        """Higher is better: minus the expected cost of what is left in hand."""
        if not hand:
            return 1000.0  # out: the deal ends with nothing against us (MT-17)
        own = self.seat
        plan = self.trail(ends[own], hand)
        on_plan = set(plan)
        cost = self.plan_pip * sum(a + b for a, b in plan)
        public = {ends[0]} | {ends[i] for i in range(1, self.n + 1) if i != own and marked[i]}
        nums: dict[int, int] = {}
        for a, b in hand:
            nums[a] = nums.get(a, 0) + 1
            if b != a:
                nums[b] = nums.get(b, 0) + 1
        for t in hand:
            if t in on_plan:
                continue
            a, b = t
            cost += ORPHAN_PIP * (a + b) + ORPHAN_TILE
            if a == b and nums[a] == 1:
                cost += LONE_DOUBLE + 0.25 * (a + b)
        if not plan:
            # MT-11: nothing for the own train; a public end may still take a tile.
            if not any(t[0] in public or t[1] in public for t in hand):
                cost += self.avg_pips * 0.5 + MARK_COST
            else:
                cost += MARK_COST * 0.25
        if marked[own]:
            cost += MARK_COST * 0.5 + PLAN_AT_RISK * sum(self.tile_value(t) for t in plan)
        for x in open_doubles:
            cost += self._open_double_cost(x, nums)
        return -cost

    def _open_double_cost(self, x: int, nums: dict[int, int]) -> float:
        """MT-14: an open double binds everyone, the bot included, until satisfied."""
        draw_cost = self.avg_pips * 0.5 + MARK_COST * 0.5
        nxt = self.seat % self.n + 1
        harm = HARM_SHARE * self.seat_lacks(x, nxt) * draw_cost
        if nums.get(x, 0):
            return -harm  # we can satisfy it ourselves when it comes back
        p_all_lack = 1.0
        for s in range(1, self.n + 1):
            if s != self.seat:
                p_all_lack *= self.seat_lacks(x, s)
        return p_all_lack * draw_cost * 1.5 - harm


def _after_play(pos: Position, hand: tuple[Tile, ...], ends: list[int], marked: list[bool],
                open_: list[int], t: Tile, train: int | str):
    ti = 0 if train == pos.public else int(train)
    hand2 = list(hand)
    hand2.remove(t)
    ends2 = list(ends)
    e = ends2[ti]
    ends2[ti] = t[1] if t[0] == e else t[0]
    marked2 = list(marked)
    if ti == pos.seat:
        marked2[ti] = False  # MT-12
    open2 = [d for d in open_ if d != ti]
    if t[0] == t[1]:
        open2.append(ti)
    return tuple(hand2), ends2, marked2, open2


def _normal_plays(pos: Position, hand: tuple[Tile, ...], ends: list[int], marked: list[bool]) -> list[tuple[Tile, int | str]]:
    """MT-10: own train, marked trains and the public train."""
    targets = [0, pos.seat] + [i for i in range(1, pos.n + 1) if i != pos.seat and marked[i]]
    public = pos.public
    out = []
    for t in hand:
        for ti in targets:
            if ends[ti] == t[0] or ends[ti] == t[1]:
                out.append((t, public if ti == 0 else ti))
    return out


def _score(pos: Position, hand, ends, marked, open_: list[int], t: Tile, train, first_round: bool,
           depth: int) -> float:
    hand2, ends2, marked2, open2 = _after_play(pos, hand, ends, marked, open_, t, train)
    doubles = [ends2[ti] for ti in open2]
    if first_round or not hand2 or t[0] != t[1]:
        return pos.value(hand2, ends2, marked2, doubles if not first_round else [])
    # MT-13: a double needs one more tile this turn.
    if depth > 0 and pos.budget.left > 0:
        follow = _normal_plays(pos, hand2, ends2, marked2)
        if follow:
            return max(_score(pos, hand2, ends2, marked2, open2, f, ft, False, depth - 1)
                       for f, ft in follow)
    elif any(ends2[ti] in t2 for t2 in hand2 for ti in [0, pos.seat]):
        return pos.value(hand2, ends2, marked2, doubles) + 1.0
    # no follow-up: one draw, then most likely a pass and a marked train (MT-11).
    marked2 = list(marked2)
    marked2[pos.seat] = True
    return pos.value(hand2, ends2, marked2, doubles) - pos.avg_pips * 0.7


def rank(view, lvl: Level) -> list[tuple[float, Action]]:
    """Every legal action with its plan score, best first (MT-8..MT-16); ties keep a fixed order."""
    pos = Position(view, lvl, Budget(lvl.nodes))
    ends, marked = pos.ends, pos.marked
    open_ = list(_obligation_indices(view))
    if view.extra:
        open_.append(_last_double_train(view))  # MT-13: the double just played is still bare
    depth = lvl.lookahead
    scored: list[tuple[float, Action]] = []
    for a in sorted(view.legal, key=_order):
        if a.kind == "play":
            s = _score(pos, pos.hand, ends, marked, open_, a.tile, a.train, view.first_round, depth)
        elif a.kind == "end_chain":
            # MT-8/MT-9: a double left at the end waits for the first round to finish.
            last_double = [pos.seat] if _ends_on_double(view) else []
            s = pos.value(pos.hand, ends, marked, [ends[i] for i in last_double])
        else:
            s = -1e9  # draw or pass are only ever legal alone
        scored.append((s, a))
    scored.sort(key=lambda sa: -sa[0])  # stable: ties keep the fixed order
    return scored


def _order(a: Action) -> tuple:
    return (a.kind, a.tile or (), str(a.train))


def _obligation_indices(view) -> list[int]:
    public = find_variant(view.game).public_train
    return [0 if k == public else int(k) for k in view.obligations]


def _last_double_train(view) -> int:
    public = find_variant(view.game).public_train
    for entry in reversed(view.history):
        if isinstance(entry, TrainPlay) and entry.seat == view.seat:
            return 0 if entry.train == public else int(entry.train)
    raise ValueError("an extra tile is due but the history shows no double")


def _ends_on_double(view) -> bool:
    tiles = view.train(view.seat).tiles
    return bool(tiles) and tiles[-1][0] == tiles[-1][1]
