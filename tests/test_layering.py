"""DESIGN.md: ``rules`` never imports pygame or ``game``."""
import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "rules"


def test_rules_imports_neither_pygame_nor_game():
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                root = name.split(".")[0]
                assert root not in ("pygame", "pygame_gui", "game"), f"{path} imports {name}"
