"""One recogniser turning mouse, touch, keyboard and controller events into intents.

- Mouse: a press and release that moved less than the slop is a TAP, more is a
  DRAG (per motion) and a DRAG_END; the wheel zooms at the pointer; the right
  button cancels; moving with no button down is a HOVER (what is under the
  pointer lights up).  Mouse events SDL made up from a touch (``event.touch``)
  are ignored here, because the FINGER events already tell the same story
  (NOTES.md); the App still passes every event to pygame_gui, which works from
  them.  A finger going down, the pointer leaving the window or the window
  losing focus clear the hover (HOVER with no position), so a touch never
  leaves a highlight behind.
- Touch: one finger taps or drags, two fingers pinch (ZOOM at their centre) and
  pan (PAN by the centre's movement).  Finger coordinates run 0..1 across the
  window and become pixels here.
- Keyboard: arrows MOVE the cursor, WASD PAN, +/- ZOOM (these three repeat while
  held; nothing else does), Enter/Space CONFIRM,
  Esc CANCEL, Ctrl+Z/Ctrl+Y UNDO/REDO, H hint, F fit, G follow the last play,
  L log, F1 rules, Tab sort, M menu, F11 or Alt+Enter fullscreen; Y E T P C V Q K the review
  keys that speak (issue 41).
- Controllers: the CONTROLLER* family only (a controller also sends JOY*
  events, which are ignored), tracked by instance id, hot-plugged.  D-pad and
  left stick MOVE, A CONFIRM, B CANCEL, X hint, Y sort, Start menu, Back log,
  shoulders undo/redo, right stick pans and triggers zoom (continuously, from
  ``update``).

Nothing here knows about scenes: a press that lands on a pygame_gui widget
(``ui_hit(pos)`` is True) is the widget's, and makes no intent.
"""
from __future__ import annotations

import logging
import math
from dataclasses import replace
from typing import Callable

import pygame

from . import intents as I
from .guard import PRESSES
from .intents import Intent

log = logging.getLogger(__name__)

#: How far (in pixels) a press may wander and still count as a tap.
TAP_SLOP = 10
#: A click or tap this many pixels from the press before it is aimed anew, never a second
#: press of the same one (issue 40: the press guard, ``game.guard``).
REPEAT_SLOP = 24
#: Screen pixels one WASD press pans.
KEY_PAN = 80
#: Zoom factor of one wheel notch and of one +/- press.
WHEEL_ZOOM = 1.15
KEY_ZOOM = 1.25
#: Stick deflection (of 32767) that counts as a push, and where it lets go.
STICK_ON = 0.6
STICK_OFF = 0.35
STICK_DEAD = 0.2
#: Held arrows, WASD and +/- repeat after this delay, at this interval (seconds).  Only
#: those: a held Enter must never select, preview and confirm a move by itself (UX-1).
REPEAT_DELAY = 0.35
REPEAT_INTERVAL = 0.06
#: Right stick pan speed at full deflection, pixels per second; trigger zoom per second.
STICK_PAN_SPEED = 900.0
TRIGGER_ZOOM_RATE = 2.0

_ARROWS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right"}
#: W A S D look up, left, down and right, as the arrows do when the table has the focus:
#: the table moves the other way under the view (a PAN moves the table with the pointer).
_WASD = {pygame.K_w: (0, KEY_PAN), pygame.K_s: (0, -KEY_PAN),
         pygame.K_a: (KEY_PAN, 0), pygame.K_d: (-KEY_PAN, 0)}
_SIMPLE_KEYS = {
    pygame.K_RETURN: I.CONFIRM, pygame.K_KP_ENTER: I.CONFIRM, pygame.K_SPACE: I.CONFIRM,
    pygame.K_ESCAPE: I.CANCEL, pygame.K_h: I.HINT, pygame.K_f: I.FIT, pygame.K_g: I.FOLLOW,
    pygame.K_l: I.LOG, pygame.K_F1: I.RULES, pygame.K_TAB: I.SORT, pygame.K_m: I.MENU,
    pygame.K_F10: I.MENU, pygame.K_F11: I.FULLSCREEN, pygame.K_n: I.MUTE, pygame.K_z: I.MAGNIFY,
    pygame.K_r: I.READING,
}
#: Issue 41: the review keys, each speaking about the table without moving anything (free
#: letters: not the WASD pan, nor H F G L M N R Z).
_REVIEW_KEYS = {pygame.K_y: "hand", pygame.K_e: "table", pygame.K_t: "turn", pygame.K_p: "scores",
                pygame.K_c: "counts", pygame.K_v: "last", pygame.K_q: "repeat", pygame.K_k: "help"}
