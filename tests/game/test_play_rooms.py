"""Issue 26: the play state is a room of its own size, and the table's core names no game.

``PlayState`` keeps the phases; the cursor and its keys, the pick, the buttons, undo and
redo, the deal flow, the pace and the hint live in their own modules (``game.play``'s
docstring), each under the size the issue sets for a class, and none of them branches on
which game is played: they ask the kit or the variant.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"

#: The table's core: the play state and the parts it is composed of.
CORE = ("play.py", "picking.py", "keys.py", "focus.py", "buttons.py", "undo.py", "deal_flow.py",
        "pacing.py", "hints.py", "hand_order.py", "queries.py", "parts.py", "phases.py", "sources.py")

GAME_NAME = re.compile(r"mexican|cuban|jamaican", re.IGNORECASE)


def classes(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None]


def test_the_play_state_is_under_400_lines():
    sizes = dict(classes(GAME / "play.py"))
    assert sizes["PlayState"] < 400, sizes


@pytest.mark.parametrize("name", CORE)
def test_no_class_of_the_table_core_is_over_400_lines(name):
    assert all(size < 400 for _, size in classes(GAME / name)), classes(GAME / name)


def code_words(path: Path) -> list[tuple[int, str]]:
    """Every name and string of ``path`` that is not a comment or a docstring."""
    words = []
    previous = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT,
                                                          tokenize.DEDENT, tokenize.NL):
            previous = token.type
            continue  # a docstring
        if token.type in (tokenize.NAME, tokenize.STRING):
            words.append((token.start[0], token.string))
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token.type
    return words


@pytest.mark.parametrize("name", CORE)
def test_the_table_core_names_no_game(name):
    named = [(line, word) for line, word in code_words(GAME / name) if GAME_NAME.search(word)]
    assert not named, f"game/{name} names a game; ask the kit or the variant: {named}"


def test_the_word_check_sees_a_name_in_code_but_not_in_a_docstring(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Mexican Train."""\n# Cuban\nx = "jamaican"\n', encoding="utf-8")
    assert [w for _, w in code_words(sample) if GAME_NAME.search(w)] == ['"jamaican"']


@pytest.mark.parametrize("name", CORE)
def test_history_entries_are_read_by_name_not_by_index(name):
    """Issue 26: every read of the history goes through ``rules.events``' typed records."""
    source = (GAME / name).read_text(encoding="utf-8")
    assert not re.search(r"\bhistory\[[^\]:]*\]\[|\b(e|ev|event|entry)\[\d\]", source), name


def test_the_phase_of_seats_deciding_away_is_named_for_all_of_them():
    """A phone seat decides away from the device as a computer does: the phase is ``AWAY``,
    and no ``COMPUTER`` phase is left to be confused with the computer seat kind."""
    from game import phases, play
    from game.seats import COMPUTER

    assert phases.AWAY == "away" and not hasattr(phases, "COMPUTER") and play.AWAY is phases.AWAY
    assert COMPUTER not in (phases.AWAY, phases.CHOOSING, phases.CURTAIN, phases.PREVIEW,
                            phases.DEAL_END, phases.MATCH_END)
