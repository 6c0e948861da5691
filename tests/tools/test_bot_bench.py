"""tools/bench_bot.py --smoke: the benchmark runs and prints every figure with a 95% interval (issue 4).

``--smoke`` is the quick run's shape from the fewest samples (``bench_bot.SMOKE``): this test
checks the benchmark's figures are all there, each with its interval, not what they say.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _figures(node, path=()):
    if isinstance(node, dict):
        if "value" in node and "ci95" in node:
            yield path, node
        else:
            for k, v in node.items():
                yield from _figures(v, path + (k,))


sys.path.insert(0, str(ROOT / "tools"))
from bench_bot import SMOKE  # noqa: E402


@pytest.mark.slow  # the expert still thinks through a few hands and two Mexican Train matches
def test_bench_bot_smoke_prints_json_with_intervals(tmp_path):
    out = tmp_path / "bench.json"
    # the timeout only catches a hang
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_bot.py"), "--smoke", "--jobs", "1",
                          "--out", str(out)], capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert json.loads(out.read_text()) == data
    figures = dict(_figures(data))
    for opponent in ("vs_greedy", "vs_random"):
        ratio = figures[("strength", opponent, "mexican_train_penalty_ratio")]
        assert ratio["n"] == SMOKE["matches"] and ratio["value"] > 0
        for game in ("cuban", "jamaican"):
            won = figures[("strength", opponent, f"{game}_hands_won")]
            assert won["n"] == SMOKE["hands"] and 0 <= won["value"] <= 1
    for reference in ("reference_greedy_vs_random", "reference_peeking_vs_greedy", "reference_peeking_vs_random"):
        for game in ("cuban", "jamaican"):
            assert figures[("strength", reference, f"{game}_hands_won")]["n"] == SMOKE["hands"]
    for game in ("cuban", "jamaican"):  # issue 16: the expert's team against greedy players
        assert figures[("strength", "expert", f"{game}_hands_won_vs_greedy")]["n"] == SMOKE["expert_hands"]
    assert figures[("strength", "expert", "mexican_train_penalty_ratio_vs_hard")]["n"] == SMOKE["expert_matches"]
    for game in ("mexican_train", "cuban", "jamaican"):  # the expert's own decisions in those figures
        for q in ("p50", "p99"):
            assert figures[("strength", "expert", f"{game}_decision_ms", q)]["n"] > 10
    for level in ("easy", "normal", "hard", "expert"):
        for game in ("mexican_train", "cuban", "jamaican"):
            for q in ("p50", "p99"):
                t = figures[("decision_ms", level, game, q)]
                assert t["n"] > 10 and t["value"] > 0
    spiel = data["openspiel"]  # issue 16: against OpenSpiel's ISMCTS, when the extra is installed
    # the smoke's searchers are small (a real run's ISMCTS-100 and ISMCTS-1000): the same figures
    weak, strong = (f"ismcts_{sims}" for sims in SMOKE["ismcts_sims"])
    if spiel["available"]:
        assert spiel["deals"] == {weak: 1, strong: 1}
        for level in ("normal", "hard", "expert"):
            assert figures[("openspiel", f"{level}_vs_{weak}", "hands_won")]["n"] == 2  # 1 deal, twice
        assert figures[("openspiel", f"expert_vs_{strong}", "hands_won")]["n"] == 2
        for side in ("ours", "ismcts"):
            assert figures[("openspiel", f"expert_vs_{strong}", f"decision_ms_{side}", "p99")]["value"] > 0
        # the "at a quarter of its decision time or less", with its interval too
        ratio = figures[("openspiel", f"expert_vs_{strong}", "time_ratio_ours_over_ismcts")]
        assert ratio["n"] > 10 and ratio["value"] > 0 and ratio["ci95"][0] is not None
    else:
        assert "open_spiel" in spiel["reason"]
    for path, fig in figures.items():
        lo, hi = fig["ci95"]
        assert lo <= fig["value"] <= hi, path
