"""The match history (issue 15): every finished match kept, listed and counted.

Each finished match is one small JSON file in ``<user data>/history/``
(``storage.data_dir()``), written atomically with ``storage.write_json_atomic``::

    {"format": "domino-table-history", "version": 1,
     "finished": "2026-12-01T11:40:00Z", "game": "cuban", "match": 1,
     "seats": [{"name": "Ann", "kind": "human", "level": "normal"}, ...],
     "summary": {...what the list and the statistics read...},
     "save": "<the match as a save file (rules.save), zlib-compressed, base64>"}

The save is the seed plus the log of moves, so a 13-deal Mexican Train match is a
few KB; it is replayed and verified in full when the viewer opens it.  The
``summary`` is computed from the match's public history when the match is
recorded (``summarise``), so listing a hundred matches reads a hundred small
headers and replays nothing.

A file that cannot be used (not JSON, another program's, a summary of the wrong
shape, too large) is renamed aside with ``storage.move_aside`` and reported in
``Listing.problems``; it never stops the program.  The same happens when the
viewer finds that its moves fail verification (``set_aside``).

``read_match`` also opens the files the command line's ``--replay`` takes: a
save file (the autosave, or any ``rules.save`` file), a history file, or a
transcript (``shared/TRANSCRIPT.md``) of any of the three games.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
import json
import logging
import os
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from rules import save as rules_save
from rules.errors import RulesError, SaveFileError
from rules.events import Event
from rules.session import Session

from . import storage
from .kits import KITS, family_part
from .seats import HUMAN, SeatConfig, default_seats, seats_from

log = logging.getLogger(__name__)

FORMAT = "domino-table-history"
VERSION = 1
FOLDER = "history"
SUFFIX = ".json"
#: A history file is a few KB; one far larger is not ours (and is not read whole).
MAX_FILE_BYTES = 4 * 1024 * 1024

#: MatchFileError.problem -> the locale key of its one-line message.
PROBLEM_TEXT = {
    "unreadable": "replay.problem_unreadable",
    "too_big": "replay.problem_too_big",
    "not_a_match": "replay.problem_not_a_match",
    "newer": "replay.problem_newer",
    "damaged": "replay.problem_damaged",
    "invalid": "replay.problem_invalid",
    "empty": "replay.problem_empty",
}


class MatchFileError(Exception):
    """A file that is not a valid match; ``problem`` is a key of ``PROBLEM_TEXT``."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem if problem in PROBLEM_TEXT else "not_a_match"
        self.detail = detail


# ------------------------------------------------------------------ opening a match


@dataclass
class MatchRecord:
    """A match read from a file: the session (its whole log), the seats and which match to show."""

    session: Session
    seats: list[SeatConfig]
    #: The match of the session to show (history files); None: every match in the file.
    match_no: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: True when nothing else holds the session (read from a file): the viewer may step it
    #: without a copy.  A match still on the table is not private.
    private: bool = False



def read_match(path: str | os.PathLike) -> MatchRecord:
    """A save, history or transcript file as a match; ``MatchFileError`` for anything else."""
    try:
        data = rules_save.read_file(path, "the file")
    except SaveFileError as e:
        raise MatchFileError("too_big" if e.problem == "too_big" else "unreadable", str(e)) from None
    return parse_match(data)


def parse_match(data: bytes) -> MatchRecord:
    """The match in ``data`` (see ``read_match``)."""
    text = _text(data)
    first = text.lstrip()[:1]
    if first != "{":
        raise MatchFileError("not_a_match", "the file is not a saved match, a history file or a transcript")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        obj = None
    if isinstance(obj, dict) and obj.get("format") == FORMAT:
        return _from_history(obj)
    if isinstance(obj, dict) and "format" in obj:
        return _from_save(text)
    return _from_transcript(text)


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise MatchFileError("not_a_match", "the file is not text") from None


