"""The coach grades finished deals (issue 15; UX-4, CU-8, JA-6, MT-17).

Hand-built positions whose best play is known in each game, a deliberate
blunder labelled a blunder, a deal in progress refused, the fair grade reading
the view alone, and the same report for the same seed and log.
"""
from __future__ import annotations

import pytest

from rules import coach
from rules.actions import PASS
from rules.policies import POLICIES
from rules.rng import stream
from rules.session import Config, Session

from mt_position import P, mt_position
from partnership_position import ACCEPT, REDEAL, L, R, line_position, rigged

#: Jamaican, seat 1 to play with ends 2 and 6, every other tile on the line, so the
#: three hidden tiles are exactly the other hands.  [2|6] on the 2 end leaves 6 and 6:
#: nobody holds a 6, the hand blocks and seat 1's 3 pips win it, whoever holds what.
#: [1|2] opens a 1: seat 4's [1|4] goes out (and on most deals someone does).
JA_LINE = ("2|5 5|6 6|6 6|4 4|5 5|5 5|3 3|6 6|1 1|5 5|0 0|4 4|3 3|3 3|2 2|2 2|0 0|3 3|1 1|1 "
           "1|0 0|0 0|6")
JA_HANDS = {1: "1|2 2|6", 2: "4|4", 3: "2|4", 4: "1|4"}


def _jamaican(hands=JA_HANDS):
    return line_position("jamaican", hands=hands, line=JA_LINE, turn=1)


def _finish(session: Session) -> Session:
    """Play the hand out with the greedy policy for every seat."""
    pick = POLICIES["greedy"]
    rng = stream(0, "finish")
    start = len(coach.deals(session))
    while session.to_act() is not None and len(coach.deals(session)) == start:
        session.apply(pick(session.view(session.to_act()), rng))
        if any(e[0] == "deal_end" for e in session.state.history[-3:]):
            break
    return session


def _only(report: coach.DealReport) -> coach.Grade:
    assert len(report.grades) == 1, report.grades
    return report.grades[0]


@pytest.mark.rule("JA-5")
def test_jamaican_blunder_is_labelled_a_blunder_and_the_best_play_is_named():
    """JA-4/JA-5: [1|2] lets seat 4 out; [2|6] on the 2 end blocks the hand for seat 1."""
    s = _jamaican()
    s.apply(L("1|2"))
    _finish(s)
    g = _only(coach.grade_deal(s, coach.last_finished_deal(s), [1]))
    assert g.label == "blunder"
    assert g.best_known == L("2|6")
    assert g.value_full == -2 and g.best_value_full == 2 and g.loss_full == 4
    assert g.best_full in (L("2|6"), R("2|6"))
    assert g.exact and g.loss >= coach.SCALE["jamaican"] * 0.5


@pytest.mark.rule("JA-5")
def test_jamaican_best_play_is_labelled_best():
    s = _jamaican()
    s.apply(L("2|6"))
    _finish(s)
    report = coach.grade_deal(s, 0, [1])
    g = _only(report)
    assert g.label == "best" and g.loss == 0 and g.loss_full == 0
    assert report.worst is None and report.counts["best"] == 1


def test_the_summary_names_the_costliest_decision_and_that_it_cost_the_hand():
    s = _jamaican()
    s.apply(L("1|2"))
    _finish(s)
    report = coach.grade_deal(s, 0, [1])
    assert report.counts["blunder"] == 1 and report.counts["inaccuracy"] == 0
    assert report.worst is not None and report.worst.played == L("1|2")
    assert report.cost_the_hand  # with all hands shown, a win became a loss


@pytest.mark.rule("UX-4")
def test_ux4_the_fair_grade_reads_only_what_the_player_could_see():
    """UX-4: two deals seat 1 cannot tell apart get the same fair grade; only the full one differs."""
    a = _jamaican()
    b = _jamaican({1: "1|2 2|6", 2: "1|4", 3: "2|4", 4: "4|4"})  # seats 2 and 4 swap their tiles
    for s in (a, b):
        s.apply(L("1|2"))
        _finish(s)
    ga, gb = _only(coach.grade_deal(a, 0, [1])), _only(coach.grade_deal(b, 0, [1]))
    assert (ga.best_known, ga.loss, ga.label, ga.samples) == (gb.best_known, gb.loss, gb.label, gb.samples)
    assert ga.value_full == gb.value_full == -2  # seat 4, then seat 2, goes out


@pytest.mark.rule("UX-4")
def test_ux4_a_deal_in_progress_is_refused():
    """UX-4: the coach never grades a hand still in play, so it never sees a hidden hand early."""
    s = _jamaican()
    s.apply(L("2|6"))
    with pytest.raises(coach.CoachError, match="not over"):
        coach.grade_deal(s, 0, [1])
    with pytest.raises(coach.CoachError, match="no deal 5"):
        coach.grade_deal(s, 4, [1])
    assert coach.last_finished_deal(s) is None


