"""Issue 31: the table reading panel on the table: off by default, R (or the setting) turns
it on, it reads the view of the seat whose hand is shown (UX-4), and with two humans at one
device it hides with the hand at the curtain (UX-3)."""
from __future__ import annotations

import pygame
import pytest

from game.play import CURTAIN
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN, SeatConfig
from rules.reading import read_table
from rules.session import Config, Session
from shell_driver import frames, make_app, post

NAMES = ("Ann", "Bob", "Cy", "Di")


def _table(kinds: str, game: str):
    app = make_app(size=(1280, 720), persist=False)
    app.start(resume=False)
    app.set_setting("computer_speed", "instant")
    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else COMPUTER_SEAT) for i, k in enumerate(kinds)]
    app.start_match(Session(Config(game, len(kinds), 5)), seats)
    frames(app, 2)
    return app, app.play_state, app.stack.top


def _press_r(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    post(pygame.KEYUP, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    frames(app)


def _panel_words(scene) -> list[str]:
    return [laid.text for laid in scene.reading_boxes.laid]


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_r_shows_the_reading_of_the_seat_at_the_screen(game):
    app, play, scene = _table("hccc", game)
    try:
        frames(app, 3)
        assert app.settings.get("reading") is False and _panel_words(scene) == []
        _press_r(app)
        assert app.settings["reading"] is True
        frames(app, 2)
        words = _panel_words(scene)
        assert words and words[0] == "Table reading"
        reading = read_table(play.view())
        digits = [int(w) for w in words if w.isdigit()]  # each number, then its unseen count
        assert digits[0::2][: len(reading.unseen)] == list(range(len(reading.unseen)))
        assert digits[1::2][: len(reading.unseen)] == list(reading.unseen)
        _press_r(app)
        scene.reading_boxes.clear(10)
        frames(app, 2)
        assert app.settings["reading"] is False and _panel_words(scene) == []
    finally:
        app.close()


@pytest.mark.rule("UX-3")
def test_the_panel_hides_with_the_hand_at_the_curtain():
    app, play, scene = _table("hhcc", "cuban")
    try:
        app.set_setting("reading", True)
        frames(app, 3)
        assert play.phase == CURTAIN
        scene.reading_boxes.clear(10)
        frames(app, 2)
        assert _panel_words(scene) == []
    finally:
        app.close()


def test_the_panel_is_built_once_while_nothing_changes_and_again_after_a_play():
    """The panel is kept as a surface: frames with nothing new blit it, a play (a new view),
    the language or the window's size draw it afresh."""
    app, play, scene = _table("hccc", "jamaican")
    try:
        app.set_setting("reading", True)
        frames(app, 2)
        assert play.my_turn()
        panel = scene.reading_panel
        built = panel.builds
        assert built >= 1
        frames(app, 20)
        assert panel.builds == built  # twenty frames, one panel
        assert _panel_words(scene)[0] == "Table reading"  # the kept words are still laid out
        before = read_table(play.view())
        cursor = play.session.cursor
        play.hint()
        play.confirm()
        frames(app, 3)
        assert play.session.cursor > cursor
        assert panel.builds > built
        reading = read_table(play.view())
        assert reading.unseen != before.unseen  # the play showed a tile ...
        digits = [int(w) for w in _panel_words(scene) if w.isdigit()]
        assert digits[1::2][: len(reading.unseen)] == list(reading.unseen)  # ... and the panel says so
        built = panel.builds
        frames(app, 5)
        assert panel.builds == built
        app.set_language("ru")
        frames(app, 2)
        assert panel.builds == built + 1 and _panel_words(scene)[0] != "Table reading"
    finally:
        app.close()


def _prompt_pills(scene) -> list[pygame.Rect]:
    """The prompt's pills at the felt's foot, laid out as the table draws them."""
    from game.table.prompts import message_lines
    from game.table.text import pill
    lines = message_lines(scene.play, scene.play.focus == "table" and scene.show_focus)
    vx, vy, vw, vh = scene.camera.viewport
    y = vy + vh - scene.rail - round(10 * scene.u)
    pad = (round(24 * scene.u), round(8 * scene.u))
    rects = []
    for line, small in reversed(lines):
        img = pill(line, scene.font_px - (3 if small else 0), (200, 206, 196) if small else (247, 241, 227),
                   pad=pad, width=vw - 40)
        box = img.get_rect(midbottom=(vx + vw // 2, y + pad[1] - pad[1] // 2))
        rects.append(box)
        y = box.top - round(4 * scene.u)
    return rects


@pytest.mark.parametrize("tv", [False, True], ids=["pc", "tv"])
@pytest.mark.parametrize("game", ["mexican_train", "cuban"])
def test_the_panel_keeps_clear_of_the_players_the_prompt_and_the_camera_buttons(game, tv):
    """With a hint and its reason shown on a small window (1024x600, the TV's large interface
    too), the panel stands on the felt clear of the players panel, the prompt's lines and the
    camera buttons: nothing the player needs is under it."""
    app = make_app(size=(1024, 600), persist=False)
    app.start(resume=False)
    try:
        app.set_setting("computer_speed", "instant")
        app.settings["tv"] = tv
        app.rebuild_ui()
        seats = [SeatConfig(NAMES[0], HUMAN)] + [SeatConfig(n, COMPUTER_SEAT) for n in NAMES[1:]]
        app.start_match(Session(Config(game, 4, 11)), seats)
        app.set_setting("reading", True)
        play, scene = app.play_state, app.stack.top
        for _ in range(40):  # a few turns in, with a hint on show
            frames(app, 2)
            if play.my_turn() and play.setup is None and len(play.view().history) > 12:
                break
            if play.my_turn():
                play.hint()
                play.confirm()
        play.hint()
        frames(app, 2)
        assert scene.play.pending_is_hint and scene.reading_boxes.laid
        panel = scene.reading_boxes.laid[0].rect.unionall([laid.rect for laid in scene.reading_boxes.laid])
        players = pygame.Rect(scene._panel_pos(), scene.players._surface.get_size())
        others = {"players": [players], "prompt": _prompt_pills(scene),
                  "camera": [b.rect for b in scene.camera_buttons]}
        hits = {what: [r for r in rects if r.colliderect(panel)] for what, rects in others.items()}
        assert hits == {"players": [], "prompt": [], "camera": []}, f"{panel} covers {hits}"
        assert pygame.Rect(scene.camera.viewport).contains(panel)
    finally:
        app.close()
