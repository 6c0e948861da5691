"""Screens over the table: rules, log/details, the in-game menu, messages and confirmations.

The rules and log screens, the menu and the settings pause the computer players
(UX-5): the App sets ``play_state.paused`` while any scene with
``pauses_play`` is on the stack.
"""
from __future__ import annotations

import html
from typing import Callable

import pygame

from .. import i18n
from .. import intents as I
from ..intents import Intent
from ..kits import DEFAULT_GAME
from ..rules_text import rules_text
from ..seats import seat_colour
from .menu import WIDGET_INSET, WidgetScene


class OverlayScene(WidgetScene):
    """A dialog over the scene below, which still shows through a dimmed veil."""

    overlay = True
    panel_id = "#dim"


class TextScene(OverlayScene):
    """A titled, scrollable text with a Close button; up/down scroll it."""

    pauses_play = True

    def title(self) -> str:
        raise NotImplementedError

    def body(self) -> str:
        raise NotImplementedError

    def start_at_end(self) -> bool:
        return False

    def build(self) -> None:
        px = self.px
        inner = self.dialog(px(900), px(640))
        m = px(20)
        self.label(pygame.Rect(m, m // 2, inner.width - 2 * m, px(48)), self.title(),
                   "#heading", "@heading")
        top = m // 2 + px(56)
        bh = px(48)
        self.box = self.text_box(
            pygame.Rect(m, top, inner.width - 2 * m, inner.height - top - bh - 2 * m - px(30)),
            self.body())
        if self.app.play_state is not None:
            self.label(pygame.Rect(m, inner.height - bh - m - px(30), inner.width - 2 * m, px(28)),
                       i18n.t("ui.paused"), "#hint", "@small")
        bw = min(px(240), inner.width - 2 * m)
        self.focus.add_row(self.button(
            pygame.Rect((inner.width - bw) // 2, inner.height - bh - m, bw, bh),
            i18n.t("ui.back"), self.back, class_id="@primary"))
        if self.start_at_end():
            self._scroll_to(1.0)

    def _scroll_to(self, fraction: float) -> None:
        bar = getattr(self.box, "scroll_bar", None)
        if bar is None:
            self.box.rebuild()
            bar = getattr(self.box, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0, fraction)) * (1 - bar.visible_percentage))
            bar.has_moved_recently = True

    def handle(self, intent: Intent) -> None:
        bar = getattr(getattr(self, "box", None), "scroll_bar", None)
        if intent.kind == I.MOVE and intent.direction in ("up", "down") and bar is not None:
            step = -0.08 if intent.direction == "up" else 0.08
            bar.set_scroll_from_start_percentage(
                max(0.0, min(1 - bar.visible_percentage, bar.start_percentage + step)))
            bar.has_moved_recently = True
            return
        if intent.kind == I.RULES and isinstance(self, RulesScene):
            self.back()
            return
        if intent.kind == I.LOG and isinstance(self, LogScene):
            self.back()
            return
        super().handle(intent)


class RulesScene(TextScene):
    """The rules of the game being played (or Mexican Train from the title), with the controls."""

    def game(self) -> str:
        ps = self.app.play_state
        return ps.session.config.game if ps is not None else DEFAULT_GAME

    def title(self) -> str:
        return i18n.t("ui.rules_title", game=i18n.t(f"ui.game_{self.game()}"))

    def body(self) -> str:
        return rules_text(self.game())


def tile_text(t) -> str:
    return f"[{t[0]}|{t[1]}]"


def _hex(colour) -> str:
    return "#{:02X}{:02X}{:02X}".format(*colour[:3])


def history_lines(history, name: Callable[[int], str], seed: int | None = None, kit=None) -> list[str]:
    """The public history as one line of HTML per event (the log/details screen).

    The game's kit words its own events (``TableKit.log_line``); hidden information
    never reaches here, since the history holds only what every seat may see (UX-4).
    """
    if kit is None:
        from ..kits import kit_for
        kit = kit_for(DEFAULT_GAME)

    def who(seat: int) -> str:
        return f"<font color='{_hex(seat_colour(seat))}'>{html.escape(name(seat))}</font>"

    lines: list[str] = []
    if seed is not None:
        lines.append(html.escape(i18n.t("ui.log_seed", seed=seed)))
    # the line games number hands, not deals: the deal after a redeal (CU-4) is the same hand
    hands = kit.hand_numbers(history) if hasattr(kit, "hand_numbers") else None
    for i, event in enumerate(history):
        if event.kind == "match":
            lines.append(f"<b>{html.escape(kit.match_words('log_match', n=event.match_no))}</b>")
            continue
        if hands is not None and event.kind == "deal":
            event = event._replace(deal_no=hands[i])
        line = kit.log_line(event, who, tile_text)
        if line is not None:
            lines.extend(line.split("\n"))
    return lines


class LogScene(TextScene):
    """The log/details screen: the public history of the match in the view (UX-4)."""

    def title(self) -> str:
        return i18n.t("ui.log_title")

    def start_at_end(self) -> bool:
        return True

    def body(self) -> str:
        ps = self.app.play_state
        if ps is None:
            return html.escape(i18n.t("ui.log_empty"))
        view = ps.view() if callable(getattr(ps, "view", None)) else ps.session.view(1)
        seats = ps.seats

        def name(seat: int) -> str:
            return seats[seat - 1].name if 0 < seat <= len(seats) else str(seat)

        lines = history_lines(view.history, name, ps.session.config.seed, ps.kit)
        return "\n".join(lines) if lines else html.escape(i18n.t("ui.log_empty"))


