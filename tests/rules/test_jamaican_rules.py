"""Jamaican partner dominoes, one or more named tests per rule JA-1..JA-9, on hand-built positions."""
from __future__ import annotations

import random

import pytest

from partnership_position import (PASS, L, R, hand, last_deal_end, lead, legal, line_position,
                                  rig_deal, rigged, t)
from rules import Config, ConfigError, IllegalActionError, InvalidDealError, Session
from rules.chance import Deal
from rules.tiles import double_set
from rules.variants.jamaican import FULL_SET, Jamaican


def hist(session: Session, kind: str) -> list[tuple]:
    return [e for e in session.state.history if e[0] == kind]


def position(hands, line, turn, totals=(0, 0), **fields) -> Session:
    """A Jamaican hand in play that did not open with a compulsory [6|6]."""
    fields.setdefault("pose_required", False)
    return line_position("jamaican", hands, line=line, turn=turn, totals=totals, **fields)


def block(hands, totals=(0, 0), **fields) -> Session:
    """Four passes in a row on a line whose ends nobody can follow (ends 6 and 6)."""
    s = position(hands, "6|6", 1, totals, **fields)
    for _ in range(4):
        assert legal(s) == {PASS}
        s.apply(PASS)
    return s


def next_deal(s: Session, hands=None) -> Session:
    s.supply(rig_deal("jamaican", hands))
    return s


# --------------------------------------------------------------------- JA-1

def test_ja1_all_28_dealt_seven_each_no_stock_no_draw():
    assert FULL_SET == double_set(6) and len(FULL_SET) == 28
    for n in (2, 3, 5):
        with pytest.raises(ConfigError):
            Config("jamaican", n, 1)
    with pytest.raises(ConfigError):
        Jamaican(5)
    s = Session(Config("jamaican", 4, 21))
    deal = next(r for r in s.state.records if "deal" in r)
    assert [len(deal["hands"][k]) for k in "1234"] == [7] * 4 and deal["stock"] == []
    rng = random.Random(21)
    while s.state.deal_no == 1:
        acts = s.legal_actions()
        assert {a.kind for a in acts} <= {"play", "pass"}
        assert all(a.end in ("L", "R") for a in acts if a.kind == "play")
        s.apply(acts[rng.randrange(len(acts))])


def test_ja1_a_deal_with_a_stock_is_refused():
    s = Session(Config("jamaican", 4, 1), chance="external")
    good = rig_deal("jamaican")
    with_stock = Deal(tuple(h[:6] for h in good.hands), tuple(h[6] for h in good.hands))
    with pytest.raises(InvalidDealError):
        s.supply(with_stock)
    s.supply(good)
    assert s.state.deal_no == 1


# --------------------------------------------------------------------- JA-2

def test_ja2_the_first_hand_of_a_session_opens_with_double_six():
    s = rigged("jamaican", {3: "6|6 0|1 2|3"})
    assert s.to_act() == 3 and legal(s) == {L("6|6")}  # the holder's only legal action
    with pytest.raises(IllegalActionError):
        s.apply(L("0|1"))
    s.apply(L("6|6"))
    assert s.to_act() == 4 and s.view(4).line == ((6, 6),)
    assert not hist(s, "lead")


def test_ja2_after_a_won_hand_the_winners_assign_a_poser_who_poses_any_tile():
    s = position({2: "0|1", 1: "5|5", 3: "4|4", 4: "3|3"}, "1|2", 2)
    s.apply(L("0|1"))
    assert last_deal_end(s)["deal_end"]["winner_team"] == 2
    next_deal(s, {4: "6|6 0|0 1|2"})
    assert s.state.phase == "lead" and s.to_act() == 2
    assert legal(s) == {lead(2), lead(4)}
    s.apply(lead(4))
    assert s.to_act() == 4
    assert legal(s) == {L(str(x)) for x in hand(s, 4)}  # any tile, [6|6] not required
    s.apply(L("1|2"))
    assert s.view(1).line == ((1, 2),)


