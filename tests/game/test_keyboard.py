"""Issue 11, "controller everywhere": the d-pad reaches every field of the new-game form, and
a text field activated from a pad (or by touch) opens the on-screen keyboard."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scenes.keyboard import CYRILLIC, DIGITS, LATIN, LAYOUT_NAMES, KeyboardScene
from game.scenes.new_game import NewGameScene
from game.scenes.title import TitleScene
from shell_driver import button, centre, fields, frames, key, make_app, post, touch, type_text

#: Every letter of the four languages' alphabets (Italian also writes its accented vowels).
ALPHABETS = {
    "en": "abcdefghijklmnopqrstuvwxyz",
    "it": "abcdefghilmnopqrstuvzàèéìíòóù",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
}


def pad(app, b: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=b)
    frames(app, 2)


UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B


def pad_to(app, scene, wanted, limit: int = 40) -> None:
    """D-pad down (then right within a row) until ``wanted`` has the focus."""
    for _ in range(limit):
        if scene.focus.current is wanted:
            return
        row = scene.focus.rows[scene.focus.row]
        if wanted in row:
            pad(app, RIGHT if row.index(wanted) > scene.focus.col else LEFT)
        else:
            pad(app, DOWN)
    raise AssertionError(f"the d-pad never reached {wanted}")


def new_game_by_pad(app) -> NewGameScene:
    pad(app, DOWN)
    pad(app, UP)
    pad(app, A)  # New game
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    return form


def press_key(app, board: KeyboardScene, text: str) -> None:
    """Walk the d-pad to the key showing ``text`` and press A."""
    target = button(board, text)
    pad_to(app, board, target, limit=80)
    pad(app, A)


def to_cyrillic(app, board: KeyboardScene) -> None:
    while board.layout != "cyrillic":
        nxt = board.layouts()[(board.layouts().index(board.layout) + 1) % 3]
        press_key(app, board, i18n.t(LAYOUT_NAMES[nxt]))


@pytest.mark.rule("UX-7")
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1920, 1080), 2.0), ((1024, 600), 1.5)])
def test_the_dpad_reaches_every_field_of_the_new_game_form(size, scale):
    """Every name and the seed, also when the form takes pages (down walks across them)."""
    app = make_app(size=size, settings={"language": "ru", "ui_scale": scale})
    try:
        app.start(resume=False)
        frames(app, 2)
        form = new_game_by_pad(app)
        pad_to(app, form, next(c for c in form._controls if c.key == "count"))
        for _ in range(6):
            pad(app, RIGHT)  # ten seats
        assert len(form.seats) == 10
        wanted = {"seed"} | {f"name_{i}" for i in range(10)}
        seen = set()
        for _ in range(80):
            seen.add(form.focus.current.key)
            if wanted <= seen:
                break
            pad(app, DOWN)
        assert wanted <= seen
        w, h = app.size
        assert all(pygame.Rect(0, 0, w, h).contains(c.rect()) for c in form._controls if c.enabled)
    finally:
        app.close()


@pytest.mark.rule("UX-7")
def test_a_pad_types_the_seed_on_the_on_screen_digits(app):
    form = new_game_by_pad(app)
    pad_to(app, form, form.seed_field)
    pad(app, A)
    board = app.stack.top
    assert isinstance(board, KeyboardScene) and board.layout == "digits"
    press_key(app, board, "4")
    press_key(app, board, "2")
    press_key(app, board, i18n.t("ui.ok"))
    assert app.stack.top is form
    assert form.seed_text == "42" and form.seed_field.entry.get_text() == "42"
    assert form.parse_seed() == 42


@pytest.mark.rule("UX-7")
def test_a_pad_types_a_ukrainian_name_and_b_cancels(app):
    form = new_game_by_pad(app)
    field = fields(form)[1]  # seat 1's name
    pad_to(app, form, field)
    pad(app, A)
    board = app.stack.top
    assert isinstance(board, KeyboardScene)
    for _ in range(len(board.text)):
        pad(app, pygame.CONTROLLER_BUTTON_X)  # X erases
    assert board.text == ""
    to_cyrillic(app, board)
    press_key(app, board, "Ї")  # a name's first letter comes capitalised
    press_key(app, board, "і")
    press_key(app, board, i18n.t("ui.ok"))
    assert form.seats[0].shown_name(1) == "Їі"
    pad(app, A)  # again, then B: nothing changes
    board = app.stack.top
    to_cyrillic(app, board)
    press_key(app, board, "є")
    pad(app, B)
    assert app.stack.top is form and form.seats[0].shown_name(1) == "Їі"


def test_a_keyboard_still_types_into_the_on_screen_keyboard(app):
    board = KeyboardScene(app, "", lambda t: None)
    app.stack.push(board)
    frames(app)
    type_text(app, "Ann h")
    key(app, pygame.K_BACKSPACE)
    assert board.text == "Ann "


def test_a_touch_on_a_text_field_opens_the_on_screen_keyboard(app):
    app.stack.push(NewGameScene(app))
    frames(app, 2)
    form = app.stack.top
    touch(app, form.seed_field.entry.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, KeyboardScene) and app.stack.top.digits


def test_the_keys_hold_every_letter_of_the_four_languages():
    for code, letters in ALPHABETS.items():
        missing = [ch for ch in letters if ch not in LATIN and ch not in CYRILLIC]
        assert missing == [], (code, missing)
    assert set(DIGITS) == set("0123456789")


def test_the_seed_keyboard_takes_digits_only(app):
    got = []
    board = KeyboardScene(app, "", got.append, digits=True)
    app.stack.push(board)
    frames(app)
    assert board.layouts() == ["digits"]
    board.type("a")
    board.type("7")
    board.ok()
    assert got == ["7"] and isinstance(app.stack.top, TitleScene)


def test_the_title_is_reached_back_from_the_keyboard_by_b(app):
    form = new_game_by_pad(app)
    pad_to(app, form, form.seed_field)
    pad(app, A)
    pad(app, B)
    assert app.stack.top is form
    pad(app, B)
    assert isinstance(app.stack.top, TitleScene)
    assert centre(button(app.stack.top, "New game"))
