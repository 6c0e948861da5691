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


GAME = RULES.parent / "game"


def _game_imports(path: Path) -> set[str]:
    """Every module of ``game`` that ``path`` imports, relative imports resolved, as dotted
    names ("game.scenes.textbox"), those made only for type checking included."""
    package = ".".join(path.relative_to(GAME.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = node.module or ""
            if node.level == 0:
                out.add(module)
            else:
                out.update(f"{base}.{module}".rstrip(".") if module else f"{base}.{a.name}" for a in node.names)
    return {m for m in out if m.split(".")[0] == "game"}


def test_kits_and_the_table_base_never_import_a_screen():
    """Issue 39: a kit draws for the score screens through what they hand it
    (``game.table.contract``); neither a kit nor the base under every kit reaches into
    ``game.scenes`` (text measuring lives in ``game.table.text``)."""
    for folder in (GAME / "kits", GAME / "table"):
        for path in folder.rglob("*.py"):
            screens = sorted(m for m in _game_imports(path) if m == "game.scenes" or m.startswith("game.scenes."))
            assert not screens, f"{path.relative_to(GAME.parent)} imports {', '.join(screens)}"
