"""The end of a match: totals, the lowest total wins and equal lowest share the win (MT-18).

Then the next match (MT-20: 12-12 again, every total at zero) or a new game.
"""
from __future__ import annotations

import pygame

from ..play import MATCH_END
from .score_panel import ScorePanelScene


class MatchEndScene(ScorePanelScene):
    phase = MATCH_END
    veil_alpha = 160

    def _press(self, bid: str) -> None:
        if bid == "next_match":
            if self.play.next_match():
                self._close()
        elif bid == "new_game":
            self.app.new_game()

    def info(self):
        return self.play.match_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        self.play.kit.draw_match_end(self, surface, info, u)
