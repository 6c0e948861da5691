"""Issue 29 through the App: a damaged autosave resumes and the player is told what was kept.

(The damaged-save corpus itself is tests/game/test_save_recovery.py; here the App's
part: the table comes back with the recovered moves and a message over it says
how many moves were kept, how many could not be read, and where the files are.)
"""
from __future__ import annotations

import random

import pytest

from game import i18n, storage
from game.scenes.overlays import MessageScene
from game.scenes.table import TableScene
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from session_probe import random_step
from shell_driver import frames, make_app

SEATS = [SeatConfig(f"Bot {i}", COMPUTER, "easy").to_json() for i in range(1, 5)]


def saved_moves(n: int) -> list[int]:
    """A real autosave of ``n`` moves, one journal line each; the cursor after each line."""
    session = Session(Config("mexican_train", 4, 11))
    rng = random.Random(11)
    storage.save_game(session, {"seats": SEATS})
    cursors = [session.cursor]
    for _ in range(n):
        random_step(session, rng)
        storage.save_game(session, {"seats": SEATS})
        cursors.append(session.cursor)
    return cursors


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_journal_damaged_in_the_middle_resumes_its_prefix_and_says_what_was_kept(lang):
    cursors = saved_moves(40)
    path = storage.journal_path()
    lines = path.read_bytes().split(b"\n")
    lines[21] = b"z" + lines[21][1:]  # record 21 of 40 no longer parses
    path.write_bytes(b"\n".join(lines))
    app = make_app(language=lang)
    try:
        app.start()
        frames(app, 2)
        top = app.stack.top
        assert isinstance(top, MessageScene) and app.errors == []
        assert top.title_text == i18n.t("save.recovered_title")
        kept, lost = cursors[20], 40 - 20
        assert i18n.t("save.recovered_kept", count=kept) in top.text
        assert i18n.t("save.recovered_lost", count=lost) in top.text
        assert str(storage.data_dir() / "autosave.corrupt-1.json") in top.text and "%{" not in top.text
        assert any(isinstance(s, TableScene) for s in app.stack)
        assert app.play_state is not None and app.play_state.session.cursor == kept
        assert (storage.data_dir() / "autosave.corrupt-1.journal").read_bytes() == b"\n".join(lines)
    finally:
        app.close()


def test_russian_and_ukrainian_say_the_counts_with_the_right_forms():
    for code, count, word in [("ru", 1, "ход."), ("ru", 3, "хода."), ("ru", 5, "ходов."), ("ru", 21, "ход."),
                              ("uk", 1, "хід."), ("uk", 4, "ходи."), ("uk", 11, "ходів.")]:
        i18n.set_language(code)
        assert i18n.t("save.recovered_kept", count=count).endswith(f"{count} {word}")
    i18n.set_language("en")


# ----------------------------------------------------- item 3: quitting while saves fail

import errno  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game import save_guard  # noqa: E402
from rules import save as rules_save  # noqa: E402
from session_probe import full_fingerprint  # noqa: E402
from shell_driver import button, centre, click, post  # noqa: E402

#: errno -> how the data folder refuses: a full disk, a read-only folder
REFUSALS = {errno.ENOSPC: "No space left on device", errno.EROFS: "Read-only file system"}


def refusing_data_folder(m, code: int) -> None:
    """Every write under the data folder fails with ``code``; the home folder still works."""
    data = storage.data_dir()
    append, write = rules_save.append_line_synced, rules_save.write_text_atomic

    def refuse(real):
        def wrapped(path, *args, **kwargs):
            if Path(path).parent == data:
                raise OSError(code, REFUSALS[code], str(path))
            return real(path, *args, **kwargs)
        return wrapped

    m.setattr(rules_save, "append_line_synced", refuse(append))
    m.setattr(rules_save, "write_text_atomic", refuse(write))


def computer_match(app) -> None:
    session = Session(Config("mexican_train", 4, 21))
    app.start_match(session, [SeatConfig.from_json(s) for s in SEATS])


def step(app, n: int) -> None:
    for _ in range(n):
        assert app.play_state.step_computer()
        frames(app)


@pytest.fixture()
def failing_app(tmp_path, monkeypatch):
    """A match whose autosave fails after 3 good moves, 6 moves into the failure; the home
    folder is ``tmp_path/user``."""
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    (tmp_path / "user").mkdir()
    app = make_app()
    app.start()
    frames(app, 2)
    computer_match(app)
    step(app, 3)
    yield app, monkeypatch
    while _refusals:
        _refusals.pop().undo()
    app.close()


_refusals: list[pytest.MonkeyPatch] = []


