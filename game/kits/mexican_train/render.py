"""Drawing the table world: station, trains, names, markers, obligations, targets, ghost.

Everything comes from one seat's view (UX-4) and the layout computed from it.
Tiles are blitted with ``fblits`` from sprites cached per zoom step; tiles
outside the visible part of the world are skipped (NOTES.md).
"""
from __future__ import annotations

import functools
import math
import weakref
from collections import OrderedDict

import numpy as np
import pygame

from rules.variants.mexican_train import MexicanTrainView

from ... import assets
from ...seats import seat_colour
from ...table.camera import Camera
from ...table.kit import Marks
from ...table.render import (ACTIVE_COLOUR, ARRIVAL_S, DARK, FOCUS_COLOUR, LAST_PLAY_COLOUR, TARGET_COLOUR,
                             font_step)
from ...table.sprites import Sprites
from ...table.text import pill as text_pill
from ...table.text import text
from . import layout as L

OBLIGATION_COLOUR = (235, 64, 52)


def train_colour(key) -> tuple[int, int, int]:
    if key == L.MEXICAN:
        return _rgb_of(assets.manifest()["table"]["mexican_train"])
    return seat_colour(int(key))


@functools.lru_cache(maxsize=16)
def _rgb_of(colour: str) -> tuple[int, int, int]:
    """The art's colour text as (r, g, b), parsed once: every lane asks twice a frame (issue 42:
    two pygame.Color parses a lane were 5% of a crowded table's frame)."""
    return assets.rgb(colour)


#: A revealed hand's tiles in the name's row (UX-3): world units between them, and the
#: smallest short side they shrink to in px to keep within their lane.
REVEAL_GAP = 3
REVEAL_MIN_PX = 10
#: Zoom steps whose tile sprites ``_faces_at`` remembers (fit to the closest is about 24).
FACES_KEPT = 32


