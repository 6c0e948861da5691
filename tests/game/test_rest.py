"""Issue 14, "at rest, the program rests": the real loop stops drawing while nothing moves,
sleeps on the event queue, and wakes for the next event.  (tools/bench_rest.py measures
the CPU share; these tests check the behaviour behind it.)"""
from __future__ import annotations

import pygame
import pytest

import game.app as app_module
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules import Config, Session
from shell_driver import frames, make_app, post


@pytest.fixture(autouse=True)
def quick_rest(monkeypatch):
    monkeypatch.setattr(app_module, "REST_WAIT_S", 0.005)


def table_app(game: str, kinds: str = "hccc"):
    app = make_app()
    app.set_setting("computer_speed", "instant")
    app.start(resume=False)
    seats = [SeatConfig(f"P{i + 1}", HUMAN if k == "h" else COMPUTER) for i, k in enumerate(kinds)]
    app.start_match(Session(Config(game, len(kinds), 7)), seats)
    for _ in range(20000 if "h" in kinds else 0):
        frames(app)
        if app.play_state.my_turn():
            break
    app.stack.top.camera.update(10.0)
    return app


def real_frames(app, n: int) -> tuple[int, int]:
    """``n`` frames of the real loop (measured time, the rest's sleep); draws and rests made."""
    d0, r0 = app.draws, app.rested
    app.run(frames=n)
    return app.draws - d0, app.rested - r0


def test_the_title_draws_once_then_rests_until_an_event():
    app = make_app()
    app.start(resume=False)
    real_frames(app, 5)  # the first picture
    drawn, rested = real_frames(app, 30)
    assert drawn <= 1 and rested >= 29
    post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    drawn, _ = real_frames(app, 3)
    assert drawn >= 1, "a key press did not wake the loop"
    app.close()


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_a_table_waiting_for_a_human_rests(game):
    app = table_app(game)
    # the last play's landing ring fades (up to 200 frames; it is over in about 80): the
    # frames go on until five in a row rest, instead of all 200 at 120 a second (issue 26)
    for _ in range(40):
        if real_frames(app, 5)[1] == 5:
            break
    drawn, rested = real_frames(app, 40)
    assert drawn <= 2 and rested >= 38
    app.close()


def test_a_table_where_the_computers_play_never_rests():
    app = table_app("mexican_train", "cccc")
    app.set_setting("computer_speed", "normal")
    app.play_state.delay = 0.8
    drawn, rested = real_frames(app, 20)
    assert rested == 0 and drawn == 20
    app.close()


def test_a_text_field_being_edited_keeps_drawing_for_its_cursor():
    from game.scenes.menu import TextField
    from shell_driver import button, centre, click
    app = make_app()
    app.start(resume=False)
    click(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    field = next(c for c in form._controls if isinstance(c, TextField))
    field.activate()
    frames(app, 2)
    assert form.editing() is field
    drawn, rested = real_frames(app, 10)
    assert rested == 0 and drawn == 10
    app.close()


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_a_table_frame_does_not_clear_the_window_it_covers(game, monkeypatch):
    """Issue 14: the App cleared the whole window before every frame, and the table then
    covered every pixel of it again: one full-window pass a frame for nothing."""
    app = table_app(game)
    assert app.stack.covers()
    fills = []
    real_fill = pygame.Surface.fill

    class Spy(pygame.Surface):
        def fill(self, *a, **kw):
            fills.append(a)
            return real_fill(self, *a, **kw)
    spy = Spy(app.screen.get_size())
    monkeypatch.setattr(pygame.display, "get_surface", lambda: spy)
    app.draw()
    assert not [a for a in fills if tuple(a[0])[:3] == (18, 36, 29) and len(a) == 1]
    px = pygame.surfarray.array3d(spy).reshape(-1, 3)
    assert not (px == 0).all(axis=1).any(), "a pixel the table left undrawn"
    from game.scenes.overlays import GameMenuScene
    app.stack.push(GameMenuScene(app))
    assert app.stack.covers()  # a menu over the table: the table is still drawn first
    app.stack.pop()
    app.stack.pop()
    assert not app.stack.covers()  # the title under it clears the window as before
    app.close()
