"""Hand-built rule tests for Mexican Train, one or more per rule ID (MT-1..MT-20).

Positions come from ``tests/rules/mt_position.py``: ``rigged_session`` deals through
the public API (``Session.supply``), ``mt_position`` sets a position directly.
Every assertion is about what the engine offers or does in that position.
At the end, ``Referee`` is a second, plain reading of MT-6..MT-16 that must
agree with the engine on every legal set, turn end and deal end of seeded
matches at 2..10 players.

Engine choices on points the rule text leaves open (each has a test here):
- the last tile of a first-turn chain that empties the hand ends the turn at
  once, with no ``end_chain`` decision (MT-8/MT-9);
- a drawn double that is played demands its extra tile, and that extra is a
  new required play with its own single draw (MT-11/MT-13);
- passing while already marked leaves one marker and logs no second "mark";
- a start-search group is always completed, also after the engine turns up in
  it, and the final short group always gives out every remaining tile (MT-5);
- when a turn end finds both an empty hand and a block, the reason is "out".
"""
from __future__ import annotations

from collections import Counter

import pytest

from mt_position import (
    DRAW,
    END_CHAIN,
    MEXICAN,
    PASS,
    P,
    describe,
    end_of,
    hand,
    last_deal_end,
    legal,
    marked,
    mt_position,
    obligations,
    play_through,
    rig_deal,
    rigged_session,
    t,
    tiles,
)
from rules.actions import Action
from rules.chance import Deal
from rules.errors import ConfigError, IllegalActionError, InvalidDealError, NoDecisionError
from rules.rng import stream
from rules.session import Config, Session
from rules.tiles import double_set, tile
from rules.variants.mexican_train import (
    FULL_SET,
    MexicanTrain,
    engine_of,
    search_seat,
    train_key,
)

MT_HAND_SIZE = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}


# ------------------------------------------------------------------ helpers


def play_randomly(session: Session, seed: int, *, stop=None, limit: int = 200_000) -> int:
    """Random legal decisions (from a test stream, never the global RNG) until ``stop``."""
    rng = stream(seed, "mt-rule-tests")
    steps = 0
    while session.to_act() is not None and not (stop and stop(session)):
        acts = session.legal_actions()
        session.apply(acts[rng.randrange(len(acts))])
        steps += 1
        assert steps < limit, "the match did not end"
    return steps


def seeded_match(players: int, seed: int) -> Session:
    session = Session(Config("mexican_train", players, seed))
    play_randomly(session, seed)
    assert session.match_over()
    return session


def finish_deal_then_supply(session: Session, deal: Deal) -> None:
    assert session.pending_chance() == "deal"
    session.supply(deal)


def end_deal_position(players: int, deal: int, totals: dict | None = None,
                      loser_hand: str = "[0|1]") -> Session:
    """Deal ``deal`` just ended: seat 1 went out on its own train, seat 2 kept ``loser_hand``."""
    e = engine_of(deal)
    a = 6 if e != 6 else 8
    b = 7 if e != 7 else 9
    # seats 3.. hold nothing: the deal is about to end on seat 1's play anyway
    session = mt_position(players, hands={1: [tile(a, b)], 2: loser_hand},
                          trains={1: [tile(e, a)]}, deal=deal, totals=totals, allow_empty=True)
    session.apply(Action("play", tile(a, b), 1))
    assert last_deal_end(session)["deal_end"]["reason"] == "out"
    return session


def search_seats(session: Session) -> list[int]:
    """The seats that received a start-search tile in the current deal, in order."""
    hist = session.state.history
    start = max(i for i, h in enumerate(hist) if h[0] == "deal")
    return [h[1] for h in hist[start:] if h[0] == "search"]


# ---------------------------------------------------------------------- MT-1


def test_MT1_set_is_all_91_tiles_of_double_twelve():
    assert len(FULL_SET) == 91 == len(set(FULL_SET))
    assert set(FULL_SET) == {tile(a, b) for a in range(13) for b in range(a, 13)}
    assert MexicanTrain.full_set == FULL_SET == double_set(12)


@pytest.mark.parametrize("players", [-1, 0, 1, 11, 12])
def test_MT1_only_2_to_10_players(players):
    with pytest.raises(ConfigError):
        Config("mexican_train", players, 1)
    with pytest.raises(ConfigError):
        MexicanTrain(players)


@pytest.mark.parametrize("players", range(2, 11))
def test_MT1_every_table_size_deals_all_91_tiles(players):
    session = Session(Config("mexican_train", players, 5))
    deal = session.log[0]
    dealt = [x for h in deal.hands for x in h] + list(deal.stock)
    assert Counter(dealt) == Counter(FULL_SET)
    state = session.state
    in_play = [x for h in state.hands for x in h] + state.stock[state.pos:] + [tile(12, 12)]
    assert Counter(in_play) == Counter(FULL_SET)


# ---------------------------------------------------------------------- MT-2


@pytest.mark.parametrize("players,size", sorted(MT_HAND_SIZE.items()))
def test_MT2_hand_size_and_boneyard_for_every_table_size(players, size):
    for seed in (1, 2, 3):
        deal = Session(Config("mexican_train", players, seed)).log[0]
        assert [len(h) for h in deal.hands] == [size] * players
        assert len(deal.stock) == 91 - players * size
    session = rigged_session(players)  # seat 1 holds the engine: no start search
    view = session.view(1)
    assert view.hand_counts[1:] == (size - 1,) + (size,) * (players - 1)
    assert view.boneyard == 91 - players * size


@pytest.mark.parametrize("players", [2, 5, 10])
def test_MT2_deal_with_wrong_hand_size_is_refused_and_changes_nothing(players):
    session = Session(Config("mexican_train", players, 1), chance="external")
    good = rig_deal(players)
    short = Deal((good.hands[0][:-1],) + good.hands[1:], good.stock + (good.hands[0][-1],))
    with pytest.raises(InvalidDealError):
        session.supply(short)
    assert session.pending_chance() == "deal" and session.log == ()
    session.supply(good)
    assert session.to_act() == 1


def test_MT2_draws_take_the_boneyard_in_its_fixed_order():
    session = mt_position(2, hands={1: "[0|1]", 2: "[0|3]"}, stock="[0|2] [0|4] [0|5] [1|2]")
    play_through(session, "draw")
    assert t("0|2") in hand(session, 1)
    play_through(session, "pass", "draw")
    assert t("0|4") in hand(session, 2)
    play_through(session, "pass", "draw")
    assert hand(session, 1) == tiles("[0|1] [0|2] [0|5]")
    assert session.view(2).boneyard == 1


def _stuck_pair() -> Session:
    """2 players, nobody can start (MT-8); then draws decide the play."""
    return rigged_session(2, stock="[3|8] [12|4] [6|9] [1|2]")


