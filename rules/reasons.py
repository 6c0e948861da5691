"""Why a hint suggests its move: one line, from what the computer player weighs (issue 31).

The computer players score a move by the pips it sheds, the doubles it gets rid of, the
numbers it keeps in hand, the known voids of the other seats (a pass or a draw proves
them) and, in a train game, the markers and open doubles (``rules.bots``).  ``why``
names the one of those terms that is true of the suggested move and sets it apart, so
the line a player reads is a fact of the position, never a guess about hidden tiles:
it reads ``view(seat)`` only (UX-4), through the same inference as ``rules.reading``.
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .bots.knowledge import after as line_after, numbers_held, strong_hand
from .reading import read_table
from .state import TRAINS
from .variants import find_variant


class Reason(NamedTuple):
    """One reason: ``kind`` names a line in ``locales/reasons.*.json``; ``number``,
    ``figure`` (a count of tiles or pips) and ``seat`` fill it."""

    kind: str
    number: int | None = None
    figure: int | None = None
    seat: int | None = None


#: every kind ``why`` can give, in the order it looks for them
KINDS = ("only", "draw", "pass", "out", "obligation", "marker_down", "block_opponent",
         "cover_for_partner", "double", "keeps", "heaviest", "own_train", "open_train",
         "public_train", "lead_self", "lead_partner")


def _kept(view, action: Action) -> Reason | None:
    """The number the hand holds most of, if this play keeps it and another would not."""
    held = numbers_held(view.hand)
    if not held or action.tile is None:
        return None
    number = max(sorted(held), key=lambda n: held[n])
    others = [a for a in view.legal if a.kind == "play" and a.tile is not None and a.tile != action.tile]
    if held[number] >= 3 and number not in action.tile and any(number in a.tile for a in others):
        return Reason("keeps", number=number, figure=held[number])
    return None


def _heaviest(view, action: Action) -> Reason | None:
    pips = [sum(a.tile) for a in view.legal if a.kind == "play" and a.tile is not None]
    assert action.tile is not None
    mine = sum(action.tile)
    if mine == max(pips) and mine > min(pips):
        return Reason("heaviest", figure=mine)
    return None


def _line_play(view, action: Action) -> Reason | None:
    """Cuban and Jamaican: the line's ends against the known voids (CU-6, JA-4)."""
    t = action.tile
    assert t is not None
    if view.left_end is None or action.end is None:  # the hand's first tile
        if t[0] == t[1]:
            return Reason("double", number=t[0])
        return _kept(view, action) or _heaviest(view, action)
    reading = read_table(view)
    ends = (view.left_end, view.right_end)
    after = line_after(ends, t, action.end)
    for seat in range(1, len(reading.voids)):
        if seat in (view.seat, reading.partner):
            continue
        stuck = reading.voids[seat] & set(after)
        if stuck and set(after) <= reading.voids[seat]:
            return Reason("block_opponent", number=min(stuck), seat=seat)
    if reading.partner is not None:
        lost = reading.voids[reading.partner] & (set(ends) - set(after))
        if lost and not reading.voids[reading.partner] >= set(after):
            return Reason("cover_for_partner", number=min(lost), seat=reading.partner)
    if t[0] == t[1]:
        return Reason("double", number=t[0])
    return _kept(view, action) or _heaviest(view, action)


def _train_play(view, action: Action) -> Reason | None:
    """Mexican Train: obligations, markers, doubles, then which train (MT-10 .. MT-14)."""
    t = action.tile
    assert t is not None
    if view.obligations:
        return Reason("obligation")
    own = view.train(view.seat)
    if action.train == view.seat and own.marked:
        return Reason("marker_down")
    if t[0] == t[1]:
        return Reason("double", number=t[0])
    kept = _kept(view, action) or _heaviest(view, action)
    if kept is not None:
        return kept
    if action.train == view.seat:
        return Reason("own_train")
    if isinstance(action.train, int):
        return Reason("open_train", seat=action.train)
    return Reason("public_train")


def _lead(view, action: Action) -> Reason | None:
    me = action.seat == view.seat
    # the computer's own rule for leading (``rules.bots.line``), so the hint explains its choice
    if me == strong_hand(view.hand, find_variant(view.game).top):
        return Reason("lead_self" if me else "lead_partner", seat=action.seat)
    return None


def why(view, action: Action) -> Reason | None:
    """The reason for ``action`` as ``view.seat`` can know it, or ``None`` when there is
    nothing worth a line (issue 31; UX-4: the view only)."""
    if action not in view.legal:
        raise ValueError(f"{action} is not a legal move in this view")
    if len(view.legal) == 1:
        return Reason({"draw": "draw", "pass": "pass"}.get(action.kind, "only"))
    if action.kind == "lead":
        return _lead(view, action)
    if action.kind != "play" or action.tile is None:
        return None
    if len(view.hand) == 1:
        return Reason("out")
    if find_variant(view.game).family == TRAINS:
        return _train_play(view, action)
    return _line_play(view, action)
