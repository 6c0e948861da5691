"""The table's status: the bar at the top and the players panel's frame.

The bar shows what the kit says of the deal and the match (``status_parts``) and
the seat on turn; the panel is the kit's (``render_panel``), kept until it changes.
Both come from the view of the seat on screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from rules.state import View

from ..i18n import t
from ..phases import DEAL_END, MATCH_END
from ..seats import says_computer, seat_colour
from .contract import TablePlay
from .render import DARK
from .sprites import Sprites
from .text import fit, text

if TYPE_CHECKING:  # pragma: no cover
    from .kit import TableKit


class Table(TablePlay[View], Protocol):
    """What the status bar and the players panel read: a play state or a replay's position
    (``TablePlay``), and its kit, whose words the bar shows."""

    @property
    def kit(self) -> TableKit: ...


BAR = (16, 34, 26)
#: The players (or teams) panel over the felt: dark and opaque, because at a large interface
#: size the camera may follow a line's last end and leave the rest of the line under the panel
#: (issue 28, item 12): see-through, those tiles showed through the names.
PANEL_FILL = (10, 20, 16, 255)
RULE = (196, 160, 72)


def turn_words(play: Table, seat: int) -> str:
    """"X to play", with "(computer)" after a computer's own name but never after a default
    name that already says so ("Computer 3 to play (computer)", issue 40)."""
    label = t("table.turn_of", name=play.name(seat))
    if not play.is_human(seat) and not says_computer(play.name(seat)):
        label += "  (" + t("table.computer") + ")"
    return label


def draw_status_bar(surface: pygame.Surface, play: Table, view, height: int, u: float,
                    font_px: int) -> None:
    w = surface.get_width()
    bar = pygame.Rect(0, 0, w, height)
    surface.fill(BAR, bar)
    pygame.draw.line(surface, RULE, (0, bar.bottom - 2), (w, bar.bottom - 2), 2)
    pad = round(14 * u)
    seat = play.session.to_act()
    if play.phase == MATCH_END:
        label, colour = play.kit.match_words("match_over_title", match=view.match_no), (247, 241, 227)
    elif play.phase == DEAL_END or seat is None:
        label, colour = play.kit.over_words(), (247, 241, 227)
    else:
        label, colour = turn_words(play, seat), seat_colour(seat)
    turn = fit(label, font_px, w // 3, colour=colour, bold=True, outline=DARK)
    surface.blit(turn, turn.get_rect(midright=(w - pad, bar.centery)))
    # the deal and the match in what the turn leaves (at 1024x600 on a TV, in Russian, the
    # match's number ran under the turn's words)
    status = status_text(play.kit.status_parts(play, view), font_px, w - 2 * pad - turn.get_width() - 2 * pad)
    surface.blit(status, status.get_rect(midleft=(pad, bar.centery)))


def status_text(parts: list[str], size: int, width: int) -> pygame.Surface:
    """The status's parts at ``size`` px in ``width`` px: spaced apart where there is room,
    closer where not, then in type down to four fifths, then without the last parts (the
    least needed: the match's number), and only then smaller still."""
    for joiner in ("   \u00b7   ", "  \u00b7  ", " \u00b7 "):
        surf = text(joiner.join(parts), size)
        if surf.get_width() <= width:
            return surf
    least = max(8, size * 4 // 5)
    shown = list(parts)
    while len(shown) > 1:
        joined = " \u00b7 ".join(shown)
        if text(joined, least).get_width() <= width:
            return fit(joined, size, width, least=least)
        shown.pop()
    return fit(shown[0], size, width)


class PlayersPanel:
    """The players (or teams) panel over the felt, as the kit renders it (``render_panel``).

    Rendered once into a translucent surface and redrawn only when the match,
    the phase, the scale or the language changes.
    """

    def __init__(self, sprites: Sprites, kit=None) -> None:
        self.sprites = sprites
        self.kit = kit
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], play: Table, view, u: float,
             key: tuple) -> None:
        if self._surface is None or self._key != key:
            self._key = key
            self._surface = self.kit.render_panel(play, view, u, self.sprites)
        surface.blit(self._surface, pos)

    def invalidate(self) -> None:
        self._key = None

    def size(self) -> tuple[int, int]:
        """The panel's size as last drawn ((0, 0) before the first frame)."""
        return self._surface.get_size() if self._surface is not None else (0, 0)
