"""The hint (UX-4): the hinting bot's suggestion for the seat to act, from that seat's own
view and a stream seeded by the match and the position, so the same position always gets
the same hint.  The play state previews it like any decision (UX-1)."""
from __future__ import annotations

from typing import Any

from rules import bots
from rules.actions import Action
from rules.rng import stream


def suggestion(session: Any, view: Any) -> Action | None:
    """The hinted decision on ``view`` (the seat's own), or None if it is not legal there."""
    action = bots.hint(view, stream(session.config.seed, "hint", session.cursor))
    return action if action in view.legal else None  # a bot bug must never play
