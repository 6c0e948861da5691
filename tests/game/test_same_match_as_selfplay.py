"""Nothing random escapes the match's seed: the program and ``rules selfplay`` agree.

The same seed and the same (computer) decisions give the same match at the
table and on the command line, in all three games, because both take each
computer decision's randomness from ``rules.rng.decision_stream`` at its
position in the log.
"""
from __future__ import annotations

import io
import json
import random

import pytest

from game.play import DEAL_END, MATCH_END, PlayState
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from rules.actions import Action
from rules.selfplay import resolve_policy, run


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game, players", [("mexican_train", 3), ("cuban", 4), ("jamaican", 4)])
def test_the_program_plays_the_match_selfplay_plays(game, players):
    config = Config(game, players, 606)
    random.seed(12345)  # disturbed on purpose: neither side may read the global state
    out = io.StringIO()
    run(config, 2, [resolve_policy("bot:easy")], out)
    random.seed(54321)
    play = PlayState(Session(config), [SeatConfig(f"C{i}", COMPUTER, "easy") for i in range(players)],
                     delay=0.0)
    for match in (1, 2):
        for _ in range(20000):
            if play.phase == MATCH_END:
                break
            if play.phase == DEAL_END:
                play.continue_after_deal()
            else:
                assert play.step_computer()
        assert play.phase == MATCH_END
        if match == 1:
            assert play.next_match()
    # the transcript's decisions are the table's, one for one, over both matches
    decisions = [json.loads(line) for line in out.getvalue().splitlines()]
    decisions = [d["action"] for d in decisions if "action" in d]
    assert len(decisions) > 100
    assert decisions == [a.to_json() for a in play.session.log if isinstance(a, Action)]
