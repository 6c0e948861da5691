"""Issue 28, item 3: a screen that moves by itself keeps the program's loop awake.

At rest the App sleeps on its event queue (issue 14) and draws nothing new until an
event comes.  A screen that changes with no input (replay playback, a grading that
finishes on its thread) must say it is not resting, or its picture stands still:
the replay stood at "Move 1 of 142" until the mouse moved.
"""
from __future__ import annotations

import importlib
import pkgutil
import time

import pytest

from game import history
from game.scene import Scene
from game.scenes.replay import SPEEDS, open_replay
from shell_driver import frames, make_app
from test_replay_viewer import finished, seats


@pytest.fixture(scope="module")
def cuban_match():
    return finished("cuban", 4, 11)


def real_time(app, seconds: float) -> int:
    """The App's own loop for ``seconds`` of wall time, no event posted: it measures its
    frames and may sleep on the event queue when it rests (as ``App.run`` does)."""
    start = time.perf_counter()
    app._last = start
    n = 0
    while time.perf_counter() - start < seconds:
        app.frame()
        n += 1
    return n


def test_a_replay_playing_with_no_input_advances_and_every_move_is_drawn(cuban_match):
    app = make_app(size=(1024, 600), persist=False)
    app.start(resume=False)
    try:
        scene = open_replay(app, history.MatchRecord(cuban_match, seats(4)))
        frames(app, 3)
        scene.speed = len(SPEEDS) - 1  # the fastest: a move every 0.1 s
        scene.toggle_play()
        assert not app.resting()
        drawn: list[int] = []
        inner = scene.draw

        def draw(surface, alpha=1.0):
            drawn.append(scene.replay.index)
            inner(surface, alpha)

        scene.draw = draw  # type: ignore[method-assign]
        rested = app.rested
        real_time(app, 1.5)
        assert app.rested == rested, "the loop slept while the replay played"
        assert scene.replay.index >= 5
        # the picture follows the playback: every position reached was drawn
        assert drawn[-1] == scene.replay.index and len(set(drawn)) >= 5
        scene.toggle_play()  # paused, the viewer rests again once its last move stops glowing
        frames(app, 240)
        assert app.resting()
    finally:
        app.close()


def _scene_classes() -> list[type]:
    import game.scenes as package
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"game.scenes.{info.name}")
    found, todo = [], [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return [c for c in found if c.__module__.startswith("game.")]


def test_every_screen_that_moves_by_itself_says_when_it_rests():
    """A scene with its own ``update`` (a clock that moves it) also says when it rests:
    the default, "always at rest", would put the loop to sleep under it."""
    lazy = [c.__name__ for c in _scene_classes()
            if any("update" in vars(k) for k in c.__mro__[:c.__mro__.index(Scene)])
            and not any("resting" in vars(k) for k in c.__mro__[:c.__mro__.index(Scene)])]
    assert lazy == []


def test_the_coach_keeps_the_loop_awake_until_its_grading_is_done(monkeypatch):
    """While the deal is graded on its thread the coach screen is not at rest; once the
    report is there it is, after one more picture (the report's)."""
    from game.scenes import coach as coach_scene
    from shell_driver import running_app
    from test_coach_screen import _open_coach, _to_the_reveal

    class Unfinished:
        report = None
        error = None
        thread = None

    job = Unfinished()
    monkeypatch.setattr(coach_scene, "grading_for", lambda session, humans: job)
    with running_app(size=(1024, 600)) as app:
        dev, play, reveal = _to_the_reveal(app, "jamaican", 2026)
        screen = _open_coach(app, dev, reveal)
        frames(app, 240)  # two seconds: the turned hands of the panel below have settled
        assert not screen.ready and not app.resting()
        job.error = "done"  # the worker thread finished
        assert app.resting()
