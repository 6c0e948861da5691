"""Issue 41: a whole Cuban hand played by keys and speech alone, and the review keys' answers.

The scripted player reads nothing but the speech log (``--speech-log``'s file, as the real
App writes it) and does nothing but press keys (posted KEYDOWN events through the App's
loop): Y to hear its hand and where each tile goes, the arrows until the cursor's line
names the tile it chose, Enter, and Enter again on the preview (or Right first, when the
table asks which end).  With no tile to play it presses Enter on the button the cursor's
line named (Accept, Pass, a leader).  About 3 s for the hand.
"""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.__main__ import match_seats
from rules import Config, Session
from shell_driver import frames, key, make_app

NUMBERS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve"]
PREVIEW = "Enter to confirm, Escape to cancel."


def tile_of(words: str) -> tuple[int, int]:
    """"five nine" -> (5, 9); "double six" -> (6, 6): the player's own reading of a tile."""
    parts = words.split()
    if parts[0] == "double":
        n = NUMBERS.index(parts[1])
        return (n, n)
    return (NUMBERS.index(parts[0]), NUMBERS.index(parts[1]))


class BlindPlayer:
    """Reads the speech log, presses keys (see the module docstring)."""

    def __init__(self, app, log: Path) -> None:
        self.app = app
        self.log = log
        self.seen = 0
        self.heard: list[str] = []
        #: how much of ``heard`` the waiting has read
        self.read = 0
        self.decisions = 0
        self.frames = 0

    def listen(self) -> list[str]:
        lines = self.log.read_text(encoding="utf-8").splitlines()
        new, self.seen = lines[self.seen:], len(lines)
        self.heard += new
        return new

    def press(self, k: int) -> list[str]:
        key(self.app, k)
        return self.listen()

    def wait_for_turn(self, limit: int = 2000) -> str:
        """Frames until the log says "Your turn" ("turn") or a hand's end ("over")."""
        for _ in range(limit):
            self.listen()
            while self.read < len(self.heard):
                line = self.heard[self.read]
                self.read += 1
                if re.search(r"team \d scores|a tie, no points", line):
                    return "over"
                if line.startswith("Your turn, "):
                    return "turn"
            frames(self.app, 1)
            self.frames += 1
        raise AssertionError("nothing said for a long while: " + " / ".join(self.heard[-5:]))

    def wait_for(self, text: str, limit: int = 500) -> None:
        """Frames until the log has said ``text`` (from the start of the hand on)."""
        for _ in range(limit):
            if any(text in line for line in self.heard + self.listen()):
                return
            frames(self.app, 1)
        raise AssertionError(f"never said {text!r}: " + " / ".join(self.heard[-5:]))

    def hand(self) -> list[tuple[str, str]]:
        """Y: each tile in words and where it goes ("left end", "cannot play now")."""
        said = [x for x in self.press(pygame.K_y) if x.startswith("Your hand, ")][-1]
        entries = said.rstrip(".").split(". ")[1:]
        return [tuple(e.split(": ", 1)) for e in entries]  # type: ignore[misc]

    def take_turn(self) -> None:
        hand = self.hand()
        playable = [(tile, where) for tile, where in hand if where != "cannot play now"]
        assert hand[:len(playable)] == playable  # the tiles that can be played come first
        if playable:
            tile, where = playable[0]
            for _ in range(12):  # the arrows, until the cursor's line names the tile
                if self.press(pygame.K_RIGHT)[-1:] == [f"{tile}: {where}"]:
                    break
            else:
                raise AssertionError(f"the cursor never reached {tile}: " + " / ".join(self.heard[-5:]))
            said = self.press(pygame.K_RETURN)
            if not said or not said[-1].endswith(PREVIEW):  # "Choose a lit end for this tile."
                assert " or " in where, said
                said = self.press(pygame.K_RIGHT)
            assert said[-1].endswith(PREVIEW) and tile_of(tile) is not None, said
        else:  # a button: the cursor's line said which (Accept, Pass, a leader)
            said = self.press(pygame.K_RETURN)
            assert said and said[-1].endswith(PREVIEW), said
        self.press(pygame.K_RETURN)
        self.decisions += 1


@pytest.fixture()
def blind_app(tmp_path):
    app = make_app(persist=False, settings={"computer_speed": "instant", "reduced_motion": True})
    log = tmp_path / "speech.txt"
    app.speech.open_log(str(log))
    app.start(resume=False)
    seats = match_seats([("device", "normal")] + [("computer", "normal")] * 3)
    app.start_match(Session(Config("cuban", 4, 5)), seats)
    yield app, log
    app.close()


def test_a_blind_player_plays_a_cuban_hand_by_keys_and_speech_alone(blind_app):
    app, log = blind_app
    player = BlindPlayer(app, log)
    for _ in range(40):
        if player.wait_for_turn() == "over":
            break
        player.take_turn()
    else:
        raise AssertionError("the hand never ended")
    history = app.play_state.session.view(1).history
    mine = [e for e in history if e.kind in ("accept", "redeal", "lead", "play", "pass") and e.seat == 1]
    assert any(e.kind == "deal_end" for e in history)
    assert len(mine) == player.decisions >= 3
    assert any(e.kind == "play" for e in mine)
    # the hand's end says how to go on; P reads the scores on the score screen; Enter goes on
    player.wait_for("Enter goes on; P reads the scores.")
    frames(app, 150)  # the score screen comes up over the table
    totals = app.play_state.view().totals
    assert player.press(pygame.K_p)[-1] == f"Team 1: {totals[1]} points; Team 2: {totals[2]} points"
    player.press(pygame.K_RETURN)
    player.wait_for("Hand 2 is dealt")


def test_the_review_keys_speak_and_move_nothing(blind_app):
    app, log = blind_app
    player = BlindPlayer(app, log)
    assert player.wait_for_turn() == "turn"
    play = app.play_state
    before = (play.session.cursor, play.phase, play.cursor.zone, play.cursor.index, play.pending)
    answers = {k: player.press(k)[-1] for k in (pygame.K_y, pygame.K_e, pygame.K_t, pygame.K_p,
                                                 pygame.K_c, pygame.K_v, pygame.K_k)}
    assert (play.session.cursor, play.phase, play.cursor.zone, play.cursor.index, play.pending) == before
    assert answers[pygame.K_y].startswith("Your hand, 10 tiles.")
    assert answers[pygame.K_e] == "The line is empty."
    assert answers[pygame.K_t].startswith("Your turn, Player 1. Look at your tiles")
    assert answers[pygame.K_p] == "Team 1: 0 points; Team 2: 0 points"
    assert answers[pygame.K_c] == ("Computer 2: 10 tiles. Computer 3: 10 tiles. Computer 4: 10 tiles. "
                                   "15 tiles stay face down.")
    assert answers[pygame.K_v].startswith("Last: Lead draw: ")
    assert answers[pygame.K_k] == i18n.t("speech.help")
    assert player.press(pygame.K_q)[-1] == answers[pygame.K_k]  # repeat the last line
