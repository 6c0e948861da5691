"""No save or settings file stops the program, and failing saves are shown (issue 13, items 1-2).

A fuzz over many kinds of damaged and foreign autosaves: each time the App
starts headless, shows one message in the player's words, and the file is set
aside where the player can find it.  Saves of all three games resume.  A disk
that refuses during play gives one notice, play goes on, and the first save
that works again says so.
"""
from __future__ import annotations

import json
import logging
import os
import random
import shutil
from pathlib import Path

import pytest

from game import i18n, storage
from game.scenes.overlays import MessageScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from rules import save as rules_save
from session_probe import random_step  # tests/ is on the path: tests/conftest.py is there
from shell_driver import frames, make_app

GAMES = (("mexican_train", 4), ("cuban", 4), ("jamaican", 4))


def full_fingerprint(session: Session) -> tuple:
    """The whole log (redo tail included), the cursor and every seat's view."""
    seats = range(1, session.config.players + 1)
    return session.cursor, repr(session._log), tuple(repr(session.view(s)) for s in seats)


def played(game: str, players: int, seed: int = 3, steps: int = 40) -> Session:
    session = Session(Config(game, players, seed))
    rng = random.Random(seed)
    for _ in range(steps):
        random_step(session, rng)
    return session


def computer_seats(n: int) -> list[dict]:
    return [SeatConfig(f"Bot {i}", COMPUTER, "easy").to_json() for i in range(1, n + 1)]


def good_save(game: str = "mexican_train", players: int = 4) -> dict:
    session = played(game, players)
    return json.loads(rules_save.dumps(session, {"seats": computer_seats(players), "app": "domino-table"}))


