"""A dialog listing the games, one button each, and Back: the lessons of Learn to play and the
rules of any game from the title (before, the title's Rules showed Mexican Train's alone)."""
from __future__ import annotations

from functools import partial
from typing import Sequence

import pygame

from rules.variants import PLAYERS

from .. import i18n, navigation
from .menu import WIDGET_INSET
from .overlays import OverlayScene


class GameListScene(OverlayScene):
    """The games in a column under a heading (and a note where it fits on one line)."""

    def heading(self) -> str:
        raise NotImplementedError

    def note(self) -> str | None:
        return None

    def games(self) -> Sequence[str]:
        return list(PLAYERS)

    def words(self, game: str) -> str:
        return i18n.t(f"ui.game_{game}")

    def picked(self, game: str) -> None:
        raise NotImplementedError

    def first(self) -> str | None:
        """The game the focus starts on (None: the first)."""
        return None

    def build(self) -> None:
        px = self.px
        items = [(self.words(g), g) for g in self.games()]
        m, gap = px(24), px(10)
        head_h = self.line_height("@heading", "label") + px(8)
        bh = max(self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(4), px(50))
        note = self.note()
        width = max(px(460), self.text_width([t for t, _ in items] + [self.heading()], "@primary", "button") + 2 * m,
                    self.text_width([note], "@small", "label") + 2 * m + px(8) if note else 0)
        width = min(width, self.area_size[0] - px(16))
        # the note under the heading only where it fits on one line (a small window: no note)
        fits = note is not None and self.text_width([note], "@small", "label") + px(8) <= width - 2 * m
        note_h = self.line_height("@small", "label") + px(8) if fits else 0
        rows = len(items) + 1
        inner = self.dialog(width, head_h + note_h + px(14) + rows * (bh + gap) - gap + m)
        self.label(pygame.Rect(m, px(6), inner.width - 2 * m, head_h), self.heading(), "#heading", "@heading")
        if fits and note is not None:
            self.label(pygame.Rect(m, px(6) + head_h, inner.width - 2 * m, note_h), note, "#hint", "@small")
        y = head_h + note_h + px(14)
        for i, (words, game) in enumerate(items):
            self.focus.add_row(self.button(pygame.Rect(m, y, inner.width - 2 * m, bh), words,
                                           partial(self.picked, game), class_id="@primary" if i == 0 else None))
            y += bh + gap
        self.focus.add_row(self.button(pygame.Rect(m, y, inner.width - 2 * m, bh), i18n.t("ui.back"), self.back))

    def initial_focus(self) -> tuple[int, int]:
        games = list(self.games())
        first = self.first()
        return (games.index(first) if first in games else 0), 0


class RulesMenuScene(GameListScene):
    """The rules of which game: from the title, every game's rules (the match in progress's first)."""

    def heading(self) -> str:
        return i18n.t("ui.rules")

    def first(self) -> str | None:
        ps = self.app.play_state
        return ps.session.config.game if ps is not None else None

    def picked(self, game: str) -> None:
        navigation.push(self.app, "rules", game=game)
