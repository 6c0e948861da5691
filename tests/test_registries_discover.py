"""Issue 26, step two: a new game is found, not registered by hand.

``rules.variants`` looks through every module of its package for the classes that name a
``game``; ``game.kits`` looks through every family folder for the games it declares
(``GAMES``); ``rules.bots`` asks the variant for its own chooser.  Each check drops a toy
module or folder where the registry looks (a temporary directory on the package's path)
and calls the registry's finder again: the hand-written tables these replace would not see it.
"""
from __future__ import annotations

import random
import sys
import textwrap
from pathlib import Path

import pytest

import game.kits as kits
import rules.bots as bots
import rules.variants as variants
from rules.state import LINE, TRAINS

TOY_VARIANT = '''
from rules.state import Variant

def choose(view, level, rng):
    return view.legal[-1]

class ToyBase(Variant):
    """A base for games: it names no game, so it is not one."""
    family = "toy"

class Toy(ToyBase):
    game = "toy_game"
    order = 2.5
    title = "Toy"
    players = (2, 3)
    chooser = choose
'''


@pytest.fixture
def toy_variant(tmp_path, monkeypatch):
    (tmp_path / "toy_variant.py").write_text(textwrap.dedent(TOY_VARIANT))
    monkeypatch.setattr(variants, "__path__", [*variants.__path__, str(tmp_path)])
    yield variants._discover()
    sys.modules.pop("rules.variants.toy_variant", None)


#: the three games of the first release, in the order the program has always listed them
FIRST = ["mexican_train", "cuban", "jamaican"]


def test_the_registry_lists_the_games_in_their_declared_order_mexican_train_first():
    found = list(variants.VARIANTS)
    assert [g for g in found if g in FIRST] == FIRST and set(FIRST) <= set(found)
    assert [v.order for v in variants.VARIANTS.values()] == sorted(v.order for v in variants.VARIANTS.values())
    assert kits.DEFAULT_GAME == "mexican_train" == found[0]


def test_a_new_module_under_rules_variants_is_a_new_game_in_its_place(toy_variant):
    found = list(toy_variant)
    assert found.index("cuban") < found.index("toy_game") < found.index("jamaican")
    assert [g for g in found if g != "toy_game"] == list(variants.VARIANTS)
    assert "ToyBase" not in {v.__name__ for v in toy_variant.values()}


def test_two_variants_of_one_name_are_refused(tmp_path, monkeypatch):
    (tmp_path / "twin_variant.py").write_text(
        "from rules.state import Variant\nclass Twin(Variant):\n    game = 'cuban'\n")
    monkeypatch.setattr(variants, "__path__", [*variants.__path__, str(tmp_path)])
    try:
        with pytest.raises(TypeError, match="two variants"):
            variants._discover()
    finally:
        sys.modules.pop("rules.variants.twin_variant", None)


def test_the_computer_player_is_the_variants_own_or_its_familys(toy_variant, monkeypatch):
    assert bots.chooser_for("mexican_train") is bots.CHOOSERS[TRAINS]
    assert bots.chooser_for("jamaican") is bots.CHOOSERS[LINE]
    assert bots.chooser_for("poker") is None
    monkeypatch.setattr(bots, "VARIANTS", toy_variant)
    own = bots.chooser_for("toy_game")
    assert own is toy_variant["toy_game"].chooser and own is not None

    class View:
        game, seat, legal = "toy_game", 1, ("a", "b")
    assert bots.choose(View(), "normal", random.Random(1)) == "b"  # type: ignore[arg-type]


def test_a_new_kit_folder_declares_its_games_and_is_found(tmp_path, monkeypatch):
    folder = tmp_path / "toyfamily"
    folder.mkdir()
    (folder / "__init__.py").write_text('GAMES = {"toy_game": ("kit", "TOY")}\nBUILDS_ON = ("line",)\n')
    monkeypatch.setattr(kits, "__path__", [*kits.__path__, str(tmp_path)])
    try:
        found = kits._discover()
    finally:
        sys.modules.pop("game.kits.toyfamily", None)
    assert found == {**kits.KITS, "toy_game": ("toyfamily.kit", "TOY")}
    assert list(found)[-1] == "toy_game"  # no variant of that name: listed last


def test_the_command_lines_words_come_from_the_variants_titles(toy_variant, monkeypatch):
    """The words --help has always shown for the three games, and a new game's title in them."""
    assert kits._cli_games(FIRST) == "Mexican Train, Cuban and Jamaican dominoes"
    assert kits._cli_players(FIRST) == "Mexican Train; Cuban and Jamaican have 4"
    assert (kits.CLI_GAMES, kits.CLI_PLAYERS) == (kits._cli_games(list(kits.KITS)), kits._cli_players(list(kits.KITS)))
    monkeypatch.setattr(kits, "VARIANTS", toy_variant)
    games = ["mexican_train", "cuban", "toy_game", "jamaican"]
    assert kits._cli_players(games) == "Mexican Train and Toy; Cuban and Jamaican have 4"


def test_every_kit_folder_is_a_package_that_declares_games():
    here = Path(kits.__file__).parent
    declared = {g for p in here.iterdir() if (p / "__init__.py").is_file()
                for g in getattr(__import__(f"game.kits.{p.name}", fromlist=["GAMES"]), "GAMES", {})}
    assert declared == set(kits.KITS) == set(variants.VARIANTS)


def test_a_family_part_is_found_only_where_the_folder_holds_it(tmp_path, monkeypatch):
    """The Learn menu lists the games whose folder has a lesson: a new family may have none."""
    from game.lessons import GAMES as LESSONS
    assert all(kits.has_part(g, "lesson") for g in LESSONS)
    assert not kits.has_part(kits.DEFAULT_GAME, "no_such_part") and not kits.has_part("poker", "lesson")
