"""An exact solver of a Cuban or Jamaican hand with every hand known (CU-6..CU-8, JA-4..JA-6).

The game: one two-ended line, seats 1 and 3 against 2 and 4, a tile that fits
an open end or the forced pass (CU-6, JA-4); a hand ends when a seat goes out
or after four passes in a row, and a block is won by the lowest *individual*
count, a tie when both teams share it (CU-7, JA-5).

The solver knows every hand (it is the referee's view, or one sampled deal of
the expert player), so it is a plain two-team zero-sum game: negamax with
alpha-beta and a transposition table.  Only the numbers on the two ends matter,
not which end is which, so positions are keyed by the unordered pair.

The objective is explicit (``Objective``): a hand won is worth ``win`` plus
``point`` times the hand's points, a tie 0, a hand lost the negative.
- Cuban (CU-8): points are the two opponents' pips; the default counts points
  only, so the value is the point difference of the hand.
- Jamaican (JA-6): 1 point, 2 for the key tile; the default adds 1 for the win
  itself (a win is 2, a key win 3): hands won are the main objective.

Every search step costs one node of a ``Budget`` (never the clock, UX-4); when
it runs out ``SolverBudgetExceeded`` is raised, so an answer is always exact.

``solve(position_or_state, budget) -> (value, best_actions)``;
``action_values`` gives the exact value of every legal action (the coach grades
a decision by it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..actions import PASS, Action, placement
from ..line import PLAY, PLAY_L, PLAY_R
from ..tiles import Tile
from ..state import LINE
from ..variants import VARIANTS, find_variant, of_family
from .levels import Budget


class SolverBudgetExceeded(Exception):
    """The position needs more nodes than the budget allows."""


@dataclass(frozen=True)
class Objective:
    """What a hand is worth to the team that wins it: ``win + point * points`` (tie 0)."""

    win: int
    point: int

    def value(self, points: int) -> int:
        return self.win + self.point * points


#: the default objectives (``Variant.solver_objective``): Cuban's point difference (CU-8),
#: Jamaican's hands won first (JA-6)
OBJECTIVES: dict[str, Objective] = {v.game: Objective(*v.solver_objective) for v in of_family(LINE)}


@dataclass(frozen=True)
class Position:
    """A hand in play with every hand known: what the solver searches.

    ``hands[s]`` is seat s's hand (index 0 unused); ``ends`` the open ends
    (None before the first tile); ``pose`` a tile the first play must be (JA-2).
    Cuban's unused tiles are in no hand and never matter (CU-3).
    """

    game: str
    hands: tuple[tuple[Tile, ...], ...]
    ends: tuple[int, int] | None
    turn: int
    passes: int = 0
    pose: Tile | None = None
    objective: Objective | None = field(default=None, compare=False)

    @classmethod
    def from_state(cls, state, objective: Objective | None = None) -> "Position":
        """The position of a ``Cuban`` or ``Jamaican`` state in its play phase."""
        if state.phase != PLAY:
            raise ValueError(f"the solver needs a hand in play, not the {state.phase!r} phase")
        line = state.line
        pose = None
        if line.empty and getattr(state, "pose_required", False):
            pose = find_variant(state.game).pose_tile
        return cls(state.game, tuple(tuple(h) for h in state.hands), line.ends(), state.turn,
                   state.passes, pose, objective)


def _plays(hand: tuple[Tile, ...], ends: tuple[int, int] | None, pose: Tile | None) -> list[Action]:
    """CU-6, JA-4 in the engine's order (``Line.plays``): L then R per tile, else the pass."""
    if ends is None:
        acts = [PLAY_L[t] for t in hand if pose is None or t == pose]
    else:
        left, right = ends
        acts = []
        for t in hand:
            if left in t:
                acts.append(PLAY_L[t])
            if right in t:
                acts.append(PLAY_R[t])
    return acts or [PASS]


