"""The end of a deal: every hand revealed, with penalties and totals (MT-16, MT-17, UX-3).

The hands come from the public ``deal_end`` history event, which carries
them: at the end of a deal every hand is revealed together.
"""
from __future__ import annotations

import pygame

from .. import intents as I
from ..i18n import t
from ..scene import Scene
from ..seats import seat_colour
from ..table.render import DARK
from ..table.text import fit, text
from ..table.widgets import Button

PANEL = (16, 30, 24)
EDGE = (196, 160, 72)


def _ui(app, size) -> float:
    w, h = size
    return max(0.55, min(w / 1920, h / 1080)) * float(getattr(app, "ui_scale", 1.0) or 1.0)


def draw_log_header(surface, log, x: int, y: int, col_w: int, size: int, current: int) -> None:
    """The score log's title and deal numbers (UX-3), the current deal's in gold."""
    if not log:
        return
    title = fit(t("table.col_log"), size, max(col_w * len(log), col_w * 3), colour=(190, 196, 186))
    surface.blit(title, (x, y - title.get_height() + size // 3))
    for i, (deal_no, _) in enumerate(log):
        num = text(str(deal_no), max(8, size - 2), (255, 214, 90) if deal_no == current else (150, 156, 146))
        surface.blit(num, num.get_rect(midtop=(x + i * col_w + col_w // 2, y + size + 2)))


def draw_log_row(surface, log, seat: int, x: int, cy: int, col_w: int, size: int, current: int) -> None:
    for i, (deal_no, penalties) in enumerate(log):
        value = penalties[seat]
        colour = (255, 214, 90) if deal_no == current else (220, 222, 214) if value else (150, 156, 146)
        cell = text(str(value), size, colour, bold=deal_no == current)
        surface.blit(cell, cell.get_rect(center=(x + i * col_w + col_w // 2, cy)))


class DealEndScene(Scene):
    overlay = True

    def __init__(self, app, play, table) -> None:
        super().__init__(app)
        self.play = play
        self.table = table
        self.buttons: list[Button] = []
        self.focus = 0

    def _continue(self) -> None:
        self.play.continue_after_deal()
        self._close()

    def _undo(self) -> None:
        if self.play.undo():
            self._close()

    def _close(self) -> None:
        stack = getattr(self.app, "stack", None)
        if stack is not None and stack.top is self:
            stack.pop()

    def update(self, dt: float) -> None:
        self.play.update(dt)  # a demo moves on by itself
        # an undo or a restart from the menu may have left this phase: step aside
        from ..play import DEAL_END
        if self.play.phase != DEAL_END:
            stack = getattr(self.app, "stack", None)
            if stack is not None and stack.top is self:
                stack.pop()

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.CONFIRM:
            if self.buttons:
                self._press(self.buttons[self.focus % len(self.buttons)].id)
            else:
                self._continue()
        elif k == I.MOVE and intent.direction in ("left", "right") and self.buttons:
            self.focus = (self.focus + (1 if intent.direction == "right" else -1)) % len(self.buttons)
        elif k == I.TAP and intent.pos is not None:
            for b in self.buttons:
                if b.hit(intent.pos):
                    self._press(b.id)
                    return
        elif k == I.UNDO:
            self._undo()
        elif k == I.MENU:
            fn = getattr(self.app, "open_menu", None)
            if fn:
                fn()
        elif k in (I.RULES, I.LOG):
            fn = getattr(self.app, "open_rules" if k == I.RULES else "open_log", None)
            if fn:
                fn()

    def _press(self, bid: str) -> None:
        if bid == "continue":
            self._continue()
        elif bid == "undo":
            self._undo()

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        info = self.play.last_deal_end()
        if info is None:
            return
        w, h = surface.get_size()
        u = _ui(self.app, (w, h))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        n = len(info.hands) - 1
        row_h = round(min(64 * u, (h * 0.72) / max(n, 1)))
        short = max(8, round(row_h * 0.36))
        pw = min(w - round(40 * u), round(1500 * u))
        ph = round(150 * u) + row_h * n + round(90 * u)
        panel = pygame.Rect(0, 0, pw, min(ph, h - 20))
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(surface, PANEL, panel, border_radius=round(14 * u))
        pygame.draw.rect(surface, EDGE, panel, 3, border_radius=round(14 * u))
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
        grey = (190, 196, 186)
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
                out = text(t("table.went_out"), max(10, fpx - 2), (255, 214, 90), bold=True)
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
        bh = round(56 * u)
        gap = round(16 * u)
        widths = [max(round(220 * u), text(lbl, fpx).get_width() + round(50 * u)) for _, lbl in labels]
        x = panel.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        self.buttons = []
        for (bid, lbl), bw in zip(labels, widths):
            b = Button(bid, pygame.Rect(x, panel.bottom - bh - round(18 * u), bw, bh), lbl,
                       primary=bid == "continue", focused=len(self.buttons) == self.focus % len(labels))
            self.buttons.append(b)
            b.draw(surface, fpx)
            x += bw + gap
