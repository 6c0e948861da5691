"""The status bar's two halves never overlap: the deal and the match on the left get what the
turn's words on the right leave (on a TV at 1024x600 in Russian, "Партия 1" ran under
"Ходит Компьютер 1 (компьютер)")."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.__main__ import advance_demo, start_demo
from game.table import status
from shell_driver import frames, make_app


class Recording(pygame.Surface):
    """A surface that notes where each text was put."""

    def __init__(self, size):
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        rect = source.get_rect(topleft=dest.topleft) if isinstance(dest, pygame.Rect) else source.get_rect(topleft=dest)
        self.placed.append(rect)
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_status_and_the_turn_never_overlap(game, size):
    app = make_app(size=size, persist=False, settings={"tv": True, "ui_scale": 2.0})
    app.start(resume=False)
    try:
        start_demo(app, 4, 4, game)
        advance_demo(app, 12)
        frames(app, 2)
        table = app.stack.top
        play = table.play
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            bar = Recording((size[0], table.top_h))
            status.draw_status_bar(bar, play, play.view(), table.top_h, table.u, table.font_px)
            turn, deal = bar.placed  # the turn is put first, then the deal and match in what it leaves
            assert not deal.colliderect(turn), (code, deal, turn)
            assert deal.left >= 0 and turn.right <= size[0]
            assert deal.height >= table.font_px * 4 // 5 * 0.9  # not shrunk past four fifths
    finally:
        i18n.set_language("en")
        app.close()


def test_the_match_number_goes_before_the_type_gets_small():
    parts = ["Deal 1 of 13", "Engine 12|12", "Boneyard: 27 tiles", "Match 1"]
    whole = status.status_text(parts, 24, 10_000)
    assert status.status_text(parts, 24, whole.get_width()).get_width() == whole.get_width()
    narrow = status.status_text(parts, 24, whole.get_width() * 2 // 3)
    assert narrow.get_width() <= whole.get_width() * 2 // 3
    assert narrow.get_height() >= status.text("x", 24 * 4 // 5).get_height()
