"""tools/bench_rules.py: one line of JSON with the figures issues 2 and 3 ask for."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from rules.variants import GAMES

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "bench_rules.py"


def _positive(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0


def test_bench_rules_quick_prints_one_json_line_of_the_right_shape():
    done = subprocess.run([sys.executable, str(TOOL), "--quick"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result["mexican_train"]) == {"4", "10"}
    assert all(_positive(v) for v in result["mexican_train"].values())
    for game in ("cuban", "jamaican"):
        if game in GAMES:
            assert set(result[game]) == {"hands_per_s", "us_per_decision"}
            assert all(_positive(v) for v in result[game].values())
        else:
            assert game not in result
    spiel = result["open_spiel"]
    assert isinstance(spiel["available"], bool)
    if spiel["available"]:
        assert _positive(spiel["decisions_per_s"]) and _positive(spiel["us_per_decision"])
        assert set(spiel["ratio"]) == {g for g in ("cuban", "jamaican") if g in GAMES} | {"mexican_train_4"}
        assert all(_positive(v) for v in spiel["ratio"].values())
    else:
        assert "open_spiel" in spiel["reason"]
    assert result["meta"]["quick"] is True
    assert result["verdict"].startswith(("MET: ", "NOT MET: ")) and "mexican_train" in result["verdict"]


def test_bench_rules_says_so_when_open_spiel_is_missing(monkeypatch):
    spec = importlib.util.spec_from_file_location("bench_rules_under_test", TOOL)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes ``import pyspiel`` fail
    spiel = bench.bench_open_spiel(runs=1, hands=1)
    assert spiel["available"] is False
    assert "not importable" in spiel["reason"] and "bench" in spiel["reason"]
