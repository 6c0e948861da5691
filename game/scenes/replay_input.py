"""The replay viewer's input (issue 15): the program's intents turned into steps, jumps,
playback and camera moves (UX-7: the view only; nothing here changes a match).

- mouse and touch: the buttons, a tap or drag on the timeline, drag to pan,
  wheel or pinch to zoom;
- keyboard and controller: left/right one decision back or on, up/down the previous
  or next deal, Enter/Space play or pause, Tab the speed, Ctrl+Z/Ctrl+Y a decision
  back or on, F/G fit and follow, +/- zoom, WASD pan, Esc closes.

``ReplayInput`` is mixed into ``ReplayScene``, which has what it declares below.
"""
from __future__ import annotations

import pygame

from .. import intents as I
from .. import safe_area
from .camera_controls import CameraControls
from .replay_model import Replay
from ..table.widgets import Button


class ReplayInput(CameraControls):
    """The viewer's input part (see the module docstring)."""

    replay: Replay
    playing: bool
    timeline: pygame.Rect
    pad: int
    camera_buttons: list[Button]
    _drag: str | None
    _size: tuple[int, int] | None

    # the scene's own, which the input asks
    def _ensure_geometry(self) -> None:
        raise NotImplementedError

    def _button_row(self) -> list[Button]:
        raise NotImplementedError

    def _moved(self, moved: bool) -> None:
        raise NotImplementedError

    def step(self, delta: int) -> None:
        raise NotImplementedError

    def jump_deal(self, delta: int) -> None:
        raise NotImplementedError

    def toggle_play(self) -> None:
        raise NotImplementedError

    def cycle_speed(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

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
