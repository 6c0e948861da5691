"""The match's random streams (rules.rng): the fast shuffle deals what ``Random.shuffle`` deals.

Every deal of every game is ``shuffle(stream(...), tiles)`` (issue 42 replaced
``rng.shuffle``); a transcript or a save written before must replay to the same
hands, so the two must agree on every seed and every length, and leave the
stream at the same point for whatever it draws next.
"""
from __future__ import annotations

import random

from rules.rng import shuffle, stream
from rules.tiles import double_set


def test_shuffle_is_random_shuffle_over_many_seeds_and_lengths():
    for seed in range(300):
        for n in (0, 1, 2, 3, 28, 55, 91, 100, seed % 70):
            ours, theirs = stream(seed, "test", n), stream(seed, "test", n)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (seed, n)
            assert ours.getrandbits(64) == theirs.getrandbits(64)  # the same bits were used


def test_shuffle_deals_the_tile_sets_as_before():
    """The three sets' deals, seeded as the games seed them, against ``Random.shuffle``."""
    for top in (6, 9, 12):
        for seed in range(40):
            ours, theirs = list(double_set(top)), list(double_set(top))
            shuffle(stream(seed, "deal", top), ours)
            stream(seed, "deal", top).shuffle(theirs)
            assert ours == theirs


def test_a_subclass_of_random_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x, *args, **kwargs) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]
