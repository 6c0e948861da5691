"""``python -m rules replay``: play a transcript again and check it (TRANSCRIPT.md, Replay).

A transcript is read line by line.  Its chance lines (``deal``, ``lead_draw``)
are supplied verbatim to a ``Session`` with external chance, through the
game's own ``apply_chance``, so rigged deals that split the set correctly are
accepted.  Its decision lines are applied in order after checking the seat to
act and, when present, the legal list.  The records the engine writes itself
(deal ends, totals, match ends) are compared with the file's when the file has
them; a hand-written scenario may leave them out, and the output fills them in.

The output is written by the same ``TranscriptWriter`` as selfplay, so a
selfplay transcript replays to a byte-identical file.  At the first line where
the file and the engine disagree, or the first malformed line, ``ReplayError``
names the line number and the difference; the output then holds the replay up
to that point.
"""
from __future__ import annotations

import json
import os
import stat
from typing import IO, Any, BinaryIO, Iterable, Iterator

from .actions import Action, action_from_json, canonical
from .chance import Deal, LeadDraw
from .errors import RulesError
from .session import Config, Session
from .transcript import VERSION, TranscriptWriter
from .variants import GAMES

#: line kind -> (keys it must have, keys it may have); the kind is its first key.
LINE_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "match": (frozenset({"match"}), frozenset()),
    "lead_draw": (frozenset({"lead_draw"}), frozenset()),
    "deal": (frozenset({"deal", "hands", "stock"}), frozenset({"engine"})),
    "seat": (frozenset({"seat", "action"}), frozenset({"legal"})),
    "deal_end": (frozenset({"deal_end"}), frozenset({"totals"})),
    "match_end": (frozenset({"match_end"}), frozenset()),
}
LINE_NAMES = {"match": "match", "lead_draw": "lead draw", "deal": "deal", "seat": "decision",
              "deal_end": "deal end", "match_end": "match end"}
HEADER_KEYS = frozenset({"transcript", "game", "players", "seed"})
#: records the engine writes on its own; a file may leave them out.
OUTPUT_RECORDS = ("deal_end", "match_end")


class ReplayError(RulesError):
    """The transcript is malformed or disagrees with the engine at ``line``.

    ``malformed`` is True when the line itself is wrong (not JSON, an unknown
    kind of line, a tile that is in no set) rather than a move the rules refuse.
    """

    def __init__(self, line: int, message: str, malformed: bool = False) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message
        self.malformed = malformed


# ------------------------------------------------------------------ parsing


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice")
        seen[key] = value
    return seen


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a transcript can hold")


def parse_line(text: str) -> dict:
    """One JSON object; ``ValueError`` names what is wrong (truncated, not an object ...)."""
    try:
        obj = json.loads(text, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated"):
            raise ValueError(f"truncated JSON: the line stops at column {len(text)} before its object is complete") from None
        raise ValueError(f"not valid JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:  # issue 29 item 4: a line nested 1,000 deep is damage, not a crash
        raise ValueError("the line is nested too deeply to be a transcript line") from None
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, found {type(obj).__name__}")
    return obj


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _line_kind(obj: dict) -> str:
    kinds = [k for k in LINE_KEYS if k in obj]
    if not kinds:
        raise ValueError(f"unknown line with keys {sorted(obj)}")
    kind = kinds[0]
    required, optional = LINE_KEYS[kind]
    missing = required - set(obj)
    if missing:
        raise ValueError(f"a {LINE_NAMES[kind]} line needs {', '.join(sorted(missing))}")
    unknown = set(obj) - required - optional
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)} in a {LINE_NAMES[kind]} line")
    return kind


