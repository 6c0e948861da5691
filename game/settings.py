"""The player's settings as the App keeps them (issue 26, carved out of the App).

Read once at start (a damaged file is reset and set aside, and the player told
in their language), the language chosen (the given one, the saved one, the
OS's, else English), and written back after every change.  What a change does
to the running program is the App's (``App.set_setting``).
"""
from __future__ import annotations

import logging
from typing import Any, Protocol

import pygame

from . import i18n, storage

log = logging.getLogger("game")


def os_language() -> str:
    """The first OS-preferred language we have, else English."""
    try:
        for pref in pygame.system.get_pref_locales():
            code = pref.get("language", "")
            if code in i18n.LANGUAGES:
                return code
    except Exception:
        pass
    return i18n.DEFAULT


def load(given: dict[str, Any] | None, language: str | None,
         fullscreen: bool | None) -> tuple[dict[str, Any], Any, str | None]:
    """The settings to start with, the language set from them; also the load's problem
    (``storage.load_settings_checked``'s result, or None) and what to tell the player of it."""
    problem = None
    if given is None:
        result = storage.load_settings_checked()
        given = result.settings
        if result.problem:
            problem = result
    settings: dict[str, Any] = dict(given)
    code = language or settings.get("language") or os_language()
    i18n.set_language(code if code in i18n.LANGUAGES else i18n.DEFAULT)
    settings["language"] = i18n.language()
    notice = None
    if problem is not None:  # said once, in the player's language
        moved = problem.moved_to
        notice = (i18n.t("save.settings_reset", file=moved.name) if moved
                  else i18n.t("save.settings_not_moved"))
    if fullscreen is not None:
        settings["fullscreen"] = bool(fullscreen)
    return settings, problem, notice


def save(settings: dict[str, Any]) -> dict[str, Any]:
    """Write ``settings``; returns them as written.  A disk that refuses is logged, and the
    settings still apply (returned unchanged)."""
    try:
        return storage.save_settings(settings)
    except (OSError, ValueError, TypeError) as e:  # a full disk, a value JSON cannot hold
        log.error("settings not saved: %s", e)
        return settings


class Applies(Protocol):
    """What applying a setting uses of the App."""

    settings: dict[str, Any]
    audio: Any
    match: Any
    speech: Any

    def set_language(self, code: str) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def save_settings(self) -> None: ...

    def rebuild_ui(self) -> None: ...

    def broadcast_resize(self) -> None: ...


def apply(app: Applies, key: str, value: Any) -> None:
    """Change one setting of ``app``, apply it at once and save it (``App.set_setting``)."""
    if key == "language":
        app.set_language(value)
        return
    if key == "fullscreen":
        app.set_fullscreen(bool(value))
        return
    app.settings[key] = value
    app.save_settings()
    if key in ("ui_scale", "tv"):
        app.rebuild_ui()
    elif key in ("tile_style", "palette"):
        # Scenes re-read the settings on RESIZE (the table rebuilds its sprites).
        app.broadcast_resize()
    if key == "computer_speed":
        app.match.apply_speed()
    if key in ("volume", "effects", "muted"):
        app.audio.configure(app.settings)
    if key in ("speech", "volume", "speech_detail", "speech_rate", "speech_voice"):
        app.speech.configure(app.settings)
