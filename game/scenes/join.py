"""The join screen (issue 27): one QR code and short address per phone seat, who has joined.

It opens over the table when a match with phone seats starts (and from the game menu),
and play waits while it is open (UX-5): the match starts when the host closes it.  It
says plainly that anyone on the same network who sees a code can take that seat, and
"New codes" issues fresh ones.  A phone joining or leaving wakes the resting loop, so it
shows at once.
"""
from __future__ import annotations

import html
from functools import partial

import pygame
from pygame_gui.elements import UIImage

from .. import i18n
from ..phones.qr import qr_surface
from ..seats import COMPUTER, HUMAN
from .overlays import OverlayScene


class JoinScene(OverlayScene):
    """Each phone seat: its colour, name, code and address, and whether its phone is here."""

    pauses_play = True

    def __init__(self, app, start_when_joined: bool = False) -> None:
        super().__init__(app)
        self._shown: tuple = ()
        #: A scripted start (``--seats``): the match starts by itself once every phone is here.
        self.start_when_joined = start_when_joined

    def _status(self) -> tuple:
        phones = self.app.phones
        if phones is None or phones.server is None:
            return ()
        server = phones.server
        return tuple((s, server.joined(s), server.connected(s), server.url_for(s)) for s in sorted(phones.phone_seats()))

    def build(self) -> None:
        px = self.px
        phones = self.app.phones
        self._shown = self._status()
        w, h = self.area_size
        m, bh = px(20), px(50)
        inner = self.dialog(w - px(40), h - px(40))
        head = self.line_height("@heading", "label") + px(8)
        self.label(pygame.Rect(m, px(8), inner.width - 2 * m, head), i18n.t("phone.join_title"), "#heading", "@heading")
        line = self.line_height("label") + px(4)
        # the warning in full, on two lines where one is too narrow (Italian at 1024x600)
        warning = i18n.t("phone.join_warning")
        if phones is not None and phones.notice is not None:  # the settings' port was taken
            warning += " " + i18n.t(phones.notice[0], **phones.notice[1])
        lines = max(1, min(3, -(-self.text_width([warning], "label") // (inner.width - 2 * m))))
        box_h = lines * (line + px(6)) + px(20)  # the text box's own margins round its lines
        self.text_box(pygame.Rect(m, px(4) + head, inner.width - 2 * m, box_h), html.escape(warning))
        top = px(12) + head + box_h
        bottom = inner.height - m - bh
        if not self._shown:
            problem = phones.problem if phones is not None else None
            self.label(pygame.Rect(m, top, inner.width - 2 * m, line),
                       i18n.t("phone.join_no_server", why=problem or "-"))
        else:
            n = len(self._shown)
            cols = min(n, max(1, (inner.width - m) // px(260)))
            rows = -(-n // cols)
            cell_w = (inner.width - m) // cols - m
            cell_h = (bottom - top - m) // rows
            row_h = self.line_height("button") + px(16)
            code_side = max(px(60), min(cell_w, cell_h - 3 * line - row_h) - px(8))
            names = self.app.play_state.seats if self.app.play_state is not None else []
            for i, (seat, joined, connected, url) in enumerate(self._shown):
                x = m + (i % cols) * (cell_w + m)
                y = top + (i // cols) * cell_h
                name = names[seat - 1].name if seat <= len(names) else str(seat)
                word = ("phone.join_here" if connected else "phone.join_away") if joined else "phone.join_waiting"
                self.label(pygame.Rect(x, y, cell_w, line), f"{name}: {i18n.t(word)}")
                image = qr_surface(url, code_side)
                UIImage(pygame.Rect(x + (cell_w - code_side) // 2, y + line, code_side, code_side), image,
                        manager=self.app.ui, container=self.container)
                self.label(pygame.Rect(x, y + line + code_side + px(2), cell_w, line), url.split("://", 1)[-1])
                # the host takes the seat back to this screen, or gives it to a computer
                half = (cell_w - px(8)) // 2
                by = y + 2 * line + code_side + px(6)
                here = self.button(pygame.Rect(x, by, half, row_h), i18n.t("phone.join_to_device"),
                                   partial(self.app.hand_seat_over, seat, HUMAN))
                bot = self.button(pygame.Rect(x + half + px(8), by, half, row_h), i18n.t("phone.join_to_computer"),
                                  partial(self.app.hand_seat_over, seat, COMPUTER))
                self.focus.add_row(here, bot)
        bw = (inner.width - 3 * m) // 2
        new = self.button(pygame.Rect(m, bottom, bw, bh), i18n.t("phone.join_new_codes"), self.new_codes,
                          enabled=bool(self._shown))
        start = self.button(pygame.Rect(2 * m + bw, bottom, bw, bh), i18n.t("phone.join_start"), self.back,
                            class_id="@primary")
        self.focus.add_row(new, start)

    def initial_focus(self) -> tuple[int, int]:
        return len(self.focus.rows) - 1, 1  # Start: a stray Enter never makes new codes

    def new_codes(self) -> None:
        phones = self.app.phones
        if phones is not None and phones.server is not None:
            phones.server.new_codes()
            phones.codes = phones.server.codes()
            phones.write_join_file()
            self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        status = self._status()
        # checked every frame, not only on a change: phones that joined before this screen
        # was first built are a change it never sees (a scripted start then waited forever)
        if self.start_when_joined and status and all(connected for _, _, connected, _ in status):
            self.back()
            return
        if status != self._shown:
            self.rebuild()  # a phone joined, left or came back

    def resting(self) -> bool:
        # a phone joining or leaving wakes the loop (PhoneServer.on_change -> App.wake), and
        # the resting loop still steps a few times a second, so this screen may rest
        return super().resting()
