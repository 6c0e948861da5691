"""The input recogniser, driven by real posted pygame events (DESIGN.md: one recogniser)."""
from __future__ import annotations

import math

import pygame
import pytest

from game import intents as I
from game.input import TAP_SLOP, InputRecogniser

SIZE = (800, 600)


@pytest.fixture()
def rec():
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    pygame.event.clear()
    r = InputRecogniser(lambda: SIZE)
    yield r
    pygame.display.quit()


def run(rec: InputRecogniser, *events: tuple) -> list:
    """Post real events, read them back from the queue, and feed them to the recogniser."""
    for etype, attrs in events:
        pygame.event.post(pygame.event.Event(etype, attrs))
    out = []
    for event in pygame.event.get():
        out.extend(rec.feed(event))
    return out


def mouse(etype, pos, button=1, touch=False, **kw):
    attrs = {"pos": pos, "touch": touch, **kw}
    if etype == pygame.MOUSEMOTION:
        attrs.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        attrs["button"] = button
    return etype, attrs


def finger(etype, fid, x, y):
    return etype, {"touch_id": 1, "finger_id": fid, "x": x / SIZE[0], "y": y / SIZE[1],
                   "dx": 0.0, "dy": 0.0, "pressure": 1.0}


def key(k, mod=0):
    return pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": "", "scancode": 0}


def kinds(intents) -> list[str]:
    return [i.kind for i in intents]


def test_a_click_that_stays_within_the_slop_is_a_tap(rec):
    out = run(rec, mouse(pygame.MOUSEBUTTONDOWN, (100, 100)),
              mouse(pygame.MOUSEMOTION, (104, 103)),
              mouse(pygame.MOUSEBUTTONUP, (104, 103)))
    assert kinds(out) == [I.TAP]
    assert out[0].pos == (104, 103)


def test_moving_past_the_slop_is_a_drag_and_never_a_tap(rec):
    out = run(rec, mouse(pygame.MOUSEBUTTONDOWN, (100, 100)),
              mouse(pygame.MOUSEMOTION, (100 + TAP_SLOP + 5, 100)),
              mouse(pygame.MOUSEMOTION, (160, 130)),
              mouse(pygame.MOUSEBUTTONUP, (160, 130)))
    assert kinds(out) == [I.DRAG, I.DRAG, I.DRAG_END]
    # The drag deltas add up to the whole movement, so the grabbed point stays under the pointer.
    assert (sum(i.delta[0] for i in out), sum(i.delta[1] for i in out)) == (60, 30)


def test_the_right_button_cancels_and_the_wheel_zooms_at_the_pointer(rec):
    out = run(rec, mouse(pygame.MOUSEBUTTONDOWN, (5, 5), button=3))
    assert kinds(out) == [I.CANCEL]
    out = run(rec, (pygame.MOUSEWHEEL, {"x": 0, "y": 1, "precise_x": 0.0, "precise_y": 1.0,
                                        "flipped": False, "touch": False}))
    assert kinds(out) == [I.ZOOM] and out[0].factor > 1
    out = run(rec, (pygame.MOUSEWHEEL, {"x": 0, "y": -2, "precise_x": 0.0, "precise_y": -2.0,
                                        "flipped": False, "touch": False}))
    assert out[0].factor < 1 and out[0].pos is not None


def test_a_press_on_a_widget_is_the_widgets_not_a_tap(rec):
    rec.ui_hit = lambda pos: pos[0] < 50
    out = run(rec, mouse(pygame.MOUSEBUTTONDOWN, (10, 10)), mouse(pygame.MOUSEMOTION, (200, 10)),
              mouse(pygame.MOUSEBUTTONUP, (200, 10)))
    assert out == []


def test_a_finger_tap_is_one_tap_in_pixels(rec):
    out = run(rec, finger(pygame.FINGERDOWN, 0, 400, 300), finger(pygame.FINGERUP, 0, 402, 301))
    assert kinds(out) == [I.TAP]
    assert out[0].device == "touch"
    assert out[0].pos == pytest.approx((402, 301))


def test_touch_with_sdls_synthetic_mouse_events_makes_one_tap_not_two(rec):
    """NOTES.md: SDL adds mouse events with ``touch`` set; a posted FINGERDOWN does not, so post both."""
    out = run(rec, finger(pygame.FINGERDOWN, 0, 400, 300),
              mouse(pygame.MOUSEBUTTONDOWN, (400, 300), touch=True),
              finger(pygame.FINGERUP, 0, 400, 300),
              mouse(pygame.MOUSEBUTTONUP, (400, 300), touch=True))
    assert kinds(out) == [I.TAP]


