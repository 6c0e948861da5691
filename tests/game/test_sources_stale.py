"""A slow computer's search that finishes after the position moved is dropped (``ComputerSource.decide``):
the seat then decides for the position it is at, never plays an answer meant for another."""
from __future__ import annotations

import time

from game.sources import ComputerSource
from rules import Config, Session


def _wait(source: ComputerSource) -> None:
    end = time.monotonic() + 60
    while source._thinking is not None and not source._thinking[1].done():
        assert time.monotonic() < end, "the search never finished"
        time.sleep(0.01)


def test_an_answer_for_an_earlier_position_is_never_played():
    session = Session(Config("cuban", 4, 3))
    while not any(a.kind == "play" for a in session.legal_actions()) or session.to_act() != 2:
        session.apply(session.legal_actions()[0])
    seat = session.to_act()
    source = ComputerSource("expert")
    assert source.decide(session, seat) is None  # the search starts off the frame
    _wait(source)  # ... and finishes while the table moves on (an undo, a redo, a resume)
    earlier = session.cursor
    session.apply(session.legal_actions()[0])
    while session.to_act() != seat:
        session.apply(session.legal_actions()[0])
    assert session.cursor != earlier
    answer = source.decide(session, seat)
    assert answer is None, "the answer for the earlier position was played"
    _wait(source)
    answer = source.decide(session, seat)
    assert answer == source.decide_now(session, seat) and answer in session.legal_actions()
