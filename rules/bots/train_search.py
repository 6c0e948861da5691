"""The train games' expert: rollouts of sampled deals over the bot's own best plays (issue 16).

The expert ranks its legal plays with the plan evaluator (``train_plan.rank``),
keeps the few that score close to the best, and plays each of them out in
worlds sampled from its view only (UX-4): the unseen tiles
are dealt to the other hands (their sizes from the view, avoiding the numbers
their draws proved they lack, ``known_voids``) and the rest form the boneyard
in a random order.  Every candidate meets the same worlds (common random
numbers).  In the playouts the seats named by ``Level.mt_playout`` play by the
plan evaluator at a cheap level (no lookahead, a small trail search), the
others by the heaviest tile; the expert names every seat, which measured
better than its own seat alone (0.896 against 0.919 of hard's penalty, 40
matches) and than the heaviest tile for all (1.04, 24 matches).  The first
round (MT-8) is not searched.  A playout runs to the deal's end, or with
``Level.mt_horizon`` (off in the level: 16 measured no stronger, only
cheaper) until the searching seat begins a turn after that many steps; the
hands left are then scored by the plan evaluator's cost instead of their
pips.  The candidate with the lowest mean of own pips (or cost) minus the
mean of the others' (MT-16, MT-17) is chosen, optionally leaning on the plan
score (``Level.mt_prior``).  Playout steps are counted against a fixed node
budget, never the clock, and every random draw comes from the rng the caller
derived from the match seed.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..actions import Action
from ..tiles import Tile
from ..variants import find_variant
from . import train_plan
from .levels import LEVELS, Budget, Level

#: the phase of a deal in play, the only one a playout steps through
PLAYING = "play"

#: the plan evaluator inside playouts: no lookahead, a small trail search, no slip
PLAYOUT_LEVEL = replace(LEVELS["easy"], nodes=5000, trail_nodes=200, slip=0.0)


def unseen_tiles(view) -> list[Tile]:
    """Tiles the seat cannot see: other hands and the boneyard (UX-4)."""
    seen = set(view.hand)
    for tr in view.trains:
        seen.update(tr.tiles)
    seen.add((view.engine, view.engine))
    return [t for t in find_variant(view.game).full_set if t not in seen]


def sample_world(view, unseen: list[Tile], voids: list[set[int]], rng: random.Random) -> Any:
    """One full state that looks exactly like ``view`` to its seat (UX-4, MT-11).

    Each other seat gets as many unseen tiles as the view shows, none with a
    number its draws proved it lacks when the pool allows; the rest is the
    boneyard in a random order.
    """
    pool = list(unseen)
    rng.shuffle(pool)
    n, me = view.players, view.seat
    seats = [s for s in range(1, n + 1) if s != me]
    allowed = {s: [t for t in pool if t[0] not in voids[s] and t[1] not in voids[s]] for s in seats}
    hands: list[list[Tile]] = [[] for _ in range(n + 1)]
    hands[me] = list(view.hand)
    taken: set[Tile] = set()
    # the most constrained seat chooses first, so the voids hold whenever the pool allows
    for s in sorted(seats, key=lambda s: (len(allowed[s]) - view.hand_counts[s], s)):
        want = view.hand_counts[s]
        got = [t for t in allowed[s] if t not in taken][:want]
        if len(got) < want:  # a later draw may have brought the number back: relax
            got += [t for t in pool if t not in taken and t not in got][:want - len(got)]
        taken.update(got)
        hands[s] = got
    stock = [t for t in pool if t not in taken]
    return world(view, hands, stock)


def world(view, hands: list[list[Tile]], stock: list[Tile]) -> Any:
    """The engine's state for ``view`` with the hidden tiles given (the variant builds it)."""
    return find_variant(view.game).world(view, hands, stock)


def playout_action(st: Any) -> Action:
    """The fast playout policy: the heaviest play, a double first among equals (MT-13)."""
    acts = st.legal_actions()
    if len(acts) == 1:
        return acts[0]
    best, best_key = acts[0], -1.0
    own = st.turn
    for a in acts:
        t = a.tile
        if t is None:
            continue
        key = t[0] + t[1] + (0.5 if t[0] == t[1] else 0.0) + (0.25 if a.train == own else 0.0)
        if key > best_key:
            best, best_key = a, key
    return best


