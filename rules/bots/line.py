"""The Cuban and Jamaican player: one two-ended line, two teams (CU-5..CU-8, JA-2..JA-6).

What the bot knows comes from its view only (UX-4): its hand, the line, the
hand sizes and the public history of this hand.  From the history it reads
each seat's known voids (a pass proves the seat had neither open number) and
what each seat played.

Every candidate play gets a static score:
- pips shed (a block is won on the lowest individual count, CU-7, JA-5, and
  Cuban scores the opponents' pips, CU-8) and doubles placed early (a double
  fits one number only);
- control: the bot keeps ends it holds many tiles of, so it can follow;
- the next opponent probably cannot follow (known voids first, else the odds
  from the unseen tiles), and the partner probably can (support the partner:
  a number the partner chose to open is a number the partner holds);
- a block that the bot's side would win is sought, one it would lose avoided;
- Jamaican: going out with the key tile doubles the hand (JA-6).
At the normal and hard levels the bot also samples hidden hands consistent
with the view (hand sizes, known voids; Cuban's 15 unused tiles are simply
unseen) and plays each candidate out to the end of the hand with a light
policy for every seat, within the node budget.  Every candidate is played out
on the same sampled deals, and the mean result is added to the static score.
Samples are drawn only when at most ``Level.sample_below`` tiles are unseen.
Knowing comes from ``knowledge``, sampling and playouts from ``playout``.
"""
from __future__ import annotations

import random
from typing import Sequence

from ..actions import Action, placement
from ..tiles import Tile
from ..state import LINE
from ..variants import of_family
from . import expert, ismcts
from .knowledge import Knowledge, after, key_bonus, strong_hand
from .levels import Budget, Level
from .playout import playout, preference, sample_hands

#: Cuban CU-4: a computer player always demands a redeal with five or more doubles.
REDEAL_KIND = "redeal"


#: static weights per game, in pips, and ``mc``: the static points one hand won in
#: the playouts is worth (tuned by self-play against greedy players; each variant's
#: ``bot_weights``, here to be tried other values on)
WEIGHTS: dict[str, dict[str, float]] = {v.game: dict(v.bot_weights) for v in of_family(LINE)}


def _static(k: Knowledge, t: Tile, end: str, sampled: bool = False) -> float:
    """The heuristic value of playing ``t`` on ``end`` (higher is better).

    ``sampled``: playouts were run, and they already see who holds the last tile
    of a hard end, so the end-control term stands aside (it measured worse twice).
    """
    hand = [x for x in k.hand if x != t]
    if not hand:
        return 1000.0 + key_bonus(k, t)
    w = WEIGHTS[k.game]
    left, right = after(k.ends, t, end)
    # late in the hand a block grows likely and the count decides it (CU-7, JA-5)
    progress = len(k.view.line) / (2 * (k.top + 1))
    score = w["pip"] * (1.0 + w.get("late_pip", 0.0) * progress) * (t[0] + t[1])
    if t[0] == t[1]:
        score += w["double"]
    nums = (left, right)
    # control: tiles left that follow the new ends.
    follow = sum(1 for x in hand if x[0] in nums or x[1] in nums)
    score += w["follow"] * min(follow, 3)
    held: dict[int, int] = {}
    for x in hand:
        held[x[0]] = held.get(x[0], 0) + 1
        if x[1] != x[0]:
            held[x[1]] = held.get(x[1], 0) + 1
    score += w["held"] * (held.get(left, 0) + held.get(right, 0))
    score += w["distinct"] * len(held)
    opp_next = k.seat % 4 + 1
    opp_prev = (k.seat + 2) % 4 + 1
    ends = {left, right}
    score += w["next"] * k.p_lacks(opp_next, ends)
    score += w["prev"] * k.p_lacks(opp_prev, ends)
    score -= w["partner"] * k.p_lacks(k.partner, ends)
    score += w["partner_nums"] * len(ends & k.opened[k.partner])
    if not sampled:
        score += w["control_end"] * _end_control(k, t, left, right, hand)
    # a block: nobody can follow either end any more (CU-7, JA-5).  Seek it when the
    # bot's own count is the lowest, avoid it otherwise.
    if not any(x[0] in ends or x[1] in ends for x in hand):
        p = _p_dead(k, ends)
        if p:
            mine = sum(x[0] + x[1] for x in hand)
            score += p * (w["block"] if mine < _least_other(k) else -w["block"])
    return score


