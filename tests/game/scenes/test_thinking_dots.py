"""Issue 28: the thinking dots at a computer's seat sat on its name (drawn at the seat's
point, where the name is); they stand just above the name now."""
from __future__ import annotations

import pygame
import pytest

from tile_measure import table_at

from game.motion import thinking_radius
from game.play import AWAY
from game.scenes import table_draw


@pytest.mark.parametrize("game", ["mexican_train", "cuban"])
def test_the_thinking_dots_keep_off_the_seats_name(game, monkeypatch):
    app, play, scene = table_at(game, (1280, 720), decisions=1, line=0)
    assert play.phase == AWAY and not play.is_human(play.session.to_act())
    seat = play.session.to_act()
    app.frame()  # the world drawn: the seats' names and their boxes
    boxes = getattr(scene.renderer, "seat_boxes", None)  # the line's drawer: each seat's boxes
    name = boxes[seat]["name"] if boxes else scene.renderer.name_boxes[seat]  # Mexican Train's
    assert name is not None
    drawn = []
    monkeypatch.setattr(table_draw, "draw_thinking", lambda surface, at, clock, to_screen: drawn.append(to_screen(at)))
    monkeypatch.setattr(scene.motion, "busy", lambda clock: False)
    play.delay, play.timer = 1.0, 1.0  # the computer has waited a while: it is thinking
    scene._draw_thinking(app.screen, scene._layout_now(), play.view())
    assert drawn
    x, y, short = drawn[0]
    r = thinking_radius(short)
    # draw_thinking's own box: 4 radii tall and 12 wide, grown by one radius, 3 radii above (x, y)
    dots = pygame.Rect(0, 0, 12 * r, 4 * r).inflate(r, r)
    dots.center = (round(x), round(y - 3 * r))
    assert not dots.colliderect(name), (dots, name)
