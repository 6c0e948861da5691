"""Hand-built Cuban and Jamaican positions for the rule tests (CU-*, JA-*).

Two ways in, both returning a real ``rules.Session`` with external chance:

``rigged(game, hands=..., draws=...)``
    Only the public API: Cuban lead draws (``LeadDraw``) and a deal
    (``Deal``) supplied through ``session.supply``.  Hands you do not fill
    completely are topped up from the tiles nobody named, in set order; the
    rest is Cuban's 15 unused tiles.

``line_position(game, hands=..., line=..., turn=...)``
    Deals through the API, then writes the hands, the line, the turn, the
    leader and the totals straight into the state, for positions that would
    take many moves to reach.  The built position becomes the session's
    deal-start snapshot, so ``undo()`` and ``restart_deal()`` come back to it.

Tiles are written as in ``mt_position``: ``"[6|5] 5-5"``.  A line is written
left to right with each tile as it lies, e.g. ``"6|6 6|2 2|0"`` (ends 6 and 0).
"""
from __future__ import annotations

import re
from typing import Mapping

from mt_position import t, tiles  # noqa: F401  (re-exported for the rule tests)
from rules.actions import ACCEPT, PASS, REDEAL, Action
from rules.chance import Deal, LeadDraw
from rules.line import PLAY, Line
from rules.session import Config, Session
from rules.tiles import Tile
from rules.variants import GAMES

__all__ = ["t", "tiles", "L", "R", "lead", "ACCEPT", "PASS", "REDEAL", "rig_deal", "rigged",
           "accept_all", "line_position", "lay", "legal", "play_through", "deal_ends",
           "last_deal_end"]

_PAIR_RE = re.compile(r"\[?\s*(\d+)\s*[|\-:,]\s*(\d+)\s*\]?")


def L(text: str) -> Action:
    """Play a tile on the left end (also the first tile of a hand)."""
    return Action("play", t(text), None, "L")


def R(text: str) -> Action:
    return Action("play", t(text), None, "R")


def lead(seat: int) -> Action:
    return Action("lead", seat=seat)


def rig_deal(game: str, hands: Mapping[int, str] | None = None) -> Deal:
    """A deal giving each seat its named tiles, topped up with unnamed tiles in set order."""
    state = GAMES[game](4)
    size = state.hand_size
    named = {s: tiles(text) for s, text in (hands or {}).items()}
    used = {x for h in named.values() for x in h}
    if len(used) != sum(len(h) for h in named.values()):
        raise ValueError("a tile is named twice")
    spare = [x for x in state.full_set if x not in used]
    out = []
    for s in (1, 2, 3, 4):
        h = list(named.get(s, []))
        while len(h) < size:
            h.append(spare.pop(0))
        out.append(tuple(h))
    return Deal(tuple(out), tuple(spare))


def rigged(game: str, hands: Mapping[int, str] | None = None,
           draws: tuple[tuple[str, str], ...] = (("4|5", "0|1"),), seed: int = 1) -> Session:
    """A session at the start of play of a rigged first hand (after the Cuban lead draws)."""
    session = Session(Config(game, 4, seed), chance="external")
    if game == "cuban":
        for a, b in draws:
            session.supply(LeadDraw((t(a), t(b))))
    session.supply(rig_deal(game, hands))
    return session


def accept_all(session: Session) -> None:
    """CU-4: every seat accepts its hand."""
    while session.state.phase == "accept":
        session.apply(ACCEPT)


def _pairs(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in _PAIR_RE.findall(text)]


def lay(line: Line, text: str) -> None:
    """Lay tiles so that ``line.tiles()`` reads ``text`` left to right."""
    pairs = _pairs(text)
    start = next(i for i, (a, b) in enumerate(pairs) if a <= b)
    line.place(t(f"{pairs[start][0]}|{pairs[start][1]}"), "L")
    for a, b in pairs[start + 1:]:
        assert line.fits(t(f"{a}|{b}"), "R") and line.right == a, f"{a}|{b} does not follow"
        line.place(t(f"{a}|{b}"), "R")
    for a, b in reversed(pairs[:start]):
        assert line.left == b, f"{a}|{b} does not precede"
        line.place(t(f"{a}|{b}"), "L")
    assert list(line.tiles()) == pairs


def line_position(game: str, hands: Mapping[int, str], line: str = "", turn: int = 1,
                  leader: int | None = None, totals: tuple[int, int] = (0, 0),
                  passes: int = 0, **state_fields) -> Session:
    """A session in the middle of a hand: given hands, line, seat to act and totals.

    ``state_fields`` sets game attributes such as ``right_to_lead`` (Cuban) or
    ``pose_required`` and ``representative`` (Jamaican).
    """
    session = rigged(game)
    state = session.state
    state.hands = [[]] + [tiles(hands.get(s, "")) for s in (1, 2, 3, 4)]
    state.line = Line(state.top)
    if line:
        lay(state.line, line)
    on_table = {t(f"{a}|{b}") for a, b in _pairs(line)}
    held = {x for h in state.hands for x in h}
    assert not on_table & held, "a tile is both in a hand and on the line"
    state.stock = tuple(x for x in state.full_set if x not in held and x not in on_table)
    state.phase = PLAY
    state.turn = turn
    state.leader = leader if leader is not None else turn
    state.passes = passes
    state.totals = [0, totals[0], totals[1]]
    for name, value in state_fields.items():
        assert hasattr(state, name), name
        setattr(state, name, value)
    state._legal = None
    session._snapshots[session.cursor] = state.clone()
    return session


def legal(session: Session) -> set[Action]:
    return set(session.legal_actions())


def play_through(session: Session, *moves: Action) -> Session:
    for m in moves:
        session.apply(m)
    return session


def deal_ends(session: Session) -> list[dict]:
    return [r for r in session.state.records if "deal_end" in r]


def last_deal_end(session: Session) -> dict | None:
    ends = deal_ends(session)
    return ends[-1] if ends else None


def hand(session: Session, seat: int) -> list[Tile]:
    return list(session.state.hands[seat])
