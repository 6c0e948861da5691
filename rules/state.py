"""What every game's state offers the ``Session`` (DESIGN.md: the referee's core).

Mexican Train (``variants.mexican_train``) and the partnership games
(``line.PartnershipGame``) each implement this protocol; the Session drives them
through it alone, so a new game is a new module with these methods and nothing
in the Session changes.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable, ClassVar, Protocol, TypeVar

from .actions import Action
from .events import Event
from .public_history import History
from .tiles import Tile

_T = TypeVar("_T")


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


#: the families of tables (``Variant.family``): personal trains off a station, or one
#: two-ended line; the computer player and the coach have one of each (``rules.bots.CHOOSERS``)
TRAINS = "train"
LINE = "line"


class Variant:
    """What a game is, as data (issue 26): every game's state class sets these, and the
    registry (``rules.variants.find_variant``) finds the class by the game's name.

    The session, the bots and the coach read these instead of asking which game is played,
    so a new game is a new module under ``rules/variants`` that fills them in.
    """

    #: the game's name, as the configuration, the transcript and the save file write it; a
    #: class that sets it is a game the registry finds (``rules.variants`` looks through every
    #: module of its package), one that leaves it empty is a base for games
    game: ClassVar[str] = ""
    #: where the program lists the game among the others, lowest first (the first is the
    #: game offered when none is chosen yet)
    order: ClassVar[int] = 100
    #: the game's name in English, for the command line's --help (the screens use locales/)
    title: ClassVar[str] = ""
    #: the prefix of the game's rule IDs (RULES.md: "MT" for MT-1 ...) and how many it has
    rule_prefix: ClassVar[str] = ""
    rule_count: ClassVar[int] = 0
    #: ``TRAINS`` or ``LINE``: which computer player and which coach serve it
    family: ClassVar[str] = ""
    #: the fewest and the most players
    players: ClassVar[tuple[int, int]] = (2, 4)
    #: the set's top number (double-six: 6)
    top: ClassVar[int] = 6
    #: every tile of the set, in a fixed order
    full_set: tuple[Tile, ...] = ()
    #: team -> its seats, for partnership games; None when every seat plays for itself
    teams: ClassVar[Mapping[int, tuple[int, ...]] | None] = None
    #: the total that wins the match (None: the match is a fixed number of deals)
    target: ClassVar[int | None] = None
    #: personal trains with markers, and a public train everyone may play on
    has_trains: ClassVar[bool] = False
    #: the key of the public train in actions and views (None without trains)
    public_train: ClassVar[str | None] = None
    #: the match opens with a draw that decides who has the right to lead
    lead_draw: ClassVar[bool] = False
    #: the tile that must open a hand when the state says ``pose_required`` (None: no pose rule)
    pose_tile: ClassVar[Tile | None] = None
    #: going out with the one tile that matches two hard ends is worth double
    key_tile: ClassVar[bool] = False
    #: a won or blocked hand scores the losers' pips, not one point (or two with the key)
    pip_points: ClassVar[bool] = False
    #: tiles dealt to nobody, face down for the whole hand
    unused_tiles: ClassVar[int] = 0
    #: one unit of the game's result for the coach's labels (``rules.coach.SCALE``)
    coach_scale: ClassVar[float] = 1.0
    # -- the computer player's settings for this game (``rules.bots``), tuned by self-play
    #: the line player's static weights (``rules.bots.line``)
    bot_weights: ClassVar[Mapping[str, float]] = {}
    #: the exact solver's default objective, (win, point) (``rules.bots.solver.Objective``)
    solver_objective: ClassVar[tuple[int, int]] = (1, 1)
    #: what the expert plays for, (win, point) (``rules.bots.expert.OBJECTIVE``)
    expert_objective: ClassVar[tuple[int, int]] = (1, 1)
    #: the expert solves exactly at most this many tiles in all hands (``rules.bots.expert``)
    solve_below: ClassVar[int] = 0
    #: the game's own computer player, ``chooser(view, level, rng) -> Action``, for a family
    #: ``rules.bots`` has none of (None: the family's, ``rules.bots.CHOOSERS``)
    chooser: ClassVar[Callable[[Any, Any, Any], Action] | None] = None
    #: how the coach grades a decision (``rules.coach.METHODS``, issue 39): ``"solved"`` (the
    #: exact solver on the deals the seat could not tell apart and with all hands shown: the
    #: games on one line, CU, JA) or ``"played_out"`` (the hard bot's choice on the same view,
    #: both played out on sampled deals and measured by ``coach_result``: Mexican Train);
    #: ``""``: the coach cannot grade the game and says so (``rules.coach.CoachError``)
    coach: ClassVar[str] = ""
    #: the game's own kinds of event (``rules.events.register``: NamedTuples whose first
    #: field is ``kind: Literal[...]``), registered when the registry finds the variant
    events: ClassVar[tuple[type, ...]] = ()

    @classmethod
    def coach_result(cls, state: Any, seat: int) -> float:
        """``seat``'s result in a deal played out to its end, higher better: what the coach's
        ``"played_out"`` method compares (Mexican Train: the pips left in the hand, negated)."""
        raise NotImplementedError(f"{cls.game or cls.__name__} declares no coach result")

    @classmethod
    def world(cls, view: Any, hands: list[list[Tile]], stock: list[Tile]) -> Any:
        """A state that looks exactly like ``view`` to its seat, the hidden tiles being
        ``hands`` (the other seats') and ``stock``: the worlds a bot samples (UX-4)."""
        raise NotImplementedError(f"{cls.game or cls.__name__} builds no worlds from a view")


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
        """Every legal action of the seat to act, in a fixed order; empty at a chance step and
        once the match is over (``Session.apply``'s fast path counts on it)."""
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


def shallow_copy(obj: _T) -> _T:
    """What ``copy.copy`` makes of a plain object (a new instance sharing the attributes'
    values), without its generic ``__reduce_ex__`` round: a state's clone starts here at every
    deal (the session's snapshot) and in every world a bot samples (issue 42)."""
    other = object.__new__(type(obj))
    other.__dict__.update(obj.__dict__)
    return other


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
