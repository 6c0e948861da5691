"""tools/bench_coach.py: one line of JSON with the figures issue 15 asks for, per game."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from bench_coach import QUICK_HANDS  # noqa: E402


def test_bench_coach_quick_prints_one_json_line_of_the_right_shape():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_coach.py"), "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result) == {"jamaican", "cuban", "mexican_train"}
    for game, figures in result.items():
        for key in ("decision_p50_s", "decision_p99_s", "hand_p50_s", "hand_p99_s"):
            assert isinstance(figures[key], float) and figures[key] >= 0, (game, key)
        assert figures["decision_p50_s"] <= figures["decision_p99_s"]
        assert figures["hands"] == QUICK_HANDS and figures["decisions"] > 0
    for game in ("jamaican", "cuban"):
        assert 0 <= result[game]["full_solved"] <= 1 and 0 <= result[game]["fair_exact"] <= 1