class GameMenuScene(OverlayScene):
    """The in-game menu: resume, rules, log, restart deal, settings, main menu, new game, quit."""

    pauses_play = True

    def build(self) -> None:
        px = self.px
        play = self.app.play_state
        restart = play.kit.restart_words()[0] if play is not None else i18n.t("ui.restart_deal")
        items = [(i18n.t("ui.resume"), self.back), (i18n.t("ui.rules"), self.app.open_rules),
                 (i18n.t("ui.log_title"), self.app.open_log), (restart, self.restart_deal),
                 (i18n.t("ui.settings"), self.app.open_settings),
                 # issue 28: the way back to the title (Finished matches, Continue) in sight
                 (i18n.t("ui.main_menu"), self.app.to_title), (i18n.t("ui.new_game"), self.app.new_game),
                 (i18n.t("ui.quit"), self.app.request_quit)]
        if getattr(self.app, "phones", None) is not None:  # issue 27: the codes again, who is here
            items.insert(1, (i18n.t("phone.join_menu"), self.app.open_join))
        m = px(24)
        head_h = self.line_height("@heading", "label") + px(8)
        bh_min = self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(4)
        room = self.area_size[1] - px(16) - head_h - px(20) - m
        # one column while the buttons fit at their least height; else two (a small window at
        # a large interface size: the menu's eight entries, issue 28)
        cols = 1 if room >= len(items) * (bh_min + px(4)) - px(4) else 2
        rows = -(-len(items) // cols)
        gap = px(10) if room >= rows * (bh_min + px(10)) else px(4)
        bh = max(bh_min, min(px(50), (room + gap) // rows - gap))
        col_w = max(px(460) if cols == 1 else px(280), self.text_width([t for t, _ in items], "@primary", "button"))
        inner = self.dialog(cols * col_w + (cols - 1) * gap + 2 * m, head_h + px(20) + rows * (bh + gap) - gap + m)
        col_w = (inner.width - 2 * m - (cols - 1) * gap) // cols  # the dialog may be narrower than asked
        self.label(pygame.Rect(m, px(6), inner.width - 2 * m, head_h), i18n.t("ui.menu_title"),
                   "#heading", "@heading")
        y = head_h + px(14)
        for r in range(rows):
            row = []
            for c, (words, action) in enumerate(items[r * cols:(r + 1) * cols]):
                can = action != self.restart_deal or play is not None
                row.append(self.button(pygame.Rect(m + c * (col_w + gap), y, col_w, bh), words,
                                       action, enabled=can,
                                       class_id="@primary" if r == c == 0 else None))
            self.focus.add_row(*row)
            y += bh + gap

    def restart_deal(self) -> None:
        play = self.app.play_state
        if play is None:
            return  # no match: the menu shows the button dimmed

        def yes() -> None:
            play.restart_deal()
            # Back to the table: pop the confirmation and this menu.
            while len(self.app.stack) > 1 and getattr(self.app.stack.top, "overlay", False):
                self.app.stack.pop()
        self.app.stack.push(ConfirmScene(self.app, play.kit.restart_words()[1], yes))

    def handle(self, intent: Intent) -> None:
        if intent.kind == I.MENU:
            self.back()
        else:
            super().handle(intent)


class ConfirmScene(OverlayScene):
    """A question with Yes and No (No is focused first: a stray Enter changes nothing)."""

    pauses_play = True

    def __init__(self, app, text: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.text = text
        self.on_yes = on_yes

    def build(self) -> None:
        px = self.px
        m, bh = px(24), px(50)
        inner = self.dialog(px(620), px(280))
        self.text_box(pygame.Rect(m, m, inner.width - 2 * m, inner.height - 3 * m - bh),
                      html.escape(self.text))
        bw = (inner.width - 3 * m) // 2
        no = self.button(pygame.Rect(m, inner.height - m - bh, bw, bh), i18n.t("ui.no"), self.back)
        yes = self.button(pygame.Rect(2 * m + bw, inner.height - m - bh, bw, bh), i18n.t("ui.yes"),
                          self._yes, class_id="@danger")
        self.focus.add_row(no, yes)

    def _yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()


class MessageScene(OverlayScene):
    """A message with an OK button: a corrupt save, an error inside a frame."""

    pauses_play = True  # nobody should miss a computer's move while reading it

    def __init__(self, app, title: str, text: str, on_close: Callable[[], None] | None = None,
                 is_error: bool = False) -> None:
        super().__init__(app)
        self.title_text = title
        self.text = text
        self.on_close = on_close
        self.is_error = is_error

    def build(self) -> None:
        px = self.px
        m, bh = px(24), px(50)
        inner = self.dialog(px(760), px(400))
        self.label(pygame.Rect(m, px(10), inner.width - 2 * m, px(48)), self.title_text,
                   "#heading", "@heading")
        self.text_box(pygame.Rect(m, px(66), inner.width - 2 * m, inner.height - px(66) - 2 * m - bh),
                      html.escape(self.text))
        bw = min(px(220), inner.width - 2 * m)
        self.focus.add_row(self.button(pygame.Rect((inner.width - bw) // 2, inner.height - m - bh, bw, bh),
                                       i18n.t("ui.ok"), self.back, class_id="@primary"))

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_close is not None:
            self.on_close()
