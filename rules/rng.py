"""The match's randomness.

Every random outcome of a match comes from the match seed alone.  Each
outcome (a deal, a lead draw, a computer's choice) uses its own stream keyed by
where it happens, so that a rigged deal or an undo never shifts what a later
shuffle yields, and nothing reads the clock or the global ``random`` state.
"""
from __future__ import annotations

import hashlib
import random


def stream(seed: int, *keys: object) -> random.Random:
    """A ``random.Random`` determined by the seed and the keys only."""
    text = repr((int(seed),) + tuple(keys)).encode()
    digest = hashlib.sha256(text).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, in about half its time.

    CPython's ``Random.shuffle`` is Fisher-Yates over ``_randbelow(i + 1)``, which draws
    ``(i + 1).bit_length()`` bits and draws again while the number is too big; this is the
    same loop with the two method calls per tile inlined (a deal's shuffle was a fifth of a
    random Jamaican hand's cost, issue 42).  ``tests/rules/test_rng.py`` holds it to
    ``Random.shuffle`` over many seeds and lengths: every deal stays what it was.
    """
    if type(rng) is not random.Random:  # a subclass may draw its own way: ask it
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def decision_stream(seed: int, position: int) -> random.Random:
    """The stream of the computer's decision at ``position`` in the match's log (UX-4).

    Keyed by the position, not drawn from one running stream, so that an undo and a
    redo, a resumed save and ``rules selfplay`` all give a computer the same choice at
    the same point of the same match.
    """
    return stream(seed, "computer", position)


def fresh_seed() -> int:
    """A new seed for a match started without one (shown in the log)."""
    return random.SystemRandom().randrange(1, 2**31)