@pytest.mark.rule("CU-8")
def test_cuban_keeping_the_double_wins_and_playing_it_late_is_a_blunder():
    """CU-6/CU-8: seat 1 leads [8|9], seats 2, 3 and 4 pass (void in 8 and 9).  Then [9|9] keeps
    both ends dead and seat 1 goes out with [3|9] next turn, whatever they hold; [3|9] first
    opens a 3 for seat 2's [3|4] and strands [9|9]."""
    hands = {1: "8|9 9|9 3|9", 2: "3|4", 3: "0|0", 4: "5|6"}
    sessions = {}
    for move in (R("9|9"), R("3|9")):
        s = sessions[move.tile] = line_position("cuban", hands=hands, turn=1)
        s.apply(L("8|9"))
        for _ in range(3):
            s.apply(PASS)
        s.apply(move)
        _finish(s)
    g = coach.grade_deal(sessions[(9, 9)], 0, [1]).grades[-1]
    assert g.label == "best" and g.best_full == R("9|9") and g.loss_full == 0
    assert g.value_full == 7 + 11  # CU-8: the opponents' pips ([3|4], [5|6])
    b = coach.grade_deal(sessions[(3, 9)], 0, [1]).grades[-1]
    assert b.label == "blunder" and b.best_known == R("9|9") and b.exact
    assert b.value_full < 0 < b.best_value_full


@pytest.mark.rule("MT-17")
def test_mexican_train_shedding_the_light_tile_before_the_end_is_a_blunder():
    """MT-16/MT-17: seat 2 goes out next turn on any deal seat 1 could imagine (every hidden tile
    fits seat 2's train or the Mexican train), so keeping [5|11] costs 11 pips against [0|5]."""
    def position():
        return mt_position(2, hands={1: "0|5 5|11", 2: "3|7"}, stock="7|8 7|9 7|10 1|12 2|12",
                           trains={1: "12|5", 2: "12|7"}, turn=1)
    bad = position()
    bad.apply(P("0|5", 1))
    bad.apply(P("3|7", 2))
    g = _only(coach.grade_deal(bad, 0, [1]))
    assert g.best_known == P("5|11", 1)  # the hard bot's choice on the same view
    assert g.loss == pytest.approx(11.0) and g.label == "blunder" and g.best_full is None
    good = position()
    good.apply(P("5|11", 1))
    good.apply(P("3|7", 2))
    h = _only(coach.grade_deal(good, 0, [1]))
    assert (h.label, h.loss, h.samples) == ("best", 0.0, 0)


@pytest.mark.rule("UX-4")
def test_ux4_mexican_train_samples_do_not_depend_on_where_the_hidden_tiles_are():
    """UX-4: seat 2's tile and the boneyard swapped: seat 1 sees the same, so grades the same."""
    grades = []
    for hand2, stock in (("3|7", "1|2 1|3 1|4 2|3 2|4 0|1 0|2"), ("1|2", "3|7 2|4 1|4 0|2 2|3 1|3 0|1")):
        s = mt_position(2, hands={1: "0|5 5|11", 2: hand2}, stock=stock,
                        trains={1: "12|5", 2: "12|7"}, turn=1)
        s.apply(P("0|5", 1))
        grades.append(_only(coach.grade_deal(s, 0, [1])) if _finish_mt(s) else None)
    assert grades[0] == grades[1] and grades[0].loss > 0


def _finish_mt(session: Session) -> bool:
    """Play the Mexican Train deal out greedily; True once it is over."""
    _finish(session)
    return any(e[0] == "deal_end" for e in session.state.history)


def test_only_the_seats_asked_for_are_graded_and_forced_moves_are_not():
    s = _jamaican()
    s.apply(L("1|2"))
    _finish(s)
    assert coach.grade_deal(s, 0, [2, 3]).grades == ()  # seat 2 passed, seat 3 passed: forced


@pytest.mark.parametrize("game,players", [("jamaican", 4), ("cuban", 4), ("mexican_train", 3)])
def test_same_seed_and_log_give_the_same_report(game, players):
    """Nothing random escapes the match's seed: a rebuilt session grades alike, decision by decision."""
    def played(seed: int) -> Session:
        s = Session(Config(game, players, seed))
        rng = stream(seed, "test")
        pick = POLICIES["random"]
        while len(coach.deals(s)) < 2:
            s.apply(pick(s.view(s.to_act()), rng))
        return s
    one, two = played(7), played(7)
    r1, r2 = coach.grade_deal(one, 0, [1, 2]), coach.grade_deal(two, 0, [1, 2])
    assert r1 == r2 and r1.grades
    assert {g.label for g in r1.grades} <= set(coach.LABELS)
    assert all(g.loss >= 0 for g in r1.grades)


