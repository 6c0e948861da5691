"""Drive the App in tests with real posted events: clicks, keys, taps, frames."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pygame

from game.app import STEP, App
from game.scenes.menu import Button, Choice, TextField


def make_app(**kw) -> App:
    kw.setdefault("strict", True)
    kw.setdefault("size", (1280, 720))
    app = App(**kw)
    return app


@contextmanager
def running_app(**kw) -> Iterator[App]:
    """A started App (the title on screen, an autosave resumed if there is one), closed after."""
    app = make_app(**kw)
    app.start()
    frames(app, 2)
    try:
        yield app
    finally:
        app.close()


def new_game_by_clicks(app: App, seed: int):
    """From the title: New game, then Start on the fresh form (one human, three computers),
    with computers at instant speed.  Returns the table scene and its play state."""
    app.set_setting("computer_speed", "instant")
    app.default_seed = seed  # what --seed does: the form offers it
    click(app, centre(button(app.stack.top, "New game")))
    click(app, centre(button(app.stack.top, "Start")))
    return app.stack.top, app.play_state


def frames(app: App, n: int = 1, dt: float = STEP) -> None:
    for _ in range(n):
        app.frame(dt=dt)


def read(app: App) -> None:
    """The player takes in what just came up (a decision, a card, a score screen) before a
    press meant for it: the press guard's time passes (issue 40, ``game.guard``), in frames
    of 50 ms (the game's clocks still run in fixed steps)."""
    from game.guard import PRESS_GUARD_S
    frames(app, 12, dt=(PRESS_GUARD_S + 0.01) / 12)


def post(etype: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(etype, attrs))


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click with the mouse (motion, press, release), one frame each."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    frames(app, 2)  # pygame_gui posts its "pressed" event while handling the release


def touch(app: App, pos: tuple[int, int]) -> None:
    """A finger tap as SDL reports it: the FINGER events and the synthetic mouse events
    (a posted FINGERDOWN does not make the mouse events, NOTES.md, so post both)."""
    w, h = app.size
    f = dict(touch_id=1, finger_id=0, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0)
    post(pygame.FINGERDOWN, **f)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    frames(app)
    post(pygame.FINGERUP, **f)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    frames(app, 2)


def key(app: App, k: int, mod: int = 0, n: int = 1) -> None:
    for _ in range(n):
        post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
        frames(app, 2)


def type_text(app: App, text: str) -> None:
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
        frames(app)


def controls(scene) -> list:
    return list(scene._controls)


def button(scene, text: str) -> Button:
    """The button of ``scene`` showing exactly ``text``."""
    found = [c for c in controls(scene) if isinstance(c, Button) and c.element.text == text]
    assert found, f"no button {text!r} in {[getattr(c, 'element', None) and c.element.text for c in controls(scene)]}"
    return found[0]


def choices(scene) -> list[Choice]:
    return [c for c in controls(scene) if isinstance(c, Choice)]


def fields(scene) -> list[TextField]:
    return [c for c in controls(scene) if isinstance(c, TextField)]


def centre(control) -> tuple[int, int]:
    el = control.element if isinstance(control, Button) else control.value
    return el.rect.center


def label_texts(scene) -> list[str]:
    from pygame_gui.elements import UILabel
    out = []

    def walk(container):
        for el in container.elements:
            if isinstance(el, UILabel):
                out.append(el.text)
            inner = getattr(el, "get_container", None)
            if inner is not None and el is not container:
                try:
                    walk(el.get_container())
                except Exception:
                    pass
    walk(scene.panel.get_container())
    return out


def fake_controllers(monkeypatch, name: str = "Test pad", instance_id: int = 77) -> None:
    """Make SDL's controller module open a fake pad: the dummy driver has none, and the
    App's hot-plug path (CONTROLLERDEVICEADDED) needs one to open."""
    from pygame._sdl2 import controller

    class Pad:
        def __init__(self, index):
            self.name = name

        def as_joystick(self):
            class Joystick:
                def get_instance_id(self):
                    return instance_id
            return Joystick()

        def quit(self):
            pass

    monkeypatch.setattr(controller, "Controller", Pad)


def drain_events() -> None:
    """Empty SDL's event queue: pygame_gui's events name their widgets, and the queue holds
    them out of the garbage collector's sight, so a test that never runs the main loop
    would keep every widget and UIManager it built alive.  ``get``, not ``clear``: clear
    drops the events but, measured with pygame-ce 2.5.8, not the dicts of posted ones."""
    if pygame.display.get_init():
        pygame.event.get()
