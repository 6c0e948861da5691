"""Each kit names a deal in its own game's word (``TableKit.deal_words``): the status bar and
the replay viewer's timeline ask the kit, never which game it is."""
from __future__ import annotations

import pytest

from game import i18n
from game.kits import kit_for


@pytest.mark.parametrize("game, words", [
    ("mexican_train", "Deal 3 of 13"),
    ("cuban", "Hand 3"),
    ("jamaican", "Hand 3"),
])
def test_a_deal_is_named_in_the_games_own_word(game, words):
    i18n.set_language("en")
    assert kit_for(game).deal_words(3) == words


def test_a_line_game_never_names_hand_zero():
    i18n.set_language("en")
    assert kit_for("cuban").deal_words(0) == "Hand 1"
