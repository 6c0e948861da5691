"""Benchmark of an interface-size change (issue 11, section 3): seconds per step.

The real App under the SDL dummy driver, at 1920x1080 and 1024x600, with the
settings screen open over the title (what a player sees while stepping the
size).  Each step is ``app.set_setting("ui_scale", v)`` followed by one frame:
the new UIManager and theme, every scene's widgets rebuilt, one draw.  The
sweep walks every offered size up and down (settings.UI_SCALES) ``--passes``
times; the first pass is reported apart as ``cold`` (fonts met for the first
time), the others as ``warm``.  ``profile`` names the functions that took the
most time over the whole run (cumulative seconds), to say where it goes.

    python tools/bench_ui.py [--passes N] [--no-profile]

The last line printed is one JSON object.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = ((1920, 1080), (1024, 600))


def sweep(scales: tuple[float, ...], passes: int) -> list[float]:
    """Every size up then down, ``passes`` times, starting from 100%."""
    up = list(scales) + list(reversed(scales))[1:]
    return [s for _ in range(passes) for s in up]


def step_times(size: tuple[int, int], passes: int) -> tuple[list[float], list[float]]:
    """(cold pass, warm passes) seconds per size change at window ``size``."""
    from game.app import App
    from game.scenes.settings import UI_SCALES

    app = App(size=size, strict=True, persist=False, settings={"language": "en"})
    try:
        app.start(resume=False)
        app.open_settings()
        app.frame(dt=1 / 120)
        steps = sweep(UI_SCALES, passes)
        per_pass = len(steps) // passes
        times = []
        for scale in steps:
            t0 = time.perf_counter()
            app.set_setting("ui_scale", scale)
            app.frame(dt=1 / 120)
            times.append(time.perf_counter() - t0)
        return times[:per_pass], times[per_pass:]
    finally:
        app.close()


def summary(times: list[float]) -> dict[str, float]:
    if not times:
        return {}
    return {"median_s": round(statistics.median(times), 4), "max_s": round(max(times), 4),
            "steps": len(times)}


def top_functions(profile: cProfile.Profile, n: int = 8) -> list[list]:
    stats = pstats.Stats(profile)
    rows = []
    for (file, line, name), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "bench_ui" in file or name.startswith("<"):
            continue
        rows.append((ct, f"{Path(file).name}:{line}:{name}"))
    rows.sort(reverse=True)
    return [[where, round(ct, 3)] for ct, where in rows[:n]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=2, help="sweeps up and down (first is cold)")
    parser.add_argument("--no-profile", action="store_true", help="skip the profile")
    args = parser.parse_args(argv)
    os.environ.setdefault("DOMINO_TABLE_HOME", tempfile.mkdtemp(prefix="bench_ui_"))
    import pygame
    pygame.init()
    result: dict = {}
    profile = None if args.no_profile else cProfile.Profile()
    for size in SIZES:
        if profile:
            profile.enable()
        cold, warm = step_times(size, max(1, args.passes))
        if profile:
            profile.disable()
        result[f"{size[0]}x{size[1]}"] = {"cold": summary(cold), "warm": summary(warm)}
    if profile:
        result["profile"] = top_functions(profile)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
