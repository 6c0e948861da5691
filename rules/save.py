"""Save files: the configuration plus the log, as JSON; and the autosave's journal.

Loading checks the whole structure first (sizes, types, ranges), then replays
every entry through the referee, so a file that loads is a file whose every
move was legal.  Anything else raises one ``SaveFileError`` whose one-line
message names the problem and whose ``problem`` sorts it for the player
("too_big", "corrupt", "foreign", "newer", "damaged", "invalid" ...).  Writing
is atomic: a temporary file is renamed over the old one, so a crash never
leaves half a save.

The autosave (``Journal``) is a save file, the *snapshot*, plus an append-only
*journal* beside it.  Each autosave appends one fsynced line saying how the
log changed since the last one ("cut the log at k, then these entries, cursor
c"), so its cost does not grow with the session; the snapshot is rewritten
only when a new session is saved for the first time (a new match, a resumed
one) and when the journal has grown past ``COMPACT_BYTES``.  The journal's
first line names the snapshot it continues (a hash of its text); before a
new snapshot is written, the old journal gets a last line naming the new one,
so a kill between writing a new snapshot and its new journal leaves a stale
journal that is known as such and ignored.  A kill in the middle of an append
leaves a torn last line, which loading drops: at most the action being
written is lost.

Damage never costs more than it must (issue 29): ``recover_journaled``
resumes the snapshot and the longest prefix of its journal that reads and
replays legally -- also when the snapshot was changed (a re-encoding, a
flipped bit in a name) or the journal's first line is damaged, missing or the
journal empty -- and reports what was kept, so the caller can set the files
aside and tell the player.
"""
from __future__ import annotations

import gc
import hashlib
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, TypeGuard

from .actions import KINDS as ACTION_KINDS
from .actions import Action, action_from_json
from .chance import Deal, LeadDraw, NextMatch
from .errors import RulesError, SaveFileError
from .files import append_line_synced, read_bytes_limited, write_text_atomic
from .session import Config, Session
from .tiles import tile_from_json

FORMAT = "domino-table-save"
JOURNAL_FORMAT = "domino-table-journal"
VERSION = 1
#: A 40,000-entry session is about 1.4 MB; anything far beyond is not a save.
MAX_BYTES = 64 * 1024 * 1024
#: Seeds the program offers fit in 63 bits; a larger one is not from a save.
MAX_SEED = 2**63 - 1
#: Numbers inside an entry: pips, seats, trains (small); lists: a deal's tiles.
_MAX_ENTRY_INT = 2**31
_MAX_MESSAGE = 160
#: The journal is folded into a new snapshot once it holds this much (about 100,000 saves):
#: one rewrite every so often keeps the cost per save constant on average and the files small.
COMPACT_BYTES = 8 * 1024 * 1024


def _short(value: object) -> str:
    text = str(value).replace("\n", " ")
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 3] + "..."


def _fail(problem: str, message: str) -> SaveFileError:
    return SaveFileError(_short(message) if len(message) > 400 else message, problem)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Replaying or writing a long log allocates many small objects and no cycles; the
    collector's full passes over them were half the time of resuming a 40,000-entry
    session and most of the time of writing its snapshot."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# ------------------------------------------------------------------ writing


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
    with _collector_paused():  # many small dicts, no cycles (see _collector_paused)
        return json.dumps(session_to_json(session, meta), separators=(",", ":"))


def save(session: Session, path: str | os.PathLike, meta: dict[str, Any] | None = None) -> None:
    """Write atomically: a temporary file beside ``path`` is renamed over it."""
    write_text_atomic(path, dumps(session, meta))


# ------------------------------------------------------------------ reading


def parse_json(text: str | bytes, what: str = "the save file") -> object:
    """JSON of at most ``MAX_BYTES``; ``SaveFileError`` ("too_big", "corrupt") otherwise."""
    if len(text) > MAX_BYTES:
        raise _fail("too_big", f"{what} is larger than {MAX_BYTES // 2**20} MB")
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise _fail("corrupt", f"{what} is not text (binary or wrong encoding)") from None
    except json.JSONDecodeError as e:
        raise _fail("corrupt", f"{what} is corrupt or truncated: {e.msg} at line {e.lineno}, "
                    f"column {e.colno}") from None
    except (RecursionError, ValueError) as e:  # nesting too deep, or a number too long to read
        detail = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise _fail("corrupt", f"{what} is corrupt: {detail}") from None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: object, depth: int) -> bool:
    """An entry's value: a small number, a short word, or lists of them (a deal: depth 3)."""
    if value is None or (isinstance(value, str) and len(value) <= 32):
        return True
    if _is_int(value):
        return -_MAX_ENTRY_INT < value < _MAX_ENTRY_INT
    if isinstance(value, list) and depth > 0:
        return all(_plain(v, depth - 1) for v in value)
    return False


