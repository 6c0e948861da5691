"""Every rule of RULES.md (MT, CU, JA, UX) is checked by at least one test, found by its ID."""
from __future__ import annotations

import subprocess
import sys

import pytest

import rule_ids
from rule_ids import ROOT, all_rule_ids, listed_in_rules_md


@pytest.fixture(scope="module")
def by_rule() -> dict[str, list[str]]:
    """Every test file parsed once for the module's two tests (issue 26)."""
    return rule_ids.tests_by_rule()


def test_every_rule_id_has_at_least_one_test(by_rule):
    found = by_rule
    missing = sorted(all_rule_ids() - set(found), key=lambda r: (r[:2], int(r[3:])))
    assert missing == [], f"rules with no test: {missing}"


def test_the_rule_ids_are_the_ones_rules_md_defines():
    listed = listed_in_rules_md()
    if listed is None:
        pytest.skip("RULES.md (../shared) is not beside this clone")
    assert listed == all_rule_ids()


def test_pytest_m_selects_the_tests_of_one_rule(by_rule):
    """``pytest -m "rule(id=...)"`` runs exactly the tests that name that rule (collected in
    the files of tests/rules/ that hold them, beside their two hundred others: collecting the
    whole suite cost this test half a minute, issue 26)."""
    expected = {f"tests/{t}" for t in by_rule["MT-14"] if t.startswith("rules/")}
    files = sorted({t.split("::")[0] for t in expected})
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "-m", "rule(id='MT-14')", *files], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    selected = {line.split("[")[0] for line in out.stdout.splitlines() if "::" in line}
    assert selected == expected and expected
    collected = out.stdout.strip().splitlines()[-1]  # "11/242 tests collected (231 deselected) ..."
    assert int(collected.split("/")[1].split()[0]) > 5 * len(expected), collected  # others were left out
