"""The table's input: the program's intents (game.intents) turned into requests to the play
state, camera moves and opened screens.

A click, a tap or a drag is hit-tested against the buttons and the hand as the next
frame will show them (``_hit_geometry``); a dragged tile snaps onto a lit target
near the pointer or springs back to the hand; the keys move the cursor, or pan the
table when it has the focus.  Every change to the match happens in ``PlayState``.
"""
from __future__ import annotations

import math

from .. import intents as I
from .. import safe_area
from ..guard import ATTENDING
from ..motion import SCREEN, Flight
from ..play import AWAY, CURTAIN, DEAL_END, MATCH_END, PREVIEW
from .table_camera import TableCamera
from ..table.layout import TILE_W
from ..table.hand import SELECT_RAISE

#: A dragged tile snaps onto a lit target within this many tile lengths of the pointer.
SNAP_TILES = 1.2
#: Seconds a dropped tile takes to spring back to its slot in the hand.
SPRING_S = 0.25
#: Intents that skip the motion in progress to its end (any key or click); they then act as usual.
SKIPS = frozenset({I.TAP, I.CONFIRM, I.CANCEL, I.UNDO, I.REDO, I.HINT, I.MENU})
#: Key and pad intents that show the keyboard cursor's ring (a hint by key puts it on Confirm).
CURSOR_KEYS = frozenset({I.MOVE, I.CONFIRM, I.CANCEL, I.HINT, I.SORT, I.UNDO, I.REDO})
#: Table buttons a press within the guard time still presses: none acts on the decision
#: (Undo and Redo keep their own guard, issue 28).
UNGUARDED_BUTTONS = frozenset({"menu", "hint", "sort", "undo", "redo"})


