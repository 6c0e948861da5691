"""Every package of the program is in pyproject.toml's list, so that an install that is not
editable (``pip install .``, a wheel) has all of it: the list written by hand had left out
four packages (the line and Mexican Train kits, the lessons, speech)."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_on_disk_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("game", "rules") for p in (ROOT / top).rglob("__init__.py")}
    assert found - listed == set()
    assert all((ROOT / name.replace(".", "/")).is_dir() for name in listed)  # and none that is gone
