"""A reference player that peeks, for the benchmark only (issue 4): how far can seeing help?

The computer player must never peek (UX-4).  To say how much of a partnership
hand the deal decides, ``tools/bench_bot.py`` also runs this player, which
reads the whole table state: every hand, Cuban's 15 unused tiles, and the
opponents' policy.  For each legal play it plays the hand out ``ROLLOUTS``
times from the true position, its own team shedding doubles then heavy tiles
and the opponents playing their real policy (random or greedy), and takes the
play that won most often.  The lead choice (CU-5, JA-3) is made the same way,
from the best first tile of each partner; CU-4 redeals are always demanded.

What this player wins is a rough ceiling for any player that cannot see, not
an exact one: rollouts are not a perfect search.  It lives in ``tools/``, away
from ``rules/bots``, so the program can never use it.
"""
from __future__ import annotations

import random

from rules.actions import Action
from rules.bots.knowledge import after
from rules.line import team_of

#: playouts per candidate play
ROLLOUTS = 30

Move = tuple[tuple[int, int], str]


def _fits(hand: list, left: int, right: int) -> list[Move]:
    if left < 0:
        return [(t, "L") for t in hand]
    moves = []
    for t in hand:
        if left in t:
            moves.append((t, "L"))
        if right in t and left != right:
            moves.append((t, "R"))
    return moves


def _place(left: int, right: int, t, end: str) -> tuple[int, int]:
    return after(None if left < 0 else (left, right), t, end)


def _pick(policy: str, moves: list[Move], rng: random.Random) -> Move:
    if policy == "random":
        return moves[rng.randrange(len(moves))]
    if policy == "greedy":  # the most pips, as rules.policies.greedy_policy
        return max(moves, key=lambda m: (m[0][0] + m[0][1], -m[0][0], -m[0][1], m[1] == "L"))
    # the peeking team itself: doubles first, then the heaviest tile
    return max(moves, key=lambda m: (m[0][0] + m[0][1] + (20 if m[0][0] == m[0][1] else 0), m[1] == "L"))


def _rollout(hands: list, left: int, right: int, turn: int, policies: list, rng: random.Random) -> int | None:
    """The winning team of the hand played out from here, None for a tie (CU-7, JA-5)."""
    hands = [list(h) for h in hands]
    passes = 0
    while True:
        hand = hands[turn]
        moves = _fits(hand, left, right)
        if not moves:
            passes += 1
            if passes == 4:
                counts = [sum(a + b for a, b in hands[s]) for s in (1, 2, 3, 4)]
                best = min(counts)
                teams = {team_of(s) for s in (1, 2, 3, 4) if counts[s - 1] == best}
                return None if len(teams) > 1 else teams.pop()
            turn = turn % 4 + 1
            continue
        passes = 0
        t, end = _pick(policies[turn], moves, rng)
        hand.remove(t)
        left, right = _place(left, right, t, end)
        if not hand:
            return team_of(turn)
        turn = turn % 4 + 1


def _value(hands: list, left: int, right: int, seat: int, move: Move, policies: list,
           rollouts: int, rng: random.Random) -> float:
    """Share of playouts the seat's team wins after ``move`` (a tie counts half)."""
    t, end = move
    hands = [list(h) for h in hands]
    hands[seat].remove(t)
    if not hands[seat]:
        return 1.0
    left, right = _place(left, right, t, end)
    team = team_of(seat)
    won = 0.0
    for _ in range(rollouts):
        w = _rollout(hands, left, right, seat % 4 + 1, policies, rng)
        won += 1.0 if w == team else 0.5 if w is None else 0.0
    return won / rollouts


def choose(state, opponent: str, rng: random.Random) -> Action:
    """The peeking team's action for the seat to act in ``state`` (a PartnershipGame)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if "redeal" in kinds:
        return next(a for a in legal if a.kind == "redeal")  # CU-4
    seat = state.turn
    team = team_of(seat)
    policies = [None] + [("self" if team_of(s) == team else opponent) for s in (1, 2, 3, 4)]
    if "lead" in kinds:
        def lead_value(a: Action) -> float:
            return max(_value(state.hands, -1, -1, a.seat, (t, "L"), policies, ROLLOUTS // 2, rng)
                       for t in state.hands[a.seat])
        return max(legal, key=lead_value)
    line = state.line
    left, right = (line.left, line.right) if line.left >= 0 else (-1, -1)
    return max(legal, key=lambda a: _value(state.hands, left, right, seat, (a.tile, a.end),
                                           policies, ROLLOUTS, rng))
