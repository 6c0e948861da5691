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

LOCALES = Path(__file__).resolve().parents[1] / "locales"

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
