"""The whole suite: every test that checks a rule carries ``@pytest.mark.rule(id=ID)``.

A test names its rule by a marker (``@pytest.mark.rule("MT-14")``) or in its name or
docstring (``test_MT20_...``, "CU-7: ..."); this hook gives each such test the
keyword form of the marker too, so ``pytest -m "rule(id='MT-14')"`` selects a rule's
tests, whichever way they name it (``tests/rule_ids.py``).

The longest tests run first (``SLOW_FIRST``): ``make test`` runs on two cores (pytest-xdist,
``--dist loadgroup``), and a minute-long test dealt out last would leave one core idle while
it runs alone.  A module whose tests share an expensive module fixture stays on one worker
with ``pytest.mark.xdist_group`` (test_build_exe.py builds the program once).
"""
from __future__ import annotations

import pytest

from rule_ids import ids_named

#: The longest tests first, longest to shortest (durations of a full run, issue 26), as
#: "file.py" (the whole module, in its order: its module fixtures stay together),
#: "file.py::test_name" (that test's parameters) or "file.py::test_name[params]".  File names are unique under tests/, so
#: this list survives a test moving between folders; a name that no longer matches only
#: costs the ordering, never a test.
SLOW_FIRST = (
    *(f"test_bot.py::test_every_level_plays_a_whole_match_with_an_exact_transcript[expert-{game}]"
      for game in ("jamaican", "mexican_train", "cuban")),
    "test_bot.py::test_every_level_plays_a_whole_match_with_an_exact_transcript",
    "test_bot_bench.py",
    "test_build_exe.py",
    "test_whole_line_match.py",
    "test_bench_phones.py",
    "test_phones_program_browser.py",
    "test_curtain_holds.py",
    "test_cue_clear.py",
    "test_expert_off_frame.py",
    "test_motion.py",
    "test_locales_games.py",
    "test_monkey.py",
    "test_hint_then_confirm.py",
    "test_menus_tenfoot.py",
    "test_whole_match.py",
    "test_app_play.py",
    "test_look_at_table_reveal.py",
    "test_coach_screen.py",
    "test_properties_mt.py",
    "test_properties_partnership.py",
    "test_panels_fit.py",
    "test_screens_fit.py",
)


def _rank(item) -> int:
    names = {item.path.name, f"{item.path.name}::{item.name}",
             f"{item.path.name}::{getattr(item, 'originalname', item.name)}"}
    return next((i for i, slow in enumerate(SLOW_FIRST) if slow in names), len(SLOW_FIRST))


def pytest_collection_modifyitems(items) -> None:
    items[:] = sorted(items, key=_rank)  # stable: the rest keep pytest's order
    for item in items:
        ids = set()
        for mark in item.iter_markers("rule"):
            ids |= {a for a in mark.args if isinstance(a, str)}
        function = getattr(item, "function", None)
        ids |= ids_named(getattr(function, "__name__", item.name), getattr(function, "__doc__", None))
        for rule in sorted(ids):
            item.add_marker(pytest.mark.rule(id=rule))


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """Every test's own settings/autosave/log folder (``DOMINO_TABLE_HOME``), in every folder:
    no test reads or writes the real user's files (a tests/tools or tests/rules test that starts
    the program, or a pytest line that names tests/game after another folder, once did)."""
    monkeypatch.setenv("DOMINO_TABLE_HOME", str(tmp_path / "home"))
    yield
