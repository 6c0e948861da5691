"""Writing match transcripts, format version 1 (shared/TRANSCRIPT.md)."""
from __future__ import annotations

import json
from typing import IO, Iterable

from .actions import Action, canonical

VERSION = 1


def sorted_legal(legal: Iterable[Action]) -> list[dict]:
    """The legal set as JSON objects, sorted by canonical JSON text."""
    return sorted((a.to_json() for a in legal), key=canonical)


class TranscriptWriter:
    """Writes the header, then decisions and the game's own records, in order."""

    def __init__(self, out: IO[str], game: str, players: int, seed: int) -> None:
        self.out = out
        self._records_seen = 0
        self._line({"transcript": VERSION, "game": game, "players": players, "seed": seed})

    def _line(self, obj: dict) -> None:
        self.out.write(json.dumps(obj))
        self.out.write("\n")

    def records(self, state, drop: bool = False) -> None:
        """Write the records (match, lead draw, deal, deal end, match end) not yet written.

        ``drop`` removes them from ``state.records`` once written (a long
        selfplay keeps its memory bounded; nothing in the rules reads them back).
        """
        records = state.records
        while self._records_seen < len(records):
            self._line(records[self._records_seen])
            self._records_seen += 1
        if drop:
            del records[:]
            self._records_seen = 0

    def decision(self, seat: int, legal: Iterable[Action], action: Action) -> None:
        self._line({"seat": seat, "legal": sorted_legal(legal), "action": action.to_json()})
