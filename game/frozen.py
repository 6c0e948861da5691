"""What a PyInstaller build needs before the program starts.

A windowed build (Windows, macOS) has ``sys.stdout`` and ``sys.stderr`` set to
``None``: a traceback printed by ``game.__main__.main`` or a crash before the
App sets up logging would vanish.  ``prepare()`` points the missing streams at
``domino-table.stderr.log`` in the user log directory (beside the program's
own ``domino-table.log``, written by ``game.app.setup_logging``), so every
error of a frozen build ends up in a file a player can send us.

It also hides pygame's support prompt: it is the first thing ``import pygame``
prints, and a console build should start with nothing to read.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

STDERR_LOG = "domino-table.stderr.log"


def is_frozen() -> bool:
    """True inside a PyInstaller bundle (onedir or onefile)."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def prepare() -> Path | None:
    """Set up the process for the program; call first thing in the entry point.

    Returns the file the missing standard streams now write to, or ``None``
    when both streams exist (a console build, or running from source).
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if sys.stdout is not None and sys.stderr is not None:
        return None
    stream, path = _open_stream_log()
    if sys.stderr is None:
        sys.stderr = stream
    if sys.stdout is None:
        sys.stdout = stream
    return path


def _open_stream_log() -> tuple[TextIO, Path | None]:
    """The last run's stream log in the user log dir; a null sink if that cannot be written."""
    try:
        from . import storage  # platformdirs only: no pygame yet
        path = storage.log_dir() / STDERR_LOG
        # Line-buffered so that a hard crash still leaves what was written.
        return open(path, "w", encoding="utf-8", buffering=1), path
    except OSError:
        return open(os.devnull, "w", encoding="utf-8"), None
