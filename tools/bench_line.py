"""Benchmark of the two-ended line's layout and drawing (issue 12, item 5), printed as JSON.

Seeded Cuban and Jamaican hands are played to their end by random legal moves
through ``rules.Session``; for each whole hand:

- ``layout_us``: p50 and p99 wall time of ``layout_line`` for the whole hand;
- ``aspect``: min, mean and max of the content's aspect (fit-all, seats included),
  for a 16:9 screen;
- ``short_px``: the smallest tile short side on screen after a camera fit at
  1024x600 and 1920x1080 (readability), min over the hands;
- ``beyond_room``: the share of hands whose line outgrew the room kept for a
  whole hand (then the camera's fit zooms out a step during the hand).

``draw_ms``: median and p99 of ``draw_line`` frames at 1920x1080 for the
longest Cuban hand (SDL dummy driver, software rendering), after a warm-up.
The last line printed is one JSON object.

    python tools/bench_line.py [--hands N] [--frames N]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.kits.line import layout as LL  # noqa: E402
from game.kits.line import render as LR  # noqa: E402
from game.table.camera import Camera  # noqa: E402
from game.table.sprites import Sprites  # noqa: E402
from rules import Config, Session  # noqa: E402

SCREENS = ((1024, 600), (1920, 1080))


def whole_hands(game: str, count: int, seed: int = 1):
    """The last view of each first hand (just before it ends) of ``count`` seeded sessions."""
    out = []
    for k in range(count):
        session = Session(Config(game, 4, seed + k))
        rng = random.Random(seed + k)
        last = session.view(1)
        while not session.match_over():
            session.apply(rng.choice(session.legal_actions()))
            view = session.view(1)
            if view.deal_no != last.deal_no and last.line:
                break
            last = view
        out.append(last)
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure_layouts(views) -> dict:
    times, aspects, beyond = [], [], 0
    for sw, sh in ((16, 9),) + SCREENS:  # the row length per aspect is planned once, then cached
        LL.layout_line((), sw / sh, capacity=LL.capacity_of(views[0]))
    short = {f"{w}x{h}": 1e9 for w, h in SCREENS}
    for view in views:
        plays, cap = LL.plays_of(view), LL.capacity_of(view)
        t0 = time.perf_counter()
        lay = LL.layout_line(plays, 16 / 9, capacity=cap)
        times.append((time.perf_counter() - t0) * 1e6)
        x, y, w, h = lay.content
        aspects.append(w / h)
        beyond += lay.table != LL.layout_line(plays[:1], 16 / 9, capacity=cap).table
        for sw, sh in SCREENS:
            cam = Camera((0, 0, sw, sh))
            fitted = LL.layout_line(plays, sw / sh, capacity=cap)
            cam.fit(fitted.content, animate=False)
            px = min(min(cam.world_rect_to_screen(p.rect)[2:]) for p in fitted.tiles)
            short[f"{sw}x{sh}"] = min(short[f"{sw}x{sh}"], px)
    return {
        "hands": len(views),
        "tiles_max": max(len(v.line) for v in views),
        "layout_us": {"p50": round(pct(times, 0.5), 1), "p99": round(pct(times, 0.99), 1)},
        "aspect": {"min": round(min(aspects), 3), "mean": round(statistics.mean(aspects), 3),
                   "max": round(max(aspects), 3)},
        "short_px": short,
        "beyond_room": round(beyond / len(views), 4),
    }


def measure_draw(view, frames: int) -> dict:
    pygame.init()
    size = SCREENS[1]
    surface = pygame.Surface(size)
    lay = LL.layout_view(view, size[0] / size[1])
    cam = Camera((0, 0, *size))
    cam.fit(lay.content, animate=False)
    sprites = Sprites()
    names = {s: f"Player {s}" for s in (1, 2, 3, 4)}
    times = []
    for i in range(frames + 30):
        sprites.new_frame()
        t0 = time.perf_counter()
        LR.draw_line(surface, cam, lay, view, sprites, LR.LineMarks(targets=("L", "R")), names, i / 60)
        if i >= 30:  # after the warm-up: the sprites of this zoom step are built
            times.append((time.perf_counter() - t0) * 1000)
    return {"tiles": len(lay.tiles), "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(pct(times, 0.99), 3)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=300, help="whole hands per game (default 300)")
    p.add_argument("--frames", type=int, default=120, help="measured frames (default 120)")
    args = p.parse_args()
    result = {}
    for game in ("cuban", "jamaican"):
        views = whole_hands(game, args.hands)
        result[game] = measure_layouts(views)
        if game == "cuban":
            result["draw_ms_1920x1080"] = measure_draw(max(views, key=lambda v: len(v.line)), args.frames)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
