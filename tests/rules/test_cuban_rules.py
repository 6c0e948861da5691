"""Cuban dominoes, one or more named tests per rule CU-1..CU-12, on hand-built positions."""
from __future__ import annotations

import random

import pytest

from partnership_position import (ACCEPT, PASS, REDEAL, L, R, accept_all, hand, last_deal_end,
                                  lead, legal, line_position, rig_deal, rigged, t,
                                  tiles)
from rules import Config, ConfigError, IllegalActionError, InvalidDealError, Session
from rules.chance import Deal, LeadDraw
from rules.line import block_result, next_seat, partner_of, team_of
from rules.tiles import double_set
from rules.variants.cuban import FULL_SET, POLLONA, TRIPOLLUA, Cuban
from session_probe import tiles_in


def hist(session: Session, kind: str) -> list[tuple]:
    return [e for e in session.state.history if e[0] == kind]


# --------------------------------------------------------------------- CU-1

def test_cu1_double_nine_set_four_players_two_teams_in_seat_order():
    assert len(FULL_SET) == 55 and FULL_SET == double_set(9)
    for n in (2, 3, 5):
        with pytest.raises(ConfigError, match=f"cuban needs exactly 4 players, not {n}"):
            Config("cuban", n, 1)
    assert [team_of(s) for s in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert [partner_of(s) for s in (1, 2, 3, 4)] == [3, 4, 1, 2]
    assert [next_seat(s) for s in (1, 2, 3, 4)] == [2, 3, 4, 1]
    # play goes 4 -> 1: seat 4 plays, then seat 1 is to act
    s = line_position("cuban", {1: "0|1 5|5", 2: "2|2 5|6", 3: "3|3 5|7", 4: "0|9 4|4"},
                      line="0|8", turn=4)
    s.apply(L("0|9"))
    assert s.to_act() == 1


# --------------------------------------------------------------------- CU-2

def test_cu2_higher_lead_draw_gives_that_team_the_right():
    s = rigged("cuban", draws=(("0|1", "4|5"),))
    assert s.state.right_to_lead == 2
    accept_all(s)
    assert s.to_act() == 2 and legal(s) == {lead(2), lead(4)}
    s = rigged("cuban", draws=(("4|5", "0|1"),))
    assert s.state.right_to_lead == 1


def test_cu2_equal_totals_draw_again_until_they_differ():
    s = Session(Config("cuban", 4, 3), chance="external")
    s.supply(LeadDraw((t("1|4"), t("2|3"))))  # 5 and 5
    assert s.pending_chance() == "lead_draw" and s.state.right_to_lead is None
    s.supply(LeadDraw((t("3|3"), t("1|5"))))  # 6 and 6 again
    assert s.pending_chance() == "lead_draw"
    s.supply(LeadDraw((t("0|2"), t("1|9"))))  # 2 and 10
    assert s.pending_chance() == "deal" and s.state.right_to_lead == 2
    draws = [r["lead_draw"] for r in s.state.records if "lead_draw" in r]
    assert draws == [{"1": [1, 4], "2": [2, 3]}, {"1": [3, 3], "2": [1, 5]},
                     {"1": [0, 2], "2": [1, 9]}]
    assert [e[1:] for e in hist(s, "lead_draw")] == [
        (t("1|4"), t("2|3")), (t("3|3"), t("1|5")), (t("0|2"), t("1|9"))]


def test_cu2_seeded_lead_draws_repeat_with_a_reshuffle_until_the_totals_differ():
    found = 0
    for seed in range(300):
        s = Session(Config("cuban", 4, seed))
        draws = [r["lead_draw"] for r in s.state.records if "lead_draw" in r]
        totals = [(sum(d["1"]), sum(d["2"])) for d in draws]
        assert all(a == b for a, b in totals[:-1]) and totals[-1][0] != totals[-1][1]
        assert s.state.right_to_lead == (1 if totals[-1][0] > totals[-1][1] else 2)
        if len(draws) > 1:
            found += 1
            assert len({(tuple(d["1"]), tuple(d["2"])) for d in draws}) == len(draws)
        # the same seed gives the same draws
        again = Session(Config("cuban", 4, seed))
        assert [r for r in again.state.records if "lead_draw" in r] == \
            [r for r in s.state.records if "lead_draw" in r]
    assert found >= 3


def test_cu2_lead_draw_only_before_the_first_hand_and_checked():
    s = Session(Config("cuban", 4, 5), chance="external")
    with pytest.raises(InvalidDealError):
        s.supply(rig_deal("cuban"))  # a deal is not due before the lead draw
    for bad in ((t("2|3"), t("2|3")), (t("2|3"), t("9|10"))):
        with pytest.raises(InvalidDealError):
            s.supply(LeadDraw(bad))
    assert s.state.records == [{"match": 1}]
    s.supply(LeadDraw((t("2|3"), t("0|0"))))
    s.supply(rig_deal("cuban", {1: "0|0"}))
    accept_all(s)
    s.apply(lead(1))
    while s.to_act() is not None and s.state.deal_no == 1:
        s.apply(sorted(s.legal_actions(), key=lambda a: (a.kind != "play", str(a)))[0])
    assert s.pending_chance() == "deal"  # the second hand has no lead draw
    assert sum("lead_draw" in r for r in s.state.records) == 1


# --------------------------------------------------------------------- CU-3

def test_cu3_ten_tiles_each_and_fifteen_unused_never_seen():
    s = Session(Config("cuban", 4, 11))
    deal = next(r for r in s.state.records if "deal" in r)
    assert [len(deal["hands"][k]) for k in "1234"] == [10] * 4
    assert len(deal["stock"]) == 15
    unused = set(s.state.stock)
    assert len(unused) == 15
    rng = random.Random(1)
    while s.state.deal_no == 1:
        for seat in (1, 2, 3, 4):
            v = s.view(seat)
            assert v.unused == 15
            assert not tiles_in(v) & unused
        legal_now = s.legal_actions()
        assert all(a.kind != "draw" for a in legal_now)
        s.apply(legal_now[rng.randrange(len(legal_now))])
    end_event = next(e for e in s.view(1).history if e[0] == "deal_end")
    assert sum(map(len, end_event[4])) > 0
    assert not tiles_in(end_event) & unused  # the hands revealed at the end leave them out


def test_cu3_a_deal_must_split_the_set_ten_each():
    s = Session(Config("cuban", 4, 1), chance="external")
    s.supply(LeadDraw((t("4|5"), t("0|1"))))
    good = rig_deal("cuban")
    short = Deal((good.hands[0][:9],) + good.hands[1:], good.stock + good.hands[0][9:])
    with pytest.raises(InvalidDealError):
        s.supply(short)
    doubled = Deal(good.hands, good.stock[:-1] + (good.hands[0][0],))
    with pytest.raises(InvalidDealError):
        s.supply(doubled)
    assert s.pending_chance() == "deal"
    s.supply(good)
    assert s.state.phase == "accept"


# --------------------------------------------------------------------- CU-4

FIVE_DOUBLES = "0|0 1|1 2|2 3|3 4|4 0|5 0|6 0|7 0|8 0|9"


def test_cu4_each_player_accepts_in_seat_order_and_redeal_needs_five_doubles():
    s = rigged("cuban", {2: FIVE_DOUBLES, 3: "5|5 6|6 7|7 8|8"}, draws=(("0|1", "4|5"),))
    order = []
    while s.state.phase == "accept":
        order.append(s.to_act())
        if s.to_act() == 2:
            assert legal(s) == {ACCEPT, REDEAL}
        else:
            assert legal(s) == {ACCEPT}  # seat 3 has only four doubles
            with pytest.raises(IllegalActionError):
                s.apply(REDEAL)
        s.apply(ACCEPT)
    assert order == [1, 2, 3, 4]  # seat order, although team 2 has the right


def test_cu4_a_human_declines_the_redeal_and_the_hand_is_played():
    s = rigged("cuban", {2: FIVE_DOUBLES})
    dealt = hand(s, 2)
    accept_all(s)  # seat 2, holding five doubles, accepts
    assert s.state.phase == "lead" and s.state.deal_no == 1
    assert hand(s, 2) == dealt
    assert not any(r.get("deal_end") for r in s.state.records)
    assert not hist(s, "redeal") and len(hist(s, "accept")) == 4


def test_cu4_a_redeal_shows_only_the_doubles_and_keeps_the_right_to_lead():
    s = rigged("cuban", {3: FIVE_DOUBLES.replace("0|9", "9|9")}, draws=(("0|1", "4|5"),))
    hidden = set(hand(s, 3)) - set(tiles("0|0 1|1 2|2 3|3 4|4 9|9"))
    s.apply(ACCEPT)
    s.apply(ACCEPT)
    assert legal(s) == {ACCEPT, REDEAL}
    s.apply(REDEAL)
    assert last_deal_end(s) == {"deal_end": {"reason": "redeal", "winner_team": None, "points": 0},
                                "totals": {"1": 0, "2": 0}}
    assert hist(s, "redeal") == [("redeal", 3, tuple(tiles("0|0 1|1 2|2 3|3 4|4 9|9")))]
    assert s.pending_chance() == "deal" and s.state.right_to_lead == 2
    for seat in (1, 2, 4):  # the rest of the demanding hand stays hidden
        assert not tiles_in(s.view(seat)) & hidden
        assert set(tiles("0|0 1|1 2|2 3|3 4|4 9|9")) <= tiles_in(s.view(seat).history)
    s.supply(rig_deal("cuban", {1: "5|9"}))
    assert s.state.deal_no == 2 and s.state.records[-1]["deal"] == 2
    assert s.to_act() == 1  # the acceptances start again with seat 1
    accept_all(s)
    assert s.to_act() == 2 and legal(s) == {lead(2), lead(4)}  # the right is kept
    assert hist(s, "redeal")  # shown doubles stay in the history


# --------------------------------------------------------------------- CU-5

def test_cu5_the_lower_seat_of_the_team_with_the_right_chooses_the_leader():
    s = rigged("cuban", {3: "0|3 1|7"}, draws=(("4|5", "0|1"),))
    accept_all(s)
    assert s.to_act() == 1 and legal(s) == {lead(1), lead(3)}
    v1 = s.view(1)
    assert v1.legal and set(v1.hand) == set(hand(s, 1))
    assert all(not s.view(x).legal for x in (2, 3, 4))
    s.apply(lead(3))
    assert ("lead", 1, 3) in s.state.history
    assert s.to_act() == 3 and s.state.leader == 3
    assert legal(s) == {L(str(x)) for x in hand(s, 3)}


# --------------------------------------------------------------------- CU-6

def test_cu6_the_leader_plays_any_tile_which_lies_low_left():
    s = rigged("cuban", {1: "3|7 9|9"})
    accept_all(s)
    s.apply(lead(1))
    assert L("3|7") in legal(s) and L("9|9") in legal(s)  # a double is not required
    assert all(a.end == "L" for a in legal(s))
    s.apply(L("3|7"))
    v = s.view(2)
    assert v.line == ((3, 7),) and (v.left_end, v.right_end) == (3, 7)


def test_cu6_must_match_an_open_end_else_pass_no_draw():
    s = line_position("cuban", {1: "3|4 1|1", 2: "1|2 5|6", 3: "5|5", 4: "8|8"}, line="3|7",
                      turn=1)
    assert legal(s) == {L("3|4")}
    s.apply(L("3|4"))
    assert legal(s) == {PASS}  # seat 2 holds neither 4 nor 7
    with pytest.raises(IllegalActionError):
        s.apply(L("1|2"))


def test_cu6_a_tile_fitting_both_ends_may_go_on_either():
    s = line_position("cuban", {1: "3|7 0|0", 2: "1|2"}, line="3|5 5|7", turn=1)
    assert legal(s) == {L("3|7"), R("3|7")}
    s.apply(R("3|7"))
    assert s.view(2).line == ((3, 5), (5, 7), (7, 3)) and s.view(2).right_end == 3


def test_cu6_both_ends_the_same_number_list_both_and_doubles_lie_in_line():
    s = line_position("cuban", {1: "3|6 3|3", 2: "1|2"}, line="3|4 4|5 5|3", turn=1)
    assert legal(s) == {L("3|6"), R("3|6"), L("3|3"), R("3|3")}
    s.apply(L("3|3"))
    v = s.view(2)
    assert v.line[0] == (3, 3) and (v.left_end, v.right_end) == (3, 3)
    assert len(v.line) == 4  # no branch: the double is one more tile in the line


# --------------------------------------------------------------------- CU-7

def test_cu7_the_player_who_plays_the_last_tile_wins_for_the_team():
    s = line_position("cuban", {1: "0|3", 2: "2|9 8|9", 3: "7|7 6|6", 4: "5|5"},
                      line="3|4 4|3", turn=1)
    s.apply(L("0|3"))
    end = last_deal_end(s)
    assert end["deal_end"]["reason"] == "out" and end["deal_end"]["winner_team"] == 1
    assert s.to_act() is None


def block(hands: dict[int, str], leader: int = 1, totals=(0, 0), **fields) -> Session:
    """Four passes in a row on a 9-9 line that nobody can follow."""
    s = line_position("cuban", hands, line="9|9", turn=1, leader=leader, totals=totals, **fields)
    for _ in range(4):
        assert legal(s) == {PASS}
        s.apply(PASS)
    return s


def test_cu7_four_passes_block_and_the_lowest_individual_count_wins():
    # team 1 holds 3 + 26 = 29, team 2 holds 10 + 7 = 17: seat 1's own 3 is lowest
    s = block({1: "0|1 0|2", 2: "1|2 3|4", 3: "5|6 7|8", 4: "0|3 2|2"})
    end = last_deal_end(s)["deal_end"]
    assert end == {"reason": "block", "winner_team": 1, "points": 17}
    assert block_result([0, 3, 10, 26, 7]) == (1, 1)


def test_cu7_three_passes_then_a_play_is_no_block():
    s = line_position("cuban", {1: "0|1 0|2", 2: "1|2", 3: "5|6 9|8", 4: "0|3"},
                      line="9|9", turn=1)
    s.apply(PASS)
    s.apply(PASS)
    s.apply(R("8|9"))
    s.apply(PASS)
    s.apply(PASS)
    s.apply(PASS)
    assert s.to_act() == 3 and last_deal_end(s) is None
    s.apply(PASS)
    assert last_deal_end(s)["deal_end"]["reason"] == "block"


def test_cu7_a_tie_between_opponents_scores_nothing():
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"}, totals=(20, 30))
    assert last_deal_end(s) == {"deal_end": {"reason": "block", "winner_team": None, "points": 0},
                                "totals": {"1": 20, "2": 30}}


def test_cu7_a_tie_between_partners_wins_for_their_team():
    s = block({1: "0|3", 3: "1|2", 2: "4|4", 4: "2|5"})
    assert last_deal_end(s)["deal_end"] == {"reason": "block", "winner_team": 1, "points": 15}


# --------------------------------------------------------------------- CU-8

def test_cu8_winners_score_only_the_two_opponents_pips():
    s = line_position("cuban", {1: "0|3", 2: "2|9 8|8", 3: "7|7 6|6 5|5", 4: "1|4"},
                      line="3|4 4|3", turn=1, totals=(10, 5))
    unused = sum(x.pips for x in s.state.stock)
    s.apply(L("0|3"))
    points = (11 + 16) + 5  # seats 2 and 4 only: not seat 3's 36, not the unused
    assert last_deal_end(s) == {"deal_end": {"reason": "out", "winner_team": 1, "points": points},
                                "totals": {"1": 10 + points, "2": 5}}
    assert unused > 0
    ends = [e for e in s.state.history if e[0] == "deal_end"][-1]
    assert ends[4][3] == (t("5|5"), t("6|6"), t("7|7"))  # UX-3: the hands left are revealed, sorted
    assert ends[2] == (0, 0, 27, 36, 5) and ends[5:] == (1, points)


# --------------------------------------------------------------------- CU-9

def next_hand_representative(s: Session) -> int:
    s.supply(rig_deal("cuban"))
    accept_all(s)
    return s.to_act()


def test_cu9_the_winning_team_leads_next():
    s = block({1: "4|4", 2: "0|1", 3: "5|5", 4: "6|6"}, leader=1)
    assert s.state.right_to_lead == 2
    assert next_hand_representative(s) == 2


def test_cu9_after_a_tie_the_team_that_did_not_lead_gets_the_right():
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"}, leader=3, right_to_lead=1)
    assert s.state.right_to_lead == 2
    assert next_hand_representative(s) == 2
    s = block({1: "0|3", 2: "1|2", 3: "4|4", 4: "5|5"}, leader=4, right_to_lead=2)
    assert s.state.right_to_lead == 1
    assert next_hand_representative(s) == 1


# --------------------------------------------------------------------- CU-10

BIG = {2: "9|9 8|9 8|8 7|9", 4: "7|8 7|7 6|9 6|8"}  # 67 + 58 = 125 pips


def going_out(totals):
    s = line_position("cuban", {1: "0|0", 3: "1|2", **BIG}, line="0|1", turn=1, totals=totals)
    s.apply(L("0|0"))
    return s


def test_cu10_a_hundred_wins_the_match_tripollua_from_zero_in_one_hand():
    s = going_out((0, 0))
    assert s.match_over()
    assert s.state.records[-1] == {"match_end": {"winners": [1], "totals": {"1": 125, "2": 0}}}
    assert s.state.history[-1] == ("match_end", (1,), (0, 125, 0), TRIPOLLUA)
    assert s.state.totals[1] == 125  # the name carries no bonus


def test_cu10_pollona_when_the_losers_have_zero():
    s = going_out((40, 0))
    assert s.state.history[-1] == ("match_end", (1,), (0, 165, 0), POLLONA)


def test_cu10_no_name_when_the_losers_scored():
    s = going_out((40, 1))
    assert s.state.history[-1] == ("match_end", (1,), (0, 165, 1), None)
    assert s.state.records[-1]["match_end"]["totals"] == {"1": 165, "2": 1}


def test_cu10_totals_accumulate_below_a_hundred():
    s = line_position("cuban", {1: "0|0", 2: "1|1", 4: "2|2"}, line="0|1", turn=1,
                      totals=(90, 50))
    s.apply(L("0|0"))
    assert not s.match_over() and s.state.totals == [0, 96, 50]
    assert s.pending_chance() == "deal"


# --------------------------------------------------------------------- CU-11

def test_cu11_no_draws_no_300_no_remainders_in_random_matches():
    kinds = set()
    for seed in range(6):
        s = Session(Config("cuban", 4, seed))
        rng = random.Random(seed)
        while not s.match_over():
            acts = s.legal_actions()
            kinds.update(a.kind for a in acts)
            assert len(s.state.stock) == 15
            s.apply(acts[rng.randrange(len(acts))])
        winner = s.state.records[-1]["match_end"]["winners"][0]
        assert 100 <= s.state.totals[winner]
        assert s.state.totals[3 - winner] < 100  # stopped at the first hand reaching 100
    assert kinds <= {"play", "pass", "accept", "redeal", "lead"}
    assert {"play", "pass", "accept", "lead"} <= kinds


# --------------------------------------------------------------------- CU-12

def test_cu12_restart_hand_same_deal_same_leader_earlier_scores_kept():
    s = line_position("cuban", {1: "0|0", 2: "1|1", 4: "2|2"}, line="0|1", turn=1,
                      totals=(30, 20))
    s.apply(L("0|0"))
    assert s.state.totals == [0, 36, 20]
    s.supply(rig_deal("cuban", {2: "5|9"}))
    dealt = [list(h) for h in s.state.hands]
    accept_all(s)
    s.apply(lead(3))
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    played = s.state.line.tiles()
    s.restart_deal()
    # CU-12: the same deal and the same leader; the plays are taken back
    assert [list(h) for h in s.state.hands] == dealt
    assert s.state.totals == [0, 36, 20] and s.state.phase == "play"
    assert len(s.state.line) == 0
    assert s.state.leader == 3 and s.to_act() == 3
    # the plays wait in the redo tail
    assert s.redo() and s.redo() and s.state.line.tiles() == played
    s.restart_deal()
    assert s.state.leader == 3 and s.to_act() == 3 and len(s.state.line) == 0


def test_cu12_new_match_zero_scores_and_a_new_lead_draw():
    s = Session(Config("cuban", 4, 8))
    rng = random.Random(8)
    while not s.match_over():
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    first = [r for r in s.state.records if "lead_draw" in r]
    s.next_match()
    assert s.state.totals == [0, 0, 0] and s.state.match_no == 2
    i = s.state.records.index({"match": 2})
    after = s.state.records[i + 1:]
    assert "lead_draw" in after[0]
    assert s.state.phase == "accept" and s.state.deal_no == 1
    assert first  # the first match had its own draw


def test_cuban_state_refuses_wrong_table_size():
    with pytest.raises(ConfigError):
        Cuban(3)


def test_cu3_cu5_a_view_holds_the_table_counts_scores_and_the_right_only():
    s = rigged("cuban", {1: "0|0 5|9"}, draws=(("0|1", "4|5"),))
    accept_all(s)
    s.apply(lead(2))
    v = s.view(3)
    assert (v.game, v.seat, v.team, v.phase, v.to_act) == ("cuban", 3, 1, "play", 2)
    assert v.hand == tuple(hand(s, 3)) and v.hand_counts == (0, 10, 10, 10, 10)
    assert (v.unused, v.right_to_lead, v.leader, v.totals, v.legal) == (15, 2, 2, (0, 0, 0), ())
    assert (v.line, v.left_end, v.right_end) == ((), None, None)
    assert ("lead", 2, 2) in v.history and all(e[0] != "deal_end" for e in v.history)
    with pytest.raises(ValueError):
        s.view(5)
