"""The expert level of the Cuban and Jamaican player: sampled deals, each solved exactly (issue 16).

Determinized search: hidden hands are dealt many times from the unseen tiles,
consistently with the view (hand sizes, the voids its passes proved, Cuban's
15 unused tiles simply unseen; ``playout.sample_hands``), and each deal is
solved exactly by ``solver`` for every candidate play.  A candidate's score is
its total exact value over the deals; the heuristic score of ``line`` only
orders plays of equal total (many plays are worth the same on most deals).

Dealing stops early once the answer is settled (``settled``): after
``SETTLE_AFTER`` deals, when the leading play beats every other by more than
``SETTLE_Z`` standard errors of the per-deal difference, or the two are worth
the same to within ``INDIFFERENT`` a deal.  Most of the budget went to
positions whose answer the first few dozen deals had already fixed.

The exact search pays only once the hand is small enough
(``SOLVE_BELOW`` tiles in all hands).  Before that, and whenever the node
budget cannot cover enough deals, the expert ranks like the hard level
(static score plus sampled playouts).  Everything is counted in nodes, never
the clock, and read from the view alone (UX-4).
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from ..actions import Action, placement
from ..events import LinePlay
from ..state import this_deal
from ..tiles import Tile
from ..state import LINE
from ..variants import of_family
from .knowledge import Knowledge, after
from .levels import Budget, Level
from .playout import sample_hands
from .solver import Objective, Position, SolverBudgetExceeded, action_values

#: what the expert plays for, per game (``Variant.expert_objective``): Cuban plays for the hand
#: won alone (CU-7, CU-8: the heuristic, which sheds pips, orders plays of equal worth),
#: which also makes a deal 2-2.5 times cheaper to solve than with CU-8's points in the
#: value; Jamaican counts the win and JA-6's points.
OBJECTIVE: dict[str, Objective] = {v.game: Objective(*v.expert_objective) for v in of_family(LINE)}
#: solve exactly only when at most this many tiles are left in all four hands: a Cuban
#: deal of 28 tiles costs about 11,000 nodes (win only), a Jamaican one of 24 about 9,000;
#: bigger ones often exceed a deal's share of the budget, and the expert then ranks like hard
#: (``Variant.solve_below``)
SOLVE_BELOW: dict[str, int] = {v.game: v.solve_below for v in of_family(LINE)}
#: fewer solved deals than this is too little sight: rank like hard instead
MIN_DEALS = 8
#: dealing may stop once this many deals are solved and the leader is settled (``settled``)
SETTLE_AFTER = 30
#: the leader is settled against a rival when its mean lead per deal exceeds this many
#: standard errors of the paired per-deal differences ...
SETTLE_Z = 2.0
#: ... or when the two are surely within this much of each other a deal (values in
#: ``OBJECTIVE`` units): then either play is as good, and more deals would not matter
INDIFFERENT = 0.1
#: the heuristic score's weight in a play's value, per game: value = mean exact value per
#: deal + BLEND x static score.  0 lets the exact total decide and the heuristic only
#: order plays of equal total.
BLEND: dict[str, float] = {v.game: 0.0 for v in of_family(LINE)}
#: nodes of information-set search (``ismcts``) for a decision out of the solver's reach,
#: per game (0: rank like hard there).  Off in both: 500,000 nodes for Jamaican's first
#: decisions and for Cuban's first half did not beat hard's ranking in paired hands (issue 16,
#: docs/computer-player.md, "The fourth round")
ISMCTS_NODES: dict[str, int] = {v.game: 0 for v in of_family(LINE)}
#: development switch: the information-set search decides in the solver's reach too (1)
ISMCTS_ONLY: dict[str, int] = {v.game: 0 for v in of_family(LINE)}
#: partner inference, per game (0: off): candidate deals drawn per deal kept, one kept in
#: proportion to how well the partner's sampled hand explains the partner's own plays
#: (sampling-importance-resampling).  The partner is our own bot, which ranks by a static
#: score, not a heavy-pip player: each of its plays is scored by a softmax over a cheap copy
#: of that score (pips, doubles, tiles left that follow, ``partner_score``) with weight
#: ``PARTNER_BETA``, mixed with a uniform share ``PARTNER_EPS``.  Opponents stay uniform.
PARTNER_SIR: dict[str, int] = {v.game: 0 for v in of_family(LINE)}
PARTNER_BETA: dict[str, float] = {v.game: 0.5 for v in of_family(LINE)}
PARTNER_EPS: dict[str, float] = {v.game: 0.3 for v in of_family(LINE)}


def partner_plays(k: Knowledge) -> list[tuple[tuple[int, int], Tile, int]]:
    """The partner's plays this hand on an open line: (ends before, tile, index among its plays).

    Read from the public history only (UX-4); the pose (the first tile) is left out.
    """
    left = right = -1
    out: list[tuple[tuple[int, int], Tile, int]] = []
    n = 0
    for entry in this_deal(k.view.history):
        if not isinstance(entry, LinePlay):  # the line's plays only
            continue
        s, t, end, lying = entry.seat, entry.tile, entry.end, entry.lying
        if left < 0:
            left, right = lying
            if s == k.partner:
                n += 1
            continue
        if s == k.partner:
            out.append(((left, right), t, n))
            n += 1
        if end == "L":
            left = lying[0]
        else:
            right = lying[1]
    return out


def partner_score(hand: Sequence[Tile], t: Tile, ends: tuple[int, int]) -> float:
    """A cheap copy of ``line``'s static score for playing ``t`` from ``hand`` on ``ends``.

    Pips, a double's bonus and the tiles left that follow the new ends (the terms that
    depend on the player's own hand); the best end for the tile is taken.
    """
    rest = [x for x in hand if x != t]
    best = -1e9
    for i, e in enumerate(ends):
        if e not in t:
            continue
        new = t[1] if t[0] == e else t[0]
        nums = (new, ends[1 - i])
        follow = sum(1 for x in rest if x[0] in nums or x[1] in nums)
        held = sum((x[0] in nums) + (x[1] in nums and x[1] != x[0]) for x in rest)
        best = max(best, t[0] + t[1] + (4.0 if t[0] == t[1] else 0.0) + 2.0 * min(follow, 3) + held)
    return best


def partner_loglik(k: Knowledge, plays: list[tuple[tuple[int, int], Tile, int]],
                   hand: Sequence[Tile]) -> float:
    """Log-likelihood of the partner's plays if its hand is now ``hand`` (``PARTNER_SIR``)."""
    beta, eps = PARTNER_BETA[k.game], PARTNER_EPS[k.game]
    later = [t for _, t, _ in plays]
    ll = 0.0
    for i, (ends, t, _) in enumerate(plays):
        held = list(hand) + later[i:]
        legal = [x for x in held if x[0] in ends or x[1] in ends]
        if len(legal) < 2:
            continue
        scores = [beta * partner_score(held, x, ends) for x in legal]
        top = max(scores)
        z = sum(math.exp(v - top) for v in scores)
        mine = math.exp(beta * partner_score(held, t, ends) - top) / z
        ll += math.log((1 - eps) * mine + eps / len(legal))
    return ll


