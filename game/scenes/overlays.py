"""Screens over the table: rules, log/details, the in-game menu, messages and confirmations.

The rules and log screens, the menu and the settings pause the computer players
(UX-5): the App sets ``play_state.paused`` while any scene with
``pauses_play`` is on the stack.
"""
from __future__ import annotations

import html
import re
from typing import Any, Callable

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIImage, UITextBox

from .. import i18n
from .. import intents as I
from ..intents import Intent
from ..kits import DEFAULT_GAME, kit_for
from ..rules_text import blocks, rules_text
from ..safe_area import tv_on
from ..table.sprites import Sprites, top_of
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


#: The rules screen's pictures (issue 31), drawn once per game, section, size, language and
#: art: the screen is rebuilt on a resize or a page turn, never redrawn per frame.
_PICTURES: dict[tuple, pygame.Surface] = {}
#: The fewest characters a line of a rules column holds: narrower, the screen uses one column.
COLUMN_CHARS = 30
#: A picture takes at most this share of a column's height.
PICTURE_SHARE = 0.5


def rule_picture(game: str, section: str, size: tuple[int, int], art: tuple[str, str]) -> pygame.Surface | None:
    """``section``'s picture of ``game``'s rules at ``size`` (cached), or None when it has none."""
    key = (game, section, size, i18n.language(), art)
    if key not in _PICTURES:
        pic = kit_for(game).rule_pictures().get(section)
        if pic is None:
            return None
        sprites = Sprites(*art, top=top_of(game))
        sprites.budget_s = float("inf")  # a picture is drawn once: every tile its own sprite
        _PICTURES[key] = pic.draw(size[0], size[1], sprites)
    return _PICTURES[key]


_SENTENCE_END = re.compile(r"(?<=[.!?;:])( +|\n+)|(\n+)")
_WORD_END = re.compile(r"( +|\n+)")


def _sentences(text: str, ends: re.Pattern = _SENTENCE_END) -> list[tuple[str, str]]:
    """``text`` cut after each sentence and line (or each word, ``_WORD_END``): (piece, the
    spaces or line breaks after it).  A line with markup (a bold heading) stays whole, so no
    tag is ever cut open."""
    out: list[tuple[str, str]] = []
    start = 0
    for m in ends.finditer(text):
        piece = text[start:m.start()]
        if piece.startswith("<b>") and piece.endswith("</b>"):
            continue  # a heading goes with its first sentence
        if piece.count("<") != piece.count(">") or re.search(r"<(\w+)[^>]*>(?![^<]*</\1>)", piece):
            continue  # inside a tag or an open element: cut further on
        out.append((piece, m.group(0)))
        start = m.end()
    if start < len(text):
        out.append((text[start:], ""))
    return out


def _joined(pieces: list[tuple[str, str]]) -> str:
    return "".join(p + sep for p, sep in pieces).rstrip()


