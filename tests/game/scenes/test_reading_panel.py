"""Issue 31: the table reading panel draws what the seat can count, inside its room.

The panel is fed ``rules.reading.read_table(view)``: the unseen count of each number,
the partner first among the seats known to be out of a number, and, when the room is
short (ten players on a small window), as many lines as fit and "and N more".
"""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.scenes.reading_panel import draw_reading, void_rows
from game.scenes.textbox import Boxes, line_height
from rules.bots import choose
from rules.reading import read_table
from rules.session import Config, Session


def _view_with_voids(game: str, players: int, want: int):
    """The first view, in a seeded match, where at least ``want`` seats are known to be out
    of some number."""
    for seed in range(20):
        session = Session(Config(game, players, seed))
        rng = random.Random(seed)
        for _ in range(400):
            seat = session.to_act()
            if seat is None or session.match_over():
                break
            view = session.view(seat)
            if len(void_rows(read_table(view), str)) >= want:
                return view
            session.apply(choose(view, "easy", rng))
    raise AssertionError("no such position in 20 seeds")


def _overlaps(rects) -> list:
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    yield
    i18n.set_language("en")


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("code", ["en", "ru"])
def test_the_panel_shows_the_counts_and_the_partner_first(code):
    i18n.set_language(code)
    view = _view_with_voids("cuban", 4, 2)
    reading = read_table(view)
    surface = pygame.Surface((1920, 1080))
    boxes = Boxes(12)
    room = surface.get_rect().inflate(-40, -40)
    panel = draw_reading(surface, boxes, reading, lambda s: f"Seat {s}", (20, 1060), 18, room)
    words = [laid.text for laid in boxes.laid]
    assert words[0] == i18n.t("reading.title")
    counts = [w for w in words if w.isdigit()]
    # the numbers 0..9, then each count under its number
    assert [int(w) for w in counts[1::2][: len(reading.unseen)]] == list(reading.unseen)
    rows = void_rows(reading, lambda s: f"Seat {s}")
    if any(r.partner for r in rows):
        assert rows[0].partner and i18n.t("reading.partner", name=f"Seat {rows[0].seat}") in words
    assert all(panel.contains(laid.rect) for laid in boxes.laid)
    assert _overlaps([laid.rect for laid in boxes.laid]) == []


def test_a_short_room_shows_what_fits_and_says_how_many_more():
    view = _view_with_voids("mexican_train", 10, 6)
    reading = read_table(view)
    surface = pygame.Surface((1024, 600))
    boxes = Boxes(10)
    room = pygame.Rect(10, 300, 500, 200)
    panel = draw_reading(surface, boxes, reading, lambda s: f"Player {s}", (10, 500), 16, room)
    assert room.contains(panel)
    assert all(panel.contains(laid.rect) for laid in boxes.laid)
    assert _overlaps([laid.rect for laid in boxes.laid]) == []
    rows = void_rows(reading, str)
    shown = [laid.text for laid in boxes.laid if laid.text.startswith("Player")]
    assert 0 < len(shown) < len(rows)
    assert boxes.laid[-1].text == i18n.t("reading.more", count=len(rows) - len(shown))


def test_nobody_known_yet_says_so():
    session = Session(Config("jamaican", 4, 3))
    view = session.view(session.to_act())
    boxes = Boxes(10)
    draw_reading(pygame.Surface((1024, 600)), boxes, read_table(view), str, (10, 590), 14,
                 pygame.Rect(0, 0, 1024, 600))
    assert boxes.laid[-1].text == i18n.t("reading.nobody")


def test_the_kept_panel_is_the_panel_drawn_afresh():
    """``ReadingPanel`` blits what ``draw_reading`` draws, at the same place, with the same
    words laid out; the same view and size again build nothing, a new view builds anew."""
    from game.scenes.reading_panel import ReadingPanel
    view = _view_with_voids("cuban", 4, 2)
    room, corner = pygame.Rect(30, 40, 700, 900), (38, 932)  # the corner inset 8 from the room's
    fresh, kept = pygame.Surface((1280, 1024)), pygame.Surface((1280, 1024))
    fresh.fill((30, 90, 60))
    kept.fill((30, 90, 60))
    boxes = Boxes(12)
    rect = draw_reading(fresh, boxes, read_table(view), str, corner, 18, room)
    panel = ReadingPanel()
    for _ in range(3):
        kept_boxes = Boxes(12)
        assert panel.draw(kept, kept_boxes, view, str, 18, [room], 8) == rect
        assert kept_boxes.laid == boxes.laid
    assert panel.builds == 1
    same = sum(fresh.get_at((x, y)) == kept.get_at((x, y))
               for x in range(rect.left, rect.right, 3) for y in range(rect.top, rect.bottom, 3))
    assert same == len(range(rect.left, rect.right, 3)) * len(range(rect.top, rect.bottom, 3))
    other = _view_with_voids("cuban", 4, 1)
    panel.draw(kept, Boxes(12), other, str, 18, [room], 8)
    panel.draw(kept, Boxes(12), other, str, 16, [room], 8)
    assert panel.builds == 3


def test_one_line_of_room_names_the_seats_on_it():
    """Room for one seat line only (a short felt): the seats share it, the first named,
    rather than a line that only says how many there are."""
    view = _view_with_voids("cuban", 4, 2)
    reading = read_table(view)
    rows = void_rows(reading, lambda s: f"P{s}")
    px = 14
    from game.scenes.textbox import line_height
    room = pygame.Rect(0, 0, 900, line_height(px) * 5 + px)  # the title, two grid lines, a header, one line
    boxes = Boxes(10)
    draw_reading(pygame.Surface((1024, 600)), boxes, reading, lambda s: f"P{s}", (0, room.bottom), px, room)
    last = boxes.laid[-1].text
    first = rows[0]
    assert last.startswith(i18n.t("reading.partner", name=first.name) if first.partner else first.name)
    assert all(r.name in last for r in rows)


@pytest.mark.parametrize("game, players, face_down", [("cuban", 4, 15), ("jamaican", 4, 0), ("mexican_train", 4, 0)])
def test_the_panel_says_what_unseen_counts_and_the_face_down_tiles_among_them(game, players, face_down):
    """Issue 38: the panel had no legend, and in Cuban its "unseen" counts the 15 tiles that
    lie face down all hand without saying so.  The legend says what unseen means and, in
    Cuban, how many of them nobody will see; a short room drops the legend, never a seat."""
    view = _view_with_voids(game, players, 1)
    reading = read_table(view)
    assert reading.face_down == face_down
    assert sum(reading.unseen) >= face_down
    surface = pygame.Surface((1920, 1080))
    boxes = Boxes(12)
    draw_reading(surface, boxes, reading, lambda s: f"Seat {s}", (20, 1060), 18, surface.get_rect())
    words = [laid.text for laid in boxes.laid]
    assert i18n.t("reading.legend") in words
    said = i18n.t("reading.legend_face_down", count=15)
    assert (said in words) == (face_down == 15)
    short = pygame.Rect(0, 0, 400, line_height(18) * 5 + 18)  # the title, the grid, "out of", a seat
    boxes = Boxes(12)
    draw_reading(surface, boxes, reading, lambda s: f"Seat {s}", (0, short.bottom), 18, short)
    words = [laid.text for laid in boxes.laid]
    assert i18n.t("reading.legend") not in words and any(w.startswith("Seat ") for w in words)
