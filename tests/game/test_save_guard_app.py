"""Issue 29 through the App: a damaged autosave resumes and the player is told what was kept.

(The damaged-save corpus itself is tests/test_save_recovery.py; here the App's
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
