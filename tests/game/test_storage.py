"""game.storage: settings and autosave survive every way a file can go bad."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import storage
from rules import Config, Session
from rules import save as rules_save
from rules.policies import random_policy
from rules.rng import stream


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    return tmp_path


def played_session(seed: int, moves: int, players: int = 4) -> Session:
    session = Session(Config("mexican_train", players, seed))
    rng = stream(seed, "test_storage")
    for _ in range(moves):
        seat = session.to_act()
        if seat is None:
            break
        session.apply(random_policy(session.view(seat), rng))
    return session


def aside_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".corrupt-" in p.name)


# ----------------------------------------------------------------- directories

def test_home_env_puts_every_directory_under_it(home):
    assert storage.config_dir() == home / "config"
    assert storage.data_dir() == home / "data"
    assert storage.log_dir() == home / "log"
    for d in (storage.config_dir(), storage.data_dir(), storage.log_dir()):
        assert d.is_dir()
    assert storage.autosave_path().parent == home / "data"
    assert storage.settings_path().parent == home / "config"


def test_without_home_env_uses_platformdirs_not_the_cwd(monkeypatch, tmp_path):
    monkeypatch.delenv(storage.HOME_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xc"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xd"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xs"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xk"))
    monkeypatch.chdir(tmp_path)
    cfg, data, logs = storage.config_dir(), storage.data_dir(), storage.log_dir()
    assert cfg == tmp_path / "xc" / storage.APP_NAME
    assert data == tmp_path / "xd" / storage.APP_NAME
    assert logs.is_relative_to(tmp_path / "xs") or logs.is_relative_to(tmp_path / "xk")
    assert len({cfg, data, logs}) == 3


# -------------------------------------------------------------------- settings

def test_settings_default_when_no_file():
    assert storage.load_settings() == storage.DEFAULT_SETTINGS
    assert not storage.settings_path().exists()


def test_settings_round_trip_and_defaults_fill_gaps():
    written = storage.save_settings({"language": "uk", "ui_scale": 1.5, "fullscreen": True})
    loaded = storage.load_settings()
    assert loaded == written
    assert loaded["language"] == "uk" and loaded["ui_scale"] == 1.5 and loaded["fullscreen"] is True
    assert loaded["tile_style"] == storage.DEFAULT_SETTINGS["tile_style"]


def test_load_settings_returns_a_fresh_dict_each_time():
    a = storage.load_settings()
    a["language"] = "ru"
    assert storage.load_settings()["language"] is None
    assert storage.DEFAULT_SETTINGS["language"] is None


@pytest.mark.parametrize("key,bad", [
    ("language", "fr"), ("language", 3), ("computer_speed", "warp"), ("fullscreen", "yes"),
    ("fullscreen", 1), ("ui_scale", 0.1), ("ui_scale", 9), ("ui_scale", True), ("ui_scale", "2"),
    ("tile_style", "dots"), ("palette", None),
])
def test_an_invalid_value_falls_back_to_its_default_and_keeps_the_rest(key, bad):
    storage.write_json_atomic(storage.settings_path(), {key: bad, "computer_speed": "fast"
                                                        if key != "computer_speed" else bad,
                                                        "language": "it" if key != "language" else bad})
    result = storage.load_settings_checked()
    assert result.problem is None
    assert result.settings[key] == storage.DEFAULT_SETTINGS[key]
    if key != "computer_speed":
        assert result.settings["computer_speed"] == "fast"
    if key != "language":
        assert result.settings["language"] == "it"


def test_unknown_setting_keys_survive_a_round_trip():
    storage.save_settings({"future_option": [1, 2]})
    assert storage.load_settings()["future_option"] == [1, 2]


@pytest.mark.parametrize("content,problem", [
    (b"{\"language\": \"ru\", \"ui_sc", "corrupt"),     # truncated
    (b"\xff\xfe\x00garbage", "corrupt"),                # not text
    (b"", "corrupt"),                                   # empty
    (b"[1, 2, 3]", "foreign"),                          # JSON but not settings
])
def test_corrupt_settings_give_defaults_and_are_kept_aside(content, problem):
    path = storage.settings_path()
    path.write_bytes(content)
    result = storage.load_settings_checked()
    assert result.problem == problem and result.reason
    assert result.settings == storage.DEFAULT_SETTINGS
    assert not path.exists()
    assert result.moved_to == path.with_name("settings.corrupt-1.json")
    assert result.moved_to.read_bytes() == content
    # the next save works and a second corrupt file does not overwrite the first
    storage.save_settings({"language": "ru"})
    assert storage.load_settings()["language"] == "ru"
    path.write_bytes(b"{{{")
    second = storage.load_settings_checked()
    assert second.moved_to.name == "settings.corrupt-2.json"
    assert result.moved_to.read_bytes() == content


def test_unreadable_settings_give_defaults():
    storage.settings_path().mkdir()  # a directory where the file should be: reading fails
    result = storage.load_settings_checked()
    assert result.problem == "unreadable"
    assert result.settings == storage.DEFAULT_SETTINGS
    assert result.moved_to is not None and result.moved_to.is_dir()
    storage.save_settings({"palette": "colour_blind"})
    assert storage.load_settings()["palette"] == "colour_blind"


# -------------------------------------------------------------------- autosave

def test_no_autosave_means_nothing_to_resume():
    result = storage.load_game()
    assert not result.resumed and result.problem is None and result.session is None


@pytest.mark.parametrize("seed,moves", [(1, 0), (7, 25), (123456789, 80)])
def test_autosave_round_trip_resumes_the_same_position(seed, moves):
    session = played_session(seed, moves)
    assert storage.save_game(session, {"names": ["Ann", "Bo", "Cy", "Di"]})
    result = storage.load_game()
    assert result.resumed and result.problem is None
    assert result.meta == {"names": ["Ann", "Bo", "Cy", "Di"]}
    resumed = result.session
    assert resumed.log == session.log and resumed.cursor == session.cursor
    assert resumed.to_act() == session.to_act()
    assert resumed.legal_actions() == session.legal_actions()
    for seat in range(1, session.config.players + 1):
        assert resumed.view(seat) == session.view(seat)


def test_autosave_keeps_the_redo_tail():
    session = played_session(5, 30)
    session.undo()
    session.undo()
    storage.save_game(session)
    resumed = storage.load_game().session
    assert resumed.cursor == session.cursor
    assert resumed.redo() and session.redo()
    assert resumed.log == session.log


def test_each_save_replaces_the_previous_one():
    session = played_session(11, 5)
    storage.save_game(session)
    session.apply(random_policy(session.view(session.to_act()), stream(11, "more")))
    storage.save_game(session)
    assert storage.load_game().session.log == session.log
    assert sorted(p.name for p in storage.data_dir().iterdir()) == ["autosave.journal", "autosave.json"]


def test_clear_game_removes_the_autosave():
    storage.save_game(played_session(3, 3))
    storage.clear_game()
    assert not storage.load_game().resumed
    storage.clear_game()  # nothing there: no error


def _good_save_text(seed: int = 2, moves: int = 12) -> str:
    return rules_save.dumps(played_session(seed, moves))


def _bad_saves() -> dict[str, tuple[bytes, str]]:
    good = _good_save_text()
    data = json.loads(good)
    newer = dict(data, version=rules_save.VERSION + 1)
    illegal = json.loads(good)
    # replace the last decision with a play of a tile that is not in anyone's hand twice
    illegal["log"].append(illegal["log"][-1])
    return {
        "truncated": (good[: len(good) // 2].encode(), "corrupt"),
        "binary": (bytes(range(256)), "corrupt"),
        "empty": (b"", "corrupt"),
        "foreign_json": (json.dumps({"format": "someone-else", "version": 1}).encode(), "foreign"),
        "json_list": (b"[]", "foreign"),
        "newer": (json.dumps(newer).encode(), "newer"),
        "illegal_move": (json.dumps(illegal).encode(), "invalid"),
        "bad_config": (json.dumps(dict(data, config={"game": "chess", "players": 2, "seed": 1})).encode(),
                       "damaged"),
    }


@pytest.mark.parametrize("name", list(_bad_saves()))
def test_an_unusable_autosave_is_kept_aside_with_a_reason(name):
    content, problem = _bad_saves()[name]
    path = storage.autosave_path()
    path.write_bytes(content)
    result = storage.load_game()
    assert not result.resumed
    assert result.problem == problem and result.problem in storage.PROBLEMS
    assert result.reason  # English detail for the log
    assert result.moved_to == path.with_name("autosave.corrupt-1.json")
    assert result.moved_to.read_bytes() == content
    assert not path.exists()
    # the program starts anyway: the next start finds nothing, and a new save works
    assert storage.load_game() == storage.LoadResult()
    session = played_session(9, 4)
    assert storage.save_game(session)
    assert storage.load_game().session.log == session.log


def test_corrupt_saves_never_overwrite_earlier_ones():
    path = storage.autosave_path()
    for n in range(1, 4):
        path.write_bytes(b"not json %d" % n)
        assert storage.load_game().moved_to.name == f"autosave.corrupt-{n}.json"
    assert aside_files(storage.data_dir()) == [f"autosave.corrupt-{n}.json" for n in (1, 2, 3)]
    assert (storage.data_dir() / "autosave.corrupt-2.json").read_bytes() == b"not json 2"


def test_unreadable_autosave():
    storage.autosave_path().mkdir()
    result = storage.load_game()
    assert result.problem == "unreadable" and not result.resumed
    assert result.moved_to.name == "autosave.corrupt-1.json"
    assert storage.save_game(played_session(4, 2))


def test_when_even_moving_aside_fails_the_program_still_starts(monkeypatch):
    storage.autosave_path().write_bytes(b"garbage")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "replace", refuse)
    result = storage.load_game()
    assert result.problem == "corrupt" and result.moved_to is None and not result.resumed


# ------------------------------------------------------------------- atomicity

def test_a_crash_while_writing_leaves_the_old_save_and_no_temp_file(monkeypatch):
    old = played_session(21, 10)
    storage.save_game(old)
    before = storage.autosave_path().read_bytes()

    real_fsync = os.fsync

    def crash(fd):  # the data is half on its way when the "power fails"
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage.os, "fsync", crash)
    assert storage.save_game(played_session(21, 20)) is False
    monkeypatch.setattr(storage.os, "fsync", real_fsync)
    assert storage.autosave_path().read_bytes() == before
    assert sorted(p.name for p in storage.data_dir().iterdir()) == ["autosave.journal", "autosave.json"]
    assert storage.load_game().session.log == old.log


def test_a_failed_rename_leaves_the_old_settings(monkeypatch):
    storage.save_settings({"language": "it"})

    real_replace = os.replace

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", refuse)
    with pytest.raises(OSError):
        storage.save_settings({"language": "ru"})
    monkeypatch.setattr(storage.os, "replace", real_replace)
    assert storage.load_settings()["language"] == "it"
    assert [p.name for p in storage.config_dir().iterdir()] == ["settings.json"]


def test_write_goes_through_a_temp_file_in_the_same_directory(monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src), Path(dst), Path(src).read_text(encoding="utf-8")))
        return real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", spy)
    storage.write_json_atomic(storage.settings_path(), {"a": "Ґ"})
    (src, dst, text), = seen
    assert src.parent == dst.parent and src != dst
    assert json.loads(text) == {"a": "Ґ"}
    assert not src.exists()


def test_an_unusable_home_never_stops_the_program(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the user folders should be")
    monkeypatch.setenv(storage.HOME_ENV, str(blocker / "sub"))
    result = storage.load_settings_checked()
    assert result.settings == storage.DEFAULT_SETTINGS and result.problem == "unreadable"
    assert storage.load_settings() == storage.DEFAULT_SETTINGS
    assert storage.load_game() == storage.LoadResult()
    assert storage.save_game(played_session(1, 3)) is False
    storage.clear_game()
    with pytest.raises(OSError):
        storage.save_settings({"language": "en"})


def test_a_deeply_nested_unknown_setting_is_dropped_not_written_back():
    deep = "[" * 900 + "]" * 900  # parses, but nothing this version writes is nested so deep
    storage.settings_path().write_text('{"language": "it", "future": ' + deep + ', "flat": [1, {"a": 2}]}')
    result = storage.load_settings_checked()
    assert result.problem is None and result.settings["language"] == "it"
    assert "future" not in result.settings and result.settings["flat"] == [1, {"a": 2}]
    storage.save_settings(result.settings)
    assert storage.load_settings() == result.settings


def test_unmovable_bad_settings_are_said_once_then_left_alone(monkeypatch):
    path = storage.settings_path()
    path.write_bytes(b"{{{")
    real = storage.os.replace
    config = storage.config_dir()

    def replace(src, dst):  # a read-only config folder (root ignores file modes)
        if Path(dst).parent == config:
            raise PermissionError(13, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(storage.os, "replace", replace)
    first = storage.load_settings_checked()
    assert first.problem == "corrupt" and first.moved_to is None and path.exists()
    again = storage.load_settings_checked()
    assert again.problem is None and again.settings == storage.DEFAULT_SETTINGS
    path.write_bytes(b"{{{ changed")  # a different file is looked at again
    assert storage.load_settings_checked().problem == "corrupt"
