"""The one-line ticker of the last moves at the table, in every language (issue 14).

"Ana played [4|6] on the Mexican train", "Ben drew and passed; their train is
open", "Ana played [5|5] on the right end".  A line is a pure function of the
public history (``game.cues.groups``: one group of events per log entry), so
undo, redo and resume show the right lines with nothing to keep in step, and a
drawn tile's face can never be in it: the history has none (UX-2, UX-3, UX-4).

A line is made of clauses ``(seat or None, key, params)``: a seat's clause is
worded with its name in front (``ticker.who``; ru/uk use "Name: ..." so that no
verb has to agree with a player's unknown gender), and the clauses of one entry
are joined with "; ".  ``fold`` merges a lone draw with the same seat's next
decision: "Ben drew and passed".
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from . import i18n
from .cues import Group, groups, last_groups

Clause = tuple[int | None, str, dict[str, Any]]
JOIN = "; "


class Item(NamedTuple):
    """One log entry's line before wording: who decided, what, and its clauses."""

    seat: int | None
    kind: str
    clauses: tuple[Clause, ...]
    drew: bool = False  # folded: the seat drew a tile first (MT-11)


def tile_text(t: Sequence[int]) -> str:
    return f"[{t[0]}|{t[1]}]"


# --------------------------------------------------------------- the clauses


def _mt_deal(group: Group) -> list[Clause]:
    """MT-3, MT-5: the deal, who holds the engine, and how many tiles the start search took."""
    _, n, _engine = group[0]
    holder = next((e[1] for e in group if e[0] == "engine"), None)
    double = next((e[2] for e in group if e[0] == "engine"), (_engine, _engine))
    drawn = sum(1 for e in group if e[0] == "search" and e[1] == holder)
    params: dict[str, Any] = {"n": n, "holder": holder, "tile": tile_text(double)}
    if drawn:
        return [(None, "mt_deal_search", {**params, "count": drawn})]
    return [(None, "mt_deal", params)]


def _mt_play(e: tuple) -> Clause:
    _, seat, t, train = e
    if train == seat:
        return (seat, "play_own", {"tile": tile_text(t)})
    if train == "mexican":
        return (seat, "play_mexican", {"tile": tile_text(t)})
    return (seat, "play_train", {"tile": tile_text(t), "owner_seat": train})


def _line_play(e: tuple, game: str, first: bool) -> Clause:
    """CU-6, JA-4: the tile as it lies on its end; the hand's first tile is led or posed (CU-5, JA-2)."""
    _, seat, _t, end, lying = e
    if first:
        return (seat, "jamaican_first" if game == "jamaican" else "cuban_first", {"tile": tile_text(lying)})
    return (seat, "play_left" if end == "L" else "play_right", {"tile": tile_text(lying)})


def _deal_end(e: tuple, game: str, reset: bool) -> list[Clause]:
    """MT-16 (out or blocked); CU-7/CU-8 and JA-5/JA-6/JA-7 (who scores, a tie, six love)."""
    if game == "mexican_train":
        _, reason, _pen, _tot, hands = e[:5]
        if reason == "out":
            outs = [s for s in range(1, len(hands)) if not hands[s]]
            return [(None, "mt_out", {"name_seats": outs})]
        return [(None, "mt_block", {})]
    _, reason, _counts, _totals, _hands, winner, points = e
    out: list[Clause] = [(None, "line_block", {})] if reason == "block" else []
    if winner is None:
        return out + [(None, "line_tie", {})]
    if reset:
        return out + [(None, "jamaican_reset", {"team": winner})]
    return out + [(None, "jamaican_scores" if game == "jamaican" else "cuban_scores",
                   {"team": winner, "count": points})]


def _match_end(e: tuple, game: str) -> Clause:
    """MT-18 (the lowest totals), CU-10 (Pollona, Tripollúa), JA-8."""
    if game == "mexican_train":
        return (None, "mt_match_end", {"name_seats": list(e[1])})
    team = e[1][0]
    if game == "cuban" and e[3] in ("pollona", "tripollua"):
        return (None, f"cuban_match_end_{e[3]}", {"team": team})
    return (None, "jamaican_match_end" if game == "jamaican" else "cuban_match_end", {"team": team})


