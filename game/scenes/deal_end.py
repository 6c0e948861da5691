"""The end of a deal: every hand revealed, with penalties and totals (MT-16, MT-17, UX-3).

The hands come from the public ``deal_end`` history event, which carries
them: at the end of a deal every hand is revealed together.
"""
from __future__ import annotations

import pygame

from rules.line import team_of

from .. import intents as I
from ..i18n import t
from ..kits.scoreboard import FAINT, GOLD, GREY
from ..play import DEAL_END
from ..seats import seat_colour
from ..table.render import DARK
from .score_panel import ScorePanelScene, draw_revealed_hand
from .textbox import line_height, width_of

PENALTY = (255, 160, 140)


class DealEndScene(ScorePanelScene):
    phase = DEAL_END

    def _continue(self) -> None:
        self.play.continue_after_deal()
        self._close()

    def _undo(self) -> None:
        if self.play.undo():
            self._close()

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.CONFIRM and not self.buttons:
            self._continue()  # Enter before the first frame is drawn
        elif intent.kind == I.UNDO:
            self._undo()
        else:
            super().handle(intent)

    def _press(self, bid: str) -> None:
        if bid == "continue":
            self._continue()
        elif bid == "undo":
            self._undo()
        elif bid == "coach":
            from .coach import CoachScene  # issue 15: the deal's decisions, graded
            self.app.stack.push(CoachScene(self.app, self.play, self.table))
        elif bid == "replay":
            self.replay()

    def replay(self) -> None:
        """Issue 15: the match so far in the viewer, every hand face up.  Its positions end
        with this deal's last decision, before the next deal (already dealt behind this
        screen) is shown: every hand up to there was revealed at its deal's end."""
        from .. import history
        from .replay import open_replay
        play = self.play
        open_replay(self.app, history.MatchRecord(play.session, play.seats, play.view().match_no))

    def button_labels(self, labels):
        """The kit's buttons, and Coach and Replay when a human played this deal (issue 15)."""
        if any(s.is_human for s in self.play.seats):
            labels = [*labels, ("coach", t("coach.button")), ("replay", t("replay.replay"))]
        return labels

    def info(self):
        return self.play.last_deal_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        if self.play.kit.game == "mexican_train":
            self.draw_mexican(surface, info, u)
        else:
            self.draw_line(surface, info, u)

    def _labels(self, info, next_words: str) -> list[tuple[str, str]]:
        over = self.play.session.match_over()
        labels = [("continue", t("table.see_result") if over else next_words)]
        if self.play.can_undo():
            labels.append(("undo", t("table.undo")))
        return labels

    def _hand(self, surface, hand, cell: pygame.Rect, fpx: int) -> None:
        draw_revealed_hand(self.boxes, surface, self.table.sprites, hand, cell, fpx, self.turn)

    def draw_mexican(self, surface: pygame.Surface, info, u: float) -> None:
        """MT-16, MT-17, UX-3: every hand revealed with its penalty, the score log and totals."""
        play, boxes = self.play, self.boxes
        n = len(info.hands) - 1
        log = play.score_log()  # UX-3: the whole score log of this match, deal by deal
        u = self.fit_scale(u, surface, 640 + 34 * len(log), 230 + 50 * n)
        fpx, title_px = boxes.px(20, u), boxes.px(30, u)
        small = max(boxes.least, fpx - 4)
        pad, m, gap = max(4, round(14 * u)), max(8, round(24 * u)), max(6, round(12 * u))
        labels = self._labels(info, t("table.next_deal", deal=info.deal_no + 1))
        pw = min(surface.get_width() - 20, round(1500 * u))
        foot = self.buttons_height(labels, pw - 2 * gap, u, fpx)
        head_h = 2 * line_height(small)
        top_h = max(line_height(title_px, True), line_height(boxes.px(16, u)) + pad)
        design_row = round(58 * u)
        panel, _ = self.draw_panel(surface, pw, pad + top_h + pad + head_h + n * design_row + pad + foot)
        y = self.title_line(surface, panel, self._reason(info), title_px, u) + pad
        rows_top, bottom = y + head_h + pad // 2, panel.bottom - foot - pad
        row_h = min(design_row, (bottom - rows_top) // n)
        fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
        small = max(boxes.least, min(small, fpx))
        # the columns: name, hand, the log's last deals, penalty, total (issue 11: they adapt)
        inner = panel.width - 2 * m
        tot_w = max(width_of("999", fpx, True), min(width_of(t("table.col_total"), small), inner // 9)) + gap
        pen_w = max(width_of("+999", fpx), min(width_of(t("table.col_penalty"), small), inner // 9)) + gap
        longest = max(width_of(play.name(s), fpx, True) for s in range(1, n + 1)) + gap
        name_w = max(inner * 15 // 100, min(longest, inner * 28 // 100))
        col_w = max(width_of("999", small) + 6, min(round(44 * u), inner // 20))
        rest = inner - name_w - pen_w - tot_w
        shown = log[-max(0, min(len(log), (rest - inner // 5) // col_w)):] if log else []
        hand_w = rest - col_w * len(shown) - gap
        name_px = self.names_px([play.name(s) for s in range(1, n + 1)], name_w - gap, fpx)
        x_hand = panel.x + m + name_w
        x_log = x_hand + hand_w + gap
        x_pen = x_log + col_w * len(shown)
        x_tot = x_pen + pen_w
        lh = line_height(small)
        if shown:
            boxes.put(surface, t("table.col_log"), pygame.Rect(x_hand, y, x_pen - x_hand, lh), small,
                      colour=GREY, align="right")
        y += lh
        boxes.put(surface, t("table.col_hand"), pygame.Rect(x_hand, y, hand_w, lh), small, colour=GREY)
        for i, (deal_no, _) in enumerate(shown):
            boxes.put(surface, str(deal_no), pygame.Rect(x_log + i * col_w, y, col_w, lh), small,
                      colour=GOLD if deal_no == info.deal_no else FAINT, align="center")
        boxes.put(surface, t("table.col_penalty"), pygame.Rect(x_pen, y, pen_w - gap // 2, lh), small, colour=GREY)
        boxes.put(surface, t("table.col_total"), pygame.Rect(x_tot, y, tot_w, lh), small, colour=GREY)
        y = rows_top
        for s in range(1, n + 1):
            row = pygame.Rect(panel.x + m, y, inner, row_h)
            boxes.put(surface, play.name(s), pygame.Rect(row.x, y, name_w - gap, row_h), name_px,
                      colour=seat_colour(s), bold=True, outline=DARK)
            self._hand(surface, info.hands[s], pygame.Rect(x_hand, y, hand_w, row_h), fpx)
            for i, (deal_no, penalties) in enumerate(shown):
                value, now = penalties[s], deal_no == info.deal_no
                boxes.put(surface, str(value), pygame.Rect(x_log + i * col_w, y, col_w, row_h), small,
                          colour=GOLD if now else (220, 222, 214) if value else FAINT, bold=now, align="center")
            boxes.put(surface, f"+{info.penalties[s]}", pygame.Rect(x_pen, y, pen_w - gap // 2, row_h), fpx,
                      colour=PENALTY if info.penalties[s] else GREY)
            boxes.put(surface, str(info.totals[s]), pygame.Rect(x_tot, y, tot_w, row_h), fpx, bold=True)
            y += row_h
        self.draw_buttons(surface, panel, labels, u, fpx, primary="continue")

    def _reason(self, info) -> str:
        play = self.play
        winner = next((s for s in range(1, len(info.hands)) if not info.hands[s]), None)
        if info.reason == "out" and winner:
            reason = t("table.deal_won", name=play.name(winner))
        else:
            reason = t("table.deal_blocked")
        return t("table.deal_over_title", deal=info.deal_no) + " \u2014 " + reason

    def draw_line(self, surface: pygame.Surface, info, u: float) -> None:
        """CU-7, JA-5, UX-3: all four hands revealed, each seat's count, the hand's result and
        both totals."""
        play, boxes, kit = self.play, self.boxes, self.play.kit
        u = self.fit_scale(u, surface, 760, 520)
        fpx, title_px, big = boxes.px(20, u), boxes.px(30, u), boxes.px(22, u)
        small = max(boxes.least, fpx - 4)
        pad, m, gap = max(4, round(12 * u)), max(8, round(24 * u)), max(6, round(12 * u))
        labels = self._labels(info, kit.w("next_hand", hand=info.deal_no + 1))
        pw = min(surface.get_width() - 20, round(1300 * u))
        foot = self.buttons_height(labels, pw - 2 * gap, u, fpx)
        reset = kit.reset_happened(play)
        top_h = max(line_height(title_px, True), line_height(boxes.px(16, u)) + pad)
        lines_h = line_height(big, True) + (line_height(small) if reset else 0) + line_height(small)
        design_row = round(60 * u)
        panel, _ = self.draw_panel(surface, pw, pad + top_h + lines_h + 4 * design_row
                                   + line_height(fpx + 2, True) + 3 * pad + foot)
        y = self.title_line(surface, panel, kit.w("hand_over", hand=info.deal_no), title_px, u)
        inner = pygame.Rect(panel.x + m, 0, panel.width - 2 * m, 0)
        y = self.centred_line(surface, kit.hand_result(play, info), inner, y, big, colour=GOLD, bold=True, outline=DARK)
        if reset:
            y = self.centred_line(surface, kit.w("six_love_reset"), inner, y, small, colour=PENALTY)
        totals_h = line_height(fpx + 2, True)
        rows_top = y + line_height(small) + pad // 2
        bottom = panel.bottom - foot - pad - totals_h - pad
        row_h = min(design_row, (bottom - rows_top) // 4)
        fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
        longest = max(width_of(f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}", fpx, True) for s in range(1, 5))
        name_w = max(inner.width * 20 // 100, min(longest + gap, inner.width * 38 // 100))
        count_w = max(width_of("99", fpx), min(width_of(t("line.col_count"), small), inner.width // 6)) + gap
        name_px = self.names_px([f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}" for s in range(1, 5)],
                                name_w - gap, fpx)
        x_hand = inner.x + name_w
        x_count = inner.right - count_w
        lh = line_height(small)
        boxes.put(surface, t("table.col_hand"), pygame.Rect(x_hand, y, x_count - x_hand - gap, lh), small, colour=GREY)
        boxes.put(surface, t("line.col_count"), pygame.Rect(x_count, y, count_w, lh), small, colour=GREY)
        y = rows_top
        for s in (1, 3, 2, 4):
            words = f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}"
            boxes.put(surface, words, pygame.Rect(inner.x, y, name_w - gap, row_h), name_px, colour=seat_colour(s),
                      bold=True, outline=DARK)
            self._hand(surface, info.hands[s], pygame.Rect(x_hand, y, x_count - x_hand - gap, row_h), fpx)
            boxes.put(surface, str(info.penalties[s]), pygame.Rect(x_count, y, count_w, row_h), fpx)
            y += row_h
        self.centred_line(surface, kit.w("totals", one=info.totals[1], two=info.totals[2]), inner, y + pad, fpx + 2,
                   bold=True)
        self.draw_buttons(surface, panel, labels, u, fpx, primary="continue")
