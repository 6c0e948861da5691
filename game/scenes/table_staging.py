"""The table's hookup of the motion staging (issue 14, game.staging): what the history's
new entries look like on the table.

Each update ``TableStaging`` compares the history with the one it saw last: grown by
decisions, it stages their motion (a tile flying from the hand to its place), queues
their sounds, refits or moves the view; changed otherwise (undo, redo, a restart, a
deal's end) it clears the motion so the state shows at once.  The engine placed by its
holder (MT-4) flies from the hand once the start step is confirmed.
"""
from __future__ import annotations

from typing import Any

from ..motion import SCREEN, WORLD, Flight
from ..play import DEAL_END, MATCH_END
from ..staging import HandShot, flight_seconds, stage
from .table_camera import TableCamera
from ..table.layout import TILE_W


class TableStaging:
    """The motion, sounds and view of the history's changes on a table scene."""

    def __init__(self, scene: TableCamera) -> None:
        self.scene = scene
        self.history_len = 0
        self.history_state: int | None = None  # id of the session state the history length is of
        self.deal_seen: tuple[int, int] | None = None
        self.setup_was: Any = None  # the start step waiting for its confirm last frame (MT-4)
        self.setup_cursor = -1

    def after_change(self) -> None:
        """The entries added since the last frame: their motion and sounds, and the view
        refitted or moved to what must be seen; undo, redo or a new deal: the state at once."""
        s = self.scene
        history = s.play.view().history
        state = id(s.play.session.state)
        if len(history) != self.history_len or state != self.history_state:
            grew = len(history) > self.history_len and state == self.history_state
            new_events = history[self.history_len:] if grew else ()
            self.history_len = len(history)
            self.history_state = state
            if not grew or s.play.phase in (DEAL_END, MATCH_END):
                s.motion.clear()  # undo, redo, a restart, a deal's end: the state shows at once
                s.sounds.clear()
            if s._size is None:
                return
            lay = s._layout_now()
            deal = (s.play.view().match_no, s.play.view().deal_no)
            if deal != self.deal_seen:
                self.deal_seen = deal
                s.auto_fit = True  # a fresh deal starts with the whole (empty) table in view
                s.magnified = False
            if s.auto_fit and lay.content != s._last_bounds:
                s._last_bounds = lay.content
                s._fit(lay, animate=True)
            landing = self._stage(new_events, lay) if grew else None
            if grew:
                s.sounds.queue(s.play, new_events, landing, s.clock)
            if grew and any(e.kind == "play" for e in history[-3:]):  # a play (maybe + unmark, deal end)
                s._arrived_at = landing if landing is not None else s.clock
            if grew and s.follow:
                s._follow_last()
            elif grew:
                rect = s.kit.must_see(lay, s.play.view(), s.play)
                if rect is not None:  # the player must cover a double: make sure it is on screen
                    s.camera.ensure_visible(rect)

    def _stage(self, events, lay) -> float | None:
        """The motion of the events just added (game.staging): from the hand as it stood on
        screen until now, to the hand as the change left it."""
        s = self.scene
        before = HandShot(s._hand_shown, tuple(s.hand_tiles), tuple(s.hand_rect_list), s.hand_short)
        s._hand_geometry()
        after = HandShot(s._hand_shown, tuple(s.hand_tiles), tuple(s.hand_rect_list), s.hand_short)
        s.motion.prune(s.clock)
        return stage(s.motion, events, s.clock, kit=s.kit, lay=lay, view=s.play.view(), play=s.play,
                     before=before, after=after, seconds=flight_seconds(s.play.delay),
                     reduced=bool(s.app.settings.get("reduced_motion", False)))

    def after_setup(self) -> None:
        """The engine just placed by its holder at the device flies from the hand (MT-4)."""
        s = self.scene
        setup = s.play.setup
        was, self.setup_was = self.setup_was, setup
        if was is None or setup is not None or was.tile is None or s.play.session.cursor != self.setup_cursor:
            self.setup_cursor = s.play.session.cursor
            return
        slot = next((r.center for t_, r in zip(s.hand_tiles, s.hand_rect_list) if t_ == was.tile), None)
        seconds = flight_seconds(s.play.delay)
        if slot is None or seconds <= 0 or s.app.settings.get("reduced_motion", False):
            return
        e = was.tile[0]
        s.motion.add(Flight((e, e), (e, e), (SCREEN, slot[0], slot[1], s.hand_short),
                            (WORLD, *s.kit.pile_point(s._layout_now()), TILE_W), True, False,
                            s.clock, seconds))

