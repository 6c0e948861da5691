"""The end of a match: totals, the lowest total wins and equal lowest share the win (MT-18).

Then the next match (MT-20: 12-12 again, every total at zero), a new game, or the
replay viewer of the match just finished.  The finished match is kept in the
history as soon as this screen comes up (``game.history.record``, once per match).
"""
from __future__ import annotations

import logging

import pygame

from rules.line import TEAM_SEATS

from .. import history
from ..i18n import t
from ..kits.scoreboard import FAINT, GOLD, GREY
from ..play import MATCH_END
from ..seats import seat_colour
from ..table.render import DARK
from .score_panel import ScorePanelScene
from .textbox import line_height, width_of

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
        from .replay import open_replay
        play = self.play
        open_replay(self.app, history.MatchRecord(play.session, play.seats, play.view().match_no))

    def info(self):
        return self.play.match_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        if self.play.kit.game == "mexican_train":
            self.draw_mexican(surface, info, u)
        else:
            self.draw_line(surface, info, u)

    def _top(self, surface, panel: pygame.Rect, info, line: str, u: float) -> tuple[pygame.Rect, int]:
        """The title and the winners' line; returns the panel's inner width and the next top."""
        boxes = self.boxes
        m = max(8, round(24 * u))
        inner = pygame.Rect(panel.x + m, 0, panel.width - 2 * m, 0)
        y = self.title_line(surface, panel, t("table.match_over_title", match=info.match_no), boxes.px(34, u), u)
        y = self.centred_line(surface, line, inner, y, boxes.px(26, u), colour=GOLD, bold=True, outline=DARK)
        return inner, y + max(4, round(12 * u))

    def _top_height(self, u: float) -> int:
        px = self.boxes.px
        return max(line_height(px(34, u), True), line_height(px(16, u)) + 10) + line_height(px(26, u), True) + 4 \
            + max(4, round(12 * u))

    def draw_mexican(self, surface: pygame.Surface, info, u: float) -> None:
        """MT-18: the lowest total wins and equal lowest totals share the win; every deal's
        penalties beside the totals (UX-3)."""
        play, boxes = self.play, self.boxes
        n = len(info.totals) - 1
        log = play.score_log()
        u = self.fit_scale(u, surface, 420 + 34 * len(log), 260 + 44 * n)
        fpx = boxes.px(22, u)
        small = max(boxes.least, fpx - 6)
        pad, gap = max(4, round(10 * u)), max(6, round(12 * u))
        labels = [("next_match", t("table.next_match")), ("new_game", t("table.new_game"))]
        pw = min(surface.get_width() - 20, max(round((560 + 44 * len(log)) * u), round(900 * u)))
        foot = self.buttons_height(labels, pw - 2 * gap, u, fpx)
        head_h = 2 * line_height(small)
        design_row = round(48 * u)
        panel, _ = self.draw_panel(surface, pw, self._top_height(u) + head_h + n * design_row + pad + foot)
        inner, y = self._top(surface, panel, info, self._winners(info), u)
        rows_top, bottom = y + head_h + pad // 2, panel.bottom - foot - pad
        row_h = min(design_row, (bottom - rows_top) // n)
        fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
        small = max(boxes.least, min(small, fpx))
        place_w = width_of("10", fpx) + gap
        tot_w = max(width_of("9999", fpx, True), min(width_of(t("table.col_total"), small), inner.width // 8)) + gap
        col_w = max(width_of("999", small) + 6, min(round(44 * u), inner.width // 18))
        longest = max(width_of(play.name(s), fpx, True) for s in range(1, n + 1)) + gap
        name_w = max(inner.width * 22 // 100, min(longest, inner.width * 36 // 100))
        rest = inner.width - place_w - name_w - tot_w
        shown = log[-max(0, min(len(log), rest // col_w)):] if log else []
        x_name = inner.x + place_w
        x_log = inner.right - tot_w - col_w * len(shown)
        name_w = x_log - x_name - gap
        name_px = self.names_px([play.name(s) for s in range(1, n + 1)], name_w, fpx)
        lh = line_height(small)
        if shown:
            boxes.put(surface, t("table.col_log"), pygame.Rect(x_name, y, inner.right - tot_w - x_name, lh), small,
                      colour=GREY, align="right")
        y += lh
        for i, (deal_no, _) in enumerate(shown):
            boxes.put(surface, str(deal_no), pygame.Rect(x_log + i * col_w, y, col_w, lh), small, colour=FAINT,
                      align="center")
        boxes.put(surface, t("table.col_total"), pygame.Rect(inner.right - tot_w, y, tot_w, lh), small,
                  colour=GREY, align="right")
        y = rows_top
        order = sorted(range(1, n + 1), key=lambda s: (info.totals[s], s))
        for s in order:
            win = s in info.winners
            if win:
                pygame.draw.rect(surface, (60, 70, 40), (inner.x - 4, y + 1, inner.width + 8, row_h - 2),
                                 border_radius=6)
            place = 1 + sum(1 for o in order if info.totals[o] < info.totals[s])
            boxes.put(surface, str(place), pygame.Rect(inner.x, y, place_w - gap // 2, row_h), fpx, colour=GREY)
            boxes.put(surface, play.name(s), pygame.Rect(x_name, y, name_w, row_h), name_px, colour=seat_colour(s),
                      bold=True, outline=DARK)
            for i, (_, penalties) in enumerate(shown):
                value = penalties[s]
                boxes.put(surface, str(value), pygame.Rect(x_log + i * col_w, y, col_w, row_h), small,
                          colour=(220, 222, 214) if value else FAINT, align="center")
            boxes.put(surface, str(info.totals[s]), pygame.Rect(inner.right - tot_w, y, tot_w, row_h), fpx, bold=win,
                      align="right")
            y += row_h
        self.draw_buttons(surface, panel, labels, u, fpx, primary="next_match")

    def _winners(self, info) -> str:
        names = ", ".join(self.play.name(s) for s in info.winners)
        return t("table.winner", name=names) if len(info.winners) == 1 else t("table.shared_win", names=names)

    def draw_line(self, surface: pygame.Surface, info, u: float) -> None:
        """The winning team (CU-10, JA-8) with both totals and the hands' log, as many of its
        last lines as fit."""
        from ..kits.line import TEAM_COLOURS, team_log
        play, boxes, kit = self.play, self.boxes, self.play.kit
        log = team_log(play.view().history)
        u = self.fit_scale(u, surface, 620, 300 + 26 * min(len(log), 8))
        fpx = boxes.px(22, u)
        small = max(boxes.least, fpx - 6)
        gap = max(6, round(12 * u))
        labels = [("next_match", t("table.next_match")), ("new_game", t("table.new_game"))]
        pw = min(surface.get_width() - 20, round(900 * u))
        foot = self.buttons_height(labels, pw - 2 * gap, u, fpx)
        team_h, log_h = line_height(fpx, True) + max(2, round(6 * u)), line_height(small) + max(1, round(4 * u))
        panel, _ = self.draw_panel(surface, pw, self._top_height(u) + 2 * team_h + log_h * min(len(log), 8)
                                   + gap + foot)
        team = info.winners[0]
        line = kit.w("team_wins", team=team, names=", ".join(play.name(s) for s in TEAM_SEATS[team]))
        named = kit.match_title(info)
        if named:
            line += " \u2014 " + named
        inner, y = self._top(surface, panel, info, line, u)
        for tm in (1, 2):
            words = f"{kit.team_name(tm)}: {', '.join(play.name(s) for s in TEAM_SEATS[tm])}  \u2014  {info.totals[tm]}"
            boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, team_h), fpx, colour=TEAM_COLOURS[tm],
                      bold=tm == team, align="center")
            y += team_h
        room = max(0, (panel.bottom - foot - gap - y) // log_h)
        for hand_no, winner, points in log[-min(8, room):] if room else []:
            words = kit.w("log_row", hand=hand_no, team=winner, points=points) if winner else \
                kit.w("log_row_tie", hand=hand_no)
            boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, log_h), small, colour=FAINT, align="center")
            y += log_h
        self.draw_buttons(surface, panel, labels, u, fpx, primary="next_match")

    def button_labels(self, labels):
        """The kit's buttons and, last in the row, the replay of this match."""
        return [*labels, ("replay", t("replay.replay"))]
