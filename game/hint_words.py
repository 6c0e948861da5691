"""The hint's one line of why, in the player's language (issue 31).

``rules.reasons.why`` says which fact of the position sets the suggested move apart; this
turns it into the line shown under the hint's preview (on the table and on a phone).
"""
from __future__ import annotations

from typing import Callable

from rules.reasons import Reason

from .i18n import t


def reason_line(reason: Reason | None, name_of: Callable[[int], str]) -> str:
    """The line for ``reason`` (``reasons.KIND`` in locales/), or "" when there is none;
    ``name_of`` names a seat as the table does."""
    if reason is None:
        return ""
    params: dict[str, object] = {}
    if reason.number is not None:
        params["number"] = reason.number
    if reason.seat is not None:
        params["name"] = name_of(reason.seat)
    return t(f"reasons.{reason.kind}", count=reason.figure, **params)
