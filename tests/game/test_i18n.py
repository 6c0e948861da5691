"""Every string in en, ru, uk and it; CLDR plural forms; run-time language switching."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"

#: CLDR's examples (plurals.xml) for the integer forms, checked by hand.
CLDR_RU_UK = {
    0: "many", 1: "one", 2: "few", 3: "few", 4: "few", 5: "many", 11: "many", 12: "many",
    14: "many", 21: "one", 22: "few", 25: "many", 101: "one", 111: "many", 112: "many",
    1001: "one", 1011: "many", 1022: "few",
}
CLDR_EN_IT = {0: "other", 1: "one", 2: "other", 5: "other", 11: "other", 21: "other",
              22: "other", 25: "other", 111: "other"}
FORMS = {"en": {"one", "other"}, "it": {"one", "other"},
         "ru": {"one", "few", "many", "other"}, "uk": {"one", "few", "many", "other"}}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def namespaces() -> set[str]:
    """The shared namespaces, and each game's own file as ``games/GAME`` (issue 39): each is
    checked in the four languages alike."""
    return ({p.name.split(".")[0] for p in LOCALES.glob("*.*.json")}
            | {f"{i18n.GAMES_DIR}/{f.game}" for f in i18n.files(LOCALES) if f.game is not None})


def raw(namespace: str, code: str) -> dict:
    data = json.loads((LOCALES / f"{namespace}.{code}.json").read_text(encoding="utf-8"))
    assert list(data) == [code], f"{namespace}.{code}.json must hold one top-level key {code!r}"
    return data[code]


@pytest.mark.parametrize("code", ["ru", "uk"])
@pytest.mark.parametrize("n,form", sorted(CLDR_RU_UK.items()))
def test_east_slavic_plural_forms_follow_cldr(code, n, form):
    assert i18n.plural_category(code, n) == form


@pytest.mark.parametrize("code", ["en", "it"])
@pytest.mark.parametrize("n,form", sorted(CLDR_EN_IT.items()))
def test_english_and_italian_plural_forms_follow_cldr(code, n, form):
    assert i18n.plural_category(code, n) == form


@pytest.mark.parametrize("code", ["en", "ru", "uk", "it"])
def test_fractions_take_the_other_form(code):
    assert i18n.plural_category(code, 1.5) == "other"
    assert i18n.plural_category(code, "1.0") == "other"  # v = 1: CLDR says other, not one


def test_plural_rules_agree_with_babel_when_installed():
    babel = pytest.importorskip("babel")
    for code in i18n.LANGUAGES:
        locale = babel.Locale.parse(code)
        for n in range(0, 250):
            assert i18n.plural_category(code, n) == locale.plural_form(n), (code, n)


def test_the_ui_namespace_exists_and_every_namespace_has_all_four_locales():
    assert "ui" in namespaces()
    for ns in namespaces():
        for code in i18n.LANGUAGES:
            assert (LOCALES / f"{ns}.{code}.json").is_file(), f"locales/{ns}.{code}.json is missing"


@pytest.mark.parametrize("namespace", sorted(namespaces()))
def test_every_key_exists_in_all_four_locales(namespace):
    keys = {code: set(raw(namespace, code)) for code in i18n.LANGUAGES}
    for code in i18n.LANGUAGES:
        missing = keys["en"] - keys[code]
        extra = keys[code] - keys["en"]
        assert not missing, f"{namespace}.{code} lacks {sorted(missing)}"
        assert not extra, f"{namespace}.{code} has keys English lacks: {sorted(extra)}"


@pytest.mark.parametrize("namespace", sorted(namespaces()))
def test_placeholders_and_plural_forms_match_english(namespace):
    english = raw(namespace, "en")
    for code in i18n.LANGUAGES:
        texts = raw(namespace, code)
        for key, text in texts.items():
            en = english[key]
            assert i18n.placeholders(text) == i18n.placeholders(en), f"{namespace}.{code}.{key}"
            assert isinstance(text, dict) == isinstance(en, dict), f"{namespace}.{code}.{key}"
            if isinstance(text, dict):
                assert set(text) == FORMS[code], f"{namespace}.{code}.{key} forms {sorted(text)}"
                for form in text.values():
                    assert form.strip()
            else:
                assert text.strip(), f"{namespace}.{code}.{key} is empty"


def test_translations_are_not_left_in_english():
    """ru/uk texts are Cyrillic; Italian differs from English except a few shared words."""
    english = raw("ui", "en")
    shared = {"ok", "seat_number", "percent", "computer", "menu_title", "default_computer_name",
              "no", "level_normal", "speed_normal"}
    for code in ("ru", "uk"):
        for key, text in raw("ui", code).items():
            flat = " ".join(text.values()) if isinstance(text, dict) else text
            letters = [c for c in flat if c.isalpha()]
            if key in ("seat_number", "percent") or not letters:
                continue
            assert any("\u0400" <= c <= "\u04ff" for c in letters), f"ui.{code}.{key}: {flat!r}"
    same = [k for k, v in raw("ui", "it").items() if v == english[k] and k not in shared]
    assert same == [], same


@pytest.mark.parametrize("code,key,fields,text", [
    ("en", "ui.player_count", {"count": 1}, "1 player"),
    ("en", "ui.player_count", {"count": 4}, "4 players"),
    ("ru", "ui.player_count", {"count": 1}, "1 игрок"),
    ("ru", "ui.player_count", {"count": 3}, "3 игрока"),
    ("ru", "ui.player_count", {"count": 5}, "5 игроков"),
    ("ru", "ui.player_count", {"count": 11}, "11 игроков"),
    ("ru", "ui.player_count", {"count": 21}, "21 игрок"),
    ("uk", "ui.player_count", {"count": 22}, "22 гравці"),
    ("uk", "ui.player_count", {"count": 25}, "25 гравців"),
    ("uk", "ui.default_human_name", {"n": 3}, "Гравець 3"),
])
def test_t_fills_placeholders_and_picks_the_plural_form(code, key, fields, text):
    i18n.set_language(code)
    assert i18n.t(key, **fields) == text


def test_missing_key_falls_back_to_the_key_and_unknown_language_is_refused():
    assert i18n.t("ui.no_such_key_anywhere") == "ui.no_such_key_anywhere"
    with pytest.raises(ValueError):
        i18n.set_language("de")
    assert i18n.language() == "en"


def test_language_change_notifies_listeners_until_unsubscribed():
    seen: list[str] = []
    unsubscribe = i18n.on_change(seen.append)
    i18n.set_language("it")
    i18n.set_language("it")  # no change, no call
    assert i18n.t("ui.new_game") == "Nuova partita"
    unsubscribe()
    i18n.set_language("ru")
    assert seen == ["it"]


def test_load_reads_every_namespace_file(tmp_path):
    for code in i18n.LANGUAGES:
        (tmp_path / f"extra.{code}.json").write_text(
            json.dumps({code: {"hello": f"hi-{code}"}}), encoding="utf-8")
    cat = i18n.load(tmp_path)
    assert cat["uk"]["extra.hello"] == "hi-uk"


def _all_characters() -> set[str]:
    chars: set[str] = set()
    for path in LOCALES.glob("*.*.json"):
        code = path.name.split(".")[1]
        for text in json.loads(path.read_text(encoding="utf-8"))[code].values():
            for part in (text.values() if isinstance(text, dict) else [text]):
                chars |= set(part)
    return {c for c in chars if not c.isspace()}


def test_the_bundled_font_has_a_glyph_for_every_character_in_locales():
    """NOTES.md: a missing glyph does not show in metrics, so compare rendered bitmaps."""
    pygame = pytest.importorskip("pygame")
    pygame.font.init()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        font = pygame.font.Font(str(ROOT / "fonts" / name), 24)
        tofu = pygame.image.tobytes(font.render("\ue000", False, (255, 255, 255)), "RGBA")
        missing = [c for c in sorted(_all_characters())
                   if pygame.image.tobytes(font.render(c, False, (255, 255, 255)), "RGBA") == tofu]
        assert missing == [], f"{name} lacks {missing}"


def test_a_games_own_file_adds_whole_keys_and_may_not_define_one_again(tmp_path):
    """Issue 39: ``locales/games/GAME.LANG.json`` brings a game's words (its name in ``ui``, its
    rules, its ticker lines) without an edit of a shared file; a key defined twice is refused,
    and so is a key that names no namespace."""
    games = tmp_path / i18n.GAMES_DIR
    games.mkdir()
    (tmp_path / "ui.en.json").write_text(json.dumps({"en": {"new_game": "New game"}}), encoding="utf-8")
    (games / "fives.en.json").write_text(
        json.dumps({"en": {"ui.game_fives": "All Fives", "rules.fives.goal": "Score fives"}}), encoding="utf-8")
    cat = i18n.load(tmp_path)
    assert cat["en"] == {"ui.new_game": "New game", "ui.game_fives": "All Fives", "rules.fives.goal": "Score fives"}
    assert [f.game for f in i18n.files(tmp_path)] == [None, "fives"]
    (games / "fives.en.json").write_text(json.dumps({"en": {"ui.new_game": "Play"}}), encoding="utf-8")
    with pytest.raises(ValueError, match="ui.new_game"):
        i18n.load(tmp_path)
    (games / "fives.en.json").write_text(json.dumps({"en": {"game_fives": "All Fives"}}), encoding="utf-8")
    with pytest.raises(ValueError, match="no namespace"):
        i18n.load(tmp_path)
