"""Hand-built Mexican Train positions for the rule tests (MT-1..MT-20).

Two ways in, both returning a real ``rules.Session``:

``rigged_session(players, hands=..., stock=...)``
    Goes only through the public API: ``Session(..., chance="external")`` and
    ``session.supply(Deal(...))``.  Hands you do not fill completely are topped
    up with "quiet" filler tiles (see ``rig_deal``), and the boneyard is your
    ``stock`` followed by every tile left over.  Use it for deals, start
    searches, engines and first turns.

``mt_position(players, hands=..., trains=..., turn=..., first_round=False)``
    Deals through the API, then writes the hands, boneyard, trains, markers,
    open doubles, turn and first-round status straight into the state, for
    positions that would take many moves to reach.  The built position becomes
    the session's deal-start snapshot, so ``undo()`` and ``restart_deal()``
    come back to it rather than to the throw-away deal underneath.  Chance is
    external: when the built deal ends, supply the next one (``rig_deal``).

Tiles are written as text: ``"[12|5] [5|5]"``, ``"12-5 5-5"`` or ``"12|5"``.
A train is written in line order from the station, e.g. ``{2: "[12|5] [5|9]"}``
gives seat 2's train open end 9.  Tiles named nowhere are simply not in a
``mt_position`` (it does not try to account for all 91).
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence, Union

from rules.actions import DRAW, END_CHAIN, PASS, Action
from rules.chance import Deal
from rules.events import EngineFound, MatchStart, TrainDeal
from rules.session import Config, Session
from rules.tiles import Tile, tile
from rules.variants.mexican_train import (
    FULL_SET,
    HAND_SIZE,
    MEXICAN,
    PLAYING,
    engine_of,
    train_index,
)

TileText = Union[str, Tile, Iterable[Tile]]
TrainKey = Union[int, str]

_TILE_RE = re.compile(r"\[?\s*(\d+)\s*[|\-:,]\s*(\d+)\s*\]?")

__all__ = [
    "DRAW", "END_CHAIN", "PASS", "MEXICAN",
    "t", "tiles", "P", "legal", "plays", "rig_deal", "rigged_session", "mt_position",
    "play_through", "hand", "end_of", "marked", "obligations", "last_deal_end", "describe",
]


def tiles(text: TileText | None) -> list[Tile]:
    """Parse ``"[12|5] [5|5]"`` (or ``"12-5 5-5"``) into interned tiles, in order."""
    if text is None:
        return []
    if isinstance(text, str):
        found = _TILE_RE.findall(text)
        rest = _TILE_RE.sub("", text).strip(" ,;\n\t")
        if rest:
            raise ValueError(f"cannot read tiles from {text!r} (left over: {rest!r})")
        return [tile(int(a), int(b)) for a, b in found]
    if isinstance(text, Tile):
        return [text]
    return [tile(*x) for x in text]


def t(text: str) -> Tile:
    """One tile: ``t("5|7") == t("[7|5]") == Tile(5, 7)``."""
    found = tiles(text)
    if len(found) != 1:
        raise ValueError(f"expected exactly one tile in {text!r}")
    return found[0]


def P(tile_text: str, train: TrainKey) -> Action:
    """The play action of one tile on a train (a seat number or ``"mexican"``)."""
    return Action("play", t(tile_text), train)


def legal(session: Session) -> set[Action]:
    """The legal actions as a set, for exact comparisons."""
    return set(session.legal_actions())


def plays(session: Session) -> set[tuple[Tile, TrainKey]]:
    """The legal plays as ``(tile, train)`` pairs."""
    return {(a.tile, a.train) for a in session.legal_actions() if a.kind == "play"}


def hand(session: Session, seat: int) -> list[Tile]:
    return list(session.view(seat).hand)


def end_of(session: Session, train: TrainKey) -> int:
    return session.view(1).train(train).open_end


def marked(session: Session) -> set[int]:
    v = session.view(1)
    return {tv.key for tv in v.trains if tv.marked and tv.key != MEXICAN}


def obligations(session: Session) -> list[TrainKey]:
    return list(session.view(1).obligations)


def last_deal_end(session: Session) -> dict | None:
    """The last ``deal_end`` record (reason and penalties), or None."""
    for rec in reversed(session.state.records):
        if "deal_end" in rec:
            return rec
    return None


def describe(session: Session) -> str:
    """A readable dump of the whole position (all hands!), for failing-test messages."""
    st = session.state
    v = session.view(1)
    lines = [f"deal {v.deal_no} (engine {v.engine}) phase {v.phase} to act {v.to_act} "
             f"first_round={v.first_round} chain={v.chain} extra={v.extra} "
             f"boneyard={v.boneyard} next: {' '.join(map(str, st.stock[st.pos:st.pos + 3]))}"]
    for tv in v.trains:
        mark = " *marked*" if tv.marked else ""
        line = " ".join(f"[{a}|{b}]" for a, b in tv.placed) or "(empty)"
        lines.append(f"  train {tv.key}: {line} -> {tv.open_end}{mark}")
    lines.append(f"  owed (oldest first): {list(v.obligations)}")
    for s in range(1, v.players + 1):
        lines.append(f"  seat {s} ({st.totals[s]}): {' '.join(map(str, st.hands[s]))}")
    lines.append(f"  legal: {sorted(map(str, session.legal_actions()))}")
    return "\n".join(lines)


def play_through(session: Session, *moves: Action | str) -> Session:
    """Apply moves in order; ``"draw"``, ``"pass"``, ``"end"`` are shorthands."""
    short = {"draw": DRAW, "pass": PASS, "end": END_CHAIN, "end_chain": END_CHAIN}
    for m in moves:
        session.apply(short[m] if isinstance(m, str) else m)
    return session


# ------------------------------------------------------------ rigged deals


def rig_deal(
    players: int,
    hands: Mapping[int, TileText] | None = None,
    stock: TileText | None = None,
    *,
    deal: int = 1,
    engine_seat: int | None = 1,
    quiet: Sequence[int] = (),
) -> Deal:
    """A complete, valid ``Deal`` built from partial wishes.

    ``hands[seat]`` lists tiles that seat must hold; ``stock`` is the head of
    the boneyard in draw order.  Every other tile is "free": the engine double
    of ``deal`` goes to ``engine_seat`` (``None`` leaves it free, so it ends up
    in the boneyard after the named head, which makes a start search), and the
    hands are topped up to the MT-2 size with the free tiles that carry neither
    the engine number nor a ``quiet`` number, lowest first (when those run
    out, tiles with a quiet number, and the engine number only as a last
    resort).  What is left follows the named stock head, in a fixed order.
    """
    hands = dict(hands or {})
    size = HAND_SIZE[players]
    engine_no = engine_of(deal)
    engine = tile(engine_no, engine_no)
    want = {s: tiles(hands.get(s)) for s in range(1, players + 1)}
    head = tiles(stock)
    named = [x for h in want.values() for x in h] + head
    if len(set(named)) != len(named):
        raise ValueError("a tile is named twice in the rigged deal")
    if engine not in named and engine_seat is not None:
        want[engine_seat].append(engine)
        named.append(engine)
    for s, h in want.items():
        if len(h) > size:
            raise ValueError(f"seat {s} is given {len(h)} tiles; the hand size is {size}")
    avoid = {engine_no, *quiet}
    free = [x for x in FULL_SET if x not in set(named)]
    # Quiet tiles first, then those with a quiet number, the engine number last.
    pool = sorted(free, key=lambda x: (engine_no in x, x[0] in avoid or x[1] in avoid))
    for s in range(1, players + 1):
        need = size - len(want[s])
        want[s] += pool[:need]
        del pool[:need]
    return Deal(tuple(tuple(want[s]) for s in range(1, players + 1)), tuple(head + pool))


def rigged_session(
    players: int,
    hands: Mapping[int, TileText] | None = None,
    stock: TileText | None = None,
    *,
    engine_seat: int | None = 1,
    quiet: Sequence[int] = (),
    seed: int = 0,
) -> Session:
    """A session whose first deal is rigged (see ``rig_deal``), via ``supply``."""
    session = Session(Config("mexican_train", players, seed), chance="external")
    session.supply(rig_deal(players, hands, stock, engine_seat=engine_seat, quiet=quiet))
    return session


# ----------------------------------------------------- directly set positions


def mt_position(
    players: int,
    hands: Mapping[int, TileText] | None = None,
    stock: TileText | None = None,
    trains: Mapping[TrainKey, TileText] | None = None,
    *,
    turn: int = 1,
    first_round: bool = False,
    engine_seat: int = 1,
    markers: Iterable[int] = (),
    doubles_order: Sequence[TrainKey] | None = None,
    chain: int = 0,
    drawn: bool = False,
    extra: bool = False,
    deal: int = 1,
    totals: Mapping[int, int] | None = None,
    allow_empty: bool = False,
    seed: int = 0,
) -> Session:
    """A session standing in a hand-built Mexican Train position.

    - ``hands``: seat -> tiles (seats not named hold nothing);
    - ``stock``: the boneyard in draw order (default empty);
    - ``trains``: train key -> tiles in line order from the station; each must
      match (the first one the engine number of ``deal``);
    - ``markers``: seats whose trains carry a marker;
    - ``doubles_order``: trains whose last tile is a double, in the real order
      those doubles were placed (oldest first); by default the Mexican train,
      then seats 1..N.  Outside the first round these are the MT-14
      obligations; inside it they wait (MT-9);
    - ``first_round``: with ``engine_seat`` (who placed the engine and so took
      the first first-turn), fixes how many first turns are done: every seat
      from ``engine_seat`` up to, not including, ``turn``;
    - ``chain`` (first-turn tiles already played by ``turn``), ``drawn`` (the
      one draw of MT-11 already made), ``extra`` (a double was just played and
      one more tile is owed, MT-13);
    - ``deal`` (engine 13-deal) and ``totals`` (earlier penalties);
    - ``allow_empty``: let a seat hold nothing (normally refused: outside the
      first round an empty hand ends the deal at the next turn end, MT-16).
    """
    # External chance: when the built deal ends, the test supplies the next deal.
    session = rigged_session(players, seed=seed)
    state = session.state
    n = players
    engine_no = engine_of(deal)

    state.deal_no = deal
    state.engine = engine_no
    state.hands = [[]] + [tiles((hands or {}).get(s)) for s in range(1, n + 1)]
    state.stock = tiles(stock)
    state.pos = 0
    state.ends = [engine_no] * (n + 1)
    state.trains = [[] for _ in range(n + 1)]
    state.open_double = [-1] * (n + 1)
    state.marked = [False] * (n + 1)
    for s in markers:
        state.marked[s] = True

    placed = 0
    for key, text in (trains or {}).items():
        ti = train_index(key)
        end = engine_no
        line = tiles(text)
        for x in line:
            if end not in x:
                raise ValueError(f"{x} does not match open end {end} on train {key!r}")
            end = x[1] if x[0] == end else x[0]
            placed += 1
        state.trains[ti] = line
        state.ends[ti] = end
    open_trains = [ti for ti in range(n + 1) if state.trains[ti] and state.trains[ti][-1].is_double]
    order = [train_index(k) for k in doubles_order] if doubles_order is not None else open_trains
    if sorted(order) != sorted(open_trains):
        raise ValueError(f"doubles_order {doubles_order!r} must list exactly the trains ending in a double")
    for ti in order:
        placed += 1
        state.open_double[ti] = placed
    state.placed = placed

    named = [x for h in state.hands for x in h] + state.stock + [x for tr in state.trains for x in tr]
    named.append(tile(engine_no, engine_no))
    if len(set(named)) != len(named):
        raise ValueError("a tile appears twice in the position (the engine counts as placed)")

    empty = [s for s in range(1, n + 1) if not state.hands[s]]
    if empty and not allow_empty:
        raise ValueError(f"seats {empty} hold no tiles, so the deal would already be over; "
                         "name their hands (or pass allow_empty=True)")

    state.turn = turn
    state.first_round = first_round
    state.first_done = (turn - engine_seat) % n if first_round else n
    state.chain = chain
    state.drawn = drawn
    state.extra = extra
    # Mid-turn after a double (extra) nothing was owed when the turn began:
    # an owed double can only be answered by a non-double, which ends the turn.
    state.obligations = [] if first_round or extra else [
        ti for _, ti in sorted((od, ti) for ti, od in enumerate(state.open_double) if od >= 0)]
    state.totals = [0] * (n + 1)
    for s, v in (totals or {}).items():
        state.totals[s] = v
    state.phase = PLAYING
    engine = tile(engine_no, engine_no)
    state.history = [MatchStart("match", 1), TrainDeal("deal", deal, engine_no), EngineFound("engine", engine_seat, engine)]
    state.records = [{"match": 1}, {
        "deal": deal,
        "hands": {str(s): [list(x) for x in state.hands[s]] for s in range(1, n + 1)},
        "stock": [list(x) for x in state.stock],
        "engine": engine_no,
    }]
    state._legal = None
    # Make the built position the deal's start, so undo/restart come back here.
    session._snapshots[session.cursor] = state.clone()
    return session