def check_entries(log: object, where: str = "the save file") -> list[dict]:
    """Every entry is an object with a ``kind`` and plain values, before any is replayed."""
    if not isinstance(log, list):
        raise _fail("damaged", f"{where} has no log of moves")
    for i, raw in enumerate(log, start=1):
        if not (isinstance(raw, dict) and isinstance(raw.get("kind"), str)
                and all(_plain(v, 3) for v in raw.values())):
            raise _fail("damaged", f"{where} is damaged: move {i} is not a log entry: {_short(raw)}")
    return log


def check_structure(data: object) -> dict:
    """The whole save's structure, checked before any of it is used; return ``data``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail("foreign", "this is not a Domino Table save file")
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise _fail("damaged", "the save file has no format version")
    if version > VERSION:
        raise _fail("newer", f"the save file has format version {_short(version)}; "
                    f"this program reads version {VERSION} and older")
    cfg = data.get("config")
    if not isinstance(cfg, dict):
        raise _fail("damaged", "the save file has no configuration")
    if not isinstance(cfg.get("game"), str):
        raise _fail("damaged", f"the save file's configuration is invalid: the game is {_short(repr(cfg.get('game')))}")
    seed = cfg.get("seed")
    if _is_int(seed) and seed > MAX_SEED:
        raise _fail("damaged", f"the save file's configuration is invalid: the seed has {len(str(seed))} digits")
    try:
        Config(cfg.get("game"), cfg.get("players"), seed)  # type: ignore[arg-type]  # it checks them
    except RulesError as e:
        raise _fail("damaged", f"the save file's configuration is invalid: {e}") from None
    log = check_entries(data.get("log"))
    cursor = data.get("cursor", len(log))
    if not _is_int(cursor) or not 0 <= cursor <= len(log):
        raise _fail("damaged", f"the save file's cursor {_short(repr(cursor))} is outside its log")
    if not isinstance(data.get("meta", {}), dict):
        raise _fail("damaged", "the save file's details (seats, names) are not an object")
    return data


class _IllegalEntry(SaveFileError):
    """``build`` found an entry it cannot use: ``index`` (0-based) is where.

    ``problem`` is "damaged" for an entry that is no move at all (an unknown
    kind, a tile in no set) and "invalid" for a move the rules refuse.
    """

    def __init__(self, message: str, index: int, problem: str = "invalid") -> None:
        super().__init__(message, problem)
        self.index = index


class _Malformed(ValueError):
    """An entry whose shape is wrong, as opposed to a move the rules refuse (issue 29 item 11)."""


def _parsed(parse: Callable[..., Any], *args: Any) -> Any:
    try:
        return parse(*args)
    except ValueError as e:
        raise _Malformed(str(e)) from None


def build(data: dict) -> tuple[Session, dict[str, Any]]:
    """Replay a checked save (``check_structure``) and verify every entry."""
    cfg = data["config"]
    log = data["log"]
    cursor = data.get("cursor", len(log))
    session = Session(Config(cfg["game"], cfg["players"], cfg["seed"]), chance="external")
    top = session.state.full_set[-1][1]
    for i, raw in enumerate(log, start=1):
        try:
            _replay_entry(session, raw, top)
        except _Malformed as e:
            message = f"the save file is damaged: move {i} is not a valid entry: {e}"
            raise _IllegalEntry(_short(message) if len(message) > 400 else message, i - 1, "damaged") from None
        except (RulesError, ValueError, TypeError) as e:
            message = f"the save file fails verification at move {i}: {e}"
            raise _IllegalEntry(_short(message) if len(message) > 400 else message, i - 1) from None
    session.chance_mode = "seeded"
    session.seek(cursor)
    if session.pending_chance() is not None:
        # A saved session never stops before a chance step: the seeded mode resolves it at once.
        if cursor < len(log):
            raise _fail("invalid", f"the save file's cursor {cursor} stops before the "
                        f"{session.pending_chance()} at move {cursor + 1}")
        session._resolve_chance()
    return session, dict(data.get("meta", {}))


def loads(text: str | bytes) -> tuple[Session, dict[str, Any]]:
    """Rebuild and verify a session; return it and the file's ``meta``."""
    with _collector_paused():
        return build(check_structure(parse_json(text)))


