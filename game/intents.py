"""Intents: the few things a player can mean, whatever the device.

Mouse, touch, keyboard and controller events are turned into intents by
``game.input`` (one recogniser for taps, drags, pinches, wheel and keys).  Scenes
and the play state machine consume intents only, never raw events, so tests
can drive the program with intents or with real posted events alike.
"""
from __future__ import annotations

from dataclasses import dataclass

# kinds
TAP = "tap"            # pos: a click or a tap that did not move (select what is there)
DRAG = "drag"          # pos, delta: one pointer moving with the button/finger down
DRAG_END = "drag_end"  # pos: the pointer was released after a drag
HOVER = "hover"        # pos: the mouse pointer moved with no button down (None: it left, or a touch began)
ZOOM = "zoom"          # factor (>1 zooms in), pos: the fixed point on screen (None = centre)
PAN = "pan"            # delta: move the view by screen pixels (keys, two-finger drag, stick)
MOVE = "move"          # direction: "up" | "down" | "left" | "right" (the keyboard/controller cursor)
CONFIRM = "confirm"    # Enter, Space, controller A
CANCEL = "cancel"      # Esc, controller B, right click
UNDO = "undo"
REDO = "redo"
HINT = "hint"
FIT = "fit"            # fit the whole table in view
FOLLOW = "follow"      # follow the last play
MAGNIFY = "magnify"    # magnify the last play (or the seat to act), and back (issue 11)
SORT = "sort"          # cycle the hand's sort order
RULES = "rules"        # open the rules screen (computer players pause, UX-5)
LOG = "log"            # open the log/details screen (computer players pause, UX-5)
MENU = "menu"          # open the in-game menu
FULLSCREEN = "fullscreen"
MUTE = "mute"          # sound off or on again (issue 14), on every screen
READING = "reading"    # the table reading panel on or off (issue 31)
REVIEW = "review"      # topic: a review key speaks about the table, moving nothing (issue 41)
RESIZE = "resize"      # size: the window's new size
QUIT = "quit"


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: tuple[float, float] | None = None
    delta: tuple[float, float] = (0.0, 0.0)
    factor: float = 1.0
    direction: str | None = None
    size: tuple[int, int] | None = None
    #: "mouse", "touch", "keyboard" or "controller": lets a scene show the right hints.
    device: str = "mouse"
    #: When the press behind this intent began (the button, key or finger going down),
    #: on the App's fixed-step clock; None for an intent no press made.  The curtain
    #: (UX-3) only lifts for a press that began after it came up.
    began: float | None = None
    #: For a press (CONFIRM, TAP): when the press before it began (None: none yet), so a
    #: screen that just came up knows a burst of presses meant for the one before (issue 40).
    prior: float | None = None
    #: REVIEW: what to say ("hand", "table", "turn", "scores", "counts", "last", "repeat", "help").
    topic: str | None = None
