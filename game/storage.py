"""Where the program keeps its files: settings, the autosave and logs.

Settings go in the platform's user config directory, the autosave in the user
data directory and logs in the user log directory (platformdirs).  Setting the
environment variable ``DOMINO_TABLE_HOME`` puts all three under that folder
(``config/``, ``data/``, ``log/``), which is what the tests do.

Every write is atomic: a temporary file beside the target is written, flushed,
fsynced and renamed over it with ``os.replace``, so a crash leaves either the
old file or the new one, never half of one.

A file that cannot be used is never deleted and never stops the program: it is
renamed aside (``autosave.json`` -> ``autosave.corrupt-1.json``, the number
counting up past existing ones) and the caller gets defaults (settings) or a
``LoadResult`` whose ``problem`` says what was wrong (autosave).

API for the program::

    settings = load_settings()            # dict, always complete and valid
    save_settings(settings)               # -> the normalised dict it wrote
    save_game(session, meta)              # -> True, or False if the disk refused
    result = load_game()                  # LoadResult
    if result.session: ...resume...
    elif result.problem: show locale key f"save.{result.problem}"  (+ result.moved_to)
    clear_game()                          # when a match is over / a new game starts
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import platformdirs

from rules import save as rules_save
from rules.errors import SaveFileError
from rules.session import Session

APP_NAME = "domino-table"
HOME_ENV = "DOMINO_TABLE_HOME"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
LOG_FILE = "domino-table.log"

log = logging.getLogger(__name__)

# --------------------------------------------------------------- directories


def _dir(kind: str) -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        path = Path(home) / kind
    else:
        finder = {"config": platformdirs.user_config_dir,
                  "data": platformdirs.user_data_dir,
                  "log": platformdirs.user_log_dir}[kind]
        path = Path(finder(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """The user config directory (settings); created if missing."""
    return _dir("config")


def data_dir() -> Path:
    """The user data directory (autosave, replays); created if missing."""
    return _dir("data")


def log_dir() -> Path:
    """The user log directory; created if missing."""
    return _dir("log")


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def log_path() -> Path:
    """The program's log file (a ``--windowed`` build has no stderr)."""
    return log_dir() / LOG_FILE


# ------------------------------------------------------------ atomic writing

# The writer lives in rules so that save files and settings share one.
from rules.files import write_text_atomic  # noqa: E402


def write_json_atomic(path: str | os.PathLike, data: Any) -> None:
    """``write_text_atomic`` of ``data`` as indented UTF-8 JSON."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def move_aside(path: str | os.PathLike) -> Path:
    """Rename an unusable file to ``<stem>.corrupt-<n><suffix>`` (first free n) and return it."""
    path = Path(path)
    n = 1
    while True:
        aside = path.with_name(f"{path.stem}.corrupt-{n}{path.suffix}")
        if not aside.exists():
            break
        n += 1
    os.replace(path, aside)
    return aside


# ------------------------------------------------------------------ settings

LANGUAGES = ("en", "ru", "uk", "it")
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
TILE_STYLES = ("pips", "numerals")
PALETTES = ("standard", "colour_blind")
UI_SCALE_RANGE = (0.5, 3.0)

#: ``language`` None means "not chosen yet": the program picks the OS language.
DEFAULT_SETTINGS: dict[str, Any] = {
    "language": None,
    "computer_speed": "normal",
    "fullscreen": False,
    "ui_scale": 1.0,
    "tile_style": "pips",
    "palette": "standard",
}


def _one_of(choices: tuple) -> Callable[[Any], bool]:
    return lambda v: v in choices


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_scale(v: Any) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and UI_SCALE_RANGE[0] <= v <= UI_SCALE_RANGE[1])


_VALID: dict[str, Callable[[Any], bool]] = {
    "language": lambda v: v is None or v in LANGUAGES,
    "computer_speed": _one_of(COMPUTER_SPEEDS),
    "fullscreen": _is_bool,
    "ui_scale": _is_scale,
    "tile_style": _one_of(TILE_STYLES),
    "palette": _one_of(PALETTES),
}


def normalise_settings(raw: dict[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with every valid known value of ``raw``.

    An invalid value falls back to its default; keys this version does not
    know are kept, so a newer program's settings survive a round trip.
    """
    out = dict(DEFAULT_SETTINGS)
    for key, value in raw.items():
        check = _VALID.get(key)
        if check is None:
            out[key] = value
        elif check(value):
            out[key] = float(value) if key == "ui_scale" else value
        else:
            log.warning("setting %s=%r is invalid; using %r", key, value, DEFAULT_SETTINGS[key])
    return out


@dataclass(frozen=True)
class SettingsResult:
    """Loaded settings plus what went wrong, if anything.

    ``problem`` is None, or one of "unreadable", "corrupt", "foreign" (the
    same words as ``LoadResult``); ``moved_to`` is where the bad file went.
    """

    settings: dict[str, Any]
    problem: str | None = None
    reason: str = ""
    moved_to: Path | None = None


