"""The table's phases (DESIGN.md), shared by the state machine and the table kits.

- ``curtain``  (UX-3) every hand hidden until the named human asks to see their own;
- ``choosing`` a human picks a tile (its legal targets light up) or a decision button;
- ``preview``  (UX-1) a decision is shown and waits for a confirm or a cancel;
- ``away``     the seat to act decides away from the device (a computer, a phone), one
               decision at a time; a computer at the table's pace, not while paused (UX-5);
- ``deal_end`` every hand revealed with the score of the deal or hand (UX-3);
- ``match_end`` the match's result, then the next match.
"""
from __future__ import annotations

CURTAIN = "curtain"
CHOOSING = "choosing"
PREVIEW = "preview"
AWAY = "away"
DEAL_END = "deal_end"
MATCH_END = "match_end"