def test_MT2_undo_redo_and_restart_never_change_what_a_draw_yields():
    session = _stuck_pair()
    play_through(session, "pass", "pass", "draw")  # seat 1's first real turn
    drawn = hand(session, 1)[-1]
    assert drawn == t("3|8")
    assert session.undo()
    assert t("3|8") not in hand(session, 1) and session.view(1).boneyard == 61
    assert session.redo()
    assert hand(session, 1)[-1] == drawn
    session.undo()
    play_through(session, "draw")  # a fresh draw after undo: still the same tile
    assert hand(session, 1)[-1] == drawn
    play_through(session, "pass", "draw")
    assert hand(session, 2)[-1] == t("12|4")
    session.restart_deal()
    play_through(session, "pass", "pass", "draw", "pass", "draw")
    assert hand(session, 1)[-1] == drawn and hand(session, 2)[-1] == t("12|4")


def _draws_in_this_deal(session: Session, seed: int, count: int) -> list:
    """Random decisions until ``count`` draws happened; the tiles they yielded."""
    rng = stream(seed, "draws")
    deal_no, drawn = session.state.deal_no, []
    while len(drawn) < count and session.state.deal_no == deal_no:
        seat = session.to_act()
        acts = session.legal_actions()
        action = acts[rng.randrange(len(acts))]
        before = set(hand(session, seat))
        session.apply(action)
        if action.kind == "draw":
            drawn += list(set(hand(session, seat)) - before)
    return drawn


def test_MT2_whatever_is_decided_the_kth_draw_yields_the_same_tile():
    session = Session(Config("mexican_train", 4, 77))
    first = _draws_in_this_deal(session, 1, 6)
    assert len(first) == 6
    session.restart_deal()
    second = _draws_in_this_deal(session, 2, 6)  # other decisions, other drawers
    assert second == first[:len(second)] and len(second) >= 3


# ---------------------------------------------------------------------- MT-3


def test_MT3_engine_for_each_deal_is_13_minus_k():
    assert [engine_of(k) for k in range(1, 14)] == list(range(12, -1, -1))


@pytest.mark.parametrize("players,seed", [(2, 11), (6, 12), (10, 13)])
def test_MT3_a_match_is_13_deals_from_12_12_down_to_0_0(players, seed):
    session = seeded_match(players, seed)
    hist = session.state.history
    assert [h[1:] for h in hist if h[0] == "deal"] == [(k, 13 - k) for k in range(1, 14)]
    engines = [h[2] for h in hist if h[0] == "engine"]
    assert engines == [tile(e, e) for e in range(12, -1, -1)]
    assert sum(1 for r in session.state.records if "deal_end" in r) == 13
    assert [r["engine"] for r in session.state.records if "deal" in r] == list(range(12, -1, -1))


# ---------------------------------------------------------------------- MT-4


def test_MT4_engine_holder_places_it_in_the_station():
    session = rigged_session(4, engine_seat=3)
    view = session.view(3)
    assert tile(12, 12) not in view.hand
    assert view.hand_counts[1:] == (15, 15, 14, 15)
    assert ("engine", 3, tile(12, 12)) in session.state.history
    assert search_seats(session) == []
    assert all(tv.tiles == () and tv.open_end == 12 for tv in view.trains)
    assert session.to_act() == 3


def test_MT4_later_deal_engine_is_placed_by_its_holder():
    session = end_deal_position(3, deal=1)
    finish_deal_then_supply(session, rig_deal(3, deal=2, engine_seat=2))
    view = session.view(2)
    assert view.deal_no == 2 and view.engine == 11
    assert tile(11, 11) not in view.hand and view.hand_counts[1:] == (15, 14, 15)
    assert session.state.history[-1] == ("engine", 2, tile(11, 11))
    assert session.to_act() == 2


# ---------------------------------------------------------------------- MT-5


def test_MT5_start_search_draws_complete_groups_until_the_engine_shows():
    stock = "[1|2] [1|3] [1|4] [1|5] [2|3] [12|12] [2|4] [2|5] [3|4]"
    session = rigged_session(4, engine_seat=None, stock=stock)
    # group 1 (seats 1-4) finds nothing; group 2 is completed although seat 2 got the engine
    assert search_seats(session) == [1, 2, 3, 4, 1, 2, 3, 4]
    assert session.to_act() == 2
    assert session.state.history[-1] == ("engine", 2, tile(12, 12))
    assert set(tiles("[1|2] [2|3]")) <= set(hand(session, 1))
    assert t("1|3") in hand(session, 2) and tile(12, 12) not in hand(session, 2)
    assert set(tiles("[1|4] [2|4]")) <= set(hand(session, 3))
    assert set(tiles("[1|5] [2|5]")) <= set(hand(session, 4))
    assert session.view(1).hand_counts[1:] == (17, 16, 17, 17)
    assert session.view(1).boneyard == 31 - 8
    assert session.state.stock[session.state.pos] == t("3|4")  # the next draw


def test_MT5_engine_in_the_first_group_stops_after_that_group():
    session = rigged_session(3, engine_seat=None, stock="[12|12] [0|0] [1|1] [2|2]")
    assert search_seats(session) == [1, 2, 3]
    assert session.to_act() == 1
    assert session.view(1).boneyard == 46 - 3


@pytest.mark.parametrize("players,deal,first", [
    (4, 2, 2), (4, 4, 4), (4, 5, 1), (3, 13, 1), (5, 7, 2), (10, 10, 10), (10, 13, 3), (2, 12, 2),
])
def test_MT5_search_seat_moves_one_seat_on_each_deal(players, deal, first):
    assert search_seat(deal, players) == first
    session = end_deal_position(players, deal=deal - 1)
    e = engine_of(deal)
    head = [x for x in FULL_SET if e not in x][:players - 1] + [tile(e, e)]
    finish_deal_then_supply(session, rig_deal(players, deal=deal, engine_seat=None,
                                              stock=head))
    order = [(first - 1 + i) % players + 1 for i in range(players)]
    assert search_seats(session) == order
    for seat, x in zip(order[:-1], head):
        assert x in hand(session, seat)
    # the last seat of the group drew the engine, so it places it and starts
    assert session.to_act() == order[-1]
    assert session.state.history[-1] == ("engine", order[-1], tile(e, e))


def test_MT5_incomplete_final_group_at_10_players_goes_out_in_search_order():
    # 80 tiles dealt, 11 in the boneyard, the engine the very last one.
    head = [x for x in FULL_SET if 12 not in x][-10:] + [tile(12, 12)]
    session = rigged_session(10, engine_seat=None, stock=head, quiet=())
    assert search_seats(session) == list(range(1, 11)) + [1]
    assert session.to_act() == 1
    assert session.view(1).boneyard == 0
    assert session.view(1).hand_counts[1:] == (9,) * 10  # 8 + 1 (+1 -1 engine for seat 1)


def test_MT5_incomplete_final_group_gives_out_every_remaining_tile():
    # 8 players, deal 3 (engine 10, search from seat 3): 11 in the boneyard,
    # a full group of 8, then 3 left for seats 3, 4, 5; the engine is the 2nd.
    players, deal = 8, 3
    session = end_deal_position(players, deal=deal - 1)
    quiet = [x for x in FULL_SET if 10 not in x]
    head = quiet[-9:] + [tile(10, 10), quiet[0]]
    finish_deal_then_supply(session, rig_deal(players, deal=deal, engine_seat=None, stock=head))
    assert search_seats(session) == [3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5]
    assert session.to_act() == 4
    assert quiet[0] in hand(session, 5)
    assert session.view(1).boneyard == 0


