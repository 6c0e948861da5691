"""What every kit's deal-end and match-end layouts share (UX-3): the colours, the hand's number."""
from __future__ import annotations

from collections.abc import Sequence

from rules.events import Event, back


GOLD = (255, 214, 90)
GREY = (190, 196, 186)
FAINT = (150, 156, 146)


def hand_number(history: Sequence[Event], ended: bool = False) -> int:
    """The number of the hand being dealt or played (``ended``: of the hand that ended last)."""
    done = sum(e.kind == "deal_end" for _, e in back(history, until=("match",)))  # this match's
    return max(1, done if ended else done + 1)
