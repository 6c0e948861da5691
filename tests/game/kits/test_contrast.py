"""Issue 11: colours you can read from the couch.

Every seat colour differs clearly from the Mexican train's (the two lanes never look
alike), and every text has at least 4.5:1 contrast (WCAG 2) against what it is drawn
on: seat names on the felt stand on a dark pill, names in the players panel and the
hand's owner on the panels' dark fills.  The last test renders a ten-seat table and
reads the pixels behind each name on the felt.
"""
from __future__ import annotations

import pygame
import pytest

from game import assets
from game.seats import SEAT_COLOURS
from game.kits.mexican_train import layout as L
from game.kits.mexican_train.render import TableRenderer, train_colour
from game.table.render import ACTIVE_COLOUR, DARK, font_step
from game.table.status import PANEL_FILL

MIN_CONTRAST = 4.5


def luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def over(fill, below):
    """A see-through ``fill`` (r, g, b, a) over an opaque colour."""
    k = fill[3] / 255
    return tuple(round(f * k + c * (1 - k)) for f, c in zip(fill[:3], below[:3]))


def lab(rgb):
    """CIE L*a*b* (D65) of an sRGB colour, for colour differences."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


MEXICAN = tuple(assets.table_colour("mexican_train"))[:3]


def lightest(surface: pygame.Surface, skip_top: int = 0):
    """The lightest colour of a textured ground (the worst case for light text on it)."""
    import numpy as np
    px = pygame.surfarray.array3d(surface)[:, skip_top:, :].reshape(-1, 3).astype(float)
    lum = px @ np.array([0.2126, 0.7152, 0.0722])
    return tuple(int(v) for v in px[int(np.argmax(lum))])


def felt():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    return lightest(assets.felt_surface((640, 360)))


def bottom_panel():
    felt()  # a display for the art's convert()
    return lightest(assets.panel_surface((640, 200)), skip_top=8)  # under its brass top line


@pytest.mark.parametrize("seat", range(1, len(SEAT_COLOURS) + 1))
def test_no_seat_looks_like_the_mexican_train(seat):
    assert delta_e(SEAT_COLOURS[seat - 1], MEXICAN) >= 25


@pytest.mark.parametrize("background", ["name pill", "players panel", "bottom panel"])
def test_every_seat_colour_reads_on_what_it_is_drawn_on(background):
    ground = {"name pill": lambda: DARK, "players panel": lambda: over(PANEL_FILL, felt()),
              "bottom panel": bottom_panel}[background]()
    low = {seat: round(contrast(c, ground), 2) for seat, c in enumerate(SEAT_COLOURS, 1)
           if contrast(c, ground) < MIN_CONTRAST}
    assert not low, f"seat colours under {MIN_CONTRAST}:1 on the {background}: {low}"
    assert contrast(MEXICAN, DARK) >= MIN_CONTRAST
    assert contrast(ACTIVE_COLOUR, DARK) >= MIN_CONTRAST


def test_the_names_on_a_ten_seat_felt_stand_on_dark_pills():
    from rules import Config, Session
    from game.table.kit import Marks
    from game.table.camera import Camera
    pygame.init()
    surface = pygame.Surface((1920, 1080))
    session = Session(Config("mexican_train", 10, 3))
    for _ in range(60):
        session.apply(session.legal_actions()[0])
    view = session.view(1)
    lay = L.layout_table(view.trains, view.players)
    camera = Camera((0, 0, 1920, 1080))
    camera.fit(lay.content, animate=False)
    names = {L.MEXICAN: "Mexican train", **{s: f"Seat {s}" for s in range(1, 11)}}
    TableRenderer().draw(surface, camera, lay, view, names, Marks(active_seat=4))
    font_px = font_step(17 * camera.draw_zoom)
    checked = 0
    for key in lay.order:
        lane = lay.lanes[key]
        lx, ly = camera.world_to_screen(*lane.label_pos)
        # just outside the text, inside its pill: the pill's dark fill (or its rim)
        x = round(lx - lane.side * font_px // 4)
        behind = tuple(surface.get_at((x, round(ly))))[:3]
        assert contrast(train_colour(key), behind) >= MIN_CONTRAST, (key, behind)
        checked += 1
    assert checked == 11
