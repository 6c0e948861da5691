"""Drawing the two-ended line (game.kits.line.render) headless, at a small and a large screen.

Mid-hand Cuban (CU-6) and Jamaican (JA-4) positions from real sessions are drawn with a
camera fitted to the layout's content; the PNGs go to /tmp for a look.  Every tile is on
screen and readable, the other seats show only backs (UX-3), the lit ends and the ghost
are where the layout says (UX-1).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import table_fixtures  # noqa: F401  (SDL dummy drivers)

import pygame

from game.kits.line import layout as LL
from game.kits.line import render as LR
from game.table.camera import Camera
from game.table.sprites import Sprites
from rules import Config, Session

SCREENS = [(1024, 600), (1920, 1080)]
NAMES = {1: "Ana", 2: "Bruno", 3: "Carmen", 4: "Dmitri"}
OUT = os.environ.get("LINE_RENDER_OUT", "/tmp")


def play_until(game: str, seed: int, line_len: int) -> Session:
    """A session in the first hand with at least ``line_len`` tiles down, or the longest seen."""
    session = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    while len(session.view(1).line) < line_len:
        before = session.view(1)
        session.apply(rng.choice(session.legal_actions()))
        if session.view(1).deal_no != before.deal_no or session.match_over():
            raise LookupError("the hand ended first")
    return session


def longest_hand(game: str, at_least: int) -> Session:
    """A session just before the end of a long first hand (a whole hand on the table)."""
    for seed in range(400):
        try:
            return play_until(game, seed, at_least)
        except LookupError:
            continue
    raise AssertionError(f"no {game} hand of {at_least} tiles")


class Recorder(Sprites):
    """Sprites that remember every face they hand out (UX-3: only the line's tiles and the ghost)."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[tuple[int, int]] = []
        self.back_surfaces: list[pygame.Surface] = []

    def face(self, first, second, short, vertical, look="face"):
        self.faces.append((first, second))
        return super().face(first, second, short, vertical, look)

    def back(self, short, vertical=True):
        surf = super().back(short, vertical)
        self.back_surfaces.append(surf)
        return surf


class Screen(pygame.Surface):
    """A surface that counts the blits of given sprites (the backs of hidden hands)."""

    watched: list[pygame.Surface] = []
    hits = 0

    def fblits(self, seq, *args):
        seq = list(seq)
        self.hits += sum(1 for src, _ in seq if any(src is w for w in self.watched))
        return super().fblits(seq, *args)


def marks_for(view, lay: LL.LineLayout) -> LR.LineMarks:
    """Light the ends of the first hand tile that fits, and preview it on the first of them."""
    for tile in view.hand:
        ends = [a.end for a in view.legal if a.kind == "play" and a.tile == tile]
        if ends:
            return LR.LineMarks(targets=frozenset(ends), focused_target=ends[0],
                                ghost=LL.ghost(lay, ends[0], tile), tile=tile)
    return LR.LineMarks()


def render(session: Session, size, name: str):
    pygame.init()
    surface = Screen(size)
    seat = session.to_act() or 1
    view = session.view(seat)
    lay = LL.layout_view(view, size[0] / size[1])
    camera = Camera((0, 0, *size))
    camera.fit(lay.content, animate=False)
    sprites = Recorder()
    marks = marks_for(view, lay)
    for _ in range(3):  # the sprite budget may stand in scaled sizes on the first frames
        sprites.new_frame()
        sprites.faces.clear()
        surface.hits = 0
        surface.watched = sprites.back_surfaces
        drawn = LR.draw_line(surface, camera, lay, view, sprites, marks, NAMES, clock=0.3)
    path = os.path.join(OUT, f"line_{name}_{size[0]}x{size[1]}.png")
    pygame.image.save(surface, path)
    return view, lay, camera, sprites, marks, drawn, surface


def positions():
    return {
        "jamaican_mid": lambda: play_until("jamaican", 5, 12),
        "cuban_mid": lambda: play_until("cuban", 5, 16),
        "cuban_long": lambda: longest_hand("cuban", 30),
        "jamaican_long": lambda: longest_hand("jamaican", 22),
    }


@pytest.fixture(scope="module")
def sessions():
    return {k: make() for k, make in positions().items()}


@pytest.mark.rule("CU-6")
@pytest.mark.rule("JA-4")
@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("name", list(positions()))
def test_every_tile_is_on_screen_and_readable(sessions, name, size):
    view, lay, camera, sprites, marks, drawn, _ = render(sessions[name], size, name)
    vx, vy, vw, vh = camera.viewport
    assert drawn == len(lay.tiles) == len(view.line)
    for p in lay.tiles + tuple(lay.ends.values()):
        x, y, w, h = camera.world_rect_to_screen(p.rect)
        assert vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh, (name, p)
        assert min(w, h) >= 18, (name, size, min(w, h))
    for place in LL.seat_places(view.seat, lay.table).values():
        x, y, w, h = camera.world_rect_to_screen(LL.seat_area(place))
        assert vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh, (name, place)


@pytest.mark.rule("UX-3")
@pytest.mark.parametrize("name", list(positions()))
def test_other_seats_show_backs_and_never_a_face(sessions, name):
    view, lay, _, sprites, marks, _, surface = render(sessions[name], SCREENS[0], name)
    on_line = {(p.first, p.second) for p in lay.tiles}
    ghost = {(marks.ghost.first, marks.ghost.second)} if marks.ghost else set()
    assert set(sprites.faces) <= on_line | ghost
    others = [s for s in (1, 2, 3, 4) if s != view.seat]
    assert surface.hits == sum(view.hand_counts[s] for s in others) > 0


@pytest.mark.rule("UX-1")
def test_the_lit_ends_and_the_ghost_are_drawn_where_the_layout_says(sessions):
    view, lay, camera, _, marks, _, _ = render(sessions["jamaican_mid"], SCREENS[0], "jamaican_mid")
    assert marks.targets and marks.ghost is not None

    def draw(m: LR.LineMarks) -> pygame.Surface:
        out = pygame.Surface(SCREENS[0])
        LR.draw_line(out, camera, lay, view, Sprites(), m, NAMES)
        return out

    lit = draw(LR.LineMarks(targets=marks.targets, focused_target=marks.focused_target, tile=marks.tile))
    plain = draw(LR.LineMarks())
    for end in LL.ENDS:
        # a target is outlined where the selected tile would lie there (a double lies across)
        rect = LL.ghost(lay, end, marks.tile).rect if end in marks.targets else lay.ends[end].rect
        x, y, w, h = camera.world_rect_to_screen(rect)
        top = [tuple(lit.get_at((x + i, y))[:3]) for i in range(2, w - 2)]
        colour = LR.FOCUS_COLOUR if end == marks.focused_target else LR.TARGET_COLOUR
        if end in marks.targets:
            assert top.count(colour) > len(top) // 2, end
        assert colour not in [tuple(plain.get_at((x + i, y))[:3]) for i in range(2, w - 2)]
    ghosted = draw(LR.LineMarks(ghost=marks.ghost))
    gx, gy, gw, gh = camera.world_rect_to_screen(marks.ghost.rect)
    centre = (gx + gw // 4, gy + gh // 4)
    assert ghosted.get_at(centre) != plain.get_at(centre)


def test_tiles_off_screen_are_skipped(sessions):
    session = sessions["cuban_long"]
    view = session.view(1)
    lay = LL.layout_view(view)
    camera = Camera((0, 0, 1024, 600))
    camera.fit(lay.content, animate=False)
    camera.zoom_at(4.0, (1024, 300))  # look at the right-hand edge, close up
    surface = pygame.Surface((1024, 600))
    drawn = LR.draw_line(surface, camera, lay, view, Sprites(), LR.LineMarks(), NAMES)
    assert 0 < drawn < len(lay.tiles)


def test_bench_line_quick_prints_one_json_line():
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, str(root / "tools" / "bench_line.py"), "--hands", "4",
                           "--frames", "3"], cwd=root, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    for game in ("cuban", "jamaican"):
        assert result[game]["hands"] == 4 and result[game]["short_px"]["1024x600"] >= 18
    assert result["draw_ms_1920x1080"]["median_ms"] > 0