#: The kinds of log entry a save holds: the chance steps, a new match and the actions.
_ENTRY_KINDS = frozenset({"deal", "lead_draw", "next_match"}) | frozenset(ACTION_KINDS)


def _replay_entry(session: Session, raw: dict, top: int) -> None:
    kind = raw.get("kind")
    if kind not in _ENTRY_KINDS:
        raise _Malformed(f"{_short(repr(kind))} is no kind of move")
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
            if not all(isinstance(h, list) for h in hands):
                raise ValueError("a deal's hands must be lists of tiles")
            deal = Deal(tuple(tuple(_parsed(tile_from_json, t, top) for t in h) for h in hands),
                        tuple(_parsed(tile_from_json, t, top) for t in stock))
        session.supply(deal)
    elif kind == "lead_draw":
        if set(raw) == {"kind"}:
            draw = session.state.sample_chance(session.config.seed)
        else:
            tiles = raw.get("tiles")
            if not isinstance(tiles, list) or len(tiles) != 2:
                raise ValueError("a lead draw needs two tiles")
            draw = LeadDraw((_parsed(tile_from_json, tiles[0], top), _parsed(tile_from_json, tiles[1], top)))
        session.supply(draw)
    elif kind == "next_match":
        session.next_match()
    else:
        if "tile" in raw:
            _parsed(tile_from_json, raw["tile"], top)  # a tile this game's set does not have
        session.apply(_parsed(action_from_json, raw))


def read_file(path: str | os.PathLike, what: str = "the save file") -> bytes:
    """The file's bytes, at most ``MAX_BYTES`` read; ``SaveFileError`` when it cannot be."""
    try:
        return read_bytes_limited(path, MAX_BYTES)
    except OverflowError:
        raise _fail("too_big", f"{what} is larger than {MAX_BYTES // 2**20} MB") from None
    except IsADirectoryError:
        raise _fail("unreadable", f"cannot read {what}: it is a folder") from None
    except OSError as e:
        raise _fail("unreadable", f"cannot read {what}: {e.strerror or e}") from None


def load(path: str | os.PathLike) -> tuple[Session, dict[str, Any]]:
    return loads(read_file(path))


# ------------------------------------------------------------------ journal


def _token(snapshot_text: str | bytes) -> str:
    data = snapshot_text.encode("utf-8") if isinstance(snapshot_text, str) else snapshot_text
    return hashlib.sha256(data).hexdigest()[:32]


def _journal_header(token: str) -> str:
    return json.dumps({"format": JOURNAL_FORMAT, "version": VERSION, "snapshot": token},
                      separators=(",", ":"))


def _apply_record(data: dict, record: object, number: int, read: JournalRead | None = None) -> int:
    """One journal line: cut the log at ``at``, append ``add``, move the cursor (UX-6); return ``at``.

    The line is checked whole before any of it is acted on (issue 40); ``read`` keeps what
    it replaced, so a line whose moves fail verification later is taken back whole
    (``JournalRead.take_back``)."""
    where = f"the save's journal, line {number},"
    if not isinstance(record, dict) or not {"at", "add", "cursor"} <= set(record) \
            or not set(record) <= {"at", "add", "cursor", "meta"}:
        raise _fail("damaged", f"{where} is not a journal record")
    log = data["log"]
    at, add, cursor = record["at"], record["add"], record["cursor"]
    if not _is_int(at) or not 0 <= at <= len(log):
        raise _fail("damaged", f"{where} cuts the log at {_short(repr(at))}, outside it")
    check_entries(add, where)
    if not _is_int(cursor) or not 0 <= cursor <= at + len(add):
        raise _fail("damaged", f"{where} moves the cursor to {_short(repr(cursor))}, outside the log")
    if "meta" in record and not isinstance(record["meta"], dict):
        raise _fail("damaged", f"{where} has details that are not an object")
    if read is not None:
        read.kept.append((number, at, log[at:], read.origins[at:], data.get("cursor"), data.get("meta")))
        del read.origins[at:]
        read.origins.extend([number] * len(add))
    del log[at:]
    log.extend(add)
    data["cursor"] = cursor
    if "meta" in record:
        data["meta"] = record["meta"]
    return at


