"""The deal-end and match-end screens from the command line (``--scene deal_end|match_end``).

Both are drawn by the one score panel (game.scenes.score_panel): the reveal of
the next deal to end after ``--after`` decisions (MT-16, MT-17, UX-3), and the
end of the demo's match (MT-18).
"""
from __future__ import annotations

import pygame
import pytest

from game.__main__ import main
from game.scenes.deal_end import DealEndScene
from game.scenes.match_end import MatchEndScene


@pytest.mark.parametrize("scene,cls", [("deal_end", DealEndScene), ("match_end", MatchEndScene)])
def test_a_score_screen_screenshot_shows_that_screen(scene, cls, tmp_path, monkeypatch):
    drawn = []
    inner = cls.draw_info

    def draw_info(self, surface, info, u):
        drawn.append(info)
        return inner(self, surface, info, u)

    monkeypatch.setattr(cls, "draw_info", draw_info)
    shot, table = tmp_path / f"{scene}.png", tmp_path / "table.png"
    args = ["--demo", "4", "--after", "20", "--size", "960x540", "--lang", "it"]
    assert main(["--screenshot", str(shot), "--scene", scene, *args]) == 0
    assert drawn, f"the {scene} screen was not drawn"
    if scene == "deal_end":
        assert drawn[-1].deal_no == 1  # 20 decisions in, the first deal is still being played
    else:
        assert drawn[-1].match_no == 1 and len(drawn[-1].totals) == 5
    assert main(["--screenshot", str(table), *args]) == 0
    a, b = pygame.image.load(str(shot)), pygame.image.load(str(table))
    assert a.get_size() == (960, 540)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