class _TileReader:
    """Reads ``[a, b]`` tiles of one game's set, low number first."""

    def __init__(self, full_set: Iterable[Any]) -> None:
        self.tiles = {(t[0], t[1]): t for t in full_set}
        self.top = max(t[1] for t in self.tiles.values())

    def __call__(self, value: object, where: str):
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(x) for x in value)):
            raise ValueError(f"{where}: {json.dumps(value)} is not a tile [a, b]")
        a, b = value
        if a > b:
            raise ValueError(f"{where}: the tile {json.dumps(value)} must be written low number first, [{b}, {a}]")
        t = self.tiles.get((a, b))
        if t is None:
            raise ValueError(f"{where}: [{a}, {b}] does not exist in a double-{self.top} set")
        return t

    def action(self, value: object, where: str) -> Action:
        if isinstance(value, dict) and "tile" in value:
            self(value["tile"], where)  # name the game's own set, not the largest one
        try:
            action = action_from_json(value)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        return action


def _seat_keys(value: object, players: int, where: str) -> dict:
    expected = [str(s) for s in range(1, players + 1)]
    if not isinstance(value, dict) or sorted(value, key=lambda k: (len(k), k)) != expected:
        keys = sorted(value) if isinstance(value, dict) else value
        raise ValueError(f"{where} must be keyed by the seats {', '.join(expected)}, not {json.dumps(keys)}")
    return value


def _read_deal(obj: dict, tiles: _TileReader, players: int) -> Deal:
    if not _is_int(obj["deal"]) or obj["deal"] < 1:
        raise ValueError(f"the deal number must be a whole number >= 1, not {json.dumps(obj['deal'])}")
    hands = _seat_keys(obj["hands"], players, "hands")
    held: dict[Any, str] = {}

    def read(values: object, where: str) -> tuple:
        if not isinstance(values, list):
            raise ValueError(f"{where} must be a list of tiles")
        out = []
        for value in values:
            t = tiles(value, where)
            if t in held:
                raise ValueError(f"the tile {json.dumps(value)} is held twice: {held[t]} and {where}")
            held[t] = where
            out.append(t)
        return tuple(out)

    dealt = tuple(read(hands[str(s)], f"seat {s}'s hand") for s in range(1, players + 1))
    return Deal(dealt, read(obj["stock"], "the stock"))


def _read_lead_draw(obj: dict, tiles: _TileReader) -> LeadDraw:
    drawn = _seat_keys(obj["lead_draw"], 2, "a lead draw")
    t1, t2 = tiles(drawn["1"], "seat 1's lead draw"), tiles(drawn["2"], "seat 2's lead draw")
    if t1 == t2:
        raise ValueError(f"the tile {json.dumps(drawn['1'])} is held twice: both representatives draw it")
    return LeadDraw((t1, t2))


# ------------------------------------------------------------ differences


def describe_difference(ours: object, theirs: object, path: str = "", limit: int = 3) -> str:
    """The first few places where ``ours`` (the file) and ``theirs`` (the engine) differ."""
    found: list[str] = []

    def walk(a: object, b: object, p: str) -> None:
        if len(found) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b), key=lambda k: (len(str(k)), str(k))):
                here = f"{p}[{json.dumps(key)}]"
                if key not in a:
                    found.append(f"{here}: missing in the file, engine {json.dumps(b[key])}")
                elif key not in b:
                    found.append(f"{here}: file {json.dumps(a[key])}, missing in the engine")
                else:
                    walk(a[key], b[key], here)
                if len(found) >= limit:
                    return
        else:
            found.append(f"{p}: file {json.dumps(a)}, engine {json.dumps(b)}")

    walk(ours, theirs, path)
    return "; ".join(found)


def _legal_difference(file_legal: list[Action], engine_legal: list[Action]) -> str | None:
    if len(file_legal) == len(engine_legal) and set(file_legal) == set(engine_legal) \
            and len(set(file_legal)) == len(file_legal):
        return None
    mine = sorted(canonical(a.to_json()) for a in file_legal)
    theirs = sorted(canonical(a.to_json()) for a in engine_legal)
    if mine == theirs:
        return None
    extra = sorted(set(mine) - set(theirs))
    missing = sorted(set(theirs) - set(mine))
    parts = []
    if extra:
        parts.append("the file lists " + ", ".join(extra) + " that the engine does not offer")
    if missing:
        parts.append("the engine also offers " + ", ".join(missing))
    if not parts:
        parts.append("the file lists an action more than once")
    return "a different legal list: " + "; ".join(parts)