def _json_or_none(line: bytes) -> object:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _is_header(value: object) -> bool:
    return isinstance(value, dict) and value.get("format") == JOURNAL_FORMAT


def _is_marker(value: object) -> bool:
    """``{"next": token}``: the line ``Journal.compact`` appends before it writes a new snapshot."""
    return isinstance(value, dict) and set(value) == {"next"}


def _marker(token: str) -> str:
    return json.dumps({"next": token}, separators=(",", ":"))


@dataclass
class JournalRead:
    """What ``read_journal`` made of a journal.

    ``applied`` records were applied; ``unused`` lines (the first bad one and
    every non-blank line after it) were not; ``problems`` says, in English, what
    was wrong (empty: a sound journal, or a stale one a compaction left);
    ``stable`` is how many entries of the snapshot's log no record cut.
    """

    applied: int = 0
    unused: int = 0
    problems: list[str] = field(default_factory=list)
    stable: int = 0
    #: The journal line that wrote each entry of the log (0: the snapshot's own).
    origins: list[int] = field(default_factory=list)
    #: Each applied line: (its number, its cut, the entries and origins it cut off, the cursor
    #: and details before it), to take it back whole (issue 40).
    kept: list[tuple[int, int, list, list[int], Any, Any]] = field(default_factory=list)
    #: For each line number read, how many lines are unused if the history stops before it.
    tails: dict[int, int] = field(default_factory=dict)

    def take_back(self, data: dict, number: int) -> None:
        """Undo line ``number`` and every line after it (a move of theirs failed verification),
        each whole: the longest valid history stays, and those lines count as unused."""
        while self.kept and self.kept[-1][0] >= number:
            _, at, cut, cut_origins, cursor, meta = self.kept.pop()
            del data["log"][at:], self.origins[at:]
            data["log"].extend(cut)
            self.origins.extend(cut_origins)
            data["cursor"] = cursor
            if meta is None:
                data.pop("meta", None)
            else:
                data["meta"] = meta
            self.applied -= 1
        self.unused = self.tails.get(number, self.unused)


def read_journal(data: dict, snapshot: bytes, journal: bytes) -> JournalRead:
    """Bring a checked snapshot up to date with the longest usable prefix of its journal.

    The first line names the snapshot (a hash of its bytes).  A journal naming
    another snapshot whose last line is the marker of this one is stale (a
    kill between the two writes of a compaction: the snapshot holds it all)
    and is ignored.  Any other mismatch -- the snapshot changed, the header
    is damaged or missing, the journal is empty -- is a problem, but the
    records are still applied: they are checked one by one, and ``build``
    verifies every move they add.  Records apply up to the first bad line;
    a torn last line (a kill during an append) is dropped without a word.
    """
    out = JournalRead(stable=len(data["log"]))
    if len(journal) > MAX_BYTES:
        out.unused = journal.count(b"\n")
        out.problems.append(f"the save's journal is larger than {MAX_BYTES // 2**20} MB")
        return out
    if not journal:
        out.problems.append("the save's journal is empty")
        return out
    journal = _as_utf8(journal)
    out.origins = [0] * len(data["log"])
    lines = journal.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline
    if not lines:  # not even one whole line: the writer always ends the header with a newline
        lines, torn = [torn], b""
    left = 1 if torn.strip() else 0
    out.tails[len(lines) + 1] = left
    for number in range(len(lines), 0, -1):  # lines unused if the history stops before each
        left += 1 if lines[number - 1].strip() else 0
        out.tails[number] = left
    token = _token(snapshot)
    first = _json_or_none(lines[0])
    body = 1
    if first != json.loads(_journal_header(token)):
        if _is_header(first) and _json_or_none(lines[-1]) == {"next": token}:
            return out  # stale: the snapshot was rewritten after this journal was retired
        if _is_header(first):
            out.problems.append("the save's journal belongs to another snapshot (the snapshot was changed)")
        elif isinstance(first, dict) and "at" in first:
            out.problems.append("the save's journal has lost its first line")
            body = 0
        else:
            out.problems.append("the save's journal's first line is damaged")
    for number in range(body, len(lines)):
        line = lines[number]
        try:
            record = parse_json(line, f"the save's journal, line {number + 1},")
            if _is_marker(record):
                continue
            at = _apply_record(data, record, number + 1, out)
        except SaveFileError as e:
            out.problems.append(str(e))
            out.unused = sum(1 for rest in lines[number:] if rest.strip()) + (1 if torn.strip() else 0)
            return out
        out.applied += 1
        out.stable = min(out.stable, at)
    if torn:
        try:
            at = _apply_record(data, json.loads(torn), len(lines) + 1, out)
            out.applied += 1
            out.stable = min(out.stable, at)
        except (ValueError, RecursionError, SaveFileError):
            pass  # the line being written when the program stopped: that one action is lost
    return out


