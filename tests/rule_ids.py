"""Which rules of RULES.md a test checks: its ``rule`` markers, and the IDs its name or
docstring names (``test_MT20_...``, "CU-7, JA-5: ...").

One derivation serves both the collection hook in ``tests/conftest.py``, which marks
every such test ``@pytest.mark.rule(id=...)`` so that ``pytest -m "rule(id='MT-14')"``
finds the tests of a rule, and the check that every rule has a test.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
#: The table's own rules, every game's (UX-1..UX-9 in RULES.md).
TABLE_RULES = {"UX": 9}
#: How many rules each family has: each game's variant declares its own (``rule_prefix``,
#: ``rule_count``), so a new game's rules are checked without an edit here (issue 39); all
#: are checked against RULES.md where it is beside us.
RULE_COUNTS = {**{v.rule_prefix: v.rule_count for v in VARIANTS.values()}, **TABLE_RULES}
RULES_MD = ROOT.parent / "shared" / "RULES.md"

_PREFIXES = "|".join(sorted(RULE_COUNTS))
_IN_TEXT = re.compile(rf"\b({_PREFIXES})-(\d{{1,2}})\b")
_IN_NAME = re.compile(rf"(?i)(?:^|_)({_PREFIXES.lower()})-?(\d{{1,2}})(?=_|$)")


def all_rule_ids() -> set[str]:
    return {f"{family}-{n}" for family, count in RULE_COUNTS.items() for n in range(1, count + 1)}


def listed_in_rules_md() -> set[str] | None:
    """The IDs RULES.md defines (a "- XX-n " bullet each), or None where it is not beside us."""
    if not RULES_MD.exists():
        return None
    text = RULES_MD.read_text(encoding="utf-8")
    return {f"{m[0]}-{int(m[1])}" for m in re.findall(r"^- ([A-Z]{2,4})-(\d+) ", text, re.M)}


def ids_named(name: str, doc: str | None) -> set[str]:
    """The rule IDs a test's name and docstring name."""
    found = {f"{f.upper()}-{int(n)}" for f, n in _IN_NAME.findall(name)}
    found |= {f"{f}-{int(n)}" for f, n in _IN_TEXT.findall(doc or "")}
    return found & all_rule_ids()


def _marker_ids(decorators: list[ast.expr]) -> set[str]:
    out: set[str] = set()
    for d in decorators:
        if isinstance(d, ast.Call) and getattr(d.func, "attr", None) == "rule":
            out |= {a.value for a in d.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
            out |= {k.value.value for k in d.keywords
                    if k.arg == "id" and isinstance(k.value, ast.Constant)}
    return out


def tests_by_rule(tests_dir: Path = ROOT / "tests") -> dict[str, list[str]]:
    """Rule ID -> the tests (file::name) that check it, read from the test sources."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_ids: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
                values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
                module_ids |= _marker_ids(values)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                ids = module_ids | _marker_ids(node.decorator_list) | ids_named(node.name, ast.get_docstring(node))
                for rule in ids:
                    found.setdefault(rule, []).append(f"{path.relative_to(tests_dir)}::{node.name}")
    return found
