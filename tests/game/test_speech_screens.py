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


def test_the_menus_say_where_the_focus_is(tmp_path):
    """Issue 41: the menus were not spoken.  Each screen says its name with the first control
    the focus is on, then only each control the focus moves to; a choice says its row's label
    and its value, and says the new value when it changes."""
    import pygame
    from shell_driver import key

    app = make_app(persist=False)
    try:
        app.speech.open_log(str(tmp_path / "s.txt"))
        app.start(resume=False)
        frames(app, 2)
        for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN, pygame.K_DOWN):
            key(app, k)
            frames(app, 2)
        navigation.push(app, "settings")
        frames(app, 2)
        key(app, pygame.K_DOWN)
        frames(app, 2)
        key(app, pygame.K_RIGHT)
        frames(app, 2)
        app.speech.close()
        lines = _log_lines(tmp_path / "s.txt")
        game_words = [i18n.t(f"ui.game_{g}") for g in ("mexican_train", "cuban")]
        assert lines[0] == f"{i18n.t('ui.app_title')}: {i18n.t('ui.new_game')}", lines
        assert f"{i18n.t('ui.rules')}: {game_words[0]}" in lines and game_words[1] in lines, lines
        settings = [x for x in lines if x.startswith(i18n.t("ui.settings_title") + ": ")]
        assert len(settings) == 1, lines  # the name once, with the first row
        after = lines[lines.index(settings[0]) + 1:]
        assert len(after) >= 2 and all(": " in x for x in after), after  # "Label: value" for each row and change
    finally:
        i18n.set_language("en")
        app.close()
