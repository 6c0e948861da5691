"""Where the program keeps its files: settings, the autosave and logs.

Settings go in the platform's user config directory, the autosave in the user
data directory and logs in the user log directory (platformdirs).  Setting the
environment variable ``DOMINO_TABLE_HOME`` puts all three under that folder
(``config/``, ``data/``, ``log/``), which is what the tests do.

Every write is atomic: a temporary file beside the target is written, flushed,
fsynced and renamed over it with ``os.replace``, so a crash leaves either the
old file or the new one, never half of one.

The autosave is ``autosave.json`` (a snapshot in the save-file format) plus
``autosave.journal`` beside it (one line appended per action, see
``rules.save.Journal``), so saving after an action costs the same after ten
actions or forty thousand.

A file that cannot be used is never deleted and never stops the program: it is
read with a size limit, its whole structure is checked, and then it is
renamed aside (``autosave.json`` -> ``autosave.corrupt-1.json``, the number
counting up past existing ones) and the caller gets defaults (settings) or a
``LoadResult`` whose ``problem`` says what was wrong (autosave).  When even
renaming fails (a read-only folder) the result says so, and the file is
remembered (``ignored-saves.json`` in the other folder) so that later starts
leave it alone instead of failing on it again.

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
JOURNAL_FILE = "autosave.journal"
IGNORED_FILE = "ignored-saves.json"
LOG_FILE = "domino-table.log"
#: A settings file is a few hundred bytes; a larger one is not ours.
MAX_SETTINGS_BYTES = 1024 * 1024

log = logging.getLogger(__name__)

# --------------------------------------------------------------- directories


def _dir(kind: str) -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        path = Path(home) / kind
    else:
        finders: dict[str, Callable[..., str]] = {"config": platformdirs.user_config_dir,
                                                  "data": platformdirs.user_data_dir,
                                                  "log": platformdirs.user_log_dir}
        path = Path(finders[kind](APP_NAME, appauthor=False))
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


def journal_path() -> Path:
    """The autosave's journal, beside ``autosave_path()``."""
    return data_dir() / JOURNAL_FILE


def log_path() -> Path:
    """The program's log file (a ``--windowed`` build has no stderr)."""
    return log_dir() / LOG_FILE


# ------------------------------------------------------------ atomic writing

# The writer lives in rules so that save files and settings share one.
from rules.files import read_bytes_limited, remove_temporaries, write_text_atomic  # noqa: E402


