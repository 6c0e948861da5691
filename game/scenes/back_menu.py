"""The controller's Back button: a small menu to look something up, the rules or the log.

Issue 11 ("controller everywhere"): Back used to open the log straight away,
with no way to the rules from a pad but the big menu.  This asks which; the
computers wait while it is open (UX-5), Back or B closes it, and the screen
chosen opens over the table, so closing it goes back to the table.
"""
from __future__ import annotations

import pygame

from .. import i18n
from .. import intents as I
from ..intents import Intent
from .menu import WIDGET_INSET
from .overlays import OverlayScene


class BackMenuScene(OverlayScene):
    """Rules, log, or back to the table."""

    pauses_play = True

    def build(self) -> None:
        px = self.px
        items = [(i18n.t("ui.rules"), self.rules), (i18n.t("ui.log_title"), self.log),
                 (i18n.t("ui.resume"), self.back)]
        m, gap = px(24), px(10)
        head_h = self.line_height("@heading", "label") + px(8)
        bh = max(self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(4), px(50))
        width = max(px(420), self.text_width([t for t, _ in items] + [i18n.t("keys.look_up")],
                                             "@primary", "button") + 2 * m)
        inner = self.dialog(width, head_h + px(14) + len(items) * (bh + gap) - gap + m)
        self.label(pygame.Rect(m, px(6), inner.width - 2 * m, head_h), i18n.t("keys.look_up"),
                   "#heading", "@heading")
        y = head_h + px(14)
        for i, (words, action) in enumerate(items):
            self.focus.add_row(self.button(pygame.Rect(m, y, inner.width - 2 * m, bh), words, action,
                                           class_id="@primary" if i == 0 else None))
            y += bh + gap

    def _then(self, open_screen) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        open_screen()

    def rules(self) -> None:
        self._then(self.app.open_rules)

    def log(self) -> None:
        self._then(self.app.open_log)

    def handle(self, intent: Intent) -> None:
        if intent.kind == I.LOG:  # Back again closes it
            self.back()
        elif intent.kind == I.RULES:
            self.rules()
        else:
            super().handle(intent)
