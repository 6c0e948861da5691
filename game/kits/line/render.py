"""Drawing the two-ended line (Cuban CU-6, Jamaican JA-4) and the four seats round it.

Everything comes from one seat's view (UX-4) and the layout computed from it
(``layout``).  Tiles are blitted with ``fblits`` from sprites cached per
zoom step, as Mexican Train's ``TableRenderer`` does, and tiles outside the
visible world are skipped.  The other three seats show their name in the
seat's colour, their team and their hand as face-down backs with the count:
never a face (UX-3; the view holds only its own hand anyway).  Partners sit
opposite and play goes counter-clockwise on screen (CU-1, JA-1).  Lit ends,
the focused end and the ghost of the previewed tile are the UX-1 preview; the
latest play is haloed so a computer's move is seen (UX-7 only moves the view).
"""
from __future__ import annotations

import math
from typing import Callable, Hashable
from dataclasses import dataclass
import pygame

from rules.line import PartnershipView, team_of

from ... import assets, i18n
from ...seats import seat_colour
from ...table.camera import Camera
from ...table.layout import TILE_L, TILE_W, Placed
from ...table.render import ACTIVE_COLOUR, ARRIVAL_S, DARK, FOCUS_COLOUR, LAST_PLAY_COLOUR, TARGET_COLOUR, font_step
from ...table.sprites import Sprites
from ...table.text import fit, text
from ...table.text import pill as text_pill
from . import layout as LL

TO_ACT_COLOUR = ACTIVE_COLOUR
TEAM_COLOUR = (214, 226, 218)
BACK_SCALE = 0.6  # the other seats' backs, against a tile on the line
BACK_GAP = 3  # world units between backs
REVEAL_SCALE = 0.8  # a revealed hand's tiles at a hand's end (UX-3), against a tile on the line
REVEAL_COLUMN = 6  # a side seat's revealed tiles in one column up to this many, then two


@dataclass
class LineMarks:
    """What the play state wants lit on the line this frame."""

    targets: frozenset | tuple = ()  # ends ("L", "R") where the selected tile may go
    focused_target: Hashable | None = None  # the keyboard cursor's end ("L", "R")
    ghost: Placed | None = None  # the previewed tile (``layout.ghost``)
    ghost_face_down: bool = False  # UX-9: a phone's preview shows where, not what
    tile: tuple[int, int] | None = None  # the selected tile: targets are outlined where it would lie
    arrival: float | None = None  # seconds since the newest play landed (a ring widens, fades)
    hidden: frozenset = frozenset()  # tiles (low, high) still in flight here (game.motion)
    name_px: int = 0  # the smallest a seat's name is drawn, px: the interface size, the TV (issue 11)
    #: every hand left at the hand's end, by seat (index 0 unused), drawn face up in place of
    #: the backs (UX-3, issue 28); None while the hand is being played
    revealed: tuple | None = None


@dataclass
class _Frame:
    """One frame's mapping and culling box, shared by the drawing steps."""

    surface: pygame.Surface
    camera: Camera
    z: float
    short: int  # a line tile's short side in px at this zoom step
    ox: float
    oy: float
    cull: tuple[float, float, float, float]  # visible world, padded: x0, y0, x1, y1
    name_px: int = 0  # the smallest a seat's name is drawn (``LineMarks.name_px``)

    def w2s(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.z + self.ox, y * self.z + self.oy)

    def visible(self, rect) -> bool:
        x, y, w, h = rect
        x0, y0, x1, y1 = self.cull
        return not (x > x1 or x + w < x0 or y > y1 or y + h < y0)


def _frame(surface: pygame.Surface, camera: Camera, name_px: int = 0) -> _Frame:
    vx, vy, vw, vh = camera.viewport
    z = camera.draw_zoom
    wx, wy, ww, wh = camera.visible_world()
    pad = TILE_L
    return _Frame(surface, camera, z, max(2, round(TILE_W * z)),
                  vx + vw / 2 - camera.cx * z, vy + vh / 2 - camera.cy * z,
                  (wx - pad, wy - pad, wx + ww + pad, wy + wh + pad), name_px)


