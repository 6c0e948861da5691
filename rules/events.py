"""What happened at the table: the public history's entries as typed records (issue 26).

Every game appends one of these to ``state.history`` for each thing every seat
may see (UX-4).  They are ``NamedTuple``s, so an event IS the tuple the history
held before (``("pass", 2)``): equality, hashing, ``e[0]`` and JSON are what
they were, and transcripts, saves and the phones' messages do not change.
Readers use the names (``e.kind``, ``e.seat``, ``e.tile``); ``kind`` is typed
with a ``Literal``, so ``if e.kind == "play":`` narrows an ``Event`` for mypy.

Two kinds have a shape per family: Mexican Train's ``play``, ``deal``,
``deal_end`` and ``match_end`` (``Train*``) and the two-ended line's (``Line*``,
Cuban and Jamaican).  The first fields of the two ``deal_end`` records mean the
same, so one reveal screen serves all (UX-3).

The kinds are written out here once: ``ACTION_KINDS`` (what a seat may decide,
``rules.actions``) and ``EVENT_KINDS`` (what the history may hold).

A variant may add kinds of its own (issue 39: points scored during a play, with the
ends that scored them): a ``NamedTuple`` whose first field is ``kind: Literal["..."]``,
declared in ``Variant.events`` and registered here by ``rules.variants`` as it finds
the variant (``register``).  The variant writes one with ``own(record)``; ``as_event``
reads its tuple back, ``seat_of`` finds its ``seat`` field, and every reader that does
not know the kind skips it (the ticker asks the kit's words, ``Words.own``; the log the
kit's ``log_line``; the phones leave it out).
"""
from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from typing import Literal, NamedTuple, Union, get_args, get_type_hints

from .tiles import Tile

#: What a seat may decide (``rules.actions.Action.kind``; TRANSCRIPT.md).
ActionKind = Literal["play", "draw", "pass", "end_chain", "accept", "redeal", "lead"]
ACTION_KINDS: tuple[str, ...] = get_args(ActionKind)

#: The events that carry nothing but the seat they happened to.
SeatKind = Literal["search", "draw", "pass", "mark", "unmark", "end_chain", "accept"]
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)


class MatchStart(NamedTuple):
    """A match begins (every game; the history opens with ``("match", 1)``)."""

    kind: Literal["match"]
    match_no: int


class TrainDeal(NamedTuple):
    """Mexican Train: deal ``deal_no`` is dealt with the ``engine`` double's number (MT-3)."""

    kind: Literal["deal"]
    deal_no: int
    engine: int


class LineDeal(NamedTuple):
    """Cuban, Jamaican: hand ``deal_no`` is dealt; what is in the hands is private."""

    kind: Literal["deal"]
    deal_no: int


class EngineFound(NamedTuple):
    """Mexican Train: ``seat`` held the engine ``tile`` and put it in the station (MT-4, MT-5)."""

    kind: Literal["engine"]
    seat: int
    tile: Tile


class SeatEvent(NamedTuple):
    """``seat`` drew a tile in the start search, drew, passed, was marked, was unmarked,
    ended a chain (Mexican Train) or accepted the hand (Cuban, CU-4)."""

    kind: SeatKind
    seat: int


class TrainPlay(NamedTuple):
    """Mexican Train: ``seat`` played ``tile`` on ``train`` (an owner's seat or ``"mexican"``)."""

    kind: Literal["play"]
    seat: int
    tile: Tile
    train: int | str


class LinePlay(NamedTuple):
    """Cuban, Jamaican: ``seat`` played ``tile`` at ``end`` (``"L"``/``"R"``), lying as ``lying``
    (its numbers left to right)."""

    kind: Literal["play"]
    seat: int
    tile: Tile
    end: str
    lying: tuple[int, int]


class LeadDrawn(NamedTuple):
    """Cuban: the tiles seats 1 and 2 drew to find who leads the first hand (CU-2)."""

    kind: Literal["lead_draw"]
    first: Tile
    second: Tile


class Redealt(NamedTuple):
    """Cuban: ``seat`` asked for a new deal, showing its doubles (CU-4)."""

    kind: Literal["redeal"]
    seat: int
    shown: tuple[Tile, ...]


class LeadChosen(NamedTuple):
    """Cuban, Jamaican: ``seat`` (the team's representative) chose ``chosen`` to lead or pose."""

    kind: Literal["lead"]
    seat: int
    chosen: int


class Reset(NamedTuple):
    """Jamaican six love: ``team`` won against a team with points; both start again (JA-7)."""

    kind: Literal["reset"]
    team: int


class TrainDealEnd(NamedTuple):
    """Mexican Train: a deal ends; ``counts`` are the pips each seat adds (index 0 unused, as
    are ``totals``' and ``hands'``), ``hands`` are the hands left, revealed (UX-3).  Any
    game scored seat by seat writes this shape (issue 39): a seat never sits in a team's
    field (``LineDealEnd.winner_team``).  (No ``SeatDealEnd`` alias: mypy refuses an alias
    of a NamedTuple in ``isinstance``.)"""

    kind: Literal["deal_end"]
    reason: str
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]


