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
The kits' modules load on first use, so that the pure geometry beside them
(``line_layout``) imports without pygame.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .base import TableKit

#: game name -> (module, the kit object in it)
KITS: dict[str, tuple[str, str]] = {
    "mexican_train": ("mexican_train", "MEXICAN_TRAIN"),
    "cuban": ("line", "CUBAN"),
    "jamaican": ("line", "JAMAICAN"),
}


def kit_for(game: str) -> "TableKit":
    """The table kit of ``game``; a game with none is refused by name."""
    try:
        module, name = KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = ["KITS", "kit_for"]