class RulesScene(TextScene):
    """The rules of one game (the one being played, or the one chosen on the title), with the controls:
    each section's text with its picture (issue 31), in columns as wide as reads well, and in
    pages that left and right turn (issue 28: the TV view shows as much as fits)."""

    page = 0
    pages = 1

    def __init__(self, app, game: str | None = None) -> None:
        #: The game whose rules these are (None: the game being played).
        self._game = game
        super().__init__(app)

    def game(self) -> str:
        if self._game is not None:
            return self._game
        ps = self.app.play_state
        return ps.session.config.game if ps is not None else DEFAULT_GAME

    def title(self) -> str:
        return i18n.t("ui.rules_title", game=i18n.t(f"ui.game_{self.game()}"))

    def body(self) -> str:
        return rules_text(self.game())

    def spoken(self) -> str | None:
        """The rules read aloud (issue 41): the title, then every section; a key stops it."""
        words = re.sub(r"<br\s*/?>", " ", self.body())
        return f"{self.title()}. {html.unescape(re.sub(r'<[^>]+>', '', words))}"

    def _art(self) -> tuple[str, str]:
        from .table_room import art_settings
        return art_settings(self.app.settings)

    def build(self) -> None:
        px = self.px
        aw, ah = self.area_size
        inner = self.dialog(min(px(1200), aw), ah)  # the whole height: as many lines as fit
        m = px(16)
        title = self.title()
        head_h = self.line_height("@heading", "label") + px(6)
        bh = max(px(44), self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(4))
        arrow = bh
        back_w = min(max(px(100), self.text_width([i18n.t("ui.back")], "@primary", "button")),
                     inner.width - 2 * m - 2 * arrow - px(20))
        # the title and the controls share the top row where they fit side by side (every
        # line saved goes to the rules: a TV's large type, issue 28 item 12), with the page's
        # number short or the title in the button's type if need be; else the controls have a
        # row of their own at the bottom
        free = inner.width - 2 * m - px(24)
        options = [(title_class, page_key) for title_class in ("@heading", "@primary")
                   for page_key in ("keys.page", "pictures.page_short")]
        for title_class, page_key in options:
            # the widest the pager's words get (up to 99 pages: the count is known after layout)
            pager_w = self.text_width([i18n.t(page_key, page=88, pages=88)], "label")
            controls_w = 2 * arrow + pager_w + px(20) + back_w
            title_w = self.text_width([title], title_class, "label")
            one_row = title_w + controls_w <= free
            if one_row:
                break
        if not one_row:
            title_class, page_key = "@heading", "keys.page"
            pager_w = self.text_width([i18n.t(page_key, page=88, pages=88)], "label")
            controls_w = 2 * arrow + pager_w + px(20) + back_w
        self.page_key = page_key
        small_h = self.line_height("@small", "label") + 2 * WIDGET_INSET + px(2)
        if one_row:
            row_h = max(self.line_height(title_class, "label") + px(6), bh)
            row_y = px(6)
            top = row_y + row_h + px(8)
            self.label(pygame.Rect(m, row_y, title_w, row_h), title, "#heading", title_class)
            x = inner.width - m - controls_w
            bottom = inner.height - px(8)
        else:
            self.label(pygame.Rect(m, px(4), inner.width - 2 * m, head_h), title, "#heading", "@heading")
            top = px(4) + head_h + px(4)
            row_y = inner.height - bh - m
            x = max(m, (inner.width - controls_w) // 2)
            bottom = row_y - px(6)
        if self.app.play_state is not None:
            self.label(pygame.Rect(m, bottom - small_h, inner.width - 2 * m, small_h), i18n.t("ui.paused"),
                       "#hint", "@small")
            bottom -= small_h + px(2)
        self.body_rect = pygame.Rect(m, top, inner.width - 2 * m, max(px(40), bottom - top))
        self._lay_out(self.body_rect)
        self.page = min(self.page, self.pages - 1)
        self.prev_button = self.button(pygame.Rect(x, row_y, arrow, bh), "‹", lambda: self.turn(-1))
        self.pager = self.label(pygame.Rect(x + arrow, row_y, pager_w, bh), "")
        self.next_button = self.button(pygame.Rect(x + arrow + pager_w, row_y, arrow, bh), "›", lambda: self.turn(1))
        back = self.button(pygame.Rect(x + 2 * arrow + pager_w + px(20), row_y, back_w, bh),
                           i18n.t("ui.back"), self.back, class_id="@primary")
        self.focus.add_row(self.prev_button, self.next_button, back)
        self._show_page()

    def initial_focus(self) -> tuple[int, int]:
        return 0, 2  # Back: Enter closes; left and right turn the pages whatever has the focus

    def _text(self, rect: pygame.Rect, text: str) -> UITextBox:
        """A rules text box: with the TV view in the small type, which at the TV's scale is
        still about 40 px at 1080p (read from a sofa) and shows a quarter more lines."""
        return UITextBox(text, rect, manager=self.app.ui, container=self.container,
                         object_id=ObjectID(None, self.text_class))

    def _measure(self, width: int) -> Callable[[str], int]:
        """How tall a rules text box ``width`` px wide grows for a text, worked out from the
        font alone (a pygame_gui box costs tens of ms to build: only the shown page's are
        built).  On the safe side: the words wrap in a little less than the box's width."""
        ids = ([self.text_class] if self.text_class else [])
        font = self.font(*ids, "text_box")
        probe = self._text(pygame.Rect(0, 0, width, -1), "Ág")  # the box's padding, measured once
        line_h = font.size("ÁgЙ")[1]
        extra = probe.rect.height - line_h
        probe.kill()
        pitch = round(line_h * 1.25)  # pygame_gui's line spacing
        wrap = width - extra - self.px(14)
        space = font.size(" ")[0]

        def height(text: str) -> int:
            rows = 0
            for marked in text.split("\n"):
                bold = 1.1 if marked.startswith("<b>") else 1.0  # a heading: the bold face is wider
                line = re.sub(r"<[^>]+>", "", marked)
                rows += 1
                x = 0
                for word in line.split(" "):
                    w = font.size(word)[0] * bold
                    if x and x + space + w > wrap:
                        rows += 1
                        x = w
                    else:
                        x += (space if x else 0) + w
            return (rows - 1) * pitch + line_h + extra + self.px(2)

        return height

    def _lay_out(self, body: pygame.Rect) -> None:
        """Where every section's text (and its picture with its caption) goes: in columns and
        pages (``plan``); only the current page's widgets are built (``_show_page``)."""
        px = self.px
        gap = px(16)
        self.text_class = "@small" if tv_on(self.app.settings) else None
        font = self.font(*([self.text_class] if self.text_class else []), "text_box")
        sample = "the rules of the game, each with a picture"
        char_w = font.size(sample)[0] / len(sample)
        cols = max(1, min(2, int((body.width + gap) // (COLUMN_CHARS * char_w + gap))))
        col_w = (body.width - (cols - 1) * gap) // cols
        col_h = body.height
        game = self.game()
        pictures = kit_for(game).rule_pictures()
        height = self._measure(col_w)
        line_h = font.size("ÁgЙ")[1]
        #: page -> (kind, rectangle, what: the HTML of a text or caption, a picture's section)
        self.plan: list[list[tuple[str, pygame.Rect, str]]] = [[]]
        col, y = 0, 0

        def next_column() -> None:
            nonlocal col, y
            col, y = col + 1, 0
            if col == cols:
                self.plan.append([])
                col = 0

        def put(kind: str, x: int, top: int, w: int, h: int, what: str) -> None:
            self.plan[-1].append((kind, pygame.Rect(x, top, w, h), what))

        for name, text in blocks(game):
            # the section's text, flowing on into the next column (and page) after a sentence
            # where it does not fit: no column is left half empty
            rest = text
            while rest:
                room = col_h - y
                head, rest = self._fitting(rest, height, room) if room >= 2 * line_h else ("", rest)
                if not head and y == 0:  # not one sentence fits a whole column: cut between words
                    head, rest = self._fitting(rest, height, room, words=True)
                if not head and y == 0:  # not even a heading and a word: it scrolls
                    head, rest = rest, ""
                if head:
                    h = min(height(head), col_h - y)
                    put("text", body.x + col * (col_w + gap), body.y + y, col_w, h, head)
                    y += h + gap
                if rest:
                    next_column()
            pic = pictures.get(name)
            if pic is None:
                continue
            # the picture under its section's text, its caption under it; smaller to stay in
            # the column's room left, down to half its size, else at the next column's top
            caption = html.escape(pic.caption())
            h = height(caption)
            want = max(px(60), min(round(col_w / pic.aspect), round(col_h * PICTURE_SHARE)))
            room = col_h - y - h - px(4)
            ph = want if room >= want or y == 0 else room if room >= want // 2 else want
            if y > 0 and ph + px(4) + h > col_h - y:
                next_column()
            if y == 0:  # at a column's top: the picture and its caption fit the column
                ph = max(px(40), min(ph, col_h - h - px(4)))
                h = min(h, col_h - ph - px(4))  # a caption that still does not fit scrolls
            pw = min(col_w, round(ph * pic.aspect))
            x0 = body.x + col * (col_w + gap)
            put("picture", x0 + (col_w - pw) // 2, body.y + y, pw, ph, name)
            put("caption", x0, body.y + y + ph + px(4), col_w, h, caption)
            y += ph + px(4) + h + gap
        if not self.plan[-1] and len(self.plan) > 1:
            self.plan.pop()
        self.pages = len(self.plan)
        self.columns = cols
        self.shown_items: list[tuple[Any, pygame.Rect, str]] = []

    @staticmethod
    def _fitting(text: str, height: Callable[[str], int], room: int, words: bool = False) -> tuple[str, str]:
        """The most of ``text``'s first sentences (or ``words``) that fit ``room`` px, and the rest."""
        pieces = _sentences(text, _WORD_END if words else _SENTENCE_END)
        k = 0
        while k < len(pieces) and height(_joined(pieces[:k + 1])) <= room:
            k += 1
        if k == len(pieces):
            return text, ""
        return _joined(pieces[:k]), _joined(pieces[k:]).lstrip("\n")

    def _show_page(self) -> None:
        """Build the current page's widgets (and drop the last page's)."""
        for old, _rect, _kind in self.shown_items:
            old.kill()
        self.shown_items = []
        game = self.game()
        art = self._art()
        for kind, rect, what in self.plan[self.page]:
            element: Any = None
            if kind == "picture":
                surface = rule_picture(game, what, rect.size, art)
                assert surface is not None  # the kit declared it
                element = UIImage(rect, surface, manager=self.app.ui, container=self.container)
                element.rule_section = what  # which section's picture (the tests)
            else:
                element = self._text(rect, what)
            self.shown_items.append((element, rect, kind))
        self.pager.set_text(i18n.t(self.page_key, page=self.page + 1, pages=self.pages))
        self.box = next((e for e, _r, k in self.shown_items if k == "text"), getattr(self, "box", None))  # type: ignore[assignment]
        for b in (self.prev_button, self.next_button):
            b.enabled = self.pages > 1
            b.element.enable() if self.pages > 1 else b.element.disable()

    def turn(self, delta: int) -> None:
        """The next or the previous page (round at the ends)."""
        if self.pages > 1:
            self.page = (self.page + delta) % self.pages
            self._show_page()

    def shown(self) -> list[tuple[Any, pygame.Rect, str]]:
        """The current page's text boxes, pictures and captions with their rectangles."""
        return list(self.shown_items)

    def handle(self, intent: Intent) -> None:
        if intent.kind == I.MOVE and intent.direction in ("left", "right"):
            self.turn(-1 if intent.direction == "left" else 1)
            return
        if intent.kind == I.MOVE and intent.direction in ("up", "down"):
            # scroll the page's first text longer than its box
            scrolling = [e for e, _r, k in self.shown_items if getattr(e, "scroll_bar", None) is not None]
            if not scrolling:
                return
            self.box = scrolling[0]
        super().handle(intent)


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
    hands = kit.hand_numbers(history)
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
        top = head_h + px(14)
        # Down and up walk the entries in one order at every size (issue 40: in two columns
        # laid row by row, the same presses reached other entries): down each column in turn.
        for i, (words, action) in enumerate(items):
            c, r = divmod(i, rows)
            can = action != self.restart_deal or play is not None
            self.focus.add_row(self.button(pygame.Rect(m + c * (col_w + gap), top + r * (bh + gap), col_w, bh),
                                           words, action, enabled=can, class_id="@primary" if i == 0 else None),
                               flow=c)

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
