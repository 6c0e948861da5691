"""Issue 17, item 5: every key in locales/ is used by the program, and no key is made up on the fly
without being written down here.

A key counts as used when the source of game/ spells it out as a string
("ui.new_game", "table.draw") or when it starts with one of DYNAMIC_PREFIXES
or is one of a kit's own words (``kit_words``: the keys named after a family folder),
the documented places that build a key from a value (f"ui.level_{lv}").  The
second test keeps that list honest: every key the source builds must start
with a documented prefix, and every documented prefix must still be built.
"""
from __future__ import annotations

import re
from pathlib import Path

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
SOURCE_DIRS = ("game",)

#: Keys built from a value at run time, each with where and from what.
DYNAMIC_PREFIXES = {
    "ui.log_": "overlays.history_lines: ui.log_{kind} for unmark, draw, pass, mark, end_chain",
    "ui.palette_": "settings: one per palette value",
    "ui.tile_style_": "settings: one per tile style",
    "ui.speed_": "settings: one per computer speed",
    "speech.detail_": "settings: one per speech detail (brief, normal, full; issue 41)",
    "ui.level_": "new_game: one per computer level",
    "ui.strength_": "new_game: the levels' measured strength, one line per game",
    "ui.game_": "new_game: one per game of rules.GAMES",
    "save.": "app.show_save_problem: save.{problem}, one per storage.PROBLEMS kind",
    "table.sort_": "table scene: the sort button shows the hand's sort mode",
    "table.confirm_": "prompts: the confirm question for each previewed action kind",
    "rules.": "rules_text: rules.GAME.SECTION(.title), each listed in rules_text.SECTIONS",
    "reasons.": "hint_words.reason_line: reasons.{kind}, one per rules.reasons.KINDS",
    "speech.pips_": "speech.words.pips and the kits' speech parts: a number of pips in words, 0 to 12",
}


def kit_words() -> dict[str, str]:
    """A kit's own words (``game.kits``): the keys named after its family folder, in
    locales/FAMILY.LANG.json, which the kit builds at run time (the line kit's ``LineKit.w``
    reads line.GAME.NAME, one line game's own words: a hand, a team).  Documented here by
    that scheme, so a new family's folder and words need no edit of this file."""
    from game.kits import KITS
    families = {module.split(".")[0] for module, _ in KITS.values()}
    return {f"{f}.": f"kits.{f}: the family's own words, {f}.*" for f in sorted(families & namespaces())}

#: Keys no code uses yet, kept on purpose.
KEPT = {
}


def namespaces() -> set[str]:
    """Every namespace a key is in: the shared files' and any a game's own file names (issue 39)."""
    return {p.name.split(".")[0] for p in LOCALES.glob("*.*.json")} | {k.split(".")[0] for k in english_keys()}


def english_keys() -> set[str]:
    """Every English key, the games' own files (``locales/games/``) found by ``i18n.files``."""
    keys: set[str] = set()
    for file in i18n.files(LOCALES):
        if file.code == "en":
            keys |= set(i18n.entries(file))
    return keys


def source() -> str:
    return "\n".join(p.read_text(encoding="utf-8")
                     for d in SOURCE_DIRS for p in sorted((ROOT / d).rglob("*.py")))


def _ns_pattern() -> str:
    return "|".join(sorted(map(re.escape, namespaces())))


def literal_keys(text: str) -> set[str]:
    """Every "namespace.key" written out whole in the source."""
    return set(re.findall(rf"[\"']((?:{_ns_pattern()})\.[\w.]*[^\W_])[\"']", text))


def built_prefixes(text: str) -> set[str]:
    """The fixed start of every key the source builds: f"ui.level_{lv}", "table.sort_" + mode."""
    ns = _ns_pattern()
    found = set(re.findall(rf"f[\"']((?:{ns})\.[\w.]*)\{{", text))
    found |= set(re.findall(rf"[\"']((?:{ns})\.[\w.]*)[\"']\s*\+", text))
    return found


def test_every_key_in_locales_is_used_by_the_program():
    text = source()
    used = literal_keys(text)
    unused = sorted(k for k in english_keys() - used - set(KEPT)
                    if not k.startswith(tuple(DYNAMIC_PREFIXES | kit_words())))
    assert unused == [], f"keys no code uses (delete them, or document why in KEPT): {unused}"


def test_every_key_the_program_builds_has_a_documented_prefix():
    built = built_prefixes(source())
    undocumented = sorted(p for p in built if not p.startswith(tuple(DYNAMIC_PREFIXES | kit_words())))
    assert undocumented == [], f"document these in DYNAMIC_PREFIXES: {undocumented}"
    stale = sorted(p for p in DYNAMIC_PREFIXES | kit_words() if not any(b.startswith(p) for b in built))
    assert stale == [], f"no code builds these any more: {stale}"


def test_kept_keys_exist():
    assert set(KEPT) <= english_keys()


def test_the_scan_finds_literal_and_built_keys():
    sample = 't("ui.new_game") + t(f"ui.level_{lv}") + t("table.sort_" + mode) + "ui.nothing"'
    assert literal_keys(sample) == {"ui.new_game", "ui.nothing"}
    assert built_prefixes(sample) == {"ui.level_", "table.sort_"}


def test_a_kit_family_with_words_of_its_own_is_documented_by_its_folder():
    """The line family's words (locales/line.*.json) are documented by the scheme, and a family
    without such a file (Mexican Train's words are in the shared files) adds no prefix."""
    assert "line." in kit_words()
    assert all(p[:-1] in namespaces() for p in kit_words())


def test_a_games_own_file_is_read_with_the_shared_ones(tmp_path, monkeypatch):
    """Issue 39: the keys of ``locales/games/GAME.LANG.json`` are checked like any other, so an
    unused key of a new game's own file fails the first test here."""
    (tmp_path / "games").mkdir()
    (tmp_path / "ui.en.json").write_text('{"en": {"new_game": "New game"}}', encoding="utf-8")
    (tmp_path / "games" / "fives.en.json").write_text(
        '{"en": {"ui.game_fives": "All Fives", "fives.scored": "%{count} points"}}', encoding="utf-8")
    monkeypatch.setitem(globals(), "LOCALES", tmp_path)
    assert english_keys() == {"ui.new_game", "ui.game_fives", "fives.scored"}
    assert namespaces() == {"ui", "fives"}
