"""The score panel the deal end and the match end share (MT-17, MT-18, UX-3).

Both are an overlay over the table: a veil, a framed panel, the match's score
log deal by deal, and a row of buttons at the panel's foot that a click, a tap
or the keyboard (left/right, Enter) presses.  Each scene says which phase of
the play state it belongs to and steps aside as soon as the play state leaves
it (an undo, or a restart from the menu).
"""
from __future__ import annotations

import pygame

from .. import intents as I
from .. import safe_area
from ..scene import Scene
from ..i18n import t
from ..table.text import text
from ..kits.scoreboard import FAINT, GOLD, GREY, draw_log_header, draw_log_row  # noqa: F401
from ..table.widgets import Button

PANEL = (16, 30, 24)
#: Seconds the revealed hands take to turn face up together at a deal's end.
TURN_S = 0.6
EDGE = (196, 160, 72)


def ui_scale(app, size) -> float:
    """Pixels per design pixel: the window against 1920x1080, times the player's UI scale."""
    w, h = size
    return max(0.55, min(w / 1920, h / 1080)) * float(app.ui_scale)


class ScorePanelScene(Scene):
    """An overlay with a score panel and a row of buttons (see the module docstring)."""

    overlay = True
    #: The match's clock runs under this screen: a demo moves on by itself (App.tick_match).
    runs_match = True
    #: The play-state phase this screen shows; it closes itself when the phase is left.
    phase = ""
    #: Alpha of the veil over the table.
    veil_alpha = 150

    def __init__(self, app, play, table) -> None:
        super().__init__(app)
        self.play = play
        self.table = table
        self.buttons: list[Button] = []
        self.focus = 0
        #: The mouse pointer's position (HOVER intents); a touch clears it.
        self.hover_pos: tuple[float, float] | None = None
        #: The keyboard ring shows while keys are in use, as on the table under this screen.
        self.show_focus = bool(getattr(table, "show_focus", False))
        #: Issue 11: the panel steps aside (F, the corner button) so the players can look at
        #: the final layout; a strip at the foot brings it back.
        self.aside = False
        #: Seconds this screen has been up: the revealed hands turn over together (issue 14).
        self.age = 0.0
        self.corner: Button | None = None
        self.panel_rect: pygame.Rect | None = None

    # ------------------------------------------------------------ behaviour

    def _press(self, bid: str) -> None:  # pragma: no cover - each screen defines its buttons
        raise NotImplementedError

    def _close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def resting(self) -> bool:
        return bool(self.play.humans) and self.turn >= 1.0  # a demo moves on by itself

    @property
    def turn(self) -> float:
        """How far the revealed hands have turned face up, 0 to 1 (1 at once with reduced
        motion or at instant speed)."""
        if self.app.settings.get("reduced_motion", False) or self.play.delay <= 0:
            return 1.0
        return min(1.0, self.age / TURN_S)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.play.phase != self.phase:
            self._close()  # an undo or a restart from the menu left this phase: step aside

    def handle(self, intent: I.Intent) -> None:
        intent = safe_area.local(intent, self.app.settings, self.app.screen.get_size())
        k = intent.kind
        if k == I.HOVER:
            self.hover_pos = intent.pos
            return
        if intent.device == "touch":
            self.hover_pos = None
        if k in (I.MOVE, I.CONFIRM) and intent.device in ("keyboard", "controller"):
            self.show_focus = True
        elif k == I.TAP:
            self.show_focus = False
        if k == I.FIT:
            self._pressed("aside")
        elif k == I.CONFIRM and self.buttons:
            self._pressed(self.buttons[self.focus % len(self.buttons)].id)
        elif k == I.MOVE and intent.direction in ("left", "right") and self.buttons:
            self.focus = (self.focus + (1 if intent.direction == "right" else -1)) % len(self.buttons)
        elif k == I.TAP and intent.pos is not None:
            for b in ([self.corner] if self.corner is not None else []) + self.buttons:
                if b.hit(intent.pos):
                    self._pressed(b.id)
                    return
        elif k == I.MENU:
            self.app.open_menu()
        elif k == I.RULES:
            self.app.open_rules()
        elif k == I.LOG:
            self.app.open_log()

    def _pressed(self, bid: str) -> None:
        if bid == "aside":
            self.aside = not self.aside
            self.focus = 0
            self.buttons = []
        else:
            self._press(bid)

    # ------------------------------------------------------------ drawing

    def info(self):  # pragma: no cover - each screen says what it shows
        """What the panel shows (a ``DealEndInfo`` or ``MatchEndInfo``), or None."""
        raise NotImplementedError

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:  # pragma: no cover
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        surface = safe_area.area(surface, self.app.settings)  # inside the TV's safe area
        info = self.info()
        u = ui_scale(self.app, surface.get_size())
        if self.aside:
            self._draw_strip(surface, u)
        elif info is not None:
            self.draw_info(surface, info, u)
            self._draw_corner(surface, u)

    def _draw_corner(self, surface: pygame.Surface, u: float) -> None:
        """The corner button that moves the panel aside (issue 11: look at the final layout)."""
        self.corner = None
        if self.panel_rect is None:
            return
        fpx = max(10, round(16 * u))
        label = t("score.look_at_table")
        pad = round(10 * u)
        r = pygame.Rect(0, 0, text(label, fpx).get_width() + 2 * pad, round(36 * u))
        r.topright = (self.panel_rect.right - pad, self.panel_rect.top + pad)
        self.corner = Button("aside", r, label)
        self.corner.hover = self.hover_pos is not None and self.corner.hit(self.hover_pos)
        self.corner.draw(surface, fpx)

    def _draw_strip(self, surface: pygame.Surface, u: float) -> None:
        """With the panel aside: the table in full view, and one button at the foot."""
        w, h = surface.get_size()
        fpx = max(11, round(20 * u))
        label = t("score.back_to_scores")
        bw = text(label, fpx).get_width() + round(60 * u)
        b = Button("aside", pygame.Rect((w - bw) // 2, h - round(76 * u), bw, round(56 * u)), label,
                   primary=True, focused=self.show_focus)
        b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
        self.corner = None
        self.buttons = [b]
        b.draw(surface, fpx)

    @staticmethod
    def row_height(surface: pygame.Surface, rows: int, design_px: int, share: float, u: float) -> int:
        """A player row's height: ``design_px`` at scale ``u``, less when ``rows`` must fit
        in ``share`` of the window's height."""
        return round(min(design_px * u, (surface.get_height() * share) / max(rows, 1)))

    def draw_panel(self, surface: pygame.Surface, width: int, height: int) -> tuple[pygame.Rect, float]:
        """The veil and the framed panel, centred; returns the panel and the UI scale."""
        w, h = surface.get_size()
        u = ui_scale(self.app, (w, h))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, self.veil_alpha))
        surface.blit(veil, (0, 0))
        panel = pygame.Rect(0, 0, min(width, w - 20), min(height, h - 20))
        panel.center = (w // 2, h // 2)
        self.panel_rect = panel
        pygame.draw.rect(surface, PANEL, panel, border_radius=round(14 * u))
        pygame.draw.rect(surface, EDGE, panel, 3, border_radius=round(14 * u))
        return panel, u

    def draw_buttons(self, surface: pygame.Surface, panel: pygame.Rect, labels: list[tuple[str, str]],
                     u: float, fpx: int, primary: str) -> None:
        """The row of buttons at the panel's foot; the keyboard focus ring on ``self.focus``."""
        bh = round(56 * u)
        gap = round(16 * u)
        room = panel.width - 2 * gap
        widths = [max(round(220 * u), text(lbl, fpx).get_width() + round(50 * u)) for _, lbl in labels]
        total = sum(widths) + gap * (len(widths) - 1)
        if total > room:  # a narrow window: shrink every button alike (labels fit themselves)
            widths = [w * (room - gap * (len(widths) - 1)) // (total - gap * (len(widths) - 1))
                      for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = panel.centerx - total // 2
        self.buttons = []
        for (bid, lbl), bw in zip(labels, widths):
            b = Button(bid, pygame.Rect(x, panel.bottom - bh - round(18 * u), bw, bh), lbl,
                       primary=bid == primary,
                       focused=self.show_focus and len(self.buttons) == self.focus % len(labels))
            b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
            self.buttons.append(b)
            b.draw(surface, fpx)
            x += bw + gap
