"""Issue 40: the hint is the coach's own best judgement, so a hand played by Hint and Enter
alone is never graded a mistake.

A Cuban hand played so got three inaccuracies of 8-10 points: the hint was the normal
bot's quick choice, the coach a deeper look.  The hint is now ``rules.coach.judgement``
(the same view, the same sampled deals as the coach's grade).  A deal of each game with
seat 1 taking every hint, the others the bots; the coach grades seat 1.  ~3 s.
"""
from __future__ import annotations

import random

import pytest

from game.hints import suggestion
from rules import Config, Session, coach
from rules.bots import choose


def hinted_deal(game: str, seed: int) -> Session:
    session = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    while not any(e.kind == "deal_end" for e in session.state.history):
        seat = session.to_act()
        view = session.view(seat)
        action = suggestion(session, view) if seat == 1 else choose(view, "normal", rng)
        session.apply(action)
    return session


@pytest.mark.parametrize("game, seed", [("cuban", 7), ("cuban", 11), ("jamaican", 3), ("mexican_train", 2)])
def test_a_hand_played_by_the_hint_alone_is_graded_best_throughout(game, seed):
    session = hinted_deal(game, seed)
    report = coach.grade_deal(session, 0, [1])
    assert report.grades, "seat 1 made no graded decision"
    assert all(g.label == "best" and g.loss == 0 for g in report.grades), \
        [(g.position, g.label, round(g.loss, 2)) for g in report.grades if g.label != "best"]