# ------------------------------------------------------------------- replay


class Replayer:
    """Walks a transcript's lines through a ``Session`` with external chance."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        # Set from the header line, which ``_line`` reads before any other (None until then).
        self.session: Session = None  # type: ignore[assignment]
        self.writer: TranscriptWriter = None  # type: ignore[assignment]
        self.tiles: _TileReader = None  # type: ignore[assignment]
        #: engine records not yet matched with a file line, oldest first.
        self.owed: list[dict] = []
        self._seen = 0
        #: the file line after which the engine last ended a deal or a match.
        self._ended_after = 0
        self._current = 0

    # ---------------------------------------------------------------- input

    def run(self, lines: Iterable[str]) -> Session:
        number = 0
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            self._current = number
            try:
                self._line(number, text)
            except ReplayError:
                raise
            except ValueError as e:  # the line's own shape: damage, not a move against the rules
                raise ReplayError(number, str(e), malformed=True) from None
            except RulesError as e:
                raise ReplayError(number, str(e)) from None
            except OSError:
                raise  # the output cannot be written: the caller says so in one line
            except Exception as e:  # noqa: BLE001 - one clear line, never a traceback
                raise ReplayError(number, f"internal error {type(e).__name__}: {e}") from None
        if self.session is None:
            raise ReplayError(max(number, 1), "the file is empty: no transcript header")
        return self.session

    def _line(self, number: int, text: str) -> None:
        obj = parse_line(text)
        if self.session is None:
            self._header(obj)
            return
        kind = _line_kind(obj)
        if kind in OUTPUT_RECORDS:
            self._compare_record(number, kind, obj)
            return
        self._settle_owed(keep_match=kind == "match")
        if kind == "match":
            self._match(number, obj)
        elif kind == "lead_draw":
            self._chance(number, "lead_draw", obj, _read_lead_draw(obj, self.tiles))
        elif kind == "deal":
            self._chance(number, "deal", obj, _read_deal(obj, self.tiles, self.session.config.players))
        else:
            self._decision(number, obj)

    def _header(self, obj: dict) -> None:
        if "transcript" not in obj:
            raise ValueError("the file does not start with a transcript header {\"transcript\": 1, ...}")
        version = obj["transcript"]
        if version != VERSION or not _is_int(version):
            raise ValueError(f"transcript format version {json.dumps(version)} is not supported; this referee reads version {VERSION}")
        missing = HEADER_KEYS - set(obj)
        if missing:
            raise ValueError(f"the header needs {', '.join(sorted(missing))}")
        unknown = set(obj) - HEADER_KEYS
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)} in the header")
        if not isinstance(obj["game"], str):
            example = json.dumps(next(iter(GAMES)))
            raise ValueError(f"the game must be a name such as {example}, not {json.dumps(obj['game'])}")
        config = Config(obj["game"], obj["players"], obj["seed"])
        self.session = Session(config, chance="external")
        self.tiles = _TileReader(self.session.state.full_set)
        self.writer = TranscriptWriter(self.out, config.game, config.players, config.seed)
        self._collect()

    # ------------------------------------------------------------- the steps

    def _match(self, number: int, obj: dict) -> None:
        k = obj["match"]
        if not _is_int(k) or k < 1:
            raise ValueError(f"the match number must be a whole number >= 1, not {json.dumps(k)}")
        session = self.session
        record: dict | None
        if self.owed and "match" in self.owed[0]:
            record = self.owed.pop(0)  # the engine's own first match line
        else:
            if not session.match_over():
                raise ReplayError(number, f"the file starts match {k}, but the engine's match is not over ({self._where()})")
            session.next_match()
            new = self._collect()
            record = next((r for r in new if "match" in r), None)
            self.owed = [r for r in self.owed if r is not record]
        if record is None or record != obj:
            engine = record["match"] if record else "no match"
            raise ReplayError(number, f"the file starts match {k}, but the engine starts match {engine}")

    def _chance(self, number: int, kind: str, obj: dict, outcome: Deal | LeadDraw) -> None:
        session = self.session
        due = session.pending_chance()
        if due != kind:
            raise ReplayError(number, f"the file has a {kind.replace('_', ' ')} line, but {self._where()}")
        session.supply(outcome)
        new = self._collect()
        record = next((r for r in new if kind in r), None)
        self.owed = [r for r in self.owed if r is not record]
        if record is None:
            raise ReplayError(number, f"the engine wrote no {kind} line for this {kind.replace('_', ' ')}")
        if kind == "deal" and obj["deal"] != record["deal"]:
            raise ReplayError(number, f"the file has deal {obj['deal']}, but this is deal {record['deal']} for the engine")
        for key in obj:
            if obj[key] != record.get(key):
                raise ReplayError(number, f"the {kind.replace('_', ' ')} differs: "
                                  + describe_difference(obj[key], record.get(key), key))

    def _decision(self, number: int, obj: dict) -> None:
        session = self.session
        seat = obj["seat"]
        if not _is_int(seat) or not 1 <= seat <= session.config.players:
            raise ValueError(f"the seat must be 1 to {session.config.players}, not {json.dumps(seat)}")
        action = self.tiles.action(obj["action"], "the action")
        file_legal = None
        if "legal" in obj:
            if not isinstance(obj["legal"], list):
                raise ValueError("legal must be a list of actions")
            file_legal = [self.tiles.action(a, "the legal list") for a in obj["legal"]]
        to_act = session.to_act()
        if to_act is None:
            raise ReplayError(number, f"seat {seat} acts here, but {self._where()}")
        if seat != to_act:
            raise ReplayError(number, f"seat {seat} acts here, but it is seat {to_act}'s turn in the engine")
        legal = session.legal_actions()
        if file_legal is not None:
            difference = _legal_difference(file_legal, legal)
            if difference:
                raise ReplayError(number, difference)
        try:
            session.apply(action)
        except RulesError as e:
            raise ReplayError(number, f"seat {seat}: {e}") from None
        self.writer.decision(seat, legal, action)
        self._collect()

    # --------------------------------------------------------------- records

    def _collect(self) -> list[dict]:
        """Write the engine's new records and remember the ones a file may compare."""
        state = self.session.state
        records = state.records
        new = list(records[self._seen:])
        self._seen = len(records)
        self.writer.records(state)
        for record in new:
            if any(k in record for k in OUTPUT_RECORDS):
                self._ended_after = self._current
            self.owed.append(record)
        return new

    def _settle_owed(self, keep_match: bool) -> None:
        """Records the file left out are fine; they are already in the output."""
        self.owed = [r for r in self.owed if keep_match and "match" in r]

    def _compare_record(self, number: int, kind: str, obj: dict) -> None:
        label = kind.replace("_", " ")
        # A file may leave out a deal end yet give the match end, or omit the first match line.
        while self.owed and kind not in self.owed[0] and not (kind == "deal_end" and "match_end" in self.owed[0]):
            self.owed.pop(0)
        if not self.owed or kind not in self.owed[0]:
            if self.owed:
                other = next(iter(self.owed[0]))
                raise ReplayError(number, f"the file has a {label} here, but the engine wrote a {other.replace('_', ' ')} line")
            raise ReplayError(number, f"the file has a {label} here, but {self._where()}")
        record = self.owed.pop(0)
        for key in obj:
            if obj[key] != record.get(key):
                what = "other totals" if key == "totals" else f"a different {key.replace('_', ' ')}"
                raise ReplayError(number, f"{what}: " + describe_difference(obj[key], record.get(key), key))

    def _where(self) -> str:
        """Where the engine stands, in words, for an error line."""
        session = self.session
        state = session.state
        if session.match_over():
            return f"the engine ended the match after line {self._ended_after}"
        due = session.pending_chance()
        if due is not None:
            ended = ""
            if self._ended_after:
                ended = f" (it ended the last deal after line {self._ended_after})"
            return f"the engine expects a {due.replace('_', ' ')}{ended}"
        deal = getattr(state, "deal_no", None)
        deal_text = f" deal {deal}" if deal else " the deal"
        return f"the engine continues{deal_text} with seat {session.to_act()} to act"


