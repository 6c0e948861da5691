"""Issue 28 item 13: a cue at a Mexican Train seat ("marker up", "pass") covers neither the
engine on the station nor any name on the felt; measured on the rectangles drawn."""
from __future__ import annotations

import pytest

import game.motion as motion
from game.app import STEP
from game.scenes.table import TableScene
from table_fixtures import FakeApp, make_play

FAST = 1 / 15


@pytest.mark.rule("MT-12")
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_a_marker_cue_covers_neither_the_engine_nor_a_name(size, monkeypatch):
    bubbles: list = []
    inner = motion.draw_cue

    def draw_cue(surface, c, clock, to_screen, *rest):  # rest: what it moves past, its room
        box = inner(surface, c, clock, to_screen, *rest)
        bubbles.append((c.word, box))
        return box

    monkeypatch.setattr(motion, "draw_cue", draw_cue)
    app = FakeApp(size)
    play = make_play("cccc", 11)
    play.delay = 0.35
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame(STEP)
    scene.camera.update(10.0)
    checked = 0
    played = 0.0
    while played < 300:
        # every frame while a marker's cue is listed (it is staged in a frame's update and
        # listed after that frame); between them FAST steps, where no bubble is measured
        step = STEP if any(c.word == "marker up" for c in scene.motion.cues) else FAST
        played += step
        bubbles.clear()
        app.frame(step)
        renderer = scene.renderer
        for word, box in bubbles:
            if word != "marker up":
                continue
            checked += 1
            covered = [renderer.engine_box] if renderer.engine_box is not None else []
            covered += list(renderer.name_boxes.values())
            for rect in covered:
                overlap = box.clip(rect)
                assert overlap.width * overlap.height == 0, f"{size}: the cue {box} covers {rect}"
        if checked >= 20:
            break
    assert checked >= 20, "no marker went up in five minutes of play"