def playout(st: Any, limit: int, planners: frozenset[int] = frozenset(),
            horizon: int = 0, seat: int = 0, own: Level | None = None) -> int:
    """Play ``st`` to the deal's end (MT-16); the steps taken.

    Seats in ``planners`` play by the plan evaluator on their own view (a cheap
    level), the others by the fast playout policy.  With a ``horizon`` the
    playout stops after that many steps, once ``seat`` begins a turn, so every
    candidate is judged after the same turns.  With ``own``, ``seat`` plays by
    the plan evaluator at that level instead of the cheap one.
    """
    steps = 0
    while st.phase == PLAYING and steps < limit:
        if horizon and steps >= horizon and st.turn == seat and not (st.extra or st.drawn or st.chain):
            break
        if own is not None and st.turn == seat and len(st.legal_actions()) > 1:
            action = train_plan.rank(st.view(st.turn), own)[0][1]
        elif st.turn in planners and len(st.legal_actions()) > 1:
            action = train_plan.rank(st.view(st.turn), PLAYOUT_LEVEL)[0][1]
        else:
            action = playout_action(st)
        st.apply_action(action)
        steps += 1
    return steps


def outcome(st: Any, seat: int, leaf: bool = False) -> float:
    """Own pips minus the mean of the others' pips left in hand (MT-17): lower is better.

    With ``leaf``, a deal cut short at a horizon is scored by the plan
    evaluator's cost of each hand instead (its pips, weighted by how hard they
    are to shed).
    """
    if leaf and st.phase == PLAYING:
        pips = [leaf_cost(st, s) for s in range(1, st.n + 1)]
    else:
        pips = [sum(a + b for a, b in h) for h in st.hands[1:]]
    mine = pips[seat - 1]
    return mine - (sum(pips) - mine) / max(1, len(pips) - 1)


def leaf_cost(st: Any, seat: int) -> float:
    """The plan evaluator's expected cost of ``seat``'s hand where the playout stopped."""
    pos = train_plan.Position(st.view(seat), PLAYOUT_LEVEL, Budget(PLAYOUT_LEVEL.nodes))
    doubles = [st.ends[ti] for ti in st.obligations]
    return -pos.value(tuple(st.hands[seat]), pos.ends, pos.marked, doubles)


def search(view, candidates: list[Action], lvl: Level, rng: random.Random,
           scores: list[float] | None = None) -> Action:
    """The candidate with the best mean outcome over sampled worlds (issue 16, UX-4).

    ``scores`` are the candidates' plan scores; ``lvl.mt_prior`` of them leans
    the choice towards the plan evaluator's where the worlds barely differ.
    """
    unseen = unseen_tiles(view)
    voids = train_plan.known_voids(view, lvl.mt_pass_voids)
    totals = [0.0] * len(candidates)
    budget = lvl.mt_nodes
    limit = 400  # a whole deal of 4 seats takes far fewer steps
    worlds = last = 0
    n = view.players
    horizon = lvl.mt_first_horizon if view.first_round else lvl.mt_horizon
    leaf = bool(horizon)
    own = replace(LEVELS[lvl.mt_own_level], slip=0.0) if lvl.mt_own_level else None
    planners = frozenset(range(1, n + 1) if lvl.mt_playout == "all" else
                         [view.seat] if lvl.mt_playout == "own" else [])
    # a world is started only while the budget still covers what the last one cost
    while worlds < lvl.mt_worlds and budget >= last:
        base = sample_world(view, unseen, voids, rng)
        spent = 0
        for i, a in enumerate(candidates):
            st = base.clone()
            st.apply_action(a)
            spent += playout(st, limit, planners, horizon, view.seat, own) + 1
            spent += n if leaf and st.phase == PLAYING else 0  # a leaf scores every hand
            totals[i] += outcome(st, view.seat, leaf)
        budget -= spent
        last = spent
        worlds += 1
    if not worlds:
        return candidates[0]
    prior = [lvl.mt_prior * s for s in scores] if scores else [0.0] * len(candidates)
    best = min(range(len(candidates)), key=lambda i: (totals[i] / worlds - prior[i], i))
    return candidates[best]