def _end_control(k: Knowledge, t: Tile, left: int, right: int, hand: list[Tile]) -> float:
    """Ends only the bot can follow: no unseen tile has the number, and the bot holds one.

    +1 for each such end.  Jamaican JA-6: an end is hard when its number shows 7 of
    its 8 appearances, so one tile decides it: -0.5 for a hard end whose last tile
    someone else holds.
    """
    shown = list(k.shown)
    shown[t[0]] += 1
    shown[t[1]] += 1
    value = 0.0
    for e in {left, right}:
        mine = any(e in x for x in hand)
        if mine and not any(e in x for x in k.unseen):
            value += 1.0
        elif not mine and k.key_tile and shown[e] == k.top + 1:
            value -= 0.5
    return value


def _p_dead(k: Knowledge, ends: set[int]) -> float:
    """Chance that no other seat holds a tile with these numbers (all in Cuban's unused pile)."""
    m = sum(1 for x in k.unseen if x[0] in ends or x[1] in ends)
    unused = len(k.unseen) - (sum(k.counts[1:]) - len(k.hand))
    if m > unused:
        return 0.0
    p = 1.0
    u = len(k.unseen)
    for i in range(m):
        p *= (unused - i) / (u - i)
    return p


def _least_other(k: Knowledge) -> float:
    """A cautious guess of the lowest opponent count: their tiles at the unseen average."""
    avg = sum(t[0] + t[1] for t in k.unseen) / max(1, len(k.unseen))
    return min(k.counts[s] for s in (k.seat % 4 + 1, (k.seat + 2) % 4 + 1)) * avg * 0.8


def _choose_leader(view, k: Knowledge) -> Action:
    """CU-5, JA-3: lead yourself with a hand that controls a number; else let the partner."""
    wanted = k.seat if strong_hand(k.hand, k.top) else k.partner
    for a in view.legal:
        if a.seat == wanted:
            return a
    return view.legal[0]


def choose(view, lvl: Level, rng: random.Random) -> Action:
    """The bot's action for a view of a game on one line (CU, JA)."""
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if REDEAL_KIND in kinds:
        return next(a for a in legal if a.kind == REDEAL_KIND)  # CU-4
    k = Knowledge(view)
    if "lead" in kinds:
        return _choose_leader(view, k)
    plays = sorted((a for a in legal if a.kind == "play"), key=lambda a: (a.tile, a.end))
    scored = None
    if lvl.solver_nodes:
        static = lambda a: _static(k, a.tile, a.end, sampled=True)  # noqa: E731
        only = expert.ISMCTS_ONLY[k.game]
        scored = None if only else expert.rank(k, plays, lvl, rng, static)
        # out of the solver's reach (in reach, rank gives None only for one distinct play)
        if scored is None and expert.ISMCTS_NODES[k.game] and (only or sum(k.counts[1:]) > expert.SOLVE_BELOW[k.game]):
            scored = ismcts.search(k, plays, expert.ISMCTS_NODES[k.game], rng, static)
    if scored is None:
        scored = _rank(k, plays, lvl, rng)
    if lvl.slip and len(scored) > 1 and rng.random() < lvl.slip:
        return scored[1][1]
    return scored[0][1]


def _rank(k: Knowledge, plays: Sequence[Action], lvl: Level, rng: random.Random) -> list[tuple[float, Action]]:
    # the same tile and the same ends after it: only one placement is worth searching
    distinct: dict[tuple, Action] = {}
    for a in plays:
        distinct.setdefault((a.tile, after(k.ends, *placement(a))), a)
    candidates = list(distinct.values())
    totals = {a: 0.0 for a in candidates}
    runs = 0
    if lvl.samples and len(candidates) > 1 and len(k.unseen) <= lvl.sample_below:
        budget = Budget(lvl.nodes)
        # a sample is searched for every candidate or not at all, so none is favoured
        per_sample = (2 * sum(k.counts[1:]) + 4) * len(candidates)
        samples = min(lvl.samples, max(1, lvl.nodes // per_sample))
        for _ in range(samples):
            if budget.left < per_sample:
                break
            hands = sample_hands(k, rng)
            if hands is None:
                break
            hands = [sorted(h, key=preference, reverse=True) for h in hands]
            for a in candidates:
                totals[a] += playout(k, hands, *placement(a), budget)
            runs += 1
    weight = WEIGHTS[k.game]["mc"]
    static = {a: _static(k, *placement(a), sampled=runs > 0) for a in plays}
    scored = []
    for a in plays:
        key = distinct[(a.tile, after(k.ends, *placement(a)))]
        mc = totals[key] / runs if runs else 0.0
        scored.append((weight * mc + static[a], a))
    scored.sort(key=lambda sa: -sa[0])
    return scored
