"""Every rule of RULES.md (MT, CU, JA, UX) is checked by at least one test, found by its ID."""
from __future__ import annotations

import subprocess
import sys

import pytest

import rule_ids
from rule_ids import ROOT, all_rule_ids, listed_in_rules_md


def test_every_rule_id_has_at_least_one_test():
    found = rule_ids.tests_by_rule()
    missing = sorted(all_rule_ids() - set(found), key=lambda r: (r[:2], int(r[3:])))
    assert missing == [], f"rules with no test: {missing}"


def test_the_rule_ids_are_the_ones_rules_md_defines():
    listed = listed_in_rules_md()
    if listed is None:
        pytest.skip("RULES.md (../shared) is not beside this clone")
    assert listed == all_rule_ids()


def test_pytest_m_selects_the_tests_of_one_rule():
    """``pytest -m "rule(id=...)"`` runs exactly the tests that name that rule (collected in
    tests/rules/ only: collecting the whole suite cost this test half a minute, issue 26)."""
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "-m", "rule(id='MT-14')", "tests/rules"], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    selected = {line.split("[")[0] for line in out.stdout.splitlines() if "::" in line}
    expected = {f"tests/{t}" for t in rule_ids.tests_by_rule()["MT-14"] if t.startswith("rules/")}
    assert selected == expected and expected
