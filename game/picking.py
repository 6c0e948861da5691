"""The decision being picked at the device (UX-1, UX-2): the hand tile selected, the decision
previewed, and the intents of the human at the device that change them (a tap on a tile or
a target, a button, confirm, cancel, the hint, the hand's sort order).

``Pick`` belongs to one play state (``game.play.PlayState``), which composes it.  It holds
only the pick; the play state owns the phases (its ``preview`` phase is its ``choosing``
phase with a decision shown here) and carries the decision out (``PlayState.apply``).
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from rules.actions import Action
from rules.reasons import Reason, why
from rules.tiles import Tile

from .focus import Cursor
from .hand_order import HandOrder
from .hints import suggestion
from .phases import CHOOSING, CURTAIN, DEAL_END, PREVIEW


class Pickable(Protocol):
    """What a pick reads of the table and asks of it (``game.play.PlayState``)."""

    session: Any
    kit: Any
    setup: Action | None
    cursor: Cursor
    order: HandOrder

    @property
    def phase(self) -> str: ...

    def my_turn(self) -> bool: ...

    def hand(self) -> list[Tile]: ...

    def hand_seat(self) -> int | None: ...

    def view(self) -> Any: ...

    def playable_tiles(self) -> set[Tile]: ...

    def targets(self, t: Tile | None = None) -> list: ...

    def play_at(self, key: Any) -> Action | None: ...

    def decision(self, button: str) -> Action | None: ...

    def button_enabled(self, button: str) -> bool: ...

    def say(self, key: str | None, **params: Any) -> None: ...

    def apply(self, action: Action) -> bool: ...

    def reveal(self, began: float | None = None) -> bool: ...

    def continue_after_deal(self) -> None: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...


class Pick:
    """The selected tile and the previewed decision of the human at the device."""

    def __init__(self, play: Pickable) -> None:
        self.play = play
        self.selected: Tile | None = None
        #: UX-1: the decision shown, waiting for a confirm or a cancel.
        self.pending: Action | None = None
        #: The shown decision is the hint's (UX-4), which the table words as such.
        self.pending_is_hint = False
        #: Issue 31: the hint's reason, worked out once when the hint is taken (not on each
        #: frame that shows it): the hinted decision, the view it was weighed on, the reason.
        self.hint_why: tuple[Action, Any, Reason | None] | None = None
        #: Where the hint's move comes from instead of the hinting bot: a lesson's own move
        #: (issue 38: the hint inside a lesson previews what the lesson's cards ask for).
        self.hint_move: Callable[[], Action | None] | None = None

    def clear(self) -> None:
        """Nothing picked (the position changed)."""
        self.selected = None
        self.pending = None
        self.pending_is_hint = False

    def _point(self, zone: str, index: int) -> None:
        self.play.cursor.zone, self.play.cursor.index = zone, index

    def tap_tile(self, t: Tile) -> None:
        """Select (or deselect) a hand tile; a tile with one target goes straight to its preview."""
        play = self.play
        if not play.my_turn():
            return
        hand = play.hand()
        if t in hand:
            self._point("hand", hand.index(t))
        if self.selected == t:
            self.cancel()
            if self.selected == t:
                self.selected = None
            return
        if play.setup is not None and t == play.setup.tile:
            self.preview(play.setup)  # the engine: tapped, it is previewed on the station
            return
        self.pending = None
        if t not in play.playable_tiles():
            self.selected = None
            play.say("table.no_play_for_tile", tile=f"[{t[0]}|{t[1]}]")  # as every tile is named
            return
        self.selected = t
        play.say(None)
        targets = play.targets()
        if len(targets) == 1:
            self.preview(play.play_at(targets[0]))
        else:
            play.say(play.kit.choose_target_key)

    def tap_target(self, key: Any) -> None:
        """Preview the selected tile at target ``key``; a second tap on the same target confirms."""
        play = self.play
        if not play.my_turn() or self.selected is None:
            return
        action = play.play_at(key)
        if action is None:
            return
        self._point("targets", play.targets().index(key))
        if play.phase == PREVIEW and self.pending == action:
            self.confirm()
        else:
            self.preview(action)

    def preview(self, action: Action | None, hint: bool = False) -> None:
        """UX-1: show ``action`` and wait for a confirm or a cancel (None: nothing to show)."""
        if action is None:
            return  # no legal play there (a stale target): nothing to preview
        play = self.play
        self.pending = action
        self.pending_is_hint = hint
        self.hint_why = None
        if hint:
            view = play.view()
            self.hint_why = (action, view, why(view, action) if action in view.legal else None)
        if action.kind == "play" or action == play.setup:
            self.selected = action.tile
            targets = play.targets()
            key = play.kit.target(action)
            if key in targets:
                self._point("targets", targets.index(key))
        play.say(None)  # the scene words the preview itself (UX-1)

    def hint_reason(self) -> Reason | None:
        """Why the hint on show is suggested (``rules.reasons.why`` from the seat's view, UX-4),
        as worked out when it was taken; None unless the preview is that hint in that position."""
        kept = self.hint_why
        if not self.pending_is_hint or kept is None or kept[0] != self.pending or kept[1] is not self.play.view():
            return None
        return kept[2]

    def press(self, button: str) -> str | None:
        """A table button.  Returns "menu" when the scene must open the menu."""
        play = self.play
        if not play.button_enabled(button):
            return None
        cursor = play.cursor
        cursor.zone = "buttons"
        if button == "menu":
            return "menu"
        action = play.decision(button)
        if action is None:  # the table's own buttons
            own: dict[str, Callable[[], object]] = {
                "confirm": self.confirm, "cancel": self.cancel, "hint": self.hint, "undo": play.undo,
                "redo": play.redo, "sort": self.sort}
            own[button]()
        elif play.phase == PREVIEW and self.pending == action:
            self.confirm()  # a second press confirms, like a second tap
        else:
            self.selected = None
            self.preview(action)
        if cursor.zone == "buttons" and button != "hint":  # a hint puts the cursor on Confirm
            items = cursor.items()
            if button in items:
                cursor.index = items.index(button)
            else:
                cursor.clamp()
        return None

    def confirm(self, began: float | None = None) -> bool:
        """UX-1: carry out the previewed decision (or reveal the hand at the curtain, UX-3:
        ``began`` is when the press behind this began)."""
        play = self.play
        if play.phase == CURTAIN:
            play.reveal(began)
            return False
        if play.phase == DEAL_END:
            play.continue_after_deal()
            return False
        if play.phase != PREVIEW or self.pending is None:
            return False
        done = play.apply(self.pending)
        if done and play.cursor.zone != "hand":
            # issue 28: after a confirm the cursor goes back to the hand (parked while the
            # computers play), never left on a button a second Enter would press (Undo)
            play.cursor.home()
        return done

    def cancel(self, keep_tile: bool = False) -> None:
        """Back one step: from a preview to nothing, or to the selected tile where the player
        chose it and it has other places to go; from a selection to nothing.  ``keep_tile``:
        the tile stays chosen (a drag carrying it decides its place by the drop)."""
        play = self.play
        if play.phase == PREVIEW:
            was, hinted = self.pending, self.pending_is_hint
            self.pending = None
            self.pending_is_hint = False
            if was is not None and not keep_tile and (was.kind != "play" or hinted or len(play.targets()) <= 1):
                # issue 40: one press leaves the preview; the tile stays chosen only where the
                # player chose it and it has other places to go
                self.selected = None
                if was.kind == "play" and was.tile in play.hand():
                    play.cursor.place("hand", was.tile)  # back on the tile, where Enter takes it again
            play.say(play.kit.choose_target_key if self.selected is not None else None)
        elif play.phase == CHOOSING and self.selected is not None:
            self.selected = None
            play.say(None)
            play.cursor.zone = "hand"
        play.cursor.clamp()

    def hint(self) -> None:
        """Preview the deal's start step, or the hinting bot's move on this seat's own view
        (UX-4, ``game.hints``), with the cursor on Confirm so Enter accepts it (issue 28)."""
        play = self.play
        if not play.my_turn():
            return
        if play.setup is not None:
            action: Action | None = play.setup
        elif self.hint_move is not None:  # a lesson's own move (issue 38)
            action = self.hint_move()
        else:
            action = suggestion(play.session, play.view())
        if action is None:  # pragma: no cover - a bot bug must not play
            play.say("table.hint_unavailable")
            return
        self.selected = action.tile if action.kind == "play" else None
        self.preview(action, hint=True)
        if "confirm" in play.cursor.items("buttons"):
            play.cursor.place("buttons", "confirm")

    def sort(self) -> None:
        """The next sort order of the hand on screen; nothing while every hand is face down
        (a Tab during the computers' turns must not reorder the next human's hand)."""
        seat = self.play.hand_seat()
        if seat is not None:
            self.play.order.turn(seat)
            self.play.cursor.clamp()
