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
Samples are drawn only when few tiles are unseen enough for them to inform
(``Level.sample_below``).
"""
from __future__ import annotations

import random
from typing import Sequence

from ..actions import Action
from ..line import partner_of, team_of
from ..tiles import Tile, double_set, tile
from ..variants import cuban, jamaican
from .levels import Budget, Level

TOP = {cuban.GAME: cuban.TOP, jamaican.GAME: jamaican.TOP}
#: Cuban CU-4: a computer player always demands a redeal with five or more doubles.
REDEAL_KIND = "redeal"


class Knowledge:
    """The public facts of the current hand, as one seat sees them."""

    def __init__(self, view) -> None:
        self.view = view
        self.game = view.game
        self.top = TOP[view.game]
        self.seat = view.seat
        self.partner = partner_of(view.seat)
        self.hand = tuple(view.hand)
        self.counts = list(view.hand_counts)
        self.voids: list[set[int]] = [set() for _ in range(5)]
        #: numbers each seat chose to open: the far ends of its tiles (both for a lead)
        self.opened: list[set[int]] = [set() for _ in range(5)]
        start = 0
        history = view.history
        for i in range(len(history) - 1, -1, -1):  # the history spans the session: read this hand
            if history[i][0] == "deal":
                start = i + 1
                break
        left = right = -1
        for entry in history[start:]:
            kind = entry[0]
            if kind == "play":
                _, s, t, end, lying = entry
                if left < 0:
                    left, right = lying
                    self.opened[s].update(lying)
                elif end == "L":
                    left = lying[0]
                    self.opened[s].add(left)
                else:
                    right = lying[1]
                    self.opened[s].add(right)
            elif kind == "pass" and left >= 0:
                self.voids[entry[1]].update((left, right))
        on_line = {tile(a, b) for a, b in view.line}
        mine = set(self.hand)
        self.unseen = [t for t in double_set(self.top) if t not in on_line and t not in mine]
        self.shown = [0] * (self.top + 1)
        for a, b in view.line:
            self.shown[a] += 1
            self.shown[b] += 1
        self.ends = (view.left_end, view.right_end) if view.left_end is not None else None

    def p_lacks(self, seat: int, numbers: set[int]) -> float:
        """Chance that ``seat`` holds no tile with any of ``numbers``."""
        need = numbers - self.voids[seat]
        if not need:
            return 1.0
        pool = [t for t in self.unseen if not (t[0] in self.voids[seat] or t[1] in self.voids[seat])]
        u = len(pool)
        k = sum(1 for t in pool if t[0] in need or t[1] in need)
        held = self.counts[seat]
        if k == 0:
            return 1.0
        p = 1.0
        for i in range(min(held, u)):
            p *= max(0.0, (u - k - i) / (u - i))
        return p


def _after(ends: tuple[int, int] | None, t: Tile, end: str) -> tuple[int, int]:
    a, b = t
    if ends is None:
        return a, b
    left, right = ends
    if end == "L":
        return (b if a == left else a), right
    return left, (b if a == right else a)


#: static weights per game, in pips, and ``mc``: the static points one hand won in
#: the playouts is worth (tuned by self-play against greedy players)
WEIGHTS: dict[str, dict[str, float]] = {
    "cuban": {"pip": 1.0, "double": 4.0, "follow": 2.0, "held": 1.0, "distinct": 0.0,
              "next": 12.0, "prev": 2.0, "partner": 5.0, "partner_nums": 1.5, "block": 30.0,
              "control_end": 0.0, "mc": 20.0},
    "jamaican": {"pip": 1.0, "double": 4.0, "follow": 2.0, "held": 1.0, "distinct": 0.0,
                 "next": 6.0, "prev": 2.0, "partner": 5.0, "partner_nums": 1.5, "block": 30.0,
                 "control_end": 10.0, "mc": 40.0},
}


def _static(k: Knowledge, t: Tile, end: str, sampled: bool = False) -> float:
    """The heuristic value of playing ``t`` on ``end`` (higher is better).

    ``sampled``: playouts were run, and they already see who holds the last tile
    of a hard end, so the end-control term stands aside (it measured worse twice).
    """
    hand = [x for x in k.hand if x != t]
    if not hand:
        return 1000.0 + _key_bonus(k, t)
    w = WEIGHTS[k.game]
    left, right = _after(k.ends, t, end)
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
        elif not mine and k.game == jamaican.GAME and shown[e] == k.top + 1:
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


def _key_bonus(k: Knowledge, t: Tile) -> float:
    """JA-6: going out with the only tile matching two different hard ends is worth 2."""
    if k.game != "jamaican" or k.ends is None or t[0] == t[1]:
        return 0.0
    left, right = k.ends
    hard = k.top + 1
    if left != right and {left, right} == {t[0], t[1]} and k.shown[left] == hard and k.shown[right] == hard:
        return 100.0
    return 0.0


# ------------------------------------------------------------------ sampling

def sample_hands(k: Knowledge, rng: random.Random, tries: int = 20) -> list[list[Tile]] | None:
    """Other seats' hands dealt from the unseen tiles, respecting sizes and known voids.

    Cuban's unused tiles take whatever is left (CU-3).  Returns None when no
    consistent deal turned up within ``tries``.
    """
    others = [s for s in (1, 2, 3, 4) if s != k.seat]
    pool = list(k.unseen)
    if not any(k.voids[s] for s in others):
        rng.shuffle(pool)
        hands = [[] for _ in range(5)]
        i = 0
        for s in others:
            hands[s] = pool[i:i + k.counts[s]]
            i += k.counts[s]
        hands[k.seat] = list(k.hand)
        return hands
    allowed = {t: [s for s in others if t[0] not in k.voids[s] and t[1] not in k.voids[s]] for t in pool}
    for _ in range(tries):
        rng.shuffle(pool)
        order = sorted(pool, key=lambda t: len(allowed[t]))  # the most constrained tiles first
        hands = [[] for _ in range(5)]
        need = {s: k.counts[s] for s in others}
        spare = len(pool) - sum(need.values())  # Cuban's unused tiles
        ok = True
        for t in order:
            opts = [s for s in allowed[t] if need[s] > 0]
            total = sum(need[s] for s in opts) + spare
            if total == 0:
                ok = False
                break
            r = rng.randrange(total)
            for s in opts:
                if r < need[s]:
                    hands[s].append(t)
                    need[s] -= 1
                    break
                r -= need[s]
            else:
                spare -= 1
        if ok and not any(need.values()):
            hands[k.seat] = list(k.hand)
            return hands
    return None


#: playout policy: how much a double is preferred over its pips
PLAYOUT_DOUBLE = 20


def _preference(t: Tile) -> int:
    """The playout policy's order: doubles first, then the heaviest tile."""
    return t[0] + t[1] + (PLAYOUT_DOUBLE if t[0] == t[1] else 0)


