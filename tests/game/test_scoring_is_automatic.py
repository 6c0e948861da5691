"""Scoring is automatic, with no timers and no money, in every game."""
from __future__ import annotations

import pytest

from game.play import CHOOSING, AWAY, DEAL_END, MATCH_END, PlayState
from rules import Config, Session
from rules.actions import KINDS
from rules.line import TEAM_SEATS
from rules.rng import stream
from table_fixtures import seats_of

pytestmark = pytest.mark.rule("UX-8")

GAMES = [("mexican_train", 4), ("cuban", 4), ("jamaican", 4)]


@pytest.mark.parametrize("game, players", GAMES)
def test_totals_follow_each_deal_with_no_decision_to_score_it(game, players):
    """Nobody scores by hand: no decision kind is about points, and each deal's end moves the
    totals by what the rules give (MT-17's penalties, CU-8's opponents' pips), by itself."""
    session = Session(Config(game, players, 808))
    rng = stream(808, "ux8")
    deals = 0
    totals = [0] * (players + 1) if game == "mexican_train" else [0, 0, 0]
    while not session.match_over():
        legal = session.state.legal_actions()
        assert {a.kind for a in legal} <= set(KINDS) - {"score"}
        seen = len(session.state.history)
        session.apply(legal[rng.randrange(len(legal))])
        for event in session.state.history[seen:]:
            if event[0] != "deal_end":
                continue
            deals += 1
            if game == "mexican_train":
                totals = [t + p for t, p in zip(totals, event[2])]
            elif game == "cuban" and event[5] is not None:
                losers = TEAM_SEATS[3 - event[5]]
                assert event[6] == sum(event[2][s] for s in losers)  # CU-8
                totals[event[5]] += event[6]
            if game != "jamaican":
                assert list(event[3]) == totals
    assert deals >= 1


@pytest.mark.parametrize("game, players", GAMES)
def test_no_clock_ever_decides_for_a_human(game, players):
    """A human's turn waits as long as they like: hours pass, nothing is played for them."""
    play = PlayState(Session(Config(game, players, 9)), seats_of("h" + "c" * (players - 1)), delay=0.0)
    for _ in range(500):
        if play.phase == AWAY:
            play.step_computer()
        elif play.phase == DEAL_END:
            play.continue_after_deal()
        else:
            break
    assert play.phase == CHOOSING
    cursor = play.session.cursor
    for _ in range(24):
        play.update(3600.0)
    assert play.phase == CHOOSING and play.session.cursor == cursor and play.phase != MATCH_END
