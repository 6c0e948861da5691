"""The whole suite: every test that checks a rule carries ``@pytest.mark.rule(id=ID)``.

A test names its rule by a marker (``@pytest.mark.rule("MT-14")``) or in its name or
docstring (``test_MT20_...``, "CU-7: ..."); this hook gives each such test the
keyword form of the marker too, so ``pytest -m "rule(id='MT-14')"`` selects a rule's
tests, whichever way they name it (``tests/rule_ids.py``).
"""
from __future__ import annotations

import pytest

from rule_ids import ids_named


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        ids = set()
        for mark in item.iter_markers("rule"):
            ids |= {a for a in mark.args if isinstance(a, str)}
        function = getattr(item, "function", None)
        ids |= ids_named(getattr(function, "__name__", item.name), getattr(function, "__doc__", None))
        for rule in sorted(ids):
            item.add_marker(pytest.mark.rule(id=rule))
