"""The Cuban and Jamaican player: what it reads from the view and how it samples (issue 4).

Positions come from rigged deals through the public API (``Session`` with
external chance), so the history the bot reads is the engine's own.
"""
from __future__ import annotations

import itertools
import random

from rules import bots
from rules.actions import PASS, Action
from rules.bots.knowledge import Knowledge
from rules.bots.playout import sample_hands
from rules.chance import Deal, LeadDraw
from rules.events import LineDeal, MatchStart
from rules.session import Config, Session
from rules.tiles import tile
from rules.variants.cuban import FULL_SET as CUBAN_SET

from bot_positions import positions


def T(text: str):
    return tuple(tile(*map(int, part.split("|"))) for part in text.split())


# JA-1: all 28 tiles; seat 2 holds no 6.
JA_HANDS = (
    T("6|6 1|6 2|4 0|0 0|1 1|1 2|2"),
    T("0|2 0|3 1|3 3|3 0|4 1|4 2|3"),
    T("5|6 3|6 0|6 1|2 1|5 2|5 5|5"),
    T("4|5 2|6 4|6 3|4 3|5 4|4 0|5"),
)


def jamaican_after_opening() -> Session:
    """JA-2: seat 1 poses [6|6], seat 2 passes, seats 3 and 4 play; seat 1 to act."""
    s = Session(Config("jamaican", 4, 1), chance="external")
    s.supply(Deal(JA_HANDS, ()))
    s.apply(Action("play", tile(6, 6), None, "L"))
    s.apply(PASS)
    s.apply(Action("play", tile(5, 6), None, "R"))
    s.apply(Action("play", tile(4, 5), None, "R"))
    assert s.to_act() == 1
    return s


def test_ja4_a_pass_shows_the_numbers_a_seat_lacks():
    """JA-4: seat 2 passed on [6|6], so every seat's view knows seat 2 has no 6."""
    s = jamaican_after_opening()
    for seat in (1, 3):
        k = Knowledge(s.view(seat))
        assert k.voids[2] == {6}
        assert not k.voids[3] and not k.voids[4]
        assert k.opened[3] == {5} and k.opened[4] == {4}


def test_samples_respect_sizes_voids_and_what_is_seen():
    """UX-4: sampled hands use only unseen tiles, the right sizes, and honour known voids."""
    s = jamaican_after_opening()
    view = s.view(1)
    k = Knowledge(view)
    rng = random.Random(4)
    seen = set(view.hand) | {tile(a, b) for a, b in view.line}
    for _ in range(200):
        hands = sample_hands(k, rng)
        assert hands is not None
        assert tuple(hands[1]) == view.hand
        for seat in (2, 3, 4):
            assert len(hands[seat]) == view.hand_counts[seat]
            assert not seen & set(hands[seat])
        assert not any(6 in t for t in hands[2])
        dealt = [t for seat in (2, 3, 4) for t in hands[seat]]
        assert len(set(dealt)) == len(dealt) == len(k.unseen)


def test_cuban_samples_leave_fifteen_unused_tiles_unknown():
    """CU-3: the 15 unused tiles are unseen; samples deal only the hands' sizes from them."""
    checked = 0
    for session, seat in itertools.islice(positions("cuban", 4, range(2)), 30):
        view = session.view(seat)
        if view.phase != "play":
            continue
        k = Knowledge(view)
        hands = sample_hands(k, random.Random(checked))
        others = sum(view.hand_counts) - len(view.hand)
        assert len(k.unseen) == others + 15
        assert sum(len(hands[s]) for s in (1, 2, 3, 4) if s != seat) == others
        checked += 1
    assert checked > 10


def test_cu4_the_computer_always_demands_a_redeal_with_five_doubles():
    """CU-4: a computer player always demands with five or more doubles."""
    s = Session(Config("cuban", 4, 1), chance="external")
    s.supply(LeadDraw((tile(9, 9), tile(0, 0))))
    hands = (T("0|0 1|1 2|2 3|3 4|4 0|1 0|2 0|3 0|4 0|5"),
             T("5|5 6|6 7|7 8|8 1|2 1|3 1|4 1|5 1|6 1|7"),
             T("9|9 0|6 0|7 0|8 0|9 1|8 1|9 2|3 2|4 2|5"),
             T("2|6 2|7 2|8 2|9 3|4 3|5 3|6 3|7 3|8 3|9"))
    rest = tuple(t for t in CUBAN_SET if t not in set(itertools.chain(*hands)))
    s.supply(Deal(hands, rest))
    view = s.view(1)
    assert {a.kind for a in view.legal} == {"accept", "redeal"}
    for level in ("easy", "normal", "hard"):
        assert bots.choose(view, level, random.Random(0)).kind == "redeal"


def test_lead_choice_keeps_a_strong_hand_for_itself():
    """CU-5, JA-3: seeing only its own hand, the representative leads itself with four of
    one number and two doubles, and hands the lead to its partner with a scattered hand."""
    from rules.bots.line import _choose_leader

    class V:
        game, seat, legal = "cuban", 1, (Action("lead", seat=1), Action("lead", seat=3))

    class K:
        seat, partner, top = 1, 3, 9

    K.hand = T("5|5 5|6 5|7 5|8 2|2 0|1 1|3 3|7 4|9 6|8")
    assert _choose_leader(V, K).seat == 1
    K.hand = T("0|1 1|2 2|3 3|4 4|5 5|6 6|7 7|8 8|9 0|9")
    assert _choose_leader(V, K).seat == 3


def _ja_view(hand: str, line: tuple, counts=(0, 1, 5, 5, 5)):
    from rules.line import PartnershipView

    left, right = line[0][0], line[-1][1]
    return PartnershipView(
        game="jamaican", seat=1, team=1, match_no=1, deal_no=1, phase="play", to_act=1,
        hand=T(hand), line=line, left_end=left, right_end=right, hand_counts=counts,
        unused=0, totals=(0, 0, 0), leader=2, right_to_lead=None, pose_required=False,
        passes=0, history=(MatchStart("match", 1), LineDeal("deal", 1)), legal=())


# Every 5 but [3|5] and every 3 but [3|5] lie on the line: both ends are hard (7 of 8).
HARD_LINE = ((5, 5), (5, 0), (0, 3), (3, 3), (3, 1), (1, 5), (5, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 3))


def test_ja6_the_key_tile_is_seen_and_a_near_miss_is_not():
    """JA-6: [3|5] as the last tile between two hard ends 5 and 3 is the 2-point key;
    with one end short of hard it is worth nothing extra."""
    from rules.bots.knowledge import key_bonus

    k = Knowledge(_ja_view("3|5", HARD_LINE))
    assert k.shown[5] == 7 and k.shown[3] == 7
    assert key_bonus(k, tile(3, 5)) > 0
    k.shown[3] -= 1  # the near miss: 3 shows only 6 of its 8
    assert key_bonus(k, tile(3, 5)) == 0


def test_ja6_an_end_whose_last_tile_the_bot_holds_is_its_own():
    """JA-6 hard ends: an end only the bot can follow counts for it; a hard end whose
    last tile is elsewhere counts against it."""
    from rules.bots.line import _end_control

    k = Knowledge(_ja_view("3|5 0|0", HARD_LINE, counts=(0, 2, 5, 5, 4)))
    # playing [0|0] elsewhere is impossible here; score the ends as they stand
    assert _end_control(k, tile(0, 0), 5, 3, [tile(3, 5)]) == 2.0
    assert _end_control(k, tile(0, 0), 5, 3, [tile(0, 0)]) == -1.0
