"""The score panel the deal end and the match end share (MT-17, MT-18, UX-3).

Both are an overlay over the table: a veil, a framed panel, the match's score
log deal by deal, and a row of buttons at the panel's foot that a click, a tap
or the keyboard (left/right, Enter) presses.  Each scene says which phase of
the play state it belongs to and steps aside as soon as the play state leaves
it (an undo, or a restart from the menu).

Issue 11: every text of these screens goes through one ``textbox.Boxes`` (its
size steps down to the readable floor, then it is elided; the fit test reads
what was laid out), the panel's scale steps down to the window (``fit_scale``)
and the buttons take a second row rather than text under the floor.  The deal
end and the match end lay out their panels themselves (``deal_end``,
``match_end``), for Mexican Train and for the line games.
"""
from __future__ import annotations

import pygame

from .. import intents as I
from .. import safe_area
from ..guard import Guard
from ..scene import Scene
from ..i18n import t
from ..table.hand import draw_hand_row
from ..table.scoreboard import FAINT, GOLD, GREY  # noqa: F401
from ..table.widgets import Button
from .textbox import Boxes, button_rows, fitting_px, line_height, readable_px, width_of

PANEL = (16, 30, 24)
#: Seconds the revealed hands take to turn face up together at a deal's end.
TURN_S = 0.6
EDGE = (196, 160, 72)


