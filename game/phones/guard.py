"""The phone server's door (issue 37): no connection may hold the program's sockets open for
nothing, and none of them may shut the right player out.

aiohttp reads a request for as long as its sender takes: 300 sockets that sent half a
request line stayed open for good, and a few hundred more would have used up the program's
file handles.  ``Door`` stands in front of each of aiohttp's connections (``Guarded``, an
asyncio protocol that hands every call on to aiohttp's own) and keeps three limits:

- a request's headers must be complete within ``HEADERS_S`` seconds of the connection;
- a plain HTTP connection (the page's files) lives at most ``HTTP_LIFE_S`` seconds; a
  WebSocket has its own join timeout and heartbeat (``server``);
- at most ``PER_ADDRESS`` connections from one address, and ``TOTAL`` in all: past the total,
  the oldest connection still sending its headers makes room for the new one, so a flood
  of half-open sockets can delay a phone by a retry but never keep it out.

The door never reads a message: it counts bytes only up to the end of the first headers.
"""
from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any, Callable

_log = logging.getLogger(__name__)

#: Seconds a new connection has to send its first request's headers.
HEADERS_S = 5.0
#: Seconds a connection that is not a WebSocket may stay open (the page's files take less than one).
HTTP_LIFE_S = 60.0
#: Connections at once from one address (a phone opens two or three while its page loads).
PER_ADDRESS = 32
#: Connections at once in all: the program's file handles stay well inside the usual 1,024.
TOTAL = 256
#: The end of a request's headers, and how much of the start is looked at to find it.
_END = b"\r\n\r\n"
_HEAD_LIMIT = 16384


class Door:
    """The server's connections now, and the limits they keep (see the module docstring)."""

    def __init__(self, *, headers_s: float = HEADERS_S, http_life_s: float = HTTP_LIFE_S,
                 per_address: int = PER_ADDRESS, total: int = TOTAL) -> None:
        self.headers_s, self.http_life_s = headers_s, http_life_s
        self.per_address, self.total = per_address, total
        self.open: dict[Guarded, None] = {}  # in the order they came: the oldest first
        self.by_address: Counter[str] = Counter()
        #: Counters for the tests and the benchmark.
        self.stats = {"refused": 0, "evicted": 0, "timed_out": 0}

    def wrap(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server``: aiohttp's handler behind the door."""
        return lambda: Guarded(make(), self)

    def admit(self, conn: Guarded) -> bool:
        if self.by_address[conn.address] >= self.per_address:
            self.stats["refused"] += 1
            return False
        if len(self.open) >= self.total and not self._evict_one():
            self.stats["refused"] += 1
            return False
        self.open[conn] = None
        self.by_address[conn.address] += 1
        return True

    def _evict_one(self) -> bool:
        """Close the oldest connection that has not finished its headers; False if none."""
        for conn in self.open:
            if conn.waiting_headers:
                self.stats["evicted"] += 1
                conn.close()
                return True
        return False

    def release(self, conn: Guarded) -> None:
        if conn in self.open:
            del self.open[conn]
            self.by_address[conn.address] -= 1
            if self.by_address[conn.address] <= 0:
                del self.by_address[conn.address]

    def close_all(self) -> None:
        for conn in list(self.open):
            conn.close()


class Guarded(asyncio.Protocol):
    """One connection: aiohttp's protocol ``inner`` behind the ``door``'s limits."""

    def __init__(self, inner: Any, door: Door) -> None:
        self.inner = inner
        self.door = door
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.waiting_headers = True
        self._head = b""
        self._timer: asyncio.TimerHandle | None = None
        self._admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"
        if not self.door.admit(self):
            transport.abort()
            return
        self._admitted = True
        self._timer = asyncio.get_running_loop().call_later(self.door.headers_s, self._too_slow)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        if self.waiting_headers:
            self._head = (self._head + data)[:_HEAD_LIMIT]
            if _END in self._head:
                self._headers_done()
        self.inner.data_received(data)

    def _headers_done(self) -> None:
        self.waiting_headers = False
        websocket = self._head.startswith(b"GET /ws ") or self._head.startswith(b"GET /ws?")
        self._head = b""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not websocket:  # the page's files: a short life, then the browser opens another
            self._timer = asyncio.get_running_loop().call_later(self.door.http_life_s, self.close)

    def _too_slow(self) -> None:
        self.door.stats["timed_out"] += 1
        self.close()

    def close(self) -> None:
        self.door.release(self)  # counted out now: the loop reports the loss a moment later
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()

    def eof_received(self) -> bool | None:
        if not self._admitted:
            return None
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.door.release(self)
        if self._admitted:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self._admitted:
            self.inner.resume_writing()
