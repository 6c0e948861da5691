"""Mexican Train's figures in the history of finished matches (issue 15, item 3): a deal is won
by the player who went out (MT-16) and costs each player its penalty (MT-17); a match is won by
seats (MT-18).  ``game.history`` asks these of the family; no pygame here."""
from __future__ import annotations

from rules.events import TrainDealEnd


def side(seat: int) -> int:
    """Who a seat plays for: itself."""
    return seat


def sides(players: int) -> int:
    """How many can win a match: every seat."""
    return players


def count_deal(game: str, e: TrainDealEnd, rows: list[dict]) -> None:
    """Add one deal's end to every seat's row: its penalty, and a deal won when it went out."""
    reason, penalties, hands = e.reason, e.counts, e.hands
    for s, row in enumerate(rows, start=1):
        row["penalty"] += penalties[s]
        if reason == "out" and not hands[s]:
            row["hands_won"] += 1


def close_match(game: str, rows: list[dict], totals: list[int]) -> None:
    """Nothing more to count at the match's end."""


def score_text(totals: list[int]) -> str:
    """The winning (lowest) total (MT-18)."""
    return str(min(totals))


def winner_seats(winners: list[int]) -> list[int]:
    """The seats of the match's winners: the winners themselves."""
    return list(winners)