def load_settings_checked() -> SettingsResult:
    """Read the settings file; a bad one is moved aside and defaults are used."""
    try:
        path = settings_path()
    except OSError as e:  # the config directory cannot even be created
        log.error("no settings directory: %s", e)
        return SettingsResult(dict(DEFAULT_SETTINGS), "unreadable",
                              f"cannot create the settings folder: {e.strerror or e}")
    if not path.exists():
        return SettingsResult(dict(DEFAULT_SETTINGS))
    try:
        text = path.read_bytes().decode("utf-8")
        data = json.loads(text)
    except OSError as e:
        return _bad_settings(path, "unreadable", f"cannot read the settings file: {e.strerror or e}")
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return _bad_settings(path, "corrupt", f"the settings file is corrupt or truncated: {e}")
    if not isinstance(data, dict):
        return _bad_settings(path, "foreign", "the settings file does not hold a settings object")
    return SettingsResult(normalise_settings(data))


def _bad_settings(path: Path, problem: str, reason: str) -> SettingsResult:
    moved = _try_move_aside(path)
    log.warning("%s; using default settings (bad file kept as %s)", reason, moved)
    return SettingsResult(dict(DEFAULT_SETTINGS), problem, reason, moved)


def load_settings() -> dict[str, Any]:
    """The settings: always a complete, valid dict (defaults where needed)."""
    return load_settings_checked().settings


def save_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Normalise and write ``settings`` atomically; return what was written."""
    clean = normalise_settings(settings)
    write_json_atomic(settings_path(), clean)
    return clean


# ------------------------------------------------------------------ autosave

#: LoadResult.problem values, each a locale key suffix ("save.corrupt" ...).
PROBLEMS = ("unreadable", "corrupt", "foreign", "newer", "invalid")


@dataclass(frozen=True)
class LoadResult:
    """The outcome of ``load_game()``.

    - a save was resumed: ``session`` and ``meta`` are set, ``problem`` is None;
    - there was no save: everything is None/empty;
    - the save was unusable: ``session`` is None, ``problem`` is one of
      ``PROBLEMS`` ("unreadable": the file could not be read; "corrupt": not
      JSON / truncated; "foreign": not a Domino Table save; "newer": written
      by a newer version; "invalid": a move fails verification), ``reason`` is
      the English detail for the log, ``moved_to`` where the file now is
      (None if even renaming it failed).
    """

    session: Session | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    reason: str = ""
    moved_to: Path | None = None

    @property
    def resumed(self) -> bool:
        return self.session is not None


def save_game(session: Session, meta: dict[str, Any] | None = None) -> bool:
    """Write the autosave atomically (``rules.save.dumps``).

    Returns False (and logs why) when the disk refuses, so a full disk never
    stops a game in progress; the previous autosave is then still intact.
    """
    try:
        write_text_atomic(autosave_path(), rules_save.dumps(session, meta))
        return True
    except OSError as e:
        log.error("autosave failed: %s", e)
        return False


def load_game() -> LoadResult:
    """Resume the autosave if there is one; set an unusable one aside with a reason."""
    try:
        path = autosave_path()
    except OSError as e:  # the data directory cannot even be created: nothing to resume
        log.error("no data directory: %s", e)
        return LoadResult()
    if not path.exists():
        return LoadResult()
    try:
        raw = path.read_bytes()
    except OSError as e:
        return _bad_save(path, "unreadable", f"cannot read the save file: {e.strerror or e}")
    problem = _classify(raw)
    try:
        session, meta = rules_save.loads(raw)
    except SaveFileError as e:
        return _bad_save(path, problem or "invalid", str(e))
    except Exception as e:  # a bug in replay must not stop the program from starting
        log.exception("unexpected error while loading the autosave")
        return _bad_save(path, "invalid", f"the save file could not be replayed: {e!r}")
    return LoadResult(session=session, meta=meta)


def clear_game() -> None:
    """Remove the autosave (the match ended or a new game replaces it)."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        log.error("could not remove the autosave: %s", e)


def _classify(raw: bytes) -> str | None:
    # rules.save raises one SaveFileError for everything; the program needs to
    # tell the player which kind of problem it was, so sort it out here.
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return "corrupt"
    if not isinstance(data, dict) or data.get("format") != rules_save.FORMAT:
        return "foreign"
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > rules_save.VERSION:
        return "newer"
    return None


def _bad_save(path: Path, problem: str, reason: str) -> LoadResult:
    moved = _try_move_aside(path)
    log.warning("%s; starting without it (kept as %s)", reason, moved)
    return LoadResult(problem=problem, reason=reason, moved_to=moved)


def _try_move_aside(path: Path) -> Path | None:
    try:
        return move_aside(path)
    except OSError as e:
        log.error("could not move %s aside: %s", path, e)
        return None
