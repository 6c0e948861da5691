"""``Session.view_at``: the past as a seat saw it, read without moving the live session."""
from __future__ import annotations

import random

import pytest

from rules import Config, Session
from rules.rng import stream


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game, players", [("mexican_train", 4), ("cuban", 4), ("jamaican", 4)])
def test_view_at_is_the_view_seek_would_give_and_moves_nothing(game, players):
    session = Session(Config(game, players, 77))
    rng = stream(77, "view_at")
    for _ in range(120):
        if session.match_over():
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])
    cursor = session.cursor
    random.seed(1)
    positions = sorted(random.sample(range(session.cursor + 1), 12))
    for pos in positions:
        for seat in range(1, players + 1):
            state = session.state
            seen = session.view_at(pos, seat)
            assert session.cursor == cursor and session.state is state
            session.seek(pos)
            assert seen == session.view(seat)
            session.seek(cursor)
    with pytest.raises(ValueError):
        session.view_at(len(session.log) + 1, 1)
