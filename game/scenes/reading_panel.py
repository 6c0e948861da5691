"""The table reading panel (issue 31): the counts a good player keeps, for the seat at the screen.

Off by default (a setting and a key).  It shows how many tiles of each number this seat
has not seen, and which seat is known to be out of which number, the partner marked.  It
reads ``rules.reading.read_table(view)`` of the seat whose hand is shown, so it says no
more than that seat may know (UX-4), and the table draws it only while it draws that
hand: at the curtain it hides with the hand.

``ReadingPanel`` keeps the panel as a surface, as the players panel does: it reads the
table and draws it again only when what it shows changes (a play makes a new view; the
names, the language, the text size, the room the window and the TV margin leave), and
blits it on every other frame.

Where it stands (``reading_rooms``): under the players panel, at the felt's foot beside
the prompt's lines, else above them, else beside the players panel (a short felt: a small
window with the TV's large interface); never over the players panel or the prompt.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from rules.reading import Reading, read_table

from ..i18n import language, t
from ..table.prompts import message_lines
from .textbox import Boxes, Laid, line_height, width_of

PANEL = (10, 20, 16)
RIM = (196, 160, 72)
TEXT = (247, 241, 227)
DIM = (140, 150, 140)
GOLD = (240, 200, 90)


class Row(NamedTuple):
    """One seat known to be out of some numbers: its name, the numbers, whether a partner."""

    seat: int
    name: str
    numbers: tuple[int, ...]
    partner: bool


def void_rows(reading: Reading, name_of: Callable[[int], str]) -> list[Row]:
    """The seats known to be out of a number, the partner first, then in seat order."""
    rows = [Row(s, name_of(s), tuple(sorted(v)), s == reading.partner)
            for s, v in enumerate(reading.voids) if s and s != reading.seat and v]
    return sorted(rows, key=lambda r: (not r.partner, r.seat))


def panel_size(reading: Reading, rows: int, px: int) -> tuple[int, int]:
    """The panel's size in pixels at text size ``px``: the unseen grid and ``rows`` lines."""
    cell = round(px * 1.9)
    lh = line_height(px)
    label = max(width_of(t("reading.number"), px), width_of(t("reading.unseen"), px))
    width = max(cell * len(reading.unseen) + label + 2 * px, px * 16)
    height = lh * (4 + len(legend(reading)) + max(rows, 1)) + px
    return width, height


def legend(reading: Reading) -> list[str]:
    """What "unseen" counts, a line or two (issue 38: nobody could tell, and in Cuban it
    counts the 15 face-down tiles too)."""
    lines = [t("reading.legend")]
    if reading.face_down:
        lines.append(t("reading.legend_face_down", count=reading.face_down))
    return lines


