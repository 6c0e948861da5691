"""The look every kit draws the table with: its colours, the label sizes and the arrival time.

Each family draws its own world (``game.kits.<family>.render``); these are what the core's
table screen, the replay viewer and every kit agree on.
"""
from __future__ import annotations

TARGET_COLOUR = (255, 214, 90)
LAST_PLAY_COLOUR = (255, 255, 255)
#: The keyboard and controller focus ring, on the table as on every menu: a cold bright cyan,
#: far from the gold of the "@primary" buttons and of every border (issue 11), and from the
#: white or gold of a decision previewed or a tile selected (issue 40), drawn over a dark
#: rim so it holds on the felt, on gold and on the dark dialogs alike.
FOCUS_COLOUR = (92, 225, 255)
FOCUS_SHADOW = (6, 20, 28)
#: The tile just drawn, in the hand (not the cursor's colour).
FRESH_COLOUR = (150, 232, 140)
DARK = (20, 26, 22)
ARRIVAL_S = 0.7


def font_step(px: float) -> int:
    """A label size from a short ladder, so zooming loads few fonts (each load costs a frame)."""
    return min(FONT_LADDER, key=lambda s: abs(s - px))


#: Seat names on the felt are never drawn smaller than this x the interface scale, px (the
#: TV setting's scale makes them about 24 px at 1080p; issue 11): ``Marks.name_px``.
NAME_PX = 14
#: The outline round the name of the seat whose turn it is (the line games' TO_ACT_COLOUR).
ACTIVE_COLOUR = (255, 214, 90)
FONT_LADDER = (9, 10, 11, 12, 14, 16, 18, 20, 23, 26, 30, 34, 40)
