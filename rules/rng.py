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
