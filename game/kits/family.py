"""What a family folder under ``game/kits/`` provides besides its table kit (issue 39): its
parts, the modules the core asks by name through ``game.kits.family_part`` without loading
the kit itself (they need no pygame).  Each part is declared here once, as a Protocol of the
names the core calls; ``PARTS`` says which a family must have and which it may leave out, and
``family_part`` refuses a part that lacks a declared name (``missing``), by name, when it is
first asked for, instead of an ``AttributeError`` deep in the caller.

A new family writes these modules; tests/game/kits/test_family_parts.py holds every folder to
them.
"""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Callable, Hashable, Mapping, Protocol, Sequence, runtime_checkable

from rules.events import Event
from rules.state import View

from ..table.contract import TablePlay

if TYPE_CHECKING:  # pragma: no cover - the kit's module draws (pygame); the registry does not
    from ..table.kit import RulePicture


@runtime_checkable
class HistoryPart(Protocol):
    """``history``: a finished match in the history list (game.history), in the family's terms."""

    def side(self, seat: int) -> int: ...
    def sides(self, players: int) -> int: ...
    def count_deal(self, game: str, e: Event, rows: list[dict]) -> None: ...
    def close_match(self, game: str, rows: list[dict], totals: list[int]) -> None: ...
    def score_text(self, totals: list[int]) -> str: ...
    def winner_seats(self, winners: list[int]) -> list[int]: ...


@runtime_checkable
class SpeechPart(Protocol):
    """``speech``: the table said aloud (game.speech.words)."""

    def target_words(self, play: TablePlay[View], key: Hashable) -> str: ...
    def prompt_words(self, play: TablePlay[View]) -> str: ...
    def table_words(self, play: TablePlay[View]) -> str: ...
    def must_words(self, play: TablePlay[View], seat: int) -> str: ...
    def score_words(self, play: TablePlay[View]) -> str: ...
    def stock_words(self, play: TablePlay[View]) -> str: ...


@runtime_checkable
class RulesTextPart(Protocol):
    """``rules_text``: each game's own sections of the rules screen (game.rules_text)."""

    SECTIONS: Mapping[str, Sequence[tuple[str, tuple[str, ...]]]]


@runtime_checkable
class LessonPart(Protocol):
    """``lesson`` (optional): the guided first hand of a game (game.lessons; ``--learn``)."""

    lesson: Callable[[str], object]


@runtime_checkable
class RulePicturesPart(Protocol):
    """``rule_pictures`` (optional): the rules screen's pictures, by game and section."""

    PICTURES: Mapping[str, Mapping[str, RulePicture]]


#: part name -> (its Protocol, whether every family must have it)
PARTS: dict[str, tuple[type, bool]] = {
    "history": (HistoryPart, True),
    "speech": (SpeechPart, True),
    "rules_text": (RulesTextPart, True),
    "lesson": (LessonPart, False),
    "rule_pictures": (RulePicturesPart, False),
}


def declared(protocol: type) -> list[str]:
    """The names a part's Protocol declares: its functions and its annotated constants."""
    names = [n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")]
    return sorted({*names, *getattr(protocol, "__annotations__", {})})


def missing(part: str, module: ModuleType) -> list[str]:
    """What ``module`` lacks of the part ``part`` declares (a name, or a function that is none)."""
    protocol, _ = PARTS[part]
    functions = {n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")}
    return [n for n in declared(protocol)
            if not hasattr(module, n) or (n in functions and not callable(getattr(module, n)))]
