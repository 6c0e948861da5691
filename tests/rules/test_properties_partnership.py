"""Properties of Cuban (CU) and Jamaican (JA) over many seeded random matches.

- the set is conserved: hands, the line and Cuban's unused tiles always make
  up the whole set, each tile once (CU-1, CU-3, JA-1);
- a view never shows a hidden tile (UX-4): not another hand, not Cuban's 15
  unused tiles (CU-3), not the hidden part of a hand thrown in for a redeal
  (CU-4), and it does not change when only hidden things change;
- undo and redo round-trip (UX-6); restart hand comes back to the deal
  (CU-12, JA-9); save and load round-trip (rules/save.py);
- the same seed gives the same transcript, and the transcript replays through
  ``supply`` and ``apply`` to the same records (TRANSCRIPT.md).
"""
from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Config, Session, save
from rules.actions import ACCEPT, PASS, Action, action_from_json, lead
from rules.chance import Deal, LeadDraw
from rules.errors import NoDecisionError
from rules.policies import random_policy
from rules.selfplay import run
from rules.tiles import Tile, tile_from_json
from session_probe import full_fingerprint, tiles_in

GAMES = st.sampled_from(["cuban", "jamaican"])
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(game: str, seed: int, steps: int, check=None) -> Session:
    """A match of ``game`` from ``seed`` after ``steps`` random decisions (fewer if it ends),
    drawn from ``random.Random(seed)``; ``check(session)`` runs before each."""
    session = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if session.match_over():
            break
        if check:
            check(session)
        legal = session.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])
    return session


def check_conserved(session: Session) -> None:
    state = session.state
    held = [x for h in state.hands for x in h]
    laid = [Tile(*sorted(p)) for p in state.line.tiles()]
    everything = held + laid + list(state.stock)
    assert sorted(everything) == sorted(state.full_set)


def since_deal(history: tuple) -> tuple:
    """The events of the current hand: from the last deal on."""
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == "deal":
            return history[i:]
    raise AssertionError("no deal in the history")


def check_views(session: Session) -> None:
    """UX-4: the current hand's part of every view shows only public tiles."""
    state = session.state
    unused = set(state.stock)
    on_line = {Tile(*sorted(p)) for p in state.line.tiles()}
    for seat in (1, 2, 3, 4):
        view = session.view(seat)
        hidden = {x for s in (1, 2, 3, 4) if s != seat for x in state.hands[s]} | unused
        now = tiles_in(since_deal(view.history))
        shown = now | set(view.hand) | {a.tile for a in view.legal if a.tile is not None}
        assert not shown & hidden, f"seat {seat} sees {sorted(shown & hidden)}"
        assert now <= on_line
        assert {Tile(*sorted(p)) for p in view.line} == on_line
        assert set(view.hand) == set(state.hands[seat])
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert bool(view.legal) == (session.to_act() == seat)


def check_history_against_records(session: Session) -> None:
    """Past hands: a reveal never shows the unused tiles; a redeal shows only the doubles."""
    state = session.state
    deals = [r for r in state.records if "deal" in r]
    events = [e for e in state.history if e[0] in ("deal", "deal_end", "redeal")]
    current = None
    for e in events:
        if e[0] == "deal":
            current = next(r for r in deals if r["deal"] == e[1])
            deals.remove(current)
            continue
        stock = {tile_from_json(x) for x in current["stock"]}
        if e[0] == "deal_end":
            assert not tiles_in(e) & stock
        else:
            _, seat, doubles = e
            dealt = {tile_from_json(x) for x in current["hands"][str(seat)]}
            assert set(doubles) == {x for x in dealt if x.is_double} and len(doubles) >= 5


@settings(SETTINGS, max_examples=15)
@given(game=GAMES, seed=SEEDS)
def test_the_set_is_conserved_and_views_show_nothing_hidden(game, seed):
    def check(s):
        check_conserved(s)
        check_views(s)
    session = played(game, seed, 10_000, check)
    assert session.match_over()
    check_history_against_records(session)


