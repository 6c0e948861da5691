"""How much CPU the program uses while nothing moves (issue 14: at rest, the program rests).

Runs the real program loop (``App.run``, SDL dummy drivers, 1920x1080) in a child
process on two screens that wait for a person: the title, and a table of each
game waiting for the human's decision.  After a warm-up, the child's CPU time is
read from /proc over ``--seconds`` and printed as a share of one core, as JSON:

    {"title_cpu_pct": 1.2, "table_cpu_pct": {"mexican_train": 2.0, ...}, "seconds": 10}

Target: at most 5% of one core for each.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import os, sys
sys.path.insert(0, {root!r})
from game.app import App
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules import Config, Session
app = App(size=(1920, 1080))
app.set_setting("computer_speed", "instant")
app.start(resume=False)
screen = {screen!r}
if screen != "title":
    n = 4
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{{i}}", COMPUTER) for i in range(2, n + 1)]
    app.start_match(Session(Config(screen, n, 7)), seats)
    for _ in range(20000):
        app.frame(dt=1 / 120)
        play = app.play_state
        if play.my_turn():
            break
        top = app.stack.top
        if hasattr(top, "buttons") and play.phase in ("deal_end", "match_end"):
            play.continue_after_deal()
print("ready", flush=True)
app.run()
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def measure(screen: str, seconds: float, warmup: float = 3.0) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DOMINO_TABLE_HOME=os.environ.get("DOMINO_TABLE_HOME", "/tmp/bench_rest_home"))
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT), screen=screen)],
                             stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        if "ready" not in line:
            raise RuntimeError(f"the {screen} child did not start")
        time.sleep(warmup)
        c0, t0 = cpu_seconds(child.pid), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(child.pid), time.monotonic()
        return round(100.0 * (c1 - c0) / (t1 - t0), 2)
    finally:
        child.kill()
        child.wait()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", default="mexican_train,cuban,jamaican")
    args = ap.parse_args(argv)
    out = {"title_cpu_pct": measure("title", args.seconds),
           "table_cpu_pct": {g: measure(g, args.seconds) for g in args.games.split(",") if g},
           "seconds": args.seconds}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
