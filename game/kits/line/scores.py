"""The line games' score screens: a hand's end (CU-7, JA-5, UX-3) and the match's (CU-10, JA-8).

Laid out on what the score screen lends (``game.table.contract.DealSheet``, ``MatchSheet``: a
panel, fitted text through ``sheet.boxes``): every text in a box it fits, at every interface
size, window and language (issue 11).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

import pygame

from rules.events import Event, LineDealEnd
from rules.line import TEAM_SEATS, PartnershipView, team_of

from ...i18n import t
from ...queries import DealEndInfo, MatchEndInfo
from ...seats import seat_colour
from ...table.contract import DealSheet, MatchSheet, TablePlay, TextBoxes
from ...table.render import DARK
from ...table.text import line_height, width_of
from ...table.scoreboard import FAINT, GOLD, GREY, hand_number

#: A team's colour: its first seat's (seats 1 and 3, 2 and 4 are partners).
TEAM_COLOURS = {1: seat_colour(1), 2: seat_colour(2)}

PENALTY = (255, 160, 140)



class LineWords(Protocol):
    """What these screens ask of their line game's kit (``kit.LineKit``): its words."""

    def w(self, word: str, count: int | None = None, **params: object) -> str: ...
    def team_name(self, team: int) -> str: ...
    def match_words(self, word: str, **params: int) -> str: ...
    def hand_result(self, play: TablePlay[PartnershipView], info: DealEndInfo) -> str: ...
    def reset_hand(self, winner: int | None, totals: Sequence[int]) -> bool: ...
    def match_title(self, info: MatchEndInfo) -> str | None: ...
    def log_row(self, row: HandRow) -> str: ...


@dataclass(frozen=True)
class HandRow:
    """One ended hand of the current match, as the match end lists it."""

    hand: int  # counted by the hands that ended: a CU-4 redeal is not a hand of its own
    winner: int | None  # the winning team, None for a tie (CU-7, JA-5)
    points: int  # what the hand was worth (JA-6), scored or not
    reset: bool = False  # JA-7: the win reset both totals to 0 and scored nothing


def hand_log(history: Sequence[Event]) -> list[HandRow]:
    """Every ended hand of the current match (the last ``match`` event on), numbered 1, 2, ...

    Hands are numbered by their ends, not by the deals: a redeal for five doubles (CU-4)
    deals again for the same hand.  A ``reset`` event (JA-7) marks the hand before it."""
    rows: list[HandRow] = []
    for e in history:
        if e.kind == "match":
            rows = []
        elif isinstance(e, LineDealEnd):  # a line game's "deal_end"
            rows.append(HandRow(len(rows) + 1, e.winner_team, e.points))
        elif e.kind == "reset" and rows:
            last = rows[-1]
            rows[-1] = HandRow(last.hand, last.winner, last.points, True)
    return rows


def hand_numbers(history: Sequence[Event]) -> list[int]:
    """For each event of ``history``, the number of the hand it belongs to in its match
    (the log's headings: a deal after a CU-4 redeal is the same hand again)."""
    out, done = [], 0
    for e in history:
        if e.kind == "match":
            done = 0
        out.append(done + 1)
        if e.kind == "deal_end":
            done += 1
    return out