def test_one_finger_drag_pans_by_drag_intents(rec):
    out = run(rec, finger(pygame.FINGERDOWN, 0, 100, 100), finger(pygame.FINGERMOTION, 0, 150, 100),
              mouse(pygame.MOUSEMOTION, (150, 100), touch=True),
              finger(pygame.FINGERUP, 0, 150, 100))
    assert kinds(out) == [I.DRAG, I.DRAG_END]
    assert out[0].delta == pytest.approx((50, 0))


def test_two_fingers_pinch_zoom_at_their_centre_and_pan_without_a_tap(rec):
    out = run(rec, finger(pygame.FINGERDOWN, 0, 300, 300), finger(pygame.FINGERDOWN, 1, 500, 300),
              finger(pygame.FINGERMOTION, 1, 700, 300))
    zooms = [i for i in out if i.kind == I.ZOOM]
    assert zooms and zooms[0].factor == pytest.approx(400 / 200)
    assert zooms[0].pos == pytest.approx((500, 300))
    # Both fingers move together: a pan by the centre's movement, no zoom.
    out = run(rec, finger(pygame.FINGERMOTION, 0, 300, 350), finger(pygame.FINGERMOTION, 1, 700, 350))
    pans = [i for i in out if i.kind == I.PAN]
    assert sum(p.delta[1] for p in pans) == pytest.approx(50)
    assert all(abs(z.factor - 1) < 0.2 for z in out if z.kind == I.ZOOM)
    out = run(rec, finger(pygame.FINGERUP, 0, 300, 350), finger(pygame.FINGERUP, 1, 700, 350))
    assert I.TAP not in kinds(out)


def test_a_finger_starting_on_a_widget_makes_no_intents(rec):
    rec.ui_hit = lambda pos: True
    out = run(rec, finger(pygame.FINGERDOWN, 0, 10, 10), finger(pygame.FINGERMOTION, 0, 200, 10),
              finger(pygame.FINGERUP, 0, 200, 10))
    assert out == []


@pytest.mark.parametrize("k,mod,kind,extra", [
    (pygame.K_UP, 0, I.MOVE, "up"), (pygame.K_DOWN, 0, I.MOVE, "down"),
    (pygame.K_LEFT, 0, I.MOVE, "left"), (pygame.K_RIGHT, 0, I.MOVE, "right"),
    (pygame.K_RETURN, 0, I.CONFIRM, None), (pygame.K_KP_ENTER, 0, I.CONFIRM, None),
    (pygame.K_SPACE, 0, I.CONFIRM, None), (pygame.K_ESCAPE, 0, I.CANCEL, None),
    (pygame.K_z, pygame.KMOD_LCTRL, I.UNDO, None), (pygame.K_y, pygame.KMOD_LCTRL, I.REDO, None),
    (pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, I.REDO, None),
    (pygame.K_h, 0, I.HINT, None), (pygame.K_f, 0, I.FIT, None), (pygame.K_g, 0, I.FOLLOW, None),
    (pygame.K_l, 0, I.LOG, None), (pygame.K_F1, 0, I.RULES, None), (pygame.K_TAB, 0, I.SORT, None),
    (pygame.K_m, 0, I.MENU, None), (pygame.K_F11, 0, I.FULLSCREEN, None),
    (pygame.K_RETURN, pygame.KMOD_LALT, I.FULLSCREEN, None),
])
def test_keys_make_their_intents(rec, k, mod, kind, extra):
    out = run(rec, key(k, mod))
    assert kinds(out) == [kind]
    if extra:
        assert out[0].direction == extra
    assert out[0].device == "keyboard"


def test_wasd_pans_and_plus_minus_zoom(rec):
    out = run(rec, key(pygame.K_w), key(pygame.K_a), key(pygame.K_s), key(pygame.K_d))
    assert kinds(out) == [I.PAN] * 4
    # W A S D look up, left, down, right: the table moves down, right, up, left under the view
    assert [math.copysign(1, sum(i.delta)) for i in out] == [1, 1, -1, -1]
    out = run(rec, key(pygame.K_EQUALS), key(pygame.K_PLUS), key(pygame.K_MINUS), key(pygame.K_KP_MINUS))
    assert [i.factor > 1 for i in out] == [True, True, False, False]
    assert all(i.pos is None for i in out)  # keyboard zoom keeps the centre


def test_ctrl_z_is_not_also_a_letter_key(rec):
    assert kinds(run(rec, key(pygame.K_h, pygame.KMOD_LCTRL))) == []


def test_window_resize_becomes_a_resize_intent_even_at_one_pixel(rec):
    out = run(rec, (pygame.VIDEORESIZE, {"size": (1, 1), "w": 1, "h": 1}))
    assert kinds(out) == [I.RESIZE] and out[0].size == (1, 1)


def pad_button(b, iid=7):
    return pygame.CONTROLLERBUTTONDOWN, {"instance_id": iid, "button": b}


