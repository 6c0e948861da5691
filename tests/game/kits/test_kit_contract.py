"""Issue 39: the kit contract is typed, and what the core hands a kit satisfies it.

mypy checks a few lines that hand the core's objects to the contract's Protocols
(``game.table.contract``): the play state and the replay's position are a ``TablePlay``, the
deal's and the match's end screens the ``DealSheet`` and ``MatchSheet`` they lend the kits.
A hook a screen stops providing, or a query the play state loses, fails here by name.  The
last line is the control: the match's end screen is no ``DealSheet`` (it has no revealed
hands), and mypy must say so, or the check proves nothing.  About 3 s (mypy, with a cache of its own).
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[3]

SNIPPET = '''
from rules.state import View
from game.play import PlayState
from game.scenes.deal_end import DealEndScene
from game.scenes.match_end import MatchEndScene
from game.scenes.replay_model import ReplayPlay
from game.table.contract import DealSheet, MatchSheet, TablePlay

def live(p: PlayState) -> TablePlay[View]:
    return p
def replayed(p: ReplayPlay) -> TablePlay[View]:
    return p
def deal_end(s: DealEndScene) -> DealSheet:
    return s
def match_end(s: MatchEndScene) -> MatchSheet:
    return s
def control(s: MatchEndScene) -> DealSheet:
    return s
'''


def test_what_the_core_hands_a_kit_satisfies_the_contract(tmp_path):
    path = tmp_path / "contract_check.py"
    path.write_text(textwrap.dedent(SNIPPET))
    out, err, _ = api.run([str(path), "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    control = path.read_text().splitlines().index("def control(s: MatchEndScene) -> DealSheet:") + 2
    assert [e.split(":")[1] for e in errors] == [str(control)], out + err
    assert "hand_cell, labels_with_undo" in out  # what the match's end screen lacks of a DealSheet
