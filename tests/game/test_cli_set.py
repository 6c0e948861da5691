"""``--set KEY=VALUE``: a screenshot or smoke test with a setting other than the default (a
screenshot never reads the user's settings file, so without it a TV or 200% picture could
not be taken from the command line, issue 28 item 12)."""
from __future__ import annotations

import pytest

import game.__main__ as cli


def _settings_of_capture(monkeypatch) -> list[dict]:
    seen: list[dict] = []

    def capture(app, path):
        seen.append(dict(app.settings))
        app.close()  # as the real capture does: an open App would hear later tests' language changes
        return 0

    monkeypatch.setattr(cli, "capture", capture)
    return seen


def test_set_reaches_the_screenshots_app(tmp_path, monkeypatch):
    seen = _settings_of_capture(monkeypatch)
    out = str(tmp_path / "a.png")
    assert cli.main(["--demo", "3", "--game", "cuban", "--screenshot", out, "--size", "800x600",
                     "--set", "tv=true", "--set", "ui_scale=2", "--set", "reading=true"]) == 0
    assert cli.main(["--demo", "3", "--game", "cuban", "--screenshot", out, "--size", "800x600"]) == 0
    assert (seen[0]["tv"], seen[0]["ui_scale"], seen[0]["reading"]) == (True, 2.0, True)
    assert (seen[1]["tv"], seen[1]["ui_scale"], seen[1]["reading"]) == (False, 1.0, False)


def test_set_reaches_a_lessons_screenshot(tmp_path, monkeypatch):
    seen = _settings_of_capture(monkeypatch)
    assert cli.main(["--learn", "jamaican", "--screenshot", str(tmp_path / "l.png"), "--size", "800x600",
                     "--set", "tv=true"]) == 0
    assert seen[0]["tv"] is True


@pytest.mark.parametrize("arg, words", [
    ("colour=red", "KEY one of"),          # no such setting
    ("ui_scale=9", "not a value of the setting ui_scale"),
    ("tv", "KEY one of"),                  # no value
    ("tv=maybe", "not a value of the setting tv"),
])
def test_a_bad_set_is_one_clear_line(capsys, arg, words):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--demo", "1", "--screenshot", "x.png", "--set", arg])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_set_without_a_screenshot_is_refused(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--set", "tv=true"])
    assert "--set goes with --screenshot or --smoke-test" in capsys.readouterr().err
