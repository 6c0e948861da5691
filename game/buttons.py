"""The table's buttons (UX-1, UX-6): the kit's decision buttons of the moment (draw, pass,
accept, lead ...) followed by the table's own, and which of them can be pressed now.

``Buttons`` belongs to one play state (``game.play.PlayState``) and only reads it; what a
press does is the pick's (``game.picking.Pick.press``).
"""
from __future__ import annotations

from typing import Any, Protocol

from rules.actions import Action

from .phases import CHOOSING, PREVIEW

#: The table's own buttons, after the kit's decision buttons, in keyboard-cursor order.
CORE_BUTTONS = ("confirm", "cancel", "hint", "undo", "redo", "sort", "menu")


class Pressable(Protocol):
    """What the buttons read of the table (``game.play.PlayState``)."""

    kit: Any
    setup: Action | None
    selected: Any

    @property
    def phase(self) -> str: ...

    def view(self) -> Any: ...

    def my_turn(self) -> bool: ...

    def legal(self) -> tuple[Action, ...]: ...

    def hand_seat(self) -> int | None: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...


class Buttons:
    """The buttons of one table."""

    def __init__(self, play: Pressable) -> None:
        self.play = play

    def decisions(self) -> list[tuple[str, Action]]:
        """The kit's decision buttons of the moment, each with the action it stands for."""
        play = self.play
        if play.setup is not None:
            return [(play.setup.kind, play.setup)]
        return play.kit.decision_buttons(play.view())

    def decision(self, button: str) -> Action | None:
        """The action a decision button stands for, or None for the table's own buttons."""
        for bid, action in self.decisions():
            if bid == button:
                return action
        return None

    def ids(self) -> list[str]:
        return [b for b, _ in self.decisions()] + list(CORE_BUTTONS)

    def enabled(self, button: str) -> bool:
        play = self.play
        p = play.phase
        action = self.decision(button)
        if action is not None:
            return play.my_turn() and action in play.legal()
        if button == "confirm":
            return p == PREVIEW
        if button == "cancel":
            return p == PREVIEW or (p == CHOOSING and play.selected is not None)
        if button == "hint":
            return play.my_turn()
        if button == "undo":
            return play.can_undo()
        if button == "redo":
            return play.can_redo()
        if button == "sort":
            return play.hand_seat() is not None
        return button == "menu"

    def states(self) -> list[tuple[str, bool]]:
        """Every button with whether it can be pressed now."""
        return [(b, self.enabled(b)) for b in self.ids()]