def test_MT5_search_tiles_are_private_to_their_new_owner():
    stock = "[1|2] [1|3] [12|12] [1|4]"
    session = rigged_session(3, engine_seat=None, stock=stock)
    assert t("1|2") in session.view(1).hand
    for seat in (2, 3):
        assert t("1|2") not in session.view(seat).hand
    for h in session.state.history:
        if h[0] == "search":
            assert h == ("search", h[1])  # who drew, never what


def test_MT5_search_is_part_of_the_deal_and_replayed_identically():
    stock = "[1|2] [1|3] [1|4] [1|5] [12|12]"
    a = rigged_session(4, engine_seat=None, stock=stock)
    b = rigged_session(4, engine_seat=None, stock=stock)
    assert a.state.hands == b.state.hands and a.state.pos == b.state.pos == 8


# ---------------------------------------------------------------------- MT-6


def test_MT6_engine_holder_starts_then_seat_order():
    session = rigged_session(4, engine_seat=3)  # nobody holds another 12: all pass
    seen = []
    for _ in range(4):
        seen.append(session.to_act())
        assert legal(session) == {PASS}
        play_through(session, "pass")
    seen.append(session.to_act())
    play_through(session, "draw", "pass")
    seen.append(session.to_act())
    assert seen == [3, 4, 1, 2, 3, 4]


def test_MT6_the_seat_that_finds_the_engine_in_the_search_starts():
    session = rigged_session(5, engine_seat=None, stock="[0|1] [0|2] [0|3] [12|12] [0|4]")
    assert session.to_act() == 4
    seen = []
    for _ in range(5):
        seen.append(session.to_act())
        play_through(session, "pass")  # fillers carry no 12: nobody can start
    assert seen == [4, 5, 1, 2, 3] and session.to_act() == 4
    assert session.view(1).legal == () and session.view(4).legal == (DRAW,)


# ---------------------------------------------------------------------- MT-7


def test_MT7_every_train_starts_empty_with_the_engine_number():
    session = rigged_session(5)
    view = session.view(1)
    assert [tv.key for tv in view.trains] == [MEXICAN, 1, 2, 3, 4, 5]
    assert all(tv.open_end == 12 and not tv.tiles for tv in view.trains)


def test_MT7_open_end_is_the_free_end_of_the_last_tile():
    session = rigged_session(3, hands={1: "[5|12] [5|7]"}, quiet=(5, 7))
    play_through(session, P("12|5", 1))
    assert end_of(session, 1) == 5
    play_through(session, P("5|7", 1))
    tv = session.view(2).train(1)
    assert tv.open_end == 7 and tv.placed == ((12, 5), (5, 7))
    assert end_of(session, MEXICAN) == 12 and end_of(session, 2) == 12


# ---------------------------------------------------------------------- MT-8


def _first_turn_session() -> Session:
    return rigged_session(4, hands={1: "[12|5] [5|7] [7|7] [12|3] [7|9]", 3: "[12|8]"},
                          quiet=(3, 5, 7, 8, 9))


def test_MT8_first_turn_is_a_chain_on_own_train_only_and_no_draw():
    session = _first_turn_session()
    assert legal(session) == {P("12|5", 1), P("12|3", 1)}  # no Mexican, no draw, no end yet


def test_MT8_chain_continues_and_ends_by_an_explicit_action():
    session = _first_turn_session()
    play_through(session, P("12|5", 1))
    assert session.to_act() == 1
    assert legal(session) == {P("5|7", 1), END_CHAIN}
    play_through(session, P("5|7", 1))
    assert legal(session) == {P("7|7", 1), P("7|9", 1), END_CHAIN}
    play_through(session, P("7|9", 1))
    assert legal(session) == {END_CHAIN}  # stuck mid-chain: still no draw
    play_through(session, "end")
    assert session.to_act() == 2
    assert session.view(2).train(1).placed == ((12, 5), (5, 7), (7, 9))


def test_MT8_may_stop_right_after_a_double():
    session = _first_turn_session()
    play_through(session, P("12|5", 1), P("5|7", 1), P("7|7", 1))
    view = session.view(1)
    assert END_CHAIN in view.legal and P("7|9", 1) in view.legal
    assert not view.extra
    play_through(session, "end")
    assert session.to_act() == 2 and end_of(session, 1) == 7


def test_MT8_cannot_start_passes_without_drawing_and_is_marked():
    session = _first_turn_session()
    play_through(session, P("12|3", 1), "end")
    assert session.to_act() == 2 and legal(session) == {PASS}
    before = hand(session, 2)
    boneyard = session.view(2).boneyard
    play_through(session, "pass")
    assert hand(session, 2) == before and session.view(2).boneyard == boneyard
    assert marked(session) == {2}
    assert session.state.history[-2:] == [("pass", 2), ("mark", 2)]


def test_MT8_other_trains_forbidden_in_first_round_even_when_marked():
    session = _first_turn_session()
    play_through(session, P("12|3", 1), "end", "pass")  # seat 2 cannot start: marked
    assert session.to_act() == 3
    assert legal(session) == {P("12|8", 3)}  # not seat 2's marked train, not Mexican
    play_through(session, P("12|8", 3), "end", "pass")  # seat 4 cannot start either
    assert session.to_act() == 1 and not session.view(1).first_round
    assert {P("12|5", 2), P("12|5", 4), P("12|5", MEXICAN)} <= legal(session)  # open now


def test_MT8_last_tile_of_a_chain_ends_the_turn_without_end_chain():
    session = mt_position(3, hands={1: "[12|5] [5|6]", 2: "[12|1] [1|2]", 3: "[3|4]"},
                          first_round=True, turn=1, stock="[8|9]")
    play_through(session, P("12|5", 1), P("5|6", 1))
    assert session.to_act() == 2 and ("end_chain", 1) not in session.state.history


# ---------------------------------------------------------------------- MT-9


def test_MT9_first_round_doubles_become_obligations_in_real_placement_order():
    hands = {3: "[12|3] [3|3]", 4: "[12|9] [9|9]", 1: "[12|6] [6|6]"}
    session = rigged_session(4, hands=hands, engine_seat=3, quiet=(3, 6, 9))
    play_through(session, P("12|3", 3), P("3|3", 3), "end")
    assert obligations(session) == []
    assert legal(session) == {P("12|9", 4)}  # the open [3|3] asks nothing yet
    play_through(session, P("12|9", 4), P("9|9", 4), "end")
    play_through(session, P("12|6", 1), P("6|6", 1), "end")
    assert obligations(session) == []
    play_through(session, "pass")  # seat 2, the last first turn
    assert obligations(session) == [3, 4, 1]  # placement order, not seat order
    assert session.to_act() == 3
    assert legal(session) == {DRAW}  # seat 3 owes its own [3|3] and holds no 3


