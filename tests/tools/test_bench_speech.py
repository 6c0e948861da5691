"""tools/bench_speech.py (issue 41): one line of JSON with the narrator's, the manager's and
espeak-ng's costs.  About 2 s."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_speech_prints_one_json_line_of_the_right_shape():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_speech.py")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, lines
    result = json.loads(lines[0])
    assert set(result["tick_us"]) == {"mexican_train", "cuban", "jamaican"}
    for figures in [*result["tick_us"].values(), result["say_us"]]:
        assert 0 < figures["p50"] <= figures["p99"]
    render = result["espeak_render_ms"]
    assert render is None or 0 < render["p50"] <= render["p99"]
