"""The two-ended line's table kit, for Cuban (CU-1..12) and Jamaican (JA-1..9) dominoes.

Both games share the line (``layout``, ``render``), the ends as targets
("L", "R"), the forced pass, the team scoreboard and the choice of who opens a hand
(CU-5's leader, JA-3's poser).  Their differences are data on the kit
(``Cuban``, ``Jamaican``) and a few small hooks: Cuban's lead draw and the four
personal acceptances or redeal demands (CU-2, CU-4) and its named wins (CU-10);
Jamaican's [6|6] pose, six love and the two-point key win (JA-2, JA-6, JA-7).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Hashable, Sequence

import pygame

from rules.actions import ACCEPT, PASS, REDEAL, Action, lead
from rules.events import Event, LineDealEnd, LinePlay
from rules.line import ACCEPT as ACCEPTING
from rules.tiles import Tile
from rules.line import CHOOSE, PLAY, TEAM_SEATS, PartnershipView, team_of

from ...i18n import t
from ...phases import DEAL_END, MATCH_END
from ...seats import seat_colour
from ...table.camera import ANY_FELT, Camera, Felt
from ...table.render import DARK
from ...table.status import PANEL_FILL
from ...table.text import fit, text
from ...queries import DealEndInfo, MatchEndInfo
from ...table.contract import DealSheet, MatchSheet, PlayerFigures, Rect4, TablePlay
from ...table.kit import Marks, TableKit
from ...table.sprites import Sprites
from ...table.scoreboard import GOLD, GREY
from . import layout as LL
from . import scores as line_scores
from . import ticker as ticker_words
from .render import LineMarks, draw_line

TEAM_COLOURS = line_scores.TEAM_COLOURS
PASS_COLOUR = (255, 214, 90)  # a pass's cue, at the seat or behind its count in the panel


def tile_name(tile: Sequence[int]) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def _seats(view: PartnershipView) -> int:
    """How many sit at this line table: the view counts every seat's hand (index 0 unused)."""
    return len(view.hand_counts) - 1


def passes(view: PartnershipView) -> list[int]:
    """The seats that passed since the last play, latest first (CU-6, JA-4)."""
    passed = []
    for e in reversed(view.history):
        if e.kind != "pass":
            break
        passed.append(e.seat)
    return passed


def doubles_in(hand: Sequence[Tile]) -> list[Tile]:
    return [x for x in hand if x[0] == x[1]]


