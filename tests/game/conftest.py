"""Headless pygame for the program's tests: SDL dummy drivers, a private user folder.

Every test gets its own settings/autosave/log folder (``DOMINO_TABLE_HOME``), so
no test reads or writes the real user's files, and the language is back to
English afterwards.  The event queue is emptied after each test: pygame_gui posts
events that name their widgets, and a test that never runs the main loop would
keep every widget (and its UIManager) it built alive in SDL's queue, out of the
garbage collector's sight (the screen-fit tests grew the run by 4 GB).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_and_drained(_private_home):
    """(The private folder is the root conftest's, for every test of every folder.)"""
    yield
    from game import i18n
    i18n.set_language("en")
    from shell_driver import drain_events
    drain_events()


@pytest.fixture()
def app():
    """A started App on the title (an autosave resumed if there is one), closed after."""
    from shell_driver import frames, make_app
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    a.close()
