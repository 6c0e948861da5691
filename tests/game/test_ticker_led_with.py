"""The ticker says "led with" (Cuban) or "posed" (Jamaican's [6|6]) only of a hand's first tile,
in the tail the table shows as in the whole."""
from __future__ import annotations

import pytest

from game import i18n
from game.ticker import recent
from rules.session import Config, Session

NAMES = ["Ana", "Ben", "Cara", "Dan"]


@pytest.mark.parametrize("game, first", [("cuban", "led with"), ("jamaican", "posed")])  # JA-3: the [6|6] pose
def test_only_the_first_tile_of_a_hand_is_led(game, first):
    i18n.set_language("en")
    session = Session(Config(game, 4, 3))
    plays = 0
    while plays < 3:  # the lead and two more tiles
        action = session.legal_actions()[0]
        session.apply(action)
        plays += action.kind == "play"
    history = session.view(1).history
    lines = recent(history, game, NAMES, count=3)
    assert sum(first in ln for ln in lines) == 1, lines
    tail = recent(history, game, NAMES, count=1)
    assert tail and not any(first in ln for ln in tail), tail
