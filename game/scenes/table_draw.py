"""The table's drawing: one frame of the table scene.

The chrome (``TableChrome``: the felt, the status bar, the bottom panel) is the
cached backdrop; onto it the kit draws the world with the marks of the moment (the
recent plays, the lit targets, the ghost of a previewed play, the tiles still in
flight hidden), then come the players panel, the camera buttons, the message, the
ticker, the motion, the thinking dots and a dragged tile.  Everything drawn comes
from the view of the seat on screen (``PlayState.view``).
"""
from __future__ import annotations

import logging

import pygame

from .. import safe_area
from ..i18n import language
from ..table.kit import Marks
from ..table.render import ARRIVAL_S
from ..table.layout import TILE_W
from ..motion import SCREEN, WORLD, anchor_mapper, draw_thinking, thinking_radius
from ..play import AWAY, PREVIEW
from ..staging import SEAT_SCALE

from .reading_panel import ReadingPanel, reading_rooms
from .table_chrome import TableChrome
from .textbox import Boxes, readable_px
from .table_room import TableRoom, art_settings
from .table_staging import TableStaging
from ..table.prompts import message_lines
from ..table.sprites import Sprites
from ..table.still import StillWorld
from ..table.text import pill

log = logging.getLogger(__name__)


class TableDrawing(TableRoom):
    """The table scene's drawing part (see the module docstring)."""

    chrome: TableChrome
    staging: TableStaging
    #: what the table reading panel laid out (issue 31; the fit tests read it)
    reading_boxes: Boxes
    reading_panel: ReadingPanel
    still_world: StillWorld

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        surface = safe_area.area(surface, self.app.settings)  # the TV's overscan margin is rail
        size = surface.get_size()
        self.sprites.new_frame()
        self._sync_settings()
        first = self._layout is None or self._last_bounds is None
        self._geometry(size)
        play = self.play
        view = play.view()
        lay = self._layout_now()
        if first or self._last_bounds is None:
            self._last_bounds = lay.content
            self._fit(lay, animate=False)
            self.staging.history_len = len(view.history)
        # issue 40: the "auto" tile style is decided once per hand, when the camera settles on it
        self.sprites.hold((view.match_no, view.deal_no), TILE_W * self.camera.draw_zoom, not self.camera.moving)
        self._build_buttons()
        arrival = self.clock - self._arrived_at
        hidden = self.motion.hidden(self.clock)
        if play.setup is not None and play.setup.tile is not None:
            hidden |= {tuple(sorted(play.setup.tile))}  # MT-4: the engine is still in its holder's hand
        marks = Marks(recent=self.recent_plays(), arrival=arrival if arrival >= 0 else None,
                      hidden=hidden, active_seat=self._active_seat(), name_px=self.name_px,
                      revealed=self.revealed_hands())
        if play.my_turn() and play.selected is not None:
            marks.targets = tuple(play.targets())
            if play.focus == "targets" and self.show_focus:
                marks.focused_target = play.focused()
        if self.hovered is not None and self.hovered[0] == "target" and marks.focused_target is None:
            marks.focused_target = self.hovered[1]
        snapped = None
        if self.drag_tile is not None and self.drag_pos is not None:
            snapped = self.snap_target(self.drag_pos)
            action = self.play.play_at(snapped) if snapped is not None else None
            if action is not None:  # the tile snaps onto the target it would go to
                marks.focused_target, marks.ghost = snapped, self.kit.ghost(lay, view, action)
        if play.phase == PREVIEW and play.pending is not None and (play.pending.kind == "play"
                                                                   or play.pending == play.setup):
            marks.ghost = self.kit.ghost(lay, view, play.pending)
            marks.focused_target = self.kit.target(play.pending)
        away = self._previewed_elsewhere()
        if away is not None and away.kind == "play":  # issue 27: the room sees where it goes
            self._mark_phone_ghost(marks, lay, view, away)
        still = self._still_key(surface, lay, marks)
        if not self.still_world.reuse(surface, still):
            self.chrome.draw(surface, view)  # the felt too: the world is drawn onto it
            self.kit.draw_world(self.renderer, surface, self.camera, lay, view, play, marks, self.clock)
            drawn_whole = self.sprites.fallbacks == 0 and self.sprites.deferred == 0
            self.still_world.keep(surface, still if drawn_whole else None)
        self._draw_players(surface, view)
        for b in self.camera_buttons:
            b.draw(surface, self.font_px)
        self._draw_message(surface)
        self.ticker_strip.draw(surface, self)
        self._draw_reading(surface, view)  # over the ticker where a short felt leaves no other room
        if self.app.stack.top is self:  # under a score screen or a menu the table stands still
            self.motion.draw(surface, self.clock, self.camera, self.sprites, self.kit.seat_rects(self.renderer))
            self._draw_thinking(surface, lay, view)
        if snapped is None and self.drag_tile is not None and self.drag_pos is not None and play.hand_seat() is not None:
            t_ = self.drag_tile
            sprite = self.sprites.face(t_[0], t_[1], self.hand_short, True)
            surface.blit(sprite, sprite.get_rect(center=(round(self.drag_pos[0]), round(self.drag_pos[1]))))

    def _still_key(self, surface: pygame.Surface, lay, marks: Marks) -> tuple | None:
        """Issue 42: everything the felt and the world show this frame, or None when they move
        by themselves (``StillWorld``): the camera gliding, a ghost's pulse, an arrival's ring,
        a dragged tile.  Only a kit that draws its world from these alone says so
        (``TableKit.still_world``)."""
        cam = self.camera
        if not self.kit.still_world or cam.moving or marks.ghost is not None or self.drag_tile is not None:
            return None
        if self.chrome.key is None or self.chrome.surface is None:
            return None  # the backdrop forgotten (the art changed, a test draws afresh): the world too
        if marks.arrival is not None and marks.arrival < ARRIVAL_S:
            return None
        return (self.chrome.state(), cam.viewport, cam.safe, cam.cx, cam.cy, cam.step, id(lay), self._layout_key,
                surface.get_size(), surface.get_abs_offset(), self._settings_key, self.sprites.style,
                self.sprites.palette, self.sprites.style_at(round(TILE_W * cam.draw_zoom)),
                marks.targets, marks.focused_target, marks.ghost_face_down, marks.recent, marks.arrival is None,
                frozenset(marks.hidden), marks.active_seat, marks.name_px, marks.revealed)

    def _sync_settings(self) -> None:
        """Settings can change while the table is open: art, UI scale and language."""
        style, palette = art_settings(self.app.settings)
        if (style, palette) != (self.sprites.style, self.sprites.palette):
            fresh = Sprites(style, palette)  # validates the names
            self.sprites.style, self.sprites.palette = fresh.style, fresh.palette
            self.chrome.invalidate()
            self.players.invalidate()
            self.still_world.forget()
        key = (float(self.app.ui_scale), language())
        if key != self._settings_key:
            self._settings_key = key
            self._size = None  # rebuild the geometry and the labels

    def recent_plays(self) -> tuple:
        """The plays since the on-screen player's own last decision (the kit's form)."""
        return self.kit.recent(self.play.view(), self._me())

    def _mark_phone_ghost(self, marks: Marks, lay, view, action) -> None:
        """UX-9: a phone's previewed play is shown face down where it would go (the face
        would show the room a tile of a hidden hand).  A preview the table cannot place is
        dropped and logged: nothing a phone sends may stop the table (issue 37)."""
        try:
            marks.ghost = self.kit.ghost(lay, view, action)
            marks.focused_target = self.kit.target(action)
            marks.ghost_face_down = True
        except Exception:  # noqa: BLE001
            log.exception("a phone's preview that the table cannot place: %s", action)
            marks.ghost, marks.focused_target = None, None
            phones = getattr(self.app, "phones", None)
            if phones is not None and phones.link is not None:
                phones.link.drop_preview(self.play.session.to_act(), "phone.error_failed")

    def _previewed_elsewhere(self):
        """The decision previewed on the phone of the seat to act (UX-1), or None."""
        phones = getattr(self.app, "phones", None)
        link = phones.link if phones is not None else None
        seat = self.play.session.to_act()
        if link is None or self.play.phase != AWAY or seat is None:
            return None
        return link.preview_for(seat)

    def _draw_thinking(self, surface, lay, view) -> None:
        """The computer to act is thinking: dots at its seat while it waits or searches."""
        play = self.play
        if play.phase != AWAY or play.delay <= 0 or self.motion.busy(self.clock):
            return
        if not (play.thinking or play.timer > 0.2 * play.delay):
            return
        seat = play.session.to_act()
        if seat is None:
            return
        point = self.kit.seat_point(lay, view, play, seat)
        name = self.kit.name_box(self.renderer, seat)
        if point is not None and name is not None:
            # issue 28: at the seat's point the dots sat on its name; just above the name now
            short = 32 * SEAT_SCALE * self.camera.draw_zoom
            draw_thinking(surface, (SCREEN, name.centerx, name.top - 2, short), self.clock,
                          anchor_mapper(self.camera))
            return
        if point is not None:
            draw_thinking(surface, (WORLD, point[0], point[1], 32 * SEAT_SCALE), self.clock,
                          anchor_mapper(self.camera))
            return
        row = self.kit.panel_point(play, seat, self.panel_u)  # the seats are in the panel
        if row is not None:
            right, y, h = row
            px, py = self._panel_pos()
            r = thinking_radius(h)
            # the dots' box (14 radii wide) stands 3 radii above its anchor: at the row's right
            # end, over the tile count while the seat thinks
            draw_thinking(surface, (SCREEN, px + right - 7 * r, py + y + 3 * r, h), self.clock,
                          anchor_mapper(self.camera))

    def _draw_players(self, surface, view) -> None:
        play = self.play
        key = (play.session.cursor, id(play.session.state), play.phase, self.panel_u, language())
        self.players.draw(surface, self._panel_pos(), play, view, self.panel_u, key)

    def _draw_reading(self, surface, view) -> None:
        """Issue 31: the table reading of the seat whose hand is shown (UX-4), when the
        setting is on; at the curtain it hides with the hand."""
        seat = self.play.hand_seat()
        if not self.app.settings.get("reading", False) or seat is None or view.seat != seat:
            return
        self.reading_boxes.clear(readable_px(self.app))
        self.reading_panel.draw(surface, self.reading_boxes, view, self.play.name,
                                max(readable_px(self.app), round(self.font_px * 0.8)), reading_rooms(self),
                                round(8 * self.u))

    def _draw_message(self, surface) -> None:
        lines = message_lines(self.play, self.play.focus == "table" and self.show_focus)
        vx, vy, vw, vh = self.camera.viewport
        y = vy + vh - self.rail - round(10 * self.u)
        pad = (round(24 * self.u), round(8 * self.u))
        for line, small in reversed(lines):
            img = pill(line, self.font_px - (3 if small else 0), (200, 206, 196) if small else (247, 241, 227),
                       pad=pad, width=vw - 40)
            box = img.get_rect(midbottom=(vx + vw // 2, y + pad[1] - pad[1] // 2))
            surface.blit(img, box)
            y = box.top - round(4 * self.u)
