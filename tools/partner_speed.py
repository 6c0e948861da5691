"""Decision time of the expert with and without partner inference (issue 16, sixth round).

bench_bot.py --only speed has no way to set an expert option, so this runs its own
Jamaican speed figure (``partnership_hands``: the expert team against greedy, seed 9000,
--speed-hands hands, CPU clock, as ``--only speed --cpu-clock``) once with the defaults and
once with the option set.  Usage: python tools/partner_speed.py GAME HANDS SIR BETA EPS
"""
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import bench_bot  # noqa: E402
from rules.bots import expert  # noqa: E402

game, hands = sys.argv[1], int(sys.argv[2])
sir, beta, eps = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
bench_bot.CLOCK[0] = time.process_time
out = {}
for label, setting in (("off", None), ("on", (sir, beta, eps))):
    saved = (expert.PARTNER_SIR[game], expert.PARTNER_BETA[game], expert.PARTNER_EPS[game])
    if setting:
        expert.PARTNER_SIR[game], expert.PARTNER_BETA[game], expert.PARTNER_EPS[game] = setting
    times = bench_bot.partnership_hands((game, 9000, hands, "bot:expert", "greedy"))[3]
    expert.PARTNER_SIR[game], expert.PARTNER_BETA[game], expert.PARTNER_EPS[game] = saved
    # quantile_ci takes seconds and reports ms
    out[label] = {"decisions": len(times), "p50_ms": bench_bot.quantile_ci(times, 0.5),
                  "p99_ms": bench_bot.quantile_ci(times, 0.99), "max_ms": round(1000 * max(times), 1)}
    print(label, json.dumps(out[label]), file=sys.stderr, flush=True)
print(json.dumps({"game": game, "hands": hands, "setting": [sir, beta, eps], **out}))
