"""Issue 11/17: the status bar names a line game's hand with the game's own word (Cuban
«кон», Jamaican «сдача»), never Mexican Train's deal."""
from __future__ import annotations

import pytest

from game.i18n import set_language
from game.kits import kit_for


@pytest.mark.parametrize("game,lang,words", [
    ("cuban", "ru", "Кон окончен"), ("jamaican", "ru", "Сдача окончена"), ("mexican_train", "ru", "Сдача окончена"),
    ("cuban", "uk", "Кон закінчено"), ("cuban", "en", "The hand is over"), ("mexican_train", "en", "The deal is over"),
])
def test_the_end_of_a_hand_or_deal_has_the_games_own_word(game, lang, words):
    set_language(lang)
    try:
        assert kit_for(game).over_words() == words
    finally:
        set_language("en")