def test_MT9_going_out_in_the_first_round_waits_for_every_first_turn():
    hands = {1: "[12|5] [5|6]", 2: "[12|7] [7|1] [2|3]", 3: "[4|4]"}
    session = mt_position(3, hands=hands, first_round=True, turn=1, stock="[8|9] [0|1]")
    play_through(session, P("12|5", 1), P("5|6", 1))
    assert session.view(1).hand == ()
    assert session.to_act() == 2 and session.state.phase == "play"
    play_through(session, P("12|7", 2), P("7|1", 2), "end")
    assert session.to_act() == 3 and last_deal_end(session) is None
    play_through(session, "pass")
    rec = last_deal_end(session)
    assert rec["deal_end"] == {"reason": "out", "penalties": {"1": 0, "2": 5, "3": 8}}


def test_MT9_two_players_going_out_in_the_first_round():
    hands = {1: "[12|5]", 2: "[12|7] [7|7]", 3: "[4|4]"}
    session = mt_position(3, hands=hands, first_round=True, turn=1, stock="[8|9]")
    play_through(session, P("12|5", 1), P("12|7", 2), P("7|7", 2))
    assert session.to_act() == 3
    play_through(session, "pass")
    assert last_deal_end(session)["deal_end"]["penalties"] == {"1": 0, "2": 0, "3": 8}


def test_MT9_block_detection_waits_for_the_end_of_the_first_round():
    hands = {1: "[1|2]", 2: "[3|4]", 3: "[5|6]"}
    session = mt_position(3, hands=hands, first_round=True, turn=1, stock=None)
    play_through(session, "pass")
    assert session.to_act() == 2 and last_deal_end(session) is None
    play_through(session, "pass")
    assert session.to_act() == 3 and last_deal_end(session) is None
    play_through(session, "pass")
    assert last_deal_end(session)["deal_end"]["reason"] == "block"
    assert marked(session) == {1, 2, 3}


# --------------------------------------------------------------------- MT-10


def test_MT10_allowed_trains_are_own_marked_others_and_mexican():
    session = mt_position(
        4,
        hands={1: "[3|9] [4|10] [5|11] [6|7] [0|12]", 2: "[1|1]", 3: "[0|0]", 4: "[0|1]"},
        trains={1: "[12|3]", 2: "[12|4]", 3: "[12|5]", MEXICAN: "[12|6]"},
        markers=[2],
        stock="[1|2]",
    )
    assert legal(session) == {P("3|9", 1), P("4|10", 2), P("6|7", MEXICAN)}


def test_MT10_empty_trains_are_started_with_the_engine_number():
    session = mt_position(3, hands={1: "[12|2] [2|5]", 2: "[1|1]", 3: "[0|0]"}, markers=[3])
    assert legal(session) == {P("12|2", 1), P("12|2", 2 + 1), P("12|2", MEXICAN)}


def test_MT10_a_tile_fitting_two_trains_is_offered_on_both():
    session = mt_position(2, hands={1: "[3|6]", 2: "[1|1]"},
                          trains={1: "[12|3]", MEXICAN: "[12|6]"})
    assert legal(session) == {P("3|6", 1), P("3|6", MEXICAN)}


def test_MT10_a_normal_turn_is_exactly_one_tile():
    session = mt_position(2, hands={1: "[12|3] [3|4]", 2: "[1|1]"}, stock="[0|1]")
    play_through(session, P("12|3", 1))
    assert session.to_act() == 2


# --------------------------------------------------------------------- MT-11


def test_MT11_a_possible_play_is_mandatory():
    session = mt_position(2, hands={1: "[12|3] [1|4]", 2: "[1|1]"}, stock="[0|1] [0|2]")
    assert legal(session) == {P("12|3", 1), P("12|3", MEXICAN)}


def test_MT11_no_play_means_exactly_one_draw():
    session = mt_position(2, hands={1: "[1|4]", 2: "[1|1]"}, stock="[0|1] [12|5]")
    assert legal(session) == {DRAW}
    play_through(session, "draw")
    assert hand(session, 1) == tiles("[1|4] [0|1]")
    assert session.view(1).boneyard == 1
    assert legal(session) == {PASS}  # never a second draw for the same play


def test_MT11_a_drawn_tile_that_fits_must_be_played():
    session = mt_position(2, hands={1: "[1|4]", 2: "[1|1]"}, stock="[12|5] [0|1]")
    play_through(session, "draw")
    assert legal(session) == {P("12|5", 1), P("12|5", MEXICAN)}
    with pytest.raises(IllegalActionError):
        session.apply(PASS)


def test_MT11_a_drawn_tile_that_does_not_fit_means_pass_and_mark():
    session = mt_position(2, hands={1: "[1|4]", 2: "[1|1]"}, stock="[0|1] [12|5]")
    play_through(session, "draw", "pass")
    assert marked(session) == {1}
    assert session.to_act() == 2 and session.view(2).boneyard == 1
    assert session.state.history[-3:] == [("draw", 1), ("pass", 1), ("mark", 1)]


def test_MT11_empty_boneyard_pass_and_mark_without_a_draw():
    session = mt_position(2, hands={1: "[1|4]", 2: "[12|1]"}, stock=None)
    assert legal(session) == {PASS}
    play_through(session, "pass")
    assert marked(session) == {1} and session.to_act() == 2


def test_MT11_each_required_play_gets_its_own_single_draw():
    session = mt_position(2, hands={1: "[1|4]", 2: "[2|3]"}, stock="[0|1] [0|2] [0|3]")
    play_through(session, "draw", "pass", "draw", "pass")
    assert legal(session) == {DRAW}  # seat 1's next turn: a new required play


# --------------------------------------------------------------------- MT-12


def _marker_position() -> Session:
    return mt_position(3, hands={1: "[4|5] [6|1]", 2: "[1|3] [5|9]", 3: "[0|0]"},
                       trains={1: "[12|4]", 2: "[12|5]", MEXICAN: "[12|6]"},
                       markers=[1, 2], stock="[0|1]")


def test_MT12_others_playing_on_a_marked_train_leave_the_marker():
    session = _marker_position()
    assert P("4|5", 2) in legal(session)
    play_through(session, P("4|5", 2))  # seat 1 on seat 2's marked train
    assert marked(session) == {1, 2}


def test_MT12_owner_playing_on_own_train_removes_the_marker():
    session = _marker_position()
    play_through(session, P("5|4", 1))
    assert marked(session) == {2}
    assert session.state.history[-1] == ("unmark", 1)


def test_MT12_owner_playing_elsewhere_keeps_the_marker():
    session = _marker_position()
    play_through(session, P("6|1", MEXICAN))  # seat 1 elsewhere
    assert marked(session) == {1, 2}
    assert legal(session) == {P("1|3", MEXICAN), P("5|9", 2)}
    play_through(session, P("1|3", MEXICAN))  # seat 2 elsewhere
    assert marked(session) == {1, 2}
    assert not any(h[0] == "unmark" for h in session.state.history)


