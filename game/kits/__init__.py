"""Table kits: what the table of one family of games draws, hit-tests and says.

The game-generic core (``game.play.PlayState`` and ``game.scenes.table.TableScene``)
owns the phases, undo, hints, pacing, saves and focus; a kit owns everything that
differs between games (DESIGN.md, "One table, three games"):

- the target key of a play (a train in Mexican Train, an end "L"/"R" on the line),
  and the decision buttons of the moment (draw, pass, end chain; accept, redeal,
  lead), each standing for one legal ``Action`` the core picks from ``view.legal``;
- the layout of the table in world coordinates, computed before drawing, its
  hit-test and its drawing;
- the status bar, the players or teams panel, the prompts, the deal's and the
  match's end screens and the log lines.

Registered by game name, like ``rules.variants.GAMES`` and ``rules.bots.CHOOSERS``.
"""
from __future__ import annotations

from .base import TableKit
from .line import CUBAN, JAMAICAN
from .mexican_train import MEXICAN_TRAIN

KITS: dict[str, TableKit] = {kit.game: kit for kit in (MEXICAN_TRAIN, CUBAN, JAMAICAN)}


def kit_for(game: str) -> TableKit:
    try:
        return KITS[game]
    except KeyError:
        raise ValueError(f"no table for the game {game!r}; use one of {', '.join(KITS)}") from None


__all__ = ["KITS", "TableKit", "kit_for"]
