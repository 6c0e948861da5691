"""Table kits: what the table of one family of games draws, hit-tests and says.

The game-generic core (``game.play.PlayState`` and ``game.scenes.table.TableScene``)
owns the phases, undo, hints, pacing, saves and focus; a kit owns everything that
differs between games (DESIGN.md, "One table, three games"):

- the target key of a play (a train in Mexican Train, an end "L"/"R" on the line),
  and the decision buttons of the moment (draw, pass, end chain; accept, redeal,
  lead), each standing for one legal ``Action`` the core picks from ``view.legal``;
- the layout of the table in world coordinates for the clear felt it is shown on
  (``game.table.camera.Felt``: its size and the readable zoom), computed before
  drawing, its hit-test and its drawing;
- the status bar, the players or teams panel, the prompts, the deal's and the
  match's end screens and the log lines.

Registered by game name, like ``rules.variants.GAMES`` and ``rules.bots.CHOOSERS``, and found
the same way: each family has one folder here (``mexican_train/``, ``line/``) holding all that
is its own, and its ``__init__`` declares the games it draws (``GAMES``: game -> its module in
the folder and the kit object in it) and, when it builds on another family's kit, which
(``BUILDS_ON``, a tuple of folder names).  A family's own words are the locale keys of its
name (``locales/line.*.json``: ``line.*``).  What every kit shares (the base kit, camera,
sprites, text, hand row, geometry, palette) is ``game.table``, which no kit owns.  Only this
registry imports a family's folder, its ``__init__`` at once (it holds no more than those
declarations) and the rest on first use, so that the pure parts in it (the line's geometry,
the history statistics) import without pygame.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from typing import TYPE_CHECKING, Literal, overload

from rules.variants import VARIANTS

from .family import PARTS, HistoryPart, LessonPart, RulePicturesPart, RulesTextPart, SpeechPart, missing

if TYPE_CHECKING:  # pragma: no cover
    from ..table.kit import TableKit


def _discover() -> dict[str, tuple[str, str]]:
    """game -> (module under game/kits/, kit object), from every family folder's ``GAMES``, in
    the variants' order (``rules.variants.VARIANTS``)."""
    found: dict[str, tuple[str, str]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        folder = importlib.import_module(f".{info.name}", __name__)
        for game, (module, name) in getattr(folder, "GAMES", {}).items():
            if game in found:
                raise TypeError(f"two kit folders draw the game {game!r}: {found[game][0]} and {info.name}")
            found[game] = (f"{info.name}.{module}", name)
    rank = {game: n for n, game in enumerate(VARIANTS)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))


def _and(words: list[str]) -> str:
    """English "A, B and C" (the command line's words)."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _cli_games(games: list[str]) -> str:
    """The games by their English titles ("Mexican Train, Cuban and Jamaican dominoes")."""
    return f"{_and([VARIANTS[g].title for g in games])} dominoes"


def _cli_players(games: list[str]) -> str:
    """Which games a demo's count of players fits: those with a range by name, then those
    with one count ("Mexican Train; Cuban and Jamaican have 4")."""
    ranged = [VARIANTS[g].title for g in games if VARIANTS[g].players[0] != VARIANTS[g].players[1]]
    fixed: dict[int, list[str]] = {}
    for g in games:
        lo, hi = VARIANTS[g].players
        if lo == hi:
            fixed.setdefault(lo, []).append(VARIANTS[g].title)
    parts = ([_and(ranged)] if ranged else []) + [f"{_and(t)} {'has' if len(t) == 1 else 'have'} {n}"
                                                   for n, t in fixed.items()]
    return "; ".join(parts)


#: game name -> (module in the family's folder, the kit object in it); the first is the game
#: offered when none is chosen yet (the new-game form, the rules from the title, the demo).
KITS: dict[str, tuple[str, str]] = _discover()
#: The game the program offers first.
DEFAULT_GAME = next(iter(KITS))
#: The command line's words for the games (English, like the rest of --help, from each
#: variant's ``title``): the program's description names them, and the --players option says
#: which games a count fits.
_TITLED = [g for g in KITS if g in VARIANTS]
CLI_GAMES = _cli_games(_TITLED)
CLI_PLAYERS = _cli_players(_TITLED)


def kit_for(game: str) -> "TableKit":
    """The table kit of ``game``; a game with none is refused by name."""
    try:
        module, name = KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None
    return getattr(importlib.import_module(f".{module}", __name__), name)


@overload
def family_part(game: str, part: Literal["history"]) -> HistoryPart: ...
@overload
def family_part(game: str, part: Literal["speech"]) -> SpeechPart: ...
@overload
def family_part(game: str, part: Literal["rules_text"]) -> RulesTextPart: ...
@overload
def family_part(game: str, part: Literal["lesson"]) -> LessonPart: ...
@overload
def family_part(game: str, part: Literal["rule_pictures"]) -> RulePicturesPart: ...


def family_part(game: str, part: str) -> object:
    """The module ``part`` of ``game``'s family folder (``history``, ...): the parts that need
    no pygame, for the core to ask without loading the kit itself.  What each part provides is
    declared once (``game.kits.family.PARTS``); a module that lacks a declared name is refused
    here, by name."""
    if part not in PARTS:
        raise ValueError(f"no family part {part!r}; the parts are {', '.join(PARTS)}")
    try:
        module, _ = KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None
    found = importlib.import_module(f".{module.split('.')[0]}.{part}", __name__)
    lacks = missing(part, found)
    if lacks:
        raise TypeError(f"{found.__name__} lacks what a family's {part!r} provides: {', '.join(lacks)}")
    return found


def has_part(game: str, part: str) -> bool:
    """Whether ``game``'s family folder holds the module ``part`` (a lesson, say): a new
    family may come without one, and what lists the games that have it asks here."""
    try:
        module, _ = KITS[game]
    except KeyError:
        return False
    return importlib.util.find_spec(f".{module.split('.')[0]}.{part}", __name__) is not None


__all__ = ["CLI_GAMES", "CLI_PLAYERS", "DEFAULT_GAME", "KITS", "family_part", "has_part", "kit_for"]
