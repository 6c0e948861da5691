"""Frames whose picture nobody looks at are stepped, not drawn (issue 26: the suite's time).

A test's ``frames(app, n)`` (``shell_driver.frames``, which every gesture there calls) steps
the App ``n`` whole frames; with ``draw_last_frames_only`` in force only the last of the
``n`` is drawn (and flipped).  Each frame still takes its events, its fixed steps and
pygame_gui's update, so the game runs exactly as before; what changes is how many
pictures are drawn between two steps of the test.  The picture on screen whenever the
test reads it (a button's or a tile's place, the faces audited after each drawn frame) is
still the frame just stepped: the last of every call is drawn.
"""
from __future__ import annotations

import contextlib
import os
from typing import Iterator

import pygame

import shell_driver
from game.app import STEP


def draw_last_frames_only(monkeypatch, app, dev=None) -> list[int]:
    """From now on, of each ``frames(app, n)`` call only the last frame is drawn.  Install it
    after any wrapper of ``app.draw`` (``watch_faces``) and of ``shell_driver.frames``
    (``quick_reveal_wait``).  Returns [frames stepped undrawn] for the caller's report.

    With ``dev`` (a device of ``devices`` that reads nothing off the screen: the keyboard's
    gestures read the play state's focus alone), none of the frames inside its ``decide`` and
    ``overlay_button`` is drawn either; the frames between gestures still are.

    The autosave after each decision is still written, but not forced to the disk
    (``os.fsync``): what these tests check is the play, and the fsync was a tenth of it."""
    skip = [False]
    if dev is not None:
        for name in ("decide", "overlay_button"):
            gesture = getattr(dev, name)

            def quiet(*args, gesture=gesture, **kw):
                skip.append(True)
                try:
                    return gesture(*args, **kw)
                finally:
                    skip.pop()
            setattr(dev, name, quiet)
    undrawn = [0]
    inner_frames, inner_draw, inner_flip = shell_driver.frames, app.draw, pygame.display.flip

    def frames(app_, n: int = 1, dt: float = STEP) -> None:
        for i in range(n):
            skip[0] = i < n - 1
            try:
                inner_frames(app_, 1, dt)
            finally:
                skip[0] = False

    def draw(alpha: float = 1.0) -> None:
        if any(skip):
            undrawn[0] += 1
            return
        inner_draw(alpha)

    def flip() -> None:
        if not any(skip):
            inner_flip()

    monkeypatch.setattr(shell_driver, "frames", frames)
    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    app.draw = draw
    return undrawn


@contextlib.contextmanager
def without_drawing(app) -> Iterator[None]:
    """The frames stepped inside the block take their events and their fixed steps as
    always, and draw (and flip) nothing: for waits whose pictures no assertion looks at."""
    had = "draw" in vars(app)
    inner_draw, inner_flip = app.draw, pygame.display.flip
    app.draw = lambda alpha=1.0: None
    pygame.display.flip = lambda: None
    try:
        yield
    finally:
        pygame.display.flip = inner_flip
        if had:
            app.draw = inner_draw
        else:
            del app.draw
