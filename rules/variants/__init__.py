"""The games the referee knows, each a small module over the shared core."""
from __future__ import annotations

from typing import Callable

from ..state import GameState
from .cuban import Cuban
from .jamaican import Jamaican
from .mexican_train import MexicanTrain

#: game name -> factory taking the number of players
GAMES: dict[str, Callable[[int], GameState]] = {
    "mexican_train": MexicanTrain,
    "cuban": Cuban,
    "jamaican": Jamaican,
}

#: game name -> (fewest, most) players
PLAYERS: dict[str, tuple[int, int]] = {
    "mexican_train": (2, 10),
    "cuban": (4, 4),
    "jamaican": (4, 4),
}
