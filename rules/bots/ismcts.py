"""Information-set Monte Carlo tree search for the Cuban and Jamaican hand (issue 16).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree over
the public sequence of plays from the bot's decision on, shared by every
determinization.  Each iteration deals the hidden hands again consistently
with the view (``playout.sample_hands``: sizes, proved voids, Cuban's unused
tiles), walks down the tree choosing among the plays legal *in that deal* by
UCB with availability counts (a child's exploration term counts the visits
where it was legal, not its parent's), adds one node, plays the hand out with
the light playout policy (doubles first, then the heaviest tile) and backs the
result up, each node scored for the team that chose it.  A pass is no choice
and gets no node.  The root play visited most wins; ties go to the heuristic.

Unlike sampled deals solved one at a time, the tree cannot plan a different
play for each deal at the bot's own turn: the root statistics mix every deal,
as the seat must.  Counted in nodes (a ply of tree or playout each), never the
clock; the view alone (UX-4), so the same view and seed give the same play.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from ..actions import Action, placement
from ..line import team_of
from ..tiles import Tile
from .knowledge import Knowledge, after
from .levels import Budget
from .playout import _result, preference, sample_hands

#: UCB exploration constant (results are about +-1 a hand)
UCB_C = 0.7
#: nodes one determinization costs to deal, on top of its plies
DEAL_COST = 20

#: a play in the tree: the tile and the two ends after it
Move = tuple[Tile, int, int]


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def _moves(hand: list[Tile], left: int, right: int) -> list[Move]:
    out: list[Move] = []
    for t in hand:
        a, b = t
        if a == left or b == left:
            out.append((t, b if a == left else a, right))
        if left != right and (a == right or b == right):
            out.append((t, left, b if a == right else a))
    return out


class _Game:
    """One determinization being played: hands, ends, the seat to act, passes in a row."""

    def __init__(self, k: Knowledge, hands: list[list[Tile]]) -> None:
        self.k = k
        self.hands = hands
        ends: tuple[int, int] = k.ends if k.ends is not None else (-1, -1)
        self.left, self.right = ends
        self.seat = k.seat
        self.passes = k.view.passes if k.ends is not None else 0
        self.shown = list(k.shown)
        self.key_tile = k.key_tile
        self.hard = k.top + 1

    def play(self, m: Move) -> float | None:
        """Play ``m`` for the seat to act; the result for the bot's team if the hand ended."""
        t, left, right = m
        hand = self.hands[self.seat]
        key = (self.key_tile and len(hand) == 1 and t[0] != t[1] and self.left != self.right
               and {self.left, self.right} == set(t)
               and self.shown[self.left] == self.hard and self.shown[self.right] == self.hard)
        hand.remove(t)
        self.shown[t[0]] += 1
        self.shown[t[1]] += 1
        self.left, self.right = left, right
        self.passes = 0
        if not hand:
            return _result(self.k, self.hands, self.seat, key)
        self.seat = self.seat % 4 + 1
        return None

    def skip(self) -> float | None:
        """The seat to act cannot follow: a pass (CU-6, JA-4); the result if it blocks the hand."""
        self.passes += 1
        if self.passes == 4:
            return _result(self.k, self.hands, 0, False)
        self.seat = self.seat % 4 + 1
        return None

    def legal(self) -> list[Move]:
        if self.left < 0:  # the lead: any tile of the hand
            return [(t, t[0], t[1]) for t in self.hands[self.seat]]
        return _moves(self.hands[self.seat], self.left, self.right)

    def rollout(self, budget: Budget) -> float:
        """The light policy for every seat to the end: the first fitting tile, left end first."""
        while budget.left > 0:
            budget.left -= 1
            hand = self.hands[self.seat]
            left, right = self.left, self.right
            for x in hand:
                a, b = x
                if a == left or b == left:
                    m = (x, b if a == left else a, right)
                    break
                if a == right or b == right:
                    m = (x, left, b if a == right else a)
                    break
            else:
                r = self.skip()
                if r is not None:
                    return r
                continue
            r = self.play(m)
            if r is not None:
                return r
        return 0.0


def search(k: Knowledge, plays: Sequence[Action], nodes: int, rng: random.Random,
           static) -> list[tuple[float, Action]] | None:
    """Plays with their root visit counts, best first; None if no deal could be sampled.

    ``static(action)`` orders plays of equal visits.
    """
    budget = Budget(nodes)
    root = _Node()
    me = team_of(k.seat)
    iterations = 0
    while budget.left > DEAL_COST:
        budget.left -= DEAL_COST
        hands = sample_hands(k, rng)
        if hands is None:
            break
        hands = [sorted(h, key=preference, reverse=True) for h in hands]
        g = _Game(k, hands)
        node = root
        path: list[tuple[_Node, bool]] = []  # each node with whether the bot's team chose it
        result: float | None = None
        expanded = False
        while result is None and not expanded and budget.left > 0:
            budget.left -= 1
            legal = g.legal()
            if not legal:
                result = g.skip()
                continue
            mine = team_of(g.seat) == me
            fresh = [m for m in legal if m not in node.children]
            for m in legal:
                child = node.children.get(m)
                if child is not None:
                    child.avail += 1
            if fresh:
                m = fresh[rng.randrange(len(fresh))]
                child = node.children[m] = _Node()
                child.avail = 1
                expanded = True
            else:
                m = max(legal, key=lambda mv: _ucb(node.children[mv]))
                child = node.children[m]
            path.append((child, mine))
            node = child
            result = g.play(m)
        if result is None:
            result = g.rollout(budget)
        for child, mine in path:
            child.visits += 1
            child.total += result if mine else -result
        iterations += 1
    if not iterations:
        return None
    keyed = []
    for a in plays:
        t, end = placement(a)
        left, right = after(k.ends, t, end)
        child = root.children.get((t, left, right))
        visits = child.visits if child is not None else 0
        keyed.append(((visits, static(a)), a))
    keyed.sort(key=lambda ka: (-ka[0][0], -ka[0][1]))
    return [(float(v), a) for (v, _), a in keyed]


def _ucb(child: _Node) -> float:
    return child.total / child.visits + UCB_C * math.sqrt(math.log(child.avail) / child.visits)
