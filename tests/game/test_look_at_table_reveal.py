"""UX-3 (issue 28 item 9): "Look at the table" at a deal's or hand's end shows every hand face up.

The score panel reveals the hands; stepping it aside must not hide them again.  A
headless App plays one deal of each game with one human at the device (H, then Enter,
posted as real keys), waits for the deal-end screen, presses F ("Look at the table")
and records every tile face the table's sprites hand out in the next frame: each
tile left in each seat's hand must be among them, and no seat is drawn as backs.
"""
from __future__ import annotations

import math

import pygame
import pytest

from game.play import CHOOSING, PREVIEW
from game.scenes.score_panel import TURN_S
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules.session import Config, Session
from shell_driver import frames, make_app, post
from table_fixtures import SpriteRecorder
from test_curtain_holds import WAIT_FRAME

pytestmark = pytest.mark.rule("UX-3")

NAMES = ("Ann", "Bob", "Cy", "Di")


def press(app, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    frames(app)


def to_the_score_screen(game: str, seed: int, size=(1280, 720), settings=None):
    """An App at the deal-end (or match-end) screen after one human played a deal with hints."""
    from game.scenes.deal_end import DealEndScene
    from game.scenes.match_end import MatchEndScene

    app = make_app(size=size, settings=settings or {})
    app.start(resume=False)
    app.set_setting("computer_speed", "instant")
    seats = [SeatConfig(NAMES[i], HUMAN if i == 0 else COMPUTER) for i in range(4)]
    app.start_match(Session(Config(game, 4, seed)), seats)
    frames(app, 2)
    play = app.play_state
    for _ in range(6000):
        if isinstance(app.stack.top, (DealEndScene, MatchEndScene)):
            break
        if play.phase in (CHOOSING, PREVIEW):
            press(app, pygame.K_h)
            press(app, pygame.K_RETURN)
        else:
            frames(app, dt=WAIT_FRAME)  # the computers at instant speed: only their outcome matters
    else:  # pragma: no cover - the seed reaches a deal end
        raise AssertionError("no deal end")
    # the panel's hands have turned face up (the same game time, fewer pictures of the turn)
    frames(app, math.ceil((TURN_S + 0.2) / WAIT_FRAME), dt=WAIT_FRAME)
    return app, play


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_look_at_the_table_shows_every_hand_left_face_up(game):
    app, play = to_the_score_screen(game, seed=5)
    try:
        table = next(s for s in app.stack if type(s).__name__ == "TableScene")
        info = play.last_deal_end()
        assert info is not None
        left = {seat: set(hand) for seat, hand in enumerate(info.hands) if seat}
        assert sum(len(h) for h in left.values()) >= 3  # tiles to show, in at least one hand
        press(app, pygame.K_f)  # "Look at the table (F)": the panel steps aside
        assert app.stack.top.aside
        recorder = SpriteRecorder(table.sprites)
        table.chrome.surface = None  # the bottom tray is a cached backdrop: this frame draws it afresh
        frames(app, 2)
        faces = set(recorder.faces)
        for seat, hand in left.items():
            missing = hand - faces
            assert not missing, f"{game}: seat {seat}'s tiles {sorted(missing)} not drawn face up"
        assert recorder.backs == 0, f"{game}: a hand is still drawn face down after the deal"
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.parametrize("game", ["jamaican", "mexican_train"])
def test_the_match_end_look_at_the_table_shows_the_last_hands_face_up(game):
    """The same at the match's end: the last deal's hands stay face up under "Look at the table"."""
    from game import intents as I
    from game.play import MATCH_END, PlayState
    from game.scenes.match_end import MatchEndScene
    from game.scenes.table import TableScene
    from table_fixtures import FakeApp, play_until, seats_of

    play = PlayState(Session(Config(game, 4, 5)), seats_of("hccc"), delay=0.0)
    play_until(play, MATCH_END)
    app = FakeApp((1280, 720))
    table = TableScene(app, play)
    app.stack.push(table)
    app.frame()
    assert isinstance(app.stack.top, MatchEndScene)
    app.stack.top.handle(I.Intent(I.FIT, device="keyboard"))  # "Look at the table (F)"
    assert app.stack.top.aside
    recorder = SpriteRecorder(table.sprites)
    table.chrome.surface = None
    app.frame()
    info = play.last_deal_end()
    left = {t for hand in info.hands[1:] for t in hand}
    assert left and left <= set(recorder.faces)
    assert recorder.backs == 0


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_went_out_stands_clear_of_back_to_the_scores(lang):
    """Issue 40: at 1024x600 and 175%, with the panel aside, the bottom seat's "went out" lay
    at the tray's centre, half under "Back to the scores" (Jamaican seed 7: Ann goes out)."""
    app, play = to_the_score_screen("jamaican", seed=7, size=(1024, 600),
                                    settings={"language": lang, "ui_scale": 1.75})
    try:
        table = next(s for s in app.stack if type(s).__name__ == "TableScene")
        press(app, pygame.K_f)
        table.chrome.surface = None  # the tray's cached backdrop: drawn afresh this frame
        frames(app, 2)
        out = table.chrome.went_out_rect
        assert out is not None, "the bottom seat went out and says so"
        back = app.stack.top.buttons[0].rect
        assert not out.colliderect(back), (out, back)
        assert table.hand_panel.contains(out)
    finally:
        app.close()