def test_MT12_owner_satisfying_an_obligation_on_own_train_lifts_the_marker():
    session = mt_position(2, hands={1: "[5|3] [6|7]", 2: "[1|1]"},
                          trains={1: "[12|5] [5|5]", MEXICAN: "[12|6]"}, markers=[1])
    assert obligations(session) == [1]
    assert legal(session) == {P("5|3", 1)}
    play_through(session, P("5|3", 1))
    assert marked(session) == set()


def test_MT12_passing_again_keeps_a_single_marker():
    session = mt_position(2, hands={1: "[1|4]", 2: "[2|3]"}, markers=[1])
    play_through(session, "pass")
    assert marked(session) == {1}
    assert ("mark", 1) not in session.state.history


# --------------------------------------------------------------------- MT-13


def _double_position(stock: str | None = None) -> Session:
    return mt_position(
        3,
        hands={1: "[5|5] [5|8] [6|9] [2|3] [10|11]", 2: "[5|1] [0|0]", 3: "[1|4]"},
        trains={1: "[12|5]", MEXICAN: "[12|6]", 2: "[12|2]"},
        markers=[2], stock=stock,
    )


def test_MT13_a_double_demands_another_tile_anywhere_MT10_allows():
    session = _double_position("[0|1]")
    play_through(session, P("5|5", 1))
    view = session.view(1)
    assert view.to_act == 1 and view.extra
    assert set(view.legal) == {P("5|8", 1), P("6|9", MEXICAN), P("2|3", 2)}
    play_through(session, P("6|9", MEXICAN))  # elsewhere: the turn ends
    assert session.to_act() == 2
    assert obligations(session) == [1]
    assert legal(session) == {P("5|1", 1)}


def test_MT13_chain_of_doubles_ends_with_a_non_double():
    session = mt_position(3, hands={1: "[5|5] [6|6] [5|1] [2|9]", 2: "[0|0]", 3: "[0|1]"},
                          trains={1: "[12|5]", MEXICAN: "[12|6]"}, stock="[3|4]")
    play_through(session, P("5|5", 1), P("6|6", MEXICAN))
    assert session.to_act() == 1 and session.view(1).extra
    play_through(session, P("5|1", 1))
    assert session.to_act() == 2
    assert obligations(session) == [MEXICAN]


def test_MT13_failed_extra_draws_once_then_plays_the_drawn_tile():
    session = mt_position(2, hands={1: "[5|5] [1|2]", 2: "[0|0]"},
                          trains={1: "[12|5]", MEXICAN: "[12|6]"}, stock="[6|9] [3|3]")
    play_through(session, P("5|5", 1))
    assert legal(session) == {DRAW}
    play_through(session, "draw")
    assert legal(session) == {P("6|9", MEXICAN)}
    play_through(session, P("6|9", MEXICAN))
    assert session.to_act() == 2 and obligations(session) == [1]


def test_MT13_failed_extra_draw_that_does_not_fit_is_pass_and_mark():
    session = mt_position(2, hands={1: "[5|5] [1|2]", 2: "[0|0]"},
                          trains={1: "[12|5]", MEXICAN: "[12|6]"}, stock="[3|3] [6|9]")
    play_through(session, P("5|5", 1), "draw")
    assert legal(session) == {PASS}
    play_through(session, "pass")
    assert marked(session) == {1} and session.to_act() == 2
    assert obligations(session) == [1]
    assert session.view(2).boneyard == 1


def test_MT13_failed_extra_with_empty_boneyard_is_pass_and_mark():
    session = mt_position(2, hands={1: "[5|5] [1|2]", 2: "[5|0]"},
                          trains={1: "[12|5]"})
    play_through(session, P("5|5", 1))
    assert legal(session) == {PASS}
    play_through(session, "pass")
    assert marked(session) == {1} and obligations(session) == [1]


def test_MT13_a_drawn_double_that_is_played_demands_its_own_extra_and_draw():
    # Engine choice: the extra tile after a drawn double is a new required play,
    # so it has its own single draw (MT-11 "one draw per required play").
    session = mt_position(2, hands={1: "[1|2]", 2: "[0|0]"}, trains={1: "[12|5]"},
                          stock="[5|5] [3|4] [5|9]")
    play_through(session, "draw")
    assert legal(session) == {P("5|5", 1)}
    play_through(session, P("5|5", 1))
    assert legal(session) == {DRAW}
    play_through(session, "draw", "pass")
    assert marked(session) == {1} and obligations(session) == [1]


def test_MT13_no_extra_tile_is_demanded_in_the_first_round():
    session = rigged_session(2, hands={1: "[12|5] [5|5] [5|9]"}, quiet=(5, 9))
    play_through(session, P("12|5", 1), P("5|5", 1))
    assert END_CHAIN in legal(session) and not session.view(1).extra


# --------------------------------------------------------------------- MT-14


def _two_doubles(order) -> Session:
    return mt_position(
        3,
        hands={1: "[4|1] [7|2] [9|3]", 2: "[0|0]", 3: "[0|1]"},
        trains={1: "[12|9]", 2: "[12|7] [7|7]", MEXICAN: "[12|4] [4|4]"},
        doubles_order=order, stock="[0|2]",
    )


@pytest.mark.parametrize("order,only", [
    ([MEXICAN, 2], P("4|1", MEXICAN)),
    ([2, MEXICAN], P("7|2", 2)),
])
def test_MT14_only_the_oldest_double_may_be_played_on(order, only):
    session = _two_doubles(order)
    assert obligations(session) == order
    assert legal(session) == {only}  # not the own train ([9|3]) nor the younger double


def test_MT14_obligation_even_on_an_unmarked_personal_train():
    session = mt_position(3, hands={1: "[7|2] [9|3]", 2: "[0|0]", 3: "[0|1]"},
                          trains={1: "[12|9]", 3: "[12|7] [7|7]"}, stock="[0|2]")
    assert marked(session) == set()
    assert legal(session) == {P("7|2", 3)}
    play_through(session, P("7|2", 3))
    assert obligations(session) == [] and marked(session) == set()


def test_MT14_cannot_satisfy_draws_once_then_passes_and_marks():
    session = mt_position(2, hands={1: "[9|3] [1|2]", 2: "[0|0]"},
                          trains={1: "[12|9]", MEXICAN: "[12|4] [4|4]"},
                          stock="[9|9] [4|6]")
    assert legal(session) == {DRAW}  # [9|3] fits its own train but the double comes first
    play_through(session, "draw")
    assert legal(session) == {PASS}
    play_through(session, "pass")
    assert marked(session) == {1} and obligations(session) == [MEXICAN]
    assert session.to_act() == 2 and legal(session) == {DRAW}


def test_MT14_a_drawn_tile_that_satisfies_must_be_played_and_ends_the_turn():
    session = mt_position(2, hands={1: "[9|3]", 2: "[0|0]"},
                          trains={1: "[12|9]", MEXICAN: "[12|4] [4|4]"}, stock="[4|6] [0|5]")
    play_through(session, "draw")
    assert legal(session) == {P("4|6", MEXICAN)}
    play_through(session, P("4|6", MEXICAN))
    assert session.to_act() == 2 and obligations(session) == []


