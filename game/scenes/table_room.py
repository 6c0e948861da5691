"""The table scene's room: what every part of it stands on (issue 26, smaller rooms).

``TableRoom`` holds the scene's shared state (the play state, the kit, the camera,
the motion, the clock), the geometry laid out for the window's size, the kit's
layout of the table now, the hand's tile rectangles and the queries the input, the
drawing and the camera parts all ask (whose hand is shown, what the deal's end
reveals).  The parts are mixed in on top of it (``TableCamera``, ``TableButtons``,
``TableInput``, ``TableDrawing``); the chrome, the motion's staging, the sound cues
and the ticker are objects of their own.  Nothing here changes the match.
"""
from __future__ import annotations

from typing import Any

import pygame

from rules.actions import Action

from .. import assets
from .. import safe_area
from ..i18n import language, t
from ..motion import Motion
from ..play import CURTAIN, DEAL_END, MATCH_END, PlayState
from ..scene import Scene
from .camera_controls import CameraControls
from .table_sound import DueSounds
from .table_ticker import TICKER_LINES, TickerStrip
from ..table.camera import Camera
from ..table.layout import TILE_W
from ..table.hand import hand_rects
from ..table.render import FONT_LADDER, NAME_PX
from ..table.sprites import Sprites, top_of
from ..table.status import PlayersPanel
from ..table.text import text
from ..table.widgets import Button

#: The automatic view keeps a table tile's short side at least this many pixels times the
#: interface scale (1080p at 100%: 16 px, less than fit-all gives a full ten-seat table).
READABLE_SHORT_PX = 16
#: At a large interface size (``LARGE_UI`` and more: 150%, with a TV's view or not) the player
#: asked for a larger table: its tiles' short side at least this many pixels times the scale, 1.5 times the
#: interface's text (19 px at 100%), so that its pips read as its words do (issue 28 item 12: at
#: 200% on a 1024x600 screen the whole line was fitted no larger than at 100%; the README
#: promises tiles that grow, the view following the play).
LARGE_SHORT_PX = 28
LARGE_UI = 1.5
#: The table scene's chrome (the status bar, the buttons and hand trays, the ticker and the
#: camera buttons above the felt, the prompt below it) in design px at scale 1, as
#: ``_geometry`` lays it out, and the rails at their widest: the scale is capped so that a
#: felt of at least ``MIN_FELT_SHARE`` of the window's height remains (issue 28: a TV's view
#: at 200% left none at all, at every window size).
CHROME_DESIGN_H = 46 + (50 + 16 + 150) + (3 * (0.8 * 19 + 10) + 8) + 44
MIN_FELT_SHARE = 0.22
CAMERA_BUTTONS = ("zoom_in", "zoom_out", "magnify", "fit", "follow")


def art_settings(settings) -> tuple[str, str]:
    """Tile style (pips or numerals) and palette (standard or colour-blind safe)."""
    palette = settings.get("palette") or ("colour_blind" if settings.get("colour_blind") else "standard")
    return settings.get("tile_style", "auto"), palette


