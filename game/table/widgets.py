"""The table's buttons: drawn by hand so mouse, touch and the keyboard cursor share them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import assets
from .render import FOCUS_COLOUR, FOCUS_SHADOW
from .text import fit

FACE = (38, 52, 46)
FACE_ON = (58, 82, 70)
EDGE = (196, 160, 72)
TEXT = (247, 241, 227)
MUTED = (120, 128, 120)
PRIMARY = (196, 160, 72)
PRIMARY_HOVER = (226, 192, 104)
#: Room round a button's picture for its focus ring (drawn 4 px outside its rect).
FOCUS_PAD = 5
#: Button pictures kept (sizes x labels x states); the oldest go first.
PICTURES = 256
_pictures: dict[tuple, pygame.Surface] = {}


@dataclass
class Button:
    id: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    focused: bool = False
    lit: bool = False  # the button's decision is being previewed
    primary: bool = False
    hover: bool = False  # the mouse pointer is over it (never set by a touch)

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        """The button in its state, from a cached picture: one blit (the camera buttons are
        drawn every frame over the moving table, issue 14)."""
        look = (self.rect.size, self.label, size, self.enabled, self.focused, self.lit, self.primary,
                self.hover and self.enabled)
        picture = _pictures.get(look)
        if picture is None:
            picture = _pictures[look] = self._picture(size)
            while len(_pictures) > PICTURES:
                _pictures.pop(next(iter(_pictures)))
        surface.blit(picture, (self.rect.x - FOCUS_PAD, self.rect.y - FOCUS_PAD))

    def _picture(self, size: int) -> pygame.Surface:
        w, h = self.rect.size
        out = pygame.Surface((w + 2 * FOCUS_PAD, h + 2 * FOCUS_PAD), pygame.SRCALPHA)
        r = pygame.Rect(FOCUS_PAD, FOCUS_PAD, w, h)
        radius = max(4, r.height // 4)
        hover = self.hover and self.enabled
        if self.primary and self.enabled:
            fill = PRIMARY_HOVER if hover else PRIMARY
        else:
            fill = FACE_ON if self.lit or hover else FACE
        out.blit(assets.button_surface(r.size, fill, radius), r.topleft)  # lit from above
        edge = (255, 255, 255) if self.lit or hover else EDGE if self.enabled else MUTED
        pygame.draw.rect(out, edge, r, 2 if not self.lit else 3, border_radius=radius)
        colour = (24, 30, 26) if self.primary and self.enabled else TEXT if self.enabled else MUTED
        label = fit(self.label, size, r.width - 10, colour=colour, bold=self.primary)
        out.blit(label, label.get_rect(center=r.center))
        if self.focused:  # the cursor's look (the menus'), unlike the white edge of a previewed decision
            pygame.draw.rect(out, FOCUS_SHADOW, r.inflate(10, 10), 5, border_radius=radius + 4)
            pygame.draw.rect(out, FOCUS_COLOUR, r.inflate(8, 8), 3, border_radius=radius + 3)
        return out


def row_of_buttons(ids_labels: Sequence[tuple[str, str]], area: pygame.Rect, height: int, gap: int, *,
                   align: str = "center", min_w: int = 0, size: int = 18) -> list[Button]:
    """Lay buttons left to right in ``area``, each as wide as its label needs."""
    from .text import text
    widths = [max(min_w, text(label, size).get_width() + 2 * gap + 8) for _, label in ids_labels]
    total = sum(widths) + gap * (len(widths) - 1)
    scale = min(1.0, area.width / total) if total else 1.0
    widths = [int(w * scale) for w in widths]
    total = sum(widths) + gap * (len(widths) - 1)
    if align == "left":
        x = area.x
    elif align == "right":
        x = area.right - total
    else:
        x = area.centerx - total // 2
    out = []
    y = area.y + (area.height - height) // 2
    for (bid, label), w in zip(ids_labels, widths):
        out.append(Button(bid, pygame.Rect(x, y, w, height), label))
        x += w + gap
    return out
