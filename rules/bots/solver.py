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

from ..actions import PASS, Action, placement
from ..line import PLAY, PLAY_L, PLAY_R
from ..tiles import Tile, double_set
from ..variants import cuban, jamaican
from .levels import Budget

TOPS = {cuban.GAME: cuban.TOP, jamaican.GAME: jamaican.TOP}


class SolverBudgetExceeded(Exception):
    """The position needs more nodes than the budget allows."""


@dataclass(frozen=True)
class Objective:
    """What a hand is worth to the team that wins it: ``win + point * points`` (tie 0)."""

    win: int
    point: int

    def value(self, points: int) -> int:
        return self.win + self.point * points


#: the default objectives: Cuban's point difference (CU-8), Jamaican's hands won first (JA-6)
OBJECTIVES: dict[str, Objective] = {cuban.GAME: Objective(0, 1), jamaican.GAME: Objective(1, 1)}


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
            pose = jamaican.DOUBLE_SIX
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
    """One solver run: the tiles as bits, the hands as bitmasks, the table, the budget."""

    def __init__(self, pos: Position, budget: Budget) -> None:
        if pos.game not in TOPS:
            raise ValueError(f"the solver plays Cuban and Jamaican, not {pos.game!r}")
        top = TOPS[pos.game]
        # tiles indexed by the move order: the highest index is tried first (doubles, then heavy)
        order = sorted(double_set(top), key=lambda t: (t[0] == t[1], t[0] + t[1], t))
        self.tiles = order
        self.index = {t: i for i, t in enumerate(order)}
        self.low = [t[0] for t in order]
        self.high = [t[1] for t in order]
        self.pip = [t[0] + t[1] for t in order]
        self.num = [0] * (top + 1)
        for i, (a, b) in enumerate(order):
            self.num[a] |= 1 << i
            self.num[b] |= 1 << i
        self.key_game = pos.game == jamaican.GAME  # JA-6: every tile is dealt, so hands tell the line
        self.cuban = pos.game == cuban.GAME
        obj = pos.objective or OBJECTIVES[pos.game]
        self.win, self.point = obj.win, obj.point
        self.masks = [0] * 5
        self.pips = [0] * 5
        for s in range(1, 5):
            for t in pos.hands[s]:
                self.masks[s] |= 1 << self.index[t]
                self.pips[s] += t[0] + t[1]
        self.budget = budget
        self.table: dict[tuple, tuple[int, int, int]] = {}

    # ---------------------------------------------------------------- results

    def _won(self, seat: int, key: bool) -> int:
        """The value for ``seat``'s team of going out (CU-8, JA-6)."""
        if self.cuban:
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
        if self.cuban:
            loser = o if mine else seat
            points = p[loser] + p[(loser + 1) % 4 + 1]
        else:
            points = 1
        v = self.win + self.point * points
        return v if mine else -v

    # ----------------------------------------------------------------- search

    def children(self, seat: int, left: int, right: int) -> list[tuple[int, int, int]]:
        """(tile index, left, right) after each distinct play, in move order."""
        m = self.masks[seat]
        if left >= 0:
            m &= self.num[left] | self.num[right]
        out = []
        low, high = self.low, self.high
        while m:
            i = m.bit_length() - 1
            m ^= 1 << i
            a, b = low[i], high[i]
            if left < 0:
                out.append((i, a, b))
                continue
            on_left = a == left or b == left
            if on_left:
                out.append((i, b if a == left else a, right))
            if a == right or b == right:
                far = b if a == right else a
                # with equal ends, or a tile joining both, the two placements may leave the same pair
                if not (on_left and {left, far} == {out[-1][1], out[-1][2]}):
                    out.append((i, left, far))
        return out

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

    def child(self, seat: int, i: int, left: int, right: int, nl: int, nr: int,
              alpha: int, beta: int) -> int:
        """Play tile ``i`` from ends (left, right) to (nl, nr); the value for ``seat``'s team."""
        masks, pips = self.masks, self.pips
        bit = 1 << i
        masks[seat] ^= bit
        pips[seat] -= self.pip[i]
        try:
            if not masks[seat]:
                return self.out_value(seat, i, left, right)
            return -self.negamax(seat % 4 + 1, nl, nr, 0, -beta, -alpha)
        finally:
            masks[seat] ^= bit
            pips[seat] += self.pip[i]

    def negamax(self, seat: int, left: int, right: int, passes: int, alpha: int, beta: int) -> int:
        """The value of the position for the team of ``seat``, who is to act (fail-soft).

        The hot loop: the children and the step into each are written out here.
        """
        b = self.budget
        if b.left <= 0:
            raise SolverBudgetExceeded
        b.left -= 1
        masks = self.masks
        key = (masks[1], masks[2], masks[3], masks[4],
               left if left <= right else right, right if left <= right else left, seat, passes)
        table = self.table
        hit = table.get(key)
        first = -1
        if hit is not None:
            flag, v, first = hit
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        kids = self.children(seat, left, right)
        nxt = seat % 4 + 1
        if not kids:
            if passes == 3:  # CU-7, JA-4: the fourth pass in a row blocks the hand
                return self._block(seat)
            return -self.negamax(nxt, left, right, passes + 1, -beta, -alpha)
        if len(kids) > 1:
            # the table's best first, then plays the next seat cannot follow, then the move order
            opp = masks[nxt]
            num = self.num
            kids.sort(key=lambda k: (k[0] != first, (opp & (num[k[1]] | num[k[2]])).bit_count()))
        a0 = alpha
        best = -10**9
        best_i = kids[0][0]
        pips = self.pips
        pip = self.pip
        hand = masks[seat]
        for i, nl, nr in kids:
            rest = hand ^ (1 << i)
            if not rest:
                masks[seat] = rest
                pips[seat] -= pip[i]
                v = self.out_value(seat, i, left, right)
                masks[seat] = hand
                pips[seat] += pip[i]
                # going out ends the hand at once: nothing beats it
            else:
                masks[seat] = rest
                pips[seat] -= pip[i]
                try:
                    v = -self.negamax(nxt, nl, nr, 0, -beta, -alpha)
                finally:
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
        return best

    def value_of(self, pos: Position, action: Action) -> int:
        """The exact value of ``action`` at the root, for the team of the seat to act."""
        seat = pos.turn
        left, right = pos.ends if pos.ends is not None else (-1, -1)
        if action.kind == "pass":
            if pos.passes == 3:
                return self._block(seat)
            return -self.negamax(seat % 4 + 1, left, right, pos.passes + 1, -10**9, 10**9)
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
