"""The end of a match: totals, the lowest total wins and equal lowest share the win (MT-18).

Then the next match (MT-20: 12-12 again, every total at zero), a new game, or the
replay viewer of the match just finished.  The finished match is kept in the
history as soon as this screen comes up (``game.history.record``, once per match).
"""
from __future__ import annotations

import logging

import pygame


from .. import history, navigation
from ..i18n import t
from ..table.scoreboard import GOLD
from ..play import MATCH_END
from ..table.render import DARK
from .score_panel import ScorePanelScene
from .textbox import line_height

log = logging.getLogger(__name__)


class MatchEndScene(ScorePanelScene):
    phase = MATCH_END
    veil_alpha = 160

    def __init__(self, app, play, table) -> None:
        super().__init__(app, play, table)
        self.recorded = self._record()

    def _record(self):
        """Keep the finished match (not for a demo or a screenshot: the app does not persist)."""
        if not getattr(self.app, "persist", False):
            return None
        try:
            return history.record(self.play.session, self.play.seats)
        except Exception as e:  # the history must never spoil the match's end
            log.error("the match could not be recorded: %r", e)
            return None

    def _press(self, bid: str) -> None:
        if bid == "next_match":
            if self.play.next_match():
                self._close()
        elif bid == "new_game":
            self.app.new_game()
        elif bid == "replay":
            self.replay()

    def replay(self) -> None:
        """The viewer of the match just finished, over this screen (closing it comes back here)."""
        play = self.play
        navigation.push(self.app, "replay", history.MatchRecord(play.session, play.seats, play.view().match_no))

    def info(self):
        return self.play.match_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        self.play.kit.draw_match_end(self, self.play, surface, info, u)  # each family lays out its own

    def match_top(self, surface, panel: pygame.Rect, info, line: str, u: float) -> tuple[pygame.Rect, int]:
        """The title and the winners' line; returns the panel's inner width and the next top."""
        boxes = self.boxes
        m = max(8, round(24 * u))
        inner = pygame.Rect(panel.x + m, 0, panel.width - 2 * m, 0)
        y = self.title_line(surface, panel, self.play.kit.match_words("match_over_title", match=info.match_no), boxes.px(34, u), u)
        y = self.centred_line(surface, line, inner, y, boxes.px(26, u), colour=GOLD, bold=True, outline=DARK)
        return inner, y + max(4, round(12 * u))

    def match_top_height(self, u: float, width: int | None = None) -> int:
        """The height ``match_top`` takes from the panel's top (issue 28: the title sits under
        the corner button's margin and the winners' line has an outline; an estimate short
        of either left the panel one log row short, and the first hand went missing)."""
        px = self.boxes.px
        w = width if width is not None else round(900 * u)
        corner, _ = self.corner_rect(pygame.Rect(0, 0, w, 0), u)
        wins = px(26, u)
        return corner.top + max(line_height(px(34, u), True), corner.height) \
            + line_height(wins, True) + 2 * max(1, wins // 12) + max(4, round(12 * u))

    def button_labels(self, labels):
        """The kit's buttons and, last in the row, the replay of this match."""
        return [*labels, ("replay", t("replay.replay"))]
