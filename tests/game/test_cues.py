"""game.cues (issue 14): the sounds of an applied entry, from the public history alone."""
from __future__ import annotations

import io
import random

import pytest

from game.cues import (DEAL, DOUBLE, DRAW, HAND_END, MARKER_OFF, MARKER_UP, MATCH_WIN, PASS, PLACE, TURN,
                       actor, cues_for, cues_of, cues_since, groups, last_groups, turn_cue)
from rules import selfplay
from rules.actions import Action
from rules.chance import Deal, LeadDraw, NextMatch
from rules.events import as_event
from rules.session import Config, Session
from session_probe import random_step


def events(*entries: tuple) -> tuple:
    """A group written out by hand, as the records the games append (rules.events)."""
    return tuple(as_event(e) for e in entries)

GAMES = [("mexican_train", 2), ("mexican_train", 4), ("mexican_train", 10), ("cuban", 4), ("jamaican", 4)]


def played_match(game: str, players: int, seed: int) -> Session:
    policy = selfplay.resolve_policy("random")
    return selfplay.run(Config(game, players, seed), 1, [policy], io.StringIO())


def step_until(session: Session, wanted, rng: random.Random, limit: int = 5000) -> Action:
    """Random decisions until ``wanted(action, session)`` is legal; apply that one and return it."""
    for _ in range(limit):
        for action in session.legal_actions():
            if wanted(action, session):
                session.apply(action)
                return action
        random_step(session, rng)
    raise AssertionError("never legal")


def last_cues(session: Session) -> list[str]:
    return cues_for(session, session.cursor - 1)