_ZOOM_KEYS = {pygame.K_PLUS: KEY_ZOOM, pygame.K_EQUALS: KEY_ZOOM, pygame.K_KP_PLUS: KEY_ZOOM,
              pygame.K_MINUS: 1 / KEY_ZOOM, pygame.K_KP_MINUS: 1 / KEY_ZOOM}
_PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: I.CONFIRM, pygame.CONTROLLER_BUTTON_B: I.CANCEL,
    pygame.CONTROLLER_BUTTON_X: I.HINT, pygame.CONTROLLER_BUTTON_Y: I.SORT,
    pygame.CONTROLLER_BUTTON_START: I.MENU, pygame.CONTROLLER_BUTTON_BACK: I.LOG,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: I.UNDO,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: I.REDO,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: I.FIT, pygame.CONTROLLER_BUTTON_RIGHTSTICK: I.FOLLOW,
}
_PAD_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
_AXIS_MAX = 32767.0


class _Pointer:
    """One press in progress (the mouse's left button, or one finger)."""

    __slots__ = ("start", "last", "dragging", "ui", "began")

    def __init__(self, pos: tuple[float, float], ui: bool, began: float) -> None:
        self.began = began
        self.start = pos
        self.last = pos
        self.dragging = False
        self.ui = ui


class Pad:
    """One open game controller, known by its joystick instance id."""

    def __init__(self, controller, instance_id: int, name: str) -> None:
        self.controller = controller
        self.instance_id = instance_id
        self.name = name
        self.axes: dict[int, float] = {}
        self.stick_dir: str | None = None


