"""tools/bench_phones.py --smoke: the phones' benchmark runs and prints every figure with a
95% interval (issue 27, "Measured").

``--smoke`` plays the first few decisions of each run instead of a whole deal (seconds, not
minutes): this test checks the benchmark's figures are all there, each with its interval,
and that the phones' decisions really went through the real program, not what the
figures say.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from bench_phones import SMOKE_DECISIONS  # noqa: E402
from test_bot_bench import _figures  # noqa: E402



@pytest.mark.slow  # five headless runs of the App, about 20 s
def test_bench_phones_smoke_prints_json_with_intervals(tmp_path):
    out = tmp_path / "bench.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "DOMINO_TABLE_HOME": str(tmp_path / "home")}
    # the timeout only catches a hang
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_phones.py"), "--smoke", "--out", str(out)],
                         capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr[-4000:]
    data = json.loads(run.stdout)
    assert json.loads(out.read_text()) == data
    figures = dict(_figures(data))

    eight = data["eight_phones"]
    assert eight["decisions"] == eight["decisions_without_phones"] == SMOKE_DECISIONS
    for figure in ("confirm_to_applied_ms", "confirm_to_next_told_ms", "confirm_to_table_ms"):
        for q in ("p50", "p99"):
            f = figures[("eight_phones", figure, q)]
            # every decision but those confirmed while the join screen held the match
            assert SMOKE_DECISIONS - 3 <= f["n"] <= SMOKE_DECISIONS and f["value"] > 0
    for figure in ("frame_ms", "frame_ms_without_phones", "frame_cpu_ms", "frame_cpu_ms_without_phones"):
        for q in ("p50", "p99"):
            assert figures[("eight_phones", figure, q)]["n"] > 20
    # the phones replayed the computers' decisions exactly, and each confirm was matched
    assert eight["divergences"] == 0 and eight["unmatched_confirms"] == 0
    assert eight["server_stats"]["queued"] >= 2 * SMOKE_DECISIONS - 2  # a preview and a confirm each
    assert set(eight["goal"]) == {"p99_at_most_ms", "confirm_to_applied_p99_met", "confirm_to_next_told_p99_met",
                                  "frame_p99_no_worse_with_phones", "frame_cpu_p99_no_worse_with_phones"}

    flood = data["flood"]
    assert flood["phones"] == 10
    for run_name in ("without_flood", "with_flood"):
        part = flood[run_name]
        assert part["decisions"] == SMOKE_DECISIONS and part["divergences"] == 0
        for figure in ("confirm_to_applied_ms", "confirm_to_next_told_ms", "confirm_to_table_ms", "frame_ms",
                       "frame_cpu_ms"):
            for q in ("p50", "p99"):
                assert figures[("flood", run_name, figure, q)]["n"] > 0
        assert set(part["server_stats"]) >= {"throttled", "rejected", "queued", "queue_full"}
    sent = flood["with_flood"]["flood"]
    assert sent["sent"] > 500 and sent["sent_per_s"] > 500  # the flood was really sent
    # and the server's throttle really refused it (the calm run refused nothing)
    assert flood["with_flood"]["server_stats"]["throttled"] > 0.5 * sent["sent"]
    assert flood["without_flood"]["server_stats"]["throttled"] == 0
    # issue 37: the flood's goal as a ratio, and one line of verdict against both goals
    assert set(flood["goal"]) == {"others_p99_ratio", "ratio_at_most", "met"} and flood["goal"]["ratio_at_most"] == 1.5
    assert data["verdict"].startswith("8 phones: confirm to applied p99 ") and "flood: others' p99 x" in data["verdict"]
    for path, fig in figures.items():
        lo, hi = fig["ci95"]
        assert lo is not None and lo <= fig["value"] <= hi, path
