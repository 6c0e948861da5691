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

Registered by game name, like ``rules.variants.GAMES`` and ``rules.bots.CHOOSERS``.
Each family has one folder here (``mexican_train/``, ``line/``) holding all that is
its own; what every kit shares (the base kit, camera, sprites, text, hand row,
geometry, palette) is ``game.table``, which no kit owns.  Only this registry imports
a family's folder, and only on first use, so that the pure parts in it (the line's
geometry, the history statistics) import without pygame.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..table.kit import TableKit

#: game name -> (module in the family's folder, the kit object in it); the first is the game
#: offered when none is chosen yet (the new-game form, the rules from the title, the demo).
KITS: dict[str, tuple[str, str]] = {
    "mexican_train": ("mexican_train.kit", "MEXICAN_TRAIN"),
    "cuban": ("line.kit", "CUBAN"),
    "jamaican": ("line.kit", "JAMAICAN"),
}
#: The game the program offers first.
DEFAULT_GAME = next(iter(KITS))
#: The command line's words for the games (English, like the rest of --help): the program's
#: description names them, and the --players option says which games a count fits.
CLI_GAMES = "Mexican Train, Cuban and Jamaican dominoes"
CLI_PLAYERS = "Mexican Train; Cuban and Jamaican have 4"


def kit_for(game: str) -> "TableKit":
    """The table kit of ``game``; a game with none is refused by name."""
    try:
        module, name = KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None
    return getattr(importlib.import_module(f".{module}", __name__), name)


def family_part(game: str, part: str) -> Any:
    """The module ``part`` of ``game``'s family folder (``history``, ...): the parts that need
    no pygame, for the core to ask without loading the kit itself."""
    try:
        module, _ = KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None
    return importlib.import_module(f".{module.split('.')[0]}.{part}", __name__)


__all__ = ["CLI_GAMES", "CLI_PLAYERS", "DEFAULT_GAME", "KITS", "family_part", "kit_for"]
