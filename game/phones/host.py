"""The phones of the match in progress (issue 27): started with a match that has a phone
seat, stopped when none is left, and kept across a resume with the same codes.

The App owns one ``PhonesHost``.  ``attach(play)`` is called whenever a match is put on
the table: with phone seats it starts the server (once) and links it to the table; with
none it stops the server, so nothing listens while no seat is on a phone.  ``sync`` runs
once a frame; it never blocks.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Callable, Mapping

from .link import PhoneLink
from .server import BURST, RATE, PhoneServer, SeatInfo

log = logging.getLogger(__name__)


class PhonesHost:
    """The server and the link of the match on the table, if it has phone seats."""

    def __init__(self, *, host: str | None = None, port: int = 0, language: str = "en",
                 join_file: str | None = None, limits: Mapping[str, float] | None = None,
                 wake: Callable[[], None] | None = None) -> None:
        self.host = host
        #: Called from the server's thread when a phone sends something, joins or leaves:
        #: the program's loop, resting, wakes at once (``App.wake``).
        self.wake = wake
        #: The server's per-phone message rate and burst (``PhoneServer``'s ``rate``, ``burst``).
        self.limits = dict(limits or {})
        self.port = port
        self.language = language
        self.join_file = join_file
        self.server: PhoneServer | None = None
        self.link: PhoneLink | None = None
        #: The codes a resumed match's phones join with again (the autosave's meta).
        self.codes: dict[int, str] = {}
        #: Why the server could not start (shown to the host), or None.
        self.problem: str | None = None
        #: Something the join screen tells the host (locale key, params), or None: the
        #: settings' port was taken, and the phones use another one this time.
        self.notice: tuple[str, dict] | None = None
        #: What the join screen says when the wanted port is taken: the settings' port, or
        #: (a resumed match) the port its phones had before (``phone.port_moved``).
        self.port_notice = "phone.port_taken"

    def attach(self, play: Any, codes: Mapping[int, str] | None = None) -> None:
        """Link ``play``'s phone seats (restarting the server if the seats changed)."""
        seats = PhoneLink.seat_infos(play.seats)
        if not seats:
            self.stop("match_end")
            return
        if self.server is not None and set(self.server.seats) != set(seats):
            self.stop("match_end")
        if self.server is None:
            server = self._start(seats, codes)
            if server is None:
                return
            self.server, self.problem = server, None
            fresh = True
        else:
            fresh = False
        self.link = PhoneLink(play, self.server)
        self.link.publish()  # a phone that joins at once finds its seat's state waiting
        self.codes = self.server.codes()
        if fresh:
            self.write_join_file()

    def _start(self, seats: Mapping[int, SeatInfo], codes: Mapping[int, str] | None) -> PhoneServer | None:
        """The server, listening on the chosen port, or on any free one when that one is taken
        (the join screen says so); None when it cannot listen at all (no network): the host
        is told and play goes on, never a crash."""
        self.notice = None
        ports = [self.port, 0] if self.port else [0]
        for port in ports:
            server = PhoneServer(seats, self.host, port, language=self.language,
                                 codes=dict(codes or {}), rate=self.limits.get("rate", RATE),
                                 burst=self.limits.get("burst", BURST))
            server.on_change = self.wake
            try:
                server.start()
            except OSError as e:
                log.warning("the phone server could not listen on port %s: %s", port or "any", e)
                self.problem = str(e)
                continue
            if port != self.port:
                self.notice = (self.port_notice, {"port": self.port, "used": server.port})
            return server
        return None

    def sync(self) -> None:
        if self.link is not None:
            self.link.sync()

    def publish(self) -> None:
        """After the table moved in this step: the next seat's phone is told at once."""
        if self.link is not None:
            self.link.publish()

    def release(self, seat: int) -> None:
        """``seat`` is no longer on a phone: its phone gets no state and no say (its decisions
        are refused as out of turn); the other phones keep their codes and connections."""
        if self.link is not None:
            self.link.seats = [s for s in self.link.seats if s != seat]
            self.link.previews.pop(seat, None)
        if self.server is not None and seat in self.server.seats:
            self.server.publish(seat, None)
        if self.link is not None and not self.link.seats:
            self.stop("match_end")  # no seat is on a phone any more: nothing listens

    def all_here(self) -> bool:
        """Every phone seat's phone is connected now (False while the server is down)."""
        server = self.server
        return server is not None and all(server.connected(s) for s in self.phone_seats())

    def phone_seats(self) -> list[int]:
        """The seats on phones now (a seat handed to the device or a computer is not)."""
        if self.server is None:
            return []
        return list(self.link.seats) if self.link is not None else list(self.server.seats)

    def stop(self, reason: str = "quit") -> None:
        if self.server is not None:
            self.server.stop(reason)
        self.server = self.link = None

    def join_entries(self) -> list[dict]:
        """One entry per phone seat: its seat, name and join address (``--phones-file``)."""
        if self.server is None:
            return []
        return [{"seat": s, "name": self.server.seats[s].name, "url": self.server.url_for(s)}
                for s in sorted(self.phone_seats())]

    def write_join_file(self) -> None:
        """The join addresses, for a scripted start (``--phones-file``), written whole."""
        if not self.join_file:
            return
        path = Path(self.join_file)
        tmp = path.with_name(path.name + ".tmp")
        try:  # written whole, then renamed: a script polling for it never reads half of it
            tmp.write_text(json.dumps(self.join_entries(), indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            log.warning("could not write %s: %s", path, e)
