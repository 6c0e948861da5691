"""Issue 40: the "auto" tile style is kept for a whole hand.

Auto draws numerals on small tiles and pips on large ones; as the table filled and the
camera zoomed out, a hand's tiles switched from pips to numerals in its middle.  The table
now decides the style once per hand (when the camera settles on it) and keeps it to the
hand's end; the next hand decides again.  Every face drawn is recorded; ~1 s.
"""
from __future__ import annotations

import pygame

from game import assets
from game.seats import COMPUTER, HUMAN, SeatConfig
from game.table.layout import TILE_W
from game.table.sprites import Sprites
from rules import Config, Session
from shell_driver import frames, make_app


def test_sprites_hold_one_style_per_hand():
    pygame.init()
    small, large = assets.NUMERALS_BELOW_PX - 4, assets.NUMERALS_BELOW_PX + 10
    s = Sprites("auto")
    s.hold((1, 1), large, settled=False)
    assert s.style_at(small) == "numerals"  # not decided before the camera settles
    s.hold((1, 1), large)
    assert s.style_at(small) == s.style_at(large) == "pips"
    s.hold((1, 1), small)  # the table zoomed out in the same hand: still pips
    assert s.style_at(small) == "pips"
    s.hold((1, 2), small)  # the next hand decides again
    assert s.style_at(large) == "numerals"
    fixed = Sprites("pips")
    fixed.hold((1, 1), small)
    assert fixed.style_at(small) == "pips"  # a style the player picked is never overruled


def test_zooming_out_in_a_hand_never_switches_the_tiles_to_numerals(monkeypatch):
    styles: list[str] = []
    inner = Sprites.face

    def face(self, first, second, short, *args, **kw):
        styles.append(self.style_at(max(2, int(round(short)))))
        return inner(self, first, second, short, *args, **kw)

    monkeypatch.setattr(Sprites, "face", face)
    app = make_app(size=(1024, 600))
    app.start(resume=False)
    app.set_setting("tile_style", "auto")
    app.set_setting("computer_speed", "instant")
    try:
        app.start_match(Session(Config("mexican_train", 4, 2)),
                        [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in range(3)])
        frames(app, 90)  # the camera settles on the first hand
        scene = app.stack.top
        assert TILE_W * scene.camera.draw_zoom >= assets.NUMERALS_BELOW_PX, "the hand starts in pips"
        styles.clear()
        for _ in range(6):  # the table zoomed far out, as a long hand does
            scene.camera.zoom_at(0.7)
            app.draw()  # drawn (a still table rests between frames)
        assert TILE_W * scene.camera.draw_zoom < assets.NUMERALS_BELOW_PX
        assert app.play_state.view().deal_no == 1 and styles  # the same hand, its tiles drawn again
        assert set(styles) == {"pips"}
    finally:
        app.close()
