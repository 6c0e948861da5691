"""How large a table's tiles are drawn on the felt (issue 28 item 12): a headless table scene
driven to a point in the first hand, its automatic view settled, and the world tile's short
side times the camera's drawn zoom read off.  Shared by tests/game/kits/test_line_tile_size.py and
tools/measure_tiles.py (the before/after table)."""
from __future__ import annotations

from dataclasses import dataclass

from table_fixtures import FakeApp, seats_of

from game.play import AWAY as COMPUTER_PHASE, DEAL_END, PlayState
from game.safe_area import TV_SCALE
from game.scenes.table import TableScene
from game.table.layout import TILE_W
from rules import Config, Session

SEATS = {"mexican_train": "hccc", "cuban": "hccc", "jamaican": "hccc"}


@dataclass(frozen=True)
class Measure:
    short_px: float  # a tile's short side on screen: the height of a tile lying along its row
    zoom: float
    line: int  # tiles down on the table


def table_at(game: str, size: tuple[int, int], *, tv: bool = False, ui: float = 1.0,
             decisions: int = 1, seed: int = 7, line: int = 0):
    """A table scene in its first hand after ``decisions`` decisions (anyone's) or, in the
    line games with ``line``, once that many tiles are down; the automatic view settled."""
    app = FakeApp(size)
    app.settings.update(tv=tv, ui_scale=ui)
    app.ui_scale = ui * (TV_SCALE if tv else 1.0)
    session = Session(Config(game, len(SEATS[game]), seed))
    play = PlayState(session, seats_of(SEATS[game]), delay=0.0)
    done = 0
    def short() -> bool:
        if line:
            return len(play.view().line) < line
        return done < decisions

    while short() and play.phase != DEAL_END:
        if play.phase == COMPUTER_PHASE:
            if not play.step_computer():
                break
        else:
            play._apply(play.legal()[0])
        done += 1
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    scene.camera.update(10.0)
    app.frame()
    scene.camera.update(10.0)
    return app, play, scene


def measure(game: str, size: tuple[int, int], *, tv: bool = False, ui: float = 1.0,
            decisions: int = 1, seed: int = 7, line: int = 0) -> Measure:
    """The drawn size; ``line`` (the line games) or ``decisions`` as ``table_at``."""
    _app, play, scene = table_at(game, size, tv=tv, ui=ui, decisions=decisions, seed=seed, line=line)
    z = scene.camera.draw_zoom
    view = play.view()
    line = len(getattr(view, "line", ()) or ()) if game != "mexican_train" else decisions
    return Measure(TILE_W * z, z, line)
