"""The replay viewer (issue 15): a finished match again, action by action, every hand face up.

``Replay`` is the model: the positions of a session's log the viewer can stand at
(the start of each deal, then after each decision), stepping, jumping to a deal,
and what every seat held there.  It only seeks its own session (``Session.seek``)
and reads views, so what it shows is what the rules computed for each seat.

``ReplayScene`` draws a position the way the table does, from the same pieces:
the game's kit lays out and draws the world (``kit.layout``, ``kit.draw_world``),
the status bar and the players panel are the table's (``game.table.status``), and
the camera is the table's ``Camera`` (zoom at the pointer, pan, fit, follow).
Under the table: a timeline with a mark at each deal's start, every hand face
up (the match is over, nothing is private) and the buttons.

Input (the program's intents, ``game.intents``):

- mouse and touch: the buttons, a tap or drag on the timeline, drag to pan,
  wheel or pinch to zoom;
- keyboard and controller: left/right (d-pad) one decision back or on, up/down
  the previous or next deal, Enter/Space (A) play or pause, Tab (Y) the speed,
  Ctrl+Z/Ctrl+Y (LB/RB) a decision back or on, F/G (stick presses) fit and
  follow, +/- (triggers) zoom, WASD (right stick) pan, Esc (B) closes.

For the coach: ``ReplayScene.suggest(position, action, words)`` shows a
suggested decision where it was due (a ghost tile on its target, or the words
in the message line), and ``ReplayScene.go_to_position(position)`` jumps there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from rules.actions import Action
from rules import save as rules_save
from rules.chance import NextMatch
from rules.events import ACTION_KINDS
from rules.session import Session

from .. import intents as I
from .. import safe_area
from ..i18n import language, t
from ..kits import kit_for
from ..table.kit import Marks
from ..table.scoreboard import hand_number
from ..phases import COMPUTER, DEAL_END, MATCH_END
from ..play import TableQueries
from ..scene import Scene
from ..seats import HUMAN, SeatConfig, seat_colour
from ..table.camera import Camera
from ..table.render import ARRIVAL_S, DARK, NAME_PX
from ..table.sprites import Sprites
from ..table.status import PlayersPanel, draw_status_bar
from ..table.widgets import Button
from .camera_controls import CameraControls
from .score_panel import draw_revealed_hand, ui_scale
from .textbox import Boxes, button_rows, fitting_px, line_height, readable_px, width_of

#: (label, seconds between decisions) of the playback speeds, slowest first.
SPEEDS = (("\u00bd\u00d7", 1.6), ("1\u00d7", 0.8), ("2\u00d7", 0.4), ("4\u00d7", 0.2), ("8\u00d7", 0.1))
DEFAULT_SPEED = 1
KEY_PAN_PX = 80
CAMERA_BUTTONS = ("zoom_in", "zoom_out", "fit", "follow")
_TAGS = re.compile(r"<[^>]+>")


# ------------------------------------------------------------------ the model


def replay_positions(log: tuple, match_no: int | None = None) -> list[int]:
    """The log positions a viewer stands at: before and after every decision of the match.

    A position just before a deal's first decision is that deal's start; one just
    after a deal's last decision (before the next deal is dealt) is its end.
    ``match_no`` None takes every match of the log.
    """
    match, found = 1, set[int]()
    for i, entry in enumerate(log):
        if isinstance(entry, NextMatch):
            match += 1
        elif isinstance(entry, Action) and match_no in (None, match):
            found.update((i, i + 1))
    return sorted(found)


@dataclass(frozen=True)
class DealMark:
    """A deal's start in the replay: its index among the positions and its numbers."""

    index: int
    match_no: int
    deal_no: int


