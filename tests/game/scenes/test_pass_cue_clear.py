"""Issue 28 item 13: a pass's pill at a seat round the line (CU-6, JA-4) covers neither that
seat's backs and count nor any name; measured on the rectangles the line renderer drew."""
from __future__ import annotations

import pytest

from table_fixtures import FakeApp, seats_of

from game.kits.line.kit import passes
from game.play import AWAY, PlayState
from game.scenes.table import TableScene
from rules import Config, Session


def at_passes(game: str, seed: int, size) -> tuple[TableScene, list[int]]:
    """A table of four computers stopped just after two seats passed in a row."""
    play = PlayState(Session(Config(game, 4, seed)), seats_of("cccc"), delay=1000.0)  # still while drawn
    for _ in range(400):
        if play.phase == AWAY and len(passes(play.view())) >= 2:
            break
        play.step_computer()
    else:  # pragma: no cover - the seed passes twice in a row
        raise AssertionError("no passes")
    app = FakeApp(size)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    scene.camera.update(10.0)
    app.frame()
    return scene, passes(play.view())


@pytest.mark.rule("CU-6")
@pytest.mark.rule("JA-4")
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_pass_pill_covers_no_count_and_no_name(game, size):
    scene, passed = at_passes(game, 5, size)
    boxes = scene.renderer.seat_boxes
    pills = {seat: boxes[seat]["pass"] for seat in passed if "pass" in boxes.get(seat, {})}
    assert set(pills) == set(passed), "every pass is shown at its seat"
    for seat, pill in pills.items():
        for other, drawn in boxes.items():
            for what in ("name", "hand"):
                rect = drawn.get(what)
                if rect is not None:
                    overlap = pill.clip(rect)
                    assert overlap.width * overlap.height == 0, \
                        f"{game} {size}: seat {seat}'s pass pill covers seat {other}'s {what} ({overlap})"