class TableRoom(CameraControls, Scene):
    """The table scene's shared state and geometry (see the module docstring)."""

    def __init__(self, app, play_state: PlayState) -> None:
        super().__init__(app)
        self.play = play_state
        self.kit = play_state.kit
        settings = app.settings
        self.sprites = Sprites(*art_settings(settings), top=top_of(play_state.session.config.game))
        self.sprites.backdrop_cached = True  # the felt is in the chrome's cached backdrop
        assets.warm_fonts(FONT_LADDER)  # the names' sizes as the view zooms, before any frame needs them
        #: The kit's drawer of the table's world (trains and station, or the line).
        self.renderer = self.kit.renderer(self.sprites)
        self.camera = Camera()
        self.clock = 0.0
        self.follow = False
        self.auto_fit = True  # refit when the table grows, until the player moves the view
        self.whole = False  # Fit all was pressed: the whole table, even with small tiles
        self.magnified = False  # Magnify shows the last play close up (issue 11)
        self._size: tuple[int, int] | None = None
        self.rail = 0  # the rail's width round the felt, px (set with the geometry)
        self.panel_u = 1.0  # the players panel's scale (see ``_panel_scale``)
        self.name_px = 0  # the floor of a seat name's size on the felt, px (set with the geometry)
        self._layout_key: tuple | None = None
        self._layout: Any = None  # the kit's layout (a train table, a line)
        self._last_bounds: tuple | None = None
        self._drag_mode: str | None = None  # "pan", "tile" or "none" for the drag in progress
        self.drag_tile = None
        self.drag_pos = None
        self.buttons: list[Button] = []
        self.camera_buttons: list[Button] = []
        self.curtain_button: Button | None = None
        self.hand_tiles: list = []
        self.hand_rect_list: list[pygame.Rect] = []
        self.hand_short = 40
        self.players = PlayersPanel(self.sprites, self.kit)
        self._arrived_at = -10.0
        self._settings_key: tuple | None = None
        self._reveal_wait = 0.0
        #: The keyboard cursor's rings are drawn while keys or a controller are in use, from
        #: the start if the last input (the menus') was a key or a pad (issue 11).
        recogniser = getattr(app, "input", None)
        self.show_focus = getattr(recogniser, "last_device", "mouse") in ("keyboard", "controller")
        #: Where the mouse pointer rests (HOVER intents; a touch clears it), and what is there.
        self.hover_pos: tuple[float, float] | None = None
        self.hovered: tuple | None = None
        self._buttons_key: tuple | None = None
        #: Tiles in flight and cues at the seats (issue 14): they show what already happened.
        self.motion = Motion()
        self._hand_shown: int | None = None  # whose hand the hand geometry is of
        self._preview_of: Action | None = None
        self._preview_since = 0.0
        #: The sounds waiting for their moment and the ticker of the last moves (issue 14).
        self.sounds = DueSounds()
        self.ticker_strip = TickerStrip()

    # ------------------------------------------------------------ geometry

    def _panel_scale(self, u: float, room: int) -> float:
        """The players panel's scale: the interface's, or less when ten seats at the TV's size
        would run past the table's height (issue 11: nothing cut off at any size)."""
        view = self.play.view()
        scale = u
        while scale > 0.5 * u and self.kit.render_panel(self.play, view, scale, self.sprites).get_height() > room:
            scale *= 0.92
        return scale

    def _ui(self, size: tuple[int, int]) -> float:
        w, h = size
        base = max(0.55, min(w / 1920, h / 1080))
        most = (h * (1 - MIN_FELT_SHARE) - 2 * assets.rail_px((w, h))) / CHROME_DESIGN_H
        return min(base * float(self.app.ui_scale), max(base, most))

    def _geometry(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        self._buttons_key = None  # the camera buttons are made anew below
        w, h = size
        u = self.u = self._ui(size)
        self.top_h = round(46 * u)
        self.btn_h = round(50 * u)
        self.hand_h = round(150 * u)
        self.bottom_h = self.btn_h + round(16 * u) + self.hand_h
        self.bottom = pygame.Rect(0, h - self.bottom_h, w, self.bottom_h)
        self.hand_panel = pygame.Rect(0, h - self.hand_h, w, self.hand_h)
        self.camera.set_viewport((0, self.top_h, w, h - self.top_h - self.bottom_h))
        self.font_px = max(11, round(19 * u))
        self.name_px = round(NAME_PX * u)
        cam_size = round(44 * u)
        vx, vy, vw, vh = self.camera.viewport
        # what stands on the felt stands inside its rail (the world is clipped to it)
        self.rail = rail = assets.rail_px((vw, vh))
        gap = round(8 * u)
        labels = {"zoom_in": "+", "zoom_out": "\u2212", "fit": t("table.fit"), "follow": t("table.follow"),
                  "magnify": t("tv.magnify")}
        x = w - gap - rail
        self.camera_buttons = []
        for bid in reversed(CAMERA_BUTTONS):
            bw = cam_size if bid.startswith("zoom") else max(cam_size, text(labels[bid], self.font_px).get_width() + 2 * gap)
            x -= bw
            self.camera_buttons.insert(0, Button(bid, pygame.Rect(x, vy + rail + gap, bw, cam_size), labels[bid]))
            x -= gap
        self.panel_u = self._panel_scale(u, vh - 2 * rail - round(60 * u))
        width = self.kit.panel_width(self.play, self.panel_u)
        pad = round(8 * u)
        # fit-all keeps the table clear of the players panel, the camera buttons and the message
        # ... and below the ticker of the last moves at the top (TICKER_LINES lines)
        self.ticker_px = max(10, round(self.font_px * 0.8))
        ticker_h = TICKER_LINES * (self.ticker_px + round(10 * u)) + round(8 * u)
        self.camera.safe = (width + 2 * pad + rail, max(cam_size + 2 * gap, ticker_h) + rail, rail,
                            round(44 * u) + rail)
        self._last_bounds = None

    def _layout_now(self):
        """The kit's layout of the table now, computed before drawing and hit-testing."""
        view = self.play.view()
        # where the seats sit is chosen at the plain readable size: at a large interface size the
        # camera then follows the line's ends at its larger floor, the seats a pan away
        felt = self.camera.felt(self._readable_zoom(large=False))
        # the reveal draws the table the deal ended with, at the same cursor as the next deal;
        # the felt, not the window's size: the interface size changes it too
        key = (self.play.session.cursor, id(self.play.session.state), view.seat, self.play.phase == DEAL_END, felt)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = self.kit.layout(view, self.play, felt)
        return self._layout

    def _readable_zoom(self, large: bool = True) -> float:
        """The automatic view's floor: tiles ``READABLE_SHORT_PX`` times the scale
        (with ``large``, ``LARGE_SHORT_PX`` at a large interface size).  The kit
        lays the table out for the clear felt at it (``camera.felt``): on a TV that is a wide
        strip, and a line laid out for the whole viewport's shape overflowed it."""
        # the player's own interface size, not the TV's: a TV at 100% keeps every seat in view
        large = large and float(self.app.settings.get("ui_scale", 1.0) or 1.0) >= LARGE_UI
        return (LARGE_SHORT_PX if large else READABLE_SHORT_PX) * self.u / TILE_W

    def _ensure_geometry(self) -> None:
        if self._size is None:
            self._geometry(self._surface_size())
            self._build_buttons()

    def _surface_size(self) -> tuple[int, int]:
        return safe_area.safe_rect(self.app.settings, self.app.screen.get_size()).size

    def _hand_geometry(self) -> None:
        """Where the on-screen hand's tiles stand, from the play state now (none when hidden)."""
        tiles = self.play.hand() if self.play.phase != CURTAIN else []
        rects, short = hand_rects(self.hand_panel, len(tiles), max(12, round(56 * self.u)))
        self.hand_tiles, self.hand_rect_list, self.hand_short = tiles, rects, short
        self._hand_shown = self.play.hand_seat() if tiles else None

    def _hit_geometry(self) -> None:
        """The buttons and the hand as the state is now: a press is hit-tested against what
        the next frame will show, never against what an earlier frame left behind."""
        self._ensure_geometry()
        self._build_buttons()
        self._hand_geometry()

    # ------------------------------------------------------------ what the parts ask

    def _me(self) -> int | None:
        return self.play.hand_seat() or self.play.curtain_for

    def _active_seat(self) -> int | None:
        """Whose turn it is, for the felt (issue 11); none at a deal's end or the curtain."""
        if self.play.phase in (DEAL_END, MATCH_END, CURTAIN):
            return None
        return self.play.session.to_act()

    def revealed_hands(self) -> tuple | None:
        """UX-3: every hand left at the deal's (hand's) end, by seat, once the score screen
        that reveals them is up over the table (so "Look at the table" shows them face up
        too, issue 28); None before the deal is over, and while its last play still lands."""
        play = self.play
        if play.phase not in (DEAL_END, MATCH_END) or self.app.stack.top is self:
            return None
        if getattr(self.app.stack.top, "turn", 1.0) < 1.0:
            return None  # the score screen's hands are still turning over: the table follows
        info = play.last_deal_end()
        return info.hands if info is not None else None

    def _revealed_row(self) -> tuple[int, tuple] | None:
        """The seat whose revealed hand the bottom tray shows at a deal's end, and its tiles: the
        seat at the bottom of the felt (the line games), else the device's last holder."""
        hands = self.revealed_hands()
        if hands is None:
            return None
        play = self.play
        seat = self.kit.bottom_seat(play)
        if seat is None or not 0 < seat < len(hands):
            return None
        return seat, tuple(sorted(hands[seat]))

    def _play_key(self) -> tuple:
        """Everything of the play state the buttons and the status bar show."""
        play = self.play
        return (self._size, self.show_focus, play.session.cursor, id(play.session.state), play.phase, play.selected,
                play.pending, play.pending_is_hint, play.focus, play.focus_index, play.sort_mode,
                play.viewer, play.curtain_for, play.curtain_ready(), play.message and (play.message[0], tuple(sorted(
                    (k, str(v)) for k, v in play.message[1].items()))), language(), self.u)

    def _panel_pos(self) -> tuple[int, int]:
        """The players panel's top left corner, on the felt inside its rail."""
        pad = round(8 * self.u)
        return pad + self.rail, self.camera.viewport[1] + pad + self.rail

    # ------------------------------------------------------------ the parts' own (mixed in over the room)

    def _build_buttons(self) -> None:
        """``TableButtons``: the buttons as the play state is now."""
        raise NotImplementedError

    def hover_at(self, pos) -> tuple | None:
        """``TableInput``: what the mouse pointer at ``pos`` would press."""
        raise NotImplementedError

    def snap_target(self, pos):
        """``TableInput``: the lit target a tile dragged to ``pos`` goes to, or None."""
        raise NotImplementedError

    def _fit(self, lay, animate: bool) -> None:
        """``TableCamera``: the automatic view of the layout ``lay``."""
        raise NotImplementedError
