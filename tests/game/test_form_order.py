"""Issue 40: the new-game form's keyboard order follows its columns.

Up from Player 1's name went round to Language, at the foot of the other column.  Up and
down now stay in a column, going round through the row of Back and Start under both;
down at a column's end goes on to the next column (so down alone still reaches every
field); left from a seat's name goes to the settings' column.  Real key events; ~1 s.
"""
from __future__ import annotations

import pygame
import pytest

from shell_driver import button, centre, click, frames, key, make_app

pytestmark = pytest.mark.rule("UX-7")


@pytest.fixture()
def form():
    app = make_app(size=(1280, 720))
    app.start(resume=False)
    frames(app, 2)
    click(app, centre(button(app.stack.top, "New game")))
    yield app, app.stack.top
    app.close()


def focus_on(app, form, key_name: str) -> None:
    for _ in range(40):
        if form.focus.current.key == key_name:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"down never reached {key_name}")


def test_up_from_the_first_name_goes_round_to_start_not_to_language(form):
    app, form = form
    focus_on(app, form, "name_0")
    key(app, pygame.K_UP)
    assert form.focus.current.key in ("start", "back"), form.focus.current.key
    key(app, pygame.K_UP)  # and on up the seats' column, from its foot
    assert form.focus.current.key.startswith(("name_", "kind_", "level_"))


def test_down_walks_the_settings_then_the_seats_then_start(form):
    app, form = form
    focus_on(app, form, "language")
    key(app, pygame.K_DOWN)
    assert form.focus.current.key == "name_0"
    seen = []
    for _ in range(12):
        key(app, pygame.K_DOWN)
        seen.append(form.focus.current.key)
    assert "start" in seen or "back" in seen
    assert "language" not in seen[:seen.index("start" if "start" in seen else "back")]


def test_left_from_a_name_reaches_the_settings_column(form):
    app, form = form
    focus_on(app, form, "name_0")
    key(app, pygame.K_LEFT)
    assert form.focus.current.key in ("game_mexican_train", "game_cuban", "game_jamaican", "count", "seed", "language")