def _lead(e: tuple, game: str) -> Clause:
    """CU-5, JA-3: the representative names who leads (poses); maybe themself."""
    _, rep, chosen = e
    base = "jamaican_pose" if game == "jamaican" else "cuban_lead"
    if rep == chosen:
        return (rep, f"{base}_self", {})
    return (rep, base, {"chosen_seat": chosen})


def _lead_draw(e: tuple) -> list[Clause]:
    """CU-2: the two representatives' tiles; the higher total has the right to lead."""
    _, a, b = e
    out: list[Clause] = [(None, "lead_draw", {"one_seat": 1, "a": tile_text(a), "two_seat": 2, "b": tile_text(b)})]
    pa, pb = a[0] + a[1], b[0] + b[1]
    if pa == pb:
        return out + [(None, "lead_draw_again", {})]
    return out + [(None, "lead_draw_right", {"team": 1 if pa > pb else 2})]


def _simple(e: tuple) -> Clause | None:
    kind = e[0]
    if kind in ("draw", "pass", "end_chain", "accept"):
        return (e[1], kind, {})
    if kind == "redeal":
        return (e[1], "redeal", {"tiles": " ".join(tile_text(t) for t in e[2])})
    if kind == "mark":
        return (None, "mark", {})
    if kind == "unmark":
        return (None, "unmark", {})
    return None


def item(group: Group, game: str, first_play: bool = False) -> Item | None:
    """The ticker item of one log entry (``first_play``: the hand's first tile, line games)."""
    if not group:
        return None
    head = group[0]
    if head[0] == "match":
        return Item(None, "match", ((None, "match_mt" if game == "mexican_train" else "match_line", {"n": head[1]}),))
    clauses: list[Clause] = []
    reset = any(e[0] == "reset" for e in group)
    for e in group:
        kind = e[0]
        if kind == "deal":
            if game == "mexican_train":
                clauses += _mt_deal(group)
            else:
                clauses.append((None, "jamaican_deal" if game == "jamaican" else "cuban_deal", {"n": e[1]}))
        elif kind == "play":
            clauses.append(_mt_play(e) if game == "mexican_train" else _line_play(e, game, first_play))
        elif kind == "lead":
            clauses.append(_lead(e, game))
        elif kind == "lead_draw":
            clauses += _lead_draw(e)
        elif kind == "deal_end":
            clauses += _deal_end(e, game, reset)
        elif kind == "match_end":
            clauses.append(_match_end(e, game))
        else:
            simple = _simple(e)
            if simple is not None:
                clauses.append(simple)
    if not clauses:
        return None
    seat = head[1] if head[0] in ("play", "draw", "pass", "end_chain", "accept", "redeal", "lead") else None
    return Item(seat, head[0], tuple(clauses))


def items(history: Sequence[tuple], game: str) -> list[Item | None]:
    """Every log entry's item, in log order (None: an entry the ticker does not show)."""
    return _items(groups(history), game, played=False)


def _items(seq: Sequence[Group], game: str, played: bool) -> list[Item | None]:
    """``played``: a tile already lies in this hand before ``seq`` (line games' "led with")."""
    out: list[Item | None] = []
    for group in seq:
        head = group[0][0]
        if head == "deal":
            played = False
        out.append(item(group, game, first_play=head == "play" and not played))
        played = played or head == "play"
    return out


def _played_before(history: Sequence[tuple], end: int) -> bool:
    """Whether a tile was played in the hand going on at ``history[end]`` (looking back to its deal)."""
    for i in range(end - 1, 0, -1):
        kind = history[i][0]
        if kind == "play":
            return True
        if kind in ("deal", "match"):
            return False
    return False


def fold(seq: Sequence[Item | None]) -> list[Item]:
    """Merge a lone draw into the same seat's next play or pass (MT-11: "drew and passed")."""
    out: list[Item] = []
    for it in seq:
        if it is None:
            continue
        prev = out[-1] if out else None
        if (prev is not None and prev.kind == "draw" and len(prev.clauses) == 1 and not prev.drew
                and it.seat == prev.seat and it.kind in ("play", "pass")):
            out[-1] = it._replace(drew=True)
        else:
            out.append(it)
    return out


# ------------------------------------------------------------------ wording


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat - 1] if 0 < seat <= len(names) else str(seat)


