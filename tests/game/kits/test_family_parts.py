"""Issue 39: what a family folder provides is declared in one place (``game.kits.family``), and
every folder is held to it.  A part the core asks for by name (``family_part``) that lacks a
declared function is refused by name when first asked for, not as an ``AttributeError`` deep in
the history list or the speech; a part every family must have is present in every folder."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import game.kits as kits
from game.kits.family import PARTS, declared, missing

FOLDERS = sorted(p.name for p in Path(kits.__file__).parent.iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_family_folder_provides_what_each_part_declares(folder):
    for part, (protocol, required) in PARTS.items():
        try:
            module = importlib.import_module(f"game.kits.{folder}.{part}")
        except ModuleNotFoundError as e:
            assert e.name == f"game.kits.{folder}.{part}", e
            assert not required, f"the family {folder} has no {part} module"
            continue
        assert missing(part, module) == [], f"game.kits.{folder}.{part}"
        assert isinstance(module, protocol)


def test_each_part_declares_the_names_the_core_calls():
    """The declarations are not empty: they name what game.history and game.speech call."""
    assert {"side", "sides", "count_deal", "close_match", "score_text", "winner_seats"} == set(declared(PARTS["history"][0]))
    assert "prompt_words" in declared(PARTS["speech"][0]) and declared(PARTS["rules_text"][0]) == ["SECTIONS"]


def test_a_family_part_that_lacks_a_declared_function_is_refused_by_name(tmp_path, monkeypatch):
    folder = tmp_path / "toyfamily"
    folder.mkdir()
    (folder / "__init__.py").write_text('GAMES = {"toy_game": ("kit", "TOY")}\n')
    # a history part that forgot winner_seats, and whose score_text is no function
    (folder / "history.py").write_text(
        "def side(seat): return seat\ndef sides(players): return players\n"
        "def count_deal(game, e, rows): pass\ndef close_match(game, rows, totals): pass\n"
        "score_text = 'none'\n")
    monkeypatch.setattr(kits, "__path__", [*kits.__path__, str(tmp_path)])
    monkeypatch.setattr(kits, "KITS", {**kits.KITS, "toy_game": ("toyfamily.kit", "TOY")})
    try:
        with pytest.raises(TypeError, match="lacks what a family's 'history' provides: score_text, winner_seats"):
            kits.family_part("toy_game", "history")
        assert kits.family_part("mexican_train", "history").score_text([3, 5]) != ""
        with pytest.raises(ValueError, match="no family part"):
            kits.family_part("mexican_train", "no_such_part")
    finally:
        for name in ("game.kits.toyfamily", "game.kits.toyfamily.history"):
            sys.modules.pop(name, None)


def test_nothing_probes_a_kit_for_an_optional_hook():
    """A hook a kit may leave out has its default on the base (``TableKit``): no caller asks
    ``hasattr(kit, ...)`` or ``getattr(kit, ..., None)`` to find out."""
    import ast
    root = Path(kits.__file__).parents[1]
    probes = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args
                    and "kit" in ast.unparse(node.args[0]).rpartition(".")[2]):
                probes.append(f"{path.relative_to(root.parent)}:{node.lineno} {ast.unparse(node)}")
    assert probes == []
