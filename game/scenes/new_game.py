"""New game: the game, its seats (human or computer, name, level), a seed, the language.

Mexican Train takes 2 to 10 seats (MT-1); Cuban and Jamaican dominoes exactly 4,
seats 1 and 3 partners against 2 and 4 (CU-1, JA-1), which the form shows.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import i18n
from ..seats import COMPUTER, HUMAN, LEVELS, SeatConfig
from .menu import WidgetScene
from .title import draw_felt

#: Each game the program plays, with the seat counts it allows (MT-1, CU-1, JA-1).
GAMES = {"mexican_train": (2, 10), "cuban": (4, 4), "jamaican": (4, 4)}
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
        key = "ui.default_human_name" if self.kind == HUMAN else "ui.default_computer_name"
        return i18n.t(key, n=n)


class NewGameScene(WidgetScene):
    """The new-game form (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = "mexican_train"
        self.seats = [SeatDraft(HUMAN)] + [SeatDraft(COMPUTER) for _ in range(DEFAULT_SEATS - 1)]
        seed = app.default_seed
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""

    # ----------------------------------------------------------------- form

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        m = px(24)
        self.label(pygame.Rect(0, px(4), w, px(72)), i18n.t("ui.new_game"), "#heading", "@title")
        top = px(80)
        rh, gap = px(40), px(8)
        left_w = min(px(400), int((w - 3 * m) * 0.36))
        lx, rx = m, 2 * m + left_w
        right_w = w - rx - m

        # Left column: game, number of players, seed, language, then Back / Start.
        y = top
        self.label(pygame.Rect(lx, y, left_w, px(30)), i18n.t("ui.game"), "#left")
        y += px(32)
        for game in GAMES:
            control = self.button(pygame.Rect(lx, y, left_w, rh), i18n.t(f"ui.game_{game}"),
                                  lambda g=game: self._set_game(g),
                                  class_id="@primary" if game == self.game else None)
            self.focus.add_row(control)
            y += rh + gap
        y += px(10)
        self.label(pygame.Rect(lx, y, left_w, px(30)), i18n.t("ui.players"), "#left")
        y += px(32)
        low, high = GAMES[self.game]
        counts = [(n, i18n.t("ui.player_count", count=n)) for n in range(low, high + 1)]
        self.count_choice = self.choice(pygame.Rect(lx, y, left_w, rh), counts, len(self.seats),
                                        self._set_count, wrap=False)
        if low < high:  # the partnership games seat exactly four: nothing to choose
            self.focus.add_row(self.count_choice)
        y += rh + gap + px(10)
        self.label(pygame.Rect(lx, y, left_w, px(30)), i18n.t("ui.seed"), "#left")
        y += px(32)
        self.seed_field = self.text_field(pygame.Rect(lx, y, left_w, rh), self.seed_text,
                                          self._set_seed, placeholder=i18n.t("ui.seed_placeholder"),
                                          limit=MAX_SEED_DIGITS, allowed="numbers")
        self.focus.add_row(self.seed_field)
        y += rh + gap + px(10)
        self.label(pygame.Rect(lx, y, left_w, px(30)), i18n.t("ui.language"), "#left")
        y += px(32)
        langs = [(c, i18n.catalog()[c].get("ui.language_name", c)) for c in i18n.LANGUAGES]
        self.focus.add_row(self.choice(pygame.Rect(lx, y, left_w, rh), langs, i18n.language(),
                                       self.app.set_language))
        y += rh + gap
        self.error_label = self.label(pygame.Rect(lx, y, left_w, px(54)), self.error, "#error", "@small")

        bh = px(52)
        by = h - m - bh
        bw = (left_w - m) // 2
        back = self.button(pygame.Rect(lx, by, bw, bh), i18n.t("ui.back"), self.back)
        start = self.button(pygame.Rect(lx + bw + m, by, left_w - bw - m, bh), i18n.t("ui.start"),
                            self.start, class_id="@primary")

        # Right column: one row per seat.
        seat_rows = []
        n = len(self.seats)
        sh = min(rh, (h - top - px(40) - m) // MAX_SEATS - gap)
        num_w = px(40)
        y = top + px(32)
        self.label(pygame.Rect(rx, top, right_w, px(30)), i18n.t("ui.player_count", count=n), "#left")
        kind_w = int((right_w - num_w) * 0.3)
        level_w = int((right_w - num_w) * 0.3)
        name_w = right_w - num_w - kind_w - level_w - 3 * gap
        self.name_fields = []
        partners = GAMES[self.game] == (4, 4)
        for i, seat in enumerate(self.seats):
            x = rx
            self.label(pygame.Rect(x, y, num_w, sh), i18n.t("ui.seat_number", n=i + 1), "#right")
            x += num_w + gap
            field = self.text_field(pygame.Rect(x, y, name_w, sh), seat.shown_name(i + 1),
                                    lambda text, i=i: self._set_name(i, text), limit=24)
            self.name_fields.append(field)
            x += name_w + gap
            kinds = [(HUMAN, i18n.t("ui.human")), (COMPUTER, i18n.t("ui.computer"))]
            kind = self.choice(pygame.Rect(x, y, kind_w, sh), kinds, seat.kind,
                               lambda v, i=i: self._set_kind(i, v))
            x += kind_w + gap
            levels = [(lv, i18n.t(f"ui.level_{lv}")) for lv in LEVELS]
            level = self.choice(pygame.Rect(x, y, level_w, sh), levels, seat.level,
                                lambda v, i=i: self._set_level(i, v))
            if seat.kind == HUMAN:
                for e in level.elements():
                    e.hide()
                level.enabled = False
            seat_rows.append((field, kind, level))
            y += sh + gap
        if partners:
            # CU-1, JA-1: who partners whom, in the players' own names
            for team, (a, b) in ((1, (0, 2)), (2, (1, 3))):
                words = i18n.t(f"line.{self.game}.partners", team=team, one=self.seats[a].shown_name(a + 1),
                               two=self.seats[b].shown_name(b + 1))
                self.label(pygame.Rect(rx, y + px(4), right_w, px(30)), words, "#left", "@small")
                y += px(30)
        # issue 16: how strong the levels are, measured (tools/bench_bot.py), wrapped to the column
        for line in self.wrapped(i18n.t(f"ui.strength_{self.game}"), right_w):
            self.label(pygame.Rect(rx, y + px(4), right_w, px(26)), line, "#left", "@small")
            y += px(26)

        # Focus order: the left column top to bottom, then the seats, then Start/Back.
        for row in seat_rows:
            self.focus.add_row(*row)
        self.focus.add_row(back, start)

    def wrapped(self, text: str, width: int) -> list[str]:
        """``text`` in lines of the small label font that fit ``width`` pixels."""
        font = self.app.ui.get_theme().get_font(["@small", "label"])
        lines: list[str] = []
        for word in text.split():
            if lines and font.size(lines[-1] + " " + word)[0] <= width - 8:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines

    def initial_focus(self) -> tuple[int, int]:
        return len(self.focus.rows) - 1, 1  # Start: Enter on a fresh form starts a game

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
        self.error_label.set_text(self.error)
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