def _from_save(text: str | bytes, seats: object = None, match_no: int | None = None) -> MatchRecord:
    try:
        session, meta = rules_save.loads(text)
    except SaveFileError as e:
        problem = {"newer": "newer", "invalid": "invalid", "too_big": "too_big",
                   "damaged": "damaged", "corrupt": "damaged"}.get(e.problem, "not_a_match")
        raise MatchFileError(problem, str(e)) from None
    n = session.config.players
    record = MatchRecord(session, seats_from(meta.get("seats") if seats is None else seats, n), match_no, meta,
                         private=True)
    _require_decisions(record)
    return record


def _from_transcript(text: str) -> MatchRecord:
    from rules.replay import ReplayError, Replayer, parse_line
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        try:
            if line.strip():
                parse_line(line)
        except ValueError as e:  # a torn or scrambled line: damaged, not a move against the rules
            raise MatchFileError("not_a_match" if number == 1 else "damaged", f"line {number}: {e}") from None
    try:
        session = Replayer(io.StringIO()).run(lines)
    except ReplayError as e:
        problem = "not_a_match" if e.line == 1 else "damaged" if e.malformed else "invalid"
        raise MatchFileError(problem, f"the transcript fails at {e}") from None
    except RulesError as e:
        raise MatchFileError("not_a_match", str(e)) from None
    record = MatchRecord(session, default_seats(session.config.players), private=True)
    _require_decisions(record)
    return record


def _from_history(obj: dict) -> MatchRecord:
    head = check_header(obj)
    try:
        packed = base64.b64decode(obj["save"], validate=True)
        unpack = zlib.decompressobj()
        # bounded: a few KB that inflate to gigabytes are not a match
        text = unpack.decompress(packed, rules_save.MAX_BYTES + 1)
    except (binascii.Error, zlib.error, TypeError, ValueError) as e:
        raise MatchFileError("damaged", f"the history file's match is damaged: {e}") from None
    if len(text) > rules_save.MAX_BYTES or unpack.unconsumed_tail:
        raise MatchFileError("too_big", "the history file's match is far larger than any match")
    if not unpack.eof:
        raise MatchFileError("damaged", "the history file's match is cut short")
    return _from_save(text, head["seats"], head["match"])


def _require_decisions(record: MatchRecord) -> None:
    from rules.actions import Action
    if not any(isinstance(e, Action) for e in record.session.log):
        raise MatchFileError("empty", "the file holds no move to replay")


# ------------------------------------------------------------------ what a match was


def match_events(history: Iterable[Event], match_no: int) -> list[Event]:
    """The public history events of match ``match_no`` (the session's history holds every match)."""
    current = 1
    out: list[Event] = []
    for e in history:
        if e.kind == "match":
            current = e.match_no
            continue
        if current == match_no:
            out.append(e)
    return out


def summarise(session: Session, seats: list[SeatConfig], match_no: int | None = None) -> dict[str, Any]:
    """What the list and the statistics read of a finished match, from its public history.

    Per seat: won the match; hands (deals) won; Mexican Train: the penalties added
    (MT-17) over the deals; Cuban and Jamaican: the points won by the seat's team and
    by the opponents (CU-8, JA-6) and six love given or taken (JA-7: the match ends
    with the losers at 0).  A Mexican Train deal is won by the player who went out
    (MT-16); a line hand by the team the hand's end names (CU-7, JA-5).
    """
    view = session.view(1)
    match_no = match_no or view.match_no
    events = match_events(view.history, match_no)
    game = session.config.game
    n = session.config.players
    rows = [{"name": seats[s - 1].name, "human": seats[s - 1].kind == HUMAN, "won": False, "hands_won": 0,
             "penalty": 0, "points_for": 0, "points_against": 0, "six_love_given": 0, "six_love_taken": 0}
            for s in range(1, n + 1)]
    deals = 0
    winners: list[int] = []
    totals: list[int] = []
    family = family_part(game, "history")
    for e in events:
        if e.kind == "deal_end":
            deals += 1
            family.count_deal(game, e, rows)
        elif e.kind == "match_end":
            winners, totals = list(e.winners), list(e.totals[1:])
    if not winners:
        raise ValueError(f"match {match_no} is not over")
    for s, row in enumerate(rows, start=1):
        row["won"] = family.side(s) in winners
    family.close_match(game, rows, totals)
    return {"game": game, "match": match_no, "deals": deals, "winners": winners, "totals": totals,
            "seats": rows}


