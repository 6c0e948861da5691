"""Issue 26 for the phones: game/phones/ knows no game by name, and its server class stays small.

The phones serve every game the rules know by asking the view (its shape and records,
``rules.events``) and the variant data (``rules.variants.GAMES``), never by naming one; a
fourth game adds no line here.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHONES = ROOT / "game" / "phones"
GAME_NAME = re.compile(r"mexican|cuban|jamaican", re.IGNORECASE)


def game_names_in(text: str) -> list[str]:
    """NAME and STRING tokens naming a game; comments and docstrings do not count."""
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docstrings.add(body[0].value.lineno)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.NAME, tokenize.STRING) and GAME_NAME.search(tok.string):
            if not (tok.type == tokenize.STRING and tok.start[0] in docstrings):
                found.append(f"{tok.start[0]}: {tok.string}")
    return found


def test_no_file_of_the_phones_names_a_game():
    found = {p.name: game_names_in(p.read_text(encoding="utf-8")) for p in sorted(PHONES.glob("*.py"))}
    found = {k: v for k, v in found.items() if v}
    assert found == {}, f"ask the view or the variant data instead: {found}"


def test_the_page_names_no_game_either():
    found = [f"{p.name}: {m.group(0)}" for p in sorted((PHONES / "static").glob("*.js"))
             for m in GAME_NAME.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_scan_finds_a_game_named_in_code_but_not_in_a_comment_or_docstring():
    sample = '"""The Mexican train."""\n# cuban\nif view.game == "mexican_train":\n    JAMAICAN = 1\n'
    assert game_names_in(sample) == ['3: "mexican_train"', "4: JAMAICAN"]


def test_the_server_class_stays_under_400_lines():
    tree = ast.parse((PHONES / "server.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "PhoneServer")
    assert cls.end_lineno - cls.lineno + 1 < 400
