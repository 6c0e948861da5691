"""New game: the game, its seats (human or computer, name, level), a seed, the language.

Mexican Train takes 2 to 10 seats (MT-1); Cuban and Jamaican dominoes exactly 4,
seats 1 and 3 partners against 2 and 4 (CU-1, JA-1), which the form shows.
"""
from __future__ import annotations

from functools import partial

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UILabel

from rules.variants import PLAYERS, find_variant

from .. import i18n
from ..kits import DEFAULT_GAME
from ..seats import COMPUTER, HUMAN, LEVELS, PHONE, SeatConfig
from .menu import SHARED, TEXT_MARGIN, WIDGET_INSET, Control, WidgetScene
from .title import draw_felt

#: Each game the program plays, with the seat counts the rules allow (MT-1, CU-1, JA-1).
GAMES = PLAYERS
MIN_SEATS, MAX_SEATS = 2, 10
DEFAULT_SEATS = 4
MAX_SEED_DIGITS = 18


@dataclass
class SeatDraft:
    """One seat as the form holds it; a name nobody typed follows the kind and the language."""

    kind: str
    level: str = "normal"
    name: str = ""
    typed: bool = False

    def shown_name(self, n: int) -> str:
        if self.typed and self.name.strip():
            return self.name.strip()
        key = "ui.default_computer_name" if self.kind == COMPUTER else "ui.default_human_name"
        return i18n.t(key, n=n)