def write_json_atomic(path: str | os.PathLike, data: Any) -> None:
    """``write_text_atomic`` of ``data`` as indented UTF-8 JSON."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def _aside_name(path: Path, n: int) -> Path:
    return path.with_name(f"{path.stem}.corrupt-{n}{path.suffix}")


def move_aside(path: str | os.PathLike, *companions: str | os.PathLike) -> Path:
    """Rename an unusable file to ``<stem>.corrupt-<n><suffix>`` (first free n) and return it.

    ``companions`` that exist (the autosave's journal) go aside with the same n.
    """
    path = Path(path)
    others = [Path(c) for c in companions if os.path.lexists(c)]
    n = 1
    while any(os.path.lexists(_aside_name(p, n)) for p in [path, *others]):
        n += 1
    aside = _aside_name(path, n)
    os.replace(path, aside)
    for other in others:
        try:
            os.replace(other, _aside_name(other, n))
        except OSError as e:
            log.error("could not move %s aside: %s", other, e)
    return aside


# ------------------------------------------------------------------ settings

LANGUAGES = ("en", "ru", "uk", "it")
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
TILE_STYLES = ("auto", "pips", "numerals")
PALETTES = ("standard", "colour_blind")
UI_SCALE_RANGE = (0.5, 3.0)
VOLUME_RANGE = (0, 100)

#: ``language`` None means "not chosen yet": the program picks the OS language.
DEFAULT_SETTINGS: dict[str, Any] = {
    "language": None,
    "computer_speed": "normal",
    "fullscreen": False,
    "ui_scale": 1.0,
    "tile_style": "auto",
    "palette": "standard",
    "reduced_motion": False,
    "tv": False,
    # issue 14: the sounds (game.audio); the mute key toggles "muted"
    "volume": 70,
    "effects": True,
    "muted": False,
    # issue 31: the table reading panel (off by default; the R key toggles it)
    "reading": False,
    "speech": False,  # issue 41: speech at the table (game.speech)
    "speech_detail": "normal",  # brief, normal or full (full adds the open ends after each play)
    "speech_rate": 170,  # words a minute
    "speech_voice": "own",  # "own" (espeak-ng / the system's voice) or "screen_reader" (NVDA, JAWS)
    "phones_port": 0,  # issue 27: 0 is any free port (game.phones.PORT_CHOICES)
}


def _shallow(value: Any, depth: int) -> bool:
    """JSON nested at most ``depth`` levels (what a newer version's setting may hold)."""
    if isinstance(value, (list, dict)):
        items = value.values() if isinstance(value, dict) else value
        return depth > 0 and all(_shallow(v, depth - 1) for v in items)
    return True


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
    "reduced_motion": _is_bool,
    "tv": _is_bool,
    "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and VOLUME_RANGE[0] <= v <= VOLUME_RANGE[1],
    "effects": _is_bool,
    "muted": _is_bool,
    "reading": _is_bool,
    "speech": _is_bool,
    "speech_detail": _one_of(("brief", "normal", "full")),
    "speech_rate": _one_of((130, 170, 220, 280)),
    "speech_voice": _one_of(("own", "screen_reader")),
    "phones_port": lambda v: isinstance(v, int) and not isinstance(v, bool) and (v == 0 or 1024 <= v <= 65535),
}


def valid_setting(key: str, value: Any) -> bool:
    """Whether ``value`` is a value this version accepts for its setting ``key``."""
    check = _VALID.get(key)
    return check is not None and check(value)


def normalise_settings(raw: dict[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with every valid known value of ``raw``.

    An invalid value falls back to its default; keys this version does not
    know are kept (unless nested deeper than any setting), so a newer
    program's settings survive a round trip.
    """
    out = dict(DEFAULT_SETTINGS)
    for key, value in raw.items():
        check = _VALID.get(key)
        if check is None:
            if _shallow(value, 4):
                out[key] = value
            else:  # it could not even be written back (nesting too deep for JSON's writer)
                log.warning("setting %s is nested too deeply; dropped", key)
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
    path: Path | None = None


def load_settings_checked() -> SettingsResult:
    """Read the settings file; a bad one is moved aside and defaults are used."""
    try:
        path = settings_path()
    except OSError as e:  # the config directory cannot even be created
        log.error("no settings directory: %s", e)
        return SettingsResult(dict(DEFAULT_SETTINGS), "unreadable",
                              f"cannot create the settings folder: {e.strerror or e}")
    remove_temporaries(path)
    if not os.path.lexists(path):
        return SettingsResult(dict(DEFAULT_SETTINGS))
    if _is_ignored(path, data_dir):
        return SettingsResult(dict(DEFAULT_SETTINGS))  # bad, unmovable, and already said so
    try:
        data = json.loads(read_bytes_limited(path, MAX_SETTINGS_BYTES).decode("utf-8"))
    except OverflowError:
        return _bad_settings(path, "too_big", f"the settings file is larger than {MAX_SETTINGS_BYTES} bytes")
    except OSError as e:
        return _bad_settings(path, "unreadable", f"cannot read the settings file: {e.strerror or e}")
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return _bad_settings(path, "corrupt", f"the settings file is corrupt or truncated: {e}")
    except (RecursionError, ValueError) as e:  # nesting too deep, a number too long to read
        return _bad_settings(path, "corrupt", f"the settings file is corrupt: {str(e)[:120]}")
    if not isinstance(data, dict):
        return _bad_settings(path, "foreign", "the settings file does not hold a settings object")
    return SettingsResult(normalise_settings(data))


def _bad_settings(path: Path, problem: str, reason: str) -> SettingsResult:
    moved = _try_move_aside(path)
    if moved is None:
        _remember_ignored(path, data_dir)
    log.warning("%s; using default settings (bad file kept as %s)", reason, moved)
    return SettingsResult(dict(DEFAULT_SETTINGS), problem, reason, moved, path)


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
PROBLEMS = ("unreadable", "too_big", "corrupt", "foreign", "newer", "damaged", "invalid", "cannot_show")


@dataclass(frozen=True)
class LoadResult:
    """The outcome of ``load_game()``.

    - a save was resumed: ``session`` and ``meta`` are set, ``problem`` is None;
    - there was no save (or only one already set aside): everything is None/empty;
    - the save was unusable: ``session`` is None, ``problem`` is one of
      ``PROBLEMS`` ("unreadable": the file could not be read; "too_big": far
      larger than any save; "corrupt": not JSON / truncated; "foreign": not a
      Domino Table save; "newer": written by a newer version; "damaged": a
      save whose structure is wrong; "invalid": a move fails verification;
      "cannot_show": a valid save the table of this version cannot show),
      ``reason`` is the English detail for the log, ``moved_to`` where the
      file now is, or None if even renaming it failed; then ``remembered``
      says whether later starts will leave it alone.
    """

    session: Session | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    reason: str = ""
    moved_to: Path | None = None
    path: Path | None = None
    remembered: bool = False
    #: A damaged autosave resumed as far as it could be (issue 29): ``session`` is set,
    #: ``moved_to`` is where the damaged files went, ``kept`` the moves resumed and
    #: ``lost`` the saved moves that could not be read.
    recovered: bool = False
    kept: int = 0
    lost: int = 0

    @property
    def resumed(self) -> bool:
        return self.session is not None


_journal: rules_save.Journal | None = None
_failing = False


def _autosave_journal() -> rules_save.Journal:
    """The writer for the current data folder (tests switch folders between runs)."""
    global _journal
    snapshot, journal = autosave_path(), journal_path()
    if _journal is None or _journal.snapshot_path != snapshot:
        _journal = rules_save.Journal(snapshot, journal)
    return _journal


def _forget_writer() -> None:
    if _journal is not None:
        _journal.forget()


def save_game(session: Session, meta: dict[str, Any] | None = None) -> bool:
    """Save ``session``: one journal line, or a snapshot the first time (``rules.save.Journal``).

    Returns False (and logs why, once per run of failures) when the disk
    refuses, so a full disk never stops a game in progress; the previous
    autosave is then still intact, and the next call tries again.
    """
    global _failing
    try:
        _autosave_journal().save(session, meta)
    except OSError as e:
        _forget_writer()  # the next try starts again from a snapshot
        if not _failing:
            log.error("autosave failed: %s", e)
        _failing = True
        return False
    if _failing:
        log.warning("autosave works again")
    _failing = False
    return True


def load_game() -> LoadResult:
    """Resume the autosave if there is one; set an unusable one aside with a reason."""
    try:
        path = autosave_path()
        journal = journal_path()
    except OSError as e:  # the data directory cannot even be created: nothing to resume
        log.error("no data directory: %s", e)
        return LoadResult()
    for leftover in remove_temporaries(path) + remove_temporaries(journal):
        log.info("removed %s, left by an interrupted save", leftover.name)
    if not os.path.lexists(path):
        return LoadResult()
    if _is_ignored(path, config_dir):
        log.info("%s was set aside earlier and cannot be moved; leaving it alone", path)
        return LoadResult()
    try:
        session, meta, recovery = rules_save.recover_journaled(path, journal)
    except SaveFileError as e:
        problem = e.problem if e.problem in PROBLEMS else "invalid"
        return _bad_save(path, problem, str(e), journal)
    except Exception as e:  # a bug in replay must not stop the program from starting
        log.error("unexpected error while loading the autosave: %r", e)
        log.info("the loader's error", exc_info=True)  # the details go to the log file only
        return _bad_save(path, "invalid", f"the save file could not be replayed: {e!r}", journal)
    if recovery is not None:
        # The damaged files hold what could not be read: set them aside, never write over them.
        _forget_writer()
        moved = _try_move_aside(path, journal)
        log.warning("%s; resumed %d moves, %d could not be read (kept as %s)",
                    recovery.reason, recovery.kept, recovery.lost, moved or path)
        return LoadResult(session=session, meta=meta, reason=recovery.reason, moved_to=moved, path=path,
                          recovered=True, kept=recovery.kept, lost=recovery.lost)
    return LoadResult(session=session, meta=meta, path=path)


def set_aside_game(problem: str, reason: str) -> LoadResult:
    """Move the autosave aside for a reason found after loading it (the table cannot show it)."""
    return _bad_save(autosave_path(), problem, reason, journal_path())


def clear_game() -> None:
    """Remove the autosave (the match ended or a new game replaces it)."""
    try:
        paths = (autosave_path(), journal_path())
    except OSError as e:
        log.error("could not remove the autosave: %s", e)
        return
    for path in paths:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            log.error("could not remove the autosave: %s", e)
    _forget_writer()


def _bad_save(path: Path, problem: str, reason: str, journal: Path) -> LoadResult:
    _forget_writer()  # the files are going: the next save starts with a snapshot
    moved = _try_move_aside(path, journal)
    remembered = moved is None and _remember_ignored(path, config_dir)
    log.warning("%s; starting without it (kept as %s)", reason, moved or path)
    return LoadResult(problem=problem, reason=reason, moved_to=moved, path=path, remembered=remembered)


def _try_move_aside(path: Path, *companions: Path) -> Path | None:
    try:
        return move_aside(path, *companions)
    except OSError as e:
        log.error("could not move %s aside: %s", path, e)
        return None


# ------------------------------------------------ files that cannot be moved


def _fingerprint(path: Path) -> dict[str, Any]:
    st = os.lstat(path)
    return {"path": str(path), "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _ignored_list(folder: Callable[[], Path]) -> tuple[Path, list]:
    # The note goes in the *other* folder (config for the autosave, data for the
    # settings): the bad file's own folder is the one that cannot be written.
    where = folder() / IGNORED_FILE
    try:
        data = json.loads(read_bytes_limited(where, MAX_SETTINGS_BYTES).decode("utf-8"))
    except (OSError, OverflowError, ValueError, RecursionError):
        data = []
    return where, data if isinstance(data, list) else []


def _is_ignored(path: Path, folder: Callable[[], Path]) -> bool:
    try:
        _where, entries = _ignored_list(folder)
        return _fingerprint(path) in entries
    except OSError:
        return False


def _remember_ignored(path: Path, folder: Callable[[], Path]) -> bool:
    """Note a bad file that could not be moved (in ``folder``), so later starts leave it alone."""
    try:
        where, entries = _ignored_list(folder)
        entries = [e for e in entries if isinstance(e, dict) and e.get("path") != str(path)]
        write_json_atomic(where, entries[-20:] + [_fingerprint(path)])
        return True
    except OSError as e:
        log.error("could not remember that %s is unusable: %s", path, e)
        return False


# ------------------------------------------------------------------- logging


class QuietFileHandler(logging.FileHandler):
    """A log file that never prints a traceback when it cannot be written.

    A full disk or a vanished folder makes ``logging`` print a traceback for
    every record; this handler says so in one line on stderr, once, and the
    records that cannot be written are dropped.
    """

    def __init__(self, filename: str | os.PathLike, encoding: str = "utf-8") -> None:
        super().__init__(filename, encoding=encoding)
        self.broken = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        if self.broken:
            return
        self.broken = True
        import sys
        if sys.stderr is not None:
            try:
                sys.stderr.write(f"domino-table: the log file {self.baseFilename} cannot be written; "
                                 "log messages are dropped\n")
            except Exception:  # noqa: BLE001
                pass