def score_text(game: str, totals: list[int]) -> str:
    """A finished match's score as the list shows it, in its family's way (the lowest total
    of a seat, or both teams')."""
    return family_part(game, "history").score_text(totals)


def winner_names(summary: dict) -> list[str]:
    """The names of the match's winners: seats (Mexican Train) or both partners (the line)."""
    rows = summary["seats"]
    seats = family_part(summary["game"], "history").winner_seats(summary["winners"])
    return [rows[s - 1]["name"] for s in seats]


# ------------------------------------------------------------------ recording


def history_dir() -> Path:
    """``<user data>/history``, created if missing."""
    path = storage.data_dir() / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def _digest(session: Session) -> str:
    text = json.dumps([session.config.to_json(), [rules_save.entry_to_json(e) for e in session.log]],
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def record(session: Session, seats: list[SeatConfig], when: datetime | None = None) -> Path | None:
    """Keep the finished match of ``session`` (once: recording it again finds the same file).

    Returns the file, or None when the match is not over or the disk refuses (logged:
    a full disk never spoils the match's end).
    """
    if not session.match_over():
        return None
    try:
        folder = history_dir()
        digest = _digest(session)
        for existing in folder.glob(f"*-{digest}{SUFFIX}"):
            return existing
        when = when or datetime.now(timezone.utc)
        summary = summarise(session, seats)
        save_text = rules_save.dumps(session, {"seats": [s.to_json() for s in seats]})
        packed = base64.b64encode(zlib.compress(save_text.encode("utf-8"), 9)).decode("ascii")
        data = {"format": FORMAT, "version": VERSION, "finished": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "game": session.config.game, "match": summary["match"],
                "seats": [s.to_json() for s in seats], "summary": summary, "save": packed}
        path = folder / f"{when:%Y%m%d-%H%M%S}-{session.config.game}-{digest}{SUFFIX}"
        storage.write_json_atomic(path, data)
        return path
    except OSError as e:
        log.error("the finished match could not be kept in the history: %s", e)
        return None


# ------------------------------------------------------------------ listing


@dataclass(frozen=True)
class Entry:
    """One finished match in the list."""

    path: Path
    finished: datetime
    game: str
    match_no: int
    names: tuple[str, ...]
    summary: dict[str, Any]

    @property
    def winners(self) -> list[str]:
        return winner_names(self.summary)


@dataclass(frozen=True)
class Problem:
    """A history file that was set aside (``moved_to``; None when even renaming failed)."""

    name: str
    reason: str
    moved_to: Path | None


@dataclass
class Listing:
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


_SEAT_INTS = ("hands_won", "penalty", "points_for", "points_against", "six_love_given", "six_love_taken")


def _ints(value: object, n: int | None = None) -> bool:
    return (isinstance(value, list) and (n is None or len(value) == n)
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in value))