def _words(params: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """Seats to names: ``x_seat`` becomes ``x``, ``name_seats`` the list ``names``."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == "name_seats":
            out["names"] = ", ".join(_name(names, s) for s in value)
        elif key == "holder":
            out["name"] = _name(names, value) if value else "?"
        elif key.endswith("_seat"):
            out[key[: -len("_seat")]] = _name(names, value)
        else:
            out[key] = value
    return out


def _clause_text(clause: Clause, names: Sequence[str], drew: bool) -> str:
    seat, key, params = clause
    words = _words(params, names)
    count = words.pop("count", None)
    what = i18n.t(TEXTS[key], count=count, **words)
    if seat is None:
        return what
    return i18n.t("ticker.who_drew" if drew else "ticker.who", name=_name(names, seat), what=what)


def text(it: Item, names: Sequence[str]) -> str:
    """One item as a line in the current language."""
    parts = [_clause_text(c, names, it.drew and i == 0) for i, c in enumerate(it.clauses)]
    line = JOIN.join(parts)
    if it.clauses[0][0] is not None:
        return line  # it starts with a player's name, written as the player wrote it
    return line[:1].upper() + line[1:]


def line(session, index: int, names: Sequence[str]) -> str | None:
    """The ticker line of log entry ``index`` (0 <= index < cursor), unfolded; None if it shows nothing."""
    if not 0 <= index < session.cursor:
        raise ValueError(f"log entry {index} is not applied (cursor {session.cursor})")
    it = items(session.view(1).history, session.game)[index]
    return None if it is None else text(it, names)


def recent(history: Sequence[tuple], game: str, names: Sequence[str], count: int = 3) -> list[str]:
    """The last ``count`` ticker lines of a view's history, folded, oldest first.

    Reads only the history's tail: a fold joins at most two entries, so the last
    ``2 * count + 1`` entries give ``count`` lines whatever was folded.
    """
    if count <= 0:
        return []
    tail = [g for _, g in last_groups(history, 2 * count + 1)]
    start = len(history) - sum(len(g) for g in tail)
    folded = fold(_items(tail, game, _played_before(history, start)))
    return [text(it, names) for it in folded[-count:]]


#: Every clause key, written out whole (tests/test_locales_used.py finds each in the source).
TEXTS = {
    "draw": "ticker.draw", "pass": "ticker.pass", "end_chain": "ticker.end_chain",
    "accept": "ticker.accept", "redeal": "ticker.redeal", "mark": "ticker.mark", "unmark": "ticker.unmark",
    "play_own": "ticker.play_own", "play_mexican": "ticker.play_mexican", "play_train": "ticker.play_train",
    "play_left": "ticker.play_left", "play_right": "ticker.play_right",
    "cuban_first": "ticker.cuban_first", "jamaican_first": "ticker.jamaican_first",
    "mt_deal": "ticker.mt_deal", "mt_deal_search": "ticker.mt_deal_search",
    "cuban_deal": "ticker.cuban_deal", "jamaican_deal": "ticker.jamaican_deal",
    "match_mt": "ticker.match_mt", "match_line": "ticker.match_line",
    "lead_draw": "ticker.lead_draw", "lead_draw_again": "ticker.lead_draw_again",
    "lead_draw_right": "ticker.lead_draw_right",
    "cuban_lead": "ticker.cuban_lead", "cuban_lead_self": "ticker.cuban_lead_self",
    "jamaican_pose": "ticker.jamaican_pose", "jamaican_pose_self": "ticker.jamaican_pose_self",
    "mt_out": "ticker.mt_out", "mt_block": "ticker.mt_block", "mt_match_end": "ticker.mt_match_end",
    "line_block": "ticker.line_block", "line_tie": "ticker.line_tie",
    "cuban_scores": "ticker.cuban_scores", "jamaican_scores": "ticker.jamaican_scores",
    "jamaican_reset": "ticker.jamaican_reset",
    "cuban_match_end": "ticker.cuban_match_end", "cuban_match_end_pollona": "ticker.cuban_match_end_pollona",
    "cuban_match_end_tripollua": "ticker.cuban_match_end_tripollua",
    "jamaican_match_end": "ticker.jamaican_match_end",
}