def test_ja2_after_a_tie_the_next_hand_opens_with_double_six():
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"})
    assert last_deal_end(s)["deal_end"]["winner_team"] is None
    next_deal(s, {2: "6|6"})
    assert s.to_act() == 2 and legal(s) == {L("6|6")}


def test_ja2_after_a_reset_the_next_hand_opens_with_double_six():
    s = position({1: "0|1", 2: "5|5", 3: "4|4", 4: "3|3"}, "1|2", 1, totals=(0, 3))
    s.apply(L("0|1"))
    assert s.state.totals == [0, 0, 0]
    next_deal(s, {4: "6|6"})
    assert s.to_act() == 4 and legal(s) == {L("6|6")}


# --------------------------------------------------------------------- JA-3

def test_ja3_the_player_who_went_out_assigns_the_poser():
    s = position({3: "0|1", 1: "5|5", 2: "4|4", 4: "3|3"}, "1|2", 3)
    s.apply(L("0|1"))
    next_deal(s)
    assert s.to_act() == 3 and legal(s) == {lead(1), lead(3)}
    v = s.view(3)
    assert v.hand == tuple(hand(s, 3)) and v.legal  # only their own new hand
    assert all(not s.view(x).legal for x in (1, 2, 4))
    s.apply(lead(1))
    assert ("lead", 3, 1) in s.state.history and s.to_act() == 1


def test_ja3_at_a_block_the_lowest_individual_count_assigns():
    s = block({1: "4|5", 2: "3|4", 3: "0|2", 4: "2|5"})
    assert last_deal_end(s)["deal_end"]["winner_team"] == 1
    next_deal(s)
    assert s.to_act() == 3


def test_ja3_partners_tied_at_a_block_the_lower_seat_assigns():
    s = block({1: "0|2", 2: "3|4", 3: "1|1", 4: "2|5"})
    assert last_deal_end(s)["deal_end"]["winner_team"] == 1
    next_deal(s)
    assert s.to_act() == 1 and legal(s) == {lead(1), lead(3)}


# --------------------------------------------------------------------- JA-4

def test_ja4_play_a_matching_tile_if_you_can_else_pass():
    s = position({1: "2|4 0|0", 2: "0|1", 3: "5|5", 4: "4|5"}, "2|3", 1)
    assert legal(s) == {L("2|4")}
    s.apply(L("2|4"))
    assert legal(s) == {PASS}
    s.apply(PASS)
    assert s.to_act() == 3 and legal(s) == {PASS}
    s.apply(PASS)
    assert legal(s) == {L("4|5")}


def test_ja4_four_passes_in_a_row_end_the_hand_but_a_play_restarts_the_count():
    s = position({1: "0|1", 2: "0|2", 3: "0|3 6|5", 4: "1|1"}, "6|6", 1)
    s.apply(PASS)
    s.apply(PASS)
    s.apply(R("6|5"))
    for _ in range(3):
        s.apply(PASS)
    assert last_deal_end(s) is None and s.to_act() == 3
    s.apply(PASS)
    assert last_deal_end(s)["deal_end"]["reason"] == "block"


# --------------------------------------------------------------------- JA-5

def test_ja5_going_out_wins_for_the_team():
    s = position({4: "0|1", 1: "0|0", 2: "6|6 5|5", 3: "1|1"}, "1|2", 4)
    s.apply(L("0|1"))
    assert last_deal_end(s)["deal_end"] == {"reason": "out", "winner_team": 2, "points": 1}


def test_ja5_at_a_block_the_lowest_individual_count_wins_partner_not_added():
    # team 2 totals 1 + 12 = 13 against team 1's 4 + 4 = 8, but seat 2's 1 is lowest
    s = block({1: "0|4", 2: "0|1", 3: "1|3", 4: "5|5 0|2"})
    assert last_deal_end(s)["deal_end"] == {"reason": "block", "winner_team": 2, "points": 1}


def test_ja5_a_lowest_count_shared_by_opponents_is_a_tie():
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"}, totals=(2, 0))
    assert last_deal_end(s) == {"deal_end": {"reason": "block", "winner_team": None, "points": 0},
                                "totals": {"1": 2, "2": 0}}


