"""What a phone is told (issue 27): one seat's state as JSON, built from its view alone.

``phone_state`` is the only builder of a phone's state.  It reads
``session.view(seat)`` (or a view the table already holds, such as the
deal-end view) and the decisions the table offers that seat, and nothing else,
so a hand can never leak to another phone (UX-4): the view has no hidden
information in it to leak.

The message's conventions (docs/phones.md):

- tiles are ``[a, b]`` with a <= b, as in shared/TRANSCRIPT.md; a tile on the
  line is written as it lies, ``[left, right]``;
- actions are written as ``rules.actions.Action.to_json`` writes them;
- every list of exactly two whole numbers in a state is a tile (per-seat
  figures are objects), so a reader, and the privacy test, can find every tile.

This module imports neither pygame nor aiohttp: the server thread and the
tests use it as it is.
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from rules.actions import Action
from rules.tiles import tile as make_tile

#: The version of the state's shape; the page refuses a state of another version.
STATE_VERSION = 1

#: How many of the deal's latest public events a state carries ("recent").
RECENT = 8

#: The strings the page shows, sent to it in the phone's language on joining.
#: Written out whole: tests/test_locales_used.py finds a key in use by its literal text.
PAGE_KEYS = (
    "phone.title", "phone.reconnecting", "phone.waiting_start", "phone.your_turn", "phone.turn_of",
    "phone.you", "phone.tiles", "phone.partner", "phone.team", "phone.team_jamaican", "phone.play_on",
    "phone.choose_target", "phone.train_yours", "phone.train_of", "phone.mexican_train", "phone.marked",
    "phone.boneyard", "phone.unused", "phone.line_empty", "phone.end_left", "phone.end_right",
    "phone.preview", "phone.preview_hint", "phone.confirm", "phone.cancel", "phone.hint", "phone.undo",
    "phone.draw", "phone.pass", "phone.end_chain", "phone.accept", "phone.redeal", "phone.leads",
    "phone.poses", "phone.place_engine", "phone.play", "phone.play_open", "phone.deal_over",
    "phone.match_over", "phone.penalty", "phone.total", "phone.points", "phone.winner", "phone.taken_over",
    "phone.rejoin", "phone.bye_quit", "phone.bye_match_end", "phone.bye_new_codes", "phone.error_bad_code",
    "phone.error_join_first", "phone.error_too_big", "phone.error_bad_message", "phone.error_not_your_turn",
    "phone.error_not_offered", "phone.error_stale", "phone.error_preview_first", "phone.error_slow_down",
    "phone.error_too_many_tries",
)


# ------------------------------------------------------------------ actions


def action_json(action: Action) -> dict:
    """An action as the transcript writes it (the table's pseudo-actions too, such as the
    engine's placing, ``{"kind": "place_engine", "tile": [12, 12]}``)."""
    return action.to_json()


def action_of(value: Mapping[str, Any]) -> Action:
    """The ``Action`` of a JSON action taken from a state this program published (so its
    kind may be one of the table's own pseudo-actions); raise ``ValueError`` otherwise."""
    tile = value.get("tile")
    t = make_tile(tile[0], tile[1]) if isinstance(tile, list) and len(tile) == 2 else None
    return Action(str(value["kind"]), t, value.get("train"), value.get("end"), value.get("seat"))


def canonical(value: object) -> str:
    """Keys sorted, no spaces: how two JSON actions are compared."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# ------------------------------------------------------------------ the look


def _art_dir() -> Path:
    """art/, next to the packages from source or inside a frozen build (as game.i18n finds locales/)."""
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "art"
    return Path(__file__).resolve().parents[2] / "art"


@lru_cache(maxsize=None)
def _manifest() -> dict:
    try:
        return json.loads((_art_dir() / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def look(palette: str = "standard", style: str = "pips") -> dict:
    """How the page draws tiles: the table's pip colours and shapes (art/manifest.json)."""
    palettes = _manifest().get("palettes", {})
    chosen = palettes.get(palette) or palettes.get("standard") or {"colours": ["#222222"] * 13,
                                                                   "shapes": ["circle"] * 13}
    return {"palette": palette if palette in palettes else "standard",
            "style": style if style in ("pips", "numerals") else "pips",
            "colours": list(chosen["colours"]), "shapes": list(chosen["shapes"])}


# ------------------------------------------------------------------ the state


def _tile(t: Iterable[int]) -> list[int]:
    a, b = t
    return [int(a), int(b)] if a <= b else [int(b), int(a)]


def _lying(t: Iterable[int]) -> list[int]:
    a, b = t
    return [int(a), int(b)]


def _event(e: tuple) -> dict | None:
    """One public history event as JSON, or None for those a phone does not show."""
    kind = e[0]
    if kind == "play" and len(e) == 4:  # Mexican Train: ("play", seat, tile, train)
        return {"kind": "play", "seat": e[1], "tile": _tile(e[2]), "train": e[3]}
    if kind == "play":  # the line: ("play", seat, tile, end, lying)
        return {"kind": "play", "seat": e[1], "tile": _tile(e[2]), "end": e[3]}
    if kind in ("draw", "pass", "mark", "unmark", "end_chain", "accept", "search"):
        return {"kind": kind, "seat": e[1]}
    if kind == "engine":
        return {"kind": "engine", "seat": e[1], "tile": _tile(e[2])}
    if kind == "redeal":  # CU-4: the doubles are shown to everyone
        return {"kind": "redeal", "seat": e[1], "shown": [_tile(t) for t in e[2]]}
    if kind == "lead":
        return {"kind": "lead", "seat": e[1], "chosen": e[2]}
    if kind == "reset":
        return {"kind": "reset", "team": e[1]}
    return None


def _since_deal(history: Sequence[tuple]) -> list[tuple]:
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == "deal":
            return list(history[i + 1:])
    return []


def _deal_over(history: Sequence[tuple]) -> tuple | None:
    """The ``deal_end`` event when the deal in this view is over and no new one is dealt yet."""
    for e in reversed(history):
        if e[0] == "deal_end":
            return e
        if e[0] != "match_end":
            return None
    return None


def _match_end(history: Sequence[tuple]) -> tuple | None:
    if history and history[-1][0] == "match_end":
        return history[-1]
    return None


def phone_state(source: Any, seat: int, *, names: Sequence[str] | None = None,
                legal: Sequence[Action] | None = None, pending: Action | None = None,
                pending_is_hint: bool = False, can_hint: bool | None = None, can_undo: bool = False,
                palette: str = "standard", style: str = "pips") -> dict:
    """The JSON-ready state of ``seat``'s phone, from that seat's view alone.

    ``source`` is a ``rules.session.Session`` (its ``view(seat)`` is read) or a view
    already made for ``seat`` (the table's deal-end view).  ``legal`` is the list of
    decisions the table offers the seat now (default: ``view.legal``; the table passes its
    own when it offers a pseudo-action such as placing the engine, MT-4); ``pending`` is
    the previewed one (UX-1).  ``can_hint`` defaults to "it is this seat's decision";
    ``can_undo`` says whether an undo from this phone is allowed now (UX-6).
    """
    view = source if hasattr(source, "hand") else source.view(seat)
    if view.seat != seat:
        raise ValueError(f"a view of seat {view.seat} given for seat {seat}")
    decisions = list(view.legal if legal is None else legal)
    mine = bool(decisions)
    n = len(view.hand_counts) - 1
    names = list(names) if names is not None else [str(s) for s in range(1, n + 1)]
    history = view.history
    legal_json = [action_json(a) for a in decisions]
    index = None
    if pending is not None and pending in decisions:
        index = decisions.index(pending)
    plays = [a for a in decisions if a.kind in ("play", "place_engine") and a.tile is not None]
    state: dict[str, Any] = {
        "v": STATE_VERSION,
        "game": view.game,
        "seat": seat,
        "players": n,
        "match": view.match_no,
        "deal": view.deal_no,
        "phase": view.phase,
        "to_act": view.to_act,
        "my_turn": mine,
        "hand": [_tile(t) for t in view.hand],
        "legal": legal_json,
        "playable": [_tile(t) for t in dict.fromkeys(a.tile for a in plays if a.tile is not None)],
        "pending": index,
        "pending_is_hint": bool(pending_is_hint and index is not None),
        "hint": mine if can_hint is None else bool(can_hint and mine),
        "undo": bool(can_undo),
        "recent": [ev for ev in (_event(e) for e in _since_deal(history)) if ev is not None][-RECENT:],
        "look": look(palette, style),
    }
    if view.game == "mexican_train":
        _mexican(state, view, names)
    else:
        _line(state, view, names)
    over = _deal_over(history)
    state["deal_end"] = _deal_end_json(over, view.game) if over is not None else None
    ended = _match_end(history)
    state["match_end"] = _match_end_json(ended, view.game) if ended is not None else None
    return state


def _mexican(state: dict, view: Any, names: Sequence[str]) -> None:
    seat = view.seat
    state["seats"] = [
        {"seat": s, "name": names[s - 1], "tiles": view.hand_counts[s], "total": view.totals[s],
         "marked": view.train(s).marked, "me": s == seat}
        for s in range(1, view.players + 1)
    ]
    state["boneyard"] = view.boneyard
    state["engine"] = view.engine
    # The trains this seat could play on by the rules' public facts (its own, the Mexican train,
    # the marked ones); the lit ones for a tile come from "legal".
    state["trains"] = [
        {"train": tr.key, "end": tr.open_end, "marked": tr.marked, "length": len(tr.tiles),
         "last": _lying(tr.placed[-1]) if tr.placed else None,
         "open": tr.key == "mexican" or tr.key == seat or tr.marked}
        for tr in view.trains
    ]
    state["obligations"] = [{"train": k} for k in view.obligations]
    state["first_round"] = view.first_round
    state["chain"] = view.chain
    state["drawn"] = view.drawn


def _line(state: dict, view: Any, names: Sequence[str]) -> None:
    seat = view.seat
    partner = (seat + 1) % 4 + 1
    state["seats"] = [
        {"seat": s, "name": names[s - 1], "tiles": view.hand_counts[s], "team": 2 - s % 2,
         "me": s == seat, "partner": s == partner}
        for s in range(1, 5)
    ]
    state["team"] = view.team
    state["teams"] = [{"team": k, "total": view.totals[k]} for k in (1, 2)]
    state["line"] = [_lying(t) for t in view.line]
    state["left"] = view.left_end
    state["right"] = view.right_end
    state["unused"] = view.unused
    state["leader"] = view.leader
    state["right_to_lead"] = view.right_to_lead
    state["pose_required"] = view.pose_required
    state["passes"] = view.passes


def _deal_end_json(e: tuple, game: str) -> dict:
    """The public reveal of a deal's end (UX-3): every hand left, penalties or pips, totals."""
    _, reason, counts, totals, hands = e[:5]
    seats = range(1, len(counts))
    out: dict[str, Any] = {
        "reason": reason,
        "hands": [{"seat": s, "tiles": [_tile(t) for t in hands[s]]} for s in seats],
    }
    if game == "mexican_train":
        out["scores"] = [{"seat": s, "penalty": counts[s], "total": totals[s]} for s in seats]
    else:
        out["scores"] = [{"seat": s, "pips": counts[s]} for s in seats]
        out["teams"] = [{"team": k, "total": totals[k]} for k in (1, 2)]
        out["winner_team"] = e[5] if len(e) > 5 else None
        out["points"] = e[6] if len(e) > 6 else 0
    return out


def _match_end_json(e: tuple, game: str) -> dict:
    key = "seat" if game == "mexican_train" else "team"
    return {"winners": [{key: w} for w in e[1]]}


# ------------------------------------------------------------------ strings


def page_strings(catalog: Mapping[str, Mapping[str, Any]], language: str) -> dict[str, Any]:
    """The page's texts in ``language`` (English where one is missing), plural forms kept
    as dicts for the page to choose from by the same CLDR rules as ``game.i18n``."""
    here = catalog.get(language, {})
    english = catalog.get("en", {})
    return {key: here.get(key, english.get(key, key)) for key in PAGE_KEYS}