class Replay:
    """A finished match's positions, stepped through on a session of its own (see the module).

    The session is copied (rebuilt from its log, as a save is) unless ``private`` says
    nothing else holds it: stepping never moves the match it came from, which may be the
    one still on the table.
    """

    def __init__(self, session: Session, seats: list[SeatConfig], match_no: int | None = None,
                 private: bool = False) -> None:
        if not private:
            session = rules_save.build(rules_save.session_to_json(session))[0]
        self.session = session
        self.seats = list(seats)
        self.players = session.config.players
        #: The match's log as it was played (a save's redo tail is not part of it).
        self.log = session.log
        self.positions = replay_positions(self.log, match_no)
        if not self.positions:
            raise ValueError("the match holds no decision")
        self.index = 0
        self._cache: dict[int, tuple] = {}
        self.deals = self._deal_marks()
        self.seek(0)

    def _deal_marks(self) -> list[DealMark]:
        log = self.log
        marks = []
        for k, pos in enumerate(self.positions):
            if pos == 0 or not isinstance(log[pos - 1], Action):
                view = self.session.view_at(pos, 1)
                # counted by the ends before it: a redeal (CU-4) deals the same hand again
                marks.append(DealMark(k, view.match_no, hand_number(view.history)))
        return marks

    # ------------------------------------------------------------ moving

    @property
    def position(self) -> int:
        """The log position shown now."""
        return self.positions[self.index]

    @property
    def at_end(self) -> bool:
        return self.index == len(self.positions) - 1

    def seek(self, index: int) -> bool:
        """Stand at position number ``index`` (clamped); True if that moved."""
        index = max(0, min(len(self.positions) - 1, index))
        moved = index != self.index
        self.index = index
        self.session.seek(self.positions[index])
        return moved

    def step(self, delta: int) -> bool:
        return self.seek(self.index + delta)

    def seek_position(self, position: int) -> bool:
        """Stand at the viewer's position nearest at or before log position ``position``."""
        best = max((k for k, p in enumerate(self.positions) if p <= position), default=0)
        return self.seek(best)

    def deal_index(self) -> int:
        """Which of ``deals`` the position shown is in."""
        return max((k for k, d in enumerate(self.deals) if d.index <= self.index), default=0)

    def jump_deal(self, delta: int) -> bool:
        """The start of the next (+1) or previous (-1) deal; back from inside a deal goes to its start."""
        k = self.deal_index()
        if delta < 0 and self.index > self.deals[k].index:
            return self.seek(self.deals[k].index)
        k = max(0, min(len(self.deals) - 1, k + delta))
        return self.seek(self.deals[k].index)

    # ------------------------------------------------------------ what is shown

    def views(self) -> tuple:
        """Every seat's view at the position shown (index 0 unused): its hand among them."""
        pos = self.position
        got = self._cache.get(pos)
        if got is None:
            got = (None,) + tuple(self.session.view(s) for s in range(1, self.players + 1))
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[pos] = got
        return got

    def hands(self) -> tuple:
        """Every hand at the position shown, face up (index 0 unused): the match is over."""
        return (None,) + tuple(v.hand for v in self.views()[1:])

    def decision_due(self) -> Action | None:
        """The decision taken at the position shown (the next one), or None at a deal's end."""
        pos = self.position
        entry = self.log[pos] if pos < len(self.log) else None
        return entry if isinstance(entry, Action) else None

    def phase(self) -> str:
        """The table's phase there: a deal's end, the match's end, or play."""
        if self.session.match_over():
            return MATCH_END
        if self.session.pending_chance() is not None or self.session.to_act() is None:
            return DEAL_END
        return COMPUTER


class ReplayPlay(TableQueries):
    """What the table kits and the status bar read of a ``PlayState``, for a replay position.

    Read-only: no decision is made here.  The score and end queries are the
    PlayState's own (``TableQueries``: they read only ``view()``); every seat is shown
    from the same side of the table, the first human's (or seat 1), so nothing turns.
    """

    def __init__(self, replay: Replay, kit) -> None:
        self.replay = replay
        self.session = replay.session
        self.seats = replay.seats
        self.kit = kit
        self.humans = [s for s in range(1, len(self.seats) + 1) if self.seats[s - 1].kind == HUMAN]
        self.bottom = self.humans[0] if self.humans else 1
        self.viewer = None
        self.holder = self.bottom
        self.curtain_for = None
        self.selected = None
        self.pending = None

    @property
    def phase(self) -> str:
        return self.replay.phase()

    def view(self):
        return self.replay.views()[self.bottom]

    def my_turn(self) -> bool:
        return False

    def targets(self, tile=None) -> list:
        return []

    def legal(self) -> tuple:
        return ()


# ------------------------------------------------------------------ the scene


