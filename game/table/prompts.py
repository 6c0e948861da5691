"""The lines over the bottom of the table: the kit's prompt or preview, the message of the
moment, who is thinking.  Every text comes from locales/; what a game asks is its kit's
(``TableKit.prompt``, ``TableKit.preview_text``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..hint_words import reason_line
from ..i18n import t
from ..phases import AWAY, CURTAIN, DEAL_END, MATCH_END, PREVIEW
from ..seats import says_computer

if TYPE_CHECKING:  # pragma: no cover
    from ..play import PlayState


def message_lines(play: PlayState, table_focus: bool) -> list[tuple[str, bool]]:
    """The lines over the bottom of the table, top first: (text, is_small_print)."""
    lines: list[tuple[str, bool]] = []
    if table_focus and play.phase not in (CURTAIN, DEAL_END, MATCH_END):
        lines.append((t("table.table_focus"), False))
    if play.phase == PREVIEW and play.pending is not None:
        line = play.kit.preview_text(play, play.pending)
        lines.append((t("table.hint_prefix", text=line) if play.pending_is_hint else line, False))
        if play.pending_is_hint:  # issue 31: why, worked out once when the hint was taken
            why = reason_line(play.pick.hint_reason(), play.name)
            if why:
                lines.append((why, True))
    elif play.message and play.message[0]:
        key, params = play.message
        if play.phase != CURTAIN or key != "table.pass_device":
            lines.append((t(key, **params), False))
    elif play.my_turn():
        lines.append((play.kit.prompt(play), False))
    elif play.phase == AWAY:
        seat = play.session.to_act()
        if seat is not None:
            # a human away from the device (a phone) decides there; a computer thinks, and a
            # computer's default name already says "computer" (issue 40)
            name = play.name(seat)
            if play.is_human(seat):
                key = "phone.deciding"
            else:
                key = "table.computer_playing" if says_computer(name) else "table.computer_thinking"
            lines.append((t(key, name=name), False))
    if play.phase == AWAY and play.paused:
        lines.append((t("table.paused"), True))
    return lines
