"""Decisions a seat can make, and their canonical JSON form (TRANSCRIPT.md).

One small immutable type serves every game, so a legal set is a plain list of
``Action`` and an illegal one is refused by membership.  The JSON keys always
come out in the transcript's order: kind, tile, train or end or seat.
"""
from __future__ import annotations

import json
from typing import NamedTuple

from .events import ACTION_KINDS
from .tiles import Tile, tile_from_json

#: every kind of action, defined once in ``rules.events``
KINDS = ACTION_KINDS
#: the names a train may have besides an owner's seat: each variant's public train
#: (``Variant.public_train``), added by the registry (``rules.variants``)
TRAIN_NAMES: set[str] = set()


class Action(NamedTuple):
    kind: str
    tile: Tile | None = None
    #: a game with trains: the owner's seat or the public train's name (``TRAIN_NAMES``).
    train: int | str | None = None
    #: a game on one line: "L" or "R".
    end: str | None = None
    #: ``lead``: the seat chosen to lead or pose.
    seat: int | None = None

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.tile is not None:
            out["tile"] = [self.tile[0], self.tile[1]]
        if self.train is not None:
            out["train"] = self.train
        if self.end is not None:
            out["end"] = self.end
        if self.seat is not None:
            out["seat"] = self.seat
        return out

    def __str__(self) -> str:
        parts = [self.kind]
        if self.tile is not None:
            parts.append(str(self.tile))
        if self.train is not None:
            parts.append(f"on {self.train}")
        if self.end is not None:
            parts.append(f"at {self.end}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        return " ".join(parts)


DRAW = Action("draw")
PASS = Action("pass")
END_CHAIN = Action("end_chain")
ACCEPT = Action("accept")
REDEAL = Action("redeal")


def play(t: Tile, *, train: int | str | None = None, end: str | None = None) -> Action:
    return Action("play", t, train, end)


def placement(action: Action) -> tuple[Tile, str]:
    """The tile and the end of a play on the two-ended line (CU-6, JA-4).

    A legal line play always has both; this says so to the type checker in one place.
    """
    if action.tile is None or action.end is None:
        raise ValueError(f"not a play on the line: {action}")
    return action.tile, action.end


def lead(seat: int) -> Action:
    return Action("lead", seat=seat)


def action_from_json(value: object) -> Action:
    """Parse an action object; raise ``ValueError`` naming what is wrong."""
    if not isinstance(value, dict) or value.get("kind") not in KINDS:
        raise ValueError(f"not an action: {value!r}")
    allowed = {"kind", "tile", "train", "end", "seat"}
    extra = set(value) - allowed
    if extra:
        raise ValueError(f"unknown action keys {sorted(extra)} in {value!r}")
    t = tile_from_json(value["tile"]) if "tile" in value else None
    train = value.get("train")
    named = isinstance(train, str) and train in TRAIN_NAMES  # a list or a dict is no name either
    if train is not None and not named and not (isinstance(train, int) and not isinstance(train, bool)):
        raise ValueError(f"bad train {train!r}")
    end = value.get("end")
    if end is not None and end not in ("L", "R"):
        raise ValueError(f"bad end {end!r}")
    seat = value.get("seat")
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)):
        raise ValueError(f"bad seat {seat!r}")
    return Action(value["kind"], t, train, end, seat)


def canonical(obj: object) -> str:
    """Canonical JSON text: keys sorted, no spaces (the transcript's sort key)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))