class _Search:
    """One solver run: the tiles as bits, the hands as bitmasks, the table, the budget.

    The search itself is a closure (``_negamax``): its state lives in local cells, which
    Python reads faster than attributes, and a node is what the expert's budget counts, so
    its cost is the expert's decision time (issue 16).  A run that raised
    ``SolverBudgetExceeded`` is spent: its hands are left mid-search.
    """

    def __init__(self, pos: Position, budget: Budget) -> None:
        variant = VARIANTS.get(pos.game)
        if variant is None or variant.family != LINE:
            raise ValueError(f"the solver plays the games on one line, not {pos.game!r}")
        top = variant.top
        # the tiles in the hands, indexed by the move order: the highest index is tried first
        # (doubles, then heavy).  Only these can be played, and so few bits keep every mask
        # a one-digit Python int
        held = {t for h in pos.hands[1:] for t in h}
        order = sorted(held, key=lambda t: (t[0] == t[1], t[0] + t[1], t))
        self.tiles = order
        self.index = {t: i for i, t in enumerate(order)}
        self.low = [t[0] for t in order]
        self.high = [t[1] for t in order]
        self.pip = [t[0] + t[1] for t in order]
        self.num = [0] * (top + 1)
        for i, (a, b) in enumerate(order):
            self.num[a] |= 1 << i
            self.num[b] |= 1 << i
        self.key_game = variant.key_tile  # JA-6: every tile is dealt, so hands tell the line
        self.pip_points = variant.pip_points  # CU-7, CU-8
        obj = pos.objective or OBJECTIVES[pos.game]
        self.win, self.point = obj.win, obj.point
        self.masks = [0] * 5
        self.pips = [0] * 5
        for s in range(1, 5):
            for t in pos.hands[s]:
                self.masks[s] |= 1 << self.index[t]
                self.pips[s] += t[0] + t[1]
        # the table's key holds all four hands in one number: seat s's tiles at bits
        # shift[s] + index (the hands are disjoint, so it is exact)
        n = len(order)
        self.shift = [0, 0, n, 2 * n, 3 * n]
        self.budget = budget
        #: one number a position (``_negamax``) -> (bound flag, value, best tile index)
        self.table: dict[int, tuple[int, int, int]] = {}
        self.negamax = self._negamax()

    def hands_key(self) -> int:
        """The four hands as the one number the table is keyed by."""
        return sum(self.masks[s] << self.shift[s] for s in range(1, 5))

    # ---------------------------------------------------------------- results

    def _won(self, seat: int, key: bool) -> int:
        """The value for ``seat``'s team of going out (CU-8, JA-6)."""
        if self.pip_points:
            o = seat % 4 + 1
            points = self.pips[o] + self.pips[(o + 1) % 4 + 1]
        else:
            points = 2 if key else 1
        return self.win + self.point * points

    def _block(self, seat: int) -> int:
        """CU-7, JA-5: the value of a blocked hand for ``seat``'s team."""
        p = self.pips
        best = min(p[1], p[2], p[3], p[4])
        mine = p[seat] == best or p[(seat + 1) % 4 + 1] == best
        o = seat % 4 + 1
        theirs = p[o] == best or p[(o + 1) % 4 + 1] == best
        if mine == theirs:
            return 0
        if self.pip_points:
            loser = o if mine else seat
            points = p[loser] + p[(loser + 1) % 4 + 1]
        else:
            points = 1
        v = self.win + self.point * points
        return v if mine else -v

    def out_value(self, seat: int, i: int, left: int, right: int) -> int:
        """The value for ``seat``'s team of going out with tile ``i`` on ends (left, right).

        Called with the tile already taken from the hand.
        """
        key = False
        if self.key_game:
            a, b = self.low[i], self.high[i]
            m = self.masks
            # JA-6: the key is the last tile of two different hard ends; every other tile
            # of those numbers is on the table, so no hand holds one
            key = a != b and {a, b} == {left, right} and not (
                (m[1] | m[2] | m[3] | m[4]) & (self.num[a] | self.num[b]))
        return self._won(seat, key)

    # ----------------------------------------------------------------- search

    def _negamax(self) -> Callable[[int, int, int, int, int, int, int], int]:
        """The search, as a closure over this run's hands, table and node count."""
        masks, pips, pip, num, low, high = self.masks, self.pips, self.pip, self.num, self.low, self.high
        table, budget = self.table, self.budget
        out_value, block = self.out_value, self._block
        bits = [[1 << (i + sh) for i in range(len(pip))] for sh in self.shift]
        after = [0, 2, 3, 4, 1]
        nodes = 0
        # the rest of the table's key above the hands' bits: the unordered pair of ends
        # (index -1, the empty line, is the last row) and the seat to act with its passes
        above = 4 * len(pip)
        numbers = len(num)
        ends_key = [[(min(a, b) * (numbers + 1) + max(a, b) + 1) << (above + 5) for b in range(numbers)] + [0]
                    for a in range(numbers)] + [[0] * (numbers + 1)]
        turn_key = [[(s * 4 + p) << above for p in range(4)] for s in range(5)]

        def negamax(seat: int, left: int, right: int, passes: int, alpha: int, beta: int,
                    hands: int) -> int:
            """The value of the position for the team of ``seat``, who is to act (fail-soft).

            ``hands``: the four hands' key (``hands_key``).  Only the numbers on the two
            ends matter, not which end is which, so positions are keyed by the unordered
            pair.  The hot loop: the plays, their order and the step into each are
            written out here.
            """
            nonlocal nodes
            # a seat that cannot play passes (CU-6, JA-4): a node of its own, but never in
            # the table (the same position always passes), so the chain of passes is
            # walked here, the window and the sign turned at each, not recursed into
            sign = 1
            while True:
                if nodes <= 0:
                    raise SolverBudgetExceeded
                nodes -= 1
                hand = masks[seat]
                nxt = after[seat]
                if left < 0:
                    break
                m = hand & (num[left] | num[right])
                if m:
                    break
                if passes == 3:  # CU-7, JA-4: the fourth pass in a row blocks the hand
                    return sign * block(seat)
                seat, passes, alpha, beta, sign = nxt, passes + 1, -beta, -alpha, -sign
            key = hands | ends_key[left][right] | turn_key[seat][passes]
            hit = table.get(key)
            first = -1
            if hit is not None:
                flag, v, first = hit
                if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                    return sign * v
            # the distinct plays (tile, new left, new right), highest tile index first
            if left < 0:
                m = hand
                kids = []
                while m:
                    i = m.bit_length() - 1
                    m ^= 1 << i
                    kids.append((i, low[i], high[i]))
            else:
                kids = []
                while m:
                    i = m.bit_length() - 1
                    m ^= 1 << i
                    a = low[i]
                    b = high[i]
                    if a == left or b == left:
                        nl = b if a == left else a
                        kids.append((i, nl, right))
                        if a == right or b == right:
                            far = b if a == right else a
                            # with equal ends, or a tile joining both, the two placements
                            # may leave the same pair
                            if not ((left == nl and far == right) or (left == right and far == nl)):
                                kids.append((i, left, far))
                    else:
                        kids.append((i, left, b if a == right else a))
            n = len(kids)
            if n > 1:
                # the table's best first, then plays the next seat cannot follow, then the
                # move order (the sort is stable; two plays, the most common case, by hand)
                opp = masks[nxt]
                if n == 2:
                    x, y = kids
                    if (y[0] != first) << 5 | (opp & (num[y[1]] | num[y[2]])).bit_count() < \
                            (x[0] != first) << 5 | (opp & (num[x[1]] | num[x[2]])).bit_count():
                        kids = [y, x]
                else:
                    kids.sort(key=lambda k: (k[0] != first) << 5 | (opp & (num[k[1]] | num[k[2]])).bit_count())
            a0 = alpha
            best = -10**9
            best_i = kids[0][0]
            sb = bits[seat]
            for i, nl, nr in kids:
                rest = hand ^ (1 << i)
                masks[seat] = rest
                pips[seat] -= pip[i]
                if not rest:
                    # going out ends the hand: its value is final, no search below it
                    v = out_value(seat, i, left, right)
                else:
                    v = -negamax(nxt, nl, nr, 0, -beta, -alpha, hands ^ sb[i])
                masks[seat] = hand
                pips[seat] += pip[i]
                if v > best:
                    best, best_i = v, i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            flag = 0 if a0 < best < beta else (1 if best >= beta else -1)
            table[key] = (flag, best, best_i)
            return sign * best

        def run(seat: int, left: int, right: int, passes: int, alpha: int, beta: int,
                hands: int) -> int:
            # the node count lives in a local cell during the search, in the budget between
            nonlocal nodes
            nodes = budget.left
            try:
                return negamax(seat, left, right, passes, alpha, beta, hands)
            finally:
                budget.left = nodes

        return run

    def child(self, seat: int, i: int, left: int, right: int, nl: int, nr: int,
              alpha: int, beta: int) -> int:
        """Play tile ``i`` from ends (left, right) to (nl, nr); the value for ``seat``'s team."""
        masks, pips = self.masks, self.pips
        bit = 1 << i
        masks[seat] ^= bit
        pips[seat] -= self.pip[i]
        if not masks[seat]:
            v = self.out_value(seat, i, left, right)
        else:
            v = -self.negamax(seat % 4 + 1, nl, nr, 0, -beta, -alpha, self.hands_key())
        masks[seat] ^= bit
        pips[seat] += self.pip[i]
        return v

    def value_of(self, pos: Position, action: Action) -> int:
        """The exact value of ``action`` at the root, for the team of the seat to act."""
        seat = pos.turn
        left, right = pos.ends if pos.ends is not None else (-1, -1)
        if action.kind == "pass":
            if pos.passes == 3:
                return self._block(seat)
            return -self.negamax(seat % 4 + 1, left, right, pos.passes + 1, -10**9, 10**9,
                                 self.hands_key())
        t, end = placement(action)
        i = self.index[t]
        if left < 0:
            nl, nr = t
        elif end == "L":
            nl, nr = (t[1] if t[0] == left else t[0]), right
        else:
            nl, nr = left, (t[1] if t[0] == right else t[0])
        return self.child(seat, i, left, right, nl, nr, -10**9, 10**9)


