"""Issue 41: the lessons and the rules screen can be read aloud.  A screen says its own words
(``Scene.spoken``) when it changes: each lesson card as it shows, the rules when they open;
they go to the speech log like every spoken line (and, with speech on, are cut off by the
next key, as review speech is)."""
from __future__ import annotations

from game import i18n, navigation
from game.scenes.lesson import start_lesson
from game.speech.words import spoken
from shell_driver import frames, make_app


def _log_lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_each_lesson_card_is_said_as_it_shows(tmp_path):
    app = make_app(persist=False)
    try:
        app.speech.open_log(str(tmp_path / "s.txt"))
        app.start(resume=False)
        scene = start_lesson(app, "jamaican")
        frames(app, 3)
        first = scene.guide.spoken()
        assert first
        scene._press_card("next")  # the learner reads on
        frames(app, 3)
        second = scene.guide.spoken()
        assert second and second != first
        app.speech.close()
        lines = _log_lines(tmp_path / "s.txt")
        assert lines.index(spoken(first)) < lines.index(spoken(second)), lines  # tiles in words
    finally:
        app.close()


def test_the_rules_screen_is_read_aloud_in_the_players_language(tmp_path):
    app = make_app(persist=False)
    try:
        app.set_language("ru")
        app.speech.open_log(str(tmp_path / "s.txt"))
        app.start(resume=False)
        navigation.push(app, "rules", "cuban")
        frames(app, 2)
        app.speech.close()
        said = " ".join(_log_lines(tmp_path / "s.txt"))
        assert i18n.t("ui.rules_title", game=i18n.t("ui.game_cuban")) in said
        assert "<" not in said and "|" not in said  # no markup, no tile notation
        assert len(said) > 1000  # every section, not the title alone
    finally:
        i18n.set_language("en")
        app.close()
