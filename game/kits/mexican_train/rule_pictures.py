"""Mexican Train's rules-screen pictures (issue 31): small hand-written positions drawn by this
kit's own renderer (``render.TableRenderer``), so they follow the art when it changes.

Each position is a ``MexicanTrainView`` built here by hand: no session, no deal, nothing
random.  ``PICTURES`` maps the rules screen's section names (``rules_text.SECTIONS``) to
their ``RulePicture``; the base kit's ``rule_pictures`` hook finds it.
"""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from rules.variants.mexican_train import MexicanTrainView, TrainView

from ...i18n import t
from ...table.camera import Camera
from ...table.kit import Marks, RulePicture
from ...table.layout import Placed
from . import layout as L
from .render import TableRenderer

ENGINE = 12
PLAYERS = 3
#: A lane drawn in a picture: its placed tiles (station side first) and whether its marker is up.
Train = tuple[Sequence[tuple[int, int]], bool]


def position(trains: dict, obligations: tuple = (), engine: int = ENGINE,
             players: int = PLAYERS, first_round: bool = False) -> MexicanTrainView:
    """A view of seat 1 with these trains (key -> ``Train``); the others are empty."""
    views = []
    for key in [L.MEXICAN, *range(1, players + 1)]:
        placed, marked = trains.get(key, ((), False))
        placed = tuple(tuple(p) for p in placed)
        end = placed[-1][1] if placed else engine
        tiles = tuple((min(p), max(p)) for p in placed)
        views.append(TrainView(key, tiles, placed, end, marked))  # type: ignore[arg-type]
    return MexicanTrainView(
        game="mexican_train", seat=1, players=players, match_no=1, deal_no=1, engine=engine,
        phase="play", to_act=1, hand=(), hand_counts=(0,) + (8,) * players, boneyard=40,
        trains=tuple(views), obligations=obligations, first_round=first_round, chain=0,
        drawn=False, extra=False, totals=(0,) * (players + 1), history=(), legal=())


def names(players: int = PLAYERS) -> dict:
    out: dict[str | int, str] = {L.MEXICAN: t("table.mexican_train")}
    for seat in range(1, players + 1):
        out[seat] = t("pictures.you") if seat == 1 else t("ui.default_human_name", n=seat)
    return out


def _bounds(lay: L.TableLayout, keys: Sequence) -> tuple[float, float, float, float]:
    """The station and the lanes ``keys``: their tiles, next places, names and markers."""
    xs = [-L.STATION_R, L.STATION_R]
    ys = [-L.STATION_R, L.STATION_R]
    for key in keys:
        lane = lay.lanes[key]
        for p in [*lane.tiles, lane.next_slot]:
            x, y, w, h = p.rect
            xs += [x, x + w]
            ys += [y, y + h]
        hx, hy = lane.label_pos
        xs += [hx, hx + lane.side * L.LABEL_W]
        ys += [hy - L.LABEL_H / 2, hy + L.LABEL_H / 2]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def draw(view: MexicanTrainView, keys: Sequence, width: int, height: int, sprites,
         marks: Marks | None = None, ghost: tuple | None = None) -> pygame.Surface:
    """``view`` drawn by the table's renderer at ``width`` x ``height``, fitted to the station
    and the lanes ``keys``; ``ghost`` (train, tile): a previewed play (UX-1)."""
    surface = pygame.Surface((width, height))
    lay = L.layout_table(view.trains, view.players)
    camera = Camera((0, 0, width, height))
    camera.fit(_bounds(lay, keys), animate=False)
    marks = marks or Marks()
    if ghost is not None:
        key, tile = ghost
        lane = lay.lanes[key]
        train = view.train(key)
        near = train.open_end
        far = tile[1] if tile[0] == near else tile[0]
        slot: Placed = L.ghost_slot(train.placed, near, far, lane.side, lane.head[0] + lane.side * L.MARKER_W,
                                    lane.y0, lay.row_len)
        marks.ghost = (key, slot)
        marks.targets = (key,)
        marks.focused_target = key
    TableRenderer(sprites).draw(surface, camera, lay, view, names(view.players), marks)
    return surface


def _picture(build: Callable[[int, int, object], pygame.Surface], caption: Callable[[], str],
             aspect: float = 2.0) -> RulePicture:
    return RulePicture(build, caption, aspect)


#: the first turn's chain on your own train (MT-8)
CHAIN = ((12, 5), (5, 9), (9, 3))
#: the trains a little way into a deal (MT-7, MT-10, MT-12)
TRAINS: dict = {L.MEXICAN: (((12, 4), (4, 8)), False), 1: (((12, 1), (1, 7)), False),
                2: (((12, 6),), True), 3: (((12, 10), (10, 2)), False)}
#: a double left open on seat 3's train (MT-13, MT-14)
DOUBLE: dict = {L.MEXICAN: (((12, 4),), False), 1: (((12, 1),), False),
                3: (((12, 10), (10, 8), (8, 8)), False)}

PICTURES: dict[str, dict[str, RulePicture]] = {
    "mexican_train": {
        "start": _picture(lambda w, h, s: draw(position({}), [L.MEXICAN, 1, 2, 3], w, h, s),
                          lambda: t("pictures.mt_engine", tile=f"[{ENGINE}|{ENGINE}]")),
        "trains": _picture(lambda w, h, s: draw(position({k: v for k, v in TRAINS.items() if k != 2}),
                                                [L.MEXICAN, 1, 2, 3], w, h, s),
                           lambda: t("pictures.mt_trains")),
        "first_round": _picture(lambda w, h, s: draw(position({1: (CHAIN, False)}, first_round=True),
                                                     [L.MEXICAN, 1, 2, 3], w, h, s),
                                lambda: t("pictures.mt_chain", count=len(CHAIN))),
        "turns": _picture(lambda w, h, s: draw(position(TRAINS), [L.MEXICAN, 1, 2, 3], w, h, s,
                                               ghost=(2, (6, 11))),
                          lambda: t("pictures.mt_marker", name=t("ui.default_human_name", n=2))),
        "doubles": _picture(lambda w, h, s: draw(position(DOUBLE, obligations=(3,)), [L.MEXICAN, 1, 2, 3], w, h, s),
                            lambda: t("pictures.mt_double", tile="[8|8]", count=1)),
    },
}