def draw_deal_end(kit: LineWords, sheet: DealSheet, play: TablePlay[PartnershipView], surface: pygame.Surface,
                  info: DealEndInfo, u: float) -> None:
    """CU-7, JA-5, UX-3: all four hands revealed, each seat's count, the hand's result and
    both totals."""
    boxes = sheet.boxes
    u = sheet.fit_scale(u, surface, 760, 520)
    fpx, title_px, big = boxes.px(20, u), boxes.px(30, u), boxes.px(22, u)
    small = max(boxes.least, fpx - 4)
    pad, m, gap = max(4, round(12 * u)), max(8, round(24 * u)), max(6, round(12 * u))
    hand = hand_number(play.view().history, ended=True)
    labels = sheet.labels_with_undo(info, kit.w("next_hand", hand=hand + 1))
    pw = min(surface.get_width() - 20, round(1300 * u))
    foot = sheet.buttons_height(labels, pw - 2 * gap, u, fpx)
    reset = kit.reset_hand(info.extra[0], info.totals)
    top_h = max(line_height(title_px, True), line_height(boxes.px(16, u)) + pad)
    lines_h = line_height(big, True) + (line_height(small) if reset else 0) + line_height(small)
    design_row = round(60 * u)
    panel, _ = sheet.draw_panel(surface, pw, pad + top_h + lines_h + 4 * design_row
                               + line_height(fpx + 2, True) + 3 * pad + foot)
    y = sheet.title_line(surface, panel, kit.w("hand_over", hand=hand), title_px, u)
    inner = pygame.Rect(panel.x + m, 0, panel.width - 2 * m, 0)
    y = sheet.centred_line(surface, kit.hand_result(play, info), inner, y, big, colour=GOLD, bold=True, outline=DARK)
    if reset:
        y = sheet.centred_line(surface, kit.w("six_love_reset"), inner, y, small, colour=PENALTY)
    totals_h = line_height(fpx + 2, True)
    rows_top = y + line_height(small) + pad // 2
    bottom = panel.bottom - foot - pad - totals_h - pad
    row_h = min(design_row, (bottom - rows_top) // 4)
    fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
    longest = max(width_of(f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}", fpx, True) for s in range(1, 5))
    name_w = max(inner.width * 20 // 100, min(longest + gap, inner.width * 38 // 100))
    count_w = max(width_of("99", fpx), min(width_of(t("line.col_count"), small), inner.width // 6)) + gap
    name_px = sheet.names_px([f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}" for s in range(1, 5)],
                            name_w - gap, fpx)
    x_hand = inner.x + name_w
    x_count = inner.right - count_w
    lh = line_height(small)
    boxes.put(surface, t("table.col_hand"), pygame.Rect(x_hand, y, x_count - x_hand - gap, lh), small, colour=GREY)
    boxes.put(surface, t("line.col_count"), pygame.Rect(x_count, y, count_w, lh), small, colour=GREY)
    y = rows_top
    for s in (1, 3, 2, 4):
        words = f"{play.name(s)} \u00b7 {kit.team_name(team_of(s))}"
        boxes.put(surface, words, pygame.Rect(inner.x, y, name_w - gap, row_h), name_px, colour=seat_colour(s),
                  bold=True, outline=DARK)
        sheet.hand_cell(surface, info.hands[s], pygame.Rect(x_hand, y, x_count - x_hand - gap, row_h), fpx)
        boxes.put(surface, str(info.penalties[s]), pygame.Rect(x_count, y, count_w, row_h), fpx)
        y += row_h
    sheet.centred_line(surface, kit.w("totals", one=info.totals[1], two=info.totals[2]), inner, y + pad, fpx + 2,
               bold=True)
    sheet.draw_buttons(surface, panel, labels, u, fpx, primary="continue")


def draw_match_end(kit: LineWords, sheet: MatchSheet, play: TablePlay[PartnershipView], surface: pygame.Surface,
                   info: MatchEndInfo, u: float) -> None:
    """The winning team (CU-10, JA-8) with both totals and the hands' log, as many of its
    last lines as fit."""
    boxes = sheet.boxes
    log = hand_log(play.view().history)
    u = sheet.fit_scale(u, surface, 620, 300 + 26 * min(len(log), 8))
    fpx = boxes.px(22, u)
    small = max(boxes.least, fpx - 6)
    gap = max(6, round(12 * u))
    labels = [("next_match", kit.match_words("next_match")), ("new_game", t("table.new_game"))]
    pw = min(surface.get_width() - 20, round(900 * u))
    foot = sheet.buttons_height(labels, pw - 2 * gap, u, fpx)
    team_h, log_h = line_height(fpx, True) + max(2, round(6 * u)), line_height(small) + max(1, round(4 * u))
    panel, _ = sheet.draw_panel(surface, pw, sheet.match_top_height(u, pw) + 2 * team_h + log_h * min(len(log), 8)
                               + gap + foot)
    team = info.winners[0]
    line = kit.w("team_wins", team=team, names=", ".join(play.name(s) for s in TEAM_SEATS[team]))
    named = kit.match_title(info)
    if named:
        line += " \u2014 " + named
    inner, y = sheet.match_top(surface, panel, info, line, u)
    for tm in (1, 2):
        words = f"{kit.team_name(tm)}: {', '.join(play.name(s) for s in TEAM_SEATS[tm])}  \u2014  {info.totals[tm]}"
        boxes.put(surface, words, pygame.Rect(inner.x, y, inner.width, team_h), fpx, colour=TEAM_COLOURS[tm],
                  bold=tm == team, align="center")
        y += team_h
    room = max(0, (panel.bottom - foot - gap - y) // log_h)
    draw_hand_log(kit, boxes, surface, log, pygame.Rect(inner.x, y, inner.width, min(8, room) * log_h), log_h, small)
    sheet.draw_buttons(surface, panel, labels, u, fpx, primary="next_match")


#: The match end's list of hands takes up to this many columns before it leaves any out.
LOG_COLUMNS = 3


def log_cells(n: int, rows: int, most: int = LOG_COLUMNS) -> tuple[int, int]:
    """How a list of ``n`` hands goes into ``rows`` rows of at most ``most`` columns:
    (columns, hands left out at the start).  Issue 40: every hand while the columns hold
    them (a 17-hand Jamaican match listed hands 10-17 only, with no sign of the rest);
    beyond, the oldest go and a note in the first cell says which (never a single one:
    the note takes its cell)."""
    if rows <= 0 or n <= 0:
        return 1, n
    columns = max(1, min(most, -(-n // rows)))
    left_out = max(0, n - rows * columns)
    return columns, left_out + 1 if left_out else 0


def draw_hand_log(kit: LineWords, boxes: TextBoxes, surface: pygame.Surface, log: list[HandRow], area: pygame.Rect,
                  log_h: int, px: int) -> None:
    """The hands of the match in ``area``: down each column in order, as many columns as it
    takes (``log_cells``), the oldest left out only beyond that, and said so."""
    rows = area.height // log_h if log_h else 0
    # as many columns as the longest row leaves room for, whole at the readable floor
    rows_words = [kit.log_row(r) for r in log] + [kit.w("log_left_out", last=len(log))]
    need = max(width_of(w, boxes.least) for w in rows_words) + log_h
    columns, left_out = log_cells(len(log), rows, max(1, min(LOG_COLUMNS, area.width // need)))
    cells = ([kit.w("log_left_out", last=left_out)] if left_out else []) + rows_words[left_out:len(log)]
    width = area.width // columns
    for i, words in enumerate(cells[:rows * columns]):
        col, row = divmod(i, rows)
        box = pygame.Rect(area.x + col * width, area.y + row * log_h, width, log_h)
        boxes.put(surface, words, box, px, colour=FAINT, align="center")
