"""Issue 17, item 2: strings that read wrongly or badly, in all four languages.

- Redo must not read as "take the move back" (ru "Вернуть ход", uk "Повернути хід").
- A text about a player fits any player's gender: no ru/uk past tense right
  after a name ("%{name} выложил" is masculine only).
- A text given a list of names ("Ann, Bob") puts the list after a colon, where
  one name or several read the same.
- One apostrophe style per language: ’ in uk and it, ' in English.
- "Tavolo da domino", and the ru/uk nav hint says what the English says.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import i18n

LOCALES = Path(__file__).resolve().parents[3] / "locales"

#: Keys whose name placeholder may hold several names joined by ", " (overlays.history_lines,
#: match_end): the match's lowest totals, and everyone whose hand emptied in the first round (MT-9).
NAME_LISTS = {"ui.log_deal_end_out": "name", "ui.log_match_end": "names", "table.shared_win": "names"}


def texts(code: str) -> dict[str, str]:
    out = {}
    for path in sorted(LOCALES.glob(f"*.{code}.json")):
        ns = path.name[: -len(f".{code}.json")]
        for key, value in json.loads(path.read_text(encoding="utf-8"))[code].items():
            for form, text in (value.items() if isinstance(value, dict) else [("", value)]):
                out[f"{ns}.{key}" + (f"#{form}" if form else "")] = text
    return out


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.rule("UX-6")
@pytest.mark.parametrize("code,undo,redo", [
    ("ru", "Отменить", "Повторить"), ("uk", "Скасувати", "Повторити"), ("it", "Annulla", "Ripeti")])
def test_undo_and_redo_say_the_seeds_words(code, undo, redo):
    """Seeds 000-002: «отмена … повтор», «скасування … повтор», «annulla … ripeti»."""
    i18n.set_language(code)
    assert i18n.t("table.undo") == undo and i18n.t("table.redo") == redo
    assert i18n.t("table.cancel") not in (undo, redo)


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_no_past_tense_right_after_a_name(code):
    past = re.compile(r"%\{names?\}\s+\w+(л|ла|ло|ли)\b")
    bad = {k: v for k, v in texts(code).items() if past.search(v)}
    assert bad == {}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("key,placeholder", sorted(NAME_LISTS.items()))
def test_a_list_of_names_reads_right_with_one_or_several(code, key, placeholder):
    i18n.set_language(code)
    text = i18n.t(key, **{placeholder: "Ann, Bob"})
    assert text.endswith(": Ann, Bob"), text


@pytest.mark.parametrize("code,wrong", [("en", "’"), ("uk", "'"), ("it", "'"), ("ru", "'")])
def test_one_apostrophe_style_per_language(code, wrong):
    bad = {k: v for k, v in texts(code).items() if wrong in v}
    assert bad == {}


def test_italian_says_tavolo_da_domino():
    it = texts("it")
    assert it["ui.app_title"] == "Tavolo da domino"
    assert not [k for k, v in it.items() if "Tavolo del domino" in v]


@pytest.mark.parametrize("code,words", [
    ("en", ("move", "choose", "back")),
    ("ru", ("перейти", "выбрать", "назад")),
    ("uk", ("перейти", "вибрати", "назад")),
    ("it", ("sposta", "scegli", "indietro")),
])
def test_the_nav_hint_says_move_choose_back(code, words):
    i18n.set_language(code)
    parts = i18n.t("ui.nav_hint").split(" · ")
    assert len(parts) == 3
    for part, word in zip(parts, words):
        assert part.lower().endswith(word), (part, word)


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_an_invalid_save_names_the_save(code):
    i18n.set_language(code)
    text = i18n.t("save.invalid")
    assert "в нём" not in text and "у ньому" not in text
    assert "сохранени" in text or "збереженн" in text


# ----------------------------------------------------------------- issue 30

#: Buttons shown side by side (or an action and the one it must not be mistaken for), each
#: with the keys that label them: no word of one may share its start with a word of the other.
LOOKALIKES = [
    ("table.undo", "table.cancel"),  # «Annulla» Undo beside «Indietro» Back
    ("table.undo", "keys.cancel"),  # the on-screen keyboard's Cancel was «Annulla», «Скасувати»
    ("table.redo", "replay.replay"),  # «Повторить» Redo and «Повтор» the replay
    ("table.next_match", "table.new_game"),  # «Наступна гра» beside «Нова гра»
    ("line.cuban.next_match", "table.new_game"),  # «Prossima partita» beside «Nuova partita»
    ("line.jamaican.next_match", "table.new_game"),
]


def stems(text: str) -> set[str]:
    """The start of every word of three letters or more: «Повтор» and «Повторить» share «повто»."""
    return {w[:5] for w in re.findall(r"\w{3,}", text.lower())}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("one,other", LOOKALIKES)
def test_buttons_for_different_things_do_not_look_alike(code, one, other):
    i18n.set_language(code)
    a, b = i18n.t(one), i18n.t(other)
    assert not stems(a) & stems(b), (a, b)


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_no_word_around_a_name_needs_its_gender(code):
    """«Первым ходит Марина», «гравцеві Марина»: a form with no gender, «Первый ход: Марина»."""
    gendered = re.compile(r"\b(первым|первой|першим|першою)\b[^.:?]*%\{\w+\}|\b(игроку|гравцеві|гравцю)\s+%\{\w+\}",
                          re.IGNORECASE)
    bad = {k: v for k, v in texts(code).items() if gendered.search(v)}
    assert bad == {}


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_a_pronoun_has_its_noun(code):
    """«Вы взяли [3|4]. Она подходит»: «она» with no noun before it; «Вы взяли кость [3|4]: она…»."""
    dangling = re.compile(r"%\{\w+\}[.!]\s+(Она|Оно|Он|Они|Вона|Воно|Він|Вони)\b")
    bad = {k: v for k, v in texts(code).items() if dangling.search(v)}
    assert bad == {}


#: The nouns counted in plural texts, with their forms after 2-4 and after 5-20.
PLURAL_NOUNS = {
    "ru": {"очко": ("очка", "очков"), "кость": ("кости", "костей"), "сдача": ("сдачи", "сдач")},
    "uk": {"очко": ("очки", "очок"), "кісточка": ("кісточки", "кісточок"), "роздача": ("роздачі", "роздач")},
}


@pytest.mark.parametrize("code", sorted(PLURAL_NOUNS))
def test_each_plural_form_declines_the_noun_right(code):
    """uk «+2 очка» (ticker.cuban_scores.few) is Russian; Ukrainian says «+2 очки»."""
    bad = []
    for path in sorted(LOCALES.glob(f"*.{code}.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8"))[code].items():
            if not isinstance(value, dict):
                continue
            for noun, (few, many) in PLURAL_NOUNS[code].items():
                if re.search(rf"%\{{count\}} {noun}\b", value.get("one", "")):
                    for form, word in (("few", few), ("many", many)):
                        if not re.search(rf"%\{{count\}} {word}\b", value.get(form, "")):
                            bad.append(f"{path.name}:{key}#{form}: {value.get(form)!r}, want {word!r}")
    assert bad == []


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_team_wins_names_the_team_then_its_players(code, game):
    """«Команда 1 (Компьютер 1, Компьютер 3) выиграла матч», not «…выиграла матч Компьютер 1, Компьютер 3»."""
    i18n.set_language(code)
    team = i18n.t(f"line.{game}.team", n=1)
    text = i18n.t(f"line.{game}.team_wins", team=1, names="Ann, Bob")
    assert f"{team} (Ann, Bob) ".lower() in text.lower(), text


#: How each language ends a preview's question: the Cancel button is «Назад», «Indietro».
GO_BACK = {"en": "Confirm or cancel.", "ru": "Подтвердите или вернитесь назад.",
           "uk": "Підтвердьте або поверніться назад.", "it": "Conferma o torna indietro."}


@pytest.mark.rule("UX-1")
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_preview_asks_and_says_confirm_or_go_back(code):
    previews = {k: v for k, v in texts(code).items()
                if re.search(r"(^|\.)confirm_", k) and "restart" not in k}
    assert len(previews) >= 12
    bad = {k: v for k, v in previews.items() if "?" not in v or not v.endswith(GO_BACK[code])}
    assert bad == {}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_fractions_use_the_languages_decimal_separator(code):
    """«0.4 очка» read as English: each language writes a fraction as Babel (CLDR) does."""
    from babel import numbers as babel  # the test extra's Babel: CLDR's own number formats
    i18n.set_language(code)
    for value in (0.4, 1.5, 12.3):
        assert i18n.number(value) == babel.format_decimal(value, locale=code)
    assert i18n.number(3) == "3"
    from game.kits import kit_for
    words = kit_for("cuban").cost_words(0.4)
    assert babel.format_decimal(0.4, locale=code) in words
    assert i18n.t("history.mean_penalty", value=12.3).endswith(babel.format_decimal(12.3, locale=code))
