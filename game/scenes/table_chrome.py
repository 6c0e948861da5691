"""The table's chrome: the felt and its rail, the status bar and the bottom panel (the
buttons, the hand, the curtain, or a deal end's revealed row), drawn into one cached
backdrop that the world is then drawn onto (issue 14).
"""
from __future__ import annotations

import pygame

from .. import assets
from ..i18n import t
from ..play import AWAY, CURTAIN
from ..seats import seat_colour
from .table_curtain import draw_curtain
from .table_room import TableRoom
from ..table.hand import draw_hand, hand_rects
from ..table.render import DARK
from ..table.status import draw_status_bar
from ..table.text import fit, text

#: Design px at the foot of the tray kept clear of a revealed hand (UX-3): the score screen,
#: stepped aside to look at the table, puts its "Back to the scores" button there.
REVEAL_FOOT = 72


class TableChrome:
    """The cached backdrop of a table scene (see the module docstring)."""

    def __init__(self, scene: TableRoom) -> None:
        self.scene = scene
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None
        #: Where the bottom seat's "went out" was last drawn (the revealed row, UX-3).
        self.went_out_rect: pygame.Rect | None = None

    def invalidate(self) -> None:
        """The art changed: the next frame draws the backdrop afresh."""
        self.key = None

    def state(self) -> tuple:
        """What the cached backdrop shows: the play state, the hovered thing, the hand's tiles
        in flight, the deal end's revealed row."""
        s = self.scene
        return (s._play_key(), s.hovered, s.motion.hidden(s.clock, "hand"), s._revealed_row())

    def draw(self, surface, view) -> None:
        """The backdrop: the felt and its rail, the status bar and the bottom panel (buttons,
        hand or curtain).

        They only change when the play state does, so they are drawn into one cached
        surface and copied in one full-window blit a frame, the world then drawn onto it
        (issue 14: a frame within a few full-screen blits; NOTES.md: 4K frames cannot
        afford every rounded button every frame).
        """
        s = self.scene
        key = (self.state(), s.camera.viewport)
        if self.surface is None or self.surface.get_size() != surface.get_size() or key != self.key:
            if self.surface is None or self.surface.get_size() != surface.get_size():
                self.surface = pygame.Surface(surface.get_size()).convert(surface) \
                    if pygame.display.get_surface() is not None else pygame.Surface(surface.get_size())
            self.key = key
            vx, vy, vw, vh = s.camera.viewport
            self.surface.blit(assets.table_surface((vw, vh)), (vx, vy))
            draw_status_bar(self.surface, s.play, view, s.top_h, s.u, s.font_px)
            self._draw_bottom(self.surface, view)
        surface.blit(self.surface, (0, 0))

    def _draw_bottom(self, surface, view) -> None:
        s = self.scene
        play = s.play
        s.sprites.panel(surface, s.bottom)
        s._hand_geometry()
        if play.phase == CURTAIN:
            draw_curtain(surface, s)
            return
        for b in s.buttons:
            b.draw(surface, s.font_px)
        seat = play.hand_seat()
        revealed = s._revealed_row() if seat is None else None
        if revealed is not None:
            self._draw_revealed_row(surface, *revealed)
            return
        if seat is None:
            words = None
            away = play.session.to_act()
            if play.phase == AWAY and play.is_human(away):
                # a human elsewhere (a phone): deciding there, or their phone is not here now
                phones = getattr(s.app, "phones", None)
                gone = phones is not None and phones.server is not None and not phones.server.connected(away)
                words = t("phone.waiting_for" if gone else "phone.deciding", name=play.name(away))
            elif play.phase == AWAY and not play.humans:
                words = t("table.demo")
            elif play.phase == AWAY and len(play.humans) > 1:
                # UX-3: every hand face down while the computers play between two humans
                nxt = play.next_human(play.session.to_act() or 1)
                words = t("play.hands_face_down", name=play.name(nxt)) if nxt else None
            if words:
                msg = fit(words, s.font_px, s.hand_panel.width - 40, colour=(190, 196, 186))
                surface.blit(msg, msg.get_rect(center=s.hand_panel.center))
            return
        tiles, rects, short = s.hand_tiles, s.hand_rect_list, s.hand_short
        focused = play.focused() if play.focus == "hand" and s.show_focus else None
        draw_hand(surface, s.sprites, tiles, rects, short,
                  playable=play.playable_tiles() if play.my_turn() else frozenset(),
                  selected=play.selected, focused=focused,
                  dim_unplayable=play.my_turn(), fresh=s.kit.fresh_tile(view),
                  hidden=s.motion.hidden(s.clock, "hand"),
                  hovered=s.hovered[1] if s.hovered and s.hovered[0] == "tile" else None)
        owner = text(t("table.your_hand", name=play.name(seat)), max(10, round(15 * s.u)),
                     seat_colour(seat), bold=True, outline=DARK)
        surface.blit(owner, (round(12 * s.u), s.hand_panel.y + round(4 * s.u)))

    def _draw_revealed_row(self, surface, seat: int, tiles: tuple) -> None:
        """UX-3: the bottom seat's tiles left at the deal's end, face up in the tray (drawn only:
        they are not the hand's hit areas, nothing can be played from them)."""
        s = self.scene
        # above the foot of the tray, where the score screen set aside keeps its button back
        room = s.hand_panel.copy()
        room.height -= max(48, round(REVEAL_FOOT * s.u))
        if tiles:
            most = max(8, min(round(56 * s.u), (room.height - round(24 * s.u)) // 2))
            rects, short = hand_rects(room, len(tiles), most)
            draw_hand(surface, s.sprites, tiles, rects, short, dim_unplayable=False)
        owner = text(t("table.your_hand", name=s.play.name(seat)), max(10, round(15 * s.u)),
                     seat_colour(seat), bold=True, outline=DARK)
        surface.blit(owner, (round(12 * s.u), s.hand_panel.y + round(4 * s.u)))
        if not tiles:
            out = text(t("table.went_out"), s.font_px, seat_colour(seat), bold=True, outline=DARK)
            # issue 40: in the room above the foot, as the tiles are (the tray's centre lay
            # half under "Back to the scores")
            self.went_out_rect = out.get_rect(center=room.center)
            surface.blit(out, self.went_out_rect)

