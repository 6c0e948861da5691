"""How much of a folder's code is typed: the share of untyped parameters and the uses of ``Any``.

    python tools/measure_types.py [FOLDER ...]      (default: game/kits game/table)

A parameter counts as untyped when it has no annotation; ``self`` and ``cls`` of methods are
left out (they need none), ``*args``/``**kwargs`` count like the rest. ``Any`` counts every
name ``Any`` (or ``typing.Any``) in the code, annotations and casts alike. Prints JSON.
"""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[ast.arg]:
    a = fn.args
    params = [*a.posonlyargs, *a.args, *a.kwonlyargs]
    params += [p for p in (a.vararg, a.kwarg) if p is not None]
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list)
    if method and not static and params and params[0].arg in ("self", "cls"):
        params = params[1:]
    return params


def measure(folder: Path) -> dict[str, float | int]:
    params = untyped = anys = 0
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        methods = {id(f) for c in ast.walk(tree) if isinstance(c, ast.ClassDef)
                   for f in c.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for p in _params(node, id(node) in methods):
                    params += 1
                    untyped += p.annotation is None
            elif isinstance(node, ast.Name) and node.id == "Any":
                anys += 1
            elif isinstance(node, ast.Attribute) and node.attr == "Any":
                anys += 1
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value == "Any":
                anys += 1
    return {"parameters": params, "untyped": untyped,
            "untyped_share": round(untyped / params, 3) if params else 0.0, "any": anys}


def main(argv: list[str]) -> None:
    folders = argv or ["game/kits", "game/table"]
    print(json.dumps({f: measure(ROOT / f) for f in folders}, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
