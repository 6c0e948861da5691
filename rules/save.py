"""Save files: the configuration plus the log, as JSON.

Loading replays every entry through the referee, so a file that loads is a
file whose every move was legal.  Anything else (not JSON, truncated, another
program's file, a newer format, an illegal move) raises one ``SaveFileError``
that names the problem.  Writing is atomic: a temporary file is renamed over
the old one, so a crash never leaves half a save.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .actions import Action, action_from_json
from .chance import Deal, LeadDraw, NextMatch
from .errors import RulesError, SaveFileError
from .files import write_text_atomic
from .session import Config, Session
from .tiles import tile_from_json

FORMAT = "domino-table-save"
VERSION = 1


def entry_to_json(entry: object) -> dict:
    if isinstance(entry, Action):
        return entry.to_json()
    if isinstance(entry, Deal):
        if entry.seeded:
            return {"kind": "deal"}
        return {"kind": "deal",
                "hands": [[list(t) for t in h] for h in entry.hands],
                "stock": [list(t) for t in entry.stock]}
    if isinstance(entry, LeadDraw):
        if entry.seeded:
            return {"kind": "lead_draw"}
        return {"kind": "lead_draw", "tiles": [list(t) for t in entry.tiles]}
    if isinstance(entry, NextMatch):
        return {"kind": "next_match"}
    raise TypeError(f"cannot save {entry!r}")


def session_to_json(session: Session, meta: dict[str, Any] | None = None) -> dict:
    """Everything needed to rebuild ``session``, redo tail included."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": session.config.to_json(),
        "log": [entry_to_json(e) for e in session._log],
        "cursor": session.cursor,
        "meta": meta or {},
    }


def dumps(session: Session, meta: dict[str, Any] | None = None) -> str:
    return json.dumps(session_to_json(session, meta), separators=(",", ":"))


def save(session: Session, path: str | os.PathLike, meta: dict[str, Any] | None = None) -> None:
    """Write atomically: a temporary file beside ``path`` is renamed over it."""
    write_text_atomic(path, dumps(session, meta))


def loads(text: str | bytes) -> tuple[Session, dict[str, Any]]:
    """Rebuild and verify a session; return it and the file's ``meta``."""
    try:
        data = json.loads(text)
    except UnicodeDecodeError:
        raise SaveFileError("the save file is not text (binary or wrong encoding)") from None
    except json.JSONDecodeError as e:
        raise SaveFileError(f"the save file is corrupt or truncated: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except (RecursionError, ValueError) as e:  # nesting too deep, or a number too long to read
        raise SaveFileError(f"the save file is corrupt: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("this is not a Domino Table save file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError("the save file has no format version")
    if version > VERSION:
        raise SaveFileError(f"the save file has format version {version}; this program reads version {VERSION} and older")
    cfg = data.get("config")
    if not isinstance(cfg, dict):
        raise SaveFileError("the save file has no configuration")
    try:
        config = Config(cfg.get("game"), cfg.get("players"), cfg.get("seed"))
    except RulesError as e:
        raise SaveFileError(f"the save file's configuration is invalid: {e}") from None
    log = data.get("log")
    cursor = data.get("cursor", len(log) if isinstance(log, list) else 0)
    if not isinstance(log, list):
        raise SaveFileError("the save file has no log of moves")
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(log):
        raise SaveFileError(f"the save file's cursor {cursor!r} is outside its log")
    session = Session(config, chance="external")
    top = session.state.full_set[-1][1]
    for i, raw in enumerate(log, start=1):
        try:
            _replay_entry(session, raw, top)
        except (RulesError, ValueError, TypeError) as e:
            raise SaveFileError(f"the save file fails verification at move {i}: {e}") from None
    session.chance_mode = "seeded"
    session.seek(cursor)
    if session.pending_chance() is not None:
        # A saved session never stops before a chance step: the seeded mode resolves it at once.
        if cursor < len(log):
            raise SaveFileError(f"the save file's cursor {cursor} stops before the {session.pending_chance()} at move {cursor + 1}")
        session._resolve_chance()
    meta = data.get("meta", {})
    return session, meta if isinstance(meta, dict) else {}


def _replay_entry(session: Session, raw: object, top: int) -> None:
    if not isinstance(raw, dict):
        raise ValueError(f"not a log entry: {raw!r}")
    kind = raw.get("kind")
    due = session.pending_chance()
    if kind in ("deal", "lead_draw") and due != kind:
        raise ValueError(f"a {kind} entry where {'a ' + due if due else 'a decision'} is due")
    if kind == "deal":
        if set(raw) == {"kind"}:
            deal = session.state.sample_chance(session.config.seed)
        else:
            hands = raw.get("hands")
            stock = raw.get("stock")
            if not isinstance(hands, list) or not isinstance(stock, list):
                raise ValueError("a deal needs hands and stock")
            deal = Deal(tuple(tuple(tile_from_json(t, top) for t in h) for h in hands),
                        tuple(tile_from_json(t, top) for t in stock))
        session.supply(deal)
    elif kind == "lead_draw":
        if set(raw) == {"kind"}:
            draw = session.state.sample_chance(session.config.seed)
        else:
            tiles = raw.get("tiles")
            if not isinstance(tiles, list) or len(tiles) != 2:
                raise ValueError("a lead draw needs two tiles")
            draw = LeadDraw((tile_from_json(tiles[0], top), tile_from_json(tiles[1], top)))
        session.supply(draw)
    elif kind == "next_match":
        session.next_match()
    else:
        session.apply(action_from_json(raw))


def load(path: str | os.PathLike) -> tuple[Session, dict[str, Any]]:
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise SaveFileError(f"cannot read the save file: {e.strerror or e}") from None
    return loads(data)