def draw(k: Knowledge, rng: random.Random, pplays) -> list[list[Tile]] | None:
    """One deal of the hidden hands: uniform, or resampled by partner inference."""
    m = PARTNER_SIR[k.game]
    if m < 2 or not pplays:
        return sample_hands(k, rng)
    cands = []
    for _ in range(m):
        h = sample_hands(k, rng)
        if h is not None:
            cands.append(h)
    if not cands:
        return None
    lls = [partner_loglik(k, pplays, h[k.partner]) for h in cands]
    top = max(lls)
    weights = [math.exp(v - top) for v in lls]
    return rng.choices(cands, weights)[0]


def settled(totals: list[int], squares: list[list[int]], n: int) -> bool:
    """Whether more deals would hardly change the best play (issue 16: time, not strength).

    ``totals[i]``: play i's total over ``n`` deals; ``squares[i][j]``: the sum over
    the deals of (value of i - value of j) squared.  A paired test of the leader
    against every rival; the per-deal differences share the deal, so their spread is
    what the luck of the deal leaves.
    """
    lead = max(range(len(totals)), key=totals.__getitem__)
    for r in range(len(totals)):
        if r == lead:
            continue
        mean = (totals[lead] - totals[r]) / n
        var = max(0.0, (squares[lead][r] - n * mean * mean) / (n - 1))
        se = math.sqrt(var / n)
        if mean > SETTLE_Z * se or abs(mean) + SETTLE_Z * se < INDIFFERENT:
            continue
        return False
    return True


def rank(k: Knowledge, plays: Sequence[Action], lvl: Level, rng: random.Random,
         static) -> list[tuple[float, Action]] | None:
    """Plays with their mean exact value over sampled deals, best first; None if out of reach.

    ``static(action)`` is the heuristic score used to break ties.
    """
    if sum(k.counts[1:]) > SOLVE_BELOW[k.game]:
        return None
    distinct: dict[tuple, Action] = {}
    for a in plays:
        distinct.setdefault((a.tile, after(k.ends, *placement(a))), a)
    if len(distinct) < 2:
        return None
    keys = list(distinct)
    totals = [0] * len(keys)
    squares = [[0] * len(keys) for _ in keys]
    budget = Budget(lvl.solver_nodes)
    objective = OBJECTIVE[k.game]
    cap = lvl.solver_nodes // MIN_DEALS
    deals = 0
    solved: dict[tuple, dict[Action, int]] = {}
    pplays = partner_plays(k) if PARTNER_SIR[k.game] else []
    for _ in range(lvl.solver_deals):
        hands = draw(k, rng, pplays)
        if hands is None:
            break
        deal = tuple(tuple(sorted(h)) for h in hands)
        values = solved.get(deal)
        if values is None:  # late in a hand few deals are possible: each is solved once
            pos = Position(k.game, deal, k.ends, k.seat, k.view.passes, objective=objective)
            # one deal may spend its share of the budget at most, so a hand too big to
            # solve is found out on the first deal, not after the whole budget
            part = Budget(min(budget.left, cap))
            try:
                values = solved[deal] = action_values(pos, part)
            except SolverBudgetExceeded:
                break  # this deal is not counted: every counted deal covers every candidate
            finally:
                budget.left -= min(budget.left, cap) - part.left
        row = [values[distinct[key]] for key in keys]
        for i, v in enumerate(row):
            totals[i] += v
            sq = squares[i]
            for j, w in enumerate(row):
                sq[j] += (v - w) * (v - w)
        deals += 1
        if deals >= SETTLE_AFTER and settled(totals, squares, deals):
            break
    if deals < MIN_DEALS:
        return None
    total_of = dict(zip(keys, totals))
    blend = BLEND[k.game]
    # the exact mean decides (plus the blended heuristic); the heuristic orders plays of equal worth
    keyed = []
    for a in plays:
        h = static(a)
        keyed.append(((total_of[(a.tile, after(k.ends, *placement(a)))] / deals + blend * h, h), a))
    keyed.sort(key=lambda ka: (-ka[0][0], -ka[0][1]))
    return [(value, a) for (value, _), a in keyed]