def replay(lines: Iterable[str], out: IO[str]) -> Session:
    """Replay transcript ``lines`` into ``out``; raise ``ReplayError`` at the first problem."""
    return Replayer(out).run(lines)


#: A transcript line is a few kilobytes (a 10-seat deal, a long legal list); far longer is not one.
MAX_LINE_BYTES = 1 << 20
#: Thousands of matches fit; replay stops beyond this rather than fill the memory.
MAX_FILE_BYTES = 1 << 30


def _open_input(path: str) -> BinaryIO:
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):  # opening one waits for a writer, maybe forever
            raise RulesError(f"cannot read {path}: it is a named pipe or socket, not a file")
        if stat.S_ISDIR(mode):
            raise RulesError(f"cannot read {path}: it is a folder")
        return open(path, "rb")
    except OSError as e:
        raise RulesError(f"cannot read {path}: {e.strerror or e}") from None


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # the output does not exist yet
        return os.path.realpath(a) == os.path.realpath(b)


def iter_lines(f: BinaryIO, path: str) -> Iterator[str]:
    """The lines of ``f`` as text, read one at a time with limits.

    A line longer than ``MAX_LINE_BYTES`` (``/dev/zero``, a 50 MB single
    line) or a file past ``MAX_FILE_BYTES`` stops with a ``ReplayError`` after
    reading at most that much: bounded memory and time.
    """
    total = 0
    number = 0
    while True:
        try:
            raw = f.readline(MAX_LINE_BYTES + 1)
        except OSError as e:
            raise RulesError(f"cannot read {path}: {e.strerror or e}") from None
        if not raw:
            return
        number += 1
        total += len(raw)
        if len(raw) > MAX_LINE_BYTES:
            raise ReplayError(number, f"the line is longer than {MAX_LINE_BYTES >> 20} MB; "
                              "this is not a transcript")
        if total > MAX_FILE_BYTES:
            raise ReplayError(number, f"the file is larger than {MAX_FILE_BYTES >> 30} GB; replay stops here")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RulesError(f"{path} is not UTF-8 text (line {number}, byte {e.start})") from None
        if text.endswith("\n"):
            text = text[:-1]
        yield text[:-1] if text.endswith("\r") else text


def read_lines(path: str) -> list[str]:
    """The file's lines; ``RulesError`` if it cannot be read as UTF-8 text within the limits."""
    with _open_input(path) as f:
        return list(iter_lines(f, path))


def replay_file(path: str, out_path: str) -> Session:
    """``python -m rules replay FILE --transcript OUT``, reading FILE one line at a time."""
    if _same_file(path, out_path):  # opening the output for writing would empty the input first
        raise RulesError(f"the output {out_path} is the input file; write the replay to another file")
    with _open_input(path) as f:
        try:
            out = open(out_path, "w", encoding="utf-8", newline="\n")
        except OSError as e:
            raise RulesError(f"cannot write {out_path}: {e.strerror or e}") from None
        try:
            with out:
                return replay(iter_lines(f, path), out)
        except OSError as e:  # a full disk, /dev/full: one line, not a traceback
            raise RulesError(f"cannot write {out_path}: {e.strerror or e}") from None