class InputRecogniser:
    """Turns raw pygame events into ``Intent`` objects (see the module docstring).

    ``window_size()`` gives the window's size for finger coordinates;
    ``ui_hit(pos)`` says whether a pygame_gui widget is under a screen point;
    ``now()`` is the clock that stamps when each press began (``Intent.began``).
    """

    def __init__(self, window_size: Callable[[], tuple[int, int]],
                 ui_hit: Callable[[tuple[int, int]], bool] | None = None,
                 slop: float = TAP_SLOP, now: Callable[[], float] | None = None) -> None:
        self.window_size = window_size
        self.now = now or (lambda: 0.0)
        self.ui_hit = ui_hit or (lambda pos: False)
        self.slop = slop
        self._mouse: _Pointer | None = None
        self._fingers: dict[int, _Pointer] = {}
        #: True once a touch gesture had two fingers: it can no longer end in a tap.
        self._multi = False
        self._pinch: tuple[float, tuple[float, float]] | None = None
        self.pads: dict[int, Pad] = {}
        #: Held repeatable keys: key -> [intent, seconds until the next repeat].
        self._held: dict[int, list] = {}
        self.last_device = "mouse"
        #: True while the last HOVER had a position (a later touch or leaving clears it).
        self._hovering = False
        #: Messages for the player ("controller connected"), taken by the App.
        self.notices: list[tuple[str, dict]] = []
        #: When and where the last press (``PRESSES``) began: ``Intent.prior`` of the next.
        self._last_press: tuple[float | None, tuple[float, float] | None] | None = None

    # ----------------------------------------------------------------- events

    def feed(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one event makes (often none)."""
        handler = _HANDLERS.get(event.type)
        if handler is None:
            return []
        out = handler(self, event) or []
        for n, intent in enumerate(out):
            if intent.kind in PRESSES:
                out[n] = replace(intent, prior=self._prior(intent))
                self._last_press = (intent.began, intent.pos)
        return out

    def _prior(self, intent: Intent) -> float | None:
        """When the press before ``intent`` began, if ``intent`` may be its second press: a
        click or tap elsewhere on the screen is aimed anew, not a double click (issue 40)."""
        if self._last_press is None:
            return None
        began, pos = self._last_press
        if intent.pos is not None and pos is not None and math.dist(intent.pos, pos) > REPEAT_SLOP:
            return None
        return began

    def active(self) -> bool:
        """A key is held (it repeats), a stick or trigger is out of its dead zone, or a
        pointer is down: the recogniser makes intents as time passes."""
        if self._held or self._mouse is not None or self._fingers:
            return True
        return any(_dead(v) for pad in self.pads.values() for v in pad.axes.values())

    def update(self, dt: float) -> list[Intent]:
        """Held keys repeat; the right stick pans and the triggers zoom, continuously."""
        out: list[Intent] = []
        for held in self._held.values():
            held[1] -= dt
            while held[1] <= 0:
                held[1] += REPEAT_INTERVAL
                out.append(held[0])
        for pad in self.pads.values():
            rx = _dead(pad.axes.get(pygame.CONTROLLER_AXIS_RIGHTX, 0.0))
            ry = _dead(pad.axes.get(pygame.CONTROLLER_AXIS_RIGHTY, 0.0))
            if rx or ry:
                out.append(Intent(I.PAN, delta=(rx * STICK_PAN_SPEED * dt, ry * STICK_PAN_SPEED * dt),
                                  device="controller"))
            zoom = (_dead(pad.axes.get(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0.0))
                    - _dead(pad.axes.get(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0.0)))
            if zoom:
                out.append(Intent(I.ZOOM, factor=math.exp(zoom * TRIGGER_ZOOM_RATE * dt),
                                  device="controller"))
        return out

    def reset(self) -> None:
        """Forget presses in progress (a scene changed under the pointer, focus was lost)."""
        self._mouse = None
        self._fingers.clear()
        self._multi = False
        self._pinch = None
        self._held.clear()

    # ------------------------------------------------------------------ mouse

    def _mouse_down(self, e) -> list[Intent]:
        if getattr(e, "touch", False):
            return []
        self.last_device = "mouse"
        if e.button == 1:
            self._mouse = _Pointer(e.pos, self.ui_hit(e.pos), self.now())
        elif e.button == 3 and not self.ui_hit(e.pos):
            return [Intent(I.CANCEL, pos=e.pos, began=self.now())]
        return []

    def _mouse_motion(self, e) -> list[Intent]:
        if getattr(e, "touch", False):
            return []
        if self._mouse is None:
            self.last_device = "mouse"
            self._hovering = True
            return [Intent(I.HOVER, pos=e.pos, device="mouse")]
        if self._mouse.ui:
            return []
        return self._move(self._mouse, e.pos, "mouse")

    def _mouse_up(self, e) -> list[Intent]:
        if getattr(e, "touch", False) or e.button != 1 or self._mouse is None:
            return []
        p, self._mouse = self._mouse, None
        if p.ui:
            return []
        if p.dragging:
            return [Intent(I.DRAG_END, pos=e.pos, began=p.began)]
        return [Intent(I.TAP, pos=e.pos, began=p.began)]

    def _wheel(self, e) -> list[Intent]:
        if getattr(e, "touch", False):
            return []
        y = getattr(e, "precise_y", e.y) or e.y
        if not y:
            return []
        pos = pygame.mouse.get_pos()
        if self.ui_hit(pos):
            return []
        return [Intent(I.ZOOM, pos=pos, factor=WHEEL_ZOOM ** y)]

    def _move(self, p: _Pointer, pos, device: str) -> list[Intent]:
        if not p.dragging:
            if math.dist(pos, p.start) < self.slop:
                return []
            p.dragging = True
            # The first drag step covers the slop too, so the grabbed point stays under the pointer.
            p.last = p.start
        delta = (pos[0] - p.last[0], pos[1] - p.last[1])
        p.last = pos
        return [Intent(I.DRAG, pos=pos, delta=delta, device=device)]

    # ------------------------------------------------------------------ touch

    def _finger_pos(self, e) -> tuple[float, float]:
        w, h = self.window_size()
        return (e.x * w, e.y * h)

    def _finger_down(self, e) -> list[Intent]:
        self.last_device = "touch"
        pos = self._finger_pos(e)
        out: list[Intent] = self._end_hover("touch")  # no mouse highlight left under a finger
        if not self._fingers:
            self._multi = False
        self._fingers[e.finger_id] = _Pointer(pos, self.ui_hit((int(pos[0]), int(pos[1]))), self.now())
        table_fingers = [p for p in self._fingers.values() if not p.ui]
        if len(table_fingers) >= 2:
            if not self._multi:
                # A one-finger drag turning into a pinch: end the drag first.
                for p in table_fingers:
                    if p.dragging:
                        out.append(Intent(I.DRAG_END, pos=p.last, device="touch"))
                        p.dragging = False
            self._multi = True
            self._pinch = self._pinch_state()
        return out

    def _pinch_state(self) -> tuple[float, tuple[float, float]] | None:
        pts = [p.last for p in self._fingers.values() if not p.ui][:2]
        if len(pts) < 2:
            return None
        (x1, y1), (x2, y2) = pts
        return max(math.dist(pts[0], pts[1]), 1.0), ((x1 + x2) / 2, (y1 + y2) / 2)

    def _finger_motion(self, e) -> list[Intent]:
        p = self._fingers.get(e.finger_id)
        if p is None or p.ui:
            return []
        pos = self._finger_pos(e)
        if not self._multi:
            return self._move(p, pos, "touch")
        p.last = pos
        before, now = self._pinch, self._pinch_state()
        self._pinch = now
        if before is None or now is None:
            return []
        out = []
        factor = now[0] / before[0]
        if abs(factor - 1.0) > 1e-4:
            out.append(Intent(I.ZOOM, pos=now[1], factor=factor, device="touch"))
        delta = (now[1][0] - before[1][0], now[1][1] - before[1][1])
        if delta != (0.0, 0.0):
            out.append(Intent(I.PAN, pos=now[1], delta=delta, device="touch"))
        return out

    def _finger_up(self, e) -> list[Intent]:
        p = self._fingers.pop(e.finger_id, None)
        if p is None or p.ui:
            return []
        pos = self._finger_pos(e)
        if self._multi:
            self._pinch = self._pinch_state()
            return []
        if p.dragging:
            return [Intent(I.DRAG_END, pos=pos, device="touch", began=p.began)]
        return [Intent(I.TAP, pos=pos, device="touch", began=p.began)]

    # --------------------------------------------------------------- keyboard

    def _key(self, e) -> list[Intent]:
        self.last_device = "keyboard"
        began = self.now()
        return [replace(i, began=began) for i in self._key_intents(e)]

    def _key_intents(self, e) -> list[Intent]:
        key, mod = e.key, e.mod
        ctrl = mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and key == pygame.K_z:
            return [Intent(I.REDO if mod & pygame.KMOD_SHIFT else I.UNDO, device="keyboard")]
        if ctrl and key == pygame.K_y:
            return [Intent(I.REDO, device="keyboard")]
        if ctrl and key == pygame.K_q:
            return [Intent(I.QUIT, device="keyboard")]
        if ctrl:
            return []
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT:
            return [Intent(I.FULLSCREEN, device="keyboard")]
        if mod & pygame.KMOD_ALT:
            return []
        if key in _ARROWS:
            return self._repeating(key, Intent(I.MOVE, direction=_ARROWS[key], device="keyboard"))
        if key in _WASD:
            return self._repeating(key, Intent(I.PAN, delta=_WASD[key], device="keyboard"))
        if key in _ZOOM_KEYS:
            return self._repeating(key, Intent(I.ZOOM, factor=_ZOOM_KEYS[key], device="keyboard"))
        if key in _REVIEW_KEYS:
            return [Intent(I.REVIEW, topic=_REVIEW_KEYS[key], device="keyboard")]
        kind = _SIMPLE_KEYS.get(key)
        return [Intent(kind, device="keyboard")] if kind else []

    def _repeating(self, key: int, intent: Intent) -> list[Intent]:
        self._held[key] = [intent, REPEAT_DELAY]
        return [intent]

    def _key_up(self, e) -> list[Intent]:
        self._held.pop(e.key, None)
        return []

    # ------------------------------------------------------------- controllers

    def _pad_added(self, e) -> list[Intent]:
        try:
            from pygame._sdl2 import controller as sdl_controller
            if not sdl_controller.get_init():
                sdl_controller.init()
            pad = sdl_controller.Controller(e.device_index)
            instance_id = pad.as_joystick().get_instance_id()
            name = pad.name or "?"
        except Exception as exc:  # an odd device must not stop the game
            log.warning("could not open controller %s: %s", getattr(e, "device_index", "?"), exc)
            return []
        if instance_id not in self.pads:
            self.pads[instance_id] = Pad(pad, instance_id, name)
            self.notices.append(("ui.controller_added", {"name": name}))
        return []

    def _pad_removed(self, e) -> list[Intent]:
        pad = self.pads.pop(getattr(e, "instance_id", -1), None)
        if pad is not None:
            try:
                pad.controller.quit()
            except Exception:  # already gone with the device
                pass
            self.notices.append(("ui.controller_removed", {}))
        return []

    def _pad_button(self, e) -> list[Intent]:
        self.last_device = "controller"
        began = self.now()
        if e.button in _PAD_DPAD:
            return [Intent(I.MOVE, direction=_PAD_DPAD[e.button], device="controller", began=began)]
        kind = _PAD_BUTTONS.get(e.button)
        return [Intent(kind, device="controller", began=began)] if kind else []

    def _pad_axis(self, e) -> list[Intent]:
        pad = self.pads.get(getattr(e, "instance_id", -1))
        if pad is None:
            # An axis from a controller we never saw added: track it anyway.
            pad = self.pads.setdefault(e.instance_id, Pad(None, e.instance_id, "?"))
        value = max(-1.0, min(1.0, e.value / _AXIS_MAX))
        pad.axes[e.axis] = value
        if e.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        # The left stick moves the cursor one step per push, like the d-pad.
        x = pad.axes.get(pygame.CONTROLLER_AXIS_LEFTX, 0.0)
        y = pad.axes.get(pygame.CONTROLLER_AXIS_LEFTY, 0.0)
        if pad.stick_dir is None:
            direction = None
            if max(abs(x), abs(y)) >= STICK_ON:
                if abs(x) > abs(y):
                    direction = "right" if x > 0 else "left"
                else:
                    direction = "down" if y > 0 else "up"
            if direction:
                pad.stick_dir = direction
                self.last_device = "controller"
                return [Intent(I.MOVE, direction=direction, device="controller")]
        elif max(abs(x), abs(y)) < STICK_OFF:
            pad.stick_dir = None
        return []

    # ----------------------------------------------------------------- window

    def _resize(self, e) -> list[Intent]:
        w, h = getattr(e, "size", None) or (getattr(e, "w", 1), getattr(e, "h", 1))
        self.reset()
        return [Intent(I.RESIZE, size=(max(1, int(w)), max(1, int(h))))]

    def _quit(self, e) -> list[Intent]:
        return [Intent(I.QUIT)]

    def _focus_lost(self, e) -> list[Intent]:
        self.reset()
        return self._end_hover("mouse")

    def _pointer_left(self, e) -> list[Intent]:
        return self._end_hover("mouse")

    def _end_hover(self, device: str) -> list[Intent]:
        """A HOVER with no position, if the mouse last reported one."""
        if not self._hovering:
            return []
        self._hovering = False
        return [Intent(I.HOVER, pos=None, device=device)]


def _dead(v: float) -> float:
    if abs(v) < STICK_DEAD:
        return 0.0
    return (abs(v) - STICK_DEAD) / (1 - STICK_DEAD) * (1 if v > 0 else -1)


_HANDLERS: dict[int, Callable[[InputRecogniser, pygame.event.Event], list[Intent]]] = {
    pygame.MOUSEBUTTONDOWN: InputRecogniser._mouse_down,
    pygame.MOUSEMOTION: InputRecogniser._mouse_motion,
    pygame.MOUSEBUTTONUP: InputRecogniser._mouse_up,
    pygame.MOUSEWHEEL: InputRecogniser._wheel,
    pygame.FINGERDOWN: InputRecogniser._finger_down,
    pygame.FINGERMOTION: InputRecogniser._finger_motion,
    pygame.FINGERUP: InputRecogniser._finger_up,
    pygame.KEYDOWN: InputRecogniser._key,
    pygame.KEYUP: InputRecogniser._key_up,
    pygame.CONTROLLERDEVICEADDED: InputRecogniser._pad_added,
    pygame.CONTROLLERDEVICEREMOVED: InputRecogniser._pad_removed,
    pygame.CONTROLLERBUTTONDOWN: InputRecogniser._pad_button,
    pygame.CONTROLLERAXISMOTION: InputRecogniser._pad_axis,
    pygame.VIDEORESIZE: InputRecogniser._resize,
    pygame.QUIT: InputRecogniser._quit,
    pygame.WINDOWFOCUSLOST: InputRecogniser._focus_lost,
    pygame.WINDOWLEAVE: InputRecogniser._pointer_left,
}