def _position(position_or_state, objective: Objective | None) -> Position:
    if isinstance(position_or_state, Position):
        if objective is not None:
            return Position(**{**position_or_state.__dict__, "objective": objective})
        return position_or_state
    return Position.from_state(position_or_state, objective)


def _budget(budget: Budget | int) -> Budget:
    return Budget(budget) if isinstance(budget, int) else budget


def action_values(position_or_state, budget: Budget | int,
                  objective: Objective | None = None) -> dict[Action, int]:
    """The exact value of every legal action, for the team of the seat to act.

    Actions that leave the same ends with the same tile share one search.
    Raises ``SolverBudgetExceeded`` when the budget does not cover the search.
    """
    pos = _position(position_or_state, objective)
    search = _Search(pos, _budget(budget))
    legal = _plays(pos.hands[pos.turn], pos.ends, pos.pose)
    values: dict[Action, int] = {}
    done: dict[tuple, int] = {}
    left, right = pos.ends if pos.ends is not None else (-1, -1)
    for a in legal:
        if a.kind == "play" and left >= 0:
            t, end = placement(a)
            e = left if end == "L" else right
            far = t[1] if t[0] == e else t[0]
            ends = (far, right) if end == "L" else (left, far)
            same = (t, min(ends), max(ends))
            if same not in done:
                done[same] = search.value_of(pos, a)
            values[a] = done[same]
        else:
            values[a] = search.value_of(pos, a)
    return values


def solve(position_or_state, budget: Budget | int,
          objective: Objective | None = None) -> tuple[int, list[Action]]:
    """The exact value for the team to act, and every legal action that reaches it (CU-8, JA-6)."""
    values = action_values(position_or_state, budget, objective)
    best = max(values.values())
    return best, [a for a, v in values.items() if v == best]


__all__ = ["Objective", "OBJECTIVES", "Position", "SolverBudgetExceeded", "action_values", "solve"]