@SETTINGS
@given(seed=SEEDS)
def test_cuban_redeal_hides_all_but_the_shown_doubles(seed):
    """CU-4 on a rigged deal: seat 1..4 with five doubles somewhere, a random demander."""
    rng = random.Random(seed)
    session = Session(Config("cuban", 4, seed), chance="external")
    while session.pending_chance() == "lead_draw":
        pair = rng.sample(list(session.state.full_set), 2)
        session.supply(LeadDraw((pair[0], pair[1])))
    full = list(session.state.full_set)
    doubles = [x for x in full if x.is_double]
    demander = rng.randint(1, 4)
    rng.shuffle(doubles)
    mine = doubles[:rng.randint(5, 7)]
    rest = [x for x in full if x not in mine]
    rng.shuffle(rest)
    hands = []
    for s in (1, 2, 3, 4):
        hands.append(tuple(mine + rest[:10 - len(mine)]) if s == demander else tuple(rest[-10:]))
        if s == demander:
            rest = rest[10 - len(mine):]
        else:
            rest = rest[:-10]
    session.supply(Deal(tuple(hands), tuple(rest)))
    for _ in range(demander - 1):
        session.apply(session.legal_actions()[0])  # accept
    session.apply(action_from_json({"kind": "redeal"}))
    hidden = {x for x in hands[demander - 1] if not x.is_double}
    for seat in (1, 2, 3, 4):
        view = session.view(seat)
        if seat != demander:
            # (the lead draws before the deal are public and may name any tile)
            assert not tiles_in((since_deal(view.history), view.hand, view.line, view.legal)) & hidden
        assert ("redeal", demander, tuple(x for x in hands[demander - 1] if x.is_double)) \
            in view.history
    assert session.pending_chance() == "deal"


@SETTINGS
@given(game=GAMES, seed=SEEDS)
def test_a_view_does_not_change_when_only_hidden_things_change(game, seed):
    """Reordering other hands and Cuban's unused tiles leaves a seat's view as it was."""
    rng = random.Random(seed)
    first = Session(Config(game, 4, seed))
    second = Session(Config(game, 4, seed), chance="external")
    for entry in first.log:
        if isinstance(entry, LeadDraw):
            second.supply(entry)
        elif isinstance(entry, Deal):
            seat = rng.randint(1, 4)
            hands = [tuple(h) if s == seat else tuple(rng.sample(h, len(h)))
                     for s, h in enumerate(entry.hands, start=1)]
            second.supply(Deal(tuple(hands), tuple(rng.sample(entry.stock, len(entry.stock)))))
    steps = rng.randint(0, 30)
    for _ in range(steps):
        if first.state.deal_no != 1 or first.match_over():
            break
        legal = first.legal_actions()
        action = legal[rng.randrange(len(legal))]
        first.apply(action)
        second.apply(action)
    if first.state.deal_no == 1:
        assert first.view(seat) == second.view(seat)


@SETTINGS
@given(game=GAMES, seed=SEEDS, steps=st.integers(1, 120), back=st.integers(1, 40))
def test_undo_and_redo_round_trip(game, seed, steps, back):
    session = played(game, seed, steps)
    before = full_fingerprint(session)
    undone = 0
    for _ in range(back):
        if not session.undo():
            break
        undone += 1
    for _ in range(undone):
        assert session.redo()
    assert full_fingerprint(session) == before


@SETTINGS
@given(game=GAMES, seed=SEEDS, steps=st.integers(1, 150))
def test_restart_hand_comes_back_to_the_deal_with_earlier_totals(game, seed, steps):
    """CU-12, JA-9: the same hands, the same totals, and the decisions after the deal again."""
    session = played(game, seed, steps)
    if session.match_over():
        return
    records = session.state.records
    at = max(i for i, r in enumerate(records) if "deal" in r)
    deal = records[at]
    before = [r for r in records[:at] if "match" in r or "totals" in r][-1]
    expected = before.get("totals", {"1": 0, "2": 0})
    session.restart_deal()
    state = session.state
    assert {str(s): [list(x) for x in state.hands[s]] for s in (1, 2, 3, 4)} == deal["hands"]
    assert len(state.line) == 0 and state.records == records[:at + 1]
    assert {"1": state.totals[1], "2": state.totals[2]} == expected
    assert state.phase in ("accept", "lead", "play")


@SETTINGS
@given(game=GAMES, seed=SEEDS, steps=st.integers(0, 200), back=st.integers(0, 5))
def test_save_and_load_round_trip(game, seed, steps, back):
    session = played(game, seed, steps)
    for _ in range(back):
        session.undo()
    loaded, meta = save.loads(save.dumps(session, {"note": "x"}))
    assert meta == {"note": "x"}
    assert full_fingerprint(loaded) == full_fingerprint(session)


def transcript(game: str, seed: int, matches: int = 1) -> str:
    out = io.StringIO()
    run(Config(game, 4, seed), matches, [random_policy], out)
    return out.getvalue()


