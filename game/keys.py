"""What the arrows and Enter mean at the table (UX-7), for the keyboard and the controller.

The cursor (``game.focus``) only points; these say what pointing and pressing do: walking
the lit targets previews each in turn (UX-1), Enter selects a tile, previews or confirms a
target, or presses a button.  They act through the play state's own intents (``tap_tile``,
``tap_target``, ``press``, ``confirm``), the same ones the mouse and touch use.
"""
from __future__ import annotations

from typing import Any, Protocol

from .focus import Cursor
from .picking import Pick
from .phases import CURTAIN, DEAL_END, MATCH_END, PREVIEW

#: Buttons that act at once, with no preview to confirm: the keyboard cursor presses them
#: only after the player moved it onto them (``Cursor.chosen``, issue 28).
GUARDED_BUTTONS = frozenset({"undo", "redo"})


class Keyed(Protocol):
    """What the keys read of the table and the intents they send (``game.play.PlayState``)."""

    cursor: Cursor
    pick: Pick
    selected: Any
    pending: Any
    kit: Any

    @property
    def phase(self) -> str: ...

    def hand(self) -> list: ...

    def targets(self) -> list: ...

    def play_at(self, key: Any) -> Any: ...

    def tap_tile(self, t: Any) -> None: ...

    def tap_target(self, key: Any) -> None: ...

    def press(self, button: str) -> str | None: ...

    def confirm(self, began: float | None = None) -> bool: ...

    def fresh(self, began: float | None, prior: float | None = None) -> bool: ...


class Keys:
    """The arrows and Enter of one table."""

    def __init__(self, play: Keyed) -> None:
        self.play = play

    def move(self, direction: str) -> None:
        """An arrow (UX-7); walking the lit targets previews each in turn (UX-1)."""
        play = self.play
        cursor = play.cursor
        if play.phase in (CURTAIN, DEAL_END, MATCH_END) or not cursor.step(direction):
            return
        if direction in ("left", "right"):
            if cursor.zone == "targets" and play.selected is not None:
                play.pick.preview(play.play_at(cursor.focused()))
        elif cursor.zone == "hand" and play.selected in play.hand():
            cursor.place("hand", play.selected)
        elif cursor.zone == "targets" and play.pending is not None and play.pending.kind == "play":
            cursor.place("targets", play.kit.target(play.pending))

    def activate(self, began: float | None = None, prior: float | None = None) -> str | None:
        """Enter on the focused item: select a tile, preview/confirm a target, press a button.
        ``began`` is when the press began, ``prior`` when the one before it did (issue 40).
        Returns "menu" when the scene must open the menu."""
        play = self.play
        cursor = play.cursor
        if play.phase == CURTAIN:
            play.confirm(began)
            return None
        if play.phase == DEAL_END:
            # issue 40: the deal's result comes up by itself (``DealEndScene``); a press
            # before it did began for the move that ended the deal, so it never skips it
            return None
        item = cursor.focused()
        if not (cursor.zone == "buttons" and item in GUARDED_BUTTONS) and not play.fresh(began, prior):
            # issue 40: a decision just offered (the same player's next one too) is not acted
            # on by a press meant for the last; Undo and Redo keep their own guard (issue 28)
            return None
        if play.phase == PREVIEW and cursor.zone != "buttons":
            # UX-1: Enter carries out the previewed decision whatever the cursor is on (a
            # hinted pass with the cursor on the tile just drawn); buttons keep their meaning
            play.confirm()
            return None
        if item is None:
            if play.phase == PREVIEW:
                play.confirm()
            return None
        if cursor.zone == "hand":
            play.tap_tile(item)
            if play.phase != PREVIEW and play.selected is not None and play.targets():
                cursor.zone, cursor.index = "targets", 0  # the cursor moves on to the targets
        elif cursor.zone == "targets":
            play.tap_target(item)
        elif cursor.zone == "buttons":
            if item in GUARDED_BUTTONS and not cursor.chosen(item, began):
                return None  # issue 28: the cursor drifted there; Ctrl+Z or a fresh press undoes
            return play.press(item)
        return None
