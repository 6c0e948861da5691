"""A seeded monkey: thousands of random raw events into the real App never crash it.

"The program never crashes on a player" (Standards).  The other program tests
follow a script; this one throws whatever a restless player, a cat on the
keyboard or a flaky controller could produce: clicks on the widgets on screen
and anywhere else, drags, wheels, keys (with and without Ctrl), typed text in
any script, taps and pinches, window resizes down to one pixel, focus changes,
and controllers plugged, pressed and pulled.  The App runs strict, so any
exception in any frame fails the test with its traceback; the screens it
reached are checked so a monkey that never left the title cannot pass.

Each run is a pure function of its seed, so a failure replays exactly.  For a
longer hunt: ``MONKEY_SEEDS=1-40 MONKEY_GESTURES=5000 make test`` (or run this file
alone with pytest and the same variables).
"""
from __future__ import annotations

import os
import random

import pygame
import pytest

from game.scenes.table import TableScene
from shell_driver import fake_controllers, frames, make_app, new_game_by_clicks, post

def _seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds += range(int(first), int(last or first) + 1)
    return seeds


SEEDS = _seeds(os.environ.get("MONKEY_SEEDS", "1-4"))
#: gestures per seed (a gesture is one to five frames); ten runs of 200 to 300 throw thousands of
#: events, and the longer hunt is the variables' (issue 26: the suite's time).  The title's and the
#: table's runs take 200 (300 before: their last hundred cost two thirds of their time); the
#: hot-seat runs keep 300, which every one of them needs to get a decision done behind the curtain.
GESTURES = int(os.environ.get("MONKEY_GESTURES", "200"))
HOT_SEAT_GESTURES = int(os.environ.get("MONKEY_GESTURES", "300"))

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_ESCAPE,
        pygame.K_TAB, pygame.K_SPACE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS,
        pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_z, pygame.K_y, pygame.K_h, pygame.K_u,
        pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_F1, pygame.K_F11,
        pygame.K_1, pygame.K_9, pygame.K_PAGEUP, pygame.K_PAGEDOWN]
TEXT = ["a", "Z", "7", "Ж", "ї", "è", " ", "🂡", "中", "\u200b"]
PAD_BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
               pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK,
               pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
               pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
               pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER]
PAD_AXES = [pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY, pygame.CONTROLLER_AXIS_RIGHTX,
            pygame.CONTROLLER_AXIS_RIGHTY, pygame.CONTROLLER_AXIS_TRIGGERLEFT]
SIZES = [(1, 1), (2, 600), (900, 1), (320, 200), (800, 600), (1024, 640), (1280, 720), (1920, 1080)]
PAD_ID = 77

# At a window of a pixel or two, pygame_gui warns that labels do not fit: expected here.
pytestmark = pytest.mark.filterwarnings("ignore:Label Rect is too small:UserWarning")


@pytest.fixture()
def fake_pads(monkeypatch):
    """Controllers that SDL's dummy driver does not have: the App's hot-plug path sees these."""
    fake_controllers(monkeypatch, "Monkey pad", PAD_ID)


