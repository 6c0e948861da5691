"""The ticker of the last moves at the table's top (issue 14): a few lines in words.

``TickerStrip`` keeps the lines (game.ticker words them) until the history or the
language changes, and draws them as pills between the players panel and the
camera buttons, above the table (inside the camera's safe margin).
"""
from __future__ import annotations

from .. import ticker
from ..i18n import language
from ..play import CURTAIN
from ..table.text import pill

#: Lines of the ticker of the last moves at the table's top (issue 14).
TICKER_LINES = 3


class TickerStrip:
    """The last moves in words, cached by the history's length, its state and the language."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._lines: list[str] = []

    def lines(self, play) -> list[str]:
        """The last moves at the table in words (game.ticker), oldest first; none in a demo's
        deal end or at the curtain (the words need no hiding, but the curtain shows nothing)."""
        if play.phase == CURTAIN:
            return []
        history = play.view().history
        key = (len(history), id(play.session.state), language())
        if key != self._key:
            self._key = key
            names = [play.name(s) for s in range(1, len(play.seats) + 1)]
            self._lines = ticker.recent(history, play.session.game, names, TICKER_LINES)
        return self._lines

    def draw(self, surface, scene) -> None:
        """The lines on the felt of ``scene`` (a ``TableRoom``: its camera, buttons and sizes)."""
        lines = self.lines(scene.play)
        if not lines:
            return
        vx, vy, vw, vh = scene.camera.viewport
        # between the players panel and the camera buttons, above the table (camera.safe)
        left = vx + scene.camera.safe[0]
        right = min((b.rect.left for b in scene.camera_buttons), default=vx + vw) - round(8 * scene.u)
        centre = (left + right) // 2
        width = max(40, right - left - round(24 * scene.u))
        y = vy + scene.rail + round(8 * scene.u)
        pad = (round(16 * scene.u), round(4 * scene.u))
        # readable before complete: in a narrow strip a line keeps three quarters of its size
        # and loses its tail (the log screen has every line whole)
        least = max(11, round(scene.ticker_px * 3 / 4))
        for i, line in enumerate(lines):
            newest = i == len(lines) - 1
            img = pill(line, scene.ticker_px, (247, 241, 227) if newest else (188, 196, 186), pad=pad, width=width,
                       least=least)
            box = img.get_rect(midtop=(centre, y - pad[1] // 2))
            surface.blit(img, box)
            y = box.bottom + round(2 * scene.u)
