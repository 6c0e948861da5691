"""The public history's typed records (rules.events, issue 26)."""
from __future__ import annotations

import io
import json
from typing import get_args

import pytest

from rules import actions, events, selfplay
from rules.events import ACTION_KINDS, EVENT_KINDS, Event, as_event
from rules.session import Config, Session

GAMES = (("mexican_train", 4), ("cuban", 4), ("jamaican", 4))


@pytest.fixture(scope="module")
def sessions() -> list[Session]:
    return [selfplay.run(Config(game, players, seed), 1, [selfplay.resolve_policy("greedy")], io.StringIO())
            for game, players in GAMES for seed in (1, 2)]


def test_every_history_entry_is_a_typed_record_of_a_known_kind(sessions):
    records = get_args(Event)
    seen = set()
    for session in sessions:
        for e in session.view(1).history:
            assert isinstance(e, records), e
            assert e.kind in EVENT_KINDS
            seen.add(type(e))
    # every record but the rare ones (a Cuban redeal, Jamaican's six love) turns up in six matches
    assert set(records) - seen <= {events.Redealt, events.Reset}


def test_a_record_is_still_the_tuple_it_replaced(sessions):
    """Equality, hashing, indexing and JSON are the plain tuple's: transcripts and saves do not change."""
    for session in sessions:
        for e in session.view(1).history:
            plain = tuple(e)
            assert e == plain and hash(e) == hash(plain) and e[0] == e.kind
            assert json.dumps(e) == json.dumps(plain)
            back = as_event(plain)
            assert back == e and type(back) is type(e)  # one shape per (kind, length)


def test_as_event_refuses_what_no_game_writes():
    with pytest.raises(ValueError):
        as_event(("play", 1))
    with pytest.raises(ValueError):
        as_event(("teleport", 1))
    assert as_event(("pass", 2)).seat == 2
    assert as_event(("play", 1, (3, 5), "R", (5, 3))).lying == (5, 3)


def test_the_action_kinds_are_written_once():
    assert actions.KINDS is ACTION_KINDS
    assert set(ACTION_KINDS) <= set(EVENT_KINDS)  # every decision shows in the history by its own kind
