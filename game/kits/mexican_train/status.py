"""Mexican Train's players panel (MT-3, MT-7, MT-12, MT-17): each seat's colour, name, tiles in
hand, marker and total, the seat on turn framed.  ``game.table.status.PlayersPanel`` keeps it."""
from __future__ import annotations

import pygame

from rules.variants.mexican_train import MexicanTrainView

from ...i18n import t
from ...phases import DEAL_END, MATCH_END
from ...seats import seat_colour
from ...table.contract import TablePlay
from ...table.sprites import Sprites
from ...table.status import PANEL_FILL
from ...table.text import fit, text

GREY = (190, 196, 186)


def metrics(play: TablePlay[MexicanTrainView], u: float) -> tuple[int, int, int, int, int, int, int]:
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


def render_panel(play: TablePlay[MexicanTrainView], view: MexicanTrainView, u: float, sprites: Sprites) -> pygame.Surface:
    fpx, row_h, pad, names_w, col_tiles, col_total, width = metrics(play, u)
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
            mk = sprites.marker(round(18 * u), colour)
            panel.blit(mk, mk.get_rect(midleft=(col_tiles + round(34 * u), cy)))
        total = text(str(view.totals[s]), fpx)
        panel.blit(total, total.get_rect(midleft=(col_total, cy)))
    return panel
