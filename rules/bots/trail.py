"""The best trail: the most valuable chain of tiles from one open end (MT-8, MT-10).

A hand is a multigraph on the numbers with one edge per tile (a double is a
loop); a trail from the open end is a plan for a personal train.  Finding the
best one is a bounded depth-first search: deterministic order, a node limit,
and the best trail found so far when the limit is reached.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ..tiles import Tile

TileValue = Callable[[Tile], float]


def best_trail(end: int, hand: Iterable[Tile], value: TileValue, limit: int) -> tuple[tuple[Tile, ...], int]:
    """The trail from ``end`` with the highest total ``value`` (values must be > 0).

    Returns the trail and the nodes spent.  A double matching the current end is
    always taken at once: a loop never closes another path, so with positive
    values some best trail takes it there.
    """
    tiles = sorted(set(hand))
    if not tiles:
        return (), 0
    vals = [value(t) for t in tiles]
    adj: dict[int, list[int]] = {}
    loops: dict[int, int] = {}
    # each number's tiles in the order they are tried: the most valuable first, then by
    # the tile; one sort of every tile lays out every number's list in that order
    for i in sorted(range(len(tiles)), key=lambda i: (-vals[i], i)):
        a, b = tiles[i]
        if a == b:
            loops[a] = i
        else:
            adj.setdefault(a, []).append(i)
            adj.setdefault(b, []).append(i)
    best_val = 0.0
    best_path: tuple = ()
    nodes = 0
    total = sum(vals)
    # the other end of tile i from end e is e ^ low ^ high
    across = [a ^ b for a, b in tiles]

    # the path is a chain of (tile index, the path before it) pairs: a step costs one
    # pair, and the best path found is kept without copying it
    def dfs(e: int, used: int, val: float, rest: float, path: tuple) -> None:
        nonlocal best_val, best_path, nodes
        li = loops.get(e)
        if li is not None and not used >> li & 1:
            used |= 1 << li
            val += vals[li]
            rest -= vals[li]
            path = (li, path)
        if val > best_val:
            best_val = val
            best_path = path
        for i in adj.get(e, ()):
            if nodes >= limit:
                break
            if used >> i & 1:
                continue
            if val + rest <= best_val:  # even every unused tile cannot beat the best
                break
            nodes += 1
            dfs(e ^ across[i], used | 1 << i, val + vals[i], rest - vals[i], (i, path))

    dfs(end, 0, 0.0, total, ())
    trail: list[Tile] = []
    while best_path:
        i, best_path = best_path
        trail.append(tiles[i])
    return tuple(reversed(trail)), nodes + 1