def test_MT14_two_doubles_owed_at_once_are_paid_oldest_first():
    session = mt_position(
        3,
        hands={1: "[5|5] [6|6] [10|11]", 2: "[5|3] [6|4] [0|0]", 3: "[6|2] [5|1] [1|1]"},
        trains={1: "[12|5]", MEXICAN: "[12|6]"}, stock="[0|1] [0|2]",
    )
    play_through(session, P("5|5", 1), P("6|6", MEXICAN), "draw", "pass")
    assert obligations(session) == [1, MEXICAN]
    assert legal(session) == {P("5|3", 1)}  # seat 2 holds a 6 too, but [5|5] is older
    play_through(session, P("5|3", 1))
    assert obligations(session) == [MEXICAN]
    assert legal(session) == {P("6|2", MEXICAN)}
    play_through(session, P("6|2", MEXICAN))
    assert obligations(session) == []


# --------------------------------------------------------------------- MT-15


def test_MT15_a_last_tile_double_empties_the_hand_and_ends_the_deal():
    session = mt_position(2, hands={1: "[5|5]", 2: "[3|4]"}, trains={1: "[12|5]"},
                          stock="[0|1]")
    play_through(session, P("5|5", 1))
    assert session.view(1).hand == ()
    rec = last_deal_end(session)
    assert rec["deal_end"] == {"reason": "out", "penalties": {"1": 0, "2": 7}}
    assert session.to_act() is None and session.pending_chance() == "deal"


def test_MT15_last_tile_double_after_a_double_ends_at_once():
    session = mt_position(2, hands={1: "[5|5] [6|6]", 2: "[3|4]"},
                          trains={1: "[12|5]", MEXICAN: "[12|6]"})
    play_through(session, P("5|5", 1), P("6|6", MEXICAN))
    assert last_deal_end(session)["deal_end"]["reason"] == "out"


def test_MT15_last_tile_double_in_a_first_turn_waits_for_the_first_round():
    session = mt_position(2, hands={1: "[12|5] [5|5]", 2: "[3|4]"},
                          first_round=True, turn=1, stock="[0|1]")
    play_through(session, P("12|5", 1), P("5|5", 1))
    assert session.to_act() == 2 and last_deal_end(session) is None
    play_through(session, "pass")
    assert last_deal_end(session)["deal_end"]["reason"] == "out"


# --------------------------------------------------------------------- MT-16


def test_MT16_a_real_block_ends_the_deal():
    session = mt_position(3, hands={1: "[1|2]", 2: "[3|4]", 3: "[0|0] [0|1]"},
                          trains={1: "[12|5]", 2: "[12|6]", 3: "[12|7]", MEXICAN: "[12|8]"})
    play_through(session, "pass")
    rec = last_deal_end(session)
    assert rec["deal_end"] == {"reason": "block", "penalties": {"1": 3, "2": 7, "3": 1}}


def test_MT16_a_round_of_passes_alone_is_not_a_block():
    session = mt_position(3, hands={1: "[3|9]", 2: "[1|2]", 3: "[1|4]"},
                          trains={1: "[12|5]", 2: "[12|9]", 3: "[12|7]", MEXICAN: "[12|8]"})
    play_through(session, "pass", "pass", "pass")  # seat 1 could play on 2 only if marked
    assert last_deal_end(session) is None
    assert session.to_act() == 1 and legal(session) == {P("3|9", 2)}


def test_MT16_an_impossible_obligation_is_a_block():
    session = mt_position(3, hands={1: "[5|6]", 2: "[8|1]", 3: "[7|2]"},
                          trains={1: "[12|5]", 2: "[12|6]", 3: "[12|7]", MEXICAN: "[12|4] [4|4]"})
    assert legal(session) == {PASS}  # [5|6] fits, but nobody holds a 4
    play_through(session, "pass")
    assert last_deal_end(session)["deal_end"]["reason"] == "block"


def test_MT16_an_obligation_someone_can_answer_is_not_a_block():
    session = mt_position(3, hands={1: "[5|6]", 2: "[8|1]", 3: "[4|2] [0|3]"},
                          trains={1: "[12|5]", MEXICAN: "[12|4] [4|4]"})
    play_through(session, "pass", "pass")
    assert last_deal_end(session) is None and legal(session) == {P("4|2", MEXICAN)}


def test_MT16_no_block_while_the_boneyard_has_tiles():
    session = mt_position(2, hands={1: "[1|2]", 2: "[3|4]"},
                          trains={1: "[12|5]", 2: "[12|6]", MEXICAN: "[12|8]"},
                          stock="[0|1] [0|2]")
    play_through(session, "draw", "pass")
    assert last_deal_end(session) is None and session.to_act() == 2
    play_through(session, "draw", "pass")  # the boneyard is now empty: block
    assert last_deal_end(session)["deal_end"]["reason"] == "block"


def test_MT16_going_out_into_a_blocked_table_counts_as_out():
    session = mt_position(2, hands={1: "[5|6]", 2: "[1|2]"}, trains={1: "[12|5]"})
    play_through(session, P("5|6", 1))  # nothing left fits anywhere either
    assert last_deal_end(session)["deal_end"] == {"reason": "out",
                                                  "penalties": {"1": 0, "2": 3}}


# --------------------------------------------------------------------- MT-17


def test_MT17_penalty_is_the_pips_left_and_double_blank_counts_zero():
    session = mt_position(3, hands={1: "[5|6]", 2: "[0|0]", 3: "[6|6] [0|1]"},
                          trains={1: "[12|5]"}, totals={1: 10, 2: 5, 3: 7})
    play_through(session, P("5|6", 1))
    rec = last_deal_end(session)
    assert rec["deal_end"]["penalties"] == {"1": 0, "2": 0, "3": 13}
    assert rec["totals"] == {"1": 10, "2": 5, "3": 20}  # no bonus for going out
    assert session.view(2).totals[1:] == (10, 5, 20)


@pytest.mark.parametrize("players,seed", [(3, 21), (8, 22)])
def test_MT17_totals_are_the_sums_of_each_deals_pips_left(players, seed):
    session = seeded_match(players, seed)
    ends = [h for h in session.state.history if h[0] == "deal_end"]
    totals = [0] * (players + 1)
    for _, _, penalties, after, hands_left in ends:
        for s in range(1, players + 1):
            assert penalties[s] == sum(x[0] + x[1] for x in hands_left[s])
            totals[s] += penalties[s]
        assert list(after) == totals


# --------------------------------------------------------------------- MT-18


def test_MT18_equal_lowest_totals_share_the_win_after_13_deals():
    session = mt_position(3, hands={1: "[0|5]", 2: "[2|3]", 3: "[1|1]"}, deal=13,
                          totals={1: 40, 2: 35, 3: 39})
    assert session.view(1).engine == 0
    play_through(session, P("0|5", 1))
    assert session.match_over()
    end = session.state.records[-1]["match_end"]
    assert end == {"winners": [1, 2], "totals": {"1": 40, "2": 40, "3": 41}}
    with pytest.raises(NoDecisionError):
        session.apply(PASS)