def failing(app, monkeypatch, code: int) -> pytest.MonkeyPatch:
    """Saves fail from now on, until the returned patch is undone (at the latest after the test)."""
    m = pytest.MonkeyPatch()
    _refusals.append(m)
    refusing_data_folder(m, code)
    step(app, 6)
    assert app.errors == []
    return m


@pytest.mark.parametrize("code", list(REFUSALS))
def test_while_saves_fail_a_mark_stays_on_screen(failing_app, code):
    app, monkeypatch = failing_app
    refusal = failing(app, monkeypatch, code)
    try:
        frames(app, 100, dt=0.05)  # longer than the notice's 3.5 s
        assert app.notices == []
        box, _img = save_guard.mark_rect(app, app.screen)
        assert app.screen.get_at((box.left + 2, box.centery))[:3] == save_guard.MARK_FILL
    finally:
        refusal.undo()  # the disk works again: the next save succeeds and the mark goes
    step(app, 1)
    frames(app, 2)
    assert app.screen.get_at((box.left + 2, box.centery))[:3] != save_guard.MARK_FILL


@pytest.mark.parametrize("code", list(REFUSALS))
def test_closing_the_window_while_saves_fail_warns_and_saves_in_the_home_folder(failing_app, code):
    app, monkeypatch = failing_app
    failing(app, monkeypatch, code)
    post(pygame.QUIT)
    frames(app, 2)
    top = app.stack.top
    assert app.running and isinstance(top, save_guard.UnsavedQuitScene)
    post(pygame.QUIT)  # a second close changes nothing
    frames(app, 2)
    assert app.running and sum(isinstance(s, save_guard.UnsavedQuitScene) for s in app.stack) == 1
    assert str(top.path.parent) == os.environ["HOME"]
    click(app, centre(button(top, i18n.t("save.quit_save_elsewhere"))))
    assert not app.running
    saved, meta = rules_save.load(top.path)
    assert full_fingerprint(saved) == full_fingerprint(app.play_state.session)
    assert meta["seats"] == SEATS


def test_quit_in_the_menu_while_saves_fail_warns_and_quit_anyway_quits(failing_app):
    app, monkeypatch = failing_app
    failing(app, monkeypatch, errno.ENOSPC)
    app.open_menu()
    frames(app, 2)
    click(app, centre(button(app.stack.top, i18n.t("ui.quit"))))
    top = app.stack.top
    assert app.running and isinstance(top, save_guard.UnsavedQuitScene)
    click(app, centre(button(top, i18n.t("save.quit_back"))))
    assert app.running and not isinstance(app.stack.top, save_guard.UnsavedQuitScene)
    app.request_quit()
    frames(app, 2)
    click(app, centre(button(app.stack.top, i18n.t("save.quit_anyway"))))
    assert not app.running
    assert list(Path(os.environ["HOME"]).iterdir()) == []


def test_when_the_home_folder_refuses_too_the_warning_says_so_and_stays(failing_app, tmp_path):
    app, monkeypatch = failing_app
    failing(app, monkeypatch, errno.ENOSPC)
    (tmp_path / "a file").write_text("not a folder")
    monkeypatch.setenv("HOME", str(tmp_path / "a file" / "home"))
    post(pygame.QUIT)
    frames(app, 2)
    top = app.stack.top
    click(app, centre(button(top, i18n.t("save.quit_save_elsewhere"))))
    assert app.running and app.stack.top is top and top.failed and app.errors == []


def test_quit_while_saves_work_quits_at_once(failing_app):
    app, _monkeypatch = failing_app
    post(pygame.QUIT)
    frames(app, 1)
    assert not app.running


@pytest.mark.parametrize("code", list(REFUSALS))
def test_sigterm_while_saves_fail_writes_the_rescue_copy_then_quits(failing_app, code):
    """Issue 40: a logout or shutdown (SIGTERM) cannot wait for the warning's answer: the
    match goes to the rescue copy in the home folder, then the program ends."""
    app, monkeypatch = failing_app
    failing(app, monkeypatch, code)
    home = Path(os.environ["HOME"])
    assert list(home.glob("domino-table-*.json")) == []
    os.kill(os.getpid(), signal.SIGTERM)
    frames(app, 2)
    assert not app.running
    rescued = list(home.glob("domino-table-*.json"))
    assert len(rescued) == 1
    saved, meta = rules_save.load(rescued[0])
    assert full_fingerprint(saved) == full_fingerprint(app.play_state.session)
    assert meta["seats"] == SEATS


def test_sigterm_while_saves_work_quits_with_the_autosave_on_disk(failing_app):
    app, _monkeypatch = failing_app
    os.kill(os.getpid(), signal.SIGTERM)
    frames(app, 2)
    assert not app.running
    assert list(Path(os.environ["HOME"]).glob("domino-table-*.json")) == []
    assert full_fingerprint(storage.load_game().session) == full_fingerprint(app.play_state.session)
