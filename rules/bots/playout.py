"""Sampled deals and playouts for the partnership games (issue 4; CU-3, JA-6).

Hidden hands are dealt from the unseen tiles consistently with the view (hand
sizes, known voids; Cuban's unused tiles take what is left), and a candidate
play is played out to the end of the hand with a light policy for every seat.
Each ply costs one node of the decision's budget.
"""
from __future__ import annotations

import random
from typing import Collection, Sequence

from ..line import team_of
from ..tiles import Tile
from .knowledge import Knowledge, after, key_bonus
from .levels import Budget


def sample_hands(k: Knowledge, rng: random.Random, tries: int = 20) -> list[list[Tile]] | None:
    """Other seats' hands dealt from the unseen tiles, respecting sizes and known voids.

    Cuban's unused tiles take whatever is left (CU-3).  Returns None when no
    consistent deal turned up within ``tries``.
    """
    others = [s for s in (1, 2, 3, 4) if s != k.seat]
    pool = list(k.unseen)
    if not any(k.voids[s] for s in others):
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in range(5)]
        i = 0
        for s in others:
            hands[s] = pool[i:i + k.counts[s]]
            i += k.counts[s]
        hands[k.seat] = list(k.hand)
        return hands
    need = {s: k.counts[s] for s in others}
    dealt = deal_by_voids(pool, need, k.voids, rng, tries, spare=len(pool) - sum(need.values()))
    if dealt is None:
        return None
    hands = [dealt.get(s, []) for s in range(5)]
    hands[k.seat] = list(k.hand)
    return hands


def deal_by_voids(pool: list[Tile], need: dict[int, int], voids: Sequence[Collection[int]],
                  rng: random.Random, tries: int, spare: int = 0) -> dict[int, list[Tile]] | None:
    """Deal ``pool`` so that each seat ``s`` of ``need`` gets ``need[s]`` tiles, none with a
    number in ``voids[s]``, and ``spare`` tiles are left to nobody (Cuban's unused, CU-3).

    The most constrained tiles go first, each to a seat (or to the spare) with odds in
    proportion to the room left there.  ``pool`` is shuffled in place.  Returns None when
    no consistent deal turned up within ``tries``.  The Jamaican OpenSpiel bridge
    (``tools/openspiel_jamaican.py``) deals its worlds with it too.
    """
    allowed = {t: [s for s in need if t[0] not in voids[s] and t[1] not in voids[s]] for t in pool}
    for _ in range(tries):
        rng.shuffle(pool)
        order = sorted(pool, key=lambda t: len(allowed[t]))  # the most constrained tiles first
        hands: dict[int, list[Tile]] = {s: [] for s in need}
        left = dict(need)
        free = spare
        for t in order:
            opts = [s for s in allowed[t] if left[s] > 0]
            total = sum(left[s] for s in opts) + free
            if total == 0:
                break
            r = rng.randrange(total)
            for s in opts:
                if r < left[s]:
                    hands[s].append(t)
                    left[s] -= 1
                    break
                r -= left[s]
            else:
                free -= 1
        else:
            if not any(left.values()):
                return hands
    return None


#: playout policy: how much a double is preferred over its pips
PLAYOUT_DOUBLE = 20


def preference(t: Tile) -> int:
    """The playout policy's order: doubles first, then the heaviest tile."""
    return t[0] + t[1] + (PLAYOUT_DOUBLE if t[0] == t[1] else 0)


def playout(k: Knowledge, hands: list[list[Tile]], t: Tile, end: str, budget: Budget) -> float:
    """Play the hand out after the bot plays ``t`` on ``end``; the result for the bot's team.

    Every seat follows the light policy: the first tile in its preference order
    that fits, on the left end when it fits both.  Each ply costs one node.
    """
    hands = [list(h) for h in hands]  # each already in preference order
    seat = k.seat
    left, right = after(k.ends, t, end)
    shown = list(k.shown)
    shown[t[0]] += 1
    shown[t[1]] += 1
    hands[seat].remove(t)
    if not hands[seat]:
        return _result(k, hands, seat, key_bonus(k, t) > 0)
    passes = 0
    s = seat
    hard = k.top + 1
    key_game = k.key_tile
    cap = budget.left
    plies = 0
    while plies < cap:
        plies += 1
        s = s % 4 + 1
        hand = hands[s]
        for i, x in enumerate(hand):  # noqa: B007 - i is the tile played, used after the loop
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
        key = (key_game and len(hand) == 1 and a != b and left != right
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
    if k.pip_points:
        loser_seats = [s for s in (1, 2, 3, 4) if team_of(s) != winner]
        return sign * (1.0 + sum(counts[s] for s in loser_seats) / 60.0)
    return sign * (2.0 if key else 1.0)


# ------------------------------------------------------------------ choosing
