"""Issue 27: a phone is told what ``view(seat)`` tells that seat, and nothing else (UX-4).

Whole seeded matches of the three games are played by the rules' bots.  At every
decision, and at every deal's end as the table shows it (the view just after the
deal's last decision), ``phone_state`` is built for every seat and every tile in it
is checked against the full state, which only this test reads: no tile of another
seat's hand, and no tile of the boneyard (Cuban's unused tiles), appears in a seat's
state before it is public.  Partners are other seats too, so the check covers them
(Cuban, Jamaican).
"""
from __future__ import annotations

import json
import re

import pytest

from game.phones.protocol import phone_state
from rules import bots
from rules.actions import Action
from rules.rng import decision_stream
from rules.session import Config, Session
from rules.state import hidden_tiles

_TILE_TEXT = re.compile(r"(\d+)\|(\d+)")


def tiles_in(value: object) -> set[tuple[int, int]]:
    """Every tile a phone could read in a state: each list of two whole numbers (the
    protocol's rule: per-seat figures are objects), and any "a|b" in a text."""
    found: set[tuple[int, int]] = set()
    if isinstance(value, list):
        if len(value) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in value):
            found.add(tuple(sorted(value)))  # type: ignore[arg-type]
        for item in value:
            found |= tiles_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= tiles_in(item)
    elif isinstance(value, str):
        found |= {tuple(sorted((int(a), int(b)))) for a, b in _TILE_TEXT.findall(value)}  # type: ignore[misc]
    return found


def secret_tiles(state, seat: int) -> set[tuple[int, int]]:
    """What ``seat`` may not know: the other hands (partners' too) and the undrawn stock.
    At a deal's end the hands are public (UX-3) and only the stock stays hidden."""
    over = state.history and state.history[-1][0] in ("deal_end", "match_end")
    if over:
        pos = getattr(state, "pos", 0)
        return {tuple(t) for t in state.stock[pos:]}
    return {tuple(t) for t in hidden_tiles(state, seat)}


def check(session: Session, position: int | None, seat: int, names: list[str]) -> dict:
    full = session.state if position is None else session.state_at(position)
    source = session if position is None else session.view_at(position, seat)
    state = phone_state(source, seat, names=names)
    text = json.dumps(state)  # what goes on the wire
    sent = tiles_in(json.loads(text))
    leaked = sent & secret_tiles(full, seat)
    assert not leaked, f"seat {seat} would see {sorted(leaked)} at log position {position or session.cursor}"
    assert sorted(map(tuple, state["hand"])) == sorted(tuple(t) for t in full.hands[seat])
    return state


def play_match(game: str, players: int, seed: int, deals: int | None = None) -> tuple[int, int]:
    """Play one match (or its first ``deals`` deals) with the bots; check every seat's state
    at every decision and at every deal's end.  Returns the states checked and the deal ends."""
    session = Session(Config(game, players, seed))
    names = [f"P{s}" for s in range(1, players + 1)]
    checked = 0
    ended = 0
    reveals = 0
    while not session.match_over():
        for seat in range(1, players + 1):
            check(session, None, seat, names)
            checked += 1
        seat = session.to_act()
        assert seat is not None
        view = session.view(seat)
        action = bots.choose(view, "easy", decision_stream(seat * 7919 + seed, session.cursor))
        session.apply(action)
        # The deal's end as the table shows it: just after the last decision, before the
        # seeded session's next deal (``PlayState._view_at_deal_end``).
        end = _deal_end_position(session)
        if end is not None and end > ended:
            ended = end
            reveals += 1
            for s in range(1, players + 1):
                state = check(session, end, s, names)
                assert state["deal_end"] is not None, "the reveal is shown at the deal's end"
                checked += 1
            if deals is not None and sum(1 for e in session.state.history if e[0] == "deal_end") >= deals:
                break
    return checked, reveals


def _deal_end_position(session: Session) -> int | None:
    """The log position just after the decision that ended a deal, if the last one did."""
    log = session.log
    end = len(log)
    while end > 0 and not isinstance(log[end - 1], Action):
        end -= 1
    if end == len(log) and not session.match_over():
        return None  # no chance step followed the last decision: the deal goes on
    state = session.state_at(end)
    return end if state.history and state.history[-1][0] in ("deal_end", "match_end") else None


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game, players, seed, deals", [
    ("mexican_train", 4, 11, None),
    ("mexican_train", 2, 5, None),
    ("cuban", 4, 3, None),
    ("jamaican", 4, 8, None),
])
def test_no_phone_ever_sees_a_hidden_tile(game, players, seed, deals):
    checked, reveals = play_match(game, players, seed, deals)
    assert checked > 100 and reveals >= (deals or 1)


def test_the_scan_catches_a_leak():
    """The check above fails on a state that carries a partner's tile, written either way."""
    session = Session(Config("cuban", 4, 3))
    state = session.state
    partner_tile = state.hands[3][0]
    secret = secret_tiles(state, 1)
    assert tuple(partner_tile) in secret
    assert tiles_in({"x": [[partner_tile[1], partner_tile[0]]]}) & secret
    assert tiles_in({"note": f"holds {partner_tile[0]}|{partner_tile[1]}"}) & secret
    assert not tiles_in(phone_state(session, 1)) & secret


def test_a_drawn_tile_reaches_its_owner_only():
    """MT: the tile just drawn is in the drawer's state and in no other seat's (UX-2, UX-4)."""
    session = Session(Config("mexican_train", 3, 2))
    for _ in range(400):
        seat = session.to_act()
        legal = session.legal_actions()
        draw = next((a for a in legal if a.kind == "draw"), None)
        if draw is not None:
            before = set(session.view(seat).hand)
            session.apply(draw)
            drawn = (set(session.view(seat).hand) - before).pop()
            assert list(drawn) in phone_state(session, seat)["hand"]
            for other in range(1, 4):
                if other != seat:
                    assert tuple(drawn) not in tiles_in(phone_state(session, other))
            return
        session.apply(bots.choose(session.view(seat), "easy", decision_stream(1, session.cursor)))
    pytest.fail("no draw in 400 decisions")


def test_a_lead_draw_tile_dealt_again_is_not_shown_from_the_old_draw():
    """Cuban CU-2: the lead draw's tiles go back into the set; a phone's recent events start
    at the deal, so a tile drawn for the lead and now in another hand is not named."""
    session = Session(Config("cuban", 4, 3))
    assert any(e[0] == "lead_draw" for e in session.state.history)
    for seat in range(1, 5):
        assert not tiles_in(phone_state(session, seat)) & secret_tiles(session.state, seat)
