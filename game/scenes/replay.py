"""The replay viewer (issue 15): a finished match again, action by action, every hand face up.

``Replay`` (replay_model.py) is the model: the positions of a session's log the
viewer can stand at, stepping, jumping to a deal, and what every seat held there.

``ReplayScene`` draws a position the way the table does, from the same pieces:
the game's kit lays out and draws the world (``kit.layout``, ``kit.draw_world``),
the status bar and the players panel are the table's (``game.table.status``), and
the camera is the table's ``Camera`` (zoom at the pointer, pan, fit, follow).
Under the table: a timeline with a mark at each deal's start, every hand face
up (the match is over, nothing is private) and the buttons.  Its input is
``ReplayInput`` (replay_input.py), its words ``ReplayWords`` (replay_words.py).

For the coach: ``ReplayScene.suggest(position, action, words)`` shows a
suggested decision where it was due (a ghost tile on its target, or the words
in the message line), and ``ReplayScene.go_to_position(position)`` jumps there.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from rules.actions import Action

from .. import safe_area
from ..i18n import language, t
from ..kits import kit_for
from ..table.kit import Marks
from ..scene import Scene
from ..seats import seat_colour
from ..table.camera import Camera
from ..table.render import ARRIVAL_S, DARK, NAME_PX
from ..table.sprites import Sprites
from ..table.status import PlayersPanel, draw_status_bar
from ..table.widgets import Button
from .replay_input import ReplayInput
from .replay_model import DealMark, Replay, ReplayPlay, replay_positions
from .replay_words import ReplayWords
from .score_panel import draw_revealed_hand, ui_scale
from .textbox import Boxes, button_rows, fitting_px, line_height, readable_px, width_of

#: The model's names, where the viewer's callers and tests have always found them.
__all__ = ["DEFAULT_SPEED", "SPEEDS", "DealMark", "Replay", "ReplayPlay", "ReplayScene", "open_replay",
           "replay_positions"]

#: (label, seconds between decisions) of the playback speeds, slowest first.
SPEEDS = (("\u00bd\u00d7", 1.6), ("1\u00d7", 0.8), ("2\u00d7", 0.4), ("4\u00d7", 0.2), ("8\u00d7", 0.1))
DEFAULT_SPEED = 1
KEY_PAN_PX = 80
CAMERA_BUTTONS = ("zoom_in", "zoom_out", "fit", "follow")


# ------------------------------------------------------------------ the scene


class ReplayScene(ReplayInput, Scene):
    """The viewer (see the module docstring)."""

    def __init__(self, app, replay: Replay, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.kit = kit_for(replay.session.config.game)
        self.play = ReplayPlay(replay, self.kit)
        self.words = ReplayWords(self.kit, self.play, replay)
        self.on_close = on_close
        style = app.settings.get("tile_style", "pips")
        palette = app.settings.get("palette", "standard")
        self.sprites = Sprites(style, palette)
        self.renderer = self.kit.renderer(self.sprites)
        self.players_panel = PlayersPanel(self.sprites, self.kit)
        self.camera = Camera()
        self.clock = 0.0
        self.playing = False
        self.speed = DEFAULT_SPEED
        self._timer = 0.0
        self.auto_fit = True
        self.follow = False
        self._size: tuple[int, int] | None = None
        self._layout_key: Any = None
        self._layout: Any = None
        self._fitted: Any = None
        self._arrived_at = -10.0
        self.buttons: list[Button] = []
        self.camera_buttons: list[Button] = []
        self.timeline = pygame.Rect(0, 0, 0, 0)
        self.hover_pos: tuple[float, float] | None = None
        self._drag: str | None = None
        #: log position -> (suggested action or None, words or None): the coach's marks.
        self.suggestions: dict[int, tuple[Action | None, str | None]] = {}
        #: Every text of the last frame in its box (issue 11; the fit test reads it).
        self.boxes = Boxes()

    @property
    def laid_out(self):
        return self.boxes.laid

    # ------------------------------------------------------------ for the coach

    def suggest(self, position: int, action: Action | None, words: str | None = None) -> None:
        """Show ``action`` where it was due: at log ``position``, the decision's position
        (before it was taken).  A play is a ghost tile on its target; any other decision,
        and ``words``, go in the message line."""
        self.suggestions[position] = (action, words)

    def clear_suggestions(self) -> None:
        self.suggestions.clear()

    def go_to_position(self, position: int) -> None:
        """Stand at log ``position`` (or the nearest viewer position before it)."""
        self.playing = False
        self._moved(self.replay.seek_position(position))

    # ------------------------------------------------------------ moving

    def _moved(self, moved: bool) -> None:
        if moved:
            self._arrived_at = self.clock
            if self.follow:
                self._follow_last()

    def step(self, delta: int) -> None:
        self.playing = False
        self._moved(self.replay.step(delta))

    def jump_deal(self, delta: int) -> None:
        self.playing = False
        self._moved(self.replay.jump_deal(delta))

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            self.replay.seek(0)  # play again from the start
        self.playing = not self.playing
        self._timer = 0.0

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_close is not None:
            self.on_close()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.camera.update(dt)
        if not self.playing:
            return
        self._timer += dt
        if self._timer >= SPEEDS[self.speed][1]:
            self._timer = 0.0
            self._moved(self.replay.step(1))
            if self.replay.at_end:
                self.playing = False

    def resting(self) -> bool:
        """Issue 28: playback moves by itself, so while it plays (or the view glides, or the
        last play's arrival still glows) the App must keep drawing, not sleep on its event
        queue: it stood at "Move 1" until the mouse moved."""
        if self.playing or self.camera.moving or self._drag is not None:
            return False
        return self.clock - self._arrived_at >= ARRIVAL_S

    # ------------------------------------------------------------ geometry

    def _geometry(self, size: tuple[int, int]) -> None:
        """The layout for a safe area of ``size`` (the whole window unless the TV setting is on);
        issue 11: no text under the readable floor, the buttons in two rows when one is too few."""
        if size == self._size:
            return
        self._size = size
        w, h = size
        # issue 11: at the largest sizes the table keeps room between the bars (text steps down)
        u = self.u = min(ui_scale(self.app, size), h / 560, w / 1000)
        least = self.boxes.least = readable_px(self.app)
        self.font_px = max(least, round(19 * u))
        self.top_h = round(46 * u)
        pad = self.pad = max(2, round(8 * u))
        n = self.replay.players
        self.cols = 1 if n <= 2 else 2
        rows = -(-n // self.cols)
        self.hand_px = max(least, min(round(17 * u), self.font_px))
        self.row_h = max(line_height(self.hand_px, True) + 4, round(min(62 * u, h * 0.32 / rows)))
        self.line_h = max(line_height(self._label_px()) + 2, round(24 * u))
        self.rows, self.button_px, self.btn_h = button_rows(self._button_labels(), w - 2 * pad, self.font_px,
                                                            least, pad, round(64 * u), 3 * pad)
        buttons_h = len(self.rows) * (self.btn_h + pad)
        bottom_h = pad + self.line_h + pad + rows * self.row_h + pad + buttons_h
        self.bottom = pygame.Rect(0, h - bottom_h, w, bottom_h)
        self.camera.set_viewport((0, self.top_h, w, max(1, self.bottom.y - self.top_h)))
        label_w = min(width_of(self.words.longest_label(), self._label_px()) + pad, w * 45 // 100)
        self.timeline = pygame.Rect(label_w + 2 * pad, self.bottom.y + pad, w - label_w - 4 * pad, self.line_h)
        self.hands_area = pygame.Rect(pad, self.timeline.bottom + pad, w - 2 * pad, rows * self.row_h)
        self._camera_buttons()
        self.camera.safe = (self.kit.panel_width(self.play, u) + 2 * pad, round(60 * u), 0, round(44 * u))
        self._fitted = None

    def _camera_buttons(self) -> None:
        u, gap = self.u, round(8 * self.u)
        size = round(44 * u)
        vx, vy, vw, vh = self.camera.viewport
        labels = {"zoom_in": "+", "zoom_out": "\u2212", "fit": t("table.fit"), "follow": t("table.follow")}
        x = vx + vw - gap
        self.camera_buttons = []
        for bid in reversed(CAMERA_BUTTONS):
            bw = size if bid.startswith("zoom") else max(size, width_of(labels[bid], self.font_px, True) + 2 * gap + 10)
            x -= bw
            self.camera_buttons.insert(0, Button(bid, pygame.Rect(x, vy + gap, bw, size), labels[bid]))
            x -= gap

    def _button_labels(self) -> list[tuple[str, str]]:
        back_key, forward_key = self.kit.replay_step_keys
        return [("deal_back", t(back_key)), ("back", t("replay.step_back")),
                ("play", t("replay.pause") if self.playing else t("replay.play")),
                ("forward", t("replay.step_forward")), ("deal_forward", t(forward_key)),
                ("speed", t("replay.speed", speed=SPEEDS[self.speed][0])), ("close", t("replay.close"))]

    def _button_row(self) -> list[Button]:
        """The playback buttons along the bottom edge, in the rows ``_geometry`` laid out
        (Play and Pause, or the speed, may change a label's width, never the rows)."""
        gap = self.pad
        labels = dict(self._button_labels())
        out = []
        y = self.bottom.bottom - len(self.rows) * (self.btn_h + gap)
        for row in self.rows:
            widths = [max(bw, width_of(labels[bid], self.button_px, True) + 16) for bid, _, bw in row]
            room = self.bottom.width - 2 * gap - gap * (len(row) - 1)
            if sum(widths) > room:
                widths = [wd * room // sum(widths) for wd in widths]
            x = self.bottom.centerx - (sum(widths) + gap * (len(row) - 1)) // 2
            for (bid, _, _), bw in zip(row, widths):
                b = Button(bid, pygame.Rect(x, y, bw, self.btn_h), labels[bid], primary=bid == "play")
                b.enabled = self._enabled(bid)
                b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
                out.append(b)
                x += bw + gap
            y += self.btn_h + gap
        return out

    def _enabled(self, bid: str) -> bool:
        r = self.replay
        if bid in ("back", "deal_back"):
            return r.index > 0
        if bid in ("forward", "deal_forward"):
            return not r.at_end
        return True

    def _layout_now(self):
        view = self.play.view()
        # the clear felt beside the panels (fit-all, no readable floor): on a TV a wide strip
        felt = self.camera.felt()
        key = (self.replay.position, felt)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = self.kit.layout(view, self.play, felt)
        return self._layout

    def _ensure_geometry(self) -> None:
        if self._size is None:
            self._geometry(safe_area.safe_rect(self.app.settings, self.app.screen.get_size()).size)

    # ------------------------------------------------------------ the camera's view

    def _user_moved(self) -> None:
        self.auto_fit = False

    def fit(self) -> None:
        self.auto_fit = True
        self.camera.fit(self._layout_now().content)

    def _follow_last(self) -> None:
        point = self.kit.follow_point(self._layout_now(), self.play.view(), None)
        if point is not None:
            self.camera.follow(point)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        surface = safe_area.area(surface, self.app.settings)  # inside the TV's safe area (issue 11)
        self.boxes.clear(readable_px(self.app))
        self._geometry(surface.get_size())
        self.sprites.new_frame()
        view = self.play.view()
        lay = self._layout_now()
        if self._fitted is None or (self.auto_fit and lay.content != self._fitted):
            self.camera.fit(lay.content, animate=self._fitted is not None)
            self._fitted = lay.content
        self.kit.draw_world(self.renderer, surface, self.camera, lay, view, self.play, self._marks(lay, view),
                            self.clock)
        draw_status_bar(surface, self.play, view, self.top_h, self.u, self.font_px)
        key = (self.replay.position, self.u, language())
        self.players_panel.draw(surface, (self.pad, self.camera.viewport[1] + self.pad), self.play, view,
                                self.u, key)
        for b in self.camera_buttons:
            b.lit = b.id == "follow" and self.follow
            b.hover = self.hover_pos is not None and b.hit(self.hover_pos)
            b.draw(surface, self.font_px)
        self._draw_message(surface)
        self._draw_bottom(surface)

    def _marks(self, lay, view) -> Marks:
        recent = self.kit.recent(view, None)[-1:]
        marks = Marks(recent=recent, arrival=self.clock - self._arrived_at, name_px=round(NAME_PX * self.u))
        action = self.suggestions.get(self.replay.position, (None, None))[0]
        if action is not None and action.kind == "play":
            try:
                marks.ghost = self.kit.ghost(lay, view, action)
                marks.targets = (self.kit.target(action),)
                marks.focused_target = self.kit.target(action)
            except (KeyError, ValueError, IndexError):
                pass  # a suggestion for another position: nothing to show here
        return marks

    def message(self) -> str:
        """The message line: the coach's words here, else the deal's result, else the last decision."""
        return self.words.message(self.suggestions)

    def _draw_message(self, surface: pygame.Surface) -> None:
        words = self.message()
        if not words:
            return
        vx, vy, vw, vh = self.camera.viewport
        room = vw - round(60 * self.u)
        px = fitting_px(words, room, self.font_px, self.boxes.least)
        lh = line_height(px)
        box = pygame.Rect(0, 0, min(room, width_of(words, px)) + round(24 * self.u), lh + round(8 * self.u))
        box.midbottom = (vx + vw // 2, vy + vh - round(10 * self.u))
        pygame.draw.rect(surface, (10, 20, 16), box, border_radius=box.height // 2)
        self.boxes.put(surface, words, box.inflate(-round(24 * self.u), 0), px, align="center")

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        surface.fill((14, 30, 23), self.bottom)
        pygame.draw.line(surface, (196, 160, 72), self.bottom.topleft, self.bottom.topright, 2)
        self._draw_timeline(surface)
        self._draw_hands(surface)
        self.buttons = self._button_row()
        for b in self.buttons:
            b.draw(surface, self.button_px)

    def _label_px(self) -> int:
        return max(self.boxes.least, self.font_px - 3)

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        r, replay = self.timeline, self.replay
        last = max(1, len(replay.positions) - 1)
        label = self.words.position_label(replay.index, replay.deals[replay.deal_index()])
        self.boxes.put(surface, label, pygame.Rect(self.pad, r.y, r.x - 2 * self.pad, r.height), self._label_px(),
                       colour=(214, 226, 218))
        bar = pygame.Rect(r.x, r.centery - max(2, r.height // 6), r.width, max(4, r.height // 3))
        pygame.draw.rect(surface, (40, 64, 54), bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = round(bar.width * replay.index / last)
        pygame.draw.rect(surface, (196, 160, 72), done, border_radius=bar.height // 2)
        for d in replay.deals:
            x = r.x + round(r.width * d.index / last)
            pygame.draw.line(surface, (247, 241, 227), (x, r.y + 2), (x, r.bottom - 2), 1)
        knob = (r.x + done.width, r.centery)
        pygame.draw.circle(surface, (247, 241, 227), knob, max(4, r.height // 3))

    def _draw_hands(self, surface: pygame.Surface) -> None:
        """Every hand face up, each under its player's name; the seat to act framed."""
        area, replay = self.hands_area, self.replay
        hands = replay.hands()
        col_w = area.width // self.cols
        name_w = min(round(170 * self.u), col_w // 3)
        fpx = self.hand_px
        to_act = replay.session.to_act()
        for s in range(1, replay.players + 1):
            col, row = (s - 1) % self.cols, (s - 1) // self.cols
            cell = pygame.Rect(area.x + col * col_w, area.y + row * self.row_h, col_w, self.row_h)
            if s == to_act:
                pygame.draw.rect(surface, (255, 255, 255), cell.inflate(-4, -2), 2, border_radius=6)
            self.boxes.put(surface, self.play.name(s), pygame.Rect(cell.x + self.pad, cell.y, name_w - self.pad,
                                                                   cell.height), fpx, colour=seat_colour(s),
                           bold=True, outline=DARK)
            x = cell.x + self.pad + name_w
            draw_revealed_hand(self.boxes, surface, self.sprites, hands[s],
                               pygame.Rect(x, cell.y + 1, cell.right - x - self.pad, cell.height - 2), fpx)


def open_replay(app, record, on_close: Callable[[], None] | None = None) -> ReplayScene:
    """Push the viewer of ``record`` (``game.history.MatchRecord``) on the app's stack."""
    scene = ReplayScene(app, Replay(record.session, record.seats, record.match_no, record.private), on_close)
    app.stack.push(scene)
    return scene