def _as_utf8(journal: bytes) -> bytes:
    """A journal saved as UTF-16 or UTF-32 (an editor's choice), as UTF-8, as the snapshot is
    read in any of them (``json.loads`` of bytes): its lines split on the newline byte."""
    encoding = json.detect_encoding(journal)
    if encoding in ("utf-8", "utf-8-sig"):
        return journal
    try:
        return journal.decode(encoding).encode("utf-8")
    except UnicodeError:
        return journal  # not that after all: its lines are refused one by one as damaged


def apply_journal(data: dict, snapshot: bytes, journal: bytes) -> int:
    """``read_journal``, strictly: any problem raises ``SaveFileError`` ("damaged")."""
    read = read_journal(data, snapshot, journal)
    if read.problems:
        raise _fail("damaged", read.problems[-1])
    return read.applied


@dataclass
class Recovery:
    """What resuming a damaged autosave kept (``recover_journaled``).

    ``kept``: moves in the resumed game (log entries up to its cursor);
    ``lost``: journal lines that could not be used plus moves that failed
    verification; ``reason``: what was wrong, in English, for the log.
    """

    kept: int
    lost: int
    reason: str


def recover_journaled(snapshot_path: str | os.PathLike, journal_path: str | os.PathLike
                      ) -> tuple[Session, dict[str, Any], Recovery | None]:
    """The autosave, resumed as far as it can be: the snapshot and its journal's longest valid prefix.

    Raises ``SaveFileError`` when the snapshot itself cannot be used.  The
    third value is None for a sound save, else what was kept and what was not:
    the caller sets the files aside (they hold the rest) and tells the player.
    """
    snapshot = read_file(snapshot_path)
    problems: list[str] = []
    journal: bytes | None
    try:
        journal = read_file(journal_path, "the save's journal")
    except SaveFileError as e:
        journal = None
        if os.path.lexists(journal_path) or e.problem != "unreadable":
            problems.append(str(e))
    with _collector_paused():
        data = check_structure(parse_json(snapshot))
        read = JournalRead(stable=len(data["log"]))
        if journal is not None:
            read = read_journal(data, snapshot, journal)
            problems += read.problems
        session, meta = _build_taking_back(data, read, problems)
        lost = read.unused
    if not problems:
        return session, meta, None
    return session, meta, Recovery(session.cursor, lost, "; ".join(problems))


def _build_taking_back(data: dict, read: JournalRead, problems: list[str]) -> tuple[Session, dict[str, Any]]:
    """``build`` of the snapshot and its journal's lines; a journal line with a move that fails
    verification is taken back whole, with every line after it (issue 40: one bad line
    appended never cuts the good history it names), until what is left builds."""
    while True:
        try:
            return build(data)
        except _IllegalEntry as e:
            writer = read.origins[e.index] if e.index < len(read.origins) else 0
            if writer == 0:
                raise  # the snapshot's own move: the snapshot itself is invalid
            problems.append(f"the save's journal, line {writer}, was set aside whole: {e}")
            read.take_back(data, writer)
        except SaveFileError:
            if not problems:
                raise
            return _build_lenient(data)


def _build_lenient(data: dict) -> tuple[Session, dict[str, Any]]:
    """``build`` of a recovered log: a cursor the records left before a chance step goes to the end."""
    try:
        return build(data)
    except _IllegalEntry:
        raise
    except SaveFileError:
        data["cursor"] = len(data["log"])
        return build(data)