class NewGameScene(WidgetScene):
    """The new-game form (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game, count = DEFAULT_GAME, DEFAULT_SEATS
        last = getattr(app, "play_state", None)
        if last is not None and last.session.config.game in GAMES:
            # the game last played, with as many seats (issue 28: not Mexican Train every time)
            self.game = last.session.config.game
            low, high = GAMES[self.game]
            count = max(low, min(high, last.session.config.players))
        self.seats = [SeatDraft(HUMAN)] + [SeatDraft(COMPUTER) for _ in range(count - 1)]
        seed = app.default_seed
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""
        self.page = 0
        self.name_fields: list = []
        self.error_label: UILabel | None = None

    # ----------------------------------------------------------------- form

    def build(self) -> None:
        """The form in two flows, the game's settings and the seats, packed into columns.

        Issue 11: every size is measured from the theme's fonts; the two flows sit
        side by side when the window is wide enough, else one after the other on
        pages; a flow taller than the window goes on over more columns (pages).
        """
        w, h = self.area_size
        px = self.px
        m, gap = px(20), px(8)
        line = self.line_height("button") + 2 * WIDGET_INSET
        self.label_h = self.line_height("label") + 2
        self.small_h = self.line_height("@small", "label") + 2
        heading = pygame.Rect(0, px(4), w, self.line_height("@heading", "label") + px(8))
        self.label(heading, i18n.t("ui.new_game"), "#heading", "@heading")
        avail_w = w - 2 * m
        # The designed row height if the form then fits one page, else rows as low as the text allows.
        for rh in (max(px(40), line + 2), max(min(px(40), line + px(3)), line + 2)):
            self.rh = rh
            bh = self.rh + px(8)
            by = h - m // 2 - bh
            top, bottom = heading.bottom + px(4), by - gap
            left_need, seat_need, tall = self._widths(avail_w, gap)
            self.tall = tall
            left_w = min(avail_w, max(left_need, min(px(400), int((avail_w - m) * 0.36))))
            if left_w + m + seat_need > avail_w:
                left_w = min(avail_w, left_need)
            seat_w = min(avail_w, seat_need)
            columns = ([(0, c) for c in _pack(self._left_blocks(left_w, gap), bottom - top)]
                       + [(1, c) for c in _pack(self._seat_blocks(seat_w, gap), bottom - top)])
            pages = _pages(columns, {0: left_w, 1: seat_w}, avail_w, m)
            if len(pages) == 1:
                break
        self.page = max(0, min(self.page, len(pages) - 1))
        self.pages = len(pages)
        x = m
        page = pages[self.page]
        spare = avail_w - sum({0: left_w, 1: seat_w}[f] for f, _ in page) - m * (len(page) - 1)
        for flow, column in page:
            width = {0: left_w, 1: seat_w}[flow]
            if flow == 1 and spare > 0:  # the seats take the room that is left
                width, spare = width + spare, 0
            y = top
            for block in column:
                block.make(pygame.Rect(x, y, width, block.height))
                y += block.height
            x += width + m
        self._bottom_row(pages, m, by, bh, avail_w)

    # --------------------------------------------------------------- layout

    def _widths(self, avail_w: int, gap: int) -> tuple[int, int, bool]:
        """What the settings column needs, what a seat row needs, and whether seats take two lines."""
        low, high = GAMES[self.game]
        left_need = max(
            self.text_width([i18n.t(f"ui.game_{g}") for g in GAMES], "@primary", "button"),
            self.text_width([i18n.t(k) for k in ("ui.game", "ui.players", "ui.seed", "ui.language")], "label"),
            self.choice_need([i18n.t("ui.player_count", count=n) for n in range(low, high + 1)]),
            self.choice_need([i18n.language_name(c) for c in i18n.LANGUAGES]),
            self.text_width([i18n.t("ui.seed_placeholder"), "9" * MAX_SEED_DIGITS], "text_entry_line"))
        self.num_w = self.text_width([i18n.t("ui.seat_number", n=n) for n in (MAX_SEATS,)], "label")
        names = [s.shown_name(i + 1) for i, s in enumerate(self.seats)] + [
            i18n.t("ui.default_computer_name", n=MAX_SEATS), i18n.t("ui.default_human_name", n=MAX_SEATS)]
        self.name_w = self.text_width(names, "text_entry_line") + self.px(8)
        self.kind_w = self.choice_need([i18n.t("ui.human"), i18n.t("ui.phone"), i18n.t("ui.computer")])
        self.level_w = self.choice_need([i18n.t(f"ui.level_{lv}") for lv in LEVELS])
        wide = self.num_w + self.name_w + self.kind_w + self.level_w + 3 * gap
        if wide <= avail_w:
            return left_need, wide, False
        return left_need, max(self.num_w + self.name_w + gap, self.kind_w + self.level_w + gap), True

    def choice_need(self, options: list[str], height: int | None = None) -> int:
        """The width a choice of these options needs (its arrows are as wide as it is high)."""
        arrows = 2 * min(height or self.rh, self.px(40))
        return self.text_width(options, "#value", "button") + arrows + self.px(8)

    def _left_blocks(self, width: int, gap: int) -> list["_Block"]:
        rh, lh = self.rh, self.label_h
        blocks = [_Block(lh + len(GAMES) * (rh + gap), self._games_block)]
        blocks.append(_Block(lh + rh + 2 * gap, self._count_block))
        blocks.append(_Block(lh + rh + 2 * gap, self._seed_block))
        blocks.append(_Block(lh + rh + 2 * gap, self._language_block))
        blocks.append(_Block(2 * self.small_h, self._error_block))
        return blocks

    def _games_block(self, r: pygame.Rect) -> None:
        self.label(pygame.Rect(r.x, r.y, r.width, self.label_h), i18n.t("ui.game"), "#left")
        y = r.y + self.label_h
        for game in GAMES:
            control = self.button(pygame.Rect(r.x, y, r.width, self.rh), i18n.t(f"ui.game_{game}"),
                                  partial(self._set_game, game),
                                  class_id="@primary" if game == self.game else None)
            control.key = f"game_{game}"
            self.focus.add_row(control)
            y += self.rh + self.px(8)

    def _titled(self, r: pygame.Rect, key: str) -> pygame.Rect:
        self.label(pygame.Rect(r.x, r.y, r.width, self.label_h), i18n.t(key), "#left")
        return pygame.Rect(r.x, r.y + self.label_h, r.width, self.rh)

    def _count_block(self, r: pygame.Rect) -> None:
        low, high = GAMES[self.game]
        counts = [(n, i18n.t("ui.player_count", count=n)) for n in range(low, high + 1)]
        self.count_choice = self.choice(self._titled(r, "ui.players"), counts, len(self.seats),
                                        self._set_count, wrap=False)
        self.count_choice.key = "count"
        if low < high:  # the partnership games seat exactly four: nothing to choose
            self.focus.add_row(self.count_choice)

    def _seed_block(self, r: pygame.Rect) -> None:
        self.seed_field = self.text_field(self._titled(r, "ui.seed"), self.seed_text, self._set_seed,
                                          placeholder=i18n.t("ui.seed_placeholder"),
                                          limit=MAX_SEED_DIGITS, allowed="numbers")
        self.seed_field.key = "seed"
        self.seed_field.title = i18n.t("ui.seed")
        self.focus.add_row(self.seed_field)

    def _language_block(self, r: pygame.Rect) -> None:
        langs = [(c, i18n.language_name(c)) for c in i18n.LANGUAGES]
        control = self.choice(self._titled(r, "ui.language"), langs, i18n.language(), self.app.set_language)
        control.key = "language"
        self.focus.add_row(control)

    def _error_block(self, r: pygame.Rect) -> None:
        self.error_label = self.label(r, self.error, "#error", "@small")

    def _seat_blocks(self, width: int, gap: int) -> list["_Block"]:
        n = len(self.seats)
        seat_h = (2 if self.tall else 1) * (self.rh + gap)
        blocks = [_Block(self.label_h + gap, lambda r: self.label(
            pygame.Rect(r.x, r.y, r.width, self.label_h), i18n.t("ui.player_count", count=n), "#left"))]
        blocks += [_Block(seat_h, lambda r, i=i: self._seat_row(i, r)) for i in range(n)]
        lines: list[str] = []
        # CU-1, JA-1: who partners whom, in the players' own names (a partnership game's teams)
        for team, (a, b) in (find_variant(self.game).teams or {}).items():
            lines += self.wrapped(i18n.t(f"line.{self.game}.partners", team=team,
                                         one=self.seats[a - 1].shown_name(a),
                                         two=self.seats[b - 1].shown_name(b)), width)
        # issue 16: how strong the levels are, measured (tools/bench_bot.py), wrapped to the column
        lines += self.wrapped(i18n.t(f"ui.strength_{self.game}"), width)
        blocks += [_Block(self.small_h, lambda r, t=t: self.label(r, t, "#left", "@small")) for t in lines]
        return blocks

    def _seat_row(self, i: int, r: pygame.Rect) -> None:
        seat, gap, rh = self.seats[i], self.px(8), self.rh
        x, y = r.x, r.y
        self.label(pygame.Rect(x, y, self.num_w, rh), i18n.t("ui.seat_number", n=i + 1), "#right")
        x += self.num_w + gap
        if self.tall:
            name_w = r.right - x
            kind = pygame.Rect(r.x, y + rh + gap, (r.width - gap) // 2, rh)
            level = pygame.Rect(kind.right + gap, kind.y, r.right - kind.right - gap, rh)
        else:
            spare = r.width - (self.num_w + self.name_w + self.kind_w + self.level_w + 3 * gap)
            name_w = self.name_w + spare // 3
            kind = pygame.Rect(x + name_w + gap, y, self.kind_w + spare // 3, rh)
            level = pygame.Rect(kind.right + gap, y, r.right - kind.right - gap, rh)
        field = self.text_field(pygame.Rect(x, y, name_w, rh), seat.shown_name(i + 1),
                                partial(self._set_name, i), limit=24)
        field.key, field.title = f"name_{i}", i18n.t("ui.seat_number", n=i + 1)
        # issue 27: a human at this screen, or on their own phone (the join screen follows)
        kinds = [(HUMAN, i18n.t("ui.human")), (PHONE, i18n.t("ui.phone")), (COMPUTER, i18n.t("ui.computer"))]
        kind_c = self.choice(kind, kinds, seat.kind, partial(self._set_kind, i))
        kind_c.key = f"kind_{i}"
        levels = [(lv, i18n.t(f"ui.level_{lv}")) for lv in LEVELS]
        level_c = self.choice(level, levels, seat.level, partial(self._set_level, i))
        level_c.key = f"level_{i}"
        if seat.kind != COMPUTER:
            for e in level_c.elements():
                e.hide()
            level_c.enabled = False
        self.name_fields.append(field)
        if self.tall:  # the seats' column (issue 40: up from the first seat never lands on the left's)
            self.focus.add_row(field, flow=1)
            self.focus.add_row(kind_c, level_c, flow=1)
        else:
            self.focus.add_row(field, kind_c, level_c, flow=1)

    def _bottom_row(self, pages: list, m: int, by: int, bh: int, avail_w: int) -> None:
        """Back and Start, and the page control when the form takes more than one page."""
        gap = self.px(8)
        pager = self.choice_need([i18n.t("keys.page", page=len(pages), pages=len(pages))], bh) \
            if len(pages) > 1 else -gap
        bw = max(self.text_width([i18n.t("ui.back"), i18n.t("ui.start")], "@primary", "button"),
                 min(self.px(200), (avail_w - pager - 2 * gap) // 2))
        right = m + avail_w
        start = self.button(pygame.Rect(right - bw, by, bw, bh), i18n.t("ui.start"), self.start,
                            class_id="@primary")
        back = self.button(pygame.Rect(right - 2 * bw - gap, by, bw, bh), i18n.t("ui.back"), self.back)
        start.key, back.key = "start", "back"
        row: list[Control] = [back, start]
        if len(pages) > 1:
            turn = self.choice(pygame.Rect(m, by, right - 2 * bw - 2 * gap - m, bh),
                               [(n, i18n.t("keys.page", page=n + 1, pages=len(pages))) for n in range(len(pages))],
                               self.page, self._turn, wrap=False)
            turn.key = "page"
            row.insert(0, turn)
        self.focus.add_row(*row, flow=SHARED)  # under both columns

    def _turn(self, page: int) -> None:
        self.page = page
        self.rebuild()

    def rebuild(self) -> None:
        self.name_fields = []
        self.error_label = None
        super().rebuild()

    def wrapped(self, text: str, width: int) -> list[str]:
        """``text`` in lines of the small label font that fit ``width`` pixels."""
        font = self.font("@small", "label")
        room = width - 2 * (WIDGET_INSET + TEXT_MARGIN)
        lines: list[str] = []
        for word in text.split(" "):  # not split(): a no-break space keeps «лёгкий — 1» together
            if lines and font.size(lines[-1] + " " + word)[0] <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines

    def initial_focus(self) -> tuple[int, int]:
        last = len(self.focus.rows) - 1  # Start: Enter on a fresh form starts a game
        return last, len(self.focus.rows[last]) - 1

    def _set_game(self, game: str) -> None:
        self.game = game
        low, high = GAMES[game]
        self._set_count(max(low, min(high, len(self.seats))))

    def _set_count(self, n: int) -> None:
        while len(self.seats) < n:
            self.seats.append(SeatDraft(COMPUTER))
        del self.seats[n:]
        self.rebuild()

    def _set_seed(self, text: str) -> None:
        self.seed_text = text
        if self.error:
            self.error = ""
            if self.error_label is not None:
                self.error_label.set_text("")

    def _set_name(self, i: int, text: str) -> None:
        """A name the player typed; an emptied field goes back to the default name."""
        seat = self.seats[i]
        seat.name = text
        seat.typed = bool(text.strip())

    def _set_kind(self, i: int, kind: str) -> None:
        self.seats[i].kind = kind
        self.rebuild()

    def _set_level(self, i: int, level: str) -> None:
        self.seats[i].level = level

    # ---------------------------------------------------------------- start

    def seat_configs(self) -> list[SeatConfig]:
        return [SeatConfig(s.shown_name(i + 1)[:24], s.kind, s.level) for i, s in enumerate(self.seats)]

    def parse_seed(self) -> int | None:
        """The typed seed, or a fresh one; None (with an error shown) if it is not a number."""
        text = self.seed_text.strip()
        if not text:
            from rules.rng import fresh_seed
            return fresh_seed()
        if text.isdigit() and len(text) <= MAX_SEED_DIGITS:
            return int(text)
        self.error = i18n.t("ui.seed_invalid")
        if self.error_label is not None:
            self.error_label.set_text(self.error)
        else:  # the seed's page is not shown: show it, with the error
            self.page = 0
            self.rebuild()
        return None

    def start(self) -> None:
        seed = self.parse_seed()
        if seed is None:
            return
        from rules import Config, Session
        session = Session(Config(self.game, len(self.seats), seed))
        self.app.start_match(session, self.seat_configs())

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        draw_felt(surface)



class _Block:
    """A piece of the form: its height, and what makes its widgets in a given rect."""

    def __init__(self, height: int, make) -> None:
        self.height = height
        self.make = make


def _pack(blocks: list[_Block], height: int) -> list[list[_Block]]:
    """Blocks in order, in as many columns of ``height`` pixels as they need."""
    columns: list[list[_Block]] = [[]]
    used = 0
    for block in blocks:
        if columns[-1] and used + block.height > height:
            columns.append([])
            used = 0
        columns[-1].append(block)
        used += block.height
    return columns


def _pages(columns: list, widths: dict, room: int, gap: int) -> list[list]:
    """Columns in order, as many side by side on a page as ``room`` pixels hold."""
    pages: list[list] = [[]]
    used = 0
    for flow, column in columns:
        need = widths[flow] + (gap if pages[-1] else 0)
        if pages[-1] and used + need > room:
            pages.append([])
            used, need = 0, widths[flow]
        pages[-1].append((flow, column))
        used += need
    return pages