def random_json(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 4 or roll < 0.3:
        return rng.choice([None, True, False, 0, -1, 2**70, 1.5, float("1e308"), "", "x" * rng.randrange(40),
                           "deal", "play", [12, 12], -2**40])
    if roll < 0.65:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    keys = ["format", "version", "config", "log", "cursor", "meta", "kind", "tile", "seats", "game", "z"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def _replace_somewhere(data: dict, rng: random.Random) -> dict:
    """One field of a good save (top level, config, a log entry) replaced by random JSON."""
    data = json.loads(json.dumps(data))
    where = rng.choice(["top", "config", "entry"])
    if where == "top":
        data[rng.choice(["version", "config", "log", "cursor"])] = random_json(rng, 3)
    elif where == "config":
        data["config"][rng.choice(["game", "players", "seed"])] = random_json(rng, 3)
    else:
        data["log"][rng.randrange(len(data["log"]))] = random_json(rng, 1)
    return data


def damaged_files() -> dict[str, bytes]:
    """name -> the bytes of an autosave.json that cannot be resumed."""
    good = good_save()
    text = json.dumps(good)
    rng = random.Random(13)
    cases: dict[str, bytes] = {
        "empty": b"",
        "a PNG": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200),
        "nested 100000 deep": b"[" * 100_000 + b"]" * 100_000,
        "a 5000-digit number": b'{"format": ' + b"9" * 5000 + b"}",
        "a 4000-digit seed": json.dumps(dict(good, config=dict(good["config"], seed=10**3999))).encode(),
        "a huge player count": json.dumps(dict(good, config=dict(good["config"], players=10**300))).encode(),
        "an infinite cursor": text.replace('"cursor":', '"cursor": 1e999, "x":').encode(),
        "NaN players": json.dumps(dict(good, config=dict(good["config"], players=float("nan")))).encode(),
        "a huge version": json.dumps(dict(good, version=10**50)).encode(),
        "a transcript": b'{"transcript": 1, "game": "mexican_train", "players": 4, "seed": 7}\n{"match": 1}\n',
        "the settings file": json.dumps(storage.DEFAULT_SETTINGS).encode(),
        "a JSON string": b'"domino-table-save"',
        "a journal as the save": b'{"format":"domino-table-journal","version":1,"snapshot":"0"}\n',
        "log entries of the wrong type": json.dumps(dict(good, log=[1, "deal", None])).encode(),
        "a deal with a hand that is a number": json.dumps(dict(good, log=[{"kind": "deal", "hands": [1, 2],
                                                                          "stock": []}])).encode(),
        "a deeply nested log entry": json.dumps(dict(good, log=[{"kind": "deal", "hands": [[[[[[1]]]]]]}])).encode(),
        "meta that is a list": json.dumps(dict(good, meta=[1, 2])).encode(),
        "an illegal move": json.dumps(dict(good, log=good["log"][:1] + [{"kind": "pass"}] * 3,
                                           cursor=4)).encode(),
    }
    for i in range(6):
        cases[f"random bytes {i}"] = rng.randbytes(rng.randrange(1, 3000))
    for i in range(6):
        cases[f"truncated {i}"] = text[: rng.randrange(1, len(text) - 1)].encode()
    for i in range(6):
        cases[f"random JSON {i}"] = json.dumps(random_json(rng)).encode()
    for i in range(14):
        cases[f"a field replaced {i}"] = json.dumps(_replace_somewhere(good, rng)).encode()
    return cases


DAMAGED = damaged_files()
#: The randomly made cases of ``DAMAGED``: their names, but for the number.
RANDOM_VARIANTS = ("random bytes ", "truncated ", "random JSON ", "a field replaced ")


def start_app(lang: str = "en"):
    # a small window: what these tests read is the message and the files, not the layout,
    # and the title's buttons drawn at 1280x720 were a quarter of each start (issue 26)
    app = make_app(language=lang, size=(640, 360))
    app.start()
    frames(app, 2)
    return app


def assert_told_and_set_aside(app, path: Path, content: bytes | None) -> None:
    top = app.stack.top
    assert app.running and app.errors == []
    assert isinstance(top, MessageScene), f"no message, {type(top).__name__} on top"
    assert top.title_text == i18n.t("save.title") and "%{" not in top.text
    assert not os.path.lexists(path)
    aside = path.with_name("autosave.corrupt-1.json")
    assert str(aside) in top.text
    if content is not None:
        assert aside.read_bytes() == content
    assert app.play_state is None


def starts_told_and_set_aside(path: Path, problem: str) -> None:
    """A start with a bad autosave at ``path``: the message opens with the words for ``problem``."""
    app = start_app()
    try:
        assert_told_and_set_aside(app, path, None)
        assert app.stack.top.text.startswith(i18n.t(f"save.{problem}"))
    finally:
        app.close()


@pytest.mark.parametrize("name", list(DAMAGED))
def test_a_damaged_autosave_never_stops_the_program(name):
    content = DAMAGED[name]
    path = storage.autosave_path()
    path.write_bytes(content)
    app = start_app()
    try:
        assert_told_and_set_aside(app, path, content)
    finally:
        app.close()
    # the next start finds nothing to resume and says nothing: what it reads (the start's
    # ``resume_autosave`` shows a message for a problem, a table for a session) ...
    again = storage.load_game()
    assert again.session is None and again.problem is None, (again.problem, again.reason)
    if not name.startswith(RANDOM_VARIANTS):  # ... and, for each named kind of damage, a whole
        # start again (the random variants' starts read the same empty folder: 8 s, issue 26)
        app = start_app()
        try:
            assert not isinstance(app.stack.top, MessageScene)
        finally:
            app.close()


def test_the_message_names_the_kind_of_problem_in_words():
    """A file whose structure is wrong is not called 'a move does not follow the rules'."""
    good = good_save()
    kinds = {
        "corrupt": b"{not json",
        "foreign": b'{"name": "package"}',
        "newer": json.dumps(dict(good, version=99)).encode(),
        "damaged": json.dumps(dict(good, cursor="three")).encode(),
        "invalid": json.dumps(dict(good, log=good["log"][:1] + [{"kind": "pass"}] * 3, cursor=4)).encode(),
        "too_big": None,
    }
    for lang in ("en", "ru"):
        texts = set()
        app = start_app(lang)  # one program a language: each file is resumed as a start does (issue 26)
        try:
            assert isinstance(app.stack.top, TitleScene)
            for problem, content in kinds.items():
                path = storage.autosave_path()
                if content is None:
                    with open(path, "wb") as f:
                        f.truncate(rules_save.MAX_BYTES + 1)  # sparse: costs nothing to write
                else:
                    path.write_bytes(content)
                assert not app.match.resume_autosave()  # what ``App.start`` does after the title
                frames(app, 2)
                top = app.stack.top
                assert isinstance(top, MessageScene), (problem, type(top).__name__)
                assert top.text.startswith(i18n.t(f"save.{problem}")), (problem, top.text)
                texts.add(top.text.split("\n")[0])
                app.stack.pop()
                assert isinstance(app.stack.top, TitleScene)
                for aside in storage.data_dir().glob("autosave.corrupt-*"):
                    aside.unlink()
        finally:
            app.close()
        assert len(texts) == len(kinds)


def test_a_folder_a_device_link_and_an_unreadable_file_in_place_of_the_autosave(monkeypatch):
    path = storage.autosave_path()
    path.mkdir()
    (path / "inside.txt").write_text("x")
    starts_told_and_set_aside(path, "unreadable")
    shutil.rmtree(path.with_name("autosave.corrupt-1.json"))
    os.symlink("/dev/zero", path)  # would never end if read
    starts_told_and_set_aside(path, "unreadable")
    os.unlink(path.with_name("autosave.corrupt-1.json"))
    path.write_bytes(json.dumps(good_save()).encode())
    real = rules_save.read_bytes_limited

    def unreadable(p, limit):
        if Path(p) == path:
            raise PermissionError(13, "Permission denied")
        return real(p, limit)

    monkeypatch.setattr(rules_save, "read_bytes_limited", unreadable)
    starts_told_and_set_aside(path, "unreadable")


def test_a_bad_save_in_a_read_only_folder_is_said_so_and_not_retried(monkeypatch):
    path = storage.autosave_path()
    path.write_bytes(b"\x00garbage")
    real = storage.os.replace
    data = storage.data_dir()

    def replace(src, dst):  # root ignores file modes: fake a read-only data folder
        if Path(dst).parent == data:
            raise PermissionError(13, "Permission denied")
        return real(src, dst)

    with monkeypatch.context() as m:
        m.setattr(storage.os, "replace", replace)
        app = start_app()
        try:
            top = app.stack.top
            assert isinstance(top, MessageScene) and app.running
            assert top.text == i18n.t("save.not_moved", reason=i18n.t("save.corrupt"), file=str(path))
            assert path.read_bytes() == b"\x00garbage"
        finally:
            app.close()
        again = start_app()
        try:
            assert not isinstance(again.stack.top, MessageScene)  # not tried again, not told again
        finally:
            again.close()


@pytest.mark.parametrize("seats", [5, "Ann", [1, 2, 3, 4], [{"name": ["x"]}] * 4, {"a": 1}, [None] * 4,
                                   [{"name": "A" * 10_000, "kind": 7, "level": []}] * 4])
def test_seats_of_the_wrong_type_resume_with_default_names(seats):
    session = played("mexican_train", 4)
    rules_save.save(session, storage.autosave_path(), {"seats": seats})
    app = start_app()
    try:
        assert isinstance(app.stack.top, TableScene) and app.errors == []
        assert len(app.play_state.seats) == 4
        assert all(len(s.name) <= 24 for s in app.play_state.seats)
        assert full_fingerprint(app.play_state.session) == full_fingerprint(session)
    finally:
        app.close()


@pytest.mark.parametrize("game,players", GAMES)
def test_a_save_of_each_game_resumes_through_the_app(game, players):
    session = played(game, players, seed=11, steps=60)
    session.undo()
    assert storage.save_game(session, {"seats": computer_seats(players), "app": "domino-table"})
    app = start_app()
    try:
        assert isinstance(app.stack.top, TableScene) and app.errors == []
        resumed = app.play_state.session
        assert resumed.game == game and resumed.can_redo()
        assert full_fingerprint(resumed) == full_fingerprint(session)
        assert [s.name for s in app.play_state.seats] == [f"Bot {i}" for i in range(1, players + 1)]
        frames(app, 30)
        assert app.errors == []
    finally:
        app.close()


def test_a_valid_save_the_table_cannot_draw_is_said_so_and_kept_not_lost(monkeypatch, caplog):
    """A save from a newer program's game, say: the table fails to draw it, every frame would fail."""
    from game.scenes import table

    session = played("cuban", 4, seed=5, steps=30)
    storage.save_game(session, {"seats": computer_seats(4)})

    def broken(self, surface, alpha=1.0):
        raise AttributeError("'PartnershipView' object has no attribute 'trains'")

    monkeypatch.setattr(table.TableScene, "draw", broken)
    app = start_app()
    try:
        top = app.stack.top
        assert app.running and app.errors == [] and app.play_state is None
        assert isinstance(top, MessageScene) and top.text.startswith(i18n.t("save.cannot_show"))
        aside = storage.data_dir() / "autosave.corrupt-1.json"
        assert str(aside) in top.text and not storage.autosave_path().exists()
        kept = rules_save.load_journaled(aside, aside.with_suffix(".journal"))[0]
        assert full_fingerprint(kept) == full_fingerprint(session)
        frames(app, 5)
        assert app.errors == []
    finally:
        app.close()
    assert not any(r.exc_info for r in caplog.records if r.levelno >= logging.WARNING)  # none on stderr


@pytest.mark.parametrize("content,problem", [
    (b"\xff\xfe{", "corrupt"), (b"[" * 50_000, "corrupt"), (b'{"ui_scale": 1' + b"0" * 5000 + b"}", "corrupt"),
    (b"[]", "foreign"), (b'"settings"', "foreign"), (None, "too_big"), ("folder", "unreadable"),
])
def test_damaged_settings_never_stop_the_program(content, problem):
    path = storage.settings_path()
    if content == "folder":
        path.mkdir()
    elif content is None:
        with open(path, "wb") as f:
            f.truncate(storage.MAX_SETTINGS_BYTES + 1)
    else:
        path.write_bytes(content)
    app = start_app()
    try:
        assert app.running and app.errors == []
        assert app.settings["computer_speed"] == storage.DEFAULT_SETTINGS["computer_speed"]
        aside = path.with_name("settings.corrupt-1.json")
        assert os.path.lexists(aside) and app._settings_problem.problem == problem
        assert [text for text, _ in app.notices] == [i18n.t("save.settings_reset", file=aside.name)]
    finally:
        app.close()


# ------------------------------------------------------------- during play


def _computer_match(app) -> None:
    session = Session(Config("mexican_train", 4, 21))
    app.start_match(session, [SeatConfig.from_json(s) for s in computer_seats(4)])


def _step(app, n: int = 1) -> None:
    for _ in range(n):
        assert app.play_state.step_computer()
        frames(app)


def _notices(app) -> list[str]:
    return [text for text, _ in app.notices]


def test_a_full_disk_during_play_is_shown_once_play_goes_on_and_recovery_is_said(monkeypatch):
    app = start_app()
    try:
        _computer_match(app)
        _step(app, 3)

        def full(*_args, **_kwargs):
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as m:
            m.setattr(rules_save, "append_line_synced", full)
            m.setattr(rules_save, "write_text_atomic", full)
            cursor = app.play_state.session.cursor
            _step(app, 5)
            assert app.play_state.session.cursor > cursor and app.errors == []  # play goes on
            assert _notices(app) == [i18n.t("save.write_failed")]
        _step(app)
        assert _notices(app) == [i18n.t("save.write_failed"), i18n.t("save.write_ok")]
        assert storage.load_game().session.cursor == app.play_state.session.cursor
    finally:
        app.close()


def test_a_vanished_data_folder_that_cannot_be_recreated_is_shown_and_recovered():
    app = start_app()
    try:
        _computer_match(app)
        _step(app, 2)
        data = storage.data_dir()
        shutil.rmtree(data)
        data.write_text("a file where the folder was: it cannot be created again")
        _step(app, 3)
        assert _notices(app) == [i18n.t("save.write_failed")] and app.running
        data.unlink()  # the folder can be created again
        _step(app)
        assert _notices(app)[-1] == i18n.t("save.write_ok")
        assert storage.load_game().session.cursor == app.play_state.session.cursor
    finally:
        app.close()


def test_a_log_file_that_cannot_be_written_prints_one_line_and_no_traceback(capfd):
    handler = storage.QuietFileHandler(storage.log_path())

    class Full:
        def write(self, _text):
            raise OSError(28, "No space left on device")

        def flush(self):
            raise OSError(28, "No space left on device")

    handler.stream.close()
    handler.stream = Full()
    logger = logging.getLogger("test_save_app.quiet")
    logger.propagate = False
    logger.addHandler(handler)
    try:
        for i in range(5):
            logger.error("message %d", i)
    finally:
        logger.removeHandler(handler)
        handler.stream = None
    err = capfd.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and "cannot be written" in err


def test_a_bug_in_the_loader_still_starts_the_program_with_no_traceback_on_stderr(monkeypatch, caplog):
    """stderr shows WARNING and above (setup_logging): no such record may carry a traceback."""
    path = storage.autosave_path()
    path.write_bytes(json.dumps(good_save()).encode())

    def bug(*_args):
        raise ZeroDivisionError("a bug while replaying")

    monkeypatch.setattr(rules_save, "recover_journaled", bug)
    starts_told_and_set_aside(path, "invalid")
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud and not any(r.exc_info for r in loud)
