"""Issue 40: the rescue copy a failing save leaves in the home folder comes back in one click.

Written as the program writes it (``rules.save.save`` to ``save_guard.rescue_path``), it is
offered at the next ordinary start over the title and resumed by its Resume button, asked
once; ``python -m game --resume FILE`` opens it too, and refuses a file that is no save
with one line and no window.  About 2 s.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from game import __main__ as cli
from game import i18n, rescue, save_guard, storage
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules import Config, Session
from rules import save as rules_save
from session_probe import full_fingerprint, random_step
from shell_driver import button, centre, click, frames, make_app

SEATS = [SeatConfig("Alice", HUMAN), SeatConfig("Boris", COMPUTER), SeatConfig("Chiara", COMPUTER)]


@pytest.fixture()
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    (tmp_path / "user").mkdir()
    return tmp_path / "user"


def rescued_match(seed: int = 8, moves: int = 25) -> tuple[Path, Session]:
    """A match written to the rescue copy, as the Quit warning or a SIGTERM writes it."""
    import random
    session = Session(Config("mexican_train", 3, seed))
    rng = random.Random(seed)
    for _ in range(moves):
        random_step(session, rng)
    path = save_guard.rescue_path()
    rules_save.save(session, path, {"seats": [s.to_json() for s in SEATS]})
    return path, session


def started_app():
    app = make_app()
    app.start(resume=True)
    rescue.offer(app)  # what an ordinary start does (game.__main__)
    frames(app, 2)
    return app


def test_the_next_start_offers_the_rescue_copy_and_resume_takes_it_in_one_click(home):
    path, session = rescued_match()
    app = started_app()
    try:
        offer = app.stack.top
        assert isinstance(offer, rescue.RescueOfferScene) and offer.path == path
        click(app, centre(button(offer, i18n.t("save.rescue_resume"))))
        assert app.play_state is not None
        assert full_fingerprint(app.play_state.session) == full_fingerprint(session)
        assert [s.name for s in app.play_state.seats] == ["Alice", "Boris", "Chiara"]
        assert path.exists()  # the copy is left where it is; the autosave holds the match now
        assert full_fingerprint(storage.load_game().session) == full_fingerprint(session)
    finally:
        app.close()
    again = started_app()  # asked once per copy
    try:
        assert not isinstance(again.stack.top, rescue.RescueOfferScene)
    finally:
        again.close()


def test_leaving_the_rescue_copy_is_remembered_and_a_newer_copy_is_offered(home):
    path, _session = rescued_match()
    app = started_app()
    try:
        click(app, centre(button(app.stack.top, i18n.t("save.rescue_leave"))))
        assert app.play_state is None and not isinstance(app.stack.top, rescue.RescueOfferScene)
    finally:
        app.close()
    assert rescue.waiting() is None
    (home / "domino-table-not-a-save.json").write_text("{}")  # a file of that name that is no save
    assert rescue.waiting() is None
    newer, _ = rescued_match(seed=9)
    assert rescue.waiting() == newer


def test_resume_on_the_command_line_opens_the_rescue_copy(home, monkeypatch):
    path, session = rescued_match()
    seen = []

    def run(app, frames=None, dt=None):  # the loop's first frame, then quit
        from shell_driver import frames as step
        step(app, 2)
        seen.append(full_fingerprint(app.play_state.session))
        return 0

    from game.app import App
    monkeypatch.setattr(App, "run", run)
    assert cli.main(["--resume", str(path)]) == 0
    assert seen == [full_fingerprint(session)]


def test_resume_of_a_file_that_is_no_save_is_refused_in_one_line(home, capsys):
    bad = home / "notes.json"
    bad.write_text('{"name": "package"}')
    assert cli.main(["--resume", str(bad)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("domino-table: ")
