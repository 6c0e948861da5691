"""SIGTERM (a logout, a shutdown) is a Quit with no time to ask (issue 40: nothing lost).

Quit and the window's close already warn while saves fail (``game.save_guard``).  A
SIGTERM cannot wait for an answer: the autosave is tried once more and, when it still
fails, the match is written to the rescue copy in the home folder (the file the warning
offers, ``save_guard.rescue_path``), which the next start offers to resume
(``game.rescue``); then the program ends.

The signal only sets a flag: the App's next frame acts on it between two frames, never
in the middle of a move being applied.
"""
from __future__ import annotations

import logging
import signal
import threading
from pathlib import Path
from typing import Any, Callable

from rules import save as rules_save

log = logging.getLogger(__name__)


class Termination:
    """The App's SIGTERM: caught while the App runs, carried out at the next frame."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.requested = False
        #: Where the match was written when the autosave failed (None: not needed).
        self.rescued: Path | None = None
        self._previous: Callable | int | None = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._caught)

    def _caught(self, signum: int, frame: Any) -> None:
        self.requested = True
        self.app.wake()  # a resting loop goes on at once

    def check(self) -> bool:
        """Called once a frame: a SIGTERM caught since is carried out now (True: the end)."""
        if not self.requested:
            return False
        self.requested = False
        self.carry_out()
        return True

    def carry_out(self) -> None:
        """Save, or write the rescue copy, then end the program."""
        from .save_guard import rescue_path, unsaved
        app = self.app
        if unsaved(app):
            app.match.autosave()  # the disk may take it now
        if unsaved(app):
            path = rescue_path()
            try:
                rules_save.save(app.play_state.session, path, app.autosave_meta())
                self.rescued = path
                log.warning("terminated while the autosave failed; the match was saved to %s", path)
            except OSError as e:
                log.error("terminated while the autosave failed, and %s could not be written: %s", path, e)
        else:
            log.info("terminated; the autosave is on disk")
        app.running = False

    def restore(self) -> None:
        """The handler the program had before (the App closes)."""
        if self._previous is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, self._previous)
            self._previous = None
