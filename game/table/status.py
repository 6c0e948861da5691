"""The table's status: the bar at the top and the players panel (MT-3, MT-7, MT-12, MT-17).

The bar shows the deal number, the engine, the boneyard count, the match and
the seat on turn; the panel every seat's colour, name, hand size, marker and
total.  Both come from the view of the seat on screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..i18n import t
from ..phases import DEAL_END, MATCH_END
from ..seats import seat_colour
from .render import DARK
from .sprites import Sprites
from .text import fit, text

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    class Table(Protocol):
        """What the status bar and the players panel read: a play state or a replay's position
        (both ``TableQueries``)."""

        kit: Any
        session: Any
        seats: Sequence[Any]

        @property
        def phase(self) -> str: ...
        def name(self, seat: int) -> str: ...
        def is_human(self, seat: int | None) -> bool: ...

BAR = (16, 34, 26)
#: The players (or teams) panel over the felt: dark, a little see-through.
PANEL_FILL = (10, 20, 16, 215)
RULE = (196, 160, 72)
GREY = (190, 196, 186)


def draw_status_bar(surface: pygame.Surface, play: Table, view, height: int, u: float,
                    font_px: int) -> None:
    w = surface.get_width()
    bar = pygame.Rect(0, 0, w, height)
    surface.fill(BAR, bar)
    pygame.draw.line(surface, RULE, (0, bar.bottom - 2), (w, bar.bottom - 2), 2)
    pad = round(14 * u)
    parts = play.kit.status_parts(play, view)
    status = fit("   \u00b7   ".join(parts), font_px, w // 2 + w // 6)
    surface.blit(status, status.get_rect(midleft=(pad, bar.centery)))
    seat = play.session.to_act()
    if play.phase == MATCH_END:
        label, colour = play.kit.match_words("match_over_title", match=view.match_no), (247, 241, 227)
    elif play.phase == DEAL_END or seat is None:
        label, colour = play.kit.over_words(), (247, 241, 227)
    else:
        label = t("table.turn_of", name=play.name(seat))
        if not play.is_human(seat):
            label += "  (" + t("table.computer") + ")"
        colour = seat_colour(seat)
    turn = fit(label, font_px, w // 3, colour=colour, bold=True, outline=DARK)
    surface.blit(turn, turn.get_rect(midright=(w - pad, bar.centery)))


class PlayersPanel:
    """Each seat: colour, name, tiles in hand, marker, total; the seat on turn framed.

    Rendered once into a translucent surface and redrawn only when the match,
    the phase, the scale or the language changes.
    """

    def __init__(self, sprites: Sprites, kit=None) -> None:
        self.sprites = sprites
        self.kit = kit
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None

    @staticmethod
    def metrics(play: Table, u: float) -> tuple[int, int, int, int, int, int, int]:
        fpx = max(10, round(16 * u))
        row_h = max(round(26 * u), text("Ag", fpx, bold=True).get_height() + 4)  # the font has a floor
        pad = round(8 * u)
        n = len(play.seats)
        names_w = max(text(play.name(s), fpx, bold=True).get_width() for s in range(1, n + 1))
        names_w = min(names_w, round(170 * u))
        col_tiles = pad + round(22 * u) + names_w + round(10 * u)
        col_total = col_tiles + round(84 * u)
        width = col_total + round(76 * u)
        return fpx, row_h, pad, names_w, col_tiles, col_total, width

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], play: Table, view, u: float,
             key: tuple) -> None:
        if self._surface is None or self._key != key:
            self._key = key
            self._surface = self.kit.render_panel(play, view, u, self.sprites) if self.kit is not None \
                else self.render(play, view, u)
        surface.blit(self._surface, pos)

    def invalidate(self) -> None:
        self._key = None

    def render(self, play: Table, view, u: float) -> pygame.Surface:
        fpx, row_h, pad, names_w, col_tiles, col_total, width = self.metrics(play, u)
        n = len(play.seats)
        panel = pygame.Surface((width, row_h * (n + 1) + pad), pygame.SRCALPHA)
        panel.fill(PANEL_FILL)
        panel.blit(text(t("table.col_tiles"), max(9, fpx - 2), GREY), (col_tiles, pad // 2))
        panel.blit(text(t("table.col_total"), max(9, fpx - 2), GREY), (col_total, pad // 2))
        to_act = play.session.to_act()
        for s in range(1, n + 1):
            ry = row_h * s
            colour = seat_colour(s)
            cy = ry + row_h // 2
            if s == to_act and play.phase not in (DEAL_END, MATCH_END):
                pygame.draw.rect(panel, (255, 255, 255), (2, ry + 1, width - 4, row_h - 2), 2, border_radius=4)
            pygame.draw.circle(panel, colour, (pad + round(8 * u), cy), round(7 * u))
            name = fit(play.name(s), fpx, names_w, colour=colour, bold=True)
            panel.blit(name, name.get_rect(midleft=(pad + round(22 * u), cy)))
            count = text(str(view.hand_counts[s]), fpx)
            panel.blit(count, count.get_rect(midleft=(col_tiles, cy)))
            if view.train(s).marked:
                mk = self.sprites.marker(round(18 * u), colour)
                panel.blit(mk, mk.get_rect(midleft=(col_tiles + round(34 * u), cy)))
            total = text(str(view.totals[s]), fpx)
            panel.blit(total, total.get_rect(midleft=(col_total, cy)))
        return panel
