"""The autosave's journal (issue 13, item 3): constant-cost saves that resume exactly.

The autosave is a snapshot (``autosave.json``, the save-file format) plus
``autosave.journal``, one fsynced line per save.  These tests check that what
resumes is exactly what was saved, redo tail and cursor included (UX-6), that
each save appends a line whose size does not depend on the session's length,
and that torn, stale and damaged journals are handled as the module says.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import storage
from rules import Config, Session
from rules import save as rules_save
from session_probe import full_fingerprint, random_step


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    storage.clear_game()
    return tmp_path


def resumed() -> Session:
    result = storage.load_game()
    assert result.problem is None, result.reason
    assert result.session is not None
    return result.session


def journal_lines() -> list[bytes]:
    return storage.journal_path().read_bytes().splitlines()


def saved_play(game: str, players: int, seed: int, steps: int) -> tuple[Session, random.Random]:
    """A new session autosaved, then ``steps`` random decisions each autosaved."""
    session = Session(Config(game, players, seed))
    rng = random.Random(seed)
    storage.save_game(session)
    for _ in range(steps):
        random_step(session, rng)
        storage.save_game(session)
    return session, rng


@pytest.mark.parametrize("game,players", [("mexican_train", 4), ("cuban", 4), ("jamaican", 4)])
def test_a_session_saved_action_by_action_with_undo_and_redo_resumes_exactly(game, players):
    """Every save appends one line; the resumed session has the same log, redo tail and cursor."""
    session = Session(Config(game, players, 5))
    rng = random.Random(5)
    storage.save_game(session, {"seats": []})
    for step in range(150):
        roll = rng.random()
        if roll < 0.15:
            session.undo()
        elif roll < 0.25:
            session.redo()
        elif roll < 0.28:
            session.restart_deal()
        else:
            random_step(session, rng)
        assert storage.save_game(session, {"seats": [], "step": step // 50})
        if step % 37 == 0:
            assert full_fingerprint(resumed(), views=False) == full_fingerprint(session, views=False)
    again = storage.load_game()
    assert full_fingerprint(again.session) == full_fingerprint(session)
    assert again.meta == {"seats": [], "step": 2}
    assert again.session.cursor == session.cursor and again.session.can_redo() == session.can_redo()


def test_an_undo_then_a_new_action_cuts_the_redo_tail_in_the_journal():
    session = Session(Config("mexican_train", 3, 2))
    rng = random.Random(2)
    for _ in range(20):
        random_step(session, rng)
    storage.save_game(session)
    for _ in range(4):
        session.undo()
    storage.save_game(session)
    undone = json.loads(journal_lines()[-1])
    assert undone == {"at": len(session._log), "add": [], "cursor": session.cursor}
    assert resumed().can_redo()
    random_step(session, rng)  # replaces the redo tail
    storage.save_game(session)
    record = json.loads(journal_lines()[-1])
    assert record["at"] < undone["at"] and record["cursor"] == session.cursor
    back = resumed()
    assert not back.can_redo()
    assert full_fingerprint(back) == full_fingerprint(session)


def test_the_cost_of_one_save_does_not_grow_with_the_session():
    """A save appends one short line: the journal grows by about the same at 10 or 1,000 entries."""
    session = Session(Config("mexican_train", 4, 9))
    rng = random.Random(9)
    storage.save_game(session)
    growth = []
    for step in range(1200):
        random_step(session, rng)
        before = storage.journal_path().stat().st_size
        snapshot = storage.autosave_path().stat().st_mtime_ns
        storage.save_game(session)
        assert storage.autosave_path().stat().st_mtime_ns == snapshot  # the snapshot is not rewritten
        if step in (10, 1190):
            growth.append(storage.journal_path().stat().st_size - before)
    assert growth[1] < 3 * growth[0] + 200
    assert len(journal_lines()) == 1201  # the header and one line per save


def test_resuming_then_saving_compacts_into_a_new_snapshot():
    session, _rng = saved_play("cuban", 4, 3, 30)
    back = resumed()
    assert storage.save_game(back)  # the program's first save after a resume
    assert len(journal_lines()) == 1  # only the header: everything is in the snapshot
    assert json.loads(storage.autosave_path().read_text())["cursor"] == session.cursor
    assert full_fingerprint(resumed()) == full_fingerprint(session)


def test_a_torn_last_line_loses_only_that_save():
    session, rng = saved_play("mexican_train", 2, 4, 10)
    committed = full_fingerprint(session)
    random_step(session, rng)
    storage.save_game(session)
    path = storage.journal_path()
    data = path.read_bytes()
    last = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
    for cut in (1, len(last) // 2, len(last) - 1):  # a kill in the middle of the append
        path.write_bytes(data[: len(data) - len(last) - 1 + cut])
        assert full_fingerprint(resumed()) == committed


def test_a_stale_journal_from_another_snapshot_is_ignored(monkeypatch):
    """A kill between a new snapshot and its new journal: the old journal must not be replayed.

    ``compact`` ends the old journal with the new snapshot's marker first, so the stale
    journal is known for what it is (issue 29: any other mismatch is damage)."""
    saved_play("mexican_train", 2, 6, 8)
    new = Session(Config("mexican_train", 3, 7))
    real = rules_save.write_text_atomic

    def killed(path, text):
        if Path(path) == storage.journal_path():
            raise OSError(5, "killed between the two writes")
        real(path, text)

    with monkeypatch.context() as m:
        m.setattr(rules_save, "write_text_atomic", killed)
        assert storage.save_game(new) is False
    result = storage.load_game()
    assert not result.recovered, result.reason
    assert full_fingerprint(result.session) == full_fingerprint(new)


def test_an_old_single_file_save_without_a_journal_still_resumes():
    session = Session(Config("jamaican", 4, 8))
    rng = random.Random(8)
    for _ in range(25):
        random_step(session, rng)
    rules_save.save(session, storage.autosave_path(), {"seats": []})
    assert full_fingerprint(resumed()) == full_fingerprint(session)


@pytest.mark.parametrize("line", [
    b'{"at": 1, "add": [], "cursor": 1',            # a damaged line before the last
    b'{"at": -1, "add": [], "cursor": 0}',
    b'{"at": 99999, "add": [], "cursor": 0}',
    b'{"at": 0, "add": [], "cursor": 5}',
    b'{"at": 0, "add": [{"kind": [[[[1]]]]}], "cursor": 1}',
    b'{"at": 0, "add": {}, "cursor": 0}',
    b'[1, 2]',
    b'{"at": 1, "add": [], "cursor": 1, "meta": 3}',
])
def test_a_damaged_journal_line_sets_both_files_aside_and_resumes_the_lines_before_it(line):
    """Issue 29 item 2 (was: nothing resumed); the damaged-save corpus is in test_save_recovery.py."""
    session = Session(Config("mexican_train", 2, 1))
    storage.save_game(session)
    random_step(session, random.Random(1))
    storage.save_game(session)
    before = full_fingerprint(session)
    with storage.journal_path().open("ab") as f:
        f.write(line + b"\n" + json.dumps({"at": 2, "add": [], "cursor": 2}).encode() + b"\n")
    result = storage.load_game()
    assert result.resumed and result.recovered and result.lost == 2, result.reason
    assert full_fingerprint(result.session) == before
    assert result.moved_to.name == "autosave.corrupt-1.json"
    assert (storage.data_dir() / "autosave.corrupt-1.journal").exists()
    assert not storage.autosave_path().exists() and not storage.journal_path().exists()


def test_leftover_temporary_files_are_removed_at_start():
    storage.save_game(Session(Config("mexican_train", 2, 1)))
    data = storage.data_dir()
    for name in ("autosave.json.abc123.tmp", "autosave.journal.x_9.tmp"):
        (data / name).write_text("half a save")
    (storage.config_dir() / "settings.json.q1.tmp").write_text("{")
    storage.load_game()
    storage.load_settings_checked()
    assert sorted(p.name for p in data.iterdir()) == ["autosave.journal", "autosave.json"]
    assert list(storage.config_dir().glob("*.tmp")) == []


def read_only_data_folder(monkeypatch) -> None:
    """Renames inside the data folder fail (root ignores file modes, so fake them)."""
    real = storage.os.replace
    data = storage.data_dir()

    def replace(src, dst):
        if Path(dst).parent == data:
            raise PermissionError(13, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(storage.os, "replace", replace)


def test_an_unmovable_bad_save_is_said_so_and_left_alone_at_later_starts(monkeypatch):
    storage.autosave_path().write_bytes(b"garbage")
    with monkeypatch.context() as m:
        read_only_data_folder(m)
        first = storage.load_game()
    assert first.problem == "corrupt" and first.moved_to is None
    assert first.remembered and first.path == storage.autosave_path()
    monkeypatch.setattr(rules_save, "recover_journaled", lambda *a: pytest.fail("tried to load it again"))
    assert storage.load_game() == storage.LoadResult()
    assert storage.autosave_path().read_bytes() == b"garbage"


def test_an_unmovable_bad_save_that_changes_is_looked_at_again(monkeypatch):
    path = storage.autosave_path()
    path.write_bytes(b"garbage")
    with monkeypatch.context() as m:
        read_only_data_folder(m)
        assert storage.load_game().remembered
    storage.save_game(Session(Config("mexican_train", 2, 3)))  # the folder works again: a new save
    assert resumed().config.seed == 3


def test_save_game_reports_failure_then_recovery(monkeypatch):
    session = Session(Config("mexican_train", 2, 1))
    assert storage.save_game(session)

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    rng = random.Random(1)
    committed = full_fingerprint(session)
    with monkeypatch.context() as m:
        m.setattr(rules_save, "append_line_synced", full)
        m.setattr(rules_save, "write_text_atomic", full)
        for _ in range(3):
            random_step(session, rng)
            assert storage.save_game(session) is False
        assert full_fingerprint(resumed()) == committed  # the last good save is intact
    random_step(session, rng)
    assert storage.save_game(session)
    assert full_fingerprint(resumed()) == full_fingerprint(session)


def test_a_file_where_the_data_folder_should_be_makes_saving_fail_not_crash(home, monkeypatch):
    session = Session(Config("mexican_train", 2, 1))
    assert storage.save_game(session)
    blocker = home / "blocked"
    blocker.write_text("a file, not a folder")
    monkeypatch.setenv(storage.HOME_ENV, str(blocker))
    assert storage.save_game(session) is False
    assert storage.load_game() == storage.LoadResult()


def test_a_long_journal_is_folded_into_a_new_snapshot(monkeypatch):
    monkeypatch.setattr(rules_save, "COMPACT_BYTES", 2000)
    session, _rng = saved_play("mexican_train", 4, 2, 120)
    assert len(journal_lines()) < 60  # folded at least once on the way
    assert json.loads(storage.autosave_path().read_text())["cursor"] > 20
    assert full_fingerprint(resumed()) == full_fingerprint(session)

