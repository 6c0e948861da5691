"""What a phone's message must pass before the program's loop sees it (issue 27).

Pure checks, no sockets and no threads, so the server's session code stays short and the
rules of admission read in one place (docs/phones.md, "From the phone"): the size, the
JSON shape of each type, the throttle (``Bucket``), wrong codes per address
(``WrongCodes``), and for a decision that the seat acts now, answers the latest state
published for it, and names one of the decisions that state offered.
"""
from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Mapping

from rules.actions import Action

from .protocol import action_of, canonical

#: The largest message a phone may send, in bytes of text: a decision is about 100.
MAX_MESSAGE = 512

#: Request types a phone may send, and the keys each may carry.
REQUEST_KEYS: dict[str, frozenset[str]] = {
    "join": frozenset({"type", "code", "lang"}),
    "preview": frozenset({"type", "rev", "index", "action"}),
    "confirm": frozenset({"type", "rev", "index", "action"}),
    "cancel": frozenset({"type", "rev"}),
    "hint": frozenset({"type", "rev"}),
    "undo": frozenset({"type", "rev"}),
    "coach": frozenset({"type", "rev"}),
    "continue": frozenset({"type", "rev"}),
    "ping": frozenset({"type"}),
}

#: Requests that need the state to offer them (its flag of the same name), in or out of turn.
OFFERED_FLAGS = {"undo": "undo", "coach": "coach", "continue": "continue"}


@dataclass(frozen=True)
class PhoneRequest:
    """One validated request from a seat's phone, for the loop.

    ``kind`` is "preview", "confirm", "cancel", "hint", "undo", "coach" or "continue".
    ``action`` (preview, confirm) is one of the decisions offered in the state whose
    number is ``rev``, and ``index`` its place in that state's "legal" list.
    """

    seat: int
    kind: str
    rev: int
    action: Action | None = None
    index: int | None = None


class Reject(Exception):
    """A request refused; ``key`` is the phone.* string the phone shows, after ``delay``
    seconds (wrong codes are answered slowly, issue 37)."""

    def __init__(self, key: str, delay: float = 0.0) -> None:
        super().__init__(key)
        self.key = key
        self.delay = delay


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    __slots__ = ("tokens", "at", "rate", "burst", "warned")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        #: when the phone was last told to slow down (once a second at most)
        self.warned = 0.0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def warn_now(self) -> bool:
        """Whether a refused message should be answered (once a second): a flood costs a few
        microseconds a message and one reply a second."""
        now = time.monotonic()
        if now - self.warned > 1.0:
            self.warned = now
            return True
        return False


class WrongCodes:
    """Wrong codes per address within a minute: past ``limit``, each further wrong code is
    answered more slowly (up to ``MAX_DELAY_S``), so guessing costs time.  A right code is
    never slowed or refused (issue 37: a family behind one address, or a guest's typo, must
    not shut the player with the right code out)."""

    #: The longest a wrong code's answer waits, seconds.
    MAX_DELAY_S = 8.0

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._seen: dict[str, deque[float]] = {}

    def add(self, remote: str) -> float:
        """Count a wrong code from ``remote``; the seconds its answer should wait."""
        bad = self._seen.setdefault(remote, deque())
        now = time.monotonic()
        while bad and now - bad[0] > 60.0:
            bad.popleft()
        bad.append(now)
        if len(self._seen) > 4096:  # a flood of addresses: forget the quiet ones
            for key in [k for k, v in self._seen.items() if not v or now - v[-1] > 60.0]:
                del self._seen[key]
        excess = len(bad) - self.limit
        return 0.0 if excess <= 0 else min(self.MAX_DELAY_S, 0.25 * 2 ** min(excess, 6))


def parse(text: str | None) -> dict[str, Any]:
    """A message's JSON, if it is small, an object, of a known type with only its keys."""
    if text is None or len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
        raise Reject("phone.error_too_big" if text is not None else "phone.error_bad_message")
    try:
        msg = json.loads(text)
    except ValueError:
        raise Reject("phone.error_bad_message") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str) or msg["type"] not in REQUEST_KEYS:
        raise Reject("phone.error_bad_message")
    if set(msg) - REQUEST_KEYS[msg["type"]]:
        raise Reject("phone.error_bad_message")
    return msg


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def request_for(seat: int, msg: Mapping[str, Any], current: tuple[int, dict] | None) -> PhoneRequest:
    """The request of a joined ``seat``'s decision message ``msg``, checked against the state
    last published for it (``current``: its number and the state), or ``Reject``."""
    kind = msg["type"]
    rev = msg.get("rev")
    if not _whole(rev):
        raise Reject("phone.error_bad_message")
    if kind in ("preview", "confirm"):
        # the shape first: a decision names its index, its action, or both
        index, given = msg.get("index"), msg.get("action")
        if index is None and given is None:
            raise Reject("phone.error_bad_message")
        if index is not None and not _whole(index):
            raise Reject("phone.error_bad_message")
        if given is not None and not isinstance(given, dict):
            raise Reject("phone.error_bad_message")
    if current is None:
        raise Reject("phone.error_not_your_turn")
    state_rev, state = current
    if rev != state_rev:
        raise Reject("phone.error_stale")
    if kind in OFFERED_FLAGS:
        if not state.get(OFFERED_FLAGS[kind]):
            raise Reject("phone.error_not_offered")
        return PhoneRequest(seat, kind, rev)
    if not state.get("my_turn"):
        raise Reject("phone.error_not_your_turn")
    if kind == "hint":
        if not state.get("hint"):
            raise Reject("phone.error_not_offered")
        return PhoneRequest(seat, kind, rev)
    if kind == "cancel":
        return PhoneRequest(seat, kind, rev)
    index = decision_index(msg, state.get("legal") or [])
    if kind == "confirm" and state.get("pending") != index:
        raise Reject("phone.error_preview_first")  # UX-1: only the previewed decision
    return PhoneRequest(seat, kind, rev, action_of(state["legal"][index]), index)


def decision_index(msg: Mapping[str, Any], legal: list) -> int:
    """The place in ``legal`` of the decision ``msg`` names by index, by action, or both."""
    index = msg.get("index")
    given = msg.get("action")
    if index is not None:
        if not _whole(index):
            raise Reject("phone.error_bad_message")
        if not 0 <= index < len(legal):
            raise Reject("phone.error_not_offered")
        if given is not None and canonical(given) != canonical(legal[index]):
            raise Reject("phone.error_not_offered")
        return index
    if not isinstance(given, dict):
        raise Reject("phone.error_bad_message")
    text = canonical(given)
    for i, offered in enumerate(legal):
        if canonical(offered) == text:
            return i
    raise Reject("phone.error_not_offered")
