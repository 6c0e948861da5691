"""tools/bench_render.py's frame profile and verdict (issue 42), on a tiny input: the shape of
what they print, never a timing."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    spec = importlib.util.spec_from_file_location("bench_render_profile", ROOT / "tools" / "bench_render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_frame_profile_times_every_part_and_they_add_up_to_the_frame():
    bench = _bench()
    pygame.init()
    prof = bench.profile_frames((640, 360), 6)
    parts = prof["parts"]
    assert set(parts) == {p for p, _, _ in bench.PARTS} | {"rest", "total"}
    assert prof["frames"] == 6 and prof["blit_ms"] > 0
    # every part of TableScene.draw was reached (the wrappers took time), and they sum to the frame
    assert all(parts[p]["mean_ms"] > 0 for p in ("backdrop", "world", "players", "message"))
    summed = sum(f["mean_ms"] for p, f in parts.items() if p != "total")
    assert abs(summed - parts["total"]["mean_ms"]) < 0.01 + 0.01 * parts["total"]["mean_ms"]
    assert prof["builds_per_frame"] >= 0 and prof["frames_with_builds"] <= 6


def test_the_verdict_names_each_goal_and_says_whether_all_are_met():
    bench = _bench()
    good = {"1080p": {"p99_over_blit": 3.9, "cold_p99_ms": 6.0}, "2160p": {"p99_over_blit": 2.5}}
    assert bench.verdict(good).startswith("MET: ")
    bad = {"1080p": {"p99_over_blit": 5.8, "cold_p99_ms": 6.0}, "2160p": {"p99_over_blit": 2.5}}
    line = bench.verdict(bad)
    assert line.startswith("NOT MET: ") and "1080p p99 5.8 blits (goal <= 4) missed" in line
    assert "2160p p99 2.5 blits (goal <= 3) ok" in line and "cold zoom step" in line
