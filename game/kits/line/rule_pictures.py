"""The line games' rules-screen pictures (issue 31): small hand-written positions of Cuban and
Jamaican drawn by this family's own renderer (``render.draw_line``), so they follow the art.

Each position is a ``PartnershipView`` built here by hand from a few plays (the public
history the layout reads, ``layout.plays_of``): no session, no deal, nothing random.
``PICTURES`` maps each game's rules-screen section names (``rules_text.SECTIONS``) to their
``RulePicture``; the base kit's ``rule_pictures`` hook finds it.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from rules.events import LineDeal, LinePlay, SeatEvent
from rules.line import PartnershipView, team_of
from rules.tiles import tile as make_tile

from ...i18n import t
from ...table.camera import Camera
from ...table.kit import RulePicture
from . import layout as LL
from .kit import CUBAN, JAMAICAN, draw_passes
from .render import LineMarks, draw_line

#: a hand's tiles in play (CU-3: 4 x 10; JA-1: 4 x 7): the row length the layout plans for
CAPACITY = {"cuban": 40, "jamaican": 28}
#: One play as drawn: the end ("L", "R"; the first play's is ignored) and the tile as it lies,
#: left number first.
Play = tuple[str, tuple[int, int]]


def name(seat: int) -> str:
    return t("pictures.you") if seat == 1 else t("ui.default_human_name", n=seat)


def position(game: str, plays: Sequence[Play], counts: Sequence[int], to_act: int | None = None,
             passed: Sequence[int] = ()) -> PartnershipView:
    """Seat 1's view of a hand with ``plays`` on the line, ``counts`` tiles in seats 1..4's
    hands and the seats ``passed`` having passed since the last play, in turn."""
    history: list = [LineDeal("deal", 1)]
    seat = 1
    for end, lying in plays:
        history.append(LinePlay("play", seat, make_tile(*lying), end, lying))
        seat = seat % 4 + 1
    history += [SeatEvent("pass", s) for s in passed]
    line = LL.layout_line(plays) if plays else None
    left = line.ends["L"].number if line else None
    right = line.ends["R"].number if line else None
    return PartnershipView(
        game=game, seat=1, team=1, match_no=1, deal_no=1, phase="play", to_act=to_act, hand=(),
        line=tuple(p for _, p in plays), left_end=left, right_end=right, hand_counts=(0, *counts),
        unused=15 if game == "cuban" else 0, totals=(0, 0, 0), leader=1, right_to_lead=1,
        pose_required=False, passes=len(passed), history=tuple(history), legal=())


def draw(view: PartnershipView, width: int, height: int, sprites, *, seats: bool = True,
         tile: tuple[int, int] | None = None, ghost_end: str | None = None,
         revealed: tuple | None = None) -> pygame.Surface:
    """``view`` drawn by the line's renderer at ``width`` x ``height``: the line alone, or with
    the seats round it (``seats``); ``tile``: the selected tile, its ends lit (UX-1), and its
    ghost at ``ghost_end``; ``revealed``: every hand face up at the hand's end (UX-3)."""
    surface = pygame.Surface((width, height))
    kit = {k.game: k for k in (CUBAN, JAMAICAN)}[view.game]
    aspect = width / max(1, height)
    plays = LL.plays_of(view)
    arranged = LL.arrangement(aspect) if seats else LL.PANEL
    planned = LL.layout_line(plays, aspect, capacity=CAPACITY[view.game], seats=arranged, grow=True)
    # the seats sit right round the tiles down (no room kept for the rest of the hand): a
    # picture's few tiles are drawn as large as its size allows
    lay = LL._lay(plays, planned.half_row, None, arranged)
    shown = lay.content if seats else lay.bounds
    if seats:  # the side seats' columns of backs reach above and below the table
        shown = _union([shown] + [LL.seat_area(place, arranged)
                                  for place in LL.seat_places(view.seat, lay.table, arranged).values()])
    camera = Camera((0, 0, width, height))
    camera.fit(shown, animate=False)
    marks = LineMarks(revealed=revealed)
    if tile is not None:
        fits = [end for end in LL.ENDS if lay.ends[end].number in tile]
        marks.targets, marks.tile = tuple(fits), tile
        if ghost_end is not None:
            marks.ghost, marks.focused_target = LL.ghost(lay, ghost_end, tile), ghost_end
    boxes: dict = {}
    draw_line(surface, camera, lay, view, sprites, marks, {s: name(s) for s in range(1, 5)},
              team_name=kit.team_name, seat_boxes=boxes)
    draw_passes(surface, camera, lay, view, view.seat, boxes)
    return surface


def _union(rects) -> tuple[float, float, float, float]:
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return (x0, y0, x1 - x0, y1 - y0)