def test_MT18_the_single_lowest_total_wins():
    session = mt_position(2, hands={1: "[0|5]", 2: "[2|3]"}, deal=13, totals={1: 90, 2: 80})
    play_through(session, P("0|5", 1))
    assert session.state.records[-1]["match_end"]["winners"] == [2]


def test_MT18_points_never_end_the_match_early():
    session = end_deal_position(3, deal=1, totals={1: 500, 2: 999, 3: 0})
    assert not session.match_over() and session.pending_chance() == "deal"
    session.supply(rig_deal(3, deal=2))
    assert session.view(1).deal_no == 2 and session.to_act() == 1


def test_MT18_deal_12_is_not_the_end():
    session = end_deal_position(2, deal=12)
    assert not session.match_over() and session.pending_chance() == "deal"


# --------------------------------------------------------------------- MT-19


def test_MT19_first_turn_is_never_limited_to_one_tile():
    session = _first_turn_session()
    play_through(session, P("12|5", 1))
    assert session.to_act() == 1 and P("5|7", 1) in legal(session)


def test_MT19_no_play_on_another_players_unmarked_train():
    session = mt_position(3, hands={1: "[7|1]", 2: "[0|0]", 3: "[0|1]"},
                          trains={2: "[12|7]"}, stock="[0|2]")
    assert legal(session) == {DRAW}
    with pytest.raises(IllegalActionError):
        session.apply(P("7|1", 2))


def test_MT19_no_second_draw_and_no_draw_with_a_play():
    session = mt_position(2, hands={1: "[12|1]", 2: "[0|0]"}, stock="[0|2] [0|3]")
    with pytest.raises(IllegalActionError):
        session.apply(DRAW)
    session = mt_position(2, hands={1: "[1|1]", 2: "[0|0]"}, stock="[0|2] [0|3]")
    play_through(session, "draw")
    with pytest.raises(IllegalActionError):
        session.apply(DRAW)


def test_MT19_double_blank_is_never_worth_50():
    session = mt_position(3, hands={1: "[5|6]", 2: "[0|0] [0|1]", 3: "[0|2]"},
                          trains={1: "[12|5]"})
    play_through(session, P("5|6", 1))
    assert last_deal_end(session)["deal_end"]["penalties"] == {"1": 0, "2": 1, "3": 2}


def test_MT19_fewer_tiles_are_never_accepted():
    session = Session(Config("mexican_train", 4, 1), chance="external")
    nine = double_set(9)
    with pytest.raises(InvalidDealError):
        session.supply(Deal(tuple(tuple(nine[i * 13:(i + 1) * 13]) for i in range(4)), nine[52:]))


@pytest.mark.parametrize("players,seed", [(2, 31), (4, 32), (7, 33), (10, 34)])
def test_MT19_nothing_forbidden_is_ever_offered_in_seeded_matches(players, seed):
    """Over whole random matches: no draw in the first round, no play on another
    seat's unmarked train except an owed double, no marker lifted by anyone but
    its owner on their own train, turns never reversed, only the four kinds."""
    session = Session(Config("mexican_train", players, seed))
    rng = stream(seed, "mt19")
    while not session.match_over():
        state = session.state
        seat = session.to_act()
        acts = session.legal_actions()
        assert {a.kind for a in acts} <= {"play", "draw", "pass", "end_chain"}
        if state.first_round:
            assert DRAW not in acts
            assert all(a.train == seat for a in acts if a.kind == "play")
        owed = state.obligations[0] if state.obligations and not state.extra else None
        for a in acts:
            if a.kind == "play" and a.train not in (MEXICAN, seat):
                assert state.marked[a.train] or a.train == owed
        before_marks = list(state.marked)
        deal_before = state.deal_no
        action = acts[rng.randrange(len(acts))]
        session.apply(action)
        state = session.state
        if state.deal_no == deal_before and state.phase == "play":
            for s in range(1, players + 1):
                if before_marks[s] and not state.marked[s]:
                    assert action.kind == "play" and action.train == s == seat
            nxt = session.to_act()
            assert nxt in (seat, seat % players + 1)


# --------------------------------------------------------------------- MT-20


def test_MT20_restart_deal_keeps_hands_boneyard_search_and_earlier_penalties():
    session = end_deal_position(3, deal=1, loser_hand="[4|5]")
    assert session.view(1).totals[1:] == (0, 9, 0)
    stock = "[1|2] [1|3] [1|4] [11|11] [0|2]"
    session.supply(rig_deal(3, deal=2, engine_seat=None, stock=stock))
    start = session.state.clone()
    assert search_seats(session) == [2, 3, 1, 2, 3, 1]
    acts = []
    rng = stream(5, "mt20")
    while len(acts) < 12 and session.to_act() is not None:
        legal_now = session.legal_actions()
        acts.append(legal_now[rng.randrange(len(legal_now))])
        session.apply(acts[-1])
    session.restart_deal()
    st = session.state
    assert st.hands == start.hands and st.stock == start.stock and st.pos == start.pos
    assert st.totals == start.totals == [0, 0, 9, 0]
    assert st.history == start.history and st.turn == start.turn
    play_through(session, *acts)
    again = session.state.clone()
    session.restart_deal()
    play_through(session, *acts)
    assert session.state.hands == again.hands and session.state.trains == again.trains


def test_MT20_restart_in_a_seeded_match_replays_the_same_deal():
    session = Session(Config("mexican_train", 5, 41))
    play_randomly(session, 41, stop=lambda s: s.state.deal_no == 3)
    start = session.state.clone()
    assert any(start.totals[1:])  # earlier penalties exist
    play_randomly(session, 42, stop=lambda s: len(s.state.history) > len(start.history) + 20)
    session.restart_deal()
    st = session.state
    assert (st.deal_no, st.hands, st.stock, st.pos, st.totals, st.turn) == (
        start.deal_no, start.hands, start.stock, start.pos, start.totals, start.turn)


def test_MT20_next_match_starts_at_12_12_with_zero_totals_and_keeps_the_log():
    session = seeded_match(3, 51)
    first_totals = list(session.state.totals)
    assert any(first_totals[1:])
    log_len = len(session.log)
    session.next_match()
    view = session.view(1)
    assert (view.match_no, view.deal_no, view.engine) == (2, 1, 12)
    assert view.totals[1:] == (0, 0, 0)
    assert ("match_end",) == session.state.history[
        max(i for i, h in enumerate(view.history) if h[0] == "match_end")][:1]
    assert ("match", 1) in view.history and ("match", 2) in view.history
    assert len(session.log) > log_len  # the earlier match's decisions are still there
    assert any("match_end" in r for r in session.state.records)


def test_MT20_next_match_only_once_the_match_is_over():
    session = Session(Config("mexican_train", 3, 52))
    with pytest.raises(NoDecisionError):
        session.next_match()


# ------------------------------------------- an independent referee (MT-6..16)