@settings(max_examples=6, deadline=None)
@given(game=GAMES, seed=SEEDS)
def test_same_seed_same_transcript_and_it_replays(game, seed):
    text = transcript(game, seed, matches=2)
    assert transcript(game, seed, matches=2) == text
    lines = [json.loads(x) for x in text.splitlines()]
    assert lines[0] == {"transcript": 1, "game": game, "players": 4, "seed": seed}
    # replay: deals and lead draws through supply, decisions through apply
    session = Session(Config(game, 4, seed), chance="external")
    records = []
    for line in lines[1:]:
        if "seat" in line:
            assert session.to_act() == line["seat"]
            got = sorted(json.dumps(a.to_json(), sort_keys=True, separators=(",", ":"))
                         for a in session.legal_actions())
            assert got == [json.dumps(a, sort_keys=True, separators=(",", ":"))
                           for a in line["legal"]]
            session.apply(action_from_json(line["action"]))
            continue
        records.append(line)
        if "match" in line and line["match"] > 1:
            session.next_match()
        elif "lead_draw" in line:
            d = line["lead_draw"]
            session.supply(LeadDraw((tile_from_json(d["1"]), tile_from_json(d["2"]))))
        elif "deal" in line:
            hands = tuple(tuple(tile_from_json(x) for x in line["hands"][k]) for k in "1234")
            session.supply(Deal(hands, tuple(tile_from_json(x) for x in line["stock"])))
    assert session.state.records == records
    assert records[-1].get("match_end")


def expected_legal(view) -> set:
    """The legal set worked out again from the view alone (CU-4..CU-6, JA-2..JA-4)."""
    if view.phase == "accept":
        doubles = sum(x.is_double for x in view.hand)
        return {"accept"} | ({"redeal"} if doubles >= 5 else set())
    if view.phase == "lead":
        mates = (1, 3) if view.seat % 2 else (2, 4)
        return {("lead", s) for s in mates}
    if view.left_end is None:
        if view.pose_required:
            return {("play", Tile(6, 6), "L")}
        return {("play", x, "L") for x in view.hand}
    out = set()
    for x in view.hand:
        for end, number in (("L", view.left_end), ("R", view.right_end)):
            if number in x:
                out.add(("play", x, end))
    return out or {"pass"}


def as_key(action):
    if action.kind in ("accept", "redeal", "pass"):
        return action.kind
    if action.kind == "lead":
        return ("lead", action.seat)
    return ("play", action.tile, action.end)


@SETTINGS
@given(game=GAMES, seed=SEEDS)
def test_legal_sets_and_scores_follow_the_rules(game, seed):
    """The referee's legal sets match the rules worked out from the view, and every hand's
    score matches CU-7/CU-8 or JA-5..JA-7; six love never lets both teams hold points."""
    session = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    seen = 0
    while not session.match_over():
        seat = session.to_act()
        view = session.view(seat)
        assert {as_key(a) for a in view.legal} == expected_legal(view)
        assert len(set(view.legal)) == len(view.legal)
        session.apply(view.legal[rng.randrange(len(view.legal))])
        history = session.state.history
        for event in history[seen:]:
            if event[0] == "deal_end":
                _, reason, counts, totals, hands, winner, points = event
                assert counts == (0,) + tuple(sum(x.pips for x in h) for h in hands[1:])
                best = min(counts[1:])
                lowest_teams = {2 - s % 2 for s in (1, 2, 3, 4) if counts[s] == best}
                if reason == "block":
                    assert winner == (None if len(lowest_teams) > 1 else lowest_teams.pop())
                else:
                    assert any(not h for h in hands[1:]) and winner is not None
                if winner is None:
                    assert points == 0
                elif game == "cuban":
                    assert points == sum(counts[s] for s in ((2, 4) if winner == 1 else (1, 3)))
                else:
                    assert points in (1, 2) and (points == 1 or reason == "out")
            if game == "jamaican":
                assert min(session.state.totals[1:]) == 0  # JA-7
        seen = len(history)


@SETTINGS
@given(game=GAMES, seed=SEEDS)
def test_decisions_at_chance_steps_and_after_the_match_are_refused(game, seed):
    """No decision is taken while a deal (or Cuban's lead draw) is due or once the match is
    over, and nothing moves: ``Session.apply`` finds such an action in no legal list."""
    session = Session(Config(game, 4, seed), chance="external")
    assert session.pending_chance() is not None and session.legal_actions() == []
    before = full_fingerprint(session)
    first = Tile(0, 0)
    for action in (PASS, ACCEPT, lead(1), Action("play", first, None, "L")):
        with pytest.raises(NoDecisionError):
            session.apply(action)
        assert full_fingerprint(session) == before

    done = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    last: Action | None = None
    while not done.match_over():
        legal = done.legal_actions()
        last = legal[rng.randrange(len(legal))]
        done.apply(last)
    assert done.legal_actions() == [] and last is not None
    before = full_fingerprint(done)
    for action in (last, PASS, ACCEPT, lead(2)):
        with pytest.raises(NoDecisionError):
            done.apply(action)
        assert full_fingerprint(done) == before
