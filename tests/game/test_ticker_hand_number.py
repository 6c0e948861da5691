"""CU-4 in the ticker (issue 28, item 6): a redeal for five doubles deals the same hand again,
so the ticker says "Hand 1 is dealt" again, not "Hand 2", as the status bar and the log do."""
from __future__ import annotations

import pytest

from game.ticker import items, recent, text
from rules.session import Config, Session

NAMES = ["Ana", "Ben", "Cara", "Dan", "Eva"]


def redealt_hand() -> Session:
    """Cuban seed 9: a representative's acceptance round reaches a seat with five doubles, who
    demands the redeal."""
    session = Session(Config("cuban", 4, 9))
    while True:
        kinds = {a.kind for a in session.legal_actions()}
        if "redeal" in kinds:
            session.apply(next(a for a in session.legal_actions() if a.kind == "redeal"))
            return session
        session.apply(next(a for a in session.legal_actions() if a.kind == "accept"))


@pytest.mark.rule("CU-4")
def test_the_deal_after_a_redeal_is_the_same_hand_in_the_ticker():
    session = redealt_hand()
    history = session.view(1).history
    deals = [e.deal_no for e in history if e.kind == "deal"]
    assert deals[-1] == 2  # the second deal of the match ...
    lines = [text(it, NAMES) for it in items(history, "cuban") if it is not None]
    assert [ln for ln in lines if "is dealt" in ln] == ["Hand 1 is dealt", "Hand 1 is dealt"]  # ... of hand 1
    assert any("Hand 1 is dealt" in ln for ln in recent(history, "cuban", NAMES, count=6))
    assert not any("Hand 2" in ln for ln in recent(history, "cuban", NAMES, count=6))


@pytest.mark.rule("CU-4")
def test_a_later_hand_counts_the_hands_ended_not_the_deals():
    session = redealt_hand()
    while not any(e.kind == "deal_end" for e in session.view(1).history):
        session.apply(session.legal_actions()[0])
    history = session.view(1).history  # the next hand is dealt at once (a chance step)
    assert [e.deal_no for e in history if e.kind == "deal"][-1] == 3
    assert any("Hand 2 is dealt" in ln for ln in recent(history, "cuban", NAMES, count=3))