class TableRenderer:
    def __init__(self, sprites: Sprites | None = None) -> None:
        self.sprites = sprites or Sprites()
        self.felt = tuple(assets.table_colour("felt"))[:3]
        self.felt_line = tuple(assets.table_colour("felt_line"))[:3]
        self.tiles_drawn = 0
        #: what the last frame drew of the station and the names, screen rects (tests measure
        #: that a cue covers neither, issue 28)
        self.engine_box: pygame.Rect | None = None
        self.name_boxes: dict = {}
        self._tiles_lay: L.TableLayout | None = None
        self._tiles: list[tuple] = []
        self._tile_box: tuple = ()
        self._faces_key: tuple | None = None
        self._faces: list[pygame.Surface | None] = []
        #: the sprites of the zoom steps left, by weak reference (``_faces_at``)
        self._faces_kept: OrderedDict[tuple, list] = OrderedDict()

    def draw(self, surface: pygame.Surface, camera: Camera, lay: L.TableLayout, view: MexicanTrainView,
             names: dict, marks: Marks, clock: float = 0.0) -> None:
        vx, vy, vw, vh = camera.viewport
        clip = surface.get_clip()
        surface.set_clip(self.sprites.felt(surface, (vx, vy, vw, vh)).clip(clip))
        z = camera.draw_zoom
        short = max(2, round(L.TILE_W * z))
        wx, wy, ww, wh = camera.visible_world()
        pad = L.TILE_L
        x_lo, x_hi, y_lo, y_hi = wx - pad, wx + ww + pad, wy - pad, wy + wh + pad
        ox = vx + vw / 2 - camera.cx * z
        oy = vy + vh / 2 - camera.cy * z

        def w2s(x: float, y: float) -> tuple[float, float]:
            return (x * z + ox, y * z + oy)

        # tracks: the station connectors and each train's centre line, in its colour
        line_w = max(1, round(3 * z))
        for key in lay.order:
            lane = lay.lanes[key]
            colour = train_colour(key)
            pts = [w2s(x, y) for x, y in lane.path]
            start = w2s(0, 0)
            if key == L.MEXICAN:
                pygame.draw.line(surface, colour, start, pts[0], max(2, round(6 * z)))
                if len(pts) > 1:
                    pygame.draw.lines(surface, colour, False, pts, max(2, round(8 * z)))
                    pygame.draw.lines(surface, self.felt, False, pts, max(1, round(3 * z)))
            else:
                pygame.draw.line(surface, colour, start, pts[0], line_w)
                if len(pts) > 1:
                    pygame.draw.lines(surface, colour, False, pts, line_w)

        # the station and its engine
        st = self.sprites.station(max(4, round(4 * L.TILE_W * z)))
        sx, sy = w2s(0, 0)
        surface.blit(st, (round(sx - st.get_width() / 2), round(sy - st.get_height() / 2)))
        self.engine_box = None
        if (view.engine, view.engine) not in marks.hidden:  # else it is on its way (MT-4)
            eng = self.sprites.face(view.engine, view.engine, short, False)
            self.engine_box = surface.blit(eng, (round(sx - eng.get_width() / 2),
                                                 round(sy - eng.get_height() / 2)))

        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        # halos go under the tiles: the latest plays (white), open doubles owed (red, MT-14)
        for key, index in marks.recent:
            tiles = lay.lanes[key].tiles if key in lay.lanes else []
            if 0 <= index < len(tiles):
                self._halo(surface, camera, tiles[index], short, LAST_PLAY_COLOUR, essential=False)
        for key in view.obligations:
            p = lay.last_tile(key)
            if p is not None:
                self._halo(surface, camera, p, short, OBLIGATION_COLOUR)
        for key in marks.targets:
            if key in lay.lanes:
                self._halo(surface, camera, lay.lanes[key].next_slot, short, TARGET_COLOUR)

        # tiles
        blits = self._tile_blits(lay, short, z, ox, oy, (x_lo, x_hi, y_lo, y_hi), marks.hidden)
        if blits:
            surface.fblits(blits)
        self.tiles_drawn = len(blits)

        # the newest play: a ring that widens for a moment, so a computer's move is seen landing
        if marks.arrival is not None and marks.recent and marks.arrival < ARRIVAL_S:
            key, index = marks.recent[-1]
            tiles = lay.lanes[key].tiles if key in lay.lanes else []
            if 0 <= index < len(tiles):
                k = marks.arrival / ARRIVAL_S
                rect = pygame.Rect(camera.world_rect_to_screen(tiles[index].rect))
                grow = round((4 + 26 * k) * max(z, 0.5))
                shade = tuple(int(c * (1 - k) + f * k) for c, f in zip(TARGET_COLOUR, self.felt))
                pygame.draw.rect(surface, shade, rect.inflate(grow, grow), max(2, round(4 * z * (1 - k))),
                                 border_radius=max(3, round(6 * z)))

        # the order in which the open doubles are owed: badges 1, 2, 3 (MT-14)
        for i, key in enumerate(view.obligations):
            p = lay.last_tile(key)
            if p is None:
                continue
            # at the double's lower right corner: clear of the owner's name above and the next tile
            bx, by = w2s(p.rect[0] + p.rect[2], p.rect[1] + p.rect[3])
            r = max(7, round(13 * z))
            centre = (round(bx + r * 0.3), round(by - r * 0.3))
            pygame.draw.circle(surface, (255, 255, 255), centre, r + max(1, r // 6))
            pygame.draw.circle(surface, OBLIGATION_COLOUR, centre, r)
            digit = text(str(i + 1), font_step(r * 1.5), (255, 255, 255), bold=True)
            surface.blit(digit, digit.get_rect(center=centre))

        # labels (owner's name in their colour) and markers (MT-12)
        font_px = max(font_step(17 * z), marks.name_px)
        self.name_boxes = {}
        for key in lay.order:
            lane = lay.lanes[key]
            colour = train_colour(key)
            lx, ly = w2s(*lane.label_pos)
            if not (vx - 400 < lx < vx + vw + 400 and vy - 60 < ly < vy + vh + 60):
                continue
            # every name stands on a dark pill, so it reads at 4.5:1 or more whatever the felt
            # (issue 11); the seat whose turn it is gets a gold rim, so whose turn it is shows
            # on the felt, and the Mexican train a rim of its colour
            active = key == marks.active_seat
            rim = (ACTIVE_COLOUR, max(2, round(3 * z))) if active else \
                (colour, max(2, round(2 * z))) if key == L.MEXICAN else None
            pill = text_pill(names.get(key, str(key)), font_px, colour, pad=(font_px, font_px // 3), bold=True,
                             outline=DARK, rim=rim, fill=DARK)
            if lane.side > 0:
                rect = pill.get_rect(midleft=(round(lx) - font_px // 2, round(ly)))
            else:
                rect = pill.get_rect(midright=(round(lx) + font_px // 2, round(ly)))
            self.name_boxes[key] = surface.blit(pill, rect)
            if marks.revealed is not None and key != L.MEXICAN and 0 < key < len(marks.revealed):
                self._draw_revealed(surface, lane, rect, marks.revealed[key], z, font_px)
            train = view.train(key)
            if key != L.MEXICAN and train.marked:
                mx, my = w2s(*lane.marker_pos)
                size = max(10, round(38 * z))
                marker = self.sprites.marker(size, colour)
                surface.blit(marker, (round(mx - size / 2), round(my - size / 2)))

        # legal targets for the selected tile (the next slot of each train), and the ghost
        for key in marks.targets:
            if key not in lay.lanes:
                continue
            slot = lay.lanes[key].next_slot
            rect = pygame.Rect(camera.world_rect_to_screen(slot.rect))
            width = max(2, round(3 * z)) if key == marks.focused_target else max(1, round(2 * z))
            colour = FOCUS_COLOUR if key == marks.focused_target else TARGET_COLOUR
            pygame.draw.rect(surface, colour, rect, width, border_radius=max(2, round(4 * z)))
        if marks.ghost is not None:
            key, p = marks.ghost
            px, py = w2s(p.rect[0], p.rect[1])
            ghost = (self.sprites.back(short, p.vertical, look="ghost") if marks.ghost_face_down
                     else self.sprites.face(p.first, p.second, short, p.vertical, look="ghost"))
            surface.blit(ghost, (round(px), round(py)))
            rect = pygame.Rect(round(px), round(py), ghost.get_width(), ghost.get_height())
            c = tuple(int(a + (b - a) * pulse) for a, b in zip(TARGET_COLOUR, (255, 255, 255)))
            pygame.draw.rect(surface, c, rect.inflate(4, 4), max(2, round(3 * z)), border_radius=max(2, round(4 * z)))
        surface.set_clip(clip)

    def _draw_revealed(self, surface, lane: L.Lane, pill: pygame.Rect, hand, z: float, font_px: int) -> None:
        """UX-3: a seat's tiles left at the deal's end, face up in its name's row, going outward
        from the name (the row above the train's first tiles is free beyond it).  They shrink to
        stay within the lane, never under ``REVEAL_MIN_PX``; a seat gone out shows none."""
        if not hand:
            return
        gap = max(2, round(REVEAL_GAP * z))
        short = max(2, round(max((L.LABEL_H - 4) * z, pill.height * 0.8)))  # as tall as the name reads
        lane_x, _, lane_w, _ = lane.rect
        lane_lo, lane_hi = lane_x * z, (lane_x + lane_w) * z
        room = (lane_hi - lane_lo) - pill.width - 2 * gap  # screen px beside the name
        fitting = (room + gap) / len(hand) - gap  # one tile's long side, px
        short = max(min(short, int(fitting // 2)), min(short, REVEAL_MIN_PX))
        step = 2 * short + gap
        y = pill.centery - short // 2
        if lane.side > 0:
            xs = [pill.right + gap + i * step for i in range(len(hand))]
        else:
            xs = [pill.left - gap - 2 * short - i * step for i in range(len(hand))]
        face = self.sprites.face
        tiles = sorted(hand) if lane.side > 0 else sorted(hand, reverse=True)  # low to high, left to right
        surface.fblits([(face(a, b, short, False), (x, y)) for (a, b), x in zip(tiles, xs)])

    def _tile_blits(self, lay: L.TableLayout, short: int, z: float, ox: float, oy: float,
                    window: tuple[float, float, float, float], hidden) -> list[tuple]:
        """The (sprite, screen position) of every tile of ``lay`` inside ``window`` (world x_lo,
        x_hi, y_lo, y_hi) but those ``hidden`` (still in flight: game.motion draws them on
        their way), in drawing order.

        Issue 42: the cull and the positions are worked out on arrays (numpy's ``rint``
        rounds half to even as ``round`` does, and ``x * z + ox`` is the same sum, so every
        tile lands on the same pixel as in a per-tile loop); only the visible tiles are
        looked at one by one, for their sprite."""
        tiles = self._tiles_of(lay)
        if not tiles:
            return []
        x0, y0, x1, y1 = self._tile_box
        x_lo, x_hi, y_lo, y_hi = window
        seen: list[int] = np.flatnonzero((x0 <= x_hi) & (x1 >= x_lo) & (y0 <= y_hi) & (y1 >= y_lo)).tolist()
        if hidden:
            seen = [i for i in seen if tiles[i][0] not in hidden]
        if not seen:
            return []
        at = np.asarray(seen)
        xs = np.rint(x0[at] * z + ox).astype(np.int64).tolist()
        ys = np.rint(y0[at] * z + oy).astype(np.int64).tolist()
        faces = self._faces_at(lay, short)
        blits = []
        for i, sx, sy in zip(seen, xs, ys):
            sprite = faces[i]
            if sprite is None:
                _, first, second, vertical = tiles[i]
                before = self.sprites.fallbacks
                sprite = self.sprites.face(first, second, short, vertical)
                if self.sprites.fallbacks == before:  # a stand-in is asked for again next frame
                    faces[i] = sprite
            blits.append((sprite, (sx, sy)))
        return blits

    def _tiles_of(self, lay: L.TableLayout) -> list[tuple]:
        """Every tile of ``lay`` flat, in drawing order: (tile, first, second, vertical), and
        their world boxes as arrays (``_tile_box``: left, top, right, bottom).

        Worked out once per layout: the camera moves every frame, the tiles do not."""
        if self._tiles_lay is not lay:
            self._tiles_lay = lay
            placed = [p for key in lay.order for p in lay.lanes[key].tiles]
            self._tiles = [((min(p.first, p.second), max(p.first, p.second)), p.first, p.second, p.vertical)
                           for p in placed]
            box = np.array([p.rect for p in placed], dtype=np.float64).reshape(-1, 4)
            self._tile_box = (box[:, 0], box[:, 1], box[:, 0] + box[:, 2], box[:, 1] + box[:, 3])
            self._faces_key = None
            self._faces_kept.clear()
        return self._tiles

    def _faces_at(self, lay: L.TableLayout, short: int) -> list[pygame.Surface | None]:
        """The sprites of this layout's tiles at ``short`` px, by their place in ``_tiles_of``,
        filled in as they are first drawn (so a tile's sprite is looked up once per zoom step,
        not once per frame).  Stand-ins are never kept: their tiles ask again next frame.

        Issue 42: a zoom step left keeps its sprites by weak reference (``FACES_KEPT`` steps),
        so coming back to it costs no lookups while the sprite cache still holds them (a
        sprite it dropped is looked up, or built, again): the first frame at a step was the
        slowest of a zoom sweep, 88 lookups."""
        self._tiles_of(lay)
        key = (short, self.sprites.style_at(short), self.sprites.palette)  # "auto" as resolved (issue 40)
        if key != self._faces_key:
            if self._faces_key is not None:
                self._faces_kept[self._faces_key] = [None if s is None else weakref.ref(s) for s in self._faces]
                while len(self._faces_kept) > FACES_KEPT:
                    self._faces_kept.popitem(last=False)
            kept = self._faces_kept.pop(key, None)
            self._faces_key = key
            self._faces = [None if r is None else r() for r in kept] if kept else [None] * len(self._tiles)
        return self._faces

    def _halo(self, surface, camera: Camera, p: L.Placed, short: int, colour,
              essential: bool = True) -> None:
        got = self.sprites.halo(short, p.vertical, colour, essential)
        if got is None:
            return
        halo, margin = got
        px, py = camera.world_to_screen(p.rect[0], p.rect[1])
        if not surface.get_clip().colliderect((round(px) - margin, round(py) - margin,
                                               halo.get_width(), halo.get_height())):
            return
        surface.blit(halo, (round(px) - margin, round(py) - margin))
