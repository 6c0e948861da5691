"""The end of a deal: every hand revealed, with penalties and totals (MT-16, MT-17, UX-3).

The hands come from the public ``deal_end`` history event, which carries
them: at the end of a deal every hand is revealed together.
"""
from __future__ import annotations

import pygame

from .. import intents as I
from ..i18n import t
from ..play import DEAL_END
from ..seats import seat_colour
from ..table.render import DARK
from ..table.text import fit, text
from .score_panel import GOLD, GREY, ScorePanelScene, draw_log_header, draw_log_row


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

    def info(self):
        return self.play.last_deal_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        n = len(info.hands) - 1
        row_h = self.row_height(surface, n, 64, 0.72, u)
        short = max(8, round(row_h * 0.36))
        pw = min(surface.get_width() - round(40 * u), round(1500 * u))
        panel, u = self.draw_panel(surface, pw, round(150 * u) + row_h * n + round(90 * u))
        fpx = max(11, round(20 * u))
        play = self.play
        if info.reason == "out":
            winner = next((s for s in range(1, n + 1) if not info.hands[s]), None)
            reason = t("table.deal_won", name=play.name(winner)) if winner else t("table.deal_blocked")
        else:
            reason = t("table.deal_blocked")
        title = fit(t("table.deal_over_title", deal=info.deal_no) + " \u2014 " + reason,
                    round(30 * u), pw - 40, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(18 * u))))
        x_name = panel.x + round(24 * u)
        x_hand = x_name + round(200 * u)
        x_pen = panel.right - round(240 * u)
        x_tot = panel.right - round(110 * u)
        log = play.score_log()  # UX-3: the whole score log of this match, deal by deal
        col_w = round(44 * u)
        x_log = x_pen - col_w * len(log) - round(20 * u)
        y = panel.y + round(80 * u)
        grey = GREY
        small = max(10, fpx - 4)
        for label, x in ((t("table.col_hand"), x_hand), (t("table.col_penalty"), x_pen),
                         (t("table.col_total"), x_tot)):
            surface.blit(text(label, small, grey), (x, y))
        draw_log_header(surface, log, x_log, y, col_w, small, info.deal_no)
        y += round(34 * u)
        sprites = self.table.sprites
        for s in range(1, n + 1):
            cy = y + row_h // 2
            colour = seat_colour(s)
            name = fit(play.name(s), fpx, x_hand - x_name - 10, colour=colour, bold=True, outline=DARK)
            surface.blit(name, name.get_rect(midleft=(x_name, cy)))
            hand = sorted(info.hands[s])
            x = x_hand
            avail = x_log - x_hand - round(16 * u)
            step = min(short + max(2, short // 5), avail // max(1, len(hand)))
            blits = [(sprites.face(a, b, short, True), (x + i * step, cy - short)) for i, (a, b) in enumerate(hand)]
            if blits:
                surface.fblits(blits)
            else:
                out = text(t("table.went_out"), max(10, fpx - 2), GOLD, bold=True)
                surface.blit(out, out.get_rect(midleft=(x, cy)))
            draw_log_row(surface, log, s, x_log, cy, col_w, small, info.deal_no)
            pen = text(f"+{info.penalties[s]}", fpx, (255, 160, 140) if info.penalties[s] else grey)
            surface.blit(pen, pen.get_rect(midleft=(x_pen, cy)))
            tot = text(str(info.totals[s]), fpx, bold=True)
            surface.blit(tot, tot.get_rect(midleft=(x_tot, cy)))
            y += row_h
        over = play.session.match_over()
        labels = [("continue", t("table.see_result") if over else t("table.next_deal", deal=info.deal_no + 1))]
        if play.can_undo():
            labels.append(("undo", t("table.undo")))
        self.draw_buttons(surface, panel, labels, u, fpx, primary="continue")
