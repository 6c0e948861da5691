"""The score log drawn beside revealed hands and totals: one column per deal or hand (UX-3).

Shared by every kit's deal-end and match-end screens; ``log`` is a list of
(deal number, per-row values) pairs, rows indexed from 1.
"""
from __future__ import annotations

from ..i18n import t
from ..table.text import fit, text

GOLD = (255, 214, 90)
GREY = (190, 196, 186)
FAINT = (150, 156, 146)


def draw_log_header(surface, log, x: int, y: int, col_w: int, size: int, current: int) -> None:
    """The score log's title and deal numbers (UX-3), the current deal's in gold."""
    if not log:
        return
    title = fit(t("table.col_log"), size, max(col_w * len(log), col_w * 5), colour=GREY)
    # wider than the few columns of the first deals: it reaches left, over the hands' column,
    # never right into the next column's heading
    tx = min(x, x + col_w * len(log) - title.get_width())
    surface.blit(title, (tx, y - title.get_height() + size // 3))
    for i, (deal_no, _) in enumerate(log):
        num = text(str(deal_no), max(8, size - 2), GOLD if deal_no == current else FAINT)
        surface.blit(num, num.get_rect(midtop=(x + i * col_w + col_w // 2, y + size + 2)))


def draw_log_row(surface, log, seat: int, x: int, cy: int, col_w: int, size: int, current: int) -> None:
    """One seat's penalty in each deal of the log (MT-17), the current deal's in gold."""
    for i, (deal_no, penalties) in enumerate(log):
        value = penalties[seat]
        colour = GOLD if deal_no == current else (220, 222, 214) if value else FAINT
        cell = text(str(value), size, colour, bold=deal_no == current)
        surface.blit(cell, cell.get_rect(center=(x + i * col_w + col_w // 2, cy)))
