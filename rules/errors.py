"""The referee's exceptions: each names one kind of problem."""
from __future__ import annotations


class RulesError(Exception):
    """Base class for everything the rules package raises on purpose."""


class IllegalActionError(RulesError):
    """An action outside ``legal_actions()``; the state is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class NoDecisionError(RulesError):
    """A decision was applied where none is pending (chance step or match over)."""


class InvalidDealError(RulesError):
    """A supplied deal or lead draw does not split the set correctly."""


class SaveFileError(RulesError):
    """A save file that is corrupt, truncated, foreign or fails verification.

    ``problem`` sorts it for the player's message: "unreadable", "too_big",
    "corrupt" (not JSON, truncated), "foreign" (not a save), "newer", "damaged"
    (a save whose structure is wrong) or "invalid" (a move fails verification).
    """

    def __init__(self, message: str, problem: str = "invalid") -> None:
        super().__init__(message)
        self.problem = problem


class ConfigError(RulesError):
    """A match configuration the rules do not allow (players, game, seed)."""
