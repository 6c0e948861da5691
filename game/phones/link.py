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

from typing import Any, Sequence

from rules import bots
from rules.actions import Action
from rules.rng import stream

from ..phases import AWAY, DEAL_END
from ..seats import PHONE, SeatConfig
from ..sources import SOURCES, DecisionSource
from .coach import PhoneCoach
from .protocol import phone_state
from .server import PhoneRequest, PhoneServer, SeatInfo


class PhoneSource(DecisionSource):
    """A human on a phone: the decision the phone confirmed, for the position it saw."""

    #: With no human at the device, a deal's end waits for a phone's Continue.
    answers_deal_end = True

    def __init__(self) -> None:
        #: (log position, action): confirmed on the phone, not yet applied.
        self._confirmed: tuple[int, Action] | None = None

    def confirm(self, cursor: int, action: Action) -> None:
        self._confirmed = (cursor, action)

    def decide(self, session: Any, seat: int) -> Action | None:
        if self._confirmed is None or self._confirmed[0] != session.cursor:
            return None
        action = self._confirmed[1]
        self._confirmed = None
        return action

    def forget(self) -> None:
        self._confirmed = None


SOURCES[PHONE] = lambda seat: PhoneSource()


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
        #: seat -> (action, from a hint): each phone's previewed decision (UX-1).
        self.previews: dict[int, tuple[Action, bool]] = {}
        self._published: dict[int, tuple] = {}
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
        """Each phone seat's state again, where anything it shows has changed."""
        for seat in self.seats:
            self._publish(seat)

    def handle(self, request: PhoneRequest) -> None:
        seat, kind = request.seat, request.kind
        play = self.play
        if seat not in self.seats:
            return  # the seat was handed to the device or a computer (PhonesHost.release)
        if kind == "coach":
            if play.phase == DEAL_END:
                self.coach.ask(play.session, seat)
            return
        if kind == "continue":
            if self._may_continue():
                play.continue_after_deal()  # the big screen's score screen steps aside by itself
            return
        if not self._may_decide(seat) and kind != "undo":
            self.previews.pop(seat, None)
            return  # the position moved on since the phone's state: its next state says so
        if kind == "preview" and request.action is not None:
            self.previews[seat] = (request.action, False)
        elif kind == "cancel":
            self.previews.pop(seat, None)
        elif kind == "hint":
            view = play.session.view(seat)
            action = bots.hint(view, stream(play.session.config.seed, "hint", play.session.cursor))
            if action in view.legal:
                self.previews[seat] = (action, True)
        elif kind == "confirm" and request.action is not None:
            pending = self.previews.pop(seat, None)
            if pending is not None and pending[0] == request.action:
                source = play.sources[seat - 1]
                if isinstance(source, PhoneSource):
                    source.confirm(play.session.cursor, request.action)
        elif kind == "undo":
            self.previews.pop(seat, None)
            play.undo_for(seat)

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
        mine = self._may_decide(seat)
        preview = self.previews.get(seat)
        return phone_state(play.session, seat, names=names, legal=None if mine else (),
                           pending=preview[0] if preview else None,
                           pending_is_hint=bool(preview and preview[1]),
                           can_hint=mine, can_undo=play.undo_count(seat) > 0,
                           palette=self.palette, style=self.style)

    def _publish(self, seat: int) -> None:
        play = self.play
        if play.phase != DEAL_END:
            self.coach.drop()  # the coach speaks of the deal just over, at its end only
        key = (play.session.cursor, id(play.session.state), play.phase, self.previews.get(seat),
               play.reveals_seen, self.coach.status(seat), len(play.humans))
        if self._published.get(seat) == key:
            return
        self._published[seat] = key
        self.server.publish(seat, self.state_for(seat))
