"""The line games' spoken words (issue 41): the ends as targets, the open ends, what must be
matched, the teams' scores, the tiles left face down (CU-3, CU-6, JA-4, CU-8, JA-6).

``game.speech.words`` asks these through ``family_part(game, "speech")``; each reads the
view of the seat on screen (UX-4) and says numbers in words (``speech.pips_N``).
"""
from __future__ import annotations

from ...i18n import t


def _pips(n: int) -> str:
    return t(f"speech.pips_{n}")


def target_words(play, key) -> str:
    """CU-6, JA-4: a tile goes on the left or the right end; on an empty line it opens it
    (both ends are the one place at the centre: "left end" was said, and misled)."""
    if not play.view().line:
        return t("speech.end_open")
    return t("speech.end_left") if key == "L" else t("speech.end_right")


def prompt_words(play) -> str:
    """The kit's prompt, with the open ends said as a tile says them ("blank", not "zero")."""
    text = play.kit.prompt(play)
    view = play.view()
    if view.line and text == t("line.prompt_play", left=view.left_end, right=view.right_end):
        return t("line.prompt_play", left=_pips(view.left_end), right=_pips(view.right_end))
    return text


def table_words(play) -> str:
    """The open ends and the line's length."""
    view = play.view()
    if not view.line:
        return t("speech.line_empty")
    ends = t("speech.ends", left=_pips(view.left_end), right=_pips(view.right_end))
    return " ".join([ends, t("speech.line_tiles", count=len(view.line))])


def must_words(play, seat: int) -> str:
    """What ``seat`` must match: either open end, or any tile to open the line."""
    view = play.view()
    if not view.line:
        return t("speech.opens", name=play.name(seat))
    return t("speech.must_match", name=play.name(seat), left=_pips(view.left_end), right=_pips(view.right_end))


def score_words(play) -> str:
    """CU-8, JA-6: each team's total, in the game's own word for a team."""
    view = play.view()
    return "; ".join(t("speech.team_points", team=play.kit.team_name(team), count=view.totals[team])
                     for team in (1, 2))


def stock_words(play) -> str:
    """CU-3: the tiles no one holds stay face down; none in Jamaican."""
    unused = play.view().unused
    return t("speech.unused", count=unused) if unused else ""