def test_ja5_a_lowest_count_shared_by_partners_wins_for_them():
    s = block({1: "4|4", 2: "1|2", 3: "5|5", 4: "0|3"})
    assert last_deal_end(s)["deal_end"] == {"reason": "block", "winner_team": 2, "points": 1}


# --------------------------------------------------------------------- JA-6

#: every 0 and every 1 on the table except [0|1]: ends 0 and 1, both hard
KEY_LINE = "0|0 0|2 2|1 1|1 1|3 3|0 0|4 4|1 1|5 5|0 0|6 6|1"
#: ends 0 (hard, 7 of 8) and 1 (5 of 8: [1|5] and [1|6] are still in hands)
NEAR_LINE = "0|6 6|6 6|5 5|0 0|0 0|2 2|1 1|1 1|3 3|0 0|4 4|1"


@pytest.mark.parametrize("end", ["L", "R"])
def test_ja6_going_out_with_the_key_tile_of_two_hard_ends_is_worth_2(end):
    s = position({3: "0|1", 1: "2|2 3|3", 2: "4|4", 4: "5|5 6|6"}, KEY_LINE, 3)
    line = s.state.line
    assert (line.left, line.right) == (0, 1) and line.hard(0) and line.hard(1)
    s.apply(L("0|1") if end == "L" else R("0|1"))
    assert last_deal_end(s) == {"deal_end": {"reason": "out", "winner_team": 1, "points": 2},
                                "totals": {"1": 2, "2": 0}}


def test_ja6_near_miss_one_end_hard_the_other_not_is_worth_1():
    s = position({3: "0|1", 1: "2|2 3|3", 2: "1|5", 4: "1|6"}, NEAR_LINE, 3)
    line = s.state.line
    assert (line.left, line.right) == (0, 1) and line.hard(0) and not line.hard(1)
    s.apply(R("0|1"))
    assert last_deal_end(s)["deal_end"] == {"reason": "out", "winner_team": 1, "points": 1}


def test_ja6_a_win_by_a_double_is_worth_1():
    # both ends show 5 and [5|5] holds the last two appearances of 5: a double is never the key
    s = position({1: "5|5", 2: "0|1", 3: "2|2", 4: "3|3"},
                 "5|0 0|0 0|6 6|5 5|1 1|1 1|4 4|5 5|2 2|3 3|5", 1)
    assert s.state.line.shown[5] == 6 and (s.state.line.left, s.state.line.right) == (5, 5)
    s.apply(L("5|5"))
    assert last_deal_end(s)["deal_end"] == {"reason": "out", "winner_team": 1, "points": 1}


def test_ja6_a_block_is_worth_1():
    s = block({1: "0|0", 2: "1|2", 3: "4|4", 4: "5|5"})
    assert last_deal_end(s)["deal_end"]["points"] == 1
    assert s.state.totals == [0, 1, 0]


# --------------------------------------------------------------------- JA-7

def test_ja7_a_team_adds_points_while_the_opponents_are_at_0():
    s = position({1: "0|1", 2: "5|5", 3: "4|4", 4: "3|3"}, "1|2", 1, totals=(3, 0))
    s.apply(L("0|1"))
    assert s.state.totals == [0, 4, 0] and not hist(s, "reset")
    next_deal(s)
    assert s.state.phase == "lead"  # no [6|6] after a scoring win


def test_ja7_a_win_while_the_opponents_have_points_resets_both_to_0():
    s = position({3: "0|1", 2: "5|5", 1: "4|4", 4: "3|3"}, "1|2", 3, totals=(0, 5))
    s.apply(L("0|1"))
    assert last_deal_end(s) == {"deal_end": {"reason": "out", "winner_team": 1, "points": 1},
                                "totals": {"1": 0, "2": 0}}
    assert hist(s, "reset") == [("reset", 1)]
    assert s.state.pose_required


