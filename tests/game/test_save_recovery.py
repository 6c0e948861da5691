"""Issue 29, items 1-2: a damaged autosave resumes its longest valid prefix; nothing is lost silently.

A corpus of damaged autosaves is generated here from a real one (60 moves,
written by the program's own writer, one journal line per move): a snapshot
changed in ways that still parse, a damaged, missing or empty journal header,
and journal lines damaged in the middle or bad lines appended.  For every kind
the load must not crash, must resume exactly the state after the last usable
journal line, must set the damaged files aside unchanged (the next save must
not write over them), and must report how many moves were kept and how many
could not be read.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from game import storage
from rules import Config, Session
from rules import save as rules_save
from session_probe import full_fingerprint, random_step

MOVES = 60
META = {"seats": [{"name": "Alice", "kind": "human", "level": "normal"},
                  {"name": "Boris", "kind": "computer", "level": "easy"},
                  {"name": "Chiara", "kind": "computer", "level": "easy"}], "app": "domino-table"}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    storage.clear_game()
    return tmp_path


@dataclass
class Written:
    """A real autosave on disk and the state after each of its journal records (0: the snapshot)."""

    snapshot: bytes
    journal: bytes
    states: list[tuple]
    cursors: list[int]
    session: Session


def write_real_save(seed: int = 4) -> Written:
    session = Session(Config("mexican_train", 3, seed))
    rng = random.Random(seed)
    assert storage.save_game(session, META)
    states, cursors = [full_fingerprint(session)], [session.cursor]
    for _ in range(MOVES):
        random_step(session, rng)
        assert storage.save_game(session, META)
        states.append(full_fingerprint(session))
        cursors.append(session.cursor)
    return Written(storage.autosave_path().read_bytes(), storage.journal_path().read_bytes(),
                   states, cursors, session)


def lines_of(journal: bytes) -> list[bytes]:
    return journal.split(b"\n")[:-1]


def joined(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def flip_in_name(snapshot: bytes) -> bytes:
    at = snapshot.index(b"Boris") + 2
    return snapshot[:at] + bytes([snapshot[at] ^ 0x01]) + snapshot[at + 1:]


def reindented(snapshot: bytes) -> bytes:
    return json.dumps(json.loads(snapshot), indent=2).encode()


def flip_first_byte(line: bytes) -> bytes:
    return bytes([line[0] ^ 0x01]) + line[1:]  # '{' becomes 'z': the line no longer parses


#: kind -> (change of the snapshot, change of the journal's lines, records usable, lines unused)
#: The journal's lines: [header, record 1, ..., record 60].  Records usable: how many of the
#: 60 records the resumed state includes; lines unused: how many lines the report must count.
Change = Callable[[bytes], bytes]
LinesChange = Callable[[list[bytes]], list[bytes]]
same: Change = lambda b: b  # noqa: E731
keep: LinesChange = lambda ls: ls  # noqa: E731
MIDDLE = 30  # the index of a record line in the middle
CORPUS: dict[str, tuple[Change, LinesChange, int, int]] = {
    # item 1: the snapshot or the journal's header no longer match
    "a bit flipped in a seat name": (flip_in_name, keep, MOVES, 0),
    "a UTF-8 BOM": (lambda b: b"\xef\xbb\xbf" + b, keep, MOVES, 0),
    "UTF-16": (lambda b: b.decode().encode("utf-16"), keep, MOVES, 0),
    "re-indented JSON": (reindented, keep, MOVES, 0),
    "a damaged header": (same, lambda ls: [flip_first_byte(ls[0])] + ls[1:], MOVES, 0),
    "a header from another snapshot": (same, lambda ls: [ls[0].replace(b'"snapshot":"', b'"snapshot":"0')]
                                       + ls[1:], MOVES, 0),
    "a missing header": (same, lambda ls: ls[1:], MOVES, 0),
    "an empty journal": (same, lambda ls: [], 0, 0),
    # item 2: one bad line in the journal
    "a bit flip in the middle": (same, lambda ls: ls[:MIDDLE] + [flip_first_byte(ls[MIDDLE])] + ls[MIDDLE + 1:],
                                 MIDDLE - 1, MOVES - MIDDLE + 1),
    "two swapped lines": (same, lambda ls: ls[:MIDDLE] + [ls[MIDDLE + 1], ls[MIDDLE]] + ls[MIDDLE + 2:],
                          MIDDLE - 1, MOVES - MIDDLE + 1),
    "a blank line": (same, lambda ls: ls[:MIDDLE] + [b""] + ls[MIDDLE:], MIDDLE - 1, MOVES - MIDDLE + 1),
    "a foreign line appended": (same, lambda ls: ls + [b'{"name": "package", "version": "1.0"}'], MOVES, 1),
    "a line nested too deep appended": (same, lambda ls: ls + [b"[" * 5000 + b"]" * 5000], MOVES, 1),
    "a huge number appended": (same, lambda ls: ls + [b'{"at": 1' + b"0" * 5000 + b', "add": [], "cursor": 0}'],
                               MOVES, 1),
    # issue 40: a line whose cut is valid but whose move is not is checked whole first: the
    # 60 moves before it stay (the loader cut at 2 first, and resumed 2 moves)
    "an illegal cut appended": (same, lambda ls: ls + [b'{"at":2,"add":[{"kind":"accept"}],"cursor":3}'],
                                MOVES, 1),
    "an illegal cut in the middle": (same, lambda ls: ls[:MIDDLE] + [b'{"at":2,"add":[{"kind":"accept"}],"cursor":3}']
                                     + ls[MIDDLE:], MIDDLE - 1, MOVES - MIDDLE + 2),
}


def illegal_record(written: Written) -> bytes:
    """A record that is well formed but adds a move no rule allows (a tile that does not exist)."""
    n = len(written.session._log)
    return json.dumps({"at": n, "add": [{"kind": "play", "seat": 1, "tile": [1000000000, 1], "train": 0}],
                       "cursor": n + 1}).encode()


def damage(kind: str) -> tuple[Written, bytes, bytes, int, int]:
    written = write_real_save()
    if kind == "an illegal line appended":
        snapshot, lines, usable, unused = written.snapshot, lines_of(written.journal) + [illegal_record(written)], \
            MOVES, 1
    else:
        change, change_lines, usable, unused = CORPUS[kind]
        snapshot, lines = change(written.snapshot), change_lines(lines_of(written.journal))
    journal = joined(lines)
    storage.autosave_path().write_bytes(snapshot)
    storage.journal_path().write_bytes(journal)
    return written, snapshot, journal, usable, unused


@pytest.mark.parametrize("kind", [*CORPUS, "an illegal line appended"])
def test_a_damaged_autosave_resumes_its_longest_valid_prefix_and_sets_the_files_aside(kind):
    written, snapshot, journal, usable, unused = damage(kind)
    result = storage.load_game()  # no crash
    assert result.resumed, result.reason
    assert full_fingerprint(result.session) == written.states[usable]
    # told: what was kept and what could not be read
    assert result.recovered and result.reason
    assert result.kept == written.cursors[usable] and result.lost == unused
    # set aside unchanged, both files, and never written over
    assert result.moved_to == storage.data_dir() / "autosave.corrupt-1.json"
    assert result.moved_to.read_bytes() == snapshot
    assert (storage.data_dir() / "autosave.corrupt-1.journal").read_bytes() == journal
    assert storage.save_game(result.session, META)
    assert result.moved_to.read_bytes() == snapshot
    again = storage.load_game()  # the next start resumes the recovered game without a word
    assert not again.recovered and again.problem is None
    assert full_fingerprint(again.session) == written.states[usable]


def test_a_journal_retired_by_a_compaction_that_was_cut_short_is_ignored_without_a_word(monkeypatch):
    """A kill between the new snapshot and its new journal: the old journal is stale, not damage."""
    written = write_real_save()
    real = rules_save.write_text_atomic

    def killed_before_the_journal(path, text):
        if Path(path) == storage.journal_path():
            raise OSError(5, "killed")
        real(path, text)

    fresh = storage.load_game().session  # resuming then saving compacts
    with monkeypatch.context() as m:
        m.setattr(rules_save, "write_text_atomic", killed_before_the_journal)
        assert storage.save_game(fresh, META) is False
    assert lines_of(storage.journal_path().read_bytes())[0] == lines_of(written.journal)[0]  # the old journal
    result = storage.load_game()
    assert not result.recovered and result.problem is None, result.reason
    assert full_fingerprint(result.session) == written.states[MOVES]
    assert not list(storage.data_dir().glob("*corrupt*"))


def test_a_compaction_that_was_cut_before_the_snapshot_still_resumes_the_old_pair(monkeypatch):
    written = write_real_save()
    fresh = storage.load_game().session

    def full(path, text):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(rules_save, "write_text_atomic", full)
        assert storage.save_game(fresh, META) is False
    result = storage.load_game()
    assert not result.recovered and result.problem is None, result.reason
    assert full_fingerprint(result.session) == written.states[MOVES]


def test_an_illegal_move_in_the_snapshot_itself_is_still_refused():
    """Only the journal's moves are cut back to a prefix; a snapshot that fails is set aside as before."""
    written = write_real_save()
    data = json.loads(written.snapshot)
    data["log"] = data["log"][:1] + [{"kind": "pass"}] * 3
    data["cursor"] = 4
    storage.autosave_path().write_text(json.dumps(data))
    storage.journal_path().unlink()
    result = storage.load_game()
    assert result.problem == "invalid" and not result.resumed


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_journal_saved_as_utf16_is_read_like_a_utf16_snapshot(encoding):
    """Issue 40: an editor that saved the journal as UTF-16 loses no move (the snapshot was
    already read in any of JSON's encodings)."""
    written = write_real_save()
    storage.journal_path().write_bytes(written.journal.decode().encode(encoding))
    result = storage.load_game()
    assert result.resumed and result.problem is None, result.reason
    assert full_fingerprint(result.session) == written.states[MOVES]