def playout(k: Knowledge, hands: list[list[Tile]], t: Tile, end: str, budget: Budget) -> float:
    """Play the hand out after the bot plays ``t`` on ``end``; the result for the bot's team.

    Every seat follows the light policy: the first tile in its preference order
    that fits, on the left end when it fits both.  Each ply costs one node.
    """
    hands = [list(h) for h in hands]  # each already in preference order
    seat = k.seat
    left, right = _after(k.ends, t, end)
    shown = list(k.shown)
    shown[t[0]] += 1
    shown[t[1]] += 1
    hands[seat].remove(t)
    if not hands[seat]:
        return _result(k, hands, seat, _key_bonus(k, t) > 0)
    passes = 0
    s = seat
    hard = k.top + 1
    jamaican = k.game == "jamaican"
    cap = budget.left
    plies = 0
    while plies < cap:
        plies += 1
        s = s % 4 + 1
        hand = hands[s]
        for i, x in enumerate(hand):
            a, b = x
            if a == left or b == left:
                on_left = True
                break
            if a == right or b == right:
                on_left = False
                break
        else:
            passes += 1
            if passes == 4:
                budget.left -= plies
                return _result(k, hands, 0, False)
            continue
        passes = 0
        key = (jamaican and len(hand) == 1 and a != b and left != right
               and {left, right} == {a, b} and shown[left] == hard and shown[right] == hard)
        del hand[i]
        shown[a] += 1
        shown[b] += 1
        if on_left:
            left = b if a == left else a
        else:
            right = b if a == right else a
        if not hand:
            budget.left -= plies
            return _result(k, hands, s, key)
    budget.left -= plies
    return 0.0  # out of budget mid-playout: no information


def _result(k: Knowledge, hands: list[list[Tile]], out: int, key: bool) -> float:
    counts = [0] + [sum(a + b for a, b in hands[s]) for s in (1, 2, 3, 4)]
    if out:
        winner = team_of(out)
    else:
        best = min(counts[1:])
        teams = {team_of(s) for s in (1, 2, 3, 4) if counts[s] == best}
        if len(teams) > 1:
            return 0.0
        winner = teams.pop()
    sign = 1.0 if winner == team_of(k.seat) else -1.0
    if k.game == "cuban":
        loser_seats = [s for s in (1, 2, 3, 4) if team_of(s) != winner]
        return sign * (1.0 + sum(counts[s] for s in loser_seats) / 60.0)
    return sign * (2.0 if key else 1.0)


# ------------------------------------------------------------------ choosing

def _choose_leader(view, k: Knowledge) -> Action:
    """CU-5, JA-3: lead yourself with a hand that controls a number; else let the partner."""
    held: dict[int, int] = {}
    for a, b in k.hand:
        held[a] = held.get(a, 0) + 1
        if b != a:
            held[b] = held.get(b, 0) + 1
    doubles = sum(1 for a, b in k.hand if a == b)
    strong = max(held.values(), default=0) >= (4 if k.top == 9 else 3) or doubles >= 2
    wanted = k.seat if strong else k.partner
    for a in view.legal:
        if a.seat == wanted:
            return a
    return view.legal[0]


def choose(view, lvl: Level, rng: random.Random) -> Action:
    """The bot's action for a Cuban or Jamaican view."""
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
    scored = _rank(k, plays, lvl, rng)
    if lvl.slip and len(scored) > 1 and rng.random() < lvl.slip:
        return scored[1][1]
    return scored[0][1]


def _rank(k: Knowledge, plays: Sequence[Action], lvl: Level, rng: random.Random) -> list[tuple[float, Action]]:
    # the same tile and the same ends after it: only one placement is worth searching
    distinct: dict[tuple, Action] = {}
    for a in plays:
        distinct.setdefault((a.tile, _after(k.ends, a.tile, a.end)), a)
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
            hands = [sorted(h, key=_preference, reverse=True) for h in hands]
            for a in candidates:
                totals[a] += playout(k, hands, a.tile, a.end, budget)
            runs += 1
    weight = WEIGHTS[k.game]["mc"]
    static = {a: _static(k, a.tile, a.end, sampled=runs > 0) for a in plays}
    scored = []
    for a in plays:
        key = distinct[(a.tile, _after(k.ends, a.tile, a.end))]
        mc = totals[key] / runs if runs else 0.0
        scored.append((weight * mc + static[a], a))
    scored.sort(key=lambda sa: -sa[0])
    return scored
