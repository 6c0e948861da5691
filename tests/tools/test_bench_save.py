"""tools/bench_save.py: one line of JSON with the figures issue 13 asks for (the shape, not the speed)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "bench_save.py"


def _positive(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0


def test_bench_save_quick_prints_one_json_line_of_the_right_shape(tmp_path):
    done = subprocess.run([sys.executable, str(TOOL), "--quick", "--saves", "3", "--dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result["autosave_ms"]) == set(result["full_rewrite_ms"]) == {"1000", "4000"}
    assert all(_positive(v) for v in result["autosave_ms"].values())
    assert result["ratio"] == round(max(result["autosave_ms"].values()) / min(result["autosave_ms"].values()), 3)
    [(entries, resume)] = result["resume_s"].items()
    assert int(entries) >= 4000 and resume["journal_lines"] > 3000
    assert all(_positive(resume[k]) for k in ("snapshot", "journal", "first_save_after"))
    assert result["meta"]["quick"] is True and list(tmp_path.iterdir()) == []  # it cleans up


def test_bench_save_refuses_a_silly_count_in_one_line():
    done = subprocess.run([sys.executable, str(TOOL), "--saves", "0"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
