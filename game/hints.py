"""The hint (UX-4): the best decision the program can know for the seat to act, from that
seat's own view: the coach's own judgement (``rules.coach.judgement``: the same view, the
same sampled deals), so a hint taken is never graded a mistake afterwards (issue 40: a
Cuban hand played by Hint and Enter alone got three inaccuracies from the coach); where the
coach grades nothing (a setup choice), the hinting bot's.  Seeded by the match and the
position: the same position always gets the same hint.  The play state previews it like
any decision (UX-1)."""
from __future__ import annotations

from typing import Any

from rules import bots, coach
from rules.actions import Action
from rules.rng import stream


def suggestion(session: Any, view: Any) -> Action | None:
    """The hinted decision on ``view`` (the seat's own), or None if it is not legal there."""
    action = coach.judgement(view, session.config.seed, session.cursor)
    if action is None:
        action = bots.hint(view, stream(session.config.seed, "hint", session.cursor))
    return action if action in view.legal else None  # a bot bug must never play
