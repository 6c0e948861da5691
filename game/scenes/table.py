"""The table scene: the trains, the hand, the buttons and the status (issue 5).

It draws the play state and turns intents into requests to it; every change
to the match happens in ``PlayState`` through the rules API.  Zooming and
panning only move the camera (UX-7).  Everything drawn comes from the view of
the seat on screen (``PlayState.view``); hands other than the viewer's are
never drawn face up, and at the curtain (UX-3) no hand is drawn at all.

The scene is carved into parts (issue 26): ``TableRoom`` (table_room.py) holds the
shared state and geometry; ``TableCamera`` the camera control, ``TableButtons`` the
buttons, ``TableInput`` the intents and ``TableDrawing`` a frame, each mixed in
here; ``TableChrome`` (the cached backdrop), ``TableStaging`` (the motion of new
entries), ``DueSounds`` and ``TickerStrip`` are objects the scene holds.  What is
left here is the scene's life: its update and whether it rests.
"""
from __future__ import annotations

from ..play import CURTAIN, DEAL_END, MATCH_END, PlayState
from .table_buttons import TableButtons
from .table_chrome import TableChrome
from .reading_panel import ReadingPanel
from .textbox import Boxes
from .table_draw import TableDrawing
from ..table.still import StillWorld
from .table_input import TableInput
from .table_staging import TableStaging
from ..table.render import ARRIVAL_S

#: Seconds the table shows the deal's last play before the deal-end reveal covers it.
REVEAL_DELAY_S = 0.9
#: Seconds a preview's ghost pulses before the table may rest with it still.
PULSE_S = 3.0


class TableScene(TableInput, TableDrawing, TableButtons):
    #: The match's clock runs while this scene is on top (App.tick_match, UX-5).
    runs_match = True
    #: The backdrop (and the TV's rail round the safe area) covers the whole window.
    opaque = True

    def __init__(self, app, play_state: PlayState) -> None:
        super().__init__(app, play_state)
        self.chrome = TableChrome(self)
        self.still_world = StillWorld()
        self.staging = TableStaging(self)
        self.reading_boxes = Boxes()
        self.reading_panel = ReadingPanel()

    def update(self, dt: float) -> None:
        self.clock += dt
        play = self.play  # its clock is the App's to tick (App.tick_match)
        self.camera.update(dt)
        self.motion.prune(self.clock)
        self.staging.after_setup()
        self.staging.after_change()
        self.sounds.play_due(getattr(self.app, "audio", None), self.clock)
        self._reveal_wait = self._reveal_wait + dt if play.phase == DEAL_END else 0.0
        # the ghost of a decision shown, here or on the phone of the seat to act (UX-1), pulses
        shown = play.pending if play.pending is not None else self._previewed_elsewhere()
        if shown != self._preview_of:
            self._preview_of, self._preview_since = shown, self.clock
        if self.app.stack.top is self and not self.results_held():
            if play.phase == DEAL_END and self._reveal_wait >= REVEAL_DELAY_S:
                # the last play lands on the table first, then every hand is revealed
                self.app.show_deal_end(play, self)
            elif play.phase == MATCH_END:
                self.app.show_match_end(play, self)

    def results_held(self) -> bool:
        """The deal-end and match-end screens wait (a lesson's card on the result is read
        first, while the counted tiles are still on the table)."""
        return False

    def resting(self) -> bool:
        """Nothing moves: a human is thinking at a still table, here or on a phone (issue 14:
        the program rests; a phone's message wakes it, ``App.wake``).  The curtain rests once
        its button is lit; a preview once its ghost has pulsed a while."""
        play = self.play
        if play.pace.ticking():
            return False  # a computer's pace, its search or a demo's reading time runs
        if play.phase in (DEAL_END, MATCH_END) and self.app.stack.top is self:
            return False  # the score screen is about to come up
        if self.motion.active(self.clock) or self.camera.moving or self._drag_mode is not None:
            return False
        if self.clock - self._arrived_at < ARRIVAL_S:
            return False
        if play.phase == CURTAIN and not play.curtain_ready():
            return False
        return self._preview_of is None or self.clock - self._preview_since >= PULSE_S

    @property
    def showing_move(self) -> bool:
        """A tile is still travelling: the computers wait for it (App.tick_match, issue 14)."""
        return self.motion.busy(self.clock)

    def ticker_lines(self) -> list[str]:
        """The last moves at the table in words (``TickerStrip.lines``)."""
        return self.ticker_strip.lines(self.play)
