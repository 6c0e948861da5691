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
from rules.events import (EngineFound, Event, LeadChosen, LineDealEnd, LineMatchEnd, LinePlay, Redealt, Reset,
                          SeatEvent, TrainDealEnd, TrainMatchEnd, TrainPlay, as_event)
from rules.line import PartnershipView
from rules.reasons import KINDS as REASON_KINDS, why
from rules.tiles import tile as make_tile
from rules.state import TRAINS
from rules.variants import GAMES, find_variant

#: The version of the state's shape; the page refuses a state of another version.
STATE_VERSION = 1

#: How many of the deal's latest public events a state carries ("recent").
RECENT = 8

#: The strings the page shows, sent to it in the phone's language on joining.
#: Written out whole: tests/game/test_locales_used.py finds a key in use by its literal text.
PAGE_KEYS = (
    "phone.title", "phone.reconnecting", "phone.waiting_start", "phone.your_turn", "phone.turn_of",
    "phone.you", "phone.tiles", "phone.partner", "phone.team", "phone.play_on",
    "phone.choose_target", "phone.train_yours", "phone.train_of", "phone.shared_train", "phone.marked",
    "phone.boneyard", "phone.unused", "phone.line_empty", "phone.end_left", "phone.end_right",
    "phone.preview", "phone.preview_hint", "phone.confirm", "phone.cancel", "phone.hint", "phone.undo",
    "phone.draw", "phone.pass", "phone.end_chain", "phone.accept", "phone.redeal", "phone.leads",
    "phone.chooses_leader", "phone.place_engine", "phone.play", "phone.play_open", "phone.deal_over",
    "phone.match_over", "phone.penalty", "phone.total", "phone.points", "phone.winner", "phone.taken_over",
    "phone.rejoin", "phone.bye_quit", "phone.bye_match_end", "phone.bye_new_codes", "phone.error_bad_code",
    "phone.error_join_first", "phone.error_too_big", "phone.error_bad_message", "phone.error_not_your_turn",
    "phone.error_not_offered", "phone.error_stale", "phone.error_preview_first", "phone.error_slow_down",
    "phone.error_too_many_tries", "phone.coach", "phone.coach_title", "phone.coach_grading", "phone.coach_failed",
    "phone.coach_nothing", "phone.coach_clean", "phone.coach_inaccuracies", "phone.coach_blunders",
    "phone.coach_cost_hand", "phone.coach_label_best", "phone.coach_label_fine", "phone.coach_label_inaccuracy",
    "phone.coach_label_blunder", "phone.coach_played", "phone.coach_better", "phone.coach_back",
    "phone.coach_best_count", "phone.log_mark", "phone.log_unmark", "phone.log_search",
    "phone.continue", "phone.error_applying", "phone.error_failed", "phone.applying", "phone.accept_why",
    "phone.blank", "phone.tile_name", "phone.tile_double", "phone.h_seats", "phone.h_table", "phone.h_hand",
    "phone.h_recent", "phone.cannot_play", "phone.can_play", "phone.plays_on", "phone.connected",
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


def tiles_in(node: object) -> set[tuple[int, int]]:
    """Every tile in a message, as (low, high): by this protocol's convention, every list of
    exactly two whole numbers is one (the privacy checks read messages with it)."""
    found: set[tuple[int, int]] = set()
    if isinstance(node, list):
        if len(node) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in node):
            found.add((min(node), max(node)))
        else:
            for item in node:
                found |= tiles_in(item)
    elif isinstance(node, dict):
        for value in node.values():
            found |= tiles_in(value)
    return found


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


def _event(e: Event) -> dict | None:
    """One public history event as JSON, or None for those a phone does not show: among
    them a variant's own kinds (``rules.events.register``), which the page cannot word."""
    if isinstance(e, TrainPlay):
        return {"kind": "play", "seat": e.seat, "tile": _tile(e.tile), "train": e.train}
    if isinstance(e, LinePlay):
        return {"kind": "play", "seat": e.seat, "tile": _tile(e.tile), "end": e.end}
    if isinstance(e, SeatEvent):  # draw, pass, mark, unmark, end_chain, accept, search
        return {"kind": e.kind, "seat": e.seat}
    if isinstance(e, EngineFound):
        return {"kind": "engine", "seat": e.seat, "tile": _tile(e.tile)}
    if isinstance(e, Redealt):  # CU-4: the doubles are shown to everyone
        return {"kind": "redeal", "seat": e.seat, "shown": [_tile(t) for t in e.shown]}
    if isinstance(e, LeadChosen):
        return {"kind": "lead", "seat": e.seat, "chosen": e.chosen}
    if isinstance(e, Reset):
        return {"kind": "reset", "team": e.team}
    return None


