"""Title, new game, settings and the in-game screens, by mouse alone, keyboard alone and touch alone."""
from __future__ import annotations

import pygame
import pytest

from game import i18n, storage
from game.scenes.new_game import GAMES, NewGameScene
from game.scenes.overlays import ConfirmScene, GameMenuScene, LogScene, RulesScene
from game.scenes.game_list import RulesMenuScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.seats import COMPUTER, HUMAN
from shell_driver import (button, centre, choices, click, fields, frames, key, label_texts,
                          make_app, touch, type_text)


def table_scene_class():
    from game.scenes.table import TableScene
    return TableScene


# ----------------------------------------------------------------- mouse


def test_mouse_alone_title_to_a_five_player_table(app):
    assert isinstance(app.stack.top, TitleScene)
    click(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    count = choices(form)[0]
    click(app, count.next.rect.center)  # 4 -> 5 players
    form = app.stack.top
    assert len(form.seats) == 5
    # Seat 2 becomes a human: its kind choice is the second of its row (after the player count,
    # the language, and seat 1's kind and level).
    seat2_kind = [c for c in choices(form) if c.current in (HUMAN, COMPUTER)][1]
    click(app, seat2_kind.value.rect.center)
    form = app.stack.top
    assert form.seats[1].kind == HUMAN
    click(app, centre(button(form, "Start")))
    top = app.stack.top
    assert isinstance(top, table_scene_class())
    ps = app.play_state
    assert ps.session.config.players == 5 and ps.session.config.game == "mexican_train"
    assert [s.kind for s in ps.seats] == [HUMAN, HUMAN, COMPUTER, COMPUTER, COMPUTER]
    assert ps.seats[1].name == "Player 2"


@pytest.mark.rule("CU-1")
@pytest.mark.rule("JA-1")
@pytest.mark.parametrize("game, name", [("cuban", "Cuban dominoes"), ("jamaican", "Jamaican partner dominoes")])
def test_each_partnership_game_is_offered_with_four_seats_and_its_partners(app, game, name):
    """The form offers all three games; a line game seats exactly 4, partners 1-3 and 2-4."""
    click(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    count = next(c for c in choices(form) if c.current == 4)
    click(app, count.next.rect.center)  # five players, for Mexican Train
    assert len(form.seats) == 5
    click(app, centre(button(form, name)))
    assert form.game == game and len(form.seats) == 4
    from shell_driver import label_texts
    partners = [t for t in label_texts(form) if t.startswith("Team ")]
    assert partners == ["Team 1: Player 1 and Computer 3, partners sitting opposite",
                        "Team 2: Computer 2 and Computer 4, partners sitting opposite"]
    count = next(c for c in choices(form) if c.current == 4)
    click(app, count.next.rect.center)  # no fifth seat in a partnership game
    assert len(form.seats) == 4
    click(app, centre(button(form, "Start")))
    ps = app.play_state
    assert ps.session.config.game == game and ps.session.config.players == 4
    assert isinstance(app.stack.top, table_scene_class())


def test_the_seed_typed_is_the_matchs_seed(app):
    click(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    seed_field = fields(form)[0]
    click(app, seed_field.entry.rect.center)
    type_text(app, "12x34")  # letters are refused by the field
    key(app, pygame.K_RETURN)
    assert form.seed_text == "1234"
    click(app, centre(button(form, "Start")))
    assert app.play_state.session.config.seed == 1234


def test_a_typed_name_is_kept(app):
    click(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    name = fields(form)[1]  # seat 1
    click(app, name.entry.rect.center)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Оля")
    key(app, pygame.K_RETURN)
    click(app, centre(button(form, "Start")))
    assert app.play_state.seats[0].name == "Оля"


# -------------------------------------------------------------- keyboard


def test_keyboard_alone_title_to_table_and_back_to_the_title(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)  # New game (focused first)
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    # The focus starts on Start; down (round to the top of the settings' column) to the player
    # count, and take one more.
    count_row = len(GAMES)  # one row per game above it
    while form.focus.row != count_row:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert len(app.stack.top.seats) == 5
    while app.stack.top.focus.row != len(app.stack.top.focus.rows) - 1:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, table_scene_class())
    assert app.play_state.session.config.players == 5
    key(app, pygame.K_m)  # the in-game menu
    assert isinstance(app.stack.top, GameMenuScene)
    assert app.play_state.paused  # UX-5 (and the menu too)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, table_scene_class())
    frames(app)
    assert not app.play_state.paused


def test_keyboard_edits_a_name_and_arrows_leave_the_field(app):
    key(app, pygame.K_RETURN)
    form = app.stack.top
    first_name_row = len(GAMES) + 3  # the games, players, seed, language
    while form.focus.row != first_name_row:
        key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)  # from the kind choice to the name field
    assert form.focus.col == 0
    key(app, pygame.K_RETURN)  # start editing
    assert form.editing() is not None
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ann")
    key(app, pygame.K_w)  # a letter key while typing is text, not a pan
    key(app, pygame.K_DOWN)  # leaves the field and moves on
    assert form.editing() is None and form.focus.row == first_name_row + 1
    assert form.seats[0].shown_name(1) == "Ann"


def test_escape_leaves_the_form_and_the_title_stays(app):
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene) and app.running


def test_keyboard_settings_change_the_language_at_run_time_and_persist(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    key(app, pygame.K_RIGHT)  # language row: English -> Русский
    assert i18n.language() == "ru"
    assert "Язык" in label_texts(app.stack.top)
    assert storage.load_settings()["language"] == "ru"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # computer speed: normal -> fast
    assert storage.load_settings()["computer_speed"] == "fast"
    key(app, pygame.K_ESCAPE)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert "Стол для домино" in label_texts(title)
    assert button(title, "Новая игра")


def test_settings_are_loaded_by_the_next_start(app):
    app.set_setting("computer_speed", "slow")
    app.set_setting("ui_scale", 1.3)
    app.set_language("it")
    app.close()
    again = make_app()
    again.start()
    frames(again)
    try:
        assert again.settings["computer_speed"] == "slow"
        assert again.settings["ui_scale"] == 1.3
        assert i18n.language() == "it"
        assert button(again.stack.top, "Nuova partita")
    finally:
        again.close()


def test_ui_scale_rebuilds_every_screen_bigger(app):
    small = button(app.stack.top, "New game").element.rect
    app.open_settings()
    frames(app)
    app.set_setting("ui_scale", 1.5)
    frames(app)
    app.stack.pop()
    frames(app)
    big = button(app.stack.top, "New game").element.rect
    # wider by the scale; taller too, as far as six buttons still fit the window (issue 11)
    assert big.width > small.width * 1.3 and big.height > small.height


# ----------------------------------------------------------------- touch


def test_touch_alone_title_to_table_then_menu(app):
    touch(app, centre(button(app.stack.top, "New game")))
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    touch(app, choices(form)[0].next.rect.center)
    assert len(app.stack.top.seats) == 5
    touch(app, centre(button(app.stack.top, "Start")))
    table = app.stack.top
    assert isinstance(table, table_scene_class())
    assert app.play_state.session.config.players == 5


def test_touching_a_title_button_is_not_also_a_table_tap(app):
    seen = []
    scene = app.stack.top
    original = scene.handle
    scene.handle = lambda intent: (seen.append(intent.kind), original(intent))
    touch(app, centre(button(scene, "Rules")))
    assert "tap" not in seen
    assert isinstance(app.stack.top, RulesMenuScene)  # which game's rules


def test_language_buttons_on_the_title_by_touch(app):
    touch(app, centre(button(app.stack.top, "Українська")))
    assert i18n.language() == "uk"
    assert button(app.stack.top, "Нова гра")
    touch(app, centre(button(app.stack.top, "Italiano")))
    assert button(app.stack.top, "Nuova partita")


# ------------------------------------------------------- in-game overlays


def _demo(app, seed=5, decisions=30):
    from game.__main__ import advance_demo, start_demo
    start_demo(app, seed, 4)
    advance_demo(app, decisions)
    frames(app)


def test_rules_and_log_pause_the_computer_players(app):
    """UX-5: while the rules or the log screen is open, computer players do not act."""
    _demo(app, decisions=5)
    cursor = app.play_state.session.cursor
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene)
    # 10 s of game time in frames of 0.25 s (the App's longest): the match still updates
    # in its fixed steps, only 40 pictures are drawn instead of 200 (issue 26)
    frames(app, 40, dt=0.25)
    assert app.play_state.session.cursor == cursor
    key(app, pygame.K_F1)  # F1 again closes it
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, LogScene)
    frames(app, 40, dt=0.25)
    assert app.play_state.session.cursor == cursor
    key(app, pygame.K_ESCAPE)
    frames(app, 40, dt=0.25)
    assert app.play_state.session.cursor > cursor