def draw_revealed_hand(boxes: Boxes, surface: pygame.Surface, sprites, hand, cell: pygame.Rect, fpx: int,
                       turn: float = 1.0) -> None:
    """UX-3: a revealed hand face up in ``cell``, or the words for a hand gone out (in its box)."""
    if hand:
        short = max(6, min(round(cell.height * 0.36), cell.height // 2 - 1))
        draw_hand_row(surface, sprites, sorted(hand), cell.x, cell.centery, short, cell.width - short, fpx, turn)
    else:
        boxes.put(surface, t("table.went_out"), cell, fpx, colour=GOLD, bold=True)


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
        #: Every text of the last frame, each in its box (issue 11; the fit test reads it).
        self.boxes = Boxes()
        #: The scale the panel was laid out at (``fit_scale``); the corner button follows it.
        self.panel_u = 1.0
        #: Issue 40: a press acts here only if it began for this screen (``game.guard``).
        self.guard = Guard(lambda: float(getattr(app, "time", 0.0)))
        self.guard.offer(self.phase)

    @property
    def laid_out(self):
        return self.boxes.laid

    # ------------------------------------------------------------ behaviour

    def _press(self, bid: str) -> None:  # pragma: no cover - each screen defines its buttons
        raise NotImplementedError

    def _close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def resting(self) -> bool:
        # a demo moves on by itself; with a person to answer (here or a phone's Continue) it rests
        return not self.play.pace.ticking() and self.turn >= 1.0

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
        local = safe_area.pointer(self, intent)
        if local is None:
            return
        intent = local
        k = intent.kind
        if k in (I.MOVE, I.CONFIRM) and intent.device in ("keyboard", "controller"):
            self.show_focus = True
        elif k == I.TAP:
            self.show_focus = False
        if not self.guard.admits(intent, self.guard.now()):
            return  # issue 40: a press that began for the screen before, not for this one
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
        elif k == I.REVIEW and getattr(self.app, "speech", None) is not None:  # issue 41: the scores ...
            self.app.speech.review(self.app, intent.topic)
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
        surface = self.begin(surface)
        info = self.info()
        u = ui_scale(self.app, surface.get_size())
        if self.aside:
            self._draw_strip(surface, u)
        elif info is not None:
            self.panel_u = u
            self.draw_info(surface, info, u)
            self._draw_corner(surface, self.panel_u)

    def begin(self, surface: pygame.Surface) -> pygame.Surface:
        """A frame starts: the surface to draw on (the TV's safe area), no text laid out yet."""
        self.boxes.clear(readable_px(self.app))
        return safe_area.area(surface, self.app.settings)

    def corner_rect(self, panel: pygame.Rect, u: float) -> tuple[pygame.Rect, int]:
        """Where the corner button goes in ``panel``, and its text size (the title keeps clear)."""
        label = t("score.look_at_table")
        pad = max(4, round(10 * u))
        fpx = fitting_px(label, panel.width // 3, self.boxes.px(16, u), self.boxes.least)
        r = pygame.Rect(0, 0, min(panel.width // 3 + 10, width_of(label, fpx) + 2 * pad + 10),
                        line_height(fpx) + pad)
        r.topright = (panel.right - pad, panel.top + pad)
        return r, fpx

    def _draw_corner(self, surface: pygame.Surface, u: float) -> None:
        """The corner button that moves the panel aside (issue 11: look at the final layout)."""
        self.corner = None
        if self.panel_rect is None:
            return
        r, fpx = self.corner_rect(self.panel_rect, u)
        self.corner = Button("aside", r, t("score.look_at_table"))
        self.corner.hover = self.hover_pos is not None and self.corner.hit(self.hover_pos)
        self.corner.draw(surface, fpx)

    def _draw_strip(self, surface: pygame.Surface, u: float) -> None:
        """With the panel aside: the table in full view, and one button at the foot."""
        w, h = surface.get_size()
        label = t("score.back_to_scores")
        fpx = fitting_px(label, w - 40, self.boxes.px(20, u), self.boxes.least)
        bw = min(w - 20, width_of(label, fpx) + max(30, round(60 * u)))
        bh = round(line_height(fpx) * 1.7)
        b = Button("aside", pygame.Rect((w - bw) // 2, h - bh - max(8, round(20 * u)), bw, bh), label,
                   primary=True, focused=self.show_focus)
        b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
        self.corner = None
        self.buttons = [b]
        b.draw(surface, fpx)

    def fit_scale(self, u: float, surface: pygame.Surface, design_w: float, design_h: float) -> float:
        """Issue 11: ``u``, or less when a panel of ``design_w`` x ``design_h`` design pixels
        would not fit the surface (text then steps down, never under the readable floor)."""
        w, h = surface.get_size()
        self.panel_u = min(u, (w - 20) / design_w, (h - 20) / design_h)
        return self.panel_u

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

    def title_line(self, surface, panel: pygame.Rect, words: str, px: int, u: float) -> int:
        """The title along the panel's top, clear of the corner button; returns its bottom."""
        corner, _ = self.corner_rect(panel, u)
        m = max(8, round(24 * u))
        h = max(line_height(px, True), corner.height)
        box = pygame.Rect(panel.x + m, corner.top, corner.left - m - panel.x - m, h)
        self.boxes.put(surface, words, box, px, bold=True, align="center")
        return box.bottom

    def names_px(self, names: list[str], width: int, px: int) -> int:
        """One size for every name of a column: the longest's, down to the floor (then elided)."""
        rim = 2 * max(1, px // 12)
        return min(fitting_px(name, width - rim, px, self.boxes.least, bold=True) for name in names)

    def centred_line(self, surface, words: str, inner: pygame.Rect, y: int, px: int, **kw) -> int:
        """One centred line across the panel at ``y``; returns the next line's top."""
        h = line_height(px, kw.get("bold", False)) + (2 * max(1, px // 12) if kw.get("outline") else 0)
        self.boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, h), px, align="center", **kw)
        return y + h

    def button_labels(self, labels: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The buttons this screen shows besides the game's own (each screen adds its own)."""
        return labels

    def button_rows(self, labels: list[tuple[str, str]], width: int, u: float,
                    fpx: int) -> tuple[list[list[tuple[str, str, int]]], int, int]:
        """This screen's buttons (``button_labels``) in one row of ``width`` or more
        (``textbox.button_rows``): the rows, the text size and the rows' total height."""
        gap = max(6, round(16 * u))
        rows, px, bh = button_rows(self.button_labels(labels), width, fpx, self.boxes.least, gap,
                                   round(220 * u), round(50 * u))
        return rows, px, len(rows) * bh + (len(rows) - 1) * gap

    def buttons_height(self, labels: list[tuple[str, str]], width: int, u: float, fpx: int) -> int:
        """The height the buttons take at the panel's foot, margin included."""
        return self.button_rows(labels, width, u, fpx)[2] + max(8, round(18 * u))

    def draw_buttons(self, surface: pygame.Surface, panel: pygame.Rect, labels: list[tuple[str, str]],
                     u: float, fpx: int, primary: str) -> None:
        """The row (or two) of buttons at the panel's foot; the keyboard focus ring on ``self.focus``."""
        gap = max(6, round(16 * u))
        rows, px, height = self.button_rows(labels, panel.width - 2 * gap, u, fpx)
        count = sum(len(r) for r in rows)
        bh = (height - gap * (len(rows) - 1)) // len(rows)
        y = panel.bottom - max(8, round(18 * u)) - height
        self.buttons = []
        for row in rows:
            total = sum(bw for _, _, bw in row) + gap * (len(row) - 1)
            x = panel.centerx - total // 2
            for bid, lbl, bw in row:
                b = Button(bid, pygame.Rect(x, y, bw, bh), lbl, primary=bid == primary,
                           focused=self.show_focus and len(self.buttons) == self.focus % count)
                b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
                self.buttons.append(b)
                b.draw(surface, px)
                x += bw + gap
            y += bh + gap
