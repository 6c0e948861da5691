"""Issue 39: a variant's own kind of event (``rules.events.register``) reaches a phone's
state without an edit of the protocol: the state is built, and the page, which words
only the core's kinds, is not sent it."""
from __future__ import annotations

from typing import Literal, NamedTuple

import pytest

from game.phones.protocol import phone_state
from rules import events
from rules.session import Config, Session


class Scored(NamedTuple):
    kind: Literal["test_phone_scored"]
    seat: int
    points: int


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setattr(events, "_OWN", dict(events._OWN))
    monkeypatch.setattr(events, "_RECORDS", dict(events._RECORDS))
    events.register(Scored)


def test_a_phone_state_skips_a_variants_own_kind(registered):
    session = Session(Config("cuban", 4, 7))
    for _ in range(6):  # accept, lead ... and a play or two: a deal with something recent
        session.apply(session.legal_actions()[0])
    before = phone_state(session, 1)["recent"]
    session.state.history.append(events.own(Scored("test_phone_scored", 2, 10)))
    state = phone_state(session, 1)
    assert state["recent"] == before
