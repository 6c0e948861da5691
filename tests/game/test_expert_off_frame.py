"""Issue 16: the expert searches off the frame, and its moves are the ones it would make at once.

A slow level runs in a worker thread (``game.sources.ComputerSource``): the table's update returns at
once while it thinks, the frames go on, and the decision that lands is exactly the one
``choose_for`` gives, so a seed still decides the whole match (UX-4).
"""
from __future__ import annotations

import threading
import time

from game.play import AWAY, DEAL_END, PlayState
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import SeatConfig
from rules import Config, Session, bots


def experts(game: str, seed: int) -> PlayState:
    seats = [SeatConfig(f"E{i}", COMPUTER_SEAT, "expert") for i in range(1, 5)]
    return PlayState(Session(Config(game, 4, seed)), seats, delay=0.0)


def rest() -> None:
    """Between two frames, as a real frame's vsync would: a loop of bare updates would hold the
    GIL half the time and slow the search in the worker thread down by as much."""
    time.sleep(0.002)


def test_the_expert_thinks_off_the_frame_and_plays_what_it_would_play_at_once():
    threaded, direct = experts("jamaican", 4), experts("jamaican", 4)
    frames_while_thinking = 0
    for _ in range(24):  # the first hand, past the point where the expert starts solving
        if direct.phase == DEAL_END:
            break
        assert direct.step_computer()
        deadline = time.monotonic() + 30
        while threaded.session.cursor < direct.session.cursor:
            threaded.update(1 / 120)
            frames_while_thinking += threaded.thinking
            rest()
            assert time.monotonic() < deadline
        assert threaded.session.log == direct.session.log
    assert frames_while_thinking > 0


def test_a_frame_never_waits_for_the_search(monkeypatch):
    """The search is held until the test lets it go: a table that waited for it in its
    update would never come back from that update (no clock involved, so a loaded machine
    cannot make this fail or pass)."""
    release = threading.Event()
    searching = threading.Event()
    real = bots.choose  # what a computer seat's source (game.sources) asks for its decision

    def held(view, level, rng):
        searching.set()
        assert release.wait(20), "the search was never let go"
        return real(view, level, rng)

    monkeypatch.setattr(bots, "choose", held)
    play = experts("cuban", 3)
    cursor = play.session.cursor
    play.update(1 / 120)  # starts the search and returns: the search is still held
    assert searching.wait(20) and play.thinking and play.session.cursor == cursor
    for _ in range(5):
        play.update(1 / 120)  # more frames while it thinks
    assert play.thinking and play.session.cursor == cursor
    release.set()
    deadline = time.monotonic() + 30
    while play.session.cursor == cursor:
        play.update(1 / 120)
        rest()
        assert time.monotonic() < deadline
    assert not play.thinking


def test_an_undo_while_the_expert_thinks_drops_its_answer():
    # normal computers bring the hand to where the expert thinks a while (the experts took
    # 2 s to get there, issue 26); the experts then sit at that table
    normal = [SeatConfig(f"N{i}", COMPUTER_SEAT, "normal") for i in range(1, 5)]
    setup = PlayState(Session(Config("cuban", 4, 2)), normal, delay=0.0)
    for _ in range(200):
        if setup.phase == AWAY and setup.session.state.phase == "play" and len(setup.view().line) > 14:
            break
        setup.step_computer() if setup.phase == AWAY else setup.continue_after_deal()
    seats = [SeatConfig(f"E{i}", COMPUTER_SEAT, "expert") for i in range(1, 5)]
    play = PlayState(setup.session, seats, delay=0.0)
    assert play.phase == AWAY and len(play.view().line) > 14
    cursor = play.session.cursor
    play.update(1 / 120)  # the search starts
    assert play.thinking
    play.session.undo()  # the position moves under it (as a human's undo would)
    expected = play.choose_for(play.session.to_act())  # what the expert plays here, at once
    deadline = time.monotonic() + 30
    while play.session.cursor < cursor and time.monotonic() < deadline:
        play.update(1 / 120)
        rest()
    # the answer for the old position was dropped: what landed is this position's choice
    assert play.session.cursor == cursor and play.session.log[cursor - 1] == expected