def pad_axis(axis, value, iid=7):
    return pygame.CONTROLLERAXISMOTION, {"instance_id": iid, "axis": axis, "value": value}


def test_controller_buttons_and_dpad(rec):
    out = run(rec, pad_button(pygame.CONTROLLER_BUTTON_A), pad_button(pygame.CONTROLLER_BUTTON_B),
              pad_button(pygame.CONTROLLER_BUTTON_START), pad_button(pygame.CONTROLLER_BUTTON_DPAD_LEFT),
              pad_button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER))
    assert kinds(out) == [I.CONFIRM, I.CANCEL, I.MENU, I.MOVE, I.UNDO]
    assert out[3].direction == "left" and out[0].device == "controller"


def test_joystick_events_of_a_controller_are_ignored(rec):
    out = run(rec, (pygame.JOYBUTTONDOWN, {"instance_id": 7, "joy": 0, "button": 0}),
              (pygame.JOYHATMOTION, {"instance_id": 7, "joy": 0, "hat": 0, "value": (1, 0)}))
    assert out == []


def test_left_stick_moves_once_per_push(rec):
    out = run(rec, pad_axis(pygame.CONTROLLER_AXIS_LEFTX, 30000),
              pad_axis(pygame.CONTROLLER_AXIS_LEFTX, 32000))
    assert kinds(out) == [I.MOVE] and out[0].direction == "right"
    out = run(rec, pad_axis(pygame.CONTROLLER_AXIS_LEFTX, 0), pad_axis(pygame.CONTROLLER_AXIS_LEFTY, -30000))
    assert kinds(out) == [I.MOVE] and out[0].direction == "up"


def test_right_stick_pans_and_triggers_zoom_continuously(rec):
    run(rec, pad_axis(pygame.CONTROLLER_AXIS_RIGHTX, 32767), pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767))
    out = rec.update(0.1)
    assert kinds(out) == [I.PAN, I.ZOOM]
    assert out[0].delta[0] > 0 and out[1].factor > 1
    run(rec, pad_axis(pygame.CONTROLLER_AXIS_RIGHTX, 0), pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0))
    assert rec.update(0.1) == []


class FakeController:
    opened: list = []

    def __init__(self, index):
        self.index = index
        self.name = f"Pad {index}"
        self.closed = False
        FakeController.opened.append(self)

    def as_joystick(self):
        pad = self

        class J:
            def get_instance_id(self):
                return 40 + pad.index
        return J()

    def quit(self):
        self.closed = True


def test_controller_hot_plug_add_and_remove(rec, monkeypatch):
    from pygame._sdl2 import controller
    monkeypatch.setattr(controller, "Controller", FakeController)
    run(rec, (pygame.CONTROLLERDEVICEADDED, {"device_index": 2}))
    assert list(rec.pads) == [42]
    assert rec.notices[-1][0] == "ui.controller_added"
    assert kinds(run(rec, pad_button(pygame.CONTROLLER_BUTTON_A, iid=42))) == [I.CONFIRM]
    run(rec, (pygame.CONTROLLERDEVICEREMOVED, {"instance_id": 42}))
    assert rec.pads == {} and FakeController.opened[-1].closed
    # Unplugged mid-game: stray events from the gone device and a second removal are harmless.
    run(rec, (pygame.CONTROLLERDEVICEREMOVED, {"instance_id": 42}),
        pad_axis(pygame.CONTROLLER_AXIS_RIGHTX, 20000, iid=42))
    rec.update(0.1)


def test_a_controller_that_cannot_be_opened_is_skipped(rec):
    # No device 9 exists under the dummy driver: opening it fails and nothing breaks.
    assert run(rec, (pygame.CONTROLLERDEVICEADDED, {"device_index": 9})) == []
    assert rec.pads == {}


def test_held_arrows_repeat_but_a_held_enter_never_does(rec):
    """A held Enter must not select, preview and confirm a move by itself (UX-1)."""
    from game.input import REPEAT_DELAY, REPEAT_INTERVAL
    run(rec, key(pygame.K_RIGHT), key(pygame.K_RETURN))
    assert rec.update(REPEAT_DELAY * 0.9) == []
    out = rec.update(REPEAT_DELAY * 0.1 + REPEAT_INTERVAL * 3.5)
    assert kinds(out) == [I.MOVE] * 4 and {i.direction for i in out} == {"right"}
    run(rec, (pygame.KEYUP, {"key": pygame.K_RIGHT, "mod": 0, "unicode": "", "scancode": 0}))
    assert rec.update(1.0) == []


def test_losing_focus_forgets_held_keys(rec):
    run(rec, key(pygame.K_w))
    run(rec, (pygame.WINDOWFOCUSLOST, {"window": None}))
    assert rec.update(2.0) == []
