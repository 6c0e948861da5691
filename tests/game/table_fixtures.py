"""Fixtures for the table tests: a minimal app, seeded sessions and a sprite recorder.

Kept apart from tests/game/conftest.py (the shell helper's) on purpose.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import game.screens  # noqa: E402,F401  (the screens by name, which the App loads: issue 26)
from game.play import PlayState  # noqa: E402
from game.scene import SceneStack  # noqa: E402
from game.seats import COMPUTER, HUMAN, SeatConfig  # noqa: E402
from rules import Config, Session  # noqa: E402


class FakeApp:
    """What TableScene may use of the shell's App (``game.host.Host``), and nothing more."""

    def __init__(self, size=(1280, 720)) -> None:
        if not pygame.get_init():
            pygame.init()
        self.screen = pygame.display.set_mode(size)
        self.stack = SceneStack()
        self.settings = {"language": "en", "computer_speed": "instant", "fullscreen": False,
                         "ui_scale": 1.0, "tile_style": "pips"}
        self.ui_scale = 1.0
        self.calls: list[str] = []

    def open_rules(self) -> None:
        self.calls.append("rules")

    def open_log(self) -> None:
        self.calls.append("log")

    def open_menu(self) -> None:
        self.calls.append("menu")

    def new_game(self) -> None:
        self.calls.append("new_game")

    def request_quit(self) -> None:
        self.calls.append("quit")

    def show_deal_end(self, play, table) -> None:
        from game.scenes.deal_end import DealEndScene
        self.stack.push(DealEndScene(self, play, table))

    def show_match_end(self, play, table) -> None:
        from game.scenes.match_end import MatchEndScene
        self.stack.push(MatchEndScene(self, play, table))

    def frame(self, dt: float = 1 / 60) -> None:
        from game.app import pace_match
        play = next((s.play for s in self.stack if hasattr(s, "play")), None)
        if play is not None:  # what App.tick_match does for the match in progress
            pace_match(play, self.stack, dt)
        self.stack.update(dt)
        self.stack.draw(self.screen)


def seats_of(kinds: str) -> list[SeatConfig]:
    """'hhcc' -> Ann and Bob (humans), then computers."""
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    return [SeatConfig(names[i], HUMAN if k == "h" else COMPUTER) for i, k in enumerate(kinds)]


def make_play(kinds: str = "hhcc", seed: int = 7, **kw) -> PlayState:
    session = Session(Config("mexican_train", len(kinds), seed))
    return PlayState(session, seats_of(kinds), delay=0.0, **kw)


def play_until(play: PlayState, phase: str, limit: int = 30000) -> None:
    """Drive ``play`` directly (the human's first legal move, the bots for computers, every
    deal end acknowledged) until it reaches ``phase``; for tests about what comes after."""
    from game.play import AWAY, DEAL_END
    for _ in range(limit):
        if play.phase == phase:
            return
        if play.phase == DEAL_END:
            play.continue_after_deal()
        elif play.phase == AWAY:
            play.step_computer()
        else:
            play._apply(play.legal()[0])
    raise AssertionError(f"never reached {phase}")


class SpriteRecorder:
    """Wraps a Sprites object and records every tile face it hands out (UX-3 tests)."""

    def __init__(self, sprites) -> None:
        self.faces: list[tuple[int, int]] = []
        self.backs = 0
        inner_face, inner_back = sprites.face, sprites.back

        def face(first, second, short, vertical, look="face"):
            self.faces.append((min(first, second), max(first, second)))
            return inner_face(first, second, short, vertical, look)

        def back(short, vertical=True):
            self.backs += 1
            return inner_back(short, vertical)

        sprites.face = face
        sprites.back = back

    def clear(self) -> None:
        self.faces.clear()
        self.backs = 0
