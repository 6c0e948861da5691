"""The Mexican Train player on hand-built positions (MT-8, MT-10..MT-14; issue 4).

Each position is a real ``MexicanTrain`` state written field by field, and
the bot gets only ``state.view(seat)``.  Where it matters the test also shows
that the greedy policy would choose differently, so the test can fail.
"""
from __future__ import annotations

import random

import pytest

from rules import bots
from rules.actions import END_CHAIN, Action
from rules.events import as_event
from rules.policies import greedy_policy
from rules.tiles import tile
from rules.variants.mexican_train import FULL_SET, PLAYING, MexicanTrain, train_index


def T(text: str):
    return [tile(*map(int, part.split("|"))) for part in text.split()]


def position(hand: str, trains: dict | None = None, *, seat: int = 1, players: int = 4,
             marked: tuple = (), obligations: tuple = (), first_round: bool = False,
             chain: int = 0, extra: bool = False, engine: int = 12, others: int = 8):
    """A state with ``seat`` to act; ``trains`` maps a key to its tiles from the station."""
    st = MexicanTrain(players)
    st.apply_chance(st.sample_chance(1))
    mine = T(hand)
    on_table = {k: T(v) for k, v in (trains or {}).items()}
    used = set(mine) | {t for ts in on_table.values() for t in ts} | {tile(engine, engine)}
    rest = [t for t in FULL_SET if t not in used]
    st.engine = engine
    st.hands = [[] for _ in range(players + 1)]
    st.hands[seat] = mine
    i = 0
    for s in range(1, players + 1):
        if s != seat:
            st.hands[s] = rest[i:i + others]
            i += others
    st.stock, st.pos = rest[i:], 0
    st.trains = [[] for _ in range(players + 1)]
    st.ends = [engine] * (players + 1)
    st.open_double = [-1] * (players + 1)
    for k, ts in on_table.items():
        ti = train_index(k)
        end = engine
        for t in ts:
            end = t.other(end)
        st.trains[ti], st.ends[ti] = ts, end
    for n, k in enumerate(obligations):
        st.open_double[train_index(k)] = n + 1
    st.placed = len(obligations) + 1
    st.obligations = [train_index(k) for k in obligations]
    st.marked = [False] * (players + 1)
    for k in marked:
        st.marked[train_index(k)] = True
    st.first_round, st.first_done = first_round, (0 if first_round else players)
    st.chain, st.extra, st.drawn = chain, extra, False
    st.turn, st.phase = seat, PLAYING
    st._legal = None
    return st


def pick(st, level="normal"):
    return bots.choose(st.view(st.turn), level, random.Random(1))


def test_mt8_first_chain_is_the_longest_trail_not_the_heaviest_tile():
    """MT-8: in the first turn the bot starts the chain that sheds the most, not the heaviest tile."""
    st = position("12|11 12|1 1|2 2|3 3|4 0|0 5|9", first_round=True)
    assert greedy_policy(st.view(1), random.Random(0)).tile == tile(11, 12)
    assert pick(st) == Action("play", tile(1, 12), 1)


def test_mt8_bot_follows_its_planned_chain_to_the_end():
    """MT-8: called once per decision, the bot plays the whole trail and then ends the chain."""
    st = position("12|11 12|1 1|2 2|3 3|4 0|0 5|9", first_round=True)
    played = []
    while True:
        a = pick(st)
        st.apply_action(a)
        if a == END_CHAIN or st.turn != 1:
            break
        played.append(a.tile)
    assert played[:4] == T("1|12 1|2 2|3 3|4")


def test_mt10_sheds_an_orphan_on_the_mexican_train_and_keeps_its_own_plan():
    """MT-10: a tile off the plan goes on the Mexican train; the plan tile stays for the own train."""
    st = position("12|3 3|5 5|6 0|9", {"mexican": "12|9"})
    assert greedy_policy(st.view(1), random.Random(0)).tile == tile(3, 12)
    assert pick(st) == Action("play", tile(0, 9), "mexican")


def test_mt14_satisfies_the_obligation_with_a_tile_off_its_plan():
    """MT-14: every legal play satisfies the double; the bot spends the tile it does not need."""
    st = position("4|5 0|5 1|2", {1: "12|4", "mexican": "12|5 5|5"}, obligations=("mexican",))
    legal = set(st.view(1).legal)
    assert legal == {Action("play", tile(4, 5), "mexican"), Action("play", tile(0, 5), "mexican")}
    assert greedy_policy(st.view(1), random.Random(0)).tile == tile(4, 5)
    assert pick(st) == Action("play", tile(0, 5), "mexican")


def test_mt13_plays_a_double_when_it_can_cover_it():
    """MT-13: a double with its own follow-up sheds two tiles this turn."""
    st = position("6|6 6|10 0|1", {"mexican": "12|6"})
    a = pick(st)
    assert a == Action("play", tile(6, 6), "mexican")
    st.apply_action(a)
    assert pick(st) == Action("play", tile(6, 10), "mexican")


def test_mt11_avoids_being_left_without_a_play_for_its_own_train():
    """MT-11: the bot does not spend the tile that would leave its other tile unplayable."""
    st = position("12|2 0|12", {"mexican": "12|2"})
    # [12|2] on the own train leaves [0|12] fitting nothing: a draw and a mark next turn.
    assert pick(st) != Action("play", tile(2, 12), 1)
    assert Action("play", tile(2, 12), 1) in st.view(1).legal


def test_mt12_a_marked_own_train_is_worth_lifting():
    """MT-12: unmarked, the bot sheds its orphan on the Mexican train; marked, it plays
    its own train first, because a marked train invites others onto its plan."""
    hand, trains = "12|5 5|8 3|7", {"mexican": "12|7"}
    assert pick(position(hand, trains)) == Action("play", tile(3, 7), "mexican")
    assert pick(position(hand, trains, marked=(1,))) == Action("play", tile(5, 12), 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_levels_all_make_the_obvious_first_chain_move(level):
    """easy still plays sensibly: with one chain start, every level starts its train."""
    st = position("12|5 5|6 6|7 1|3", first_round=True)
    assert pick(st, level).tile == tile(5, 12)


def test_mt11_mt14_draws_in_the_history_prove_voids():
    """MT-11/MT-14: a draw shows the seat had nothing for the ends it could use."""
    from rules.bots.train_plan import known_voids

    st = position("1|2 2|3", {"mexican": "12|5 5|5", 1: "12|4", 3: "12|3", 4: "12|6"},
                  marked=(2, 4))
    st.history = [as_event(e) for e in (
        ("deal", 1, 12), ("engine", 1, tile(12, 12)),
        ("play", 1, tile(5, 12), "mexican"),
        ("draw", 2), ("pass", 2), ("mark", 2),  # Mexican end 5, own end 12
        ("play", 3, tile(3, 12), 3), ("play", 4, tile(6, 12), 4),
        ("play", 1, tile(5, 5), "mexican"), ("play", 1, tile(4, 12), 1),
        ("draw", 4), ("pass", 4), ("mark", 4),  # the bare [5|5] binds seat 4 (MT-14)
    )]
    voids = known_voids(st.view(1))
    assert voids[2] == {5, 12}
    assert voids[4] == {5}
    assert voids[3] == set() and voids[1] == set()
