"""The curtain between two humans at one device (UX-3): every hand hidden, the bottom panel
veiled, until the named player presses Show my hand (a fresh press, once its guard time
is over: ``PlayState.reveal``).  Its button and its veil; the press is ``TableInput``'s.
"""
from __future__ import annotations

import pygame

from ..i18n import t
from ..play import CURTAIN
from ..seats import seat_colour
from ..table.render import DARK
from ..table.text import fit, text
from ..table.widgets import Button


def curtain_button(scene) -> Button | None:
    """The curtain's Show-my-hand button on ``scene`` (a ``TableRoom``), or None off the curtain."""
    play = scene.play
    if not (play.phase == CURTAIN and play.curtain_for is not None):
        return None
    w = scene._size[0]
    label = t("table.show_hand", name=play.name(play.curtain_for))
    bw = max(round(320 * scene.u), text(label, scene.font_px + 4).get_width() + round(60 * scene.u))
    bh = round(60 * scene.u)
    r = pygame.Rect(0, 0, bw, bh)
    r.center = (w // 2, scene.hand_panel.centery + round(12 * scene.u))
    # dimmed until its guard time is over: no press meant for the screen before lifts it (UX-3)
    return Button("show_hand", r, label, primary=True, focused=True, enabled=play.curtain_ready())


def draw_curtain(surface: pygame.Surface, scene) -> None:
    """UX-3: every hand hidden until the named player asks to see their own."""
    play = scene.play
    assert play.curtain_for is not None  # the curtain names whose turn it is
    name = play.name(play.curtain_for)
    u = scene.u
    veil = pygame.Rect(scene.bottom)
    surface.fill((22, 18, 30), veil)
    pygame.draw.line(surface, (196, 160, 72), veil.topleft, (veil.right, veil.top), 3)
    title = fit(t("table.pass_device", name=name), round(30 * u), veil.width - 40,
                colour=seat_colour(play.curtain_for), bold=True, outline=DARK)
    surface.blit(title, title.get_rect(center=(veil.centerx, veil.y + round(40 * u))))
    sub = fit(t("table.curtain_hint", name=name), max(10, round(16 * u)), veil.width - 40, colour=(200, 200, 210))
    surface.blit(sub, sub.get_rect(center=(veil.centerx, veil.y + round(76 * u))))
    if scene.curtain_button is not None:
        scene.curtain_button.draw(surface, scene.font_px + 2)
