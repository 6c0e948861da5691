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
from typing import Any, NamedTuple, Protocol

from rules.events import (ACTION_KINDS, Event, LeadChosen, LeadDrawn, LineDeal, LineDealEnd, LineMatchEnd, LinePlay,
                          TrainDeal, TrainDealEnd, TrainMatchEnd, TrainPlay, back, is_own, seat_of)

from . import i18n
from .cues import Group, groups, recent_groups
from .kits import kit_for

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


class Words(Protocol):
    """A family's clauses (``game.kits.<family>.ticker``), asked of its kit: ``kit_for(game).ticker``."""

    match_key: str

    def deal(self, group: Group, hand_no: int) -> list[Clause]: ...
    def play(self, e: TrainPlay | LinePlay, first: bool) -> Clause: ...
    def lead(self, e: LeadChosen) -> Clause: ...
    def lead_draw(self, e: LeadDrawn) -> list[Clause]: ...
    def deal_end(self, e: TrainDealEnd | LineDealEnd, reset: bool) -> list[Clause]: ...
    def match_end(self, e: TrainMatchEnd | LineMatchEnd) -> Clause: ...
    def own(self, e: Event) -> list[Clause]:
        """The clauses of an event of the variant's own kind (``rules.events.register``:
        points scored during a play ...); none to leave it out of the ticker."""


def words_of(game: str) -> Words:
    """The clauses of ``game``'s family, from its table kit."""
    return kit_for(game).ticker


#: the events every game words alike: a seat's clause with no parameters
SIMPLE = {"draw": "ticker.draw", "pass": "ticker.pass", "end_chain": "ticker.end_chain",
          "accept": "ticker.accept"}


def _simple(e: Event) -> Clause | None:
    kind = e.kind
    if kind in SIMPLE:
        return (seat_of(e), SIMPLE[kind], {})
    if e.kind == "redeal":
        return (e.seat, "ticker.redeal", {"tiles": " ".join(tile_text(t) for t in e.shown)})
    if kind == "mark":
        return (None, "ticker.mark", {})
    if kind == "unmark":
        return (None, "ticker.unmark", {})
    return None


def _clauses(group: Group, words: Words, first_play: bool, hand_no: int | None = None) -> list[Clause]:
    clauses: list[Clause] = []
    reset = any(e.kind == "reset" for e in group)
    for e in group:
        if isinstance(e, (TrainDeal, LineDeal)):
            # the hand's number, not the deal's: a CU-4 redeal deals the same hand again
            clauses += words.deal(group, hand_no if hand_no is not None else e.deal_no)
        elif e.kind == "play":
            clauses.append(words.play(e, first_play))
        elif e.kind == "lead":
            clauses.append(words.lead(e))
        elif e.kind == "lead_draw":
            clauses += words.lead_draw(e)
        elif e.kind == "deal_end":
            clauses += words.deal_end(e, reset)
        elif e.kind == "match_end":
            clauses.append(words.match_end(e))
        elif is_own(e):  # a kind the variant declared (issue 39): its kit words it
            clauses += words.own(e)
        else:
            simple = _simple(e)
            if simple is not None:
                clauses.append(simple)
    return clauses


def item(group: Group, game: str, first_play: bool = False, hand_no: int | None = None) -> Item | None:
    """The ticker item of one log entry (``first_play``: the hand's first tile, line games;
    ``hand_no``: the number of the hand it belongs to, when known)."""
    if not group:
        return None
    head = group[0]
    words = words_of(game)
    if head.kind == "match":
        return Item(None, "match", ((None, words.match_key, {"n": head.match_no}),))
    clauses = _clauses(group, words, first_play, hand_no)
    if not clauses:
        return None
    seat = seat_of(head) if head.kind in ACTION_KINDS else None
    return Item(seat, head.kind, tuple(clauses))


def items(history: Sequence[Event], game: str) -> list[Item | None]:
    """Every log entry's item, in log order (None: an entry the ticker does not show)."""
    return _items(groups(history), game, played=False)


def _items(seq: Sequence[Group], game: str, played: bool, ended: int = 0) -> list[Item | None]:
    """``played``: a tile already lies in this hand before ``seq`` (line games' "led with");
    ``ended``: the hands of this match that ended before ``seq``."""
    out: list[Item | None] = []
    for group in seq:
        head = group[0].kind
        if head == "match":
            ended = 0
        if head == "deal":
            played = False
        out.append(item(group, game, first_play=head == "play" and not played, hand_no=ended + 1))
        played = played or head == "play"
        ended += sum(1 for e in group if e.kind == "deal_end")
    return out


def _ended_before(history: Sequence[Event], end: int) -> int:
    """The hands of the match going on at ``history[end]`` that ended before it."""
    return sum(e.kind == "deal_end" for _, e in back(history, end, until=("match",)))


def _played_before(history: Sequence[Event], end: int) -> bool:
    """Whether a tile was played in the hand going on at ``history[end]`` (looking back to its deal)."""
    return any(e.kind == "play" for _, e in back(history, end, until=("deal", "match")))


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
    what = i18n.t(key, count=count, **words)
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


def recent(history: Sequence[Event], game: str, names: Sequence[str], count: int = 3) -> list[str]:
    """The last ``count`` ticker lines of a view's history, folded, oldest first.

    Reads only the history's tail: a fold joins at most two entries, so the last
    ``2 * count + 1`` entries give ``count`` lines whatever was folded.
    """
    if count <= 0:
        return []
    tail = recent_groups(history, 2 * count + 1)
    start = len(history) - sum(len(g) for g in tail)
    # a deal in the tail says its hand's number: only then count the match's hands before it
    ended = _ended_before(history, start) if any(g[0].kind == "deal" for g in tail) else 0
    folded = fold(_items(tail, game, _played_before(history, start), ended))
    return [text(it, names) for it in folded[-count:]]
