"""Save files (issue 2, item 2; DESIGN.md "Saving writes a temporary file and renames it").

A save is JSON: format, version, config, log, cursor, meta.  Loading replays
and verifies it.  Every bad file raises one ``SaveFileError`` whose one-line
message names the problem; a good file rebuilds the identical session, redo
tail included.
"""
from __future__ import annotations

import json
import os
import random

import pytest

from rules import Config, Deal, SaveFileError, Session, tile
from rules.save import FORMAT, VERSION, dumps, load, loads, save
from session_probe import fingerprint, full_fingerprint, random_step


def played(game: str = "mexican_train", n: int = 4, seed: int = 7, steps: int = 30) -> Session:
    session = Session(Config(game, n, seed))
    rng = random.Random(seed)
    for _ in range(steps):
        random_step(session, rng)
    return session


@pytest.fixture(scope="module")
def good() -> dict:
    """A real save of a Mexican Train match 30 decisions in, as parsed JSON."""
    return json.loads(dumps(played()))


def edited(good: dict, change) -> str:
    data = json.loads(json.dumps(good))
    change(data)
    return json.dumps(data)


# ------------------------------------------------------------- round trips


@pytest.mark.parametrize("game,n,steps", [("mexican_train", 2, 400), ("mexican_train", 10, 250),
                                          ("cuban", 4, 120), ("jamaican", 4, 120)])
def test_save_then_load_rebuilds_the_identical_session(tmp_path, game, n, steps):
    """A file written by ``save`` loads into the same state, cursor, log and views."""
    from rules.variants import GAMES
    if game not in GAMES:
        pytest.skip(f"{game} is not registered yet")
    session = played(game, n, 3, steps)
    path = tmp_path / "saves" / "autosave.json"  # the folder is created on demand
    save(session, path, meta={"names": ["Аня", "Luca"], "level": 2})
    loaded, meta = load(path)
    assert meta == {"names": ["Аня", "Luca"], "level": 2}
    assert full_fingerprint(loaded) == full_fingerprint(session)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["config"]) == (FORMAT, VERSION, session.config.to_json())
    assert data["cursor"] == session.cursor == len(data["log"])


def test_the_redo_tail_survives_a_save_and_load(tmp_path):
    """UX-6: undone decisions are still redoable after loading, and redo to the same state."""
    session = played(steps=60)
    end = full_fingerprint(session)
    for _ in range(7):
        assert session.undo()
    path = tmp_path / "s.json"
    save(session, path)
    loaded, _ = load(path)
    assert loaded.cursor == session.cursor < len(json.loads(path.read_text())["log"])
    assert loaded.can_redo()
    assert full_fingerprint(loaded) == full_fingerprint(session)
    for _ in range(7):
        assert loaded.redo()
    assert not loaded.redo()
    assert full_fingerprint(loaded) == end


def test_a_rigged_deal_is_saved_in_full_and_replays(tmp_path):
    """A deal supplied from outside (not from the seed) is written out tile by tile."""
    session = Session(Config("mexican_train", 2, 1), chance="external")
    tiles = sorted(session.state.full_set, reverse=True)  # seat 1 gets [12|12]..., no shuffle
    session.supply(Deal((tuple(tiles[:15]), tuple(tiles[15:30])), tuple(tiles[30:])))
    rng = random.Random(2)
    for _ in range(25):
        random_step(session, rng)
    text = dumps(session)
    first = json.loads(text)["log"][0]
    assert first["hands"][0][0] == [12, 12] and len(first["stock"]) == 61
    loaded, _ = loads(text)
    assert full_fingerprint(loaded) == full_fingerprint(session)


def test_an_empty_log_loads_as_a_fresh_match():
    """A file with no entries yet is a match whose first deal is still to come from the seed."""
    loaded, _ = loads(json.dumps({"format": FORMAT, "version": VERSION,
                                  "config": {"game": "mexican_train", "players": 3, "seed": 5},
                                  "log": [], "cursor": 0}))
    assert loaded.to_act() is not None
    assert fingerprint(loaded) == fingerprint(Session(Config("mexican_train", 3, 5)))


