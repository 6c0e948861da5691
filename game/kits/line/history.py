"""The line games' figures in the history of finished matches (issue 15, item 3): a hand is won
by the team its end names (CU-7, JA-5) with the points it scored (CU-8, JA-6), and Jamaican's
six love is given or taken (JA-7: the match ends with the losers at 0).  ``game.history`` asks
these of the family; no pygame here."""
from __future__ import annotations

from rules.events import LineDealEnd
from rules.line import TEAM_SEATS, team_of

#: The games where a win against a team with points resets both totals (JA-7, JA-8).
SIX_LOVE = frozenset({"jamaican"})


def side(seat: int) -> int:
    """Who a seat plays for: its team."""
    return team_of(seat)


def sides(players: int) -> int:
    """How many can win a match: the two teams."""
    return len(TEAM_SEATS)


def count_deal(game: str, e: LineDealEnd, rows: list[dict]) -> None:
    """Add one hand's end to every seat's row: a hand won and the points, for or against."""
    winner, points = e.winner_team, e.points
    if winner is None:
        return
    if game in SIX_LOVE and e.totals[winner] == 0:
        points = 0  # JA-7: the win reset both totals; the hand scored nothing (a scoring win leaves 1+)
    for s, row in enumerate(rows, start=1):
        mine = team_of(s) == winner
        row["hands_won"] += 1 if mine else 0
        row["points_for" if mine else "points_against"] += points


def close_match(game: str, rows: list[dict], totals: list[int]) -> None:
    """JA-7, JA-8: six love given by the winners, taken by the losers."""
    if game in SIX_LOVE and min(totals) == 0:
        for row in rows:
            row["six_love_given" if row["won"] else "six_love_taken"] = 1


def score_text(totals: list[int]) -> str:
    """Both teams' totals, "6 : 2"."""
    return " : ".join(str(v) for v in totals)


def winner_seats(winners: list[int]) -> list[int]:
    """The seats of the winning teams: both partners."""
    return [s for team in winners for s in TEAM_SEATS[team]]