def test_ja7_a_key_win_against_points_still_only_resets():
    s = position({3: "0|1", 1: "2|2 3|3", 2: "4|4", 4: "5|5 6|6"}, KEY_LINE, 3, totals=(0, 4))
    s.apply(R("0|1"))
    assert last_deal_end(s) == {"deal_end": {"reason": "out", "winner_team": 1, "points": 2},
                                "totals": {"1": 0, "2": 0}}


def test_ja7_a_tie_keeps_both_totals():
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"}, totals=(0, 4))
    assert s.state.totals == [0, 0, 4] and s.state.pose_required


# --------------------------------------------------------------------- JA-8

@pytest.mark.parametrize("before,key,after", [(5, False, 6), (5, True, 7), (4, True, 6)])
def test_ja8_reaching_6_or_more_wins_the_match(before, key, after):
    line = KEY_LINE if key else "1|2"
    s = position({3: "0|1", 1: "2|2 3|3", 2: "4|4", 4: "5|5 6|6"}, line, 3, totals=(before, 0))
    s.apply(L("0|1"))
    assert s.match_over()
    assert s.state.records[-1] == {"match_end": {"winners": [1], "totals": {"1": after, "2": 0}}}


def test_ja8_below_6_play_goes_on():
    s = position({3: "0|1", 1: "2|2", 2: "4|4", 4: "5|5"}, "1|2", 3, totals=(4, 0))
    s.apply(L("0|1"))
    assert not s.match_over() and s.pending_chance() == "deal"


# --------------------------------------------------------------------- JA-9

def test_ja9_restart_hand_keeps_the_earlier_points():
    s = position({3: "0|1", 1: "2|2", 2: "4|4", 4: "5|5"}, "1|2", 3, totals=(2, 0))
    s.apply(L("0|1"))
    next_deal(s, {1: "3|5"})
    dealt = [list(h) for h in s.state.hands]
    s.apply(lead(1))
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    s.restart_deal()
    assert s.state.totals == [0, 3, 0]
    assert [list(h) for h in s.state.hands] == dealt and len(s.state.line) == 0
    # the poser chosen for this hand poses again (the same hand restarts, JA-9)
    assert s.state.leader == 1 and s.to_act() == 1 and s.state.phase == "play"


def test_ja9_a_new_session_opens_with_double_six_again():
    for seed in (1, 2, 3):
        s = Session(Config("jamaican", 4, seed))
        holder = next(x for x in (1, 2, 3, 4) if t("6|6") in hand(s, x))
        assert s.to_act() == holder and legal(s) == {L("6|6")}


def test_ja9_next_match_totals_0_and_the_last_winners_assign_the_poser():
    s = position({3: "0|1", 1: "2|2", 2: "4|4", 4: "5|5"}, "1|2", 3, totals=(5, 0))
    s.apply(L("0|1"))
    assert s.match_over()
    s.next_match()
    assert s.state.totals == [0, 0, 0] and s.state.match_no == 2
    assert s.state.records[-1] == {"match": 2}
    next_deal(s, {2: "6|6"})
    assert s.state.phase == "lead" and s.to_act() == 3  # not a [6|6] pose
    assert legal(s) == {lead(1), lead(3)}


def test_ja2_ja3_a_view_tells_whether_the_pose_is_compulsory():
    s = rigged("jamaican", {2: "6|6"})
    v = s.view(1)
    assert v.pose_required and v.to_act == 2 and v.legal == () and v.unused == 0
    assert s.view(2).legal == (L("6|6"),)
    s = position({3: "0|1", 1: "2|2", 2: "4|4", 4: "5|5"}, "1|2", 3)
    s.apply(L("0|1"))
    next_deal(s)
    v = s.view(1)
    assert not v.pose_required and v.phase == "lead" and v.to_act == 3 and v.totals == (0, 1, 0)
    end = [e for e in v.history if e[0] == "deal_end"][-1]
    assert end[4] == ((), (t("2|2"),), (t("4|4"),), (), (t("5|5"),))  # UX-3: hands revealed
    assert end[2] == (0, 4, 8, 0, 10) and end[5:] == (1, 1)
