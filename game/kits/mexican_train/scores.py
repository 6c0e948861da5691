"""Mexican Train's score screens: the deal's end (MT-16, MT-17, UX-3) and the match's (MT-18).

Laid out on what the score screen lends (``game.table.contract.DealSheet``, ``MatchSheet``: a
panel, fitted text through ``sheet.boxes``): every text in a box it fits, at every interface
size, window and language (issue 11).
"""
from __future__ import annotations

import pygame

from rules.variants.mexican_train import MexicanTrainView

from ...i18n import t
from ...queries import DealEndInfo, MatchEndInfo
from ...seats import seat_colour
from ...table.contract import DealSheet, MatchSheet, TablePlay
from ...table.render import DARK
from ...table.text import line_height, width_of
from ...table.scoreboard import FAINT, GOLD, GREY

PENALTY = (255, 160, 140)


def draw_deal_end(sheet: DealSheet, play: TablePlay[MexicanTrainView], surface: pygame.Surface, info: DealEndInfo,
                  u: float) -> None:
    """MT-16, MT-17, UX-3: every hand revealed with its penalty, the score log and totals."""
    boxes = sheet.boxes
    n = len(info.hands) - 1
    log = play.score_log()  # UX-3: the whole score log of this match, deal by deal
    u = sheet.fit_scale(u, surface, 640 + 34 * len(log), 230 + 50 * n)
    fpx, title_px = boxes.px(20, u), boxes.px(30, u)
    small = max(boxes.least, fpx - 4)
    pad, m, gap = max(4, round(14 * u)), max(8, round(24 * u)), max(6, round(12 * u))
    labels = sheet.labels_with_undo(info, t("table.next_deal", deal=info.deal_no + 1))
    pw = min(surface.get_width() - 20, round(1500 * u))
    foot = sheet.buttons_height(labels, pw - 2 * gap, u, fpx)
    head_h = 2 * line_height(small)
    top_h = max(line_height(title_px, True), line_height(boxes.px(16, u)) + pad)
    design_row = round(58 * u)
    panel, _ = sheet.draw_panel(surface, pw, pad + top_h + pad + head_h + n * design_row + pad + foot)
    y = sheet.title_line(surface, panel, _reason(play, info), title_px, u) + pad
    rows_top, bottom = y + head_h + pad // 2, panel.bottom - foot - pad
    row_h = min(design_row, (bottom - rows_top) // n)
    fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
    small = max(boxes.least, min(small, fpx))
    # the columns: name, hand, the log's last deals, penalty, total (issue 11: they adapt)
    inner = panel.width - 2 * m
    tot_w = max(width_of("999", fpx, True), min(width_of(t("table.col_total"), small), inner // 9)) + gap
    pen_w = max(width_of("+999", fpx), min(width_of(t("table.col_penalty"), small), inner // 9)) + gap
    longest = max(width_of(play.name(s), fpx, True) for s in range(1, n + 1)) + gap
    name_w = max(inner * 15 // 100, min(longest, inner * 28 // 100))
    col_w = max(width_of("999", small) + 6, min(round(44 * u), inner // 20))
    rest = inner - name_w - pen_w - tot_w
    shown = log[-max(0, min(len(log), (rest - inner // 5) // col_w)):] if log else []
    hand_w = rest - col_w * len(shown) - gap
    name_px = sheet.names_px([play.name(s) for s in range(1, n + 1)], name_w - gap, fpx)
    x_hand = panel.x + m + name_w
    x_log = x_hand + hand_w + gap
    x_pen = x_log + col_w * len(shown)
    x_tot = x_pen + pen_w
    lh = line_height(small)
    if shown:
        boxes.put(surface, t("table.col_log"), pygame.Rect(x_hand, y, x_pen - x_hand, lh), small,
                  colour=GREY, align="right")
    y += lh
    boxes.put(surface, t("table.col_hand"), pygame.Rect(x_hand, y, hand_w, lh), small, colour=GREY)
    for i, (deal_no, _) in enumerate(shown):
        boxes.put(surface, str(deal_no), pygame.Rect(x_log + i * col_w, y, col_w, lh), small,
                  colour=GOLD if deal_no == info.deal_no else FAINT, align="center")
    boxes.put(surface, t("table.col_penalty"), pygame.Rect(x_pen, y, pen_w - gap // 2, lh), small, colour=GREY)
    boxes.put(surface, t("table.col_total"), pygame.Rect(x_tot, y, tot_w, lh), small, colour=GREY)
    y = rows_top
    for s in range(1, n + 1):
        row = pygame.Rect(panel.x + m, y, inner, row_h)
        boxes.put(surface, play.name(s), pygame.Rect(row.x, y, name_w - gap, row_h), name_px,
                  colour=seat_colour(s), bold=True, outline=DARK)
        sheet.hand_cell(surface, info.hands[s], pygame.Rect(x_hand, y, hand_w, row_h), fpx)
        for i, (deal_no, penalties) in enumerate(shown):
            value, now = penalties[s], deal_no == info.deal_no
            boxes.put(surface, str(value), pygame.Rect(x_log + i * col_w, y, col_w, row_h), small,
                      colour=GOLD if now else (220, 222, 214) if value else FAINT, bold=now, align="center")
        boxes.put(surface, f"+{info.penalties[s]}", pygame.Rect(x_pen, y, pen_w - gap // 2, row_h), fpx,
                  colour=PENALTY if info.penalties[s] else GREY)
        boxes.put(surface, str(info.totals[s]), pygame.Rect(x_tot, y, tot_w, row_h), fpx, bold=True)
        y += row_h
    sheet.draw_buttons(surface, panel, labels, u, fpx, primary="continue")


def _reason(play: TablePlay[MexicanTrainView], info: DealEndInfo) -> str:
    winner = next((s for s in range(1, len(info.hands)) if not info.hands[s]), None)
    if info.reason == "out" and winner:
        reason = t("table.deal_won", name=play.name(winner))
    else:
        reason = t("table.deal_blocked")
    return t("table.deal_over_title", deal=info.deal_no) + " \u2014 " + reason


def draw_match_end(sheet: MatchSheet, play: TablePlay[MexicanTrainView], surface: pygame.Surface,
                   info: MatchEndInfo, u: float) -> None:
    """MT-18: the lowest total wins and equal lowest totals share the win; every deal's
    penalties beside the totals (UX-3)."""
    boxes = sheet.boxes
    n = len(info.totals) - 1
    log = play.score_log()
    u = sheet.fit_scale(u, surface, 420 + 34 * len(log), 260 + 44 * n)
    fpx = boxes.px(22, u)
    small = max(boxes.least, fpx - 6)
    pad, gap = max(4, round(10 * u)), max(6, round(12 * u))
    labels = [("next_match", t("table.next_match")), ("new_game", t("table.new_game"))]
    pw = min(surface.get_width() - 20, max(round((560 + 44 * len(log)) * u), round(900 * u)))
    foot = sheet.buttons_height(labels, pw - 2 * gap, u, fpx)
    head_h = 2 * line_height(small)
    design_row = round(48 * u)
    panel, _ = sheet.draw_panel(surface, pw, sheet.match_top_height(u, pw) + head_h + n * design_row + pad + foot)
    inner, y = sheet.match_top(surface, panel, info, _winners(play, info), u)
    rows_top, bottom = y + head_h + pad // 2, panel.bottom - foot - pad
    row_h = min(design_row, (bottom - rows_top) // n)
    fpx = max(boxes.least, min(fpx, round(row_h / 1.45)))
    small = max(boxes.least, min(small, fpx))
    place_w = width_of("10", fpx) + gap
    tot_w = max(width_of("9999", fpx, True), min(width_of(t("table.col_total"), small), inner.width // 8)) + gap
    col_w = max(width_of("999", small) + 6, min(round(44 * u), inner.width // 18))
    longest = max(width_of(play.name(s), fpx, True) for s in range(1, n + 1)) + gap
    name_w = max(inner.width * 22 // 100, min(longest, inner.width * 36 // 100))
    rest = inner.width - place_w - name_w - tot_w
    shown = log[-max(0, min(len(log), rest // col_w)):] if log else []
    x_name = inner.x + place_w
    x_log = inner.right - tot_w - col_w * len(shown)
    name_w = x_log - x_name - gap
    name_px = sheet.names_px([play.name(s) for s in range(1, n + 1)], name_w, fpx)
    lh = line_height(small)
    if shown:
        boxes.put(surface, t("table.col_log"), pygame.Rect(x_name, y, inner.right - tot_w - x_name, lh), small,
                  colour=GREY, align="right")
    y += lh
    for i, (deal_no, _) in enumerate(shown):
        boxes.put(surface, str(deal_no), pygame.Rect(x_log + i * col_w, y, col_w, lh), small, colour=FAINT,
                  align="center")
    boxes.put(surface, t("table.col_total"), pygame.Rect(inner.right - tot_w, y, tot_w, lh), small,
              colour=GREY, align="right")
    y = rows_top
    order = sorted(range(1, n + 1), key=lambda s: (info.totals[s], s))
    for s in order:
        win = s in info.winners
        if win:
            pygame.draw.rect(surface, (60, 70, 40), (inner.x - 4, y + 1, inner.width + 8, row_h - 2),
                             border_radius=6)
        place = 1 + sum(1 for o in order if info.totals[o] < info.totals[s])
        boxes.put(surface, str(place), pygame.Rect(inner.x, y, place_w - gap // 2, row_h), fpx, colour=GREY)
        boxes.put(surface, play.name(s), pygame.Rect(x_name, y, name_w, row_h), name_px, colour=seat_colour(s),
                  bold=True, outline=DARK)
        for i, (_, penalties) in enumerate(shown):
            value = penalties[s]
            boxes.put(surface, str(value), pygame.Rect(x_log + i * col_w, y, col_w, row_h), small,
                      colour=(220, 222, 214) if value else FAINT, align="center")
        boxes.put(surface, str(info.totals[s]), pygame.Rect(inner.right - tot_w, y, tot_w, row_h), fpx, bold=win,
                  align="right")
        y += row_h
    sheet.draw_buttons(surface, panel, labels, u, fpx, primary="next_match")


def _winners(play: TablePlay[MexicanTrainView], info: MatchEndInfo) -> str:
    names = ", ".join(play.name(s) for s in info.winners)
    return t("table.winner", name=names) if len(info.winners) == 1 else t("table.shared_win", names=names)