def _pass_pill(size: int) -> tuple[pygame.Surface, pygame.Rect]:
    """The words of a pass's cue at ``size`` px and the pill round them (not yet placed)."""
    img = text(t("line.passed"), size, (24, 30, 26), bold=True)
    return img, img.get_rect().inflate(size, size // 2)


def draw_passes(surface, camera, lay, view, bottom: int, boxes: dict | None = None) -> None:
    """A computer's (or anyone's) pass since the last play, shown at that seat (CU-6, JA-4)."""
    passed = passes(view)
    if not passed:
        return
    places = LL.seat_places(bottom, lay.table, lay.seats, _seats(view))
    if not places:
        return  # the seats are in the players panel, which marks the passes (render_panel)
    size = max(12, min(30, round(24 * camera.draw_zoom)))
    for seat in passed:
        img, box = _pass_pill(size)
        px, py, side = places[seat]
        drawn = (boxes or {}).get(seat, {})
        if lay.compact and side in ("top", "bottom") and drawn.get("name") is not None:
            # issue 40: at the left of the seat's own row, as tall as its name; the line's side
            # of a small strip (1024x600 at 175%) is the line itself
            row = drawn["name"].unionall([r for k, r in drawn.items() if k != "pass" and r is not None])
            img, box = _pass_pill(max(10, min(size, round(drawn["name"].height / 1.8))))
            box.midright = (row.left - max(4, size // 3), drawn["name"].centery)
        elif lay.compact and side in ("top", "bottom"):
            # a one-row strip: the cue goes beside it on the line's side, not over its name
            _ax, ay, _aw, ah = LL.seat_area(places[seat], LL.ROWS)
            if side == "top":
                sx, sy = camera.world_to_screen(px, ay + ah)
                box.midtop = (round(sx), round(sy))
            else:
                sx, sy = camera.world_to_screen(px, ay)
                box.midbottom = (round(sx), round(sy))
        elif boxes and boxes.get(seat, {}).get("name") is not None:
            # beside the name, towards the line for a side seat: never over the backs and
            # their count, nor over the name (issue 28)
            name = boxes[seat]["name"]
            gap = max(4, size // 3)
            if side == "right":
                box.midright = (name.left - gap, name.centery)
            else:
                box.midleft = (name.right + gap, name.centery)
        else:
            sx, sy = camera.world_to_screen(px, py)
            box.center = (round(sx), round(sy))
        if boxes is not None:
            boxes.setdefault(seat, {})["pass"] = box
        pygame.draw.rect(surface, PASS_COLOUR, box, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))


class LineRenderer:
    """What the table scene keeps of the line's drawing between frames."""

    def __init__(self, sprites: Sprites) -> None:
        self.sprites = sprites
        self.tiles_drawn = 0
        #: each seat's name, hand and pass cue as drawn last frame (screen rects, ``draw_line``)
        self.seat_boxes: dict = {}


def draw_notes(surface, camera, lay, notes: list[str]) -> None:
    """The table's notes (the lead draw's tiles, a redeal) round the empty line, latest first."""
    if not notes:
        return
    x, y, w, h = lay.table
    cx, cy = camera.world_to_screen(x + w / 2, y + h / 2)
    # inside the table's room and above the clear felt's bottom edge (the prompt lines sit
    # under it: on a TV's short felt the notes ran over them)
    vx, vy, vw, vh = camera.viewport
    bottom = min(camera.world_to_screen(x, y + h)[1], vy + vh - camera.safe[3])
    size = max(12, min(26, round(22 * camera.draw_zoom)))
    # below the empty slot, inside the table's room: the viewer's seat sits just under it
    # now that the room is the line's (layout._grown), not the whole hand's
    while True:
        imgs = [fit(line, size, camera.viewport[2] - 40, colour=(247, 241, 227), outline=DARK)
                for line in notes[-4:]]
        tall = sum(img.get_height() + 4 for img in imgs)
        if size <= 12 or round(cy) + size * 2 + tall <= bottom:
            break
        size -= 1
    # still too tall at the smallest size: the latest notes that fit (the ticker keeps all)
    while len(imgs) > 1 and round(cy) + size * 2 + sum(i.get_height() + 4 for i in imgs) > bottom:
        imgs.pop(0)
    top = round(cy) + size * 2
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(round(cx), top)))
        top += img.get_height() + 4


class LineKit(TableKit[PartnershipView, LL.LineLayout, "LineRenderer"]):
    """The shared part; ``Cuban`` and ``Jamaican`` below state their differences.

    Words that differ between the games (a hand is a «кон» in Cuban and a «сдача» in
    Jamaican, a team a «команда» or a «пара»; the opener leads or poses) live under
    ``line.GAME.NAME`` and are read with ``w``; the rest under ``line.NAME``.
    """

    focus_first = ("accept", "pass")
    choose_target_key = "line.choose_end"

    def w(self, word: str, count: int | None = None, **params: object) -> str:
        """This game's own words for ``word`` (``line.cuban.hand_no`` ...); ``count`` picks
        the plural form (``i18n.t``)."""
        return t(f"line.{self.game}.{word}", count, **params)

    def team_name(self, team: int) -> str:
        return self.w("team", n=team)

    def match_words(self, word: str, **params: int) -> str:
        """A line game's match is a «матч», a «partita»: never Mexican Train's «партия»."""
        return self.w(word, **params)

    def restart_words(self) -> tuple[str, str]:
        """CU-12, JA-9: the same deal again, the earlier scores kept."""
        return self.w("restart"), self.w("restart_confirm")

    # ------------------------------------------------------------ decisions

    def target(self, action: Action) -> Hashable:
        return action.end

    def decision_buttons(self, view: PartnershipView) -> list[tuple[str, Action]]:
        if view.phase == ACCEPTING:
            return [("accept", ACCEPT), ("redeal", REDEAL)]
        if view.phase == CHOOSE and view.to_act:
            return [(f"lead:{s}", lead(s)) for s in TEAM_SEATS[team_of(view.to_act)]]
        return [("pass", PASS)]

    def button_label(self, bid: str, play: TablePlay[PartnershipView]) -> str:
        if bid.startswith("lead:"):
            return self.w("opener", name=play.name(int(bid[5:])))
        if bid == "pass":
            return t("table.pass")
        return self.w(bid)  # accept, redeal (CU-4)

    # ------------------------------------------------------------ the world

    def layout(self, view: PartnershipView, play: TablePlay[PartnershipView], felt: Felt = ANY_FELT) -> LL.LineLayout:
        return LL.layout_view(view, felt.aspect, felt.shows)

    def renderer(self, sprites: Sprites) -> LineRenderer:
        return LineRenderer(sprites)

    def target_at(self, lay: LL.LineLayout, play: TablePlay[PartnershipView], wx: float, wy: float) -> Hashable | None:
        return LL.end_at(lay, wx, wy, among=tuple(play.targets()))

    def target_rect(self, lay: LL.LineLayout, key: Hashable) -> Rect4:
        return lay.ends[key].rect

    def ghost(self, lay: LL.LineLayout, view: PartnershipView, action: Action) -> object:
        assert action.end is not None and action.tile is not None, action  # a play has both
        return LL.ghost(lay, action.end, action.tile)

    def follow_point(self, lay: LL.LineLayout, view: PartnershipView, me: int | None) -> tuple[float, float] | None:
        return lay.tiles[-1].centre if lay.tiles else None

    def tile_place(self, lay: LL.LineLayout, tile: Tile) -> object:
        low, high = min(tile), max(tile)
        for p in lay.tiles:
            if min(p.first, p.second) == low and max(p.first, p.second) == high:
                return p
        return None

    def seat_point(self, lay: LL.LineLayout, view: PartnershipView, play: TablePlay[PartnershipView],
                   seat: int) -> tuple[float, float] | None:
        place = LL.seat_places(self.bottom_seat(play), lay.table, lay.seats, _seats(view)).get(seat)
        return None if place is None else place[:2]

    def cue_point(self, lay: LL.LineLayout, view: PartnershipView, play: TablePlay[PartnershipView],
                  seat: int) -> tuple[float, float] | None:
        """A cue ("pass", "accept") at the edge of the seat's area away from the line: over a
        side or top seat, under the bottom one.  At the seat's centre it covered the seat's
        name and backs, a side seat's column of tiles (issue 40: 1024x600 at 175%)."""
        place = LL.seat_places(self.bottom_seat(play), lay.table, lay.seats, _seats(view)).get(seat)
        if place is None:
            return None
        x, y, w, h = LL.seat_area(place, lay.seats)
        return (x + w / 2, y + h if place[2] == "bottom" else y)

    def cue_below(self, lay: LL.LineLayout, view: PartnershipView, play: TablePlay[PartnershipView],
                  seat: int) -> bool:
        return seat == self.bottom_seat(play) and lay.seats != LL.PANEL

    def pile_point(self, lay: LL.LineLayout) -> tuple[float, float]:
        x, y, w, h = lay.table
        return (x + w / 2, y + h / 2)

    def over_words(self) -> str:
        return self.w("hand_done")  # a hand (кон, сдача), not Mexican Train's deal

    def cue_word(self, event: Event) -> str | None:
        if event.kind in ("accept", "redeal"):
            return self.w(event.kind)  # Cuban's acceptance or demand for a redeal (CU-4)
        return super().cue_word(event)

    def bottom_seat(self, play: TablePlay[PartnershipView]) -> int:
        """The seat at the bottom of the screen: the device holder's, kept while the computers
        play, so the table keeps its orientation (CU-1, JA-1)."""
        return play.viewer or play.curtain_for or play.holder or (play.humans[0] if play.humans else 1)

    def name_box(self, renderer: LineRenderer, seat: int) -> pygame.Rect | None:
        box = renderer.seat_boxes.get(seat)
        return box.get("name") if isinstance(box, dict) else None

    def seat_rects(self, renderer: LineRenderer) -> list[pygame.Rect]:
        return [r for boxes in renderer.seat_boxes.values() for r in boxes.values() if r is not None]

    def keep_in_view(self, lay: LL.LineLayout) -> Rect4 | None:
        """Both open ends of the line (``LineLayout.keep``)."""
        return lay.keep

    def draw_world(self, renderer: LineRenderer, surface: pygame.Surface, camera: Camera, lay: LL.LineLayout,
                   view: PartnershipView, play: TablePlay[PartnershipView], marks: Marks, clock: float) -> None:
        line_marks = LineMarks(targets=tuple(marks.targets), focused_target=marks.focused_target,
                               ghost=marks.ghost, ghost_face_down=marks.ghost_face_down,
                               tile=play.selected if play.my_turn() else None,
                               arrival=marks.arrival, hidden=marks.hidden, name_px=marks.name_px,
                               revealed=marks.revealed)
        names = {s: play.name(s) for s in range(1, _seats(view) + 1)}
        # the table keeps its orientation while the computers play: the device holder sits at
        # the bottom, and the seats follow counter-clockwise (CU-1, JA-1)
        bottom = self.bottom_seat(play)
        shown = view if view.seat == bottom else replace(view, seat=bottom, hand=())
        renderer.seat_boxes = {}
        renderer.tiles_drawn = draw_line(surface, camera, lay, shown, renderer.sprites, line_marks, names, clock,
                                         team_name=self.team_name, seat_boxes=renderer.seat_boxes)
        draw_passes(surface, camera, lay, view, bottom, renderer.seat_boxes)
        draw_notes(surface, camera, lay, self.table_notes(view, play))

    def table_notes(self, view: PartnershipView, play: TablePlay[PartnershipView]) -> list[str]:
        """What the table says at its centre before the first tile of a hand: the lead draw
        (CU-2) and any demand for a redeal with the doubles shown (CU-4)."""
        if view.line:
            return []
        notes: list[str] = []
        for e in view.history:
            if e.kind in ("match", "deal_end"):
                notes = []
            elif e.kind == "lead_draw":
                a, b = e.first, e.second
                notes.append(self.w("log_lead_draw", one=play.name(1), two=play.name(2),
                                    a=tile_name(a), b=tile_name(b)))
                if a[0] + a[1] != b[0] + b[1]:
                    notes.append(self.w("note_right_to_lead", team=1 if a[0] + a[1] > b[0] + b[1] else 2))
                else:
                    notes.append(self.w("note_draw_again"))
            elif e.kind == "redeal":
                notes.append(self.w("log_redeal", name=play.name(e.seat), tiles=" ".join(tile_name(d) for d in e.shown)))
        return notes

    # ------------------------------------------------------------ chrome

    def deal_words(self, number: int) -> str:
        return self.w("hand_no", hand=max(1, number))  # a hand, not a deal (a Cuban «кон»)

    def status_parts(self, play: TablePlay[PartnershipView], view: PartnershipView) -> list[str]:
        # hands, not deals: a redeal (CU-4) deals the same hand again
        hand_no = line_scores.hand_number(view.history, ended=play.phase in (DEAL_END, MATCH_END))
        parts = [self.deal_words(hand_no), self.w("target"),
                 self.w("score", one=view.totals[1], two=view.totals[2])]
        parts.append(self.w("match_no", match=view.match_no))
        return parts

    def panel_width(self, play: TablePlay[PartnershipView], u: float) -> int:
        fpx = max(10, round(16 * u))
        names = [text(play.name(s), fpx, bold=True).get_width() for s in range(1, 5)]
        return round(120 * u) + min(max(names), round(170 * u))

    def _panel_rows(self, u: float) -> tuple[int, int, int, dict[int, int]]:
        """The panel's font, row height and padding, and each seat's row top (team 1's two,
        then team 2's, each under its team's heading)."""
        fpx = max(10, round(16 * u))
        # a row holds its text and the to-act ring round it, however small the window (the
        # font has a floor of 10 px, the rows would not)
        row_h = max(round(24 * u), text("Ag", fpx + 2, bold=True).get_height() + 4)
        pad = round(8 * u)
        tops, y = {}, pad
        for team in (1, 2):
            y += row_h  # the team's heading
            for s in TEAM_SEATS[team]:
                tops[s] = y
                y += row_h
            y += pad
        return fpx, row_h, pad, tops

    def panel_point(self, play: TablePlay[PartnershipView], seat: int, u: float) -> tuple[int, int, int] | None:
        """A seat's row in the panel (its right end, its centre line, its height): the thinking
        cue's place when the seats are not on the felt (``layout.PANEL``)."""
        fpx, row_h, pad, tops = self._panel_rows(u)
        if seat not in tops:
            return None
        return self.panel_width(play, u) - 2, tops[seat] + row_h // 2, row_h

    def render_panel(self, play: TablePlay[PartnershipView], view: PartnershipView, u: float,
                     sprites: Sprites) -> pygame.Surface:
        """The two teams: their players (tiles in hand; on a gold pill, passed since the last
        play, CU-6, JA-4) and the team's total."""
        fpx, row_h, pad, tops = self._panel_rows(u)
        width = self.panel_width(play, u)
        panel = pygame.Surface((width, pad + 2 * (3 * row_h + pad)), pygame.SRCALPHA)
        panel.fill(PANEL_FILL)
        to_act = play.session.to_act()
        passed = passes(view)
        for team in (1, 2):
            y = tops[TEAM_SEATS[team][0]] - row_h
            head = fit(self.team_name(team), max(9, fpx - 1), width - round(60 * u), colour=GREY, bold=True)
            panel.blit(head, (pad, y))
            total = text(str(view.totals[team]), fpx + 2, GOLD, bold=True)
            panel.blit(total, total.get_rect(topright=(width - pad, y - 2)))
            for s in TEAM_SEATS[team]:
                y = tops[s]
                if s == to_act and play.phase not in (DEAL_END, MATCH_END):
                    pygame.draw.rect(panel, (255, 255, 255), (2, y, width - 4, row_h - 2), 2, border_radius=4)
                pygame.draw.circle(panel, seat_colour(s), (pad + round(8 * u), y + row_h // 2), round(6 * u))
                name = fit(play.name(s), fpx, width - round(70 * u), colour=seat_colour(s), bold=True)
                panel.blit(name, name.get_rect(midleft=(pad + round(20 * u), y + row_h // 2)))
                count = text(str(view.hand_counts[s]), fpx, (24, 30, 26) if s in passed else (247, 241, 227),
                             bold=s in passed)
                box = count.get_rect(midright=(width - pad, y + row_h // 2))
                if s in passed:
                    pill = box.inflate(row_h // 2, 2)
                    pill.right = width - pad // 2
                    box.center = pill.center
                    pygame.draw.rect(panel, PASS_COLOUR, pill, border_radius=pill.height // 2)
                panel.blit(count, box)
        return panel

    def prompt(self, play: TablePlay[PartnershipView]) -> str:
        view = play.view()
        kinds = {a.kind for a in play.legal()}
        if view.phase == ACCEPTING:
            doubles = len(doubles_in(view.hand))
            if "redeal" in kinds:
                return self.w("prompt_accept_or_redeal", count=doubles)
            return self.w("prompt_accept")
        if view.phase == CHOOSE:
            return self.w("prompt_choose")
        if kinds == {"pass"}:
            return t("line.prompt_pass")
        if not view.line:
            return self.opening_prompt(view)
        return t("line.prompt_play", left=view.left_end, right=view.right_end)

    def opening_prompt(self, view: PartnershipView) -> str:
        return self.w("prompt_open")

    def preview_text(self, play: TablePlay[PartnershipView], action: Action) -> str:
        if action.kind == "play":
            assert action.tile is not None, action  # a play names its tile
            if not play.view().line:
                return t("line.confirm_open", tile=tile_name(action.tile))
            side = t("line.end_left") if action.end == "L" else t("line.end_right")
            return t("line.confirm_play", tile=tile_name(action.tile), end=side)
        if action.kind == "lead":
            # UX-3: the device passes between humans only; one human at the table sees no curtain
            assert action.seat is not None, action  # a lead names the opener
            alone = len(play.humans) < 2 and self.game == "jamaican"
            return self.w("confirm_opener_alone" if alone else "confirm_opener", name=play.name(action.seat))
        if action.kind == "redeal":
            shown = " ".join(tile_name(d) for d in sorted(doubles_in(play.view().hand)))
            return self.w("confirm_redeal", tiles=shown)
        if action.kind == "accept":
            return self.w("confirm_accept")
        return t("line.confirm_pass")

    # ------------------------------------------------------------ ends

    def hand_result(self, play: TablePlay[PartnershipView], info: DealEndInfo) -> str:
        """Who won the hand and why (CU-7, JA-5): out, a block with the lowest count, a tie."""
        winner, points = info.extra[0], info.extra[1]
        if winner is None:
            return t("line.result_tie")
        reset = "_reset" if self.reset_hand(winner, info.totals) else ""  # JA-7: say what the rule did, not "+1"
        if info.reason == "out":
            seat = next(s for s in range(1, len(info.hands)) if not info.hands[s])
            key = "result_out_key" if self.key_win(info) and not reset else "result_out"
            return self.w(key + reset, name=play.name(seat), team=winner, points=points)
        low = min(info.penalties[1:])
        seat = next(s for s in TEAM_SEATS[winner] if info.penalties[s] == low)
        return self.w("result_block" + reset, name=play.name(seat), count=low, team=winner, points=points)

    def key_win(self, info: DealEndInfo) -> bool:
        return False

    def reset_hand(self, winner: int | None, totals: Sequence[int]) -> bool:
        """JA-7: the hand won by ``winner`` reset both ``totals`` (after it) to 0 and scored
        nothing; never in Cuban."""
        return False

    def log_row(self, row: line_scores.HandRow) -> str:
        """One hand in the match end's list: its winners and what it scored (or did)."""
        if row.winner is None:
            return self.w("log_row_tie", hand=row.hand)
        if row.reset:
            return self.w("log_row_reset", hand=row.hand, team=row.winner)
        return self.w("log_row", hand=row.hand, team=row.winner, points=row.points)

    def draw_deal_end(self, sheet: DealSheet, play: TablePlay[PartnershipView], surface: pygame.Surface,
                      info: DealEndInfo, u: float) -> None:
        line_scores.draw_deal_end(self, sheet, play, surface, info, u)
    def match_title(self, info: MatchEndInfo) -> str | None:
        return None

    def draw_match_end(self, sheet: MatchSheet, play: TablePlay[PartnershipView], surface: pygame.Surface,
                       info: MatchEndInfo, u: float) -> None:
        line_scores.draw_match_end(self, sheet, play, surface, info, u)

    def hand_numbers(self, history: Sequence[Event]) -> list[int]:
        """Each event's hand number (the log's headings; a CU-4 redeal deals the same hand)."""
        return line_scores.hand_numbers(history)

    def log_line(self, event: Event, who: Callable[[int], str], tile_text: Callable[[Tile], str]) -> str | None:
        if event.kind == "deal":
            return "<b>" + self.w("hand_no", hand=event.deal_no) + "</b>"
        if event.kind == "lead_draw":
            return self.w("log_lead_draw", one=who(1), two=who(2), a=tile_text(event.first), b=tile_text(event.second))
        if event.kind == "accept":
            return self.w("log_accept", name=who(event.seat))
        if event.kind == "redeal":
            return self.w("log_redeal", name=who(event.seat), tiles=" ".join(tile_text(d) for d in event.shown))
        if event.kind == "lead":
            return self.w("log_opener", name=who(event.seat), chosen=who(event.chosen))
        if isinstance(event, LinePlay):
            side = t("line.end_left") if event.end == "L" else t("line.end_right")
            return t("line.log_play", name=who(event.seat), tile=tile_text(event.tile), end=side)
        if event.kind == "pass":
            return t("line.log_pass", name=who(event.seat))
        if event.kind == "reset":
            return self.w("six_love_reset")
        if isinstance(event, LineDealEnd):
            # UX-3: the hand is over, so the hands left are public now (CU-7, JA-5)
            winner, points = event.winner_team, event.points
            head = self.w("log_hand_end", team=winner, points=points) if winner else t("line.result_tie")
            if self.reset_hand(winner, event.totals):
                head = self.w("log_hand_end_reset", team=winner)  # JA-7: nothing scored
            rows = [f"    {who(s)}: {' '.join(tile_text(x) for x in event.hands[s])} ({event.counts[s]})"
                    for s in range(1, len(event.hands))]
            return "\n".join(["<b>" + head + "</b>"] + rows)
        if event.kind == "match_end":
            names = ", ".join(who(s) for s in TEAM_SEATS[event.winners[0]])
            return "<b>" + self.w("team_wins", team=event.winners[0], names=names) + "</b>"
        return None

    def play_words(self, action: Action, tile: str, name_of: Callable[[int], str]) -> str:
        """The coach's words for a play: on the left or the right end (CU-6, JA-4)."""
        if action.end == "L":
            return t("coach.tile_left", tile=tile)
        if action.end == "R":
            return t("coach.tile_right", tile=tile)
        return tile


class CubanKit(LineKit):
    """CU: the lead draw, the personal acceptances, the leader, 100 points, Pollona."""

    game = "cuban"
    ticker = ticker_words.CUBAN
    replay_step_keys = ("replay.cuban_back", "replay.cuban_forward")

    def match_title(self, info: MatchEndInfo) -> str | None:
        name = info.extra[0] if info.extra else None  # CU-10: "pollona", "tripollua" or None
        return self.w(f"result_{name}") if name else None

    def stats_words(self, stats: PlayerFigures) -> list[str]:
        return [t("history.cuban_hands_won", count=stats.hands_won, hands=stats.hands),
                t("history.points", won=stats.points_for, lost=stats.points_against)]

    def cost_words(self, loss: float) -> str:
        return t("coach.cost_points", count=round(loss) if loss >= 1 else round(loss, 1))  # never "0 points"


class JamaicanKit(LineKit):
    """JA: the [6|6] pose, the poser, six love, the two-point key win."""

    game = "jamaican"
    ticker = ticker_words.JAMAICAN
    replay_step_keys = ("replay.jamaican_back", "replay.jamaican_forward")

    def opening_prompt(self, view: PartnershipView) -> str:
        return self.w("prompt_pose_66") if view.pose_required else self.w("prompt_open")

    def stats_words(self, stats: PlayerFigures) -> list[str]:
        return [t("history.jamaican_hands_won", count=stats.hands_won, hands=stats.hands),
                t("history.six_love", given=stats.six_love_given, taken=stats.six_love_taken)]

    def cost_words(self, loss: float) -> str:
        """Jamaican costs are counted in hands won (the coach's scale, JA-5)."""
        from rules import coach
        hands = loss / coach.SCALE["jamaican"]
        return t("coach.cost_hands", count=round(hands, 1 if hands >= 0.1 else 2))

    def key_win(self, info: DealEndInfo) -> bool:
        return info.reason == "out" and info.extra[1] == 2  # JA-6

    def reset_hand(self, winner: int | None, totals: Sequence[int]) -> bool:
        """JA-7: a won hand that left the winners at 0 reset both totals (a win that scores
        always leaves them at 1 or more); ``totals`` are the hand end's, after it."""
        return winner is not None and totals[winner] == 0


CUBAN = CubanKit()
JAMAICAN = JamaicanKit()

__all__ = ["CUBAN", "JAMAICAN", "PLAY", "CubanKit", "JamaicanKit", "LineKit"]
