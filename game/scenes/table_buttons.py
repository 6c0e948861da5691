"""The table's buttons: the bottom row (the decisions, Sort, Undo, Menu ...), the curtain's
Show-my-hand button, and the camera buttons' states; rebuilt when the play state changes.

Their places and looks only: a press on one is ``TableInput``'s, drawing them the
chrome's (``TableChrome``) and the drawing part's (the camera buttons).
"""
from __future__ import annotations

import pygame

from ..i18n import t
from ..play import PREVIEW
from .table_curtain import curtain_button
from .table_room import TableRoom
from ..table.widgets import row_of_buttons

BUTTON_TEXT = {
    "confirm": "table.confirm", "cancel": "table.cancel", "hint": "table.hint",
    "undo": "table.undo", "redo": "table.redo", "menu": "table.menu",
}


class TableButtons(TableRoom):
    """The table scene's buttons part (see the module docstring)."""

    def _button_label(self, bid: str) -> str:
        if bid == "sort":
            return t("table.sort_" + self.play.sort_mode)
        if bid in BUTTON_TEXT:
            return t(BUTTON_TEXT[bid])
        return self.kit.button_label(bid, self.play)

    def _build_buttons(self) -> None:
        """The bottom row, the curtain's button and the camera buttons' states, rebuilt only
        when the play state changed (a frame costs a few full-screen blits, issue 14); what
        the pointer hovers is looked at every frame, the camera moving under it."""
        key = (self._play_key(), self.follow, self.magnified)
        if key != self._buttons_key:
            self._buttons_key = key
            self._lay_buttons()
        self.hovered = self.hover_at(self.hover_pos)
        for b in self.buttons + self.camera_buttons + ([self.curtain_button] if self.curtain_button else []):
            b.hover = self.hovered == ("button", b.id)

    def _lay_buttons(self) -> None:
        assert self._size is not None  # laid out with the geometry
        w = self._size[0]
        gap = round(8 * self.u)
        area = pygame.Rect(gap, self.bottom.y + round(8 * self.u), w - 2 * gap, self.btn_h)
        play = self.play
        shown = play.button_ids() if play.humans else ["menu"]  # a demo has nothing to decide
        self.buttons = row_of_buttons([(b, self._button_label(b)) for b in shown], area,
                                      self.btn_h, gap, size=self.font_px, min_w=round(70 * self.u))
        focus_btn = play.focused() if play.focus == "buttons" and self.show_focus else None
        for b in self.buttons:
            b.enabled = play.button_enabled(b.id)
            b.focused = b.id == focus_btn
            b.lit = play.phase == PREVIEW and play.pending is not None and play.pending == play.decision(b.id)
            b.primary = b.id == "confirm"
        self.curtain_button = curtain_button(self)
        for b in self.camera_buttons:
            b.lit = b.id == "follow" and self.follow or b.id == "magnify" and self.magnified