class LineDealEnd(NamedTuple):
    """Cuban, Jamaican: a hand ends; the first fields as ``TrainDealEnd``'s, then the team that
    won it (None for a tie) and the points it scored."""

    kind: Literal["deal_end"]
    reason: str
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    winner_team: int | None
    points: int


class TrainMatchEnd(NamedTuple):
    """Mexican Train: the match ends; ``winners`` are seats (MT-18).  The shape of any game
    won by seats, not teams (issue 39)."""

    kind: Literal["match_end"]
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class LineMatchEnd(NamedTuple):
    """Cuban, Jamaican: the match ends; ``result_name`` is ``"tripollua"``, ``"pollona"``
    (CU-10) or None."""

    kind: Literal["match_end"]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    result_name: str | None


Event = Union[MatchStart, TrainDeal, LineDeal, EngineFound, SeatEvent, TrainPlay, LinePlay, LeadDrawn,
              Redealt, LeadChosen, Reset, TrainDealEnd, LineDealEnd, TrainMatchEnd, LineMatchEnd]

#: Every kind the history may hold, in the order of the records above.
EVENT_KINDS: tuple[str, ...] = tuple(dict.fromkeys(
    k for record in get_args(Event) for k in get_args(get_type_hints(record)["kind"])))

#: The shapes: (kind, number of fields) -> record.  A kind has one shape per family at most.
_RECORDS: dict[tuple[str, int], type] = {
    (k, len(record._fields)): record
    for record in get_args(Event) for k in get_args(get_type_hints(record)["kind"])}


#: A variant's own records by kind (``Variant.events``, ``register``).
_OWN: dict[str, type] = {}


def register(record: type) -> None:
    """Let the history hold ``record``, a variant's own kind of event.

    ``record`` is a ``NamedTuple`` whose first field is ``kind: Literal["name"]`` with one
    name, and whose other fields are its context (a seat, points, the ends that scored).
    ``TypeError`` for anything else, or for a kind the core or another record already has
    (a reader must never mistake one for the other).  Registering the same record again
    changes nothing.
    """
    fields = getattr(record, "_fields", None)
    if not isinstance(record, type) or not issubclass(record, tuple) or not fields or fields[0] != "kind":
        raise TypeError(f"{record!r}: an event is a NamedTuple whose first field is its kind")
    kinds = get_args(get_type_hints(record)["kind"])
    if len(kinds) != 1 or not isinstance(kinds[0], str):
        raise TypeError(f"{record.__qualname__}: its kind must be a Literal of one name, not {kinds!r}")
    kind = kinds[0]
    if _OWN.get(kind) is record:
        return
    if kind in EVENT_KINDS or kind in ACTION_KINDS or kind in _OWN:
        raise TypeError(f"{record.__qualname__}: the event kind {kind!r} is taken")
    _OWN[kind] = record
    _RECORDS[(kind, len(fields))] = record


def is_own(e: tuple) -> bool:
    """Whether ``e`` is a record of a variant's own kind (``register``)."""
    return type(e) in _OWN.values()


def own(record: tuple) -> Event:
    """A variant's own record, for the history: typed as an ``Event`` so that ``History``
    takes it; its kind is none of the core's, so no reader's test of a kind ever picks
    it.  ``ValueError`` for a record not registered (its tuple could not be read back)."""
    if not is_own(record):
        raise ValueError(f"{record!r} is not a registered event record (Variant.events)")
    return record  # type: ignore[return-value]  # a registered record: see the docstring


def as_event(entry: tuple) -> Event:
    """The record for a plain tuple (a history written out by hand: tests, old data).

    A record comes back as it is (a variant's own too); ``ValueError`` for a kind or a
    length no game writes.
    """
    if isinstance(entry, get_args(Event)) or is_own(entry):
        return entry  # type: ignore[return-value]  # isinstance over the union's members, or own()
    record = _RECORDS.get((entry[0], len(entry))) if entry else None
    if record is None:
        raise ValueError(f"not a history event: {entry!r}")
    return record(*entry)


#: The records whose ``seat`` field is the seat the event happened to (or the chooser, for ``lead``).
SEATED = (SeatEvent, TrainPlay, LinePlay, EngineFound, Redealt, LeadChosen)


def seat_of(e: Event) -> int | None:
    """The seat of a seated event (``SEATED``, or a variant's own record with a ``seat``
    field); None for the others (a deal, a match's end ...)."""
    if isinstance(e, SEATED):
        return e.seat
    if is_own(e) and "seat" in e._fields:
        seat: int = e._asdict()["seat"]  # an own record's field: the core's union does not type it
        return seat
    return None


def back(history: Sequence[Event], end: int | None = None, until: Container[str] = ()) -> Iterator[tuple[int, Event]]:
    """The events before ``history[end]`` (default: all of them), the latest first, with their
    indexes, stopping before the first of an ``until`` kind (``("match",)``: this match's).

    The table asks such questions every frame (the last hand's end, the hands ended, a play
    in this hand), and a long match's history is thousands of events: from the end, the
    answer is a few steps away."""
    for i in range((len(history) if end is None else end) - 1, -1, -1):
        e = history[i]
        if e.kind in until:
            return
        yield i, e