class ReplayScene(CameraControls, Scene):
    """The viewer (see the module docstring)."""

    def __init__(self, app, replay: Replay, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.kit = kit_for(replay.session.config.game)
        self.play = ReplayPlay(replay, self.kit)
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
        label_w = min(width_of(self._longest_label(), self._label_px()) + pad, w * 45 // 100)
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

    # ------------------------------------------------------------ intents

    def handle(self, intent: I.Intent) -> None:
        local = safe_area.pointer(self, intent)
        if local is None:
            return
        intent = local
        self._ensure_geometry()
        k = intent.kind
        if k == I.TAP and intent.pos is not None:
            self.tap(intent.pos)
        elif k == I.DRAG and intent.pos is not None:
            self.drag(intent.pos, intent.delta)
        elif k == I.DRAG_END:
            self._drag = None
        elif self.camera_intent(intent):
            pass
        elif k == I.MOVE and intent.direction in ("left", "right"):
            self.step(1 if intent.direction == "right" else -1)
        elif k == I.MOVE and intent.direction in ("up", "down"):
            self.jump_deal(1 if intent.direction == "down" else -1)
        elif k in (I.UNDO, I.REDO):
            self.step(1 if k == I.REDO else -1)
        elif k == I.CONFIRM:
            self.toggle_play()
        elif k == I.SORT:
            self.cycle_speed()
        elif k in (I.CANCEL, I.MENU):
            self.close()
        elif k == I.RESIZE:
            self._size = None

    def tap(self, pos) -> None:
        for b in self.camera_buttons:
            if b.hit(pos):
                self.press_camera(b.id)
                return
        for b in self._button_row():
            if b.hit(pos):
                if b.enabled:
                    self.press(b.id)
                return
        if self.timeline.inflate(0, self.pad * 2).collidepoint(pos):
            self.scrub(pos[0])

    def press(self, bid: str) -> None:
        actions = {"deal_back": lambda: self.jump_deal(-1), "back": lambda: self.step(-1),
                   "play": self.toggle_play, "forward": lambda: self.step(1),
                   "deal_forward": lambda: self.jump_deal(1), "speed": self.cycle_speed, "close": self.close}
        actions[bid]()

    def _user_moved(self) -> None:
        self.auto_fit = False

    def drag(self, pos, delta) -> None:
        """A drag on the timeline scrubs; one on the table pans it (UX-7: the view only)."""
        if self._drag is None:
            start = (pos[0] - delta[0], pos[1] - delta[1])
            if self.timeline.inflate(0, self.pad * 2).collidepoint(start):
                self._drag = "scrub"
            elif self.camera.contains(*start):
                self._drag = "pan"
            else:
                self._drag = "none"
        if self._drag == "scrub":
            self.scrub(pos[0])
        elif self._drag == "pan":
            self._user_moved()
            self.camera.pan(*delta)

    def scrub(self, x: float) -> None:
        """The position under ``x`` on the timeline."""
        r = self.timeline
        last = len(self.replay.positions) - 1
        frac = (x - r.x) / max(1, r.width - 1)
        self.playing = False
        self._moved(self.replay.seek(round(max(0.0, min(1.0, frac)) * last)))

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
        action, words = self.suggestions.get(self.replay.position, (None, None))
        if words:
            return words
        if action is not None and action.kind != "play":
            return t("replay.suggested", action=self.decision_words(action))
        phase = self.replay.phase()
        if phase in (DEAL_END, MATCH_END):
            return self.result_words()
        return self.last_decision_words()

    def decision_words(self, action: Action) -> str:
        """A decision other than a play, in the words of its button at the table (Draw, Pass ...)."""
        view = self.play.view()
        bid = next((b for b, a in self.kit.decision_buttons(view) if a == action), None)
        return self.kit.button_label(bid, self.play) if bid is not None else action.kind

    def result_words(self) -> str:
        info = self.play.last_deal_end()
        if info is None:
            return ""
        hand_result = getattr(self.kit, "hand_result", None)
        if hand_result is not None:
            return hand_result(self.play, info)
        if info.reason == "out":
            out = next((s for s in range(1, len(info.hands)) if not info.hands[s]), None)
            if out is not None:
                return t("table.deal_won", name=self.play.name(out))
        return t("table.deal_blocked")

    def last_decision_words(self) -> str:
        from .overlays import tile_text
        for event in reversed(self.play.view().history):
            if event.kind in ("deal", "match"):
                break
            if event.kind in ACTION_KINDS:  # a decision
                line = self.kit.log_line(event, self.play.name, tile_text)
                if line is None and event.kind in ("draw", "pass", "end_chain"):
                    line = t(f"ui.log_{event.kind}", name=self.play.name(event.seat))
                return _TAGS.sub("", line or "").split("\n")[0]
        return t("replay.deal_start")

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

    def _position_label(self, index: int, deal: DealMark) -> str:
        last = max(1, len(self.replay.positions) - 1)
        return t("replay.position", move=index, moves=last) + "  \u00b7  " + self.deal_words(deal)

    def _longest_label(self) -> str:
        """The timeline's label at its widest (the last move of the last deal), for the layout."""
        return self._position_label(len(self.replay.positions) - 1, self.replay.deals[-1])

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        r, replay = self.timeline, self.replay
        last = max(1, len(replay.positions) - 1)
        label = self._position_label(replay.index, replay.deals[replay.deal_index()])
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

    def deal_words(self, deal: DealMark) -> str:
        """The deal's own name in this game: "Deal 3 of 13", a Cuban «кон 2» (the kit's words)."""
        if hasattr(self.kit, "w"):
            words = self.kit.w("hand_no", hand=max(1, deal.deal_no))
        else:
            words = t("table.deal_of", deal=deal.deal_no, deals=self.kit.deals or deal.deal_no)
        if len({d.match_no for d in self.replay.deals}) > 1:
            words = t("table.match_no", match=deal.match_no) + "  \u00b7  " + words
        return words

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
