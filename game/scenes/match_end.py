"""The end of a match: totals, the lowest total wins and equal lowest share the win (MT-18).

Then the next match (MT-20: 12-12 again, every total at zero) or a new game.
"""
from __future__ import annotations

import pygame

from ..i18n import t
from ..play import MATCH_END
from ..seats import seat_colour
from ..table.render import DARK
from ..table.text import fit, text
from .score_panel import GOLD, GREY, ScorePanelScene, draw_log_header, draw_log_row


class MatchEndScene(ScorePanelScene):
    phase = MATCH_END
    veil_alpha = 160

    def _press(self, bid: str) -> None:
        if bid == "next_match":
            if self.play.next_match():
                self._close()
        elif bid == "new_game":
            self._call("new_game")

    def info(self):
        return self.play.match_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        n = len(info.totals) - 1
        row_h = self.row_height(surface, n, 48, 0.6, u)
        log = self.play.score_log()  # UX-3: every deal's penalties beside the totals
        col_w = round(44 * u)
        pw = min(surface.get_width() - 40, round(560 * u) + col_w * len(log))
        panel, u = self.draw_panel(surface, pw, round(190 * u) + row_h * n + round(110 * u))
        pw = panel.width
        play = self.play
        fpx = max(11, round(22 * u))
        title = fit(t("table.match_over_title", match=info.match_no), round(34 * u), pw - 40, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(18 * u))))
        names = ", ".join(play.name(s) for s in info.winners)
        if len(info.winners) == 1:
            line = t("table.winner", name=names)
        else:
            line = t("table.shared_win", names=names)
        sub = fit(line, round(26 * u), pw - 40, colour=GOLD, bold=True, outline=DARK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + round(70 * u))))
        small = max(10, fpx - 6)
        y = panel.y + round(130 * u) + (round(small * 3.2) if log else 0)
        x_log = panel.right - round(140 * u) - col_w * len(log)
        draw_log_header(surface, log, x_log, y - round(small * 2.6) - 4, col_w, small, 0)
        order = sorted(range(1, n + 1), key=lambda s: (info.totals[s], s))
        for s in order:
            cy = y + row_h // 2
            win = s in info.winners
            if win:
                pygame.draw.rect(surface, (60, 70, 40), (panel.x + 20, y + 2, pw - 40, row_h - 4),
                                 border_radius=6)
            place = text(str(1 + sum(1 for o in order if info.totals[o] < info.totals[s])), fpx, GREY)
            surface.blit(place, place.get_rect(midleft=(panel.x + round(40 * u), cy)))
            name = fit(play.name(s), fpx, x_log - panel.x - round(110 * u), colour=seat_colour(s), bold=True,
                       outline=DARK)
            surface.blit(name, name.get_rect(midleft=(panel.x + round(90 * u), cy)))
            draw_log_row(surface, log, s, x_log, cy, col_w, small, 0)
            tot = text(str(info.totals[s]), fpx, bold=win)
            surface.blit(tot, tot.get_rect(midright=(panel.right - round(50 * u), cy)))
            y += row_h
        labels = [("next_match", t("table.next_match")), ("new_game", t("table.new_game"))]
        self.draw_buttons(surface, panel, labels, u, fpx, primary="next_match")
