"""What every game's state offers the ``Session`` (DESIGN.md: the referee's core).

Mexican Train (``variants.mexican_train``) and the partnership games
(``line.PartnershipGame``) each implement this protocol; the Session drives them
through it alone, so a new game is a new module with these methods and nothing
in the Session changes.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .actions import Action
from .events import Event
from .public_history import History
from .tiles import Tile


class View(Protocol):
    """What one seat may know (UX-4), as every game's view has it: ``MexicanTrainView``
    (``variants.mexican_train``) and ``PartnershipView`` (``line``) add their table
    (trains, the line) to these.  Read-only: views are frozen."""

    @property
    def game(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def match_no(self) -> int: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def hand(self) -> tuple[Tile, ...]: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> Sequence[Event]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...


class GameState(Protocol):
    """A game in progress: chance steps, decisions, views and the match's end."""

    #: transcript records that are not decisions (TRANSCRIPT.md)
    records: list[dict]
    #: the public history every seat sees
    history: History  # shared between clones (rules.public_history)
    #: every tile of the game's set, in a fixed order
    full_set: tuple[Tile, ...]

    def clone(self) -> "GameState":
        """An independent copy, for snapshots and undo."""
        ...

    def chance(self) -> str | None:
        """The chance step due now ("deal", "lead_draw"), or None when a seat decides."""
        ...

    def sample_chance(self, seed: int) -> Any:
        """The outcome of the chance step due now, drawn from ``seed``'s stream."""
        ...

    def apply_chance(self, outcome: Any) -> None:
        """Carry out a chance outcome, seeded or supplied (rigged deals, replays)."""
        ...

    def to_act(self) -> int | None:
        """The seat that decides now, or None at a chance step or the match's end."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in a fixed order."""
        ...

    def apply_action(self, action: Action) -> None:
        """Carry out an action from ``legal_actions()`` (the Session checks it first)."""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand and the public table (UX-4)."""
        ...

    def match_over(self) -> bool:
        ...

    def next_match(self) -> None:
        """A new match at the same table (MT-20, CU-12, JA-9)."""
        ...


def this_deal(history: Sequence[Event]) -> tuple[Event, ...]:
    """The public history since the current deal began (the last ``("deal", ...)`` entry):
    every game's history spans the session, and a bot reads the hand in play."""
    for i in range(len(history) - 1, -1, -1):
        if history[i].kind == "deal":
            return tuple(history[i + 1:])
    return tuple(history)


def hidden_tiles(state: Any, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see, in the state's own order: the other hands seat by seat,
    then the stock not yet drawn (Mexican Train's boneyard from ``pos`` on, Cuban's unused
    tiles).  A redealt world (``deal_hidden``) reorders exactly these (UX-4)."""
    pos = getattr(state, "pos", 0)  # only Mexican Train draws from its stock
    return [t for s in range(1, len(state.hands)) if s != seat for t in state.hands[s]] + list(state.stock[pos:])


def deal_hidden(state: Any, seat: int, tiles: list[Tile]) -> None:
    """Deal ``tiles``, a reordering of ``hidden_tiles(state, seat)``, back into ``state`` in
    that order: every other hand keeps its size and the rest is the undrawn stock, so what
    ``seat`` sees is unchanged (UX-4)."""
    pos = getattr(state, "pos", 0)
    i = 0
    for s in range(1, len(state.hands)):
        if s != seat:
            n = len(state.hands[s])
            state.hands[s] = tiles[i:i + n]
            i += n
    state.stock = type(state.stock)(list(state.stock[:pos]) + tiles[i:])
    state._legal = None  # noqa: SLF001 - the hands changed under the cached legal list