def check_header(obj: object) -> dict:
    """A history file's header (everything but the save), checked; ``MatchFileError`` if wrong."""
    def bad(why: str) -> MatchFileError:
        return MatchFileError("not_a_match", f"the history file {why}")
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise bad("is not a Domino Table history file")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise bad("has no format version")
    if version > VERSION:
        raise MatchFileError("newer", f"the history file has format version {version}; this program reads {VERSION}")
    game = obj.get("game")
    from rules.variants import GAMES, PLAYERS
    if game not in GAMES or game not in KITS:
        raise bad("names no game of this program")
    summary = obj.get("summary")
    seats = obj.get("seats")
    if not isinstance(summary, dict) or not isinstance(seats, list):
        raise bad("has no summary")
    lo, hi = PLAYERS[game]
    rows = summary.get("seats")
    if not (lo <= len(seats) <= hi and isinstance(rows, list) and len(rows) == len(seats)):
        raise bad("has a summary of the wrong size")
    for row in rows:
        if not (isinstance(row, dict) and isinstance(row.get("name"), str)
                and isinstance(row.get("won"), bool) and _ints([row.get(k) for k in _SEAT_INTS])):
            raise bad("has a damaged summary")
    sides = family_part(game, "history").sides(len(seats))
    if not (summary.get("game") == game and _ints(summary.get("winners")) and summary["winners"]
            and all(1 <= w <= sides for w in summary["winners"]) and _ints(summary.get("totals"), sides)
            and _ints([summary.get("deals"), summary.get("match")]) and summary["match"] >= 1):
        raise bad("has a damaged summary")
    if obj.get("match") != summary["match"] or not isinstance(obj.get("save"), str):
        raise bad("has no match")
    try:
        finished = datetime.strptime(str(obj.get("finished")), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        raise bad("has no date") from None
    return {"finished": finished, "game": game, "match": summary["match"], "seats": seats, "summary": summary}


def read_entry(path: Path) -> Entry:
    """One history file's header as a list entry; ``MatchFileError`` if it cannot be used."""
    try:
        data = storage.read_bytes_limited(path, MAX_FILE_BYTES)
    except OverflowError as e:
        raise MatchFileError("too_big", str(e)) from None
    except OSError as e:
        raise MatchFileError("unreadable", f"cannot read {path.name}: {e.strerror or e}") from None
    try:
        obj = json.loads(_text(data))
    except (ValueError, RecursionError) as e:
        raise MatchFileError("not_a_match", f"{path.name} is not JSON: {str(e)[:120]}") from None
    head = check_header(obj)
    names = tuple(row["name"] for row in head["summary"]["seats"])
    return Entry(path, head["finished"], head["game"], head["match"], names, head["summary"])


def set_aside(path: Path, reason: str) -> Problem:
    """Rename an unusable history file (or kept unfinished match, ``game.kept``) aside
    (``storage.move_aside``); never raises."""
    try:
        moved: Path | None = storage.move_aside(path)
    except OSError as e:
        log.error("could not move %s aside: %s", path, e)
        moved = None
    log.warning("%s set aside (%s): %s", path.name, moved, reason)
    return Problem(path.name, reason, moved)


def load_all() -> Listing:
    """Every finished match, newest first; unusable files set aside and reported."""
    listing = Listing()
    try:
        folder = history_dir()
        paths = sorted(p for p in folder.glob(f"*{SUFFIX}") if ".corrupt-" not in p.name)
    except OSError as e:
        log.error("no history folder: %s", e)
        return listing
    for path in paths:
        try:
            listing.entries.append(read_entry(path))
        except MatchFileError as e:
            listing.problems.append(set_aside(path, e.detail))
    listing.entries.sort(key=lambda e: (e.finished, e.path.name), reverse=True)
    return listing


# ------------------------------------------------------------------ statistics


@dataclass
class PlayerStats:
    """One player name's figures in one game (issue 15, item 3)."""

    game: str
    name: str
    human: bool = False
    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    deals: int = 0
    penalty: int = 0
    points_for: int = 0
    points_against: int = 0
    six_love_given: int = 0
    six_love_taken: int = 0

    @property
    def mean_penalty(self) -> float | None:
        """Mexican Train: the penalty a deal cost this player on average (MT-17)."""
        return self.penalty / self.deals if self.deals else None


def statistics(entries: Iterable[Entry]) -> list[PlayerStats]:
    """Per player name and game, over ``entries``: by game, then most matches won, then name."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for entry in entries:
        summary = entry.summary
        for row in summary["seats"]:
            stats = table.setdefault((entry.game, row["name"]), PlayerStats(entry.game, row["name"]))
            stats.human = stats.human or bool(row.get("human"))
            stats.matches += 1
            stats.matches_won += 1 if row["won"] else 0
            stats.hands += summary["deals"]
            stats.deals += summary["deals"]
            for key in _SEAT_INTS:
                setattr(stats, key, getattr(stats, key) + row[key])
    games = tuple(KITS)
    return sorted(table.values(), key=lambda s: (games.index(s.game) if s.game in games else 9,
                                                 -s.matches_won, -s.hands_won, s.name))
