"""The table's side of the phones (issue 27): phone seats' decisions, and their states.

A phone seat's decision source (``PhoneSource``) is registered in ``game.sources.SOURCES``
under the seat kind ``phone``, so the table's core waits at that seat's turn as it waits
for a computer, and takes the decision its phone confirmed.  ``PhoneLink`` sits between
the table (``PlayState``) and the server (``PhoneServer``): once a frame it hands the
phones' validated requests to the table, and publishes each phone seat's state again when
anything it shows has changed.  It never blocks: the server's ``poll`` and ``publish``
only take a lock.

Previews stay on the phone's side of the link (UX-1: the phone shows them and the big
screen shows them as a ghost, ``PhoneLink.previews``); only a confirmed decision reaches
the table, and the rules check it again when it is applied.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Sequence

from rules.actions import Action

from ..hints import suggestion
from ..phases import AWAY, DEAL_END
from ..seats import PHONE, SeatConfig
from ..sources import SOURCES, DecisionSource
from .coach import PhoneCoach
from .protocol import phone_state
from .server import PhoneRequest, PhoneServer, SeatInfo


log = logging.getLogger(__name__)


class PhoneSource(DecisionSource):
    """A human on a phone: the decision the phone confirmed, for the position it saw."""

    #: With no human at the device, a deal's end waits for a phone's Continue.
    answers_deal_end = True
    #: A decision from a phone that fails to apply is dropped and its phone told; it never
    #: stops the table (issue 37: with phones only, nobody is at the big screen to rescue it).
    guarded = True

    def __init__(self) -> None:
        #: (log position, action): confirmed on the phone, not yet applied.
        self._confirmed: tuple[int, Action] | None = None
        #: Locale keys to tell this seat's phone (a confirmed decision that could not be applied).
        self.problems: list[str] = []
        #: Counts the positions the table has left (every move, undo, redo and restart calls
        #: ``forget``): a preview made at another count answers a position that is gone.
        self.position = 0

    def confirm(self, cursor: int, action: Action) -> None:
        self._confirmed = (cursor, action)

    def applying(self, cursor: int) -> bool:
        """A decision confirmed for the position ``cursor`` waits to be applied (the table
        holds it while the last move lands): the phone is offered nothing until it is."""
        return self._confirmed is not None and self._confirmed[0] == cursor

    def decide(self, session: Any, seat: int) -> Action | None:
        if self._confirmed is None:
            return None
        cursor, action = self._confirmed
        if cursor != session.cursor:
            self._confirmed = None  # made for a position that is gone (an undo elsewhere)
            return None
        self._confirmed = None
        return action

    def refused(self, key: str) -> None:
        """The confirmed decision could not be applied: drop it and tell the phone."""
        self._confirmed = None
        self.problems.append(key)

    def forget(self) -> None:
        self._confirmed = None
        self.position += 1


SOURCES[PHONE] = lambda seat: PhoneSource()


@dataclass(frozen=True)
class Preview:
    """A phone's previewed decision (UX-1), and the position it was made on: it is shown only
    while that position stands, so no preview outlives the state it answered (issue 37)."""

    action: Action
    hint: bool
    #: the seat's ``PhoneSource.position`` when it was made
    position: int


def hex_colour(rgb: Sequence[int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb[:3])


class PhoneLink:
    """Phone seats of one table: requests in, states out, once a frame (``sync``)."""

    def __init__(self, play: Any, server: PhoneServer, *, palette: str = "standard",
                 style: str = "pips") -> None:
        self.play = play
        self.server = server
        self.palette = palette
        self.style = style
        self.seats = [s for s in range(1, len(play.seats) + 1) if play.seats[s - 1].kind == PHONE]
        #: seat -> each phone's previewed decision (UX-1), read through ``preview_for``.
        self.previews: dict[int, Preview] = {}
        #: seat -> (what the state showed, the number the server gave it)
        self._published: dict[int, tuple[tuple, int]] = {}
        #: the coach reports the phones asked for at this deal's end
        self.coach = PhoneCoach()

    @classmethod
    def seat_infos(cls, seats: Sequence[SeatConfig]) -> dict[int, SeatInfo]:
        from ..seats import seat_colour
        return {i: SeatInfo(s.name, hex_colour(seat_colour(i)))
                for i, s in enumerate(seats, 1) if s.kind == PHONE}

    # ------------------------------------------------------------ a frame

    def sync(self) -> None:
        """Hand the phones' requests to the table, then publish what changed."""
        for request in self.server.poll():
            self.handle(request)
        self.publish()

    def publish(self) -> None:
        """Each phone seat's state again, where anything it shows has changed.  A failure for
        one seat is logged and costs that seat this state only (issue 37)."""
        for seat in self.seats:
            source = self._source(seat)
            if source is not None and source.problems:
                for key in source.problems:
                    self.server.tell(seat, key)
                source.problems.clear()
            try:
                self._publish(seat)
            except Exception:  # noqa: BLE001 - nothing about a phone may stop the table
                log.exception("publishing seat %s's state", seat)
                self._published.pop(seat, None)

    def handle(self, request: PhoneRequest) -> None:
        """One request from a phone.  Any failure in it is logged, the request dropped and the
        phone told; it never reaches the table's frame (issue 37)."""
        try:
            refused = self._handle(request)
        except Exception:  # noqa: BLE001 - nothing a phone sends may stop the table
            log.exception("a request from seat %s's phone (%s)", request.seat, request.kind)
            self.previews.pop(request.seat, None)
            refused = "phone.error_failed"
        if refused is not None and request.seat in self.seats:
            self.server.tell(request.seat, refused)
            self._published.pop(request.seat, None)  # its state is sent again, as it is now

    def _handle(self, request: PhoneRequest) -> str | None:
        """Carry out ``request``; the locale key of why it was refused, or None."""
        seat, kind = request.seat, request.kind
        play = self.play
        if seat not in self.seats:
            return None  # the seat was handed to the device or a computer (PhonesHost.release)
        if kind == "coach":
            if play.phase != DEAL_END:
                return "phone.error_not_offered"
            self.coach.ask(play.session, seat)
            return None
        if kind == "continue":
            if not self._may_continue():
                return "phone.error_not_offered"
            play.continue_after_deal()  # the big screen's score screen steps aside by itself
            return None
        if kind == "undo":
            self.previews.pop(seat, None)
            return None if play.undo_for(seat) else "phone.error_not_offered"
        if self._applying(seat):
            return "phone.error_applying"  # one decision at a time: the confirmed one lands first
        if not self._may_decide(seat):
            self.previews.pop(seat, None)
            return "phone.error_stale"  # the position moved on since the phone's state
        cursor = play.session.cursor
        position = self._position(seat)
        if kind == "preview" and request.action is not None:
            if request.action not in self._offered():
                return "phone.error_not_offered"
            self.previews[seat] = Preview(request.action, False, position)
        elif kind == "cancel":
            self.previews.pop(seat, None)
        elif kind == "hint":  # the coach's own judgement on this seat's view, as at the device
            action = suggestion(play.session, play.session.view(seat))
            if action is not None:
                self.previews[seat] = Preview(action, True, position)
        elif kind == "confirm" and request.action is not None:
            pending = self.preview_for(seat)
            self.previews.pop(seat, None)
            if pending is None or pending != request.action:
                return "phone.error_preview_first"
            source = self._source(seat)
            if source is not None:
                source.confirm(cursor, request.action)
        return None

    def preview_for(self, seat: int) -> Action | None:
        """``seat``'s previewed decision, if it still answers the position on the table: the
        seat to act, the same position, one of the decisions offered; a preview made on any
        other position is dropped here, so nothing draws a tile where it no longer fits."""
        preview = self.previews.get(seat)
        if preview is None:
            return None
        if (preview.position != self._position(seat) or not self._may_decide(seat) or self._applying(seat)
                or preview.action not in self._offered()):
            del self.previews[seat]
            return None
        return preview.action

    def drop_preview(self, seat: int | None, key: str) -> None:
        """Forget ``seat``'s preview (the table could not show it) and tell its phone why."""
        if seat is not None and self.previews.pop(seat, None) is not None and seat in self.seats:
            self.server.tell(seat, key)
            self._published.pop(seat, None)

    def _offered(self) -> list[Action]:
        return self.play.session.legal_actions()

    def _source(self, seat: int) -> PhoneSource | None:
        source = self.play.sources[seat - 1]
        return source if isinstance(source, PhoneSource) else None

    def _position(self, seat: int) -> int:
        source = self._source(seat)
        return source.position if source is not None else -1

    def _applying(self, seat: int) -> bool:
        source = self._source(seat)
        return source is not None and source.applying(self.play.session.cursor)

    def _may_continue(self) -> bool:
        """A phone moves the table on from a deal's end when nobody is at the device to."""
        return self.play.phase == DEAL_END and not self.play.humans

    def _may_decide(self, seat: int) -> bool:
        play = self.play
        return play.phase == AWAY and play.session.to_act() == seat

    # ------------------------------------------------------------ states

    def state_for(self, seat: int) -> dict:
        """``seat``'s phone state now, from its own view (UX-4)."""
        play = self.play
        names = [s.name for s in play.seats]
        if play.phase == DEAL_END:
            view = play.view_at_deal_end(seat)
            return phone_state(view, seat, names=names, legal=(), palette=self.palette, style=self.style,
                               coach=True, coach_report=self.coach.report_json(play.session, seat),
                               can_continue=self._may_continue())
        applying = self._applying(seat)
        mine = self._may_decide(seat) and not applying
        pending = self.preview_for(seat)
        preview = self.previews.get(seat)
        return phone_state(play.session, seat, names=names, legal=None if mine else (),
                           pending=pending, pending_is_hint=bool(preview and preview.hint),
                           can_hint=mine, can_undo=play.undo_count(seat) > 0 and not applying,
                           applying=applying, palette=self.palette, style=self.style)

    def _publish(self, seat: int) -> None:
        play = self.play
        if play.phase != DEAL_END:
            self.coach.drop()  # the coach speaks of the deal just over, at its end only
        key = (play.session.cursor, id(play.session.state), play.phase, self.preview_for(seat),
               self._applying(seat), play.reveals_seen, self.coach.status(seat), len(play.humans))
        published = self._published.get(seat)
        # the server may have held the seat's state since (a confirm it accepted): then the
        # state is sent again even if the table shows the same
        if published is not None and published[0] == key and self.server.states.rev_of(seat) == published[1]:
            return
        rev = self.server.publish(seat, self.state_for(seat))
        self._published[seat] = (key, rev)
