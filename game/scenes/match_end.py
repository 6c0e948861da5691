"""The end of a match: totals, the lowest total wins and equal lowest share the win (MT-18).

Then the next match (MT-20: 12-12 again, every total at zero) or a new game.
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
from .deal_end import EDGE, PANEL, _ui, draw_log_header, draw_log_row


class MatchEndScene(Scene):
    overlay = True

    def __init__(self, app, play, table) -> None:
        super().__init__(app)
        self.play = play
        self.table = table
        self.buttons: list[Button] = []
        self.focus = 0

    def _press(self, bid: str) -> None:
        stack = getattr(self.app, "stack", None)
        if bid == "next_match":
            if self.play.next_match() and stack is not None and stack.top is self:
                stack.pop()
        elif bid == "new_game":
            fn = getattr(self.app, "new_game", None)
            if fn:
                fn()

    def update(self, dt: float) -> None:
        self.play.update(dt)  # a demo moves on by itself
        # an undo or a restart from the menu may have left this phase: step aside
        from ..play import MATCH_END
        if self.play.phase != MATCH_END:
            stack = getattr(self.app, "stack", None)
            if stack is not None and stack.top is self:
                stack.pop()

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.CONFIRM and self.buttons:
            self._press(self.buttons[self.focus % len(self.buttons)].id)
        elif k == I.MOVE and intent.direction in ("left", "right") and self.buttons:
            self.focus = (self.focus + (1 if intent.direction == "right" else -1)) % len(self.buttons)
        elif k == I.TAP and intent.pos is not None:
            for b in self.buttons:
                if b.hit(intent.pos):
                    self._press(b.id)
                    return
        elif k == I.MENU:
            fn = getattr(self.app, "open_menu", None)
            if fn:
                fn()

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        info = self.play.match_end()
        if info is None:
            return
        w, h = surface.get_size()
        u = _ui(self.app, (w, h))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 160))
        surface.blit(veil, (0, 0))
        n = len(info.totals) - 1
        row_h = round(min(48 * u, (h * 0.6) / max(n, 1)))
        log = self.play.score_log()  # UX-3: every deal's penalties beside the totals
        col_w = round(44 * u)
        pw = min(w - 40, round(560 * u) + col_w * len(log))
        ph = round(190 * u) + row_h * n + round(100 * u) + round(60 * u)
        panel = pygame.Rect(0, 0, pw, min(ph, h - 20))
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(surface, PANEL, panel, border_radius=round(14 * u))
        pygame.draw.rect(surface, EDGE, panel, 3, border_radius=round(14 * u))
        play = self.play
        fpx = max(11, round(22 * u))
        title = fit(t("table.match_over_title", match=info.match_no), round(34 * u), pw - 40, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(18 * u))))
        names = ", ".join(play.name(s) for s in info.winners)
        if len(info.winners) == 1:
            line = t("table.winner", name=names)
        else:
            line = t("table.shared_win", names=names)
        sub = fit(line, round(26 * u), pw - 40, colour=(255, 214, 90), bold=True, outline=DARK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + round(70 * u))))
        small = max(10, fpx - 6)
        y = panel.y + round(130 * u) + (round(small * 3.2) if log else 0)
        x_log = panel.right - round(140 * u) - col_w * len(log)
        draw_log_header(surface, log, x_log, y - round(small * 2.6) - 4, col_w, small, 0)
        order = sorted(range(1, n + 1), key=lambda s: (info.totals[s], s))
        for rank, s in enumerate(order):
            cy = y + row_h // 2
            win = s in info.winners
            if win:
                pygame.draw.rect(surface, (60, 70, 40), (panel.x + 20, y + 2, pw - 40, row_h - 4),
                                 border_radius=6)
            place = text(str(1 + sum(1 for o in order if info.totals[o] < info.totals[s])), fpx,
                         (190, 196, 186))
            surface.blit(place, place.get_rect(midleft=(panel.x + round(40 * u), cy)))
            name = fit(play.name(s), fpx, x_log - panel.x - round(110 * u), colour=seat_colour(s), bold=True,
                       outline=DARK)
            surface.blit(name, name.get_rect(midleft=(panel.x + round(90 * u), cy)))
            draw_log_row(surface, log, s, x_log, cy, col_w, small, 0)
            tot = text(str(info.totals[s]), fpx, bold=win)
            surface.blit(tot, tot.get_rect(midright=(panel.right - round(50 * u), cy)))
            y += row_h
        labels = [("next_match", t("table.next_match")), ("new_game", t("table.new_game"))]
        bh = round(56 * u)
        gap = round(16 * u)
        widths = [max(round(220 * u), text(lbl, fpx).get_width() + round(50 * u)) for _, lbl in labels]
        x = panel.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        self.buttons = []
        for (bid, lbl), bw in zip(labels, widths):
            b = Button(bid, pygame.Rect(x, panel.bottom - bh - round(20 * u), bw, bh), lbl,
                       primary=bid == "next_match", focused=len(self.buttons) == self.focus % len(labels))
            self.buttons.append(b)
            b.draw(surface, fpx)
            x += bw + gap