class Monkey:
    """One random gesture per call, drawn from the seed's own stream only."""

    def __init__(self, app, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.pad_in = False

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    def widget_point(self) -> tuple[int, int] | None:
        """The centre of a widget on screen: what a player aims at, so the monkey gets somewhere."""
        shown = [e.rect for e in self.app.ui.get_sprite_group().sprites()
                 if getattr(e, "visible", 0) and e.rect.w > 0 and e.rect.h > 0
                 and type(e).__name__ in ("UIButton", "UIDropDownMenu", "UITextEntryLine", "UISelectionList")]
        # the table draws its own buttons (the bottom row, the curtain's Show my tiles)
        top = self.app.stack.top
        shown += [b.rect for b in getattr(top, "buttons", []) if getattr(b, "rect", None) is not None]
        if type(top).__name__ == "TableScene":
            from game.scenes.table_curtain import curtain_button
            curtain = curtain_button(top)
            if curtain is not None:
                shown.append(curtain.rect)
        if not shown:
            return None
        return self.rng.choice(shown).center

    def click(self, pos, button: int = 1, touch: bool = False) -> None:
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=touch)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
        frames(self.app)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)

    def gesture(self) -> None:
        r = self.rng.random()
        rng = self.rng
        if r < 0.30:
            self.click(self.widget_point() or self.point())
        elif r < 0.45:
            self.click(self.point(), button=rng.choice((1, 1, 1, 2, 3)))
        elif r < 0.52:
            start, end = self.point(), self.point()
            post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
            for i in range(1, 5):
                pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
                post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)
                frames(self.app)
            post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
        elif r < 0.57:
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), flipped=False, precise_x=0.0,
                 precise_y=0.0, touch=False)
        elif r < 0.75:
            k = rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if rng.random() < 0.15 else (pygame.KMOD_ALT if rng.random() < 0.05 else 0)
            post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
            post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
        elif r < 0.79:
            post(pygame.TEXTINPUT, text=rng.choice(TEXT))
        elif r < 0.86:
            self.finger_gesture()
        elif r < 0.88:
            self.resize(rng.choice(SIZES))
        elif r < 0.90:
            post(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE,
                             pygame.WINDOWENTER, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)))
        else:
            self.pad_gesture()
        frames(self.app)

    def finger_gesture(self) -> None:
        w, h = self.app.size
        rng = self.rng
        fingers = rng.choice((1, 1, 2))
        downs = [(rng.random(), rng.random()) for _ in range(fingers)]
        for f, (x, y) in enumerate(downs):
            post(pygame.FINGERDOWN, touch_id=1, finger_id=f, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)
            if f == 0:
                pos = (int(x * w), int(y * h))
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
        frames(self.app)
        for _ in range(rng.choice((0, 3))):
            for f, (x, y) in enumerate(downs):
                dx = (rng.random() - 0.5) * 0.1
                post(pygame.FINGERMOTION, touch_id=1, finger_id=f, x=min(1, max(0, x + dx)), y=y,
                     dx=dx, dy=0.0, pressure=1.0)
            frames(self.app)
        for f, (x, y) in enumerate(downs):
            post(pygame.FINGERUP, touch_id=1, finger_id=f, x=x, y=y, dx=0.0, dy=0.0, pressure=0.0)
        post(pygame.MOUSEBUTTONUP, pos=(int(downs[0][0] * w), int(downs[0][1] * h)), button=1, touch=True)

    def resize(self, size: tuple[int, int]) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])

    def pad_gesture(self) -> None:
        rng = self.rng
        if not self.pad_in or rng.random() < 0.1:
            if self.pad_in:
                post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD_ID)
            else:
                post(pygame.CONTROLLERDEVICEADDED, device_index=0)
            self.pad_in = not self.pad_in
            return
        if rng.random() < 0.7:
            b = rng.choice(PAD_BUTTONS)
            post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=b)
            post(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=b)
        else:
            post(pygame.CONTROLLERAXISMOTION, instance_id=PAD_ID, axis=rng.choice(PAD_AXES),
                 value=rng.choice((-32768, -20000, 0, 12000, 32767)))


def open_app():
    app = make_app(size=(1280, 720))
    app.start()  # resumes the autosave when there is one, as a player's next start would
    app.set_setting("computer_speed", "instant")
    frames(app, 2)
    return app


def run_monkey(app, seed: int, gestures: int = GESTURES) -> tuple[set[str], int]:
    """``gestures`` random gestures; the screens seen and the furthest decision reached."""
    monkey = Monkey(app, seed)
    screens: set[str] = set()
    decisions = 0
    try:
        for _ in range(gestures):
            if not monkey.app.running:
                # The monkey found Quit and confirmed it: a clean exit.  Start again, as a
                # player would, and the match in progress comes back.
                assert monkey.app.exit_code == 0 and monkey.app.errors == []
                monkey.app.close()
                monkey.app = open_app()
            monkey.gesture()
            screens.update(type(s).__name__ for s in monkey.app.stack)
            if monkey.app.play_state is not None:
                decisions = max(decisions, monkey.app.play_state.session.cursor)
        assert monkey.app.errors == []
    finally:
        monkey.app.close()
    return screens, decisions


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_random_input_from_the_title_never_crashes_the_program(seed, fake_pads):
    """The menus: title, new game form, settings (language, scale, tiles), rules."""
    screens, _ = run_monkey(open_app(), seed)
    assert len(screens) >= 3, screens  # it got somewhere beyond the title