def draw_line(surface: pygame.Surface, camera: Camera, layout: LL.LineLayout, view: PartnershipView,
              sprites: Sprites, marks: LineMarks, names: dict, clock: float = 0.0,
              team_name: Callable[[int], str] | None = None, seat_boxes: dict | None = None) -> int:
    """Draw the felt, the line, its ends, the ghost and the seats; return the tiles drawn.

    ``team_name(team)`` words a team label (Cuban's «команда», Jamaican's «пара»).
    ``seat_boxes``, when given, is filled with each seat's drawn screen rectangles: "name"
    (its name pill) and "hand" (its backs or revealed tiles with their count), so a cue can
    stand clear of them (issue 28: a pass's pill covered a seat's count)."""
    vx, vy, vw, vh = camera.viewport
    clip = surface.get_clip()
    surface.set_clip(sprites.felt(surface, (vx, vy, vw, vh)).clip(clip))
    f = _frame(surface, camera, marks.name_px)
    _draw_open_ends(f, layout, marks)
    _draw_last_play(f, layout, sprites)
    drawn = _draw_tiles(f, layout, sprites, marks.hidden)
    _draw_arrival(f, layout, marks)
    _draw_targets(f, layout, marks)
    _draw_ghost(f, sprites, marks, clock)
    _draw_seats(f, layout, view, sprites, names,
                team_name or (lambda team: i18n.t(f"line.{view.game}.team", n=team)), marks.revealed,
                seat_boxes if seat_boxes is not None else {})
    surface.set_clip(clip)
    return drawn


# --------------------------------------------------------------------- the line

def _draw_tiles(f: _Frame, layout: LL.LineLayout, sprites: Sprites, hidden: frozenset = frozenset()) -> int:
    face = sprites.face
    blits = []
    for p in layout.tiles:
        if not f.visible(p.rect):
            continue
        if hidden and (min(p.first, p.second), max(p.first, p.second)) in hidden:
            continue  # still in flight: game.motion draws it on its way
        x, y = f.w2s(p.rect[0], p.rect[1])
        blits.append((face(p.first, p.second, f.short, p.vertical), (round(x), round(y))))
    if blits:
        f.surface.fblits(blits)
    return len(blits)


def _halo(f: _Frame, sprites: Sprites, p: Placed, colour, essential: bool = True) -> None:
    got = sprites.halo(f.short, p.vertical, colour, essential)
    if got is None or not f.visible(p.rect):
        return
    halo, margin = got
    x, y = f.w2s(p.rect[0], p.rect[1])
    f.surface.blit(halo, (round(x) - margin, round(y) - margin))


def _draw_last_play(f: _Frame, layout: LL.LineLayout, sprites: Sprites) -> None:
    # the latest play glows under its tile, so a computer's move is seen where it landed
    if len(layout.tiles) > 1:
        _halo(f, sprites, layout.tiles[-1], LAST_PLAY_COLOUR, essential=False)


def _draw_arrival(f: _Frame, layout: LL.LineLayout, marks: LineMarks) -> None:
    if marks.arrival is None or marks.arrival >= ARRIVAL_S or not layout.tiles:
        return
    k = marks.arrival / ARRIVAL_S
    rect = pygame.Rect(f.camera.world_rect_to_screen(layout.tiles[-1].rect))
    grow = round((4 + 26 * k) * max(f.z, 0.5))
    felt = tuple(assets.table_colour("felt"))[:3]
    shade = tuple(int(c * (1 - k) + b * k) for c, b in zip(TARGET_COLOUR, felt))
    pygame.draw.rect(f.surface, shade, rect.inflate(grow, grow), max(2, round(4 * f.z * (1 - k))),
                     border_radius=max(3, round(6 * f.z)))


def _draw_open_ends(f: _Frame, layout: LL.LineLayout, marks: LineMarks) -> None:
    """Both open ends are always marked faintly, so where the line goes on is plain."""
    colour = tuple(assets.table_colour("felt_line"))[:3]
    seen = set()
    for end, slot in layout.ends.items():
        if slot.rect in seen or end in marks.targets:
            continue
        seen.add(slot.rect)
        rect = pygame.Rect(f.camera.world_rect_to_screen(slot.rect))
        pygame.draw.rect(f.surface, colour, rect, max(1, round(2 * f.z)), border_radius=max(2, round(4 * f.z)))


