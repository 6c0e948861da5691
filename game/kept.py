"""Unfinished matches kept aside (issue 37): a start never writes over a match.

The autosave holds one match.  Starting another (New game, ``--seats`` with other seats, a
kept match resumed) used to write over it, and a restart of a phone table came back as a
new match at move 2.  Before a new match is put on the table, the match in the autosave, if
it is unfinished, is kept here: one save file (``rules.save``, the seed and the moves, with
the autosave's meta: seats, phone codes and port) in ``<user data>/unfinished/``.  The
finished matches' screen lists them first, marked unfinished, and resumes one with a press;
``--replay`` opens one as it opens any save.

Nothing here touches the autosave's own files: ``game.match_host`` reads the autosave and
decides; this module only writes, lists, reads and removes kept matches.
"""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rules import save as rules_save
from rules.actions import Action
from rules.errors import RulesError, SaveFileError
from rules.session import Session

from . import history, storage
from .seats import SeatConfig, seats_from

log = logging.getLogger(__name__)

FOLDER = "unfinished"
SUFFIX = ".json"


@dataclass(frozen=True)
class Kept:
    """One unfinished match kept aside, as the list shows it."""

    path: Path
    kept: datetime
    game: str
    names: tuple[str, ...]
    decisions: int


def folder() -> Path:
    path = storage.data_dir() / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def decisions_made(session: Session) -> int:
    """How many decisions the match has had so far (the chance steps between not counted)."""
    return sum(isinstance(e, Action) for e in session.log[:session.cursor])


def worth_keeping(session: Session | None) -> bool:
    """An unfinished match with at least one decision made in it."""
    return session is not None and not session.match_over() and decisions_made(session) > 0


def keep(session: Session, meta: dict[str, Any], when: datetime | None = None) -> Path | None:
    """Keep ``session`` (with the autosave's ``meta``) aside; the file, or None when the disk
    refuses (logged; the caller tells the player nothing was kept)."""
    try:
        text = rules_save.dumps(session, meta)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
        where = folder()
        for existing in where.glob(f"*-{digest}{SUFFIX}"):
            return existing  # kept already (a second start with the same autosave)
        when = when or datetime.now(timezone.utc)
        path = where / f"{when:%Y%m%d-%H%M%S}-{session.config.game}-{digest}{SUFFIX}"
        storage.write_json_atomic(path, json.loads(text))
        return path
    except OSError as e:
        log.error("the unfinished match could not be kept: %s", e)
        return None


def read(path: Path) -> tuple[Session, dict[str, Any]]:
    """The kept match and its meta; ``SaveFileError`` when the file is not a usable save."""
    try:
        return rules_save.load(path)  # read within the save format's own size limit
    except SaveFileError:
        raise
    except (RulesError, ValueError) as e:  # the format promises SaveFileError; a bug must not stop a list
        raise SaveFileError("invalid", f"{path.name}: {e}") from None


def listing() -> list[Kept]:
    """Every kept match, newest first; a file that is not one is set aside (never raises)."""
    out: list[Kept] = []
    try:
        paths = sorted(p for p in folder().glob(f"*{SUFFIX}") if ".corrupt-" not in p.name)
    except OSError as e:
        log.error("no folder for unfinished matches: %s", e)
        return out
    for path in paths:
        try:
            session, meta = read(path)
        except SaveFileError as e:
            history.set_aside(path, str(e))
            continue
        seats: list[SeatConfig] = seats_from(meta.get("seats"), session.config.players)
        when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        out.append(Kept(path, when, session.config.game, tuple(s.name for s in seats), decisions_made(session)))
    out.sort(key=lambda k: (k.kept, k.path.name), reverse=True)
    return out


def remove(path: Path) -> None:
    """A kept match resumed is the autosave's now: its kept copy goes."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        log.error("could not remove %s: %s", path, e)