GAMES = ("mexican_train", "cuban", "jamaican")


@pytest.mark.parametrize("seed", SEEDS)
def test_random_input_at_the_table_never_crashes_the_program(seed, fake_pads):
    """A match in progress: the table, its menu and overlays, deal ends, quitting and resuming;
    the seeds take turns at the three games."""
    app = open_app()
    game = GAMES[(seed - 1) % len(GAMES)]
    if game == "mexican_train":
        new_game_by_clicks(app, seed)
    else:
        from game.seats import COMPUTER, HUMAN, SeatConfig
        from rules.session import Config, Session
        seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in (2, 3, 4)]
        app.start_match(Session(Config(game, 4, seed)), seats)
        frames(app, 2)
    assert isinstance(app.stack.top, TableScene)
    start = app.play_state.session.cursor
    _, decisions = run_monkey(app, seed)
    assert decisions > start  # the match went on under the monkey's hands


@pytest.fixture()
def faces_drawn(monkeypatch):
    """Every tile face handed out for drawing since the last frame began (UX-3 checks)."""
    from game.table.sprites import Sprites
    drawn: list[tuple[int, int]] = []
    inner = Sprites.face

    def face(self, first, second, *args, **kw):
        drawn.append((min(first, second), max(first, second)))
        return inner(self, first, second, *args, **kw)

    monkeypatch.setattr(Sprites, "face", face)
    return drawn


@pytest.mark.parametrize("seed, game", [(SEEDS[0], "mexican_train"), (SEEDS[1 % len(SEEDS)], "mexican_train"),
                                        (SEEDS[0], "cuban"), (SEEDS[0], "jamaican")])
def test_random_input_in_hot_seat_never_shows_a_hidden_hand(seed, game, fake_pads, faces_drawn, monkeypatch):
    """Two humans share the device (UX-3): whatever is pressed, no frame draws a face of a
    hand other than the one whose turn it is, until the deal's reveal."""
    from game.app import App
    from game.play import CURTAIN, DEAL_END, MATCH_END
    from game.seats import COMPUTER, HUMAN, SeatConfig
    from rules.session import Config, Session

    inner = App.draw
    checked = [0]

    def draw(self, alpha=1.0):
        faces_drawn.clear()
        inner(self, alpha)
        play = self.play_state
        if play is None or play.phase in (DEAL_END, MATCH_END) or type(self.stack.top).__name__ != "TableScene":
            return
        state = play.session.state
        # behind the curtain no hand at all; otherwise only the hand of the human holding the device
        holder = None if play.phase == CURTAIN else play.viewer
        hidden = {t for s in range(1, state.n + 1) if s != holder for t in state.hands[s]}
        assert not set(faces_drawn) & hidden, "a face of a hidden hand was drawn"
        checked[0] += 1

    monkeypatch.setattr(App, "draw", draw)
    app = open_app()
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bo", COMPUTER), SeatConfig("Cy", HUMAN), SeatConfig("Di", COMPUTER)]
    app.start_match(Session(Config(game, 4, seed)), seats)
    frames(app, 2)
    start = app.play_state.session.cursor
    placements = app.play_state.reveals_seen, app.play_state._setups_seen
    _, decisions = run_monkey(app, seed, HOT_SEAT_GESTURES)
    # progress: a decision of the rules, or the engine placed by its holder (MT-4, confirmed at
    # the table; the rules placed it with the deal)
    assert (decisions > start or app.play_state._setups_seen > placements[1]) and checked[0] > 100
