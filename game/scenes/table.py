"""The table scene: the trains, the hand, the buttons and the status (issue 5).

It draws the play state and turns intents into requests to it; every change
to the match happens in ``PlayState`` through the rules API.  Zooming and
panning only move the camera (UX-7).  Everything drawn comes from the view of
the seat on screen (``PlayState.view``); hands other than the viewer's are
never drawn face up, and at the curtain (UX-3) no hand is drawn at all.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from rules.actions import Action

from .. import assets
from .. import intents as I
from .. import safe_area
from ..i18n import language, t
from .. import cues as C
from .. import ticker
from ..table.kit import Marks
from ..motion import SCREEN, WORLD, Flight, Motion, anchor_mapper, draw_thinking, thinking_radius
from ..staging import SEAT_SCALE, HandShot, flight_seconds, stage
from ..play import COMPUTER, CURTAIN, DEAL_END, MATCH_END, PREVIEW, PlayState
from ..scene import Scene
from .camera_controls import CameraControls
from ..seats import seat_colour
from ..table.camera import Camera
from ..table.layout import TILE_W
from ..table.hand import SELECT_RAISE, draw_hand, hand_rects
from ..table.render import ARRIVAL_S, DARK, FONT_LADDER, NAME_PX
from ..table.sprites import Sprites, top_of
from ..table.prompts import message_lines
from ..table.status import PlayersPanel, draw_status_bar
from ..table.text import fit, pill, text
from ..table.widgets import Button, row_of_buttons

KEY_PAN_PX = 80
#: A dragged tile snaps onto a lit target within this many tile lengths of the pointer.
SNAP_TILES = 1.2
#: Seconds a dropped tile takes to spring back to its slot in the hand.
SPRING_S = 0.25
#: Lines of the ticker of the last moves at the table's top (issue 14).
TICKER_LINES = 3
#: Intents that skip the motion in progress to its end (any key or click); they then act as usual.
SKIPS = frozenset({I.TAP, I.CONFIRM, I.CANCEL, I.UNDO, I.REDO, I.HINT, I.MENU})
#: Key and pad intents that show the keyboard cursor's ring (a hint by key puts it on Confirm).
CURSOR_KEYS = frozenset({I.MOVE, I.CONFIRM, I.CANCEL, I.HINT, I.SORT, I.UNDO, I.REDO})
#: Design px at the foot of the tray kept clear of a revealed hand (UX-3): the score screen,
#: stepped aside to look at the table, puts its "Back to the scores" button there.
REVEAL_FOOT = 72
#: Seconds the table shows the deal's last play before the deal-end reveal covers it.
REVEAL_DELAY_S = 0.9
#: Seconds a preview's ghost pulses before the table may rest with it still.
PULSE_S = 3.0
#: The automatic view keeps a table tile's short side at least this many pixels times the
#: interface scale (1080p at 100%: 16 px, less than fit-all gives a full ten-seat table).
READABLE_SHORT_PX = 16
CAMERA_BUTTONS = ("zoom_in", "zoom_out", "magnify", "fit", "follow")
#: How much closer Magnify brings the last play than the view it starts from, at least.
MAGNIFY_FACTOR = 2.0
MAGNIFY_MIN_ZOOM = 1.6
BUTTON_TEXT = {
    "confirm": "table.confirm", "cancel": "table.cancel", "hint": "table.hint",
    "undo": "table.undo", "redo": "table.redo", "menu": "table.menu",
}


class TableScene(CameraControls, Scene):
    #: The match's clock runs while this scene is on top (App.tick_match, UX-5).
    runs_match = True
    #: The backdrop (and the TV's rail round the safe area) covers the whole window.
    opaque = True

    def __init__(self, app, play_state: PlayState) -> None:
        super().__init__(app)
        self.play = play_state
        self.kit = play_state.kit
        settings = app.settings
        self.sprites = Sprites(*self._art_settings(settings), top=top_of(play_state.session.config.game))
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
        self._history_len = 0
        self._drag_mode: str | None = None  # "pan", "tile" or "none" for the drag in progress
        self.drag_tile = None
        self.drag_pos = None
        self.buttons: list[Button] = []
        self.camera_buttons: list[Button] = []
        self.curtain_button: Button | None = None
        self.hand_tiles: list = []
        self.hand_rect_list: list[pygame.Rect] = []
        self.hand_short = 40
        self._last_hand_count = 0
        self.players = PlayersPanel(self.sprites, self.kit)
        self._arrived_at = -10.0
        self._settings_key: tuple | None = None
        self._deal_seen: tuple[int, int] | None = None
        self._reveal_wait = 0.0
        #: The keyboard cursor's rings are drawn while keys or a controller are in use, from
        #: the start if the last input (the menus') was a key or a pad (issue 11).
        recogniser = getattr(app, "input", None)
        self.show_focus = getattr(recogniser, "last_device", "mouse") in ("keyboard", "controller")
        #: Where the mouse pointer rests (HOVER intents; a touch clears it), and what is there.
        self.hover_pos: tuple[float, float] | None = None
        self.hovered: tuple | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_key: tuple | None = None
        self._buttons_key: tuple | None = None
        #: Tiles in flight and cues at the seats (issue 14): they show what already happened.
        self.motion = Motion()
        self._history_state: int | None = None  # id of the session state the history length is of
        self._hand_shown: int | None = None  # whose hand the hand geometry is of
        self._preview_of: Action | None = None
        self._preview_since = 0.0
        #: Sounds waiting for their moment (a tile's click when it lands): (clock, cue).
        self._due_sounds: list[tuple[float, str]] = []
        self._setup_was: Any = None  # the start step waiting for its confirm last frame (MT-4)
        self._setup_cursor = -1
        self._ticker_key: tuple | None = None
        self._ticker_lines: list[str] = []

    # ------------------------------------------------------------ geometry

    @staticmethod
    def _art_settings(settings) -> tuple[str, str]:
        """Tile style (pips or numerals) and palette (standard or colour-blind safe)."""
        palette = settings.get("palette") or ("colour_blind" if settings.get("colour_blind") else "standard")
        return settings.get("tile_style", "auto"), palette

    def _sync_settings(self) -> None:
        """Settings can change while the table is open: art, UI scale and language."""
        style, palette = self._art_settings(self.app.settings)
        if (style, palette) != (self.sprites.style, self.sprites.palette):
            fresh = Sprites(style, palette)  # validates the names
            self.sprites.style, self.sprites.palette = fresh.style, fresh.palette
            self._chrome_key = None
            self.players.invalidate()
        key = (float(self.app.ui_scale), language())
        if key != self._settings_key:
            self._settings_key = key
            self._size = None  # rebuild the geometry and the labels

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
        return base * float(self.app.ui_scale)

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
        felt = self.camera.felt(self._readable_zoom())
        # the reveal draws the table the deal ended with, at the same cursor as the next deal;
        # the felt, not the window's size: the interface size changes it too
        key = (self.play.session.cursor, id(self.play.session.state), view.seat, self.play.phase == DEAL_END, felt)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = self.kit.layout(view, self.play, felt)
        return self._layout

    def _readable_zoom(self) -> float:
        """The automatic view's floor: tiles ``READABLE_SHORT_PX`` times the scale.  The kit
        lays the table out for the clear felt at it (``camera.felt``): on a TV that is a wide
        strip, and a line laid out for the whole viewport's shape overflowed it."""
        return READABLE_SHORT_PX * self.u / TILE_W

    # ------------------------------------------------------------ buttons

    def _button_label(self, bid: str) -> str:
        if bid == "sort":
            return t("table.sort_" + self.play.sort_mode)
        if bid in BUTTON_TEXT:
            return t(BUTTON_TEXT[bid])
        return self.kit.button_label(bid, self.play)

    def _build_buttons(self) -> None:
        """The bottom row, the curtain's button and the camera buttons' states, rebuilt only
        when the play state changed (a frame costs a few full-screen blits, issue 14); what
        the pointer hovers is looked at every frame, the camera moving under it."""
        key = (self._play_key(), self.follow, self.magnified)
        if key != self._buttons_key:
            self._buttons_key = key
            self._lay_buttons()
        self.hovered = self.hover_at(self.hover_pos)
        for b in self.buttons + self.camera_buttons + ([self.curtain_button] if self.curtain_button else []):
            b.hover = self.hovered == ("button", b.id)

    def _lay_buttons(self) -> None:
        assert self._size is not None  # laid out with the geometry
        w = self._size[0]
        gap = round(8 * self.u)
        area = pygame.Rect(gap, self.bottom.y + round(8 * self.u), w - 2 * gap, self.btn_h)
        play = self.play
        shown = play.button_ids() if play.humans else ["menu"]  # a demo has nothing to decide
        self.buttons = row_of_buttons([(b, self._button_label(b)) for b in shown], area,
                                      self.btn_h, gap, size=self.font_px, min_w=round(70 * self.u))
        focus_btn = play.focused() if play.focus == "buttons" and self.show_focus else None
        for b in self.buttons:
            b.enabled = play.button_enabled(b.id)
            b.focused = b.id == focus_btn
            b.lit = play.phase == PREVIEW and play.pending is not None and play.pending == play.decision(b.id)
            b.primary = b.id == "confirm"
        self.curtain_button = None
        if play.phase == CURTAIN and play.curtain_for is not None:
            label = t("table.show_hand", name=play.name(play.curtain_for))
            bw = max(round(320 * self.u), text(label, self.font_px + 4).get_width() + round(60 * self.u))
            bh = round(60 * self.u)
            r = pygame.Rect(0, 0, bw, bh)
            r.center = (w // 2, self.hand_panel.centery + round(12 * self.u))
            # dimmed until its guard time is over: no press meant for the screen before lifts it (UX-3)
            self.curtain_button = Button("show_hand", r, label, primary=True, focused=True,
                                         enabled=play.curtain_ready())
        for b in self.camera_buttons:
            b.lit = b.id == "follow" and self.follow or b.id == "magnify" and self.magnified

    def hover_at(self, pos) -> tuple | None:
        """What the mouse pointer at ``pos`` would press: ("button", id), ("tile", tile) for a
        playable hand tile, ("target", train) for a lit train, or None."""
        if pos is None:
            return None
        play = self.play
        extra = [self.curtain_button] if self.curtain_button is not None else []
        for b in self.camera_buttons + extra + ([] if play.phase == CURTAIN else self.buttons):
            if b.hit(pos):
                return ("button", b.id) if b.enabled else None
        if not play.my_turn():
            return None
        tile = self._hand_tile_at(pos)
        if tile is not None:
            return ("tile", tile) if tile in play.playable_tiles() else None
        if play.selected is not None and self.camera.contains(*pos):
            key = self.target_at(pos)
            if key is not None:
                return ("target", key)
        return None

    # ------------------------------------------------------------ intents

    def handle(self, intent: I.Intent) -> None:
        # An intent can arrive before the first frame drew this scene (a resumed match
        # and a key in the same frame): every handler needs the geometry.
        if intent.kind == I.HOVER and intent.pos is not None:
            self.show_focus = False  # the mouse in use: its highlight alone, no keyboard ring too
        local = safe_area.pointer(self, intent)
        if local is None:
            return
        intent = local
        self._ensure_geometry()
        kind = intent.kind
        play = self.play
        if kind in CURSOR_KEYS and intent.device in ("keyboard", "controller"):
            # the cursor shows once the keys are used; the resting pointer's highlight goes
            # until the mouse moves again: one thing drawn focused, never two (issue 28)
            self.show_focus = True
            self.hover_pos = None
        elif kind in (I.TAP, I.DRAG) and intent.device in ("mouse", "touch"):
            self.show_focus = False
        if kind in SKIPS and self.motion.active(self.clock):
            self.motion.skip(self.clock)  # any key or click: every tile at once where it lies now
        if kind in (I.TAP, I.DRAG, I.DRAG_END):
            self._hit_geometry()
        if kind == I.TAP and intent.pos is not None:
            self.tap(intent.pos, intent.began)
        elif kind == I.DRAG and intent.pos is not None:
            self.drag(intent.pos, intent.delta)
        elif kind == I.DRAG_END:
            self.drag_end(intent.pos)
        elif self.camera_intent(intent):
            pass
        elif kind == I.MOVE and intent.direction:
            if play.focus == "table":
                self._key_pan(intent.direction)  # the table has focus: arrows move it; Enter/Esc leave
            elif play.phase in (CURTAIN, COMPUTER, DEAL_END, MATCH_END) or not play.my_turn():
                self._key_pan(intent.direction)
            else:
                play.move(intent.direction)
                self._show_focused_target()
        elif kind == I.CONFIRM:
            if play.focus == "table" and play.phase != PREVIEW and play.phase != CURTAIN:
                play.focus_hand()
            else:
                self._request(play.activate(intent.began))
                self._show_focused_target()
        elif kind == I.CANCEL:
            if play.focus == "table":
                play.focus_hand()
            play.cancel()
        elif kind == I.UNDO:
            play.undo()
        elif kind == I.REDO:
            play.redo()
        elif kind == I.HINT:
            play.hint()
            self._show_focused_target()
        elif kind == I.SORT:
            play.sort()
        elif kind == I.MENU:
            self._request("menu")
        elif kind == I.RULES:
            self.app.open_rules()
        elif kind == I.LOG:  # issue 11: a pad's Back asks rules or log; L opens the log
            self.app.open_back_menu() if intent.device == "controller" else self.app.open_log()
        elif kind == I.RESIZE:
            self._size = None

    def _request(self, what: str | None) -> None:
        if what == "menu":
            self.app.open_menu()

    def _user_moved(self) -> None:
        self.auto_fit = False
        self.whole = False
        self.magnified = False

    def _key_pan(self, direction: str) -> None:
        dx, dy = {"left": (1, 0), "right": (-1, 0), "up": (0, 1), "down": (0, -1)}[direction]
        self._user_moved()
        self.camera.pan(dx * KEY_PAN_PX * self.u, dy * KEY_PAN_PX * self.u)

    def fit(self) -> None:
        """Fit all: the whole table, however small its tiles (until the view is moved)."""
        self.auto_fit = True
        self.whole = True
        self._fit(self._layout_now(), animate=True)

    def magnify(self) -> None:
        """Issue 11: the last play (or, before any, the seat to act) close up, to count its
        pips from the couch; pressed again, the automatic view comes back."""
        if self.magnified:
            self.magnified = False
            self.auto_fit, self.whole = True, False
            self._fit(self._layout_now(), animate=True)
            return
        lay, view = self._layout_now(), self.play.view()
        point = self.kit.follow_point(lay, view, None)
        seat = self.play.session.to_act()
        if point is None and seat is not None:
            point = self.kit.seat_point(lay, view, self.play, seat)
        if point is None:
            return
        self._user_moved()
        self.magnified = True
        zoom = max(self.camera.draw_zoom * MAGNIFY_FACTOR, MAGNIFY_MIN_ZOOM)
        self.camera.follow(point, min_zoom=zoom)

    def _fit(self, lay, animate: bool) -> None:
        """The automatic view: the whole table, but at a large interface size or on a TV never
        with tiles below ``READABLE_SHORT_PX`` times the scale (the table grows with the
        interface); then it centres on the last play.  Fit all shows everything."""
        floor = None if self.whole else self._readable_zoom()
        focus = self.kit.follow_point(lay, self.play.view(), self._me()) if floor else None
        self.camera.fit(lay.content, animate=animate, min_zoom=floor, focus=focus)

    def tap(self, pos, began: float | None = None) -> None:
        """A click or tap at ``pos``: the curtain, a button, a hand tile or a target train.

        ``began`` is when the press began: the curtain only lifts for a fresh one (UX-3)."""
        self._ensure_geometry()
        play = self.play
        for b in self.camera_buttons:
            if b.hit(pos):
                self.press_camera(b.id)
                return
        if play.phase == CURTAIN:
            if self.curtain_button and self.curtain_button.hit(pos) or self.bottom.collidepoint(pos):
                play.reveal(began)
            elif any(b.hit(pos) and b.id == "menu" for b in self.buttons):
                self._request("menu")
            return
        for b in self.buttons:
            if b.hit(pos):
                self._request(play.press(b.id))
                return
        tile = self._hand_tile_at(pos)
        if tile is not None:
            play.tap_tile(tile)
            return
        if self.camera.contains(*pos) and play.selected is not None:
            key = self.target_at(pos)
            if key is not None:
                play.tap_target(key)

    def drag(self, pos, delta) -> None:
        """A drag that starts on the table pans it (UX-7); one that starts on a playable
        hand tile carries the tile, and dropping it on a lit train previews the play (UX-1)."""
        if self._drag_mode is None:
            start = (pos[0] - delta[0], pos[1] - delta[1])
            tile = self._hand_tile_at(start)
            if tile is not None and self.play.my_turn() and tile in self.play.playable_tiles():
                self._drag_mode = "tile"
                if self.play.selected != tile:
                    self.play.tap_tile(tile)
                if self.play.phase == PREVIEW and self.play.pending is not None and self.play.pending.kind == "play":
                    self.play.cancel()  # the drop decides the target
                self.drag_tile = tile
            elif self.camera.contains(*start):
                self._drag_mode = "pan"
            else:
                self._drag_mode = "none"
        if self._drag_mode == "pan":
            self._user_moved()
            self.camera.pan(*delta)
        elif self._drag_mode == "tile":
            self.drag_pos = pos

    def drag_end(self, pos) -> None:
        """Dropped on or near a lit target: the play's preview (UX-1); anywhere else the tile
        springs back to its place in the hand (issue 14)."""
        if self._drag_mode == "tile" and pos is not None:
            key = self.snap_target(pos)
            if key is not None:
                self.play.tap_target(key)
            elif self.drag_tile is not None and self.play.hand_seat() is not None:
                self._spring_back(self.drag_tile, pos)
        self._drag_mode = None
        self.drag_tile = None
        self.drag_pos = None

    def snap_target(self, pos):
        """The lit target a tile dragged to ``pos`` goes to: the one under it, else the
        nearest within ``SNAP_TILES`` tile lengths (a finger need not be exact); or None."""
        if not self.camera.contains(*pos):
            return None
        key = self.target_at(pos)
        if key is not None:
            return key
        lay = self._layout_now()
        reach = max(48.0, SNAP_TILES * 2 * TILE_W * self.camera.draw_zoom)
        best = None
        for key in self.play.targets():
            x, y, w, h = self.camera.world_rect_to_screen(self.kit.target_rect(lay, key))
            d = math.hypot(pos[0] - (x + w / 2), pos[1] - (y + h / 2))
            if d < reach:
                best, reach = key, d
        return best

    def _spring_back(self, tile, pos) -> None:
        slot = next((r.center for t_, r in zip(self.hand_tiles, self.hand_rect_list) if t_ == tile), None)
        if slot is None:
            return
        self.motion.add(Flight((min(tile), max(tile)), (tile[0], tile[1]), (SCREEN, pos[0], pos[1], self.hand_short),
                               (SCREEN, slot[0], slot[1], self.hand_short), True, True, self.clock, SPRING_S,
                               lands_in="hand"))

    def _hand_tile_at(self, pos):
        for tile, rect in zip(self.hand_tiles, self.hand_rect_list):
            raised = rect.move(0, -round(rect.height * SELECT_RAISE)) if tile == self.play.selected else rect
            if raised.collidepoint(pos) or rect.collidepoint(pos):
                return tile
        return None

    def target_at(self, pos):
        """The legal target under a screen point (the kit hit-tests its own layout)."""
        wx, wy = self.camera.screen_to_world(*pos)
        return self.kit.target_at(self._layout_now(), self.play, wx, wy)

    def _show_focused_target(self) -> None:
        play = self.play
        if play.focus == "targets":
            key = play.focused()
            if key is not None:
                self.camera.ensure_visible(self.kit.target_rect(self._layout_now(), key))

    # ------------------------------------------------------------ update

    def _ensure_geometry(self) -> None:
        if self._size is None:
            self._geometry(self._surface_size())
            self._build_buttons()

    def _surface_size(self) -> tuple[int, int]:
        return safe_area.safe_rect(self.app.settings, self.app.screen.get_size()).size

    def update(self, dt: float) -> None:
        self.clock += dt
        play = self.play  # its clock is the App's to tick (App.tick_match)
        self.camera.update(dt)
        self.motion.prune(self.clock)
        self._after_setup()
        self._after_change()
        self._play_due_sounds()
        self._reveal_wait = self._reveal_wait + dt if play.phase == DEAL_END else 0.0
        if play.pending != self._preview_of:
            self._preview_of, self._preview_since = play.pending, self.clock
        if self.app.stack.top is self:
            if play.phase == DEAL_END and self._reveal_wait >= REVEAL_DELAY_S:
                # the last play lands on the table first, then every hand is revealed
                self.app.show_deal_end(play, self)
            elif play.phase == MATCH_END:
                self.app.show_match_end(play, self)

    def _after_change(self) -> None:
        history = self.play.view().history
        state = id(self.play.session.state)
        if len(history) != self._history_len or state != self._history_state:
            grew = len(history) > self._history_len and state == self._history_state
            new_events = history[self._history_len:] if grew else ()
            self._history_len = len(history)
            self._history_state = state
            if not grew or self.play.phase in (DEAL_END, MATCH_END):
                self.motion.clear()  # undo, redo, a restart, a deal's end: the state shows at once
                self._due_sounds.clear()
            if self._size is None:
                return
            lay = self._layout_now()
            deal = (self.play.view().match_no, self.play.view().deal_no)
            if deal != self._deal_seen:
                self._deal_seen = deal
                self.auto_fit = True  # a fresh deal starts with the whole (empty) table in view
                self.magnified = False
            if self.auto_fit and lay.content != self._last_bounds:
                self._last_bounds = lay.content
                self._fit(lay, animate=True)
            landing = self._stage(new_events, lay) if grew else None
            if grew:
                self._sound(new_events, landing)
            if grew and any(e.kind == "play" for e in history[-3:]):  # a play (maybe + unmark, deal end)
                self._arrived_at = landing if landing is not None else self.clock
            if grew and self.follow:
                self._follow_last()
            elif grew:
                rect = self.kit.must_see(lay, self.play.view(), self.play)
                if rect is not None:  # the player must cover a double: make sure it is on screen
                    self.camera.ensure_visible(rect)

    def _stage(self, events, lay) -> float | None:
        """The motion of the events just added (game.staging): from the hand as it stood on
        screen until now, to the hand as the change left it."""
        before = HandShot(self._hand_shown, tuple(self.hand_tiles), tuple(self.hand_rect_list), self.hand_short)
        self._hand_geometry()
        after = HandShot(self._hand_shown, tuple(self.hand_tiles), tuple(self.hand_rect_list), self.hand_short)
        self.motion.prune(self.clock)
        return stage(self.motion, events, self.clock, kit=self.kit, lay=lay, view=self.play.view(), play=self.play,
                     before=before, after=after, seconds=flight_seconds(self.play.delay),
                     reduced=bool(self.app.settings.get("reduced_motion", False)))

    def _previewed_elsewhere(self):
        """The decision previewed on the phone of the seat to act (UX-1), or None."""
        phones = getattr(self.app, "phones", None)
        link = phones.link if phones is not None else None
        seat = self.play.session.to_act()
        if link is None or self.play.phase != COMPUTER or seat is None:
            return None
        preview = link.previews.get(seat)
        return preview[0] if preview is not None else None

    def resting(self) -> bool:
        """Nothing moves: a human is thinking at a still table (issue 14: the program rests).
        The curtain rests once its button is lit; a preview once its ghost has pulsed a while."""
        play = self.play
        if not play.humans or (play.phase == COMPUTER and not play.paused):
            return False
        if play.phase in (DEAL_END, MATCH_END) and self.app.stack.top is self:
            return False  # the score screen is about to come up
        if self.motion.active(self.clock) or self.camera.moving or self._drag_mode is not None:
            return False
        if self.clock - self._arrived_at < ARRIVAL_S:
            return False
        if play.phase == CURTAIN and not play.curtain_ready():
            return False
        return not (play.phase == PREVIEW and self.clock - self._preview_since < PULSE_S)

    def _after_setup(self) -> None:
        """The engine just placed by its holder at the device flies from the hand (MT-4)."""
        setup = self.play.setup
        was, self._setup_was = self._setup_was, setup
        if was is None or setup is not None or was.tile is None or self.play.session.cursor != self._setup_cursor:
            self._setup_cursor = self.play.session.cursor
            return
        slot = next((r.center for t_, r in zip(self.hand_tiles, self.hand_rect_list) if t_ == was.tile), None)
        seconds = flight_seconds(self.play.delay)
        if slot is None or seconds <= 0 or self.app.settings.get("reduced_motion", False):
            return
        e = was.tile[0]
        self.motion.add(Flight((e, e), (e, e), (SCREEN, slot[0], slot[1], self.hand_short),
                               (WORLD, *self.kit.pile_point(self._layout_now()), TILE_W), True, False,
                               self.clock, seconds))

    def _sound(self, events, landing: float | None) -> None:
        """The sounds of the entries just applied (game.cues): a tile's click when it lands,
        the rest at once; the soft turn cue when a human is to decide next."""
        entries = sum(1 for e in events if e.kind in C.OPENING)
        cues = C.cues_since(self.play.view().history, entries) if entries else []
        cues += C.turn_cue(self.play.session, self.play.humans)
        at = landing if landing is not None else self.clock
        for cue in cues:
            self._due_sounds.append((at if cue in (C.PLACE, C.DOUBLE) else self.clock, cue))

    def _play_due_sounds(self) -> None:
        audio = getattr(self.app, "audio", None)
        due = [cue for when, cue in self._due_sounds if when <= self.clock]
        self._due_sounds = [(when, cue) for when, cue in self._due_sounds if when > self.clock]
        if audio is not None and due:
            audio.play_all(due)

    def ticker_lines(self) -> list[str]:
        """The last moves at the table in words (game.ticker), oldest first; none in a demo's
        deal end or at the curtain (the words need no hiding, but the curtain shows nothing)."""
        play = self.play
        if play.phase == CURTAIN:
            return []
        history = play.view().history
        key = (len(history), id(play.session.state), language())
        if key != self._ticker_key:
            self._ticker_key = key
            names = [play.name(s) for s in range(1, len(play.seats) + 1)]
            self._ticker_lines = ticker.recent(history, play.session.game, names, TICKER_LINES)
        return self._ticker_lines

    def _draw_ticker(self, surface) -> None:
        lines = self.ticker_lines()
        if not lines:
            return
        vx, vy, vw, vh = self.camera.viewport
        # between the players panel and the camera buttons, above the table (camera.safe)
        left = vx + self.camera.safe[0]
        right = min((b.rect.left for b in self.camera_buttons), default=vx + vw) - round(8 * self.u)
        centre = (left + right) // 2
        width = max(40, right - left - round(24 * self.u))
        y = vy + self.rail + round(8 * self.u)
        pad = (round(16 * self.u), round(4 * self.u))
        for i, line in enumerate(lines):
            newest = i == len(lines) - 1
            img = pill(line, self.ticker_px, (247, 241, 227) if newest else (188, 196, 186), pad=pad, width=width)
            box = img.get_rect(midtop=(centre, y - pad[1] // 2))
            surface.blit(img, box)
            y = box.bottom + round(2 * self.u)

    @property
    def showing_move(self) -> bool:
        """A tile is still travelling: the computers wait for it (App.tick_match, issue 14)."""
        return self.motion.busy(self.clock)

    def _follow_last(self) -> None:
        point = self.kit.follow_point(self._layout_now(), self.play.view(), self._me())
        if point is not None:
            self.camera.follow(point)

    def _me(self) -> int | None:
        return self.play.hand_seat() or self.play.curtain_for

    def recent_plays(self) -> tuple:
        """The plays since the on-screen player's own last decision (the kit's form)."""
        return self.kit.recent(self.play.view(), self._me())

    # ------------------------------------------------------------ drawing

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
            self._history_len = len(view.history)
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
        if away is not None and away.kind == "play":  # issue 27: the room sees what is coming
            marks.ghost = self.kit.ghost(lay, view, away)
            marks.focused_target = self.kit.target(away)
        self._draw_chrome(surface, view)  # the felt too: the world is drawn onto it
        self.kit.draw_world(self.renderer, surface, self.camera, lay, view, play, marks, self.clock)
        self._draw_players(surface, view)
        for b in self.camera_buttons:
            b.draw(surface, self.font_px)
        self._draw_message(surface)
        self._draw_ticker(surface)
        if self.app.stack.top is self:  # under a score screen or a menu the table stands still
            self.motion.draw(surface, self.clock, self.camera, self.sprites)
            self._draw_thinking(surface, lay, view)
        if snapped is None and self.drag_tile is not None and self.drag_pos is not None and play.hand_seat() is not None:
            t_ = self.drag_tile
            sprite = self.sprites.face(t_[0], t_[1], self.hand_short, True)
            surface.blit(sprite, sprite.get_rect(center=(round(self.drag_pos[0]), round(self.drag_pos[1]))))

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
        bottom = getattr(self.kit, "bottom_seat", None)
        seat = bottom(play) if bottom is not None else (
            play.viewer or play.holder or play.curtain_for or (play.humans[0] if play.humans else None))
        if seat is None or not 0 < seat < len(hands):
            return None
        return seat, tuple(sorted(hands[seat]))

    def _active_seat(self) -> int | None:
        """Whose turn it is, for the felt (issue 11); none at a deal's end or the curtain."""
        if self.play.phase in (DEAL_END, MATCH_END, CURTAIN):
            return None
        return self.play.session.to_act()

    def _draw_thinking(self, surface, lay, view) -> None:
        """The computer to act is thinking: dots at its seat while it waits or searches."""
        play = self.play
        if play.phase != COMPUTER or play.delay <= 0 or self.motion.busy(self.clock):
            return
        if not (play.thinking or play.timer > 0.2 * play.delay):
            return
        seat = play.session.to_act()
        if seat is None:
            return
        point = self.kit.seat_point(lay, view, play, seat)
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

    def _chrome_state(self) -> tuple:
        return (self._play_key(), self.hovered, self.motion.hidden(self.clock, "hand"), self._revealed_row())

    def _play_key(self) -> tuple:
        """Everything of the play state the buttons and the status bar show."""
        play = self.play
        return (self._size, self.show_focus, play.session.cursor, id(play.session.state), play.phase, play.selected,
                play.pending, play.pending_is_hint, play.focus, play.focus_index, play.sort_mode,
                play.viewer, play.curtain_for, play.curtain_ready(), play.message and (play.message[0], tuple(sorted(
                    (k, str(v)) for k, v in play.message[1].items()))), language(), self.u)

    def _draw_chrome(self, surface, view) -> None:
        """The backdrop: the felt and its rail, the status bar and the bottom panel (buttons,
        hand or curtain).

        They only change when the play state does, so they are drawn into one cached
        surface and copied in one full-window blit a frame, the world then drawn onto it
        (issue 14: a frame within a few full-screen blits; NOTES.md: 4K frames cannot
        afford every rounded button every frame).
        """
        key = (self._chrome_state(), self.camera.viewport)
        if self._chrome is None or self._chrome.get_size() != surface.get_size() or key != self._chrome_key:
            if self._chrome is None or self._chrome.get_size() != surface.get_size():
                self._chrome = pygame.Surface(surface.get_size()).convert(surface) \
                    if pygame.display.get_surface() is not None else pygame.Surface(surface.get_size())
            self._chrome_key = key
            vx, vy, vw, vh = self.camera.viewport
            self._chrome.blit(assets.table_surface((vw, vh)), (vx, vy))
            draw_status_bar(self._chrome, self.play, view, self.top_h, self.u, self.font_px)
            self._draw_bottom(self._chrome, view)
        surface.blit(self._chrome, (0, 0))

    def _draw_bottom(self, surface, view) -> None:
        play = self.play
        self.sprites.panel(surface, self.bottom)
        self._hand_geometry()
        if play.phase == CURTAIN:
            self._draw_curtain(surface)
            return
        for b in self.buttons:
            b.draw(surface, self.font_px)
        seat = play.hand_seat()
        revealed = self._revealed_row() if seat is None else None
        if revealed is not None:
            self._draw_revealed_row(surface, *revealed)
            return
        if seat is None:
            words = None
            away = play.session.to_act()
            if play.phase == COMPUTER and play.is_human(away):
                # a human elsewhere (a phone): deciding there, or their phone is not here now
                phones = getattr(self.app, "phones", None)
                gone = phones is not None and phones.server is not None and not phones.server.connected(away)
                words = t("phone.waiting_for" if gone else "phone.deciding", name=play.name(away))
            elif play.phase == COMPUTER and not play.humans:
                words = t("table.demo")
            elif play.phase == COMPUTER and len(play.humans) > 1:
                # UX-3: every hand face down while the computers play between two humans
                nxt = play.next_human(play.session.to_act() or 1)
                words = t("play.hands_face_down", name=play.name(nxt)) if nxt else None
            if words:
                msg = fit(words, self.font_px, self.hand_panel.width - 40, colour=(190, 196, 186))
                surface.blit(msg, msg.get_rect(center=self.hand_panel.center))
            return
        tiles, rects, short = self.hand_tiles, self.hand_rect_list, self.hand_short
        focused = play.focused() if play.focus == "hand" and self.show_focus else None
        draw_hand(surface, self.sprites, tiles, rects, short,
                  playable=play.playable_tiles() if play.my_turn() else frozenset(),
                  selected=play.selected, focused=focused,
                  dim_unplayable=play.my_turn(), fresh=self.kit.fresh_tile(view),
                  hidden=self.motion.hidden(self.clock, "hand"),
                  hovered=self.hovered[1] if self.hovered and self.hovered[0] == "tile" else None)
        owner = text(t("table.your_hand", name=play.name(seat)), max(10, round(15 * self.u)),
                     seat_colour(seat), bold=True, outline=DARK)
        surface.blit(owner, (round(12 * self.u), self.hand_panel.y + round(4 * self.u)))

    def _draw_revealed_row(self, surface, seat: int, tiles: tuple) -> None:
        """UX-3: the bottom seat's tiles left at the deal's end, face up in the tray (drawn only:
        they are not the hand's hit areas, nothing can be played from them)."""
        if tiles:
            # above the foot of the tray, where the score screen set aside keeps its button back
            room = self.hand_panel.copy()
            room.height -= max(48, round(REVEAL_FOOT * self.u))
            most = max(8, min(round(56 * self.u), (room.height - round(24 * self.u)) // 2))
            rects, short = hand_rects(room, len(tiles), most)
            draw_hand(surface, self.sprites, tiles, rects, short, dim_unplayable=False)
        owner = text(t("table.your_hand", name=self.play.name(seat)), max(10, round(15 * self.u)),
                     seat_colour(seat), bold=True, outline=DARK)
        surface.blit(owner, (round(12 * self.u), self.hand_panel.y + round(4 * self.u)))
        if not tiles:
            out = text(t("table.went_out"), self.font_px, seat_colour(seat), bold=True, outline=DARK)
            surface.blit(out, out.get_rect(center=self.hand_panel.center))

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

    def _draw_curtain(self, surface) -> None:
        """UX-3: every hand hidden until the named player asks to see their own."""
        play = self.play
        assert play.curtain_for is not None  # the curtain names whose turn it is
        name = play.name(play.curtain_for)
        u = self.u
        veil = pygame.Rect(self.bottom)
        surface.fill((22, 18, 30), veil)
        pygame.draw.line(surface, (196, 160, 72), veil.topleft, (veil.right, veil.top), 3)
        title = fit(t("table.pass_device", name=name), round(30 * u), veil.width - 40,
                    colour=seat_colour(play.curtain_for), bold=True, outline=DARK)
        surface.blit(title, title.get_rect(center=(veil.centerx, veil.y + round(40 * u))))
        sub = fit(t("table.curtain_hint", name=name), max(10, round(16 * u)), veil.width - 40, colour=(200, 200, 210))
        surface.blit(sub, sub.get_rect(center=(veil.centerx, veil.y + round(76 * u))))
        if self.curtain_button is not None:
            self.curtain_button.draw(surface, self.font_px + 2)

    def _draw_players(self, surface, view) -> None:
        play = self.play
        key = (play.session.cursor, id(play.session.state), play.phase, self.panel_u, language())
        self.players.draw(surface, self._panel_pos(), play, view, self.panel_u, key)

    def _panel_pos(self) -> tuple[int, int]:
        """The players panel's top left corner, on the felt inside its rail."""
        pad = round(8 * self.u)
        return pad + self.rail, self.camera.viewport[1] + pad + self.rail

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
