"""Issue 17, item 3: the rules screen states every rule of each game, in all four languages.

game/rules_text.py maps each section of a game's rules (locales/rules.LANG.json)
to the rule IDs of RULES.md it states.  RULES.md lives beside the repository
(../shared); each game's variant declares its IDs too (``Variant.rule_prefix`` and
``rule_count``), so that the coverage check also runs in a clone without it, and they are
checked against it where it is present (a new game's rules may reach RULES.md later).
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from game import i18n
from game.rules_text import GAMES, SECTIONS, rules_text, sections
from rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = [ROOT.parent / "shared" / "RULES.md", Path("/work/shared/RULES.md")]

#: The table's own rules, every game's: UX-1..UX-9.
SHARED = {"UX": 9}
#: Each game's rule IDs, as its variant declares them (``Variant.rule_prefix``, ``rule_count``):
#: MT-1..MT-20, CU-1..CU-12, JA-1..JA-9; a new game brings its own, RULES.md or not yet.
GAME_PREFIX = {game: v.rule_prefix for game, v in VARIANTS.items()}
RULE_IDS = {**{v.rule_prefix: v.rule_count for v in VARIANTS.values()}, **SHARED}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def ids(prefix: str) -> set[str]:
    return {f"{prefix}-{n}" for n in range(1, RULE_IDS[prefix] + 1)}


def test_the_rule_ids_here_are_those_of_rules_md():
    found = next((p for p in RULES_MD if p.is_file()), None)
    if found is None:
        pytest.skip("RULES.md (../shared) is not beside this clone")
    listed = set(re.findall(r"^- ([A-Z]+-\d+) ", found.read_text(encoding="utf-8"), re.M))
    prefixes = {rid.split("-")[0] for rid in listed}
    assert prefixes <= set(RULE_IDS), sorted(prefixes - set(RULE_IDS))  # a game RULES.md has, the code has not
    assert set(SHARED) < prefixes  # the table's rules and at least one game's: the scan works
    assert listed == set().union(*(ids(p) for p in prefixes))


def test_every_game_declares_its_own_rule_prefix():
    assert all(p and n > 0 for p, n in RULE_IDS.items())
    assert len(set(GAME_PREFIX.values())) == len(GAME_PREFIX) and not set(GAME_PREFIX.values()) & set(SHARED)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_game_is_stated_by_a_section(game):
    """Every rule of the game and every shared rule of the table has a section."""
    covered = {rid for s in SECTIONS[game] for rid in s.rule_ids}
    assert ids(GAME_PREFIX[game]) | ids("UX") <= covered, sorted(ids(GAME_PREFIX[game]) - covered)
    assert all(rid.split("-")[0] in (GAME_PREFIX[game], "UX") for rid in covered)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_section_exists_in_every_language(game, code):
    for s in SECTIONS[game]:
        for key in (s.heading_key, s.text_key):
            assert key in i18n.catalog()[code], f"{code}: {key}"
    i18n.set_language(code)
    for heading, text in sections(game):
        assert heading.strip() and len(text) > 40


def test_every_rules_key_belongs_to_a_section():
    listed = {k for game in GAMES for s in SECTIONS[game] for k in (s.heading_key, s.text_key)}
    in_locales = {k for k in i18n.catalog()["en"] if k.startswith("rules.")}
    assert in_locales <= listed, sorted(in_locales - listed)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_body_has_each_heading_in_bold_and_tiles_as_the_table_writes_them(game, code):
    i18n.set_language(code)
    body = rules_text(game)
    for heading, _ in sections(game):
        assert f"<b>{html.escape(heading)}</b>" in body
    assert not re.search(r"\b(\d{1,2})-\1\b", body), "a double written 12-12, not [12|12]"
    assert "[12|12]" in body or game != "mexican_train"


@pytest.mark.rule("MT-8")
def test_the_first_turn_may_stop_right_after_a_double():
    """The old screen said a double always asks for one more tile; in the first turn it does not."""
    text = dict(sections("mexican_train"))
    assert "even right after a double" in text["The first turn"]
    assert text["Doubles"].startswith("After the first round")


def test_unknown_game_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="choose one of mexican_train"):
        rules_text("poker")


#: MT-11 in each language: the empty-boneyard clause, the marker, and the limit of the one draw.
MT11 = {
    "en": ("empty boneyard", "marker", "twice for the same play"),
    "ru": ("пустом базаре", "отметк", "для того же хода"),
    "uk": ("стос порожній", "позначк", "для того самого ходу"),
    "it": ("riserva vuota", "segnat", "due volte per la stessa giocata"),
}


@pytest.mark.rule("MT-11")
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_pass_with_an_empty_boneyard_marks_the_train_and_one_draw_is_per_play(code):
    """Issue 30: "(with an empty boneyard, just pass)" read as a pass without a marker, and
    "there is never a second draw" denied the new draw the doubles section allows (MT-13)."""
    empty, marker, per_play = MT11[code]
    text = i18n.catalog()[code]["rules.mexican_train.turns"]
    assert isinstance(text, str)
    clause = re.search(rf"{empty}[^.)]*", text)
    assert clause and marker in clause.group(0), text
    assert per_play in text