def load_journaled(snapshot_path: str | os.PathLike,
                   journal_path: str | os.PathLike) -> tuple[Session, dict[str, Any]]:
    """The autosave as far as it can be resumed (``recover_journaled`` without its report)."""
    session, meta, _recovery = recover_journaled(snapshot_path, journal_path)
    return session, meta


class Journal:
    """Writes the autosave: a snapshot once per session, then one journal line per save.

    ``save`` raises ``OSError`` when the disk refuses; the files on disk then
    still hold the last successful save, and the next ``save`` starts afresh
    with a snapshot (the journal may end in a torn line).
    """

    def __init__(self, snapshot_path: str | os.PathLike, journal_path: str | os.PathLike) -> None:
        self.snapshot_path = Path(snapshot_path)
        self.journal_path = Path(journal_path)
        self._session: Session | None = None
        self._written = 0
        self._mark = 0
        self._cursor = 0
        self._meta: dict[str, Any] = {}
        self._journal_bytes = 0

    def save(self, session: Session, meta: dict[str, Any] | None = None) -> str:
        """Save ``session``; return "snapshot", "append" or "unchanged"."""
        meta = dict(meta or {})
        if self._session is not session:
            self.compact(session, meta)
            return "snapshot"
        cut, mark = session.cuts_since(self._mark)
        at = self._written if cut is None else min(cut, self._written)
        log = session._log
        if self._journal_bytes > COMPACT_BYTES:  # fold the long journal into a new snapshot
            self.compact(session, meta)
            return "snapshot"
        if at == len(log) and session.cursor == self._cursor and meta == self._meta:
            return "unchanged"
        record: dict[str, Any] = {"at": at, "add": [entry_to_json(e) for e in log[at:]],
                                  "cursor": session.cursor}
        if meta != self._meta:
            record["meta"] = meta
        self._session = None  # until the line is safely on disk
        line = json.dumps(record, separators=(",", ":"))
        try:
            if not self.snapshot_path.is_file():
                raise FileNotFoundError(2, "the snapshot is gone", str(self.snapshot_path))
            append_line_synced(self.journal_path, line, create=False)
        except FileNotFoundError:  # the folder or a file vanished: start again from a snapshot
            self.compact(session, meta)
            return "snapshot"
        journal_bytes = self._journal_bytes + len(line) + 1
        self._bind(session, mark, meta)
        self._journal_bytes = journal_bytes
        return "append"

    def compact(self, session: Session, meta: dict[str, Any] | None = None) -> None:
        """Rewrite the snapshot from ``session`` and start an empty journal after it."""
        self._session = None
        text = dumps(session, meta)
        token = _token(text)
        self._retire(token)
        write_text_atomic(self.snapshot_path, text)
        write_text_atomic(self.journal_path, _journal_header(token) + "\n")
        self._bind(session, session.cuts_since(0)[1], dict(meta or {}))

    def _retire(self, token: str) -> None:
        """End the old journal with the new snapshot's marker before the snapshot is replaced.

        A kill between the two writes of ``compact`` then leaves a journal that
        says it was retired in favour of exactly this snapshot: loading ignores
        it without a word, and any other journal that does not match its
        snapshot is known to be damage (set aside, the player told).  A torn
        last line is cut first so that the marker is a line of its own.
        """
        try:
            f = open(self.journal_path, "r+b")
        except FileNotFoundError:
            return  # nothing to retire
        with f:
            size = f.seek(0, os.SEEK_END)
            if size:
                start = max(0, size - (1 << 16))
                f.seek(start)
                tail = f.read()
                cut = tail.rfind(b"\n")
                if not tail.endswith(b"\n") and cut >= 0:
                    f.truncate(start + cut + 1)
        append_line_synced(self.journal_path, _marker(token), create=False)

    def forget(self) -> None:
        """The files were removed or replaced: the next save writes a snapshot."""
        self._session = None

    def _bind(self, session: Session, mark: int, meta: dict[str, Any]) -> None:
        self._session = session
        self._written = len(session._log)
        self._mark = mark
        self._cursor = session.cursor
        self._meta = meta
        self._journal_bytes = 0
