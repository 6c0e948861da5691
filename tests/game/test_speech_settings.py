"""Issue 41: speech turned on and off (Settings, ``--speech``), the shared device's warning, and
``--speech-log``'s checks.  A fake engine stands in for espeak-ng.  About 3 s.
"""
from __future__ import annotations

import pytest

from game import i18n
from game.__main__ import match_seats, parse_args, speech_options
from rules import Config, Session
from shell_driver import frames, make_app
from test_speech_manager import FakeEngine


@pytest.fixture()
def fake_engine(monkeypatch):
    engine = FakeEngine()
    monkeypatch.setattr("game.speech.engines.find_engine", lambda language=None, volume=1.0, through_screen_reader=False: engine)
    return engine


def test_the_settings_row_turns_speech_on_and_off(fake_engine):
    from game.scenes.settings import SettingsScene
    app = make_app(persist=False, settings={})
    try:
        app.start(resume=False)
        app.open_settings()
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        row = next(r for r in scene.rows() if r[3] == "speech")
        assert i18n.t(row[0]) == "Speech" and row[2] is False
        assert app.speech.manager is None
        app.set_setting("speech", True)
        assert app.speech.manager is not None and app.settings["speech"] is True
        app.speech.review(app, "help")
        frames(app, 2)
        assert fake_engine.started and fake_engine.started[0].startswith("Review keys")
        app.set_setting("speech", False)
        assert app.speech.manager is None
    finally:
        app.close()


def test_speech_on_with_two_humans_at_the_device_warns_once(fake_engine, tmp_path):
    app = make_app(persist=False, settings={"speech": True, "computer_speed": "instant"})
    try:
        app.speech.open_log(str(tmp_path / "s.txt"))
        app.start(resume=False)
        seats = match_seats([("device", "normal"), ("device", "normal"), ("computer", "normal"), ("computer", "normal")])
        app.start_match(Session(Config("cuban", 4, 2)), seats)
        frames(app, 30)
        warning = i18n.t("speech.shared_device")
        assert [n[0] for n in app.notices].count(warning) == 1
        assert (tmp_path / "s.txt").read_text(encoding="utf-8").splitlines().count(warning) == 1
    finally:
        app.close()


def test_one_human_at_the_device_is_not_warned(fake_engine):
    app = make_app(persist=False, settings={"speech": True})
    try:
        app.start(resume=False)
        app.start_match(Session(Config("jamaican", 4, 2)), match_seats([("device", "normal")] + [("computer", "normal")] * 3))
        frames(app, 5)
        assert i18n.t("speech.shared_device") not in [n[0] for n in app.notices]
    finally:
        app.close()


def test_the_command_line_turns_speech_on_for_the_run_and_opens_the_log(fake_engine, tmp_path):
    args = parse_args(["--speech", "--speech-log", str(tmp_path / "s.txt")])
    app = make_app(persist=False, settings={})
    try:
        speech_options(app, args)
        assert app.speech.enabled and app.speech.manager is not None and app.speech.log is not None
    finally:
        app.close()


def test_a_speech_log_that_cannot_be_written_is_one_line_and_status_2(capsys, tmp_path):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--speech-log", str(tmp_path / "no" / "such" / "s.txt")])
    assert stop.value.code == 2
    assert "--speech-log" in capsys.readouterr().err
