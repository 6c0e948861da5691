"""The table's sound cues (issue 14): a tile's click when it lands, the rest at once.

``DueSounds`` keeps the cues of the entries just applied until their moment on the
table scene's clock (game.cues says which cues an entry makes); the scene hands it
the new entries and plays what is due every update.
"""
from __future__ import annotations

from .. import cues as C


class DueSounds:
    """Sounds waiting for their moment: (clock, cue) pairs."""

    def __init__(self) -> None:
        self.due: list[tuple[float, str]] = []

    def clear(self) -> None:
        """Undo, redo, a restart, a deal's end: nothing still to sound of what went before."""
        self.due.clear()

    def queue(self, play, events, landing: float | None, clock: float) -> None:
        """The sounds of the entries just applied (game.cues): a tile's click when it lands,
        the rest at once; the soft turn cue when a human is to decide next."""
        entries = sum(1 for e in events if e.kind in C.OPENING)
        cues = C.cues_since(play.view().history, entries) if entries else []
        cues += C.turn_cue(play.session, play.humans)
        at = landing if landing is not None else clock
        for cue in cues:
            self.due.append((at if cue in (C.PLACE, C.DOUBLE) else clock, cue))

    def play_due(self, audio, clock: float) -> None:
        """Play (on ``audio``, if any) every cue whose moment has come."""
        due = [cue for when, cue in self.due if when <= clock]
        self.due = [(when, cue) for when, cue in self.due if when > clock]
        if audio is not None and due:
            audio.play_all(due)