class Referee:
    """A second, deliberately plain reading of MT-6..MT-16, fed one decision at a time.

    It shares no code with the engine: it rebuilds trains, markers, first
    turns, open doubles and turn ends from the decisions alone; it is told
    only the hands and the boneyard count.
    """

    def __init__(self, session: Session) -> None:
        v = session.view(1)
        self.n, self.engine = v.players, v.engine
        self.ends = {k: v.engine for k in [MEXICAN, *range(1, self.n + 1)]}
        self.double_at = {}  # train -> when its last tile, a double, was placed
        self.placed = 0
        self.marked: set[int] = set()
        self.first_turns = 0
        self.owed: list = []
        self.chain, self.drew, self.extra = 0, False, False
        self.turn = [h for h in v.history if h[0] == "engine"][-1][1]

    @property
    def first_round(self) -> bool:
        return self.first_turns < self.n

    def expected(self, seat: int, hand, boneyard: int) -> set[Action]:
        if self.first_round:
            acts = {Action("play", x, seat) for x in hand if self.ends[seat] in x}
            if self.chain:
                return acts | {END_CHAIN}
            return acts or {PASS}
        if self.owed:
            key = self.owed[0]
            allowed = [key]
        else:
            allowed = [MEXICAN, seat] + [s for s in sorted(self.marked) if s != seat]
        acts = {Action("play", x, k) for x in hand for k in allowed if self.ends[k] in x}
        if acts:
            return acts
        return {DRAW} if not self.drew and boneyard else {PASS}

    def apply(self, seat: int, action: Action, hands, boneyard: int) -> str | None:
        """Returns "out"/"block" when the deal must end after this decision."""
        turn_over = False
        if action.kind == "play":
            x, k = action.tile, action.train
            e = self.ends[k]
            self.ends[k] = x[1] if x[0] == e else x[0]
            self.placed += 1
            if x[0] == x[1]:
                self.double_at[k] = self.placed
            else:
                self.double_at.pop(k, None)
            if k == seat:
                self.marked.discard(seat)
            self.drew = False
            if not hands[seat]:
                turn_over = True
            elif self.first_round:
                self.chain += 1
            elif x[0] == x[1]:
                self.extra = True
            else:
                turn_over = True
        elif action.kind == "draw":
            self.drew = True
        elif action.kind == "pass":
            self.marked.add(seat)
            turn_over = True
        elif action.kind == "end_chain":
            turn_over = True
        if not turn_over:
            return None
        self.chain, self.drew, self.extra = 0, False, False
        if self.first_round:
            self.first_turns += 1
        self.turn = seat % self.n + 1
        if self.first_round:
            return None
        if any(not h for h in hands[1:]):
            return "out"
        self.owed = [k for k, _ in sorted(self.double_at.items(), key=lambda kv: kv[1])]
        if boneyard == 0:
            numbers = {self.ends[self.owed[0]]} if self.owed else set(self.ends.values())
            if not any(x[0] in numbers or x[1] in numbers for h in hands[1:] for x in h):
                return "block"
        return None


def _eager(legal_now, rng):
    """Long first-turn chains and many doubles, to reach the rarer MT-9/13/14 paths."""
    plays_now = [a for a in legal_now if a.kind == "play"]
    if not plays_now:
        return legal_now[rng.randrange(len(legal_now))]
    doubles = [a for a in plays_now if a.tile[0] == a.tile[1]]
    pool = doubles if doubles and rng.random() < 0.8 else plays_now
    return pool[rng.randrange(len(pool))]


def _uniform(legal_now, rng):
    return legal_now[rng.randrange(len(legal_now))]


@pytest.mark.parametrize("players,seed,policy", [(p, 600 + p, _uniform) for p in range(2, 11)]
                         + [(p, 700 + p, _eager) for p in range(2, 11)])
def test_MT6_to_MT16_engine_agrees_with_an_independent_referee(players, seed, policy):
    session = Session(Config("mexican_train", players, seed))
    rng = stream(seed, "referee")
    ref, deal_no, decisions = None, 0, 0
    while not session.match_over():
        state = session.state
        if state.deal_no != deal_no:
            deal_no = state.deal_no
            ref = Referee(session)
        seat = session.to_act()
        assert seat == ref.turn
        view = session.view(seat)
        assert len(view.legal) == len(set(view.legal))
        assert set(view.legal) == ref.expected(seat, view.hand, view.boneyard)
        assert view.first_round == ref.first_round
        action = policy(view.legal, rng)
        ends_before = sum(1 for r in state.records if "deal_end" in r)
        # hands after the decision, worked out from before it (a finished
        # deal is followed at once by the next seeded deal)
        hands = [list(h) for h in state.hands]
        boneyard = view.boneyard
        session.apply(action)
        state = session.state
        decisions += 1
        if action.kind == "play":
            hands[seat].remove(action.tile)
        elif action.kind == "draw":  # a draw never ends a deal
            hands[seat] = list(state.hands[seat])
            boneyard -= 1
        ended = ref.apply(seat, action, hands, boneyard)
        deal_ends = [r["deal_end"] for r in state.records if "deal_end" in r]
        if ended:
            assert len(deal_ends) == ends_before + 1 and deal_ends[-1]["reason"] == ended
            deal_no = -1
        else:
            assert len(deal_ends) == ends_before
            assert [train_key(ti) for ti in state.obligations] == ref.owed
            assert {s for s in range(1, players + 1) if state.marked[s]} == ref.marked
    assert decisions > 100


# ------------------------------------------------------- the position fixture


def test_fixture_reads_tiles_in_any_common_spelling():
    assert tiles("[12|5] 5-5, 7:3") == [tile(5, 12), tile(5, 5), tile(3, 7)]
    with pytest.raises(ValueError):
        tiles("[12|5] five")


def test_fixture_refuses_impossible_positions():
    with pytest.raises(ValueError):
        mt_position(2, trains={1: "[12|5] [6|7]"})  # [6|7] does not match 5
    with pytest.raises(ValueError):
        mt_position(2, hands={1: "[1|2]", 2: "[2|1]"})  # the same tile twice
    with pytest.raises(ValueError):
        mt_position(2, trains={1: "[12|5] [5|5]"}, doubles_order=[2])


def test_fixture_describe_shows_trains_markers_and_hands():
    session = mt_position(2, hands={1: "[5|3]", 2: "[1|1]"},
                          trains={1: "[12|5] [5|5]"}, markers=[1])
    text = describe(session)
    assert "train 1: [12|5] [5|5] -> 5 *marked*" in text
    assert "owed (oldest first): [1]" in text and "seat 2 (0): [1|1]" in text


def test_fixture_undo_and_restart_come_back_to_the_built_position():
    session = mt_position(2, hands={1: "[12|3] [3|4]", 2: "[1|1]"}, stock="[0|1]")
    play_through(session, P("12|3", 1))
    session.undo()
    assert hand(session, 1) == tiles("[12|3] [3|4]") and session.to_act() == 1
    play_through(session, P("12|3", MEXICAN), "draw")
    session.restart_deal()
    assert hand(session, 2) == tiles("[1|1]") and end_of(session, MEXICAN) == 12
