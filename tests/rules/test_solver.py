"""The exact line solver against brute force on the real engine (issue 16; CU-6..CU-8, JA-4..JA-6).

The oracle is plain minimax over ``Cuban``/``Jamaican`` states themselves
(``legal_actions``, ``apply_action``, the ``deal_end`` record's winner and
points), with no pruning and no table, so it shares no code with the solver.
Endgames come from seeded matches played by random players until every hand
is small.
"""
from __future__ import annotations

import itertools

import pytest

from rules.bots import solver
from rules.bots.levels import Budget
from rules.line import PLAY, team_of
from rules.policies import POLICIES
from rules.rng import stream
from rules.session import Config, Session

from partnership_position import line_position


def endgames(game: str, seeds, max_each: int):
    """Cuban or Jamaican states in play, the first time every hand has at most ``max_each`` tiles."""
    pick = POLICIES["random"]
    for seed in seeds:
        s = Session(Config(game, 4, seed))
        rng = stream(seed, "endgame")
        target = stream(seed, "endgame-size").randint(2, max_each)
        while not s.match_over():
            st = s.state
            seat = s.to_act()
            if seat and st.phase == PLAY and max(len(h) for h in st.hands) <= target:
                yield st.clone()
                break
            s.apply(pick(s.view(seat), rng))


def brute(state, team: int, objective: solver.Objective) -> int:
    """Minimax value for ``team`` over the engine, every line of play, no pruning, no table."""
    if state.phase != PLAY or not state.turn:
        end = state.records[-1]["deal_end"] if "deal_end" in state.records[-1] else next(
            r["deal_end"] for r in reversed(state.records) if "deal_end" in r)
        winner = end["winner_team"]
        if winner is None:
            return 0
        v = objective.value(end["points"])
        return v if winner == team else -v
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(brute(child, team, objective))
    return max(values) if team_of(state.turn) == team else min(values)


def _light(state):
    """A copy without the long history, so cloning in the oracle stays cheap."""
    st = state.clone()
    st.history = st.history[-1:]
    st.records = st.records[-1:]
    return st


def _check(state) -> tuple[int, int]:
    st = _light(state)
    team = team_of(st.turn)
    obj = solver.OBJECTIVES[st.game]
    values = solver.action_values(st, Budget(10**6))
    assert set(values) == set(st.legal_actions())
    for a in st.legal_actions():
        child = st.clone()
        child.apply_action(a)
        assert values[a] == brute(child, team, obj), (a, st.hands, st.line)
    best, best_actions = solver.solve(st, 10**6)
    assert best == max(values.values())
    assert set(best_actions) == {a for a, v in values.items() if v == best}
    return best, len(values)


@pytest.mark.rule("CU-7")
@pytest.mark.rule("CU-8")
@pytest.mark.rule("JA-5")
@pytest.mark.rule("JA-6")
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_solver_agrees_with_brute_force_on_seeded_endgames(game):
    """CU-7/CU-8, JA-5/JA-6: every action's exact value equals plain minimax, 200 endgames a game."""
    signs = set()
    checked = 0
    for st in itertools.islice(endgames(game, range(1000), 4), 200):
        best, n = _check(st)
        signs.add((best > 0) - (best < 0))
        checked += 1
    assert checked == 200
    assert signs == {-1, 0, 1} or signs >= {-1, 1}  # wins and losses both occur


@pytest.mark.rule("JA-6")
def test_ja6_the_key_tile_is_worth_its_extra_point():
    """JA-6: [3|5] between hard ends 5 and 3 goes out for 2 points, one more than a plain win."""
    s = line_position("jamaican", hands={1: "3|5", 2: "0|0", 3: "1|1", 4: "2|2"},
                      line="5|5 5|0 0|3 3|3 3|1 1|5 5|2 2|3 3|4 4|5 5|6 6|3", turn=1)
    st = s.state
    value, best = solver.solve(st, 1000)
    assert value == solver.OBJECTIVES["jamaican"].value(2) == 3
    assert brute(_light(st), 1, solver.OBJECTIVES["jamaican"]) == 3


@pytest.mark.rule("CU-8")
def test_cu8_going_out_scores_the_opponents_pips():
    """CU-8: a Cuban hand won is worth the two opponents' pips; the solver sees it exactly."""
    s = line_position("cuban", hands={1: "0|9", 2: "8|8 7|7", 3: "1|2", 4: "6|6"},
                      line="0|3 3|9", turn=1)
    value, best = solver.solve(s.state, 1000)
    assert value == 16 + 14 + 12
    assert {a.tile for a in best} == {(0, 9)}


def test_objective_can_count_hands_won():
    """The objective is explicit: with win=1, point=0 a Cuban hand is worth 1 whatever the pips."""
    s = line_position("cuban", hands={1: "0|9", 2: "8|8 7|7", 3: "1|2", 4: "6|6"},
                      line="0|3 3|9", turn=1)
    value, _ = solver.solve(s.state, 1000, solver.Objective(1, 0))
    assert value == 1


def test_budget_is_nodes_and_running_out_says_so():
    """UX-4: a fixed node budget, never the clock; too small a budget raises, it never guesses."""
    st = next(endgames("cuban", range(3), 6))
    with pytest.raises(solver.SolverBudgetExceeded):
        solver.solve(st, 5)
    b = Budget(10**6)
    solver.solve(st, b)
    used = 10**6 - b.left
    b2 = Budget(10**6)
    solver.solve(st, b2)
    assert used == 10**6 - b2.left > 5


def test_solver_refuses_other_phases_and_games():
    s = Session(Config("cuban", 4, 1))
    with pytest.raises(ValueError):
        solver.solve(s.state, 100)
