"""tools/bench_bot.py's head-to-head against OpenSpiel's ISMCTS (issue 16): its counts and its fallback."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import bench_bot  # noqa: E402


def test_the_head_to_head_says_so_when_open_spiel_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes ``import pyspiel`` fail
    monkeypatch.delitem(sys.modules, "openspiel_jamaican", raising=False)
    out = bench_bot.openspiel_run(None, [(100, 1, ["easy"], 1)])
    assert out["available"] is False
    assert "not importable" in out["reason"] and "bench" in out["reason"]


def test_each_deal_is_played_twice_with_the_teams_swapped():
    pytest.importorskip("pyspiel")
    won, lost, tied, ours, theirs = bench_bot.openspiel_hands((0, 3, "easy", 5))
    assert won + lost + tied == 6
    assert ours and theirs  # both sides made real decisions and were timed
