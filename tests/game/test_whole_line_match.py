"""A whole Cuban match and a whole Jamaican match through the real App, by one device alone.

From the title: New game, the game chosen on the form, one human against three
computers, every hand to the hand-end reveal (UX-3), the match end (CU-10, JA-8)
and on into the next match (CU-12, JA-9), by mouse events alone, by key events
alone and by touch events alone.  The test never calls ``session.apply``: every
decision of the human seat in the history was made by a device gesture of its
own, previewed first (UX-1); the match-end totals are the engine's; no face of a
hand other than the human's own is drawn before the hand's reveal.
"""
from __future__ import annotations

import pygame
import pytest

from game.play import COMPUTER, DEAL_END, MATCH_END, PREVIEW
from game.scenes.deal_end import DealEndScene
from game.scenes.match_end import MatchEndScene
from game.scenes.table import TableScene
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN
from rules.rng import stream
from shell_driver import button, centre, click, frames, key, running_app, touch
from table_fixtures import SpriteRecorder

GAME_BUTTONS = {"cuban": "Cuban dominoes", "jamaican": "Jamaican partner dominoes"}
DECISIONS = ("play", "pass", "accept", "redeal", "lead")


def button_of(play, action) -> str:
    """The decision button that stands for ``action`` (accept, redeal, lead:N, pass)."""
    return next(bid for bid, a in play.decision_buttons() if a == action)


def target_point(scene, key_):
    x, y, w, h = scene.kit.target_rect(scene._layout_now(), key_)
    return tuple(round(v) for v in scene.camera.world_to_screen(x + w / 2, y + h / 2))


class Pointer:
    def __init__(self, press) -> None:
        self.press = press

    def start_game(self, app, game: str) -> None:
        self.press(app, centre(button(app.stack.top, "New game")))
        self.press(app, centre(button(app.stack.top, GAME_BUTTONS[game])))
        self.press(app, centre(button(app.stack.top, "Start")))

    def decide(self, app, scene, play, action) -> None:
        if action.kind == "play":
            self.press(app, scene.hand_rect_list[scene.hand_tiles.index(action.tile)].center)
            if not (play.phase == PREVIEW and play.pending == action):
                scene.camera.update(10.0)
                self.press(app, target_point(scene, action.end))
        else:
            bid = button_of(play, action)
            self.press(app, next(b for b in scene.buttons if b.id == bid).rect.center)
        assert play.phase == PREVIEW and play.pending == action  # UX-1: a preview first
        self.press(app, next(b for b in scene.buttons if b.id == "confirm").rect.center)

    def overlay_button(self, app, overlay, bid: str) -> None:
        self.press(app, next(b for b in overlay.buttons if b.id == bid).rect.center)


class Keyboard:
    def start_game(self, app, game: str) -> None:
        key(app, pygame.K_RETURN)  # New game is the title's first button
        form = app.stack.top
        wanted = button(form, GAME_BUTTONS[game])
        for _ in range(40):
            if form.focus.current is wanted:
                break
            key(app, pygame.K_UP)
        assert form.focus.current is wanted
        key(app, pygame.K_RETURN)
        form = app.stack.top
        start, back = button(form, "Start"), button(form, "Back")
        for _ in range(40):
            if form.focus.current in (start, back):
                break
            key(app, pygame.K_DOWN)
        for _ in range(3):
            if form.focus.current is start:
                break
            key(app, pygame.K_RIGHT)
        assert form.focus.current is start
        key(app, pygame.K_RETURN)

    def decide(self, app, scene, play, action) -> None:
        if action.kind == "play":
            while play.focus != "hand":
                key(app, pygame.K_DOWN)
            for _ in range(len(play.hand())):
                if play.focused() == action.tile:
                    break
                key(app, pygame.K_RIGHT)
            assert play.focused() == action.tile
            key(app, pygame.K_RETURN)
            for _ in range(4):
                if play.phase == PREVIEW and play.pending == action:
                    break
                assert play.focus == "targets"
                key(app, pygame.K_RIGHT)  # the cursor walks the lit ends, previewing each
        else:
            bid = button_of(play, action)
            while play.focus != "buttons":
                key(app, pygame.K_UP)
            for _ in range(len(play.focus_items())):
                if play.focused() == bid:
                    break
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
        assert play.phase == PREVIEW and play.pending == action
        key(app, pygame.K_RETURN)

    def overlay_button(self, app, overlay, bid: str) -> None:
        for _ in range(len(overlay.buttons)):
            if overlay.buttons[overlay.focus % len(overlay.buttons)].id == bid:
                break
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)


DEVICES = {"mouse": lambda: Pointer(click), "keyboard": Keyboard, "touch": lambda: Pointer(touch)}


def watch_faces(app, recorder):
    """After every drawn frame: no face of a hand that is not revealed (UX-3, UX-4)."""
    inner = app.draw

    def draw(alpha=1.0):
        inner(alpha)
        play = app.play_state
        faces = set(recorder.faces)
        recorder.clear()
        if play is None:
            return
        if play.phase in (DEAL_END, MATCH_END):
            info = play.last_deal_end()
            revealed = {t for h in info.hands[1:] for t in h} if info else set()
            line = set(play.view().line) | {tuple(sorted(t)) for t in play.view().line}
            assert faces <= line | revealed, "a face off the ended hand was drawn"
            return
        state = play.session.state
        hidden = {t for s in range(1, 5) if s != play.hand_seat() for t in state.hands[s]}
        assert not faces & hidden, "a face of a hidden hand was drawn"

    app.draw = draw


@pytest.mark.rule("CU-10")
@pytest.mark.rule("JA-8")
@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_whole_line_match_against_three_computers_by_one_device_alone(game, device):
    dev = DEVICES[device]()
    with running_app(size=(1024, 640)) as app:
        app.set_setting("computer_speed", "instant")
        app.default_seed = 2026
        dev.start_game(app, game)
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        play = app.play_state
        assert play.session.config.game == game
        assert [s.kind for s in play.seats] == [HUMAN] + [COMPUTER_SEAT] * 3
        watch_faces(app, SpriteRecorder(scene.sprites))
        rng = stream(play.session.config.seed, "whole-line-match", device)
        decisions = reveals = 0
        match_end_seen = False
        for _ in range(60000):
            frames(app)
            top = app.stack.top
            if isinstance(top, DealEndScene):
                reveals += 1
                frames(app)
                dev.overlay_button(app, top, "continue")
                assert app.stack.top is not top
                continue
            if isinstance(top, MatchEndScene):
                frames(app)
                info = play.match_end()
                state = play.session.state
                assert info.totals == tuple(state.totals)
                assert max(state.totals[1:]) >= (100 if game == "cuban" else 6)
                match_end_seen = True
                dev.overlay_button(app, top, "next_match")
                break
            if play.phase == COMPUTER or not play.my_turn():
                continue
            legal = play.legal()
            action = legal[rng.randrange(len(legal))]
            cursor = play.session.cursor
            dev.decide(app, scene, play, action)
            assert play.session.cursor > cursor, "the confirm did not carry out the decision"
            decisions += 1
        assert match_end_seen and reveals >= 1
        assert app.errors == []
        history = play.session.state.history
        first_match = history[:history.index(("match", 2))]
        human = sum(1 for e in first_match if e[0] in DECISIONS and e[1] == 1)
        assert human == decisions and decisions >= reveals
        frames(app, 3)
        assert app.stack.top is scene
        view = play.view()
        assert view.match_no == 2 and view.totals[1:] == (0, 0)
