"""Issue 41: tiles said in words in the four languages, and screen texts made fit to say
(``game.speech.words``).  Milliseconds.
"""
from __future__ import annotations

import pytest

from game import i18n
from game.speech.words import sentences, spoken, tile_words


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English, whatever the worker's last test left (it failed in a
    full run after an Italian test) and leaves it English."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang, tile, words", [
    ("en", (5, 9), "five nine"), ("en", (0, 0), "double blank"), ("en", (12, 3), "twelve three"),
    ("ru", (5, 9), "пять девять"), ("ru", (0, 0), "дубль пусто"), ("ru", (6, 6), "дубль шесть"),
    ("uk", (5, 9), "п’ять дев’ять"), ("uk", (11, 0), "одинадцять пусто"),
    ("it", (5, 9), "cinque nove"), ("it", (0, 0), "doppio bianco"),
])
def test_a_tile_is_said_in_words(lang, tile, words):
    i18n.set_language(lang)
    assert tile_words(tile) == words


def test_screen_texts_lose_their_tile_notation_markup_and_the_doubled_double():
    assert spoken("Ana played [5|9] on the <b>left</b> end") == "Ana played five nine on the left end"
    assert spoken("You cannot cover the double 6|6: draw or pass.") == \
        "You cannot cover the double six: draw or pass."
    i18n.set_language("ru")
    assert spoken("Сдача 1: стартовый дубль [12|12] у игрока Ann") == "Сдача 1: стартовый дубль двенадцать у игрока Ann"


def test_every_number_on_a_tile_has_a_word_in_every_language():
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        words = [tile_words((n, n + 1)) for n in range(12)]
        assert len(set(words)) == 12 and not any(c.isdigit() for w in words for c in w), (lang, words)


def test_sentences_end_once():
    assert sentences(["Team 1: 3 points", "15 tiles stay face down.", ""]) == "Team 1: 3 points. 15 tiles stay face down."