def _events(history: Sequence[Any]) -> list[Event]:
    """The history as records (a history written out by hand as tuples is read as records)."""
    return [as_event(e) for e in history]


def _since_deal(history: Sequence[Event]) -> list[Event]:
    for i in range(len(history) - 1, -1, -1):
        if as_event(history[i]).kind == "deal":
            return _events(history[i + 1:])
    return []


def _deal_over(history: Sequence[Event]) -> TrainDealEnd | LineDealEnd | None:
    """The ``deal_end`` event when the deal in this view is over and no new one is dealt yet."""
    for e in reversed(history):
        e = as_event(e)
        if isinstance(e, (TrainDealEnd, LineDealEnd)):
            return e
        if e.kind != "match_end":
            return None
    return None


def _match_end(history: Sequence[Event]) -> TrainMatchEnd | LineMatchEnd | None:
    last = as_event(history[-1]) if history else None
    return last if isinstance(last, (TrainMatchEnd, LineMatchEnd)) else None


def _reason(view: Any, action: Action) -> dict | None:
    """The hint's reason as the page words it (``reasons.KIND`` with its numbers)."""
    if action not in view.legal:  # the table's own pseudo-action (placing the engine)
        return None
    reason = why(view, action)
    return None if reason is None else reason._asdict()


def phone_state(source: Any, seat: int, *, names: Sequence[str] | None = None,
                legal: Sequence[Action] | None = None, pending: Action | None = None,
                pending_is_hint: bool = False, can_hint: bool | None = None, can_undo: bool = False,
                palette: str = "standard", style: str = "pips", coach: bool = False,
                coach_report: dict | None = None, can_continue: bool = False, applying: bool = False) -> dict:
    """The JSON-ready state of ``seat``'s phone, from that seat's view alone.

    ``source`` is a ``rules.session.Session`` (its ``view(seat)`` is read) or a view
    already made for ``seat`` (the table's deal-end view).  ``legal`` is the list of
    decisions the table offers the seat now (default: ``view.legal``; the table passes its
    own when it offers a pseudo-action such as placing the engine, MT-4); ``pending`` is
    the previewed one (UX-1).  ``can_hint`` defaults to "it is this seat's decision";
    ``can_undo`` says whether an undo from this phone is allowed now (UX-6); ``coach``
    whether the phone may ask for the coach of the deal just over, and ``coach_report``
    what it has said so far (``game.phones.coach``: this seat's decisions only);
    ``can_continue`` whether this phone's Continue moves the table on from a deal's end
    (nobody is at the device to); ``applying`` that this seat's confirmed decision is being
    applied (issue 37: nothing is offered until it lands).
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
        # issue 31: why the hint suggests it, from this seat's view (rules.reasons)
        "hint_reason": _reason(view, decisions[index]) if pending_is_hint and index is not None else None,
        "hint": mine if can_hint is None else bool(can_hint and mine),
        "undo": bool(can_undo),
        "coach": bool(coach),
        "coach_report": coach_report,
        "continue": bool(can_continue),
        "applying": bool(applying),
        "recent": [ev for ev in (_event(e) for e in _since_deal(history)) if ev is not None][-RECENT:],
        "look": look(palette, style),
    }
    # the table's family as its variant declares it (issue 39: a line game that is not a
    # partnership was read as trains): trains, or the two-ended line
    if find_variant(view.game).family == TRAINS:
        _trains(state, view, names)
    else:
        _line(state, view, names)
    over = _deal_over(history)
    state["deal_end"] = _deal_end_json(over) if over is not None else None
    ended = _match_end(history)
    state["match_end"] = _match_end_json(ended) if ended is not None else None
    return state


def _trains(state: dict, view: Any, names: Sequence[str]) -> None:
    seat = view.seat
    state["seats"] = [
        {"seat": s, "name": names[s - 1], "tiles": view.hand_counts[s], "total": view.totals[s],
         "marked": view.train(s).marked, "me": s == seat}
        for s in range(1, view.players + 1)
    ]
    state["boneyard"] = view.boneyard
    state["engine"] = view.engine
    # The trains this seat could play on by the rules' public facts (its own, the shared one,
    # whose key is a name and not a seat, the marked ones); the lit ones come from "legal".
    state["trains"] = [
        {"train": tr.key, "end": tr.open_end, "marked": tr.marked, "length": len(tr.tiles),
         "last": _lying(tr.placed[-1]) if tr.placed else None,
         "open": not isinstance(tr.key, int) or tr.key == seat or tr.marked}
        for tr in view.trains
    ]
    state["obligations"] = [{"train": k} for k in view.obligations]
    state["first_round"] = view.first_round
    state["chain"] = view.chain
    state["drawn"] = view.drawn


def _line(state: dict, view: Any, names: Sequence[str]) -> None:
    seat = view.seat
    # the seats and sides from the view's own shape (issue 39: a line game of 2 or 3 players,
    # each for themselves, raised IndexError here): k sides, seat s on side (s - 1) % k + 1,
    # which is the partnership's team_of for 4 seats in 2 teams (CU-1, JA-1)
    n = len(view.hand_counts) - 1
    k = max(1, len(view.totals) - 1)

    def side(s: int) -> int:
        return (s - 1) % k + 1

    state["seats"] = [
        {"seat": s, "name": names[s - 1], "tiles": view.hand_counts[s], "team": side(s),
         "me": s == seat, "partner": s != seat and k < n and side(s) == side(seat)}
        for s in range(1, n + 1)
    ]
    state["team"] = side(seat)
    state["teams"] = [{"team": t, "total": view.totals[t]} for t in range(1, k + 1)]
    state["line"] = [_lying(t) for t in view.line]
    state["left"] = view.left_end
    state["right"] = view.right_end
    # the partnership's own facts (CU-3, CU-5, JA-2); a line game of another shape has none
    partnership = isinstance(view, PartnershipView)
    state["unused"] = view.unused if partnership else 0
    state["leader"] = view.leader if partnership else None
    state["right_to_lead"] = view.right_to_lead if partnership else None
    state["pose_required"] = view.pose_required if partnership else None
    state["passes"] = view.passes if partnership else 0


def _deal_end_json(e: TrainDealEnd | LineDealEnd) -> dict:
    """The public reveal of a deal's end (UX-3): every hand left, penalties or pips, totals."""
    seats = range(1, len(e.counts))
    out: dict[str, Any] = {
        "reason": e.reason,
        "hands": [{"seat": s, "tiles": [_tile(t) for t in e.hands[s]]} for s in seats],
    }
    if isinstance(e, LineDealEnd):  # teams: each seat's pips, the teams' totals, the hand's points
        out["scores"] = [{"seat": s, "pips": e.counts[s]} for s in seats]
        out["teams"] = [{"team": k, "total": e.totals[k]} for k in (1, 2)]
        out["winner_team"] = e.winner_team
        out["points"] = e.points
    else:
        out["scores"] = [{"seat": s, "penalty": e.counts[s], "total": e.totals[s]} for s in seats]
    return out


