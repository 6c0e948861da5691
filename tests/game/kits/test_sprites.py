"""game.table.sprites and the look (issue 14 item 5, issue 11 "tiles you can count").

- the "auto" tile style switches to numerals below the pip-readability size
  (measured in tests/game/test_assets.py), not above it, and never when the setting
  says pips;
- the sprite caches stay within their byte budgets over a long zoom sweep of
  a crowded table, and a zoom step change never builds a whole step in one frame;
- the felt, rail, lifted tile and panel art behave as the renderers expect.
"""
from __future__ import annotations

import importlib.util
import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import assets
from game.table import sprites as sprites_mod
from game.table.sprites import Sprites

ROOT = Path(__file__).resolve().parents[3]
@pytest.fixture(autouse=True)
def fresh_caches():
    """Every test starts from empty sprite caches, on a display (sprites are converted)."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    assets.clear_caches()
    yield
    assets.clear_caches()


# ------------------------------------------------------- tiles you can count

def test_auto_style_uses_numerals_below_the_threshold_and_pips_from_it():
    t = assets.NUMERALS_BELOW_PX
    auto = Sprites("auto")
    auto.budget_s = 10.0   # build every sprite now: no stand-in from a neighbouring size
    small = auto.face(9, 12, t - 1, False)
    big = auto.face(9, 12, t, False)
    assert assets.sprite_info(small)[4] == "numerals"
    assert assets.sprite_info(big)[4] == "pips"
    assert auto.style_at(t - 10) == "numerals" and auto.style_at(t + 30) == "pips"


@pytest.mark.parametrize("style", ["pips", "numerals"])
def test_a_chosen_style_is_kept_at_every_size(style):
    chosen = Sprites(style)
    chosen.budget_s = 10.0
    for size in (8, 20, assets.NUMERALS_BELOW_PX - 1, assets.NUMERALS_BELOW_PX, 90):
        assert assets.sprite_info(chosen.face(3, 11, size, True))[4] == style


def test_auto_is_the_default_and_a_valid_setting():
    from game import storage
    from game.scenes import settings
    assert storage.DEFAULT_SETTINGS["tile_style"] == "auto"
    assert set(settings.TILE_STYLES) == set(sprites_mod.STYLES) == {"auto", "pips", "numerals"}
    assert Sprites().style == "auto"
    assert Sprites("roman").style == "auto"


# ------------------------------------------------------------ memory, zoom

def _bench():
    spec = importlib.util.spec_from_file_location("bench_render", ROOT / "tools" / "bench_render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_caches_never_exceed_their_budgets_over_a_long_zoom_sweep(monkeypatch):
    """Issue 14: memory stays bounded however long one zooms (per zoom step, per style)."""
    bench = _bench()
    screen = pygame.display.set_mode((960, 540))
    budget = 6 * 1024 * 1024
    monkeypatch.setattr(assets._cache, "budget", budget)
    monkeypatch.setattr(sprites_mod, "SCALED_BUDGET_BYTES", 1024 * 1024)
    scene, lay = bench.crowded_scene(screen)
    cx, cy, fit = scene.camera.fit_zoom(lay.bounds)
    from game.table.camera import MAX_ZOOM
    top = MAX_ZOOM / fit
    for i in range(240):
        zoom = top ** (0.5 - 0.5 * math.cos(2 * math.pi * i / 60))
        scene.camera.zoom = fit * zoom
        scene.camera.cx = cx + math.cos(i / 7) * lay.bounds[2] * 0.3 * (1 - 1 / zoom)
        scene.draw(screen)
        assert assets.cache_stats()["bytes"] <= budget, i
        assert scene.sprites.scaled_bytes <= 1024 * 1024, i
    stats = assets.cache_stats()
    assert stats["builds"] > stats["entries"]  # sprites were evicted and rebuilt, the budget held


def _every_face(sprites: Sprites, short: int) -> list[pygame.Surface]:
    return [sprites.face(a, b, short, False) for a in range(13) for b in range(a, 13)]


def _frames_until_filled(sprites: Sprites, short: int, frames: int, each_frame=lambda: None) -> int:
    """Draw every face at ``short`` frame after frame until none is a stand-in; the stand-ins
    of the last frame drawn (0: the step is filled in)."""
    for _ in range(frames):
        sprites.new_frame()
        each_frame()
        _every_face(sprites, short)
        if sprites.fallbacks == 0:
            break
    return sprites.fallbacks


def test_a_zoom_step_change_builds_only_within_the_frame_budget():
    """Issue 14: the first frame at a new zoom step is cheap: a few builds, stand-ins for the rest."""
    sprites = Sprites("pips")
    sprites.new_frame()
    _every_face(sprites, 40)                               # a zoom step fully built
    sprites.budget_s = 0.002
    sprites.new_frame()
    before = assets.cache_stats()["builds"]
    got = _every_face(sprites, 44)
    built = assets.cache_stats()["builds"] - before
    assert sprites.fallbacks > 0 and built < 91
    assert all(s.get_size() == (88, 44) for s in got)   # stand-ins have the new size
    assert _frames_until_filled(sprites, 44, 200) == 0   # later frames fill the step in


def test_a_cached_halo_and_one_slow_first_build_never_starve_a_zoom_step():
    """Issue 14: a zoom step is always filled in.  Found in the bench sweep: the halo of the
    last play, drawn every frame from the cache, was still timed as a build, so the frame's
    budget was never untouched; and the first face of a size (which also builds the size's
    halves) left an estimate above the budget, so no face was ever built again and the
    table stayed in blurry stand-ins for good."""
    sprites = Sprites("pips")
    sprites.new_frame()
    _every_face(sprites, 40)
    sprites.halo(40, False, (255, 255, 255))          # in the cache from now on
    sprites._cost = {kind: 0.004 for kind in ("face", "face_new_size")}  # a slow first build
    assert _frames_until_filled(sprites, 44, 60, lambda: sprites.halo(40, False, (255, 255, 255))) == 0


# ---------------------------------------------------------------- the look

def test_the_felt_has_texture_and_a_vignette():
    felt = assets.felt_surface((400, 300))
    assert felt.get_size() == (400, 300) and felt.get_alpha() is None
    px = pygame.surfarray.array3d(felt).astype(int)
    centre, corner = px[170:230, 120:180].mean(), px[:30, :30].mean()
    assert corner < centre * 0.85                     # darker towards the corners and the rail
    assert px[150:250, 100:200, 1].std() > 0.8        # not a flat fill
    assert assets.felt_surface((400, 300)) is felt    # cached per size


def test_the_rail_frames_the_felt():
    w, h = 500, 320
    strips = assets.rail_surfaces((w, h))
    rw = assets.rail_px((w, h))
    rects = [pygame.Rect(pos, s.get_size()) for s, pos in strips]
    assert {r.size for r in rects} == {(w, rw), (rw, h)}
    frame = pygame.Rect(0, 0, w, h)
    assert all(frame.contains(r) for r in rects)
    covered = pygame.Rect(rects[0]).unionall(rects[1:])
    assert covered == frame


def test_a_lifted_tile_casts_a_larger_shadow_below_and_right():
    face = assets.tile_surface(5, 6, 40, orientation="v")
    lifted = assets.tile_surface(5, 6, 40, orientation="v", look="lifted")
    dx, dy = assets.lift_offset(40)
    assert lifted.get_width() >= 40 + dx and lifted.get_height() >= 80 + dy
    a = pygame.surfarray.array_alpha(lifted)
    b = pygame.surfarray.array_alpha(face)
    assert (a[:40, :80] >= b).all()                    # the tile itself sits at (0, 0)
    assert a[20, 80 + dy // 2] > 0                     # shadow below the tile
    assert assets.sprite_info(lifted)[-1] == "lifted"


def test_tiles_have_a_bevel_and_a_shadow_inside_their_rectangle():
    tile = assets.tile_surface(0, 0, 128, orientation="h")
    assert tile.get_size() == (256, 128)
    px = pygame.surfarray.array3d(tile).astype(int)
    alpha = pygame.surfarray.array_alpha(tile).astype(int)
    inset = assets.manifest()["tile_inset"]
    assert 0 < alpha[128, 127] < 255                   # soft shadow just below the body
    top_edge, middle, low_edge = px[60, inset + 3].sum(), px[60, 40].sum(), px[60, 128 - inset - 8].sum()
    assert top_edge > low_edge and middle > low_edge   # lit from above, its thickness below


def test_table_buttons_are_lit_from_above_with_round_corners():
    face = assets.button_surface((80, 30), (40, 80, 60), 8)
    px = pygame.surfarray.array3d(face).astype(int)
    alpha = pygame.surfarray.array_alpha(face)
    assert px[40, 3].sum() > px[40, 26].sum()           # brighter at the top
    assert alpha[0, 0] == 0 and alpha[40, 15] == 255    # corners cut, body opaque


def test_theme_buttons_are_lit_like_the_table():
    theme = assets.theme()
    assert "," in theme["button"]["colours"]["normal_bg"]        # a gradient
    assert theme["window"]["misc"]["border_width"] == "2"


def test_a_stand_in_is_scaled_once_and_kept_until_its_own_sprite_is_built():
    """Issue 14: a zoom step takes a few frames to fill in; its stand-ins were scaled anew in
    every one of them (about 80 of them a frame at a ten-seat table)."""
    sprites = Sprites("pips")
    sprites.new_frame()
    _every_face(sprites, 40)
    sprites.budget_s = 0.0
    sprites._cost = {"face": 1.0, "face_new_size": 1.0}
    sprites.new_frame()
    sprites._spent = 1.0          # nothing more is built this frame
    first = sprites.face(3, 5, 44, False)
    sprites.new_frame()
    sprites._spent = 1.0
    assert sprites.face(3, 5, 44, False) is first and sprites.fallbacks == 1
    sprites.new_frame()            # a frame with room: its own sprite is built, the stand-in goes
    built = sprites.face(3, 5, 44, False)
    assert built is not first and sprites.fallbacks == 0
    assert sprites.face(3, 5, 44, False) is built


def test_the_table_renders_every_name_size_once_before_its_first_frame():
    """Issue 14: FreeType's first render at a size costs about 1.7 ms; a zoom step brought the
    names on the felt to a new size and paid it in the frame, a dozen times at ten seats."""
    from game.table.render import FONT_LADDER
    from table_fixtures import FakeApp, make_play
    from game.scenes.table import TableScene
    assets.clear_caches()
    TableScene(FakeApp((1024, 600)), make_play("hccc"))
    assert {(s, b) for s in FONT_LADDER for b in (False, True)} <= assets._warm