def _draw_targets(f: _Frame, layout: LL.LineLayout, marks: LineMarks) -> None:
    for end in LL.ENDS:
        if end not in marks.targets:
            continue
        rect = pygame.Rect(f.camera.world_rect_to_screen(_target_rect(layout, end, marks.tile)))
        focused = end == marks.focused_target
        width = max(2, round((3 if focused else 2) * f.z))
        pygame.draw.rect(f.surface, FOCUS_COLOUR if focused else TARGET_COLOUR, rect, width,
                         border_radius=max(2, round(4 * f.z)))
        if focused:
            pygame.draw.rect(f.surface, TARGET_COLOUR, rect.inflate(width * 3, width * 3), max(1, width // 2),
                             border_radius=max(3, round(6 * f.z)))


def _target_rect(layout: LL.LineLayout, end: str, tile: tuple[int, int] | None):
    if tile is not None:
        try:
            return LL.ghost(layout, end, tile).rect
        except ValueError:  # not a fit there: the plain slot
            pass
    return layout.ends[end].rect


def _draw_ghost(f: _Frame, sprites: Sprites, marks: LineMarks, clock: float) -> None:
    p = marks.ghost
    if p is None:
        return
    x, y = f.w2s(p.rect[0], p.rect[1])
    surf = (sprites.back(f.short, p.vertical, look="ghost") if marks.ghost_face_down
            else sprites.face(p.first, p.second, f.short, p.vertical, look="ghost"))
    f.surface.blit(surf, (round(x), round(y)))
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    colour = tuple(int(a + (b - a) * pulse) for a, b in zip(TARGET_COLOUR, (255, 255, 255)))
    rect = pygame.Rect(round(x), round(y), surf.get_width(), surf.get_height())
    pygame.draw.rect(f.surface, colour, rect.inflate(4, 4), max(2, round(3 * f.z)),
                     border_radius=max(2, round(4 * f.z)))


# --------------------------------------------------------------------- the seats

def _draw_seats(f: _Frame, layout: LL.LineLayout, view: PartnershipView, sprites: Sprites, names: dict,
                team_name: Callable[[int], str], revealed: tuple | None = None,
                boxes: dict | None = None) -> None:
    places = LL.seat_places(view.seat, layout.table, layout.seats, len(view.hand_counts) - 1)
    for seat, place in places.items():
        area = LL.seat_area(place, layout.seats)
        if not f.visible(area):
            continue
        count = view.hand_counts[seat] if seat < len(view.hand_counts) else 0
        hand = tuple(sorted(revealed[seat])) if revealed is not None and 0 < seat < len(revealed) else None
        drawn = _draw_seat(f, seat, place, area, names.get(seat, str(seat)), team_name(team_of(seat)),
                           # a hand the screen does not show (a phone's, behind the curtain) lies
                           # face down at its seat like the others, never as nothing (issue 37)
                           len(hand) if hand is not None else count, seat == view.seat and bool(view.hand),
                           seat == view.to_act,
                           sprites, layout.compact, hand)
        if boxes is not None:
            boxes[seat] = drawn


def _draw_seat(f: _Frame, seat: int, place, area, name: str, team_label: str, count: int, own: bool,
               to_act: bool, sprites: Sprites, compact: bool = False, hand: tuple | None = None) -> dict:
    """One seat round the line: its name, its team and its hand as backs, or face up once the
    hand is over (``hand``: UX-3, every hand is revealed together); returns the screen
    rectangles drawn (``draw_line``'s ``seat_boxes``)."""
    cx, cy, side = place
    x, y, w, h = area
    size = max(font_step(18 * f.z), f.name_px)
    # a name at its floor size may be wider than its seat's area at this zoom
    width_px = max(8, round(w * f.z), 7 * f.name_px)
    label_h = fit(name, size, width_px, colour=seat_colour(seat), bold=True, outline=DARK).get_height()
    team = fit(team_label, max(font_step(13 * f.z), round(f.name_px * 0.75)), width_px,
               colour=TEAM_COLOUR, outline=DARK)
    # the name on a dark pill (4.5:1 or more on any felt, issue 11); a gold rim: whose turn it is
    pill = text_pill(name, size, seat_colour(seat), pad=(max(6, label_h // 2), 2), width=width_px, bold=True,
                     outline=DARK, fill=DARK, rim=(TO_ACT_COLOUR, max(2, round(3 * f.z))) if to_act else None)
    if compact and side in ("top", "bottom"):
        return _draw_seat_row(f, place, pill, team, 0 if own else count, sprites, hand)
    sx, sy = f.w2s(cx, y)
    top = round(sy)
    pill_rect = pill.get_rect(midtop=(round(sx), top - 1))
    f.surface.blit(pill, pill_rect)
    name_rect = pill_rect.inflate(0, -2)
    f.surface.blit(team, team.get_rect(midtop=(round(sx), name_rect.bottom)))
    if own:
        return {"name": pill_rect}  # the viewer's own tiles are in their hand tray, face up
    backs_top = (name_rect.bottom + team.get_height() + round(6 * f.z) - f.oy) / f.z
    if hand is not None:
        return {"name": pill_rect, "hand": _draw_faces(f, sprites, cx, backs_top, side, hand, REVEAL_SCALE)}
    return {"name": pill_rect, "hand": _draw_backs(f, sprites, cx, backs_top, side, count)}


def _draw_seat_row(f: _Frame, place, pill: pygame.Surface, team: pygame.Surface, count: int,
                   sprites: Sprites, hand: tuple | None = None) -> dict:
    """A compact strip (``LL.COMPACT_ASPECT``): the name, the team and the backs in one row,
    centred on the seat's anchor."""
    cx, cy, _side = place
    gap = max(4, round(8 * f.z))
    backs_w = (count * (TILE_W * BACK_SCALE + BACK_GAP) - BACK_GAP) * f.z if count else 0
    badge_w = round(f.name_px * 1.6) if count else 0  # room for the count after the backs
    row_w = pill.get_width() + gap + team.get_width() + (gap + backs_w + badge_w if count else 0)
    sx, sy = f.w2s(cx, cy)
    left = round(sx - row_w / 2)
    pill_rect = pill.get_rect(midleft=(left, round(sy)))
    f.surface.blit(pill, pill_rect)
    f.surface.blit(team, team.get_rect(midleft=(pill_rect.right + gap, round(sy))))
    drawn: dict[str, pygame.Rect | None] = {"name": pill_rect}
    if count:
        backs_left = pill_rect.right + gap + team.get_width() + gap
        wx = (backs_left + backs_w / 2 - f.ox) / f.z
        if hand is not None:
            drawn["hand"] = _draw_faces(f, sprites, wx, cy - TILE_W * BACK_SCALE, "top", hand, BACK_SCALE)
        else:
            drawn["hand"] = _draw_backs(f, sprites, wx, cy - TILE_W * BACK_SCALE, "top", count)
    return drawn


def _draw_faces(f: _Frame, sprites: Sprites, cx: float, top: float, side: str, hand: tuple,
                scale: float) -> pygame.Rect | None:
    """A revealed hand (UX-3): its tiles face up where the backs stood, a little larger so the
    numbers read; a side seat's column turns into two when it would run past the seat's area."""
    if not hand:
        return None
    s = TILE_W * scale  # a tile's short side, world units
    short = max(2, round(s * f.z))
    step = s + BACK_GAP
    column = side in ("left", "right")
    if column:  # lying tiles stacked, as the backs were; two columns past REVEAL_COLUMN
        cols = 1 if len(hand) <= REVEAL_COLUMN else 2
        rows = -(-len(hand) // cols)
        width = cols * 2 * s + (cols - 1) * BACK_GAP
        positions = [(cx - width / 2 + (i // rows) * (2 * s + BACK_GAP), top + (i % rows) * step)
                     for i in range(len(hand))]
    else:  # standing tiles in a row
        span_w = len(hand) * step - BACK_GAP
        positions = [(cx - span_w / 2 + i * step, top) for i in range(len(hand))]
    blits = [(sprites.face(a, b, short, not column), tuple(round(v) for v in f.w2s(px, py)))
             for (a, b), (px, py) in zip(hand, positions)]
    f.surface.fblits(blits)
    return pygame.Rect(blits[0][1], blits[0][0].get_size()).unionall(
        [pygame.Rect(pos, img.get_size()) for img, pos in blits])


def _draw_backs(f: _Frame, sprites: Sprites, cx: float, top: float, side: str, count: int) -> pygame.Rect:
    """A hidden hand: ``count`` backs, in a row (top seat) or a column (side seats), and the count."""
    short = max(2, round(TILE_W * BACK_SCALE * f.z))
    s = TILE_W * BACK_SCALE  # world units
    column = side in ("left", "right")
    back = sprites.back(short, vertical=not column)
    step = s + BACK_GAP
    if column:
        span_w, span_h = 2 * s, count * step - BACK_GAP
        positions = [(cx - s, top + i * step) for i in range(count)]
    else:
        span_w, span_h = count * step - BACK_GAP, 2 * s
        positions = [(cx - span_w / 2 + i * step, top) for i in range(count)]
    spots = [tuple(round(v) for v in f.w2s(px, py)) for px, py in positions]
    f.surface.fblits([(back, spot) for spot in spots])
    drawn = [pygame.Rect(spot, back.get_size()) for spot in spots]
    badge = text(str(count), max(font_step(16 * f.z), round(f.name_px * 0.85)), (255, 255, 255), bold=True,
                 outline=DARK)
    if column:
        bx, by = f.w2s(cx, top + max(span_h, 0) + 4)
        drawn.append(f.surface.blit(badge, badge.get_rect(midtop=(round(bx), round(by)))))
    else:
        bx, by = f.w2s(cx + max(span_w, 0) / 2 + 8, top + span_h / 2)
        drawn.append(f.surface.blit(badge, badge.get_rect(midleft=(round(bx), round(by)))))
    return drawn[0].unionall(drawn[1:])