def _match_end_json(e: TrainMatchEnd | LineMatchEnd) -> dict:
    key = "team" if isinstance(e, LineMatchEnd) else "seat"
    return {"winners": [{key: w} for w in e.winners]}


# ------------------------------------------------------------------ strings


#: A game's own words that the page uses where the game has them (``line.GAME.WORD``, the line
#: kit's: a Jamaican team is a «пара», its opener poses); the page falls back on phone.*.
GAME_WORDS = ("team", "opener", "log_opener", "six_love_reset")


def page_strings(catalog: Mapping[str, Mapping[str, Any]], language: str) -> dict[str, Any]:
    """The page's texts in ``language`` (English where one is missing), plural forms kept
    as dicts for the page to choose from by the same CLDR rules as ``game.i18n``, and each
    game's own words (``GAME_WORDS``) for every game the rules know."""
    here = catalog.get(language, {})
    english = catalog.get("en", {})
    out = {key: here.get(key, english.get(key, key)) for key in PAGE_KEYS}
    for kind in REASON_KINDS:  # issue 31: the hint's reasons, built as reasons.KIND
        key = f"reasons.{kind}"
        out[key] = here.get(key, english.get(key, key))
    for game in GAMES:
        for word in GAME_WORDS:
            key = f"line.{game}.{word}"
            text = here.get(key, english.get(key))
            if text is not None:
                out[key] = text
    return out
