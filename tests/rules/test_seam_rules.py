"""The seam of ``rules/`` (issue 26): outside ``rules/variants/`` no module names a game.

A game's data (players, the set's top number, teams, what the bots and the coach must know of
it) lives on its variant class and is found through ``rules.variants.find_variant``; the core,
the bots and the coach read that data instead of asking which game this is.  So every Python
file in ``rules/`` outside ``rules/variants/`` is tokenized, and any name or string (docstrings
and comments aside, they may explain) that contains a game's name fails.

Found when written: 99 such tokens in 13 files (the bots' per-game tables and
``k.game == jamaican.GAME`` checks, the coach's ``MEXICAN_TRAIN``, the chooser table, the
command line's ``choices``, the actions' ``"mexican"`` train ...).
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
WORDS = re.compile("mexican|cuban|jamaican", re.IGNORECASE)
CHECKED = sorted(p for p in RULES.rglob("*.py") if "variants" not in p.relative_to(RULES).parts)
# f-strings are one STRING token up to Python 3.11 and FSTRING_MIDDLE pieces from 3.12
KINDS = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}


def _docstring_lines(source: str) -> set[int]:
    """The lines of every module, class and function docstring in ``source``."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                first = body[0]
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def game_names(source: str) -> list[tuple[int, str]]:
    """(line, token) of each name or string in ``source`` naming a game, docstrings aside."""
    docs = _docstring_lines(source)
    return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type in KINDS and WORDS.search(tok.string) and tok.start[0] not in docs]


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.relative_to(RULES).as_posix())
def test_no_module_outside_the_variants_names_a_game(path):
    found = [f"{path.relative_to(RULES)}:{n}: {s}" for n, s in game_names(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_finds_names_and_strings_not_docstrings_or_comments():
    source = ('"""Mexican Train docs."""\n'
              "from .variants import cuban  # Cuban\n"
              "def f(x):\n"
              '    """Jamaican docs."""\n'
              '    return x == "mexican_train" or f"{x} JAMAICAN"\n')
    assert [n for n, _ in game_names(source)] == [2, 5, 5]


def test_the_check_reads_files():
    assert len(CHECKED) > 20 and RULES / "bots" / "__init__.py" in CHECKED
    assert not any("variants" in p.parts for p in CHECKED)


def test_the_registry_finds_each_game_and_its_data():
    from rules.bots import chooser_for
    from rules.state import LINE, TRAINS
    from rules.variants import GAMES, PLAYERS, VARIANTS, find_variant

    assert list(VARIANTS) == list(GAMES) == list(PLAYERS)
    for name in GAMES:
        v = find_variant(name)
        assert v.game == name and GAMES[name] is v and PLAYERS[name] == v.players
        assert chooser_for(name) is not None and len(v.full_set) == (v.top + 1) * (v.top + 2) // 2
        assert (v.teams is not None) == (v.family == LINE) and v.has_trains == (v.family == TRAINS)
        assert v.has_trains == (v.public_train is not None)
    with pytest.raises(ValueError, match="unknown game"):
        find_variant("chess")


def test_an_action_may_name_a_variants_public_train_and_nothing_else():
    from rules.actions import action_from_json
    from rules.variants import find_variant

    public = find_variant("mexican_train").public_train
    assert action_from_json({"kind": "play", "tile": [1, 2], "train": public}).train == public
    for bad in ("cuban", ["mexican"], {"x": 1}, True):
        with pytest.raises(ValueError, match="bad train"):
            action_from_json({"kind": "play", "tile": [1, 2], "train": bad})