def pips(hand) -> int:
    return sum(a + b for a, b in hand)


# ------------------------------------------------------------------ Cuban (double-nine)

#: the lead (CU-5, CU-6): any tile; the next seat, on the leader's right, is to play
CU_LEAD: list[Play] = [("R", (6, 4))]
#: two open ends, 3 and 7 (CU-6): [3|7] fits either
CU_ENDS: list[Play] = [("R", (5, 5)), ("R", (5, 7)), ("L", (3, 5)), ("R", (7, 2)), ("L", (8, 3)),
                       ("R", (2, 9)), ("L", (1, 8)), ("R", (9, 7)), ("L", (3, 1))]
#: a block (CU-7): both ends 0, four passes, the hands shown with their counts
CU_BLOCK: list[Play] = [("R", (5, 5)), ("R", (5, 7)), ("L", (2, 5)), ("R", (7, 0)), ("L", (9, 2)),
                        ("L", (0, 9))]
CU_HANDS = ((), ((1, 3), (4, 8)), ((6, 6), (3, 8)), ((1, 2),), ((4, 4), (7, 9)))


def _block_caption() -> str:
    low = min(range(1, 5), key=lambda s: pips(CU_HANDS[s]))
    won = sum(pips(CU_HANDS[s]) for s in range(1, 5) if team_of(s) != team_of(low))
    return t("pictures.cu_block", name=name(low), count=pips(CU_HANDS[low])) + " " + \
        t("pictures.cu_block_points", count=won)


# ------------------------------------------------------------------ Jamaican (double-six)

JA_POSE: list[Play] = [("R", (6, 6))]
#: seat 2 holds neither 5 nor 4 and passes (JA-4)
JA_PASS: list[Play] = [("R", (6, 6)), ("R", (6, 1)), ("L", (3, 6)), ("R", (1, 4)), ("L", (5, 3))]
#: both ends hard (JA-6): 4 and 2 each show 7 of their 8 appearances, [2|4] is the key
JA_KEY_LINE = [(4, 0), (0, 2), (2, 1), (1, 4), (4, 3), (3, 2), (2, 2), (2, 5), (5, 4), (4, 4), (4, 6), (6, 2)]
_CENTRE = 6  # the [2|2] is played first; the arms grow out from it
JA_KEY: list[Play] = ([("R", JA_KEY_LINE[_CENTRE])] + [("R", p) for p in JA_KEY_LINE[_CENTRE + 1:]]
                      + [("L", p) for p in reversed(JA_KEY_LINE[:_CENTRE])])
KEY_TILE = (2, 4)


def _tile(tile: tuple[int, int]) -> str:
    return f"[{tile[0]}|{tile[1]}]"


PICTURES: dict[str, dict[str, RulePicture]] = {
    "cuban": {
        "leader": RulePicture(lambda w, h, s: draw(position("cuban", CU_LEAD, (9, 10, 10, 10), to_act=2), w, h, s),
                              lambda: t("pictures.cu_lead", tile=_tile(CU_LEAD[0][1]), name=name(2)), 1.6),
        "play": RulePicture(lambda w, h, s: draw(position("cuban", CU_ENDS, (6, 7, 7, 7)), w, h, s, seats=False,
                                                 tile=(3, 7), ghost_end="R"),
                            lambda: t("pictures.cu_ends", left=3, right=7, tile="[3|7]"), 2.4),
        "end": RulePicture(lambda w, h, s: draw(position("cuban", CU_BLOCK, tuple(len(x) for x in CU_HANDS[1:]),
                                                         passed=(3, 4, 1, 2)), w, h, s, revealed=CU_HANDS),
                           _block_caption, 1.6),
    },
    "jamaican": {
        "pose": RulePicture(lambda w, h, s: draw(position("jamaican", JA_POSE, (6, 7, 7, 7), to_act=2), w, h, s),
                            lambda: t("pictures.ja_pose", tile="[6|6]"), 1.6),
        "play": RulePicture(lambda w, h, s: draw(position("jamaican", JA_PASS, (5, 6, 6, 6), to_act=3, passed=(2,)),
                                                 w, h, s),
                            lambda: t("pictures.ja_pass", name=name(2), left=5, right=4), 1.6),
        "scoring": RulePicture(lambda w, h, s: draw(position("jamaican", JA_KEY, (1, 2, 2, 2)), w, h, s,
                                                    seats=False, tile=KEY_TILE, ghost_end="R"),
                               lambda: t("pictures.ja_key", tile=_tile(KEY_TILE), left=4, right=2) + " "
                               + t("pictures.ja_key_points", count=2), 2.0),
    },
}
