"""Finished matches (issue 15): the history's list, the statistics, and the viewer one press away.

Each finished match is a button (date, game, players, result) that opens the
replay viewer; a page of them at a time, with ‹ › to turn pages.  Below, the
statistics per player name and game (``game.history.statistics``).  A file in
the history that could not be used was set aside when the list was read; the
screen says so in one line (how many, and which).
"""
from __future__ import annotations

from functools import partial

import html
import pygame

from .. import history, kept, navigation
from ..i18n import t
from ..kits import kit_for
from .menu import TEXT_MARGIN, WIDGET_INSET, WidgetScene
from .textbox import elide
from .title import draw_felt

#: Each game's words for its deals won in the statistics (a Cuban «кон», a Jamaican «сдача»).
MAX_PLAYERS_CHARS = 60


def entry_label(entry: history.Entry, width: int | None = None, measure=None) -> str:
    """One match in the list: when, which game, who played, who won and the score; the
    players elided first (then the whole line) to fit ``width`` as ``measure`` measures."""
    when = entry.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    players = ", ".join(entry.names)
    if len(players) > MAX_PLAYERS_CHARS:
        players = players[: MAX_PLAYERS_CHARS - 1].rstrip(", ") + "\u2026"
    head, tail = f"{when}  \u00b7  {t(f'ui.game_{entry.game}')}  \u00b7  ", f"  \u2014  {result_words(entry)}"
    if width is None or measure is None:
        return head + players + tail
    players = elide(players, width - measure(head + tail), measure=measure) if players else ""
    return elide(head + players + tail, width, measure=measure)


def result_words(entry: history.Entry) -> str:
    summary = entry.summary
    totals = summary["totals"]
    score = history.score_text(entry.game, totals)
    return t("history.result", names=", ".join(entry.winners), score=score)


def stats_lines(stats: list[history.PlayerStats]) -> list[str]:
    """The statistics as HTML lines: a heading per game, then one line per player name."""
    lines: list[str] = []
    game = None
    for s in stats:
        if s.game != game:
            game = s.game
            lines.append(f"<b>{html.escape(t(f'ui.game_{game}'))}</b>")
        parts = [t("history.matches", count=s.matches, won=s.matches_won), *kit_for(s.game).stats_words(s)]
        lines.append(f"    {html.escape(s.name)}: " + html.escape(" \u00b7 ".join(parts)))
    return lines


class HistoryScene(WidgetScene):
    """The finished matches (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.listing = history.load_all()
        #: Unfinished matches kept aside when another was started (issue 37), newest first.
        self.kept = kept.listing()
        self.page = 0

    def per_page(self) -> int:
        w, h = self.area_size
        taken = self.px(42 + 52 * min(3, len(self.kept))) if self.kept else 0
        return max(2, min(8, (h - self.px(330) - taken) // self.px(50)))

    def build(self) -> None:
        w, h = self.area_size
        px = self.px
        m, bh, gap = px(20), px(44), px(8)
        width = min(px(1200), w - 2 * m)
        x = (w - width) // 2
        y = m
        self.label(pygame.Rect(0, y, w, px(72)), t("history.title"), "#heading", "@title")
        y += px(76)
        room = width - 2 * (WIDGET_INSET + TEXT_MARGIN)
        small = self.font("@small").size
        if self.listing.problems:
            names = ", ".join(p.name for p in self.listing.problems[:3])
            words = t("history.set_aside", count=len(self.listing.problems), files=names)
            self.label(pygame.Rect(x, y, width, px(28)), elide(words, room, measure=lambda s: small(s)[0]),
                       "#error", "@small")
            y += px(32)
        y = self._build_kept(x, y, width, room)
        entries = self.listing.entries
        if not entries and not self.kept:  # a sentence, wrapped rather than cut (issue 11)
            self.text_box(pygame.Rect(x, y + px(10), width, px(90)), html.escape(t("history.empty")))
            y += px(110)
        per = self.per_page()
        pages = max(1, -(-len(entries) // per))
        self.page = max(0, min(self.page, pages - 1))
        for entry in entries[self.page * per:(self.page + 1) * per]:
            self.focus.add_row(self.button(pygame.Rect(x, y, width, bh),
                                           entry_label(entry, room, lambda s: small(s)[0]),
                                           partial(self.open, entry), class_id="@small"))
            y += bh + gap
        if pages > 1:
            pw = px(60)
            prev = self.button(pygame.Rect(x, y, pw, bh), "\u2039", lambda: self.turn(-1), enabled=self.page > 0)
            nxt = self.button(pygame.Rect(x + width - pw, y, pw, bh), "\u203a", lambda: self.turn(1),
                              enabled=self.page < pages - 1)
            self.label(pygame.Rect(x + pw, y, width - 2 * pw, bh), t("history.page", page=self.page + 1,
                                                                      pages=pages), "#hint")
            self.focus.add_row(prev, nxt)
            y += bh + gap
        back_h = px(50)
        box_h = h - y - back_h - 3 * m
        if entries and box_h > px(60):
            lines = stats_lines(history.statistics(entries))
            self.text_box(pygame.Rect(x, y + gap, width, box_h),
                          f"<b>{html.escape(t('history.statistics'))}</b><br>" + "<br>".join(lines))
        bw = min(px(300), width)
        self.focus.add_row(self.button(pygame.Rect((w - bw) // 2, h - back_h - m, bw, back_h), t("ui.back"),
                                       self.back, class_id="@primary"))

    def _build_kept(self, x: int, y: int, width: int, room: int) -> int:
        """The unfinished matches kept aside, a button each that resumes it (the three newest);
        returns the y below them."""
        if not self.kept:
            return y
        px = self.px
        bh, gap = px(44), px(8)
        small = self.font("@small").size
        self.label(pygame.Rect(x, y, width, px(30)), t("kept.title"), "#hint")
        y += px(34)
        for entry in self.kept[:3]:
            when = entry.kept.astimezone().strftime("%Y-%m-%d %H:%M")
            words = t("kept.entry", count=entry.decisions, when=when, game=t(f"ui.game_{entry.game}"),
                      players=", ".join(entry.names))
            self.focus.add_row(self.button(pygame.Rect(x, y, width, bh), elide(words, room, measure=lambda s: small(s)[0]),
                                           partial(self.resume, entry), class_id="@small"))
            y += bh + gap
        return y + gap

    def resume(self, entry: kept.Kept) -> None:
        self.app.continue_match(entry.path)

    def initial_focus(self) -> tuple[int, int]:
        return 0, 0

    def turn(self, delta: int) -> None:
        self.page += delta
        self.rebuild()

    def open(self, entry: history.Entry) -> None:
        """The viewer of ``entry``; a file whose moves fail is set aside with a message."""
        try:
            record = history.read_match(entry.path)
        except history.MatchFileError as e:
            problem = history.set_aside(entry.path, e.detail)
            self.listing.entries = [x for x in self.listing.entries if x is not entry]
            self.listing.problems.append(problem)
            self.rebuild()
            self.app.show_message(t("replay.title"), t(history.PROBLEM_TEXT[e.problem]))
            return
        navigation.push(self.app, "replay", record)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        draw_felt(surface)


def open_history(app) -> HistoryScene:
    scene = HistoryScene(app)
    app.stack.push(scene)
    return scene


__all__ = ["HistoryScene", "entry_label", "open_history", "stats_lines"]
