"""Test helpers that look at a whole ``Session`` from outside: fingerprints and random play.

A fingerprint is the complete game state (every public attribute of the game
object), the log cursor and the applied log, as text.  Two sessions with equal
fingerprints are the same match at the same moment, so undo/redo, save/load and
replay can be checked by plain equality.  Randomness comes only from the
``random.Random`` the caller passes in.
"""
from __future__ import annotations

import dataclasses
import random

from rules import Action, Session
from rules.chance import NextMatch
from rules.public_history import FrozenHistory, History
from rules.tiles import Tile


#: Attributes that only cache what the rest of the state determines.
CACHES = frozenset({"_legal"})


_SCALARS = (str, int, float, bool, type(None))


def _as_builtin(value: object) -> object:
    """A state's or a view's public history (``rules.public_history``) as the list or tuple it stands for."""
    if isinstance(value, History):
        return list(value)
    if isinstance(value, FrozenHistory):
        return tuple(value)
    return value


def _is_plain(value: object) -> bool:
    """A scalar or a NamedTuple (Tile, Action, Deal ...): its ``repr`` is already canonical."""
    return isinstance(value, _SCALARS) or (isinstance(value, tuple) and hasattr(value, "_fields"))


def _attributes(value: object) -> dict:
    out = dict(getattr(value, "__dict__", {}))
    for klass in type(value).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(value, name):
                out[name] = getattr(value, name)
    return {k: v for k, v in out.items() if k not in CACHES and k != "__weakref__"}


def canonical_text(value: object) -> str:
    """Text that is equal exactly when two values are equal, nested objects included."""
    value = _as_builtin(value)
    if _is_plain(value):
        return repr(value)
    if isinstance(value, (list, tuple)):
        if all(map(_is_plain, value)):
            return repr(value)
        inner = ",".join(map(canonical_text, value))
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(map(canonical_text, value))) + "}"
    if isinstance(value, dict):
        items = sorted((canonical_text(k), canonical_text(v)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    fields = sorted(_attributes(value).items())
    if not fields and not hasattr(value, "__dict__") and not hasattr(type(value), "__slots__"):
        raise TypeError(f"cannot fingerprint {type(value).__name__}")
    return type(value).__name__ + "{" + ",".join(f"{k}={canonical_text(v)}" for k, v in fields) + "}"


def state_fingerprint(state: object) -> str:
    """Every attribute of a game state, nested objects included, except caches (``_legal``)."""
    return canonical_text(state)


def fingerprint(session: Session) -> tuple[str, int, str]:
    """The state, the cursor and the applied part of the log."""
    return state_fingerprint(session.state), session.cursor, repr(session.log)


def full_fingerprint(session: Session, views: bool = True) -> tuple:
    """``fingerprint`` plus the redo tail, the legal set and (optionally) every seat's view."""
    seats = range(1, session.config.players + 1) if views else ()
    return (
        fingerprint(session),
        repr(session._log),
        repr(session.legal_actions()) if session.to_act() is not None else "-",
        tuple(repr(session.view(s)) for s in seats),
    )


def random_step(session: Session, rng: random.Random) -> None:
    """One uniformly random legal decision, or the next match once a match is over."""
    if session.match_over():
        session.next_match()
        return
    legal = session.legal_actions()
    session.apply(legal[rng.randrange(len(legal))])


def replay_log(session: Session) -> Session:
    """A fresh seeded session fed only the decisions of ``session.log``."""
    other = Session(session.config)
    for entry in session.log:
        if isinstance(entry, NextMatch):
            other.next_match()
        elif isinstance(entry, Action):
            other.apply(entry)
    return other


def _opener(kind: type):
    """How ``tiles_in`` opens a value of type ``kind``: None (a leaf), "tile", or a function
    giving the values inside it."""
    if kind in (str, int, float, bool, type(None)):
        return None
    if issubclass(kind, Tile):
        return "tile"
    if issubclass(kind, (History, FrozenHistory)):
        return lambda x: list(_as_builtin(x))  # type: ignore[call-overload]
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda x: [getattr(x, name) for name in names]
    if issubclass(kind, (tuple, list, set, frozenset)):
        return lambda x: x
    if issubclass(kind, dict):
        return lambda x: [*x.keys(), *x.values()]
    return None


#: type -> its opener, found once per type
_OPENERS: dict[type, object] = {}


def tiles_in(obj: object) -> set[Tile]:
    """Every ``Tile`` anywhere inside a view (dataclasses, tuples, lists, dicts).

    Each type is looked at once (``_opener``): the property tests call this on every seat's
    view every few steps of whole matches, and a view's history is long (issue 26: the
    generic checks were most of a 30-second test)."""
    found: set[Tile] = set()
    stack = [obj]
    openers = _OPENERS
    while stack:
        x = stack.pop()
        kind = type(x)
        try:
            opener = openers[kind]
        except KeyError:
            opener = openers[kind] = _opener(kind)
        if opener is None:
            continue
        if opener == "tile":
            found.add(x)  # type: ignore[arg-type]
        else:
            stack.extend(opener(x))  # type: ignore[operator]
    return found
