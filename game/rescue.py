"""The rescue copy comes back (issue 40: nothing lost, and the rescue is one click).

When saving fails, Quit offers to write the match to a file in the home folder, and a
SIGTERM writes it without asking (``game.save_guard``, ``game.termination``):
``~/domino-table-YYYY-MM-DD-HHMMSS.json``, a single-file save (``rules.save``).  Here:

- ``offer``: at the next ordinary start the newest such copy that opens, not answered
  before, is offered over the title (or the resumed table): resume it, or leave it;
  either answer is remembered (by path, size and time), so it is asked once per copy;
- ``start``: resume a save file as the match in progress (the offer's Resume, and
  ``python -m game --resume FILE`` on the command line); from then on it is the
  autosave, and the copy itself is left where it is.

Kept apart from ``game.app`` and ``game.__main__``: each calls in at one place.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from rules import save as rules_save
from rules.errors import SaveFileError

from . import i18n, storage
from .save_guard import build_dialog
from .scenes.overlays import OverlayScene
from .seats import seats_from

log = logging.getLogger(__name__)

#: The note of the copies already offered, in the config folder.
ANSWERED_FILE = "rescues-answered.json"
#: The rescue copies' names in the home folder (``save_guard.rescue_path``).
PATTERN = "domino-table-*.json"


def _fingerprint(path: Path) -> dict[str, Any]:
    st = path.stat()
    return {"path": str(path), "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _answered() -> list:
    try:
        data = json.loads((storage.config_dir() / ANSWERED_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return []
    return data if isinstance(data, list) else []


def remember(path: Path) -> None:
    """``path`` was offered and answered: the next starts do not ask about it again."""
    try:
        entries = [e for e in _answered() if isinstance(e, dict) and e.get("path") != str(path)]
        storage.write_json_atomic(storage.config_dir() / ANSWERED_FILE, entries[-20:] + [_fingerprint(path)])
    except OSError as e:
        log.error("could not note that %s was offered: %s", path, e)


def waiting(home: Path | None = None) -> Path | None:
    """The newest rescue copy in the home folder not answered yet that opens, or None."""
    home = Path.home() if home is None else home
    try:
        found = sorted(home.glob(PATTERN), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    except OSError:
        return None
    answered = _answered()
    for path in found:
        try:
            if _fingerprint(path) in answered or not path.is_file():
                continue
            rules_save.load(path)
        except (OSError, SaveFileError):
            continue
        return path
    return None


def problem(path: str | os.PathLike) -> str | None:
    """Why the save at ``path`` cannot be resumed (a line in English), or None."""
    try:
        rules_save.load(path)
    except SaveFileError as e:
        return str(e)
    return None


def start(app, path: str | os.PathLike) -> None:
    """Resume the save at ``path`` as the match in progress (``SaveFileError`` if it cannot be)."""
    session, meta = rules_save.load(path)
    reveals = meta.get("reveals_seen")
    reveals = reveals if isinstance(reveals, int) and not isinstance(reveals, bool) else None
    app.start_match(session, seats_from(meta.get("seats"), session.config.players), reveals)
    log.info("resumed the match saved in %s", path)


def offer(app) -> bool:
    """At an ordinary start: a rescue copy waiting is offered over what is on screen."""
    path = waiting()
    if path is None:
        return False
    app.stack.push(RescueOfferScene(app, path))
    return True


class RescueOfferScene(OverlayScene):
    """"A game was saved to FILE. Resume it?": Resume, or leave the file as it is."""

    pauses_play = True

    def __init__(self, app, path: Path) -> None:
        super().__init__(app)
        self.path = path

    def build(self) -> None:
        build_dialog(self, 420, i18n.t("save.rescue_title"), i18n.t("save.rescue_offer", file=str(self.path)),
                     [(i18n.t("save.rescue_resume"), self.resume, "@primary"),
                      (i18n.t("save.rescue_leave"), self.leave, None)])

    def _close(self) -> None:
        remember(self.path)
        if self.app.stack.top is self:
            self.app.stack.pop()

    def resume(self) -> None:
        self._close()
        try:
            start(self.app, self.path)
        except SaveFileError as e:  # changed since it was offered: said, and the file stays
            problem = e.problem if e.problem in storage.PROBLEMS else "invalid"
            self.app.show_message(i18n.t("save.title"), i18n.t(f"save.{problem}"))

    def leave(self) -> None:
        self._close()