def test_the_log_shows_the_public_history_with_names(app):
    _demo(app, decisions=12)
    app.open_log()
    frames(app)
    body = app.stack.top.body()
    assert "Seed: 5" in body and "Computer 1" in body and "places the engine" in body
    plays = sum(1 for e in app.play_state.view().history if e[0] == "play")
    assert body.count(" plays ") + body.count("their own train") >= plays


def test_restart_deal_from_the_menu_asks_first(app):
    _demo(app, decisions=20)
    before = app.play_state.session.cursor
    app.open_menu()
    frames(app)
    click(app, centre(button(app.stack.top, "Restart deal")))
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_RETURN)  # "No" is focused first
    assert isinstance(app.stack.top, GameMenuScene)
    assert app.play_state.session.cursor == before
    click(app, centre(button(app.stack.top, "Restart deal")))
    click(app, centre(button(app.stack.top, "Yes")))
    assert isinstance(app.stack.top, table_scene_class())
    assert app.play_state.session.cursor < before


def test_new_game_from_the_menu_keeps_the_match_to_continue(app):
    _demo(app, decisions=10)
    session = app.play_state.session
    app.open_menu()
    frames(app)
    click(app, centre(button(app.stack.top, "New game")))
    assert isinstance(app.stack.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    cont = [c for c in title._controls if c.element.text.startswith("Continue")]
    click(app, centre(cont[0]))
    assert isinstance(app.stack.top, table_scene_class())
    assert app.play_state.session is session


def test_quit_from_the_menu_stops_the_loop(app):
    _demo(app, decisions=3)
    app.open_menu()
    frames(app)
    click(app, centre(button(app.stack.top, "Quit")))
    assert not app.running


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_long_words_fit_their_buttons(lang):
    """Russian and Ukrainian words are longer: no button text may be wider than its button."""
    a = make_app(language=lang)
    a.start()
    measured = 0
    try:
        for opener in (lambda: None, lambda: a.stack.push(NewGameScene(a)), a.open_settings):
            opener()
            frames(a)
            for c in a.stack.top._controls:
                for el in c.elements():
                    text = getattr(el, "text", "")
                    if not text or not el.visible:
                        continue
                    width = el.font.size(text)[0]
                    measured += 1
                    assert width <= el.rect.width - 4, (lang, text, width, el.rect.width)
        assert measured > 30
    finally:
        a.close()


def test_a_covered_menu_stays_hidden_after_the_language_changes(app):
    title = app.stack.top
    key(app, pygame.K_RETURN)  # New game over the title
    form = app.stack.top
    form_lang = [c for c in choices(form) if c.current == "en"][0]
    click(app, form_lang.next.rect.center)  # English -> Русский, every scene rebuilds
    assert i18n.language() == "ru"
    assert title.panel is not None and not title.panel.visible
    assert app.stack.top.panel.visible
    # Nothing of the title can be clicked through the form.
    assert not any(el.visible for c in title._controls for el in c.elements())


def test_a_controller_alone_reaches_the_table(app):
    def pad(button):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=button))
        frames(app, 2)

    pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(pygame.CONTROLLER_BUTTON_A)  # New game
    assert isinstance(app.stack.top, NewGameScene)
    pad(pygame.CONTROLLER_BUTTON_B)  # back
    assert isinstance(app.stack.top, TitleScene)
    pad(pygame.CONTROLLER_BUTTON_A)
    pad(pygame.CONTROLLER_BUTTON_A)  # Start is focused on a fresh form
    assert isinstance(app.stack.top, table_scene_class())
    assert app.play_state.session.config.players == 4