@pytest.mark.parametrize("game,players", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_one_history_group_per_log_entry(game, players, seed):
    """The split is exact: group i opens with log entry i's own event, for every entry of a match."""
    session = played_match(game, players, seed)
    found = groups(session.view(1).history)
    assert len(found) == len(session.log)
    heads = {"deal": Deal, "lead_draw": LeadDraw, "match": NextMatch}
    for entry, group in zip(session.log, found):
        if isinstance(entry, Action):
            assert group[0][0] == entry.kind and actor(group) == group[0][1]
        else:
            assert isinstance(entry, heads[group[0][0]]) and actor(group) is None


@pytest.mark.parametrize("game,players", GAMES)
def test_the_split_follows_undo_redo_and_the_next_match(game, players):
    session, rng = Session(Config(game, players, 9)), random.Random(9)
    for n in range(1500):
        random_step(session, rng)
        if n % 7 == 3:
            session.undo()
        if n % 11 == 5:
            session.redo()
        assert len(groups(session.view(1).history)) == session.cursor


@pytest.mark.parametrize("game,players", GAMES)
def test_every_entry_of_a_match_has_the_cues_its_events_call_for(game, players):
    session = played_match(game, players, 3)
    history = session.view(1).history
    all_groups = groups(history)
    for index, (entry, group) in enumerate(zip(session.log, all_groups)):
        cues = cues_of(group)
        if index >= len(all_groups) - 5:
            assert cues_for(session, index) == cues
        kinds = [e[0] for e in group]
        if isinstance(entry, Deal):
            assert cues[0] == DEAL
        if isinstance(entry, Action) and entry.kind == "play":
            assert cues[0] == (DOUBLE if entry.tile[0] == entry.tile[1] else PLACE)
        if isinstance(entry, Action) and entry.kind in ("draw", "pass"):
            assert cues[0] == entry.kind
        assert (MARKER_UP in cues) == ("mark" in kinds) and (MARKER_OFF in cues) == ("unmark" in kinds)
        assert (HAND_END in cues) == ("deal_end" in kinds and "match_end" not in kinds)
        assert (MATCH_WIN in cues) == ("match_end" in kinds)
    assert last_groups(history, 3) == list(enumerate(all_groups))[-3:]
    assert MATCH_WIN in cues_since(history, 1)


@pytest.mark.rule("MT-11")
def test_mt_draw_then_pass_knocks_and_raises_the_marker():
    session, rng = Session(Config("mexican_train", 4, 21)), random.Random(1)
    step_until(session, lambda a, s: a.kind == "draw" and not s.view(s.to_act()).train(s.to_act()).marked, rng)
    assert last_cues(session) == [DRAW]
    if session.legal_actions() == [Action("pass")]:
        session.apply(Action("pass"))
        assert last_cues(session) == [PASS, MARKER_UP]


@pytest.mark.rule("MT-12")
def test_mt_a_play_on_the_own_marked_train_takes_the_marker_off():
    session, rng = Session(Config("mexican_train", 3, 4)), random.Random(4)

    def own_marked(a, s):
        seat = s.to_act()
        return a.kind == "play" and a.train == seat and s.view(seat).train(seat).marked

    action = step_until(session, own_marked, rng)
    assert last_cues(session)[:2] == [DOUBLE if action.tile[0] == action.tile[1] else PLACE, MARKER_OFF]


@pytest.mark.rule("MT-13")
def test_mt_a_double_clacks():
    session, rng = Session(Config("mexican_train", 4, 5)), random.Random(5)
    step_until(session, lambda a, s: a.kind == "play" and a.tile[0] == a.tile[1], rng)
    assert last_cues(session)[0] == DOUBLE


@pytest.mark.rule("MT-5")
def test_mt_a_deal_shuffles_and_the_start_search_draws():
    session = Session(Config("mexican_train", 9, 0))
    seen = [cues_of(g) for g in groups(session.view(1).history)]
    assert seen and seen[0][0] == DEAL
    group = groups(session.view(1).history)[0]
    assert (DRAW in seen[0]) == any(e[0] == "search" for e in group)
    assert cues_of(events(("deal", 1, 12), ("engine", 2, (12, 12)), ("search", 1), ("search", 2))) == [DEAL, DRAW]


@pytest.mark.rule("CU-4")
def test_cuban_lead_draw_accept_and_lead():
    session = Session(Config("cuban", 4, 2))
    first = groups(session.view(1).history)[0]
    assert first[0][0] == "lead_draw" and cues_of(first) == [DRAW]
    rng = random.Random(2)
    step_until(session, lambda a, s: a.kind == "accept", rng)
    assert last_cues(session) == []
    step_until(session, lambda a, s: a.kind == "lead", rng)
    assert last_cues(session) == []
    step_until(session, lambda a, s: a.kind == "pass", rng)
    assert last_cues(session)[0] == PASS


@pytest.mark.rule("CU-7")
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_line_games_hand_end_and_match_win(game):
    session = played_match(game, 4, 6)
    found = [cues_of(g) for g in groups(session.view(1).history)]
    assert found[-1][-1] == MATCH_WIN and HAND_END not in found[-1]
    assert any(c and c[-1] == HAND_END for c in found)
    assert cues_of(events(("play", 1, (3, 3), "L", (3, 3)))) == [DOUBLE]
    assert cues_of(events(("play", 2, (3, 5), "R", (3, 5)), ("deal_end", "out", (0,) * 5, (0, 0, 0), (), 1, 9))) == [PLACE, HAND_END]
    assert cues_of(events(("pass", 2), ("deal_end", "block", (0,) * 5, (0, 0, 0), (), None, 0),
                           ("match_end", (1,), (0, 100, 0), None))) == [PASS, MATCH_WIN]


@pytest.mark.rule("JA-2")
def test_jamaican_pose_is_a_double():
    session = Session(Config("jamaican", 4, 3))
    session.apply(session.legal_actions()[0])  # JA-2: the first hand opens with [6|6]
    assert last_cues(session) == [DOUBLE]


def test_the_turn_cue_sounds_when_a_human_gets_the_decision_not_during_their_own_chain():
    session, rng = Session(Config("mexican_train", 4, 8)), random.Random(8)
    while True:
        before = session.to_act()
        random_step(session, rng)
        after = session.to_act()
        cue = turn_cue(session, humans={after} if after else set())
        if after is not None and after == before and isinstance(session.log[-1], Action):
            assert cue == []  # MT-8 chain or MT-13 extra play: the same seat goes on
            break
        assert cue == ([TURN] if after is not None else [])
    assert turn_cue(session, humans=set()) == []


def test_cues_for_refuses_an_entry_not_applied():
    session = Session(Config("jamaican", 4, 1))
    with pytest.raises(ValueError):
        cues_for(session, session.cursor)