def test_a_log_that_stops_after_the_last_play_of_a_deal_deals_the_next_one():
    """Loading finishes what the seed decides: the next deal follows the deal's last play."""
    session = Session(Config("mexican_train", 2, 8))
    rng = random.Random(8)
    while session.state.deal_no == 1:
        random_step(session, rng)
    data = json.loads(dumps(session))
    assert data["log"][-1] == {"kind": "deal"}
    del data["log"][-1]
    data["cursor"] -= 1
    loaded, _ = loads(json.dumps(data))
    assert full_fingerprint(loaded) == full_fingerprint(session)


# ------------------------------------------------------------ atomic write


def test_save_writes_a_temporary_file_and_renames_it(tmp_path, monkeypatch):
    """DESIGN.md: the new save is complete on disk before it replaces the old one."""
    path = tmp_path / "game.json"
    save(played(steps=5), path)
    old_inode = path.stat().st_ino
    session = played(steps=40)
    renames = []
    real_replace = os.replace

    def spy(src, dst):
        src, dst = os.fspath(src), os.fspath(dst)
        renames.append((src, dst, open(src, encoding="utf-8").read()))
        assert json.loads(path.read_text())["cursor"] < session.cursor  # the old save still there
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save(session, path)
    [(src, dst, content)] = renames
    assert dst == os.fspath(path) and src != dst
    assert os.path.dirname(src) == os.fspath(tmp_path)  # same folder, so the rename is atomic
    assert content == path.read_text(encoding="utf-8") == dumps(session)
    assert path.stat().st_ino != old_inode
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