def _placed(reading: Reading, rows: int, corner: tuple[int, int], px: int,
            room: pygame.Rect) -> tuple[pygame.Rect, int, int]:
    """The panel's rect (its bottom-left corner at ``corner``, kept inside ``room``), how
    many of its ``rows`` seat lines fit, and how many of the legend's lines: a short room
    (a TV's large type on a small window) drops the legend before any seat."""
    lh = line_height(px)
    width, height = panel_size(reading, rows, px)
    width = min(width, room.width)
    told = len(legend(reading))
    while told and lh * (4 + told + 1) + px > room.height:
        told -= 1
    fixed = 4 + told  # the title, the grid's two lines, the legend, "out of"
    fit_rows = max(1, min(rows, (room.height - lh * fixed - px) // lh)) if rows else 1
    height = min(height, lh * (fixed + fit_rows) + px)
    panel = pygame.Rect(0, 0, width, height)
    panel.bottomleft = corner
    panel.clamp_ip(room)
    return panel, fit_rows, told


def draw_reading(surface: pygame.Surface, boxes: Boxes, reading: Reading, name_of: Callable[[int], str],
                 corner: tuple[int, int], px: int, room: pygame.Rect) -> pygame.Rect:
    """Draw the panel with its bottom-left corner at ``corner``, kept inside ``room``
    (lines that do not fit are left out, the last one saying how many); returns its rect."""
    rows = void_rows(reading, name_of)
    lh = line_height(px)
    panel, fit_rows, told = _placed(reading, len(rows), corner, px, room)
    pygame.draw.rect(surface, PANEL, panel, border_radius=max(4, px // 2))
    pygame.draw.rect(surface, RIM, panel, 1, border_radius=max(4, px // 2))
    inner = panel.inflate(-px, -px // 2)
    y = inner.top
    boxes.put(surface, t("reading.title"), pygame.Rect(inner.x, y, inner.width, lh), px, bold=True, colour=GOLD)
    y += lh
    label_w = min(inner.width // 3, px + max(width_of(t("reading.number"), px), width_of(t("reading.unseen"), px)))
    cell = (inner.width - label_w) // max(1, len(reading.unseen))
    boxes.put(surface, t("reading.number"), pygame.Rect(inner.x, y, label_w, lh), px, colour=DIM)
    boxes.put(surface, t("reading.unseen"), pygame.Rect(inner.x, y + lh, label_w, lh), px, colour=DIM)
    for n, count in enumerate(reading.unseen):
        x = inner.x + label_w + n * cell
        boxes.put(surface, str(n), pygame.Rect(x, y, cell, lh), px, align="center", colour=DIM)
        boxes.put(surface, str(count), pygame.Rect(x, y + lh, cell, lh), px, align="center",
                  bold=count > 0, colour=TEXT if count else DIM)
    y += 2 * lh
    for words in legend(reading)[:told]:
        boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, lh), px, colour=DIM)
        y += lh
    boxes.put(surface, t("reading.out_of"), pygame.Rect(inner.x, y, inner.width, lh), px, colour=DIM)
    y += lh
    if not rows:
        boxes.put(surface, t("reading.nobody"), pygame.Rect(inner.x, y, inner.width, lh), px, colour=DIM)
        return panel
    if fit_rows == 1 and len(rows) > 1:  # one line of room: every seat on it, as far as it goes
        words = "; ".join(f"{t('reading.partner', name=r.name) if r.partner else r.name} "
                          f"{', '.join(str(n) for n in r.numbers)}" for r in rows)
        boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, lh), px)
        return panel
    shown = rows if len(rows) <= fit_rows else rows[:fit_rows - 1]
    name_w = inner.width * 3 // 5
    for row in shown:
        who = t("reading.partner", name=row.name) if row.partner else row.name
        boxes.put(surface, who, pygame.Rect(inner.x, y, name_w, lh), px, colour=GOLD if row.partner else TEXT)
        boxes.put(surface, ", ".join(str(n) for n in row.numbers),
                  pygame.Rect(inner.x + name_w, y, inner.width - name_w, lh), px, bold=True)
        y += lh
    if len(shown) < len(rows):
        more = len(rows) - len(shown)
        boxes.put(surface, t("reading.more", count=more), pygame.Rect(inner.x, y, inner.width, lh), px, colour=DIM)
    return panel


class ReadingPanel:
    """The panel of one table scene, kept as a surface (see the module docstring)."""

    def __init__(self) -> None:
        #: how many times the panel was read and drawn afresh (the cache test counts them)
        self.builds = 0
        self._view: object = None  # the view it was built from (kept: its identity is the key)
        self._key: tuple | None = None
        self._image: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._laid: list[Laid] = []

    @property
    def rect(self) -> pygame.Rect:
        """Where the panel was last drawn."""
        return pygame.Rect(self._rect)

    def draw(self, surface: pygame.Surface, boxes: Boxes, view, name_of: Callable[[int], str], px: int,
             rooms: list[pygame.Rect], inset: int = 0) -> pygame.Rect:
        """``draw_reading`` of ``read_table(view)`` in the first of ``rooms`` that holds it
        whole (else the largest), ``inset`` from its bottom-left corner; from the kept
        surface while nothing it shows has changed.  What it laid out goes into ``boxes``
        (in screen coordinates) on every frame, as if drawn afresh."""
        names = tuple(name_of(s) for s in range(1, len(view.hand_counts)))
        key = (names, language(), px, boxes.least, tuple(tuple(r) for r in rooms), inset)
        if self._image is None or view is not self._view or key != self._key:
            self._build(boxes.least, view, name_of, px, rooms, inset)
            self._view, self._key = view, key
        assert self._image is not None
        surface.blit(self._image, self._rect)
        boxes.laid.extend(self._laid)
        return self._rect

    def invalidate(self) -> None:
        self._image = None

    def _build(self, least: int, view, name_of: Callable[[int], str], px: int, rooms: list[pygame.Rect],
               inset: int) -> None:
        self.builds += 1
        reading = read_table(view)
        rows = len(void_rows(reading, name_of))
        width, height = panel_size(reading, rows, px)
        fits = [r for r in rooms if r.width >= width + inset and r.height >= height + inset]
        # none holds it whole: the tallest wide enough (the seat lines that fit), else the largest
        wide = [r for r in rooms if r.width >= width + inset]
        room = fits[0] if fits else max(wide, key=lambda r: r.height) if wide else \
            max(rooms, key=lambda r: r.width * r.height)
        corner = (room.left + inset, room.bottom - inset)
        rect, _, _ = _placed(reading, rows, corner, px, room)
        # drawn at the image's origin: the same panel, moved by the rect's corner
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = Boxes(least)
        draw_reading(image, local, reading, name_of, (corner[0] - rect.x, corner[1] - rect.y), px,
                     room.move(-rect.x, -rect.y))
        self._image, self._rect = image, rect
        self._laid = [Laid(laid.text, laid.rect.move(rect.topleft), laid.box.move(rect.topleft), laid.px)
                      for laid in local.laid]


def message_area(scene) -> pygame.Rect | None:
    """The rect the table's prompt lines take at the felt's foot (as ``_draw_message`` lays
    them out: centred pills stacked upwards), or None when there is none."""
    lines = message_lines(scene.play, scene.play.focus == "table" and scene.show_focus)
    if not lines:
        return None
    vx, vy, vw, vh = scene.camera.viewport
    u = scene.u
    pad = (round(24 * u), round(8 * u))
    bottom = vy + vh - scene.rail - round(10 * u) + pad[1] - pad[1] // 2
    top, widest = bottom, 0
    for line, small in lines:
        size = scene.font_px - (3 if small else 0)
        widest = max(widest, min(width_of(line, size), vw - 40) + pad[0])
        top -= line_height(size) + pad[1] + round(4 * u)
    return pygame.Rect(vx + (vw - widest) // 2, top, widest, bottom - top)


def reading_rooms(scene) -> list[pygame.Rect]:
    """Where the panel may stand on the felt of a table scene, best first (module docstring)."""
    vx, vy, vw, vh = scene.camera.viewport
    u, rail = scene.u, scene.rail
    gap = round(8 * u)
    px, py = scene._panel_pos()
    pw, ph = scene.players.size()
    left, right, floor = vx + rail, vx + vw - rail, vy + vh - rail
    below = py + ph + gap if ph else vy + rail
    prompt = message_area(scene)
    foot = prompt.top if prompt is not None else floor
    rooms = []
    if prompt is not None:  # beside the prompt's lines, down to the felt's foot
        rooms.append(pygame.Rect(left, below, min(vw // 2, prompt.left - left), floor - below))
    rooms.append(pygame.Rect(left, below, vw // 2, foot - below))
    # a short felt: beside the players panel, under the camera buttons and the ticker of the
    # last moves if it can, else over the ticker (the table draws the panel over it)
    buttons = max((b.rect.bottom for b in scene.camera_buttons), default=vy + rail) + gap
    ticker = len(scene.ticker_strip.lines(scene.play)) * (line_height(scene.ticker_px) + round(6 * u))
    for top in (max(buttons, vy + rail + gap + ticker), buttons):
        rooms.append(pygame.Rect(px + pw, top, right - px - pw, foot - top))
    return [r for r in rooms if r.width > 0 and r.height > 0] or [pygame.Rect(left, vy + rail, vw // 2, foot - vy)]
