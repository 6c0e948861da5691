"""What one seat knows of a Cuban or Jamaican hand, read from its view alone (UX-4).

Its hand, the line, the hand sizes and this hand's public history: from that
history, each seat's known voids (a pass proves the seat had neither open
number, CU-6, JA-4) and the numbers each seat chose to open; the unseen tiles
(other hands, and Cuban's 15 unused tiles, CU-3); how often each number shows
on the line (JA-6 hard ends).
"""
from __future__ import annotations

from ..events import LinePlay
from ..line import partner_of
from ..state import this_deal
from ..tiles import Tile, double_set, tile
from ..variants import find_variant


class Knowledge:
    """The public facts of the current hand, as one seat sees them."""

    def __init__(self, view) -> None:
        self.view = view
        self.game = view.game
        variant = find_variant(view.game)
        self.top = variant.top
        #: JA-6: going out with the key tile is worth double
        self.key_tile = variant.key_tile
        #: CU-7, CU-8: a hand scores the losers' pips
        self.pip_points = variant.pip_points
        self.seat = view.seat
        self.partner = partner_of(view.seat)
        self.hand = tuple(view.hand)
        self.counts = list(view.hand_counts)
        self.voids: list[set[int]] = [set() for _ in range(5)]
        #: numbers each seat chose to open: the far ends of its tiles (both for a lead)
        self.opened: list[set[int]] = [set() for _ in range(5)]
        left = right = -1
        for entry in this_deal(view.history):
            if isinstance(entry, LinePlay):
                s, end, lying = entry.seat, entry.end, entry.lying
                if left < 0:
                    left, right = lying
                    self.opened[s].update(lying)
                elif end == "L":
                    left = lying[0]
                    self.opened[s].add(left)
                else:
                    right = lying[1]
                    self.opened[s].add(right)
            elif entry.kind == "pass" and left >= 0:
                self.voids[entry.seat].update((left, right))
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


def numbers_held(hand: tuple[Tile, ...]) -> dict[int, int]:
    """How many tiles of ``hand`` carry each number (a double once)."""
    held: dict[int, int] = {}
    for a, b in hand:
        held[a] = held.get(a, 0) + 1
        if b != a:
            held[b] = held.get(b, 0) + 1
    return held


def strong_hand(hand: tuple[Tile, ...], top: int) -> bool:
    """CU-5, JA-3: a hand worth leading: a number on at least ``top // 2`` of its tiles (4 on
    the double-nine, 3 on the double-six), or two doubles."""
    doubles = sum(1 for a, b in hand if a == b)
    return max(numbers_held(hand).values(), default=0) >= top // 2 or doubles >= 2


def after(ends: tuple[int, int] | None, t: Tile, end: str) -> tuple[int, int]:
    a, b = t
    if ends is None:
        return a, b
    left, right = ends
    if end == "L":
        return (b if a == left else a), right
    return left, (b if a == right else a)




def key_bonus(k: Knowledge, t: Tile) -> float:
    """JA-6: going out with the only tile matching two different hard ends is worth 2."""
    if not k.key_tile or k.ends is None or t[0] == t[1]:
        return 0.0
    left, right = k.ends
    hard = k.top + 1
    if left != right and {left, right} == {t[0], t[1]} and k.shown[left] == hard and k.shown[right] == hard:
        return 100.0
    return 0.0


# ------------------------------------------------------------------ sampling