@pytest.mark.parametrize("fail_at", ["write", "fsync", "rename"])
def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch, fail_at):
    """A crash while saving never loses or corrupts the previous save."""
    import rules.save as save_module

    path = tmp_path / "game.json"
    save(played(steps=5), path)
    before = path.read_bytes()

    def boom(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    target = {"write": (save_module, "dumps"), "fsync": (os, "fsync"), "rename": (os, "replace")}[fail_at]
    monkeypatch.setattr(*target, boom)
    with pytest.raises(OSError):
        save(played(steps=40), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"]
    loaded, _ = load(path)
    assert loaded.cursor == json.loads(before)["cursor"]


# --------------------------------------------------------------- bad files


def _first_action_index(log: list) -> int:
    return next(i for i, e in enumerate(log) if e["kind"] not in ("deal", "lead_draw"))


BAD = {
    # name: (how to make the file from a good save's JSON, words the message must contain)
    "truncated JSON": (lambda g: json.dumps(g)[: len(json.dumps(g)) // 2], "truncated"),
    "truncated to its first byte": (lambda g: json.dumps(g)[:1], "truncated"),
    "an empty file": (lambda g: "", "truncated"),
    "not JSON": (lambda g: "Mexican Train, seat 1: 12-12\n", "corrupt"),
    "binary garbage": (lambda g: random.Random(0).randbytes(600), ("corrupt", "not text")),
    "a PNG image": (lambda g: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\x00", "not text"),
    "JSON nested too deep": (lambda g: "[" * 100_000 + "]" * 100_000, "corrupt"),
    "a number too long": (lambda g: '{"format": ' + "9" * 5000 + "}", "corrupt"),
    "a JSON list": (lambda g: json.dumps([g]), "not a Domino Table save"),
    "foreign JSON": (lambda g: json.dumps({"name": "package", "version": 1}), "not a Domino Table save"),
    "a transcript": (lambda g: '{"transcript": 1, "game": "mexican_train", "players": 4, "seed": 7}\n',
                     "not a Domino Table save"),
    "another format": (lambda g: edited(g, lambda d: d.update(format="chess-save")), "not a Domino Table save"),
    "a newer version": (lambda g: edited(g, lambda d: d.update(version=VERSION + 1)),
                        f"version {VERSION + 1}"),
    "no version": (lambda g: edited(g, lambda d: d.pop("version")), "no format version"),
    "a text version": (lambda g: edited(g, lambda d: d.update(version="1")), "no format version"),
    "no config": (lambda g: edited(g, lambda d: d.pop("config")), "configuration"),
    "an unknown game": (lambda g: edited(g, lambda d: d["config"].update(game="chess")),
                        ("configuration", "chess")),
    "11 players": (lambda g: edited(g, lambda d: d["config"].update(players=11)), ("configuration", "11")),
    "a negative seed": (lambda g: edited(g, lambda d: d["config"].update(seed=-1)), ("configuration", "seed")),
    "no log": (lambda g: edited(g, lambda d: d.pop("log")), "log"),
    "an illegal move": (lambda g: edited(g, lambda d: d["log"].__setitem__(
        _first_action_index(d["log"]), {"kind": "draw"})), ("move 2", "draw")),
    "a move by an unknown kind": (lambda g: edited(g, lambda d: d["log"].__setitem__(5, {"kind": "fly"})),
                                  ("move 6", "is no kind of move")),
    "a tile that does not exist": (lambda g: edited(g, lambda d: d["log"].__setitem__(
        3, {"kind": "play", "tile": [13, 13], "train": 1})), ("move 4", "no such tile", "[13, 13]")),
    "a tile with one number": (lambda g: edited(g, lambda d: d["log"].__setitem__(
        3, {"kind": "play", "tile": [3], "train": 1})), ("move 4", "not a tile")),
    "a deal with a tile twice": (lambda g: edited(g, lambda d: d["log"].__setitem__(0, {
        "kind": "deal", "hands": [[[12, 12]] * 15] * 4, "stock": []})), ("move 1",)),
    "a deal entry where a decision is due": (lambda g: edited(g, lambda d: d["log"].insert(3, {"kind": "deal"})),
                                            ("move 4", "deal")),
    "a lead draw in Mexican Train": (lambda g: edited(g, lambda d: d["log"].__setitem__(0, {"kind": "lead_draw"})),
                                     ("move 1", "lead_draw")),
    "a cursor past the log": (lambda g: edited(g, lambda d: d.update(cursor=len(d["log"]) + 1)), "cursor"),
    "a negative cursor": (lambda g: edited(g, lambda d: d.update(cursor=-1)), "cursor"),
    "a text cursor": (lambda g: edited(g, lambda d: d.update(cursor="3")), "cursor"),
    "a cursor before the deal": (lambda g: edited(g, lambda d: d.update(cursor=0)), ("cursor", "deal")),
}


@pytest.mark.parametrize("name", list(BAD))
def test_every_bad_file_raises_one_save_file_error_naming_the_problem(good, tmp_path, name):
    make, words = BAD[name]
    words = (words,) if isinstance(words, str) else words
    content = make(good)
    path = tmp_path / "bad.json"
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    for attempt in (lambda: loads(content), lambda: load(path)):
        with pytest.raises(SaveFileError) as caught:
            attempt()
        message = str(caught.value)
        assert "\n" not in message and message.startswith(("the save file", "this is not"))
        assert any(w in message for w in words) if name == "binary garbage" else all(w in message for w in words), message
        assert caught.value.__cause__ is None


def test_a_missing_file_and_a_folder_raise_save_file_error(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read the save file"):
        load(tmp_path / "nowhere.json")
    with pytest.raises(SaveFileError, match="cannot read the save file"):
        load(tmp_path)


def test_a_log_cut_between_two_moves_is_still_a_valid_save(good):
    """Dropping the last moves (and moving the cursor) gives an earlier, valid position."""
    cut = json.loads(json.dumps(good))
    del cut["log"][-5:]
    cut["cursor"] = len(cut["log"])
    loaded, _ = loads(json.dumps(cut))
    assert loaded.cursor == len(cut["log"]) and loaded.to_act() is not None
    assert tile(12, 12) not in loaded.view(loaded.to_act()).hand  # the engine is in the station
