"""Benchmark of an interface-size change (issue 11, section 3): seconds per step.

The real App under the SDL dummy driver, at 1920x1080 and 1024x600, with the
settings screen open over the title (what a player sees while stepping the
size).  Each step is ``app.set_setting("ui_scale", v)`` followed by one frame:
the new UIManager and theme, every scene's widgets rebuilt, one draw.  The
sweep walks every offered size up and down (settings.UI_SCALES) ``--passes``
times; the first pass is reported apart as ``cold`` (fonts met for the first
time), the others as ``warm``.  ``profile`` names the functions that took the
most time over the whole run (cumulative seconds), to say where it goes.

    python tools/bench_ui.py [--passes N] [--no-profile] [--quick]

``--quick`` (for the test of this tool's output) sweeps three sizes at 1024x600 only.

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
#: Frames measured after each step (pygame_gui finishes a widget's states over a few frames).
AFTER_FRAMES = 6


def sweep(scales: tuple[float, ...], passes: int) -> list[float]:
    """Every size up then down, ``passes`` times, starting from 100%."""
    up = list(scales) + list(reversed(scales))[1:]
    return [s for _ in range(passes) for s in up]


def step_times(size: tuple[int, int], passes: int,
               scales: tuple[float, ...] | None = None) -> tuple[list[float], list[float], list[float]]:
    """(cold pass, warm passes, the longest frame after each step) in seconds at window ``size``.

    A step is the setting's change and the frame that shows it; pygame_gui then
    draws the widgets' other states (hovered, selected ...) over the next frames,
    so the longest of the ``AFTER_FRAMES`` frames after each step is kept too.
    """
    from game.app import App
    from game.scenes.settings import UI_SCALES

    app = App(size=size, strict=True, persist=False, settings={"language": "en"})
    try:
        app.start(resume=False)
        app.open_settings()
        app.frame(dt=1 / 120)
        steps = sweep(scales or UI_SCALES, passes)
        per_pass = len(steps) // passes
        times, after = [], []
        for scale in steps:
            t0 = time.perf_counter()
            app.set_setting("ui_scale", scale)
            app.frame(dt=1 / 120)
            times.append(time.perf_counter() - t0)
            longest = 0.0
            for _ in range(AFTER_FRAMES):
                t1 = time.perf_counter()
                app.frame(dt=1 / 120)
                longest = max(longest, time.perf_counter() - t1)
            after.append(longest)
        return times[:per_pass], times[per_pass:], after
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
    parser.add_argument("--quick", action="store_true", help="1024x600, three sizes, no profile")
    args = parser.parse_args(argv)
    os.environ.setdefault("DOMINO_TABLE_HOME", tempfile.mkdtemp(prefix="bench_ui_"))
    import pygame
    pygame.init()
    result: dict = {"quick": bool(args.quick)}
    for size in (SIZES[1:] if args.quick else SIZES):
        cold, warm, after = step_times(size, max(1, args.passes), (1.0, 1.5, 2.0) if args.quick else None)
        result[f"{size[0]}x{size[1]}"] = {"cold": summary(cold), "warm": summary(warm),
                                          "next_frames_max_s": round(max(after), 4)}
    if not (args.no_profile or args.quick):  # a separate, shorter run: the profiler slows what it measures
        profile = cProfile.Profile()
        profile.enable()
        step_times(SIZES[0], 1)
        profile.disable()
        result["profile"] = top_functions(profile)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
