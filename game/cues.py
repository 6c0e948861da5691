"""Which sounds an applied log entry makes, read from the public history (issue 14).

Every entry of a session's log adds a group of public history events (see
``rules.line`` and ``rules.variants.mexican_train``), and every group starts with
exactly one *opening* event: the decision itself (``play``, ``draw``, ``pass``,
``end_chain``, ``accept``, ``redeal``, ``lead``) or the chance step or control
entry (``deal``, ``lead_draw``, ``match``).  What follows in the group are its
consequences (``engine``, ``search``, ``mark``, ``unmark``, ``reset``,
``deal_end``, ``match_end``).  So the history, which every seat may see (UX-4),
splits back into one group per log entry with no look at any hidden state, and
the sounds and the ticker (``game.ticker``) are pure functions of that.

The history starts with ``("match", 1)`` before any entry; group ``i`` is then
log entry ``i`` of a session whose log starts the match (every session the
program plays, saves or resumes).

Cues: ``place``, ``double``, ``draw``, ``pass``, ``marker_up``, ``marker_off``,
``deal``, ``hand_end``, ``match_win``, ``turn`` (``game.audio`` plays them).
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from rules.events import ACTION_KINDS, Event, seat_of

#: The events that open a log entry's group: one per entry, first in its group
#: (every decision shows in the history under its own kind; the chance steps open with these three).
OPENING = frozenset(ACTION_KINDS) | {"deal", "lead_draw", "match"}
#: Openings that are a seat's decision made for itself (``lead`` names a chooser and a chosen).
DECISIONS = frozenset(ACTION_KINDS) - {"lead"}

PLACE, DOUBLE, DRAW, PASS = "place", "double", "draw", "pass"
MARKER_UP, MARKER_OFF = "marker_up", "marker_off"
DEAL, HAND_END, MATCH_WIN, TURN = "deal", "hand_end", "match_win", "turn"

Group = tuple[Event, ...]


def groups(history: Sequence[Event]) -> list[Group]:
    """The history split into one group per log entry, oldest first (see the module doc)."""
    out: list[list[Event]] = []
    for event in history[1:]:  # history[0] is the first match's ("match", 1), before any entry
        if event.kind in OPENING or not out:
            out.append([event])
        else:
            out[-1].append(event)
    return [tuple(g) for g in out]


def recent_groups(history: Sequence[Event], count: int) -> list[Group]:
    """The last ``count`` groups, oldest first, read from the end: the cost does not grow
    with the session (issue 29, item 12: counting every group on every move did)."""
    found: list[Group] = []
    end = len(history)
    for i in range(len(history) - 1, 0, -1):
        if len(found) == count:
            break
        if history[i].kind in OPENING:
            found.append(tuple(history[i:end]))
            end = i
    return found[::-1]


def last_groups(history: Sequence[Event], count: int) -> list[tuple[int, Group]]:
    """The last ``count`` groups with their log index, oldest first (reads the whole history:
    use ``recent_groups`` where the index is not needed)."""
    found = recent_groups(history, count)
    total = sum(1 for e in history[1:] if e.kind in OPENING)
    return [(total - len(found) + k, g) for k, g in enumerate(found)]


def actor(group: Group) -> int | None:
    """The seat whose decision the group is (the chooser, for ``lead``), or None for chance."""
    if not group:
        return None
    head = group[0]
    return seat_of(head) if head.kind in DECISIONS or head.kind == "lead" else None


def cues_of(group: Group) -> list[str]:
    """The sounds of one log entry, in the order they happen (MT-11..MT-17, CU-6, CU-7, JA-4, JA-5).

    A played double clacks (MT-13's extra play, the line games' spinners) instead
    of the plain click; a deal's end chimes, or the match's win plays in its place.
    """
    out: list[str] = []
    kinds = {e.kind for e in group}
    for e in group:
        kind = e.kind
        if e.kind == "play":
            t = e.tile
            out.append(DOUBLE if t[0] == t[1] else PLACE)
        elif kind in ("draw", "lead_draw"):
            out.append(DRAW)
        elif kind == "search" and DRAW not in out:
            out.append(DRAW)  # MT-5: the start search, one sound for the whole search
        elif kind == "pass":
            out.append(PASS)
        elif kind == "mark":
            out.append(MARKER_UP)  # MT-11: the passing seat's train is open
        elif kind == "unmark":
            out.append(MARKER_OFF)  # MT-12
        elif kind == "deal":
            out.append(DEAL)
        elif kind == "deal_end" and "match_end" not in kinds:
            out.append(HAND_END)
        elif kind == "match_end":
            out.append(MATCH_WIN)
    return out


def cues_for(session, index: int) -> list[str]:
    """The sounds of the log entry at ``index`` (0 <= index < cursor) of ``session``."""
    if not 0 <= index < session.cursor:
        raise ValueError(f"log entry {index} is not applied (cursor {session.cursor})")
    return cues_of(groups(session.view(1).history)[index])


def cues_since(history: Sequence[Event], count: int) -> list[str]:
    """The sounds of the last ``count`` entries together (an action and the deal it led to)."""
    return [c for g in recent_groups(history, count) for c in cues_of(g)]


def turn_cue(session, humans: Collection[int], after: Group | None = None) -> list[str]:
    """``["turn"]`` when a human is to decide now and did not make the last decision.

    Call it after applying an entry; a human's own chain (MT-8) or extra play
    after a double (MT-13) is no new turn and stays quiet.
    """
    seat = session.to_act()
    if seat is None or seat not in humans:
        return []
    if after is None:
        last = recent_groups(session.view(seat).history, 1)
        after = last[0] if last else ()
    return [] if actor(after) == seat else [TURN]