def test_labels_follow_the_documented_thresholds():
    scale = coach.SCALE["cuban"]
    assert coach.label_for("cuban", 0) == "best"
    assert coach.label_for("cuban", 0.1 * scale) == "fine"
    assert coach.label_for("cuban", 0.3 * scale) == "inaccuracy"
    assert coach.label_for("cuban", 0.5 * scale) == "blunder"


def test_grade_one_is_the_decision_the_report_grades():
    """The replay viewer grades one decision at a time: the same grade as the whole report's."""
    s = _jamaican()
    s.apply(L("1|2"))
    _finish(s)
    record = coach.capture(s, 0)
    report = coach.grade(record, [1])
    assert coach.grade_one(record, report.grades[0].position) == report.grades[0]
    assert coach.grade_one(record, report.grades[0].position + 1) is None  # seat 2's forced pass
    with pytest.raises(coach.CoachError):
        coach.grade_one(record, 10_000)


@pytest.mark.rule("CU-4")
def test_cu4_a_redeal_is_over_but_no_hand_to_coach():
    """CU-4: hands thrown in before any play are over, with nothing graded, and never the
    deal the coach opens on."""
    s = rigged("cuban", {3: "0|0 1|1 2|2 3|3 4|4 9|9 0|5 0|6 0|7 0|8"}, draws=(("0|1", "4|5"),))
    s.apply(ACCEPT)
    s.apply(ACCEPT)
    s.apply(REDEAL)
    record = coach.capture(s, 0)
    assert record.redealt and coach.grade(record, [1, 2, 3, 4]).grades == ()
    assert coach.last_finished_deal(s) is None


def _forbidden(*_args, **_kwargs):
    raise AssertionError("the coach used the global random state or the clock")


@pytest.mark.parametrize("game,players", [("jamaican", 4), ("cuban", 4), ("mexican_train", 2)])
def test_the_coach_never_calls_the_global_random_functions_or_the_clock(game, players, monkeypatch):
    """Nothing random escapes the match seed: budgets are nodes, samples come from rules.rng."""
    import random
    import time

    s = Session(Config(game, players, 31))
    rng = stream(31, "test")
    while len(coach.deals(s)) < 2:
        s.apply(POLICIES["greedy"](s.view(s.to_act()), rng))
    expected = coach.grade_deal(s, 0, [1])
    for name in ("random", "randrange", "randint", "shuffle", "choice", "choices", "sample",
                 "seed", "getrandbits", "uniform"):
        monkeypatch.setattr(random, name, _forbidden)
    for name in ("time", "time_ns", "monotonic", "perf_counter", "process_time"):
        monkeypatch.setattr(time, name, _forbidden)
    got = coach.grade_deal(s, 0, [1])
    monkeypatch.undo()
    assert got == expected and got.grades


def _mt_blunder() -> Session:
    """The MT-17 position above, [0|5] shed first: the hard bot keeps [5|11]."""
    s = mt_position(2, hands={1: "0|5 5|11", 2: "3|7"}, stock="7|8 7|9 7|10 1|12 2|12",
                    trains={1: "12|5", 2: "12|7"}, turn=1)
    s.apply(P("0|5", 1))
    s.apply(P("3|7", 2))
    return s


def test_the_played_out_method_measures_what_the_variant_declares(monkeypatch):
    """Issue 39: the coach reads a seat's result from the variant (``Variant.coach_result``), not
    from the pips in its hand: a game where pips left were worth having grades the other way."""
    from rules.variants import VARIANTS
    monkeypatch.setattr(VARIANTS["mexican_train"], "coach_result",
                        classmethod(lambda cls, state, seat: sum(a + b for a, b in state.hands[seat])))
    g = _only(coach.grade_deal(_mt_blunder(), 0, [1]))
    assert (g.label, g.loss) == ("best", 0.0) and g.best_known == P("0|5", 1)


@pytest.mark.parametrize("game", ["mexican_train", "jamaican"])
def test_a_game_that_declares_no_coach_method_is_refused_by_name(game, monkeypatch):
    """Issue 39: no game falls into another's method (a third game was graded by pips left)."""
    from rules.variants import VARIANTS
    s = _mt_blunder() if game == "mexican_train" else _finish(_jamaican())
    record = coach.capture(s, 0)
    monkeypatch.setattr(VARIANTS[record.game], "coach", "")
    with pytest.raises(coach.CoachError, match=rf"cannot grade '{record.game}'.*Variant.coach"):
        coach.grade(record, [1])
    with pytest.raises(coach.CoachError):
        coach.grade_one(record, record.position + 1)
