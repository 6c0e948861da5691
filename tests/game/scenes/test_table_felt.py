"""Issue 28: the table's chrome leaves a usable felt at every window size, TV view and
interface size.

Before, the chrome (status bar, buttons and hand trays, the ticker and the camera buttons, the
prompt) grew with the interface's scale alone: with the TV view at 200% it filled the window
at every size (a felt 1 px tall at 1080p, none at 1024x600).  Now the table scene's scale is
capped so that a felt remains.
"""
from __future__ import annotations

import pytest

from table_fixtures import FakeApp, seats_of

from game.play import PlayState
from game.safe_area import TV_SCALE, safe_rect
from game.scenes.table import TableScene
from rules import Config, Session

SIZES = ((1920, 1080), (1280, 720), (1024, 600), (800, 600))
#: The felt's least share of the window: its height (the tiles' room), its width.
MIN_H_SHARE = 0.2
MIN_W_SHARE = 0.4


def _scene(game: str, size: tuple[int, int], tv: bool, ui: float) -> TableScene:
    app = FakeApp(size)
    app.settings.update(tv=tv, ui_scale=ui)
    app.ui_scale = ui * (TV_SCALE if tv else 1.0)
    play = PlayState(Session(Config(game, 4, 7)), seats_of("hccc"), delay=0.0)
    scene = TableScene(app, play)
    scene._ensure_geometry()
    return scene


@pytest.mark.parametrize("game", ["mexican_train", "cuban"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_felt_remains_at_every_tv_and_interface_size(game, size):
    from game.scenes.settings import UI_SCALES
    short = []
    for tv in (False, True):
        for ui in (UI_SCALES[0], 1.0, 1.5, UI_SCALES[-1]):
            scene = _scene(game, size, tv, ui)
            felt = scene.camera.felt()
            w, h = safe_rect(scene.app.settings, size).size
            if felt.height < MIN_H_SHARE * h or felt.width < MIN_W_SHARE * w:
                short.append((tv, ui, felt.width, felt.height))
    assert not short, short


def test_the_chrome_yields_only_where_it_must():
    """1080p at 200% without the TV view keeps its full scale (the cap is for what overflows)."""
    assert _scene("cuban", (1920, 1080), False, 2.0).u == pytest.approx(2.0)
    assert _scene("cuban", (1920, 1080), True, 1.0).u == pytest.approx(0.9 * TV_SCALE)
