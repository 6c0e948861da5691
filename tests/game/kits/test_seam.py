"""The seam of DESIGN.md, "One table, three games" (issue 26): a new game is a variant, a kit
folder and its words, nothing else.  So outside ``game/kits/<family>/`` (and the registry,
``game/kits/__init__.py``) no file of ``game/`` names a game, and none imports a family's folder:
what differs is asked of the kit (``kit_for(game)``).

Two checks over every module of ``game/``:

- the words: no name or string token containing "mexican", "cuban" or "jamaican" (any case);
  comments and docstrings may name a game, code may not (a table keyed by game name, a branch
  on it, a locale key of one game, a constant such as ``MEXICAN``, all count);
- the imports: no import of ``game.kits.<family>`` (or anything in it) from outside that
  family's folder, counting imports inside functions and under TYPE_CHECKING.

Found before: the score screens chose their layout with ``kit.game == "mexican_train"``, the
history and coach screens worded each game's figures in an if-chain of game names, and half of
the Mexican Train kit lived in ``game/table/`` where the line kit and the core imported it.
"""
from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "game"
KITS = GAME / "kits"
REGISTRY = KITS / "__init__.py"
WORD = re.compile(r"mexican|cuban|jamaican", re.IGNORECASE)

#: Files other helpers of wave 4 carve at the same time (issue 26); the lead empties this list
#: once their branches are merged.  A directory stands for every file under it.
ALLOWED: tuple[str, ...] = ()


def families() -> list[str]:
    """The family folders: every package directly under game/kits/ that the registry names."""
    from game.kits import KITS as registry
    return sorted({module.split(".")[0] for module, _ in registry.values()})


def _owner(path: Path) -> str | None:
    """The family whose folder holds ``path``, or None for the core."""
    rel = path.relative_to(KITS).parts if path.is_relative_to(KITS) else ()
    return rel[0] if len(rel) > 1 and rel[0] in families() else None


def _allowed(path: Path) -> bool:
    rel = path.relative_to(GAME).as_posix()
    return any(rel == a or (a.endswith("/") and rel.startswith(a)) for a in ALLOWED)


def core_files() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if _owner(p) is None and p != REGISTRY)


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    """Where the bare string statements start: docstrings and attribute docs, not code."""
    return {(n.lineno, n.col_offset) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}


def game_words(source: str) -> list[tuple[int, str]]:
    """(line, token) of every name or string in ``source`` that names a game, bar docstrings."""
    docs = _docstrings(ast.parse(source))
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING) or not WORD.search(tok.string):
            continue
        if tok.type == tokenize.STRING and tok.start in docs:
            continue
        found.append((tok.start[0], tok.string))
    return found


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) of everything ``path`` imports, wherever the import stands, with
    ``from package import module`` counted as the module too."""
    tree = ast.parse(path.read_text())
    here = _module_of(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.append((node.lineno, module))
            out += [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return out


def builds_on(family: str | None) -> tuple[str, ...]:
    """The families whose kit ``family`` builds on, as its folder declares (``BUILDS_ON`` in
    its ``__init__``; ``game.kits``): a new game's kit may subclass the line's, say so there,
    and no test changes."""
    if family is None:
        return ()
    return tuple(getattr(importlib.import_module(f"game.kits.{family}"), "BUILDS_ON", ()))


def family_imports(path: Path) -> list[str]:
    """The imports in ``path`` of a family's folder it is not in (nor declares it builds on)."""
    mine = _owner(path)
    base = builds_on(mine)
    bad = []
    for line, module in imported(path):
        for family in families():
            folder = f"game.kits.{family}"
            if family != mine and family not in base and (module == folder or module.startswith(folder + ".")
                                   or module.startswith(folder + "_")):
                bad.append(f"{path.relative_to(GAME).as_posix()}:{line}: {module}")
    return sorted(set(bad))


CORE = core_files()


@pytest.mark.parametrize("path", [p for p in CORE if not _allowed(p)],
                         ids=lambda p: p.relative_to(GAME).as_posix())
def test_the_core_never_names_a_game(path):
    assert [f"{path.relative_to(GAME).as_posix()}:{n}: {tok}" for n, tok in game_words(path.read_text())] == []


@pytest.mark.parametrize("path", [p for p in GAME.rglob("*.py") if p != REGISTRY and not _allowed(p)],
                         ids=lambda p: p.relative_to(GAME).as_posix())
def test_no_one_imports_a_family_but_the_registry_and_the_family(path):
    assert family_imports(path) == []


def test_every_family_has_its_folder():
    assert families(), "the registry names no family"
    for family in families():
        assert (KITS / family / "__init__.py").is_file(), f"game/kits/{family}/ is not a package"


def test_a_family_builds_only_on_families_that_exist_and_not_on_itself():
    for family in families():
        assert set(builds_on(family)) <= set(families()) - {family}, family


def test_the_import_check_lets_a_family_import_only_what_it_declares_it_builds_on(monkeypatch):
    """A kit folder that declares ``BUILDS_ON = ("line",)`` may import the line's folder, and
    still no other family's."""
    import game.kits.mexican_train as folder
    fake = KITS / "mexican_train" / "kit.py"
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: (
        "from ..line import layout\nfrom game.kits.line.kit import LineKit\n"))
    assert family_imports(fake)  # the line is not its base yet: refused
    monkeypatch.setattr(folder, "BUILDS_ON", ("line",), raising=False)
    assert family_imports(fake) == []


def test_the_allowance_names_only_files_that_exist():
    for entry in ALLOWED:
        assert (GAME / entry).exists(), entry


def test_the_word_check_finds_a_game_in_code_but_not_in_prose():
    source = ('"""Mexican Train is a game."""\n'
              'MEXICAN = "m"  # a comment on the mexican train is fine\n'
              'KEY = "history.cuban_hands_won"\n'
              'def f():\n'
              '    """Jamaican words."""\n'
              '    return kit.game == "jamaican"\n')
    assert [n for n, _ in game_words(source)] == [2, 3, 6]
    assert game_words('x = f"{seat}_train"  # no game\n') == []


def test_the_import_check_finds_a_family_from_the_core(tmp_path, monkeypatch):
    fake = GAME / "scenes" / "score_panel.py"
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: (
        "from ..kits.mexican_train import render\n"
        "def f():\n    from ..kits import line\n    import game.kits.line.layout\n"
        "from ..kits import kit_for\n"))
    assert sorted(b.split(": ")[1] for b in family_imports(fake)) == [
        "game.kits.line", "game.kits.line.layout", "game.kits.mexican_train",
        "game.kits.mexican_train.render"]