class TableInput(TableCamera):
    """The table scene's input part (see the module docstring)."""

    def handle(self, intent: I.Intent) -> None:
        # An intent can arrive before the first frame drew this scene (a resumed match
        # and a key in the same frame): every handler needs the geometry.
        if intent.kind == I.HOVER and intent.pos is not None:
            self.show_focus = False  # the mouse in use: its highlight alone, no keyboard ring too
        local = safe_area.pointer(self, intent)
        if local is None:
            return
        intent = local
        speech = getattr(self.app, "speech", None)  # issue 41 (a host without speech: none)
        if intent.device == "keyboard" and speech is not None:
            speech.key_pressed()  # a key cuts off review speech
        self._ensure_geometry()
        kind = intent.kind
        play = self.play
        if kind in ATTENDING and (kind != I.HOVER or intent.pos is not None):
            play.attend(play.now() if intent.began is None else intent.began)
        if kind in CURSOR_KEYS and intent.device in ("keyboard", "controller"):
            # the cursor shows once the keys are used; the resting pointer's highlight goes
            # until the mouse moves again: one thing drawn focused, never two (issue 28)
            self.show_focus = True
            self.hover_pos = None
        elif kind in (I.TAP, I.DRAG) and intent.device in ("mouse", "touch"):
            self.show_focus = False
        if kind in SKIPS and self.motion.active(self.clock):
            self.motion.skip(self.clock)  # any key or click: every tile at once where it lies now
        if kind in (I.TAP, I.DRAG, I.DRAG_END):
            self._hit_geometry()
        if kind == I.TAP and intent.pos is not None:
            self.tap(intent.pos, intent.began, intent.prior)
        elif kind == I.DRAG and intent.pos is not None:
            self.drag(intent.pos, intent.delta)
        elif kind == I.DRAG_END:
            self.drag_end(intent.pos)
        elif self.camera_intent(intent):
            pass
        elif kind == I.MOVE and intent.direction:
            if play.focus == "table":
                self._key_pan(intent.direction)  # the table has focus: arrows move it; Enter/Esc leave
            elif play.phase in (CURTAIN, AWAY, DEAL_END, MATCH_END) or not play.my_turn():
                self._key_pan(intent.direction)
            else:
                play.move(intent.direction)
                self._show_focused_target()
        elif kind == I.CONFIRM:
            if play.focus == "table" and play.phase != PREVIEW and play.phase != CURTAIN:
                play.focus_hand()
            else:
                self._request(play.activate(intent.began, intent.prior))
                self._show_focused_target()
        elif kind == I.CANCEL:
            if play.focus == "table":
                play.focus_hand()
            play.cancel()
        elif kind == I.UNDO:
            play.undo()
        elif kind == I.REDO:
            play.redo()
        elif kind == I.HINT:
            play.hint()
            self._show_focused_target()
        elif kind == I.SORT:
            play.sort()
        elif kind == I.REVIEW and speech is not None:  # a review key speaks about the table, moving nothing
            speech.review(self.app, intent.topic)
        elif kind == I.READING:  # issue 31: the table reading panel, on or off (a setting)
            self.app.set_setting("reading", not self.app.settings.get("reading", False))
        elif kind == I.MENU:
            self._request("menu")
        elif kind == I.RULES:
            self.app.open_rules()
        elif kind == I.LOG:  # issue 11: a pad's Back asks rules or log; L opens the log
            self.app.open_back_menu() if intent.device == "controller" else self.app.open_log()
        elif kind == I.RESIZE:
            self._size = None

    def _request(self, what: str | None) -> None:
        if what == "menu":
            self.app.open_menu()

    def tap(self, pos, began: float | None = None, prior: float | None = None) -> None:
        """A click or tap at ``pos``: the curtain, a button, a hand tile or a target train.

        ``began`` is when the press began: the curtain only lifts for a fresh one (UX-3), and
        a decision just offered is not acted on by a second click meant for the last (issue 40;
        ``prior``: when the press before began)."""
        self._ensure_geometry()
        play = self.play
        for b in self.camera_buttons:
            if b.hit(pos):
                self.press_camera(b.id)
                return
        if play.phase == CURTAIN:
            if self.curtain_button and self.curtain_button.hit(pos) or self.bottom.collidepoint(pos):
                play.reveal(began)
            elif any(b.hit(pos) and b.id == "menu" for b in self.buttons):
                self._request("menu")
            return
        fresh = play.fresh(began, prior)  # issue 40: not the second click meant for the last move
        for b in self.buttons:
            if b.hit(pos):
                if fresh or b.id in UNGUARDED_BUTTONS:
                    self._request(play.press(b.id))
                return
        tile = self._hand_tile_at(pos)
        if tile is not None:
            if fresh:
                play.tap_tile(tile)
            return
        if self.camera.contains(*pos) and play.selected is not None and fresh:
            key = self.target_at(pos)
            if key is not None:
                play.tap_target(key)

    def drag(self, pos, delta) -> None:
        """A drag that starts on the table pans it (UX-7); one that starts on a playable
        hand tile carries the tile, and dropping it on a lit train previews the play (UX-1)."""
        if self._drag_mode is None:
            start = (pos[0] - delta[0], pos[1] - delta[1])
            tile = self._hand_tile_at(start)
            if tile is not None and self.play.my_turn() and tile in self.play.playable_tiles():
                self._drag_mode = "tile"
                if self.play.selected != tile:
                    self.play.tap_tile(tile)
                if self.play.phase == PREVIEW and self.play.pending is not None and self.play.pending.kind == "play":
                    self.play.cancel(keep_tile=True)  # the drop decides the target
                self.drag_tile = tile
            elif self.camera.contains(*start):
                self._drag_mode = "pan"
            else:
                self._drag_mode = "none"
        if self._drag_mode == "pan":
            self._user_moved()
            self.camera.pan(*delta)
        elif self._drag_mode == "tile":
            self.drag_pos = pos

    def drag_end(self, pos) -> None:
        """Dropped on or near a lit target: the play's preview (UX-1); anywhere else the tile
        springs back to its place in the hand (issue 14)."""
        if self._drag_mode == "tile" and pos is not None:
            key = self.snap_target(pos)
            if key is not None:
                self.play.tap_target(key)
            elif self.drag_tile is not None and self.play.hand_seat() is not None:
                self._spring_back(self.drag_tile, pos)
        self._drag_mode = None
        self.drag_tile = None
        self.drag_pos = None

    def snap_target(self, pos):
        """The lit target a tile dragged to ``pos`` goes to: the one under it, else the
        nearest within ``SNAP_TILES`` tile lengths (a finger need not be exact); or None."""
        if not self.camera.contains(*pos):
            return None
        key = self.target_at(pos)
        if key is not None:
            return key
        lay = self._layout_now()
        reach = max(48.0, SNAP_TILES * 2 * TILE_W * self.camera.draw_zoom)
        best = None
        for key in self.play.targets():
            x, y, w, h = self.camera.world_rect_to_screen(self.kit.target_rect(lay, key))
            d = math.hypot(pos[0] - (x + w / 2), pos[1] - (y + h / 2))
            if d < reach:
                best, reach = key, d
        return best

    def _spring_back(self, tile, pos) -> None:
        slot = next((r.center for t_, r in zip(self.hand_tiles, self.hand_rect_list) if t_ == tile), None)
        if slot is None:
            return
        self.motion.add(Flight((min(tile), max(tile)), (tile[0], tile[1]), (SCREEN, pos[0], pos[1], self.hand_short),
                               (SCREEN, slot[0], slot[1], self.hand_short), True, True, self.clock, SPRING_S,
                               lands_in="hand"))

    def hover_at(self, pos) -> tuple | None:
        """What the mouse pointer at ``pos`` would press: ("button", id), ("tile", tile) for a
        playable hand tile, ("target", train) for a lit train, or None."""
        if pos is None:
            return None
        play = self.play
        extra = [self.curtain_button] if self.curtain_button is not None else []
        for b in self.camera_buttons + extra + ([] if play.phase == CURTAIN else self.buttons):
            if b.hit(pos):
                return ("button", b.id) if b.enabled else None
        if not play.my_turn():
            return None
        tile = self._hand_tile_at(pos)
        if tile is not None:
            return ("tile", tile) if tile in play.playable_tiles() else None
        if play.selected is not None and self.camera.contains(*pos):
            key = self.target_at(pos)
            if key is not None:
                return ("target", key)
        return None

    def _hand_tile_at(self, pos):
        for tile, rect in zip(self.hand_tiles, self.hand_rect_list):
            raised = rect.move(0, -round(rect.height * SELECT_RAISE)) if tile == self.play.selected else rect
            if raised.collidepoint(pos) or rect.collidepoint(pos):
                return tile
        return None

    def target_at(self, pos):
        """The legal target under a screen point (the kit hit-tests its own layout)."""
        wx, wy = self.camera.screen_to_world(*pos)
        return self.kit.target_at(self._layout_now(), self.play, wx, wy)

    def _show_focused_target(self) -> None:
        play = self.play
        if play.focus == "targets":
            key = play.focused()
            if key is not None:
                self.camera.ensure_visible(self.kit.target_rect(self._layout_now(), key))
