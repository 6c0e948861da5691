"""The phones' server (issue 27): HTTP for the page, a WebSocket per phone, on its own thread.

The program's fixed-step loop talks to it through four calls that never block:
``publish(seat, state)`` hands over a seat's state (``protocol.phone_state``),
``poll()`` drains the phones' requests, already validated, and ``joined`` /
``connected`` say who is there.  Everything else (sockets, JSON, throttling,
takeovers) happens on the server's own asyncio loop in its own thread, which
never touches pygame or the session: a slow or hostile phone costs the frames
nothing.

What a request must pass before the loop ever sees it (docs/phones.md): the
seat's secret, a small size, the shape of its type, the throttle, and for a
decision that the seat is the one to act, that the state it answers is the
latest one published, and that the decision is one of those that state offered.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import socket
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from aiohttp import WSMsgType, web

from .guard import Door
from .checks import MAX_MESSAGE, REQUEST_KEYS, Bucket, PhoneRequest, Reject, WrongCodes, parse, request_for
from .page import PageFiles, static_dir
from .states import SeatStates
from .protocol import page_strings

_log = logging.getLogger(__name__)

#: What aiohttp itself accepts before it drops the connection (larger than MAX_MESSAGE,
#: so that a message just over the limit gets a readable error instead).
MAX_FRAME = 4096
#: The throttle: messages per second a connection may send on average, and in a burst.
RATE = 8.0
BURST = 16.0
#: At most this many requests wait for the loop; more are refused (the loop is behind).
QUEUE_LIMIT = 256
#: Seconds a new connection has to join before it is closed.
JOIN_TIMEOUT = 10.0
#: Seconds an idle keep-alive HTTP connection is kept (aiohttp's default is an hour).
KEEPALIVE_S = 10.0
#: Wrong codes from one address within a minute before that address must wait.
BAD_CODES_PER_MINUTE = 20
#: The secret's alphabet: no 0/O, 1/I/L, so that a code can be typed from the screen.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: 10 letters of 31: about 49.5 bits, and a wrong guess costs a throttled round trip.
CODE_LENGTH = 10

@dataclass(frozen=True)
class SeatInfo:
    """A phone seat as the join screen and the page name it."""

    name: str
    colour: str = "#C4A048"


def lan_address() -> str:
    """The machine's address on its local network, found without sending anything.

    A UDP socket "connected" to a private address asks the system for the route only;
    no packet leaves.  Without any route this is the loopback address.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
            if address and not address.startswith(("0.", "127.")):
                return address
        except OSError:
            continue
    return "127.0.0.1"


def _is_code(value: object) -> bool:
    return isinstance(value, str) and len(value) == CODE_LENGTH and all(c in CODE_ALPHABET for c in value)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class _Conn:
    """One phone's WebSocket on the server's loop."""

    def __init__(self, ws: web.WebSocketResponse, remote: str) -> None:
        self.ws = ws
        self.remote = remote
        self.seat: int | None = None
        self.lang = "en"
        self.bucket = Bucket(RATE, BURST)
        self.sent_rev = -1
        self.dropped = 0


class PhoneServer:
    """The HTTP and WebSocket server of the phone seats (see the module docstring).

    ``seats`` maps each phone seat (1-based) to its name; ``host`` None binds the LAN
    address (``lan_address``), ``port`` 0 a free port.  ``language`` is the program's, for
    a phone whose browser asks for none of ours; ``catalog`` the loaded locales
    (``game.i18n.load()`` by default).
    """

    def __init__(self, seats: Mapping[int, SeatInfo], host: str | None = None, port: int = 0, *,
                 language: str = "en", catalog: Mapping[str, Mapping[str, Any]] | None = None,
                 rate: float = RATE, burst: float = BURST, codes: Mapping[int, str] | None = None) -> None:
        if not seats:
            raise ValueError("a phone server needs at least one phone seat")
        self.seats = dict(seats)
        self.host = host
        self.port = port
        self.language = language
        self.rate, self.burst = rate, burst
        self._catalog = catalog
        self._lock = threading.Lock()
        # a resumed match keeps its phones' codes (``codes``), if they are codes of ours
        given = dict(codes or {})
        self._codes: dict[int, str] = {s: given[s] if _is_code(given.get(s)) else new_code() for s in self.seats}
        self._joined: set[int] = set()
        #: Seats with a phone connected now: replaced whole under the lock, read by the loop.
        self._connected_seats: set[int] = set()
        self._owner: dict[int, _Conn] = {}  # server thread only
        #: Each seat's latest state and its number (``states.SeatStates``).
        self.states = SeatStates()
        self._requests: deque[PhoneRequest] = deque()
        self._wrong_codes = WrongCodes(BAD_CODES_PER_MINUTE)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        #: The limits every connection keeps (headers in time, connections per address).
        self.door = Door()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._page = PageFiles()
        #: Counters for the benchmark and the tests: messages refused by the throttle, etc.
        self.stats = {"throttled": 0, "rejected": 0, "queued": 0, "queue_full": 0}
        #: Called on the server thread after a request is queued or a phone joins or leaves,
        #: so a resting loop wakes up (``App.wake``).
        self.on_change: Callable[[], None] | None = None

    # ------------------------------------------------------------ the loop's side

    def start(self) -> None:
        """Bind and serve on a thread of its own; returns once listening (or raises)."""
        if self._thread is not None:
            raise RuntimeError("the phone server is already running")
        if self.host is None:
            self.host = lan_address()
        self._page.load()
        self._ready.clear()
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(10.0)
        if self._error is not None:
            error, self._error = self._error, None
            self._thread.join(2.0)
            self._thread = None
            raise error
        if not self._ready.is_set():
            raise RuntimeError("the phone server did not start")

    def stop(self, reason: str = "quit") -> None:
        """Tell every phone why ("quit", "match_end"), close them, and end the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        try:
            future = asyncio.run_coroutine_threadsafe(self._shutdown(reason), loop)
            future.result(5.0)
        except Exception:  # noqa: BLE001 - stopping must never crash the program
            _log.exception("phone server shutdown")
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5.0)
        self._thread = None
        self._loop = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._ready.is_set()

    def url_for(self, seat: int) -> str:
        """The seat's join address, carrying its secret."""
        with self._lock:
            code = self._codes[seat]
        host = self.host or "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/j/{code}"

    def codes(self) -> dict[int, str]:
        """Every phone seat's current secret (kept with the autosave, for a resume)."""
        with self._lock:
            return dict(self._codes)

    def new_codes(self, seat: int | None = None) -> None:
        """Fresh secrets for ``seat`` (or every phone seat); phones holding the old ones are
        told and let go, and must scan the new code."""
        seats = list(self.seats) if seat is None else [seat]
        with self._lock:
            for s in seats:
                self._codes[s] = new_code()
                self._joined.discard(s)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._drop_seats, seats, "new_codes")

    def joined(self, seat: int) -> bool:
        """Whether a phone has joined the seat with its current code (it may be away now)."""
        with self._lock:
            return seat in self._joined

    def connected(self, seat: int) -> bool:
        """Whether the seat's phone is connected now."""
        with self._lock:
            return seat in self._connected_seats

    def publish(self, seat: int, state: dict | None) -> int:
        """Hand over ``seat``'s latest state (from ``protocol.phone_state``); it is sent to the
        phone now and again on every reconnect.  Returns the state's number ("rev")."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not on a phone")
        rev = self.states.publish(seat, state)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._push, seat)
        return rev

    def tell(self, seat: int, key: str) -> None:
        """Tell ``seat``'s phone, if connected, that its request was refused (``key``, a
        phone.* string): for the refusals only the table can make (issue 37)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._tell, seat, key)

    def _tell(self, seat: int, key: str) -> None:
        conn = self._owner.get(seat)
        if conn is not None:
            asyncio.ensure_future(self._error_to(conn, key))

    def poll(self) -> list[PhoneRequest]:
        """Every request that arrived since the last call, oldest first (never blocks)."""
        with self._lock:
            if not self._requests:
                return []
            out = list(self._requests)
            self._requests.clear()
        return out

    # ------------------------------------------------------------ the server thread

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._error = exc
            self._loop = None
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _serve(self) -> None:
        if self._catalog is None:
            from .. import i18n  # no pygame in it
            self._catalog = i18n.load()
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False,
                                     keepalive_timeout=KEEPALIVE_S)
        await self._runner.setup()
        handlers = self._runner.server
        assert handlers is not None  # made by setup()
        # aiohttp's connections behind the door's limits (issue 37: half-open requests);
        # reuse_address is the platform's default: a restart rebinds its port through TIME_WAIT
        self._listener = await asyncio.get_running_loop().create_server(
            self.door.wrap(handlers), self.host, self.port)
        if self._listener.sockets:
            self.port = self._listener.sockets[0].getsockname()[1]

    async def _shutdown(self, reason: str) -> None:
        for conn in list(self._owner.values()):
            await self._send(conn, {"type": "bye", "reason": reason})
            await conn.ws.close()
        self._owner.clear()
        with self._lock:
            self._connected_seats = set()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        self.door.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def make_app(self) -> web.Application:
        """The aiohttp application (the tests also drive it with aiohttp's test client)."""
        if self._catalog is None:
            from .. import i18n
            self._catalog = i18n.load()
        app = web.Application(middlewares=[PageFiles.headers], client_max_size=MAX_MESSAGE)
        self._page.add_routes(app)
        app.router.add_get("/ws", self._websocket)
        return app

    # ------------------------------------------------------------ WebSockets

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden()  # another site's page may not speak for a seat
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        conn = _Conn(ws, request.remote or "?")
        conn.bucket = Bucket(self.rate, self.burst)
        timer = asyncio.get_running_loop().call_later(JOIN_TIMEOUT, self._join_timeout, conn)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._receive(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    await self._receive(conn, None)
                else:
                    break
                if conn.seat is not None:
                    timer.cancel()
        finally:
            timer.cancel()
            self._forget(conn)
        return ws

    def _join_timeout(self, conn: _Conn) -> None:
        if conn.seat is None and not conn.ws.closed:
            asyncio.ensure_future(conn.ws.close())

    def _forget(self, conn: _Conn) -> None:
        seat = conn.seat
        if seat is not None and self._owner.get(seat) is conn:
            del self._owner[seat]
            with self._lock:
                self._connected_seats = self._connected_seats - {seat}
            self._changed()

    def _changed(self) -> None:
        """Tell the loop something came from a phone (``on_change``); never fails the server."""
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - a wake-up that fails costs a quarter second
                _log.exception("waking the loop")

    async def _receive(self, conn: _Conn, text: str | None) -> None:
        if not conn.bucket.take():
            # A flood costs this thread a few microseconds a message and the loop nothing.
            self.stats["throttled"] += 1
            if conn.bucket.warn_now():
                await self._error_to(conn, "phone.error_slow_down")
            return
        try:
            request = self._parse(conn, text)
            if request is None:
                return
            with self._lock:
                if len(self._requests) >= QUEUE_LIMIT:
                    self.stats["queue_full"] += 1
                    raise Reject("phone.error_slow_down")
                # held before the loop can poll the confirm: a hold after it could cover the
                # state the table publishes once the move is applied
                held = request.kind == "confirm" and self.states.hold(request.seat)
                self._requests.append(request)
            if held:
                self._push(request.seat)  # nothing offered until the table applies it
            self.stats["queued"] += 1
            self._changed()
        except Reject as exc:
            self.stats["rejected"] += 1
            if exc.delay:  # this connection reads nothing more meanwhile
                await asyncio.sleep(exc.delay)
            await self._error_to(conn, exc.key)
        except Exception:  # noqa: BLE001 - nothing a phone sends may bring the server down
            _log.exception("phone message")
            self.stats["rejected"] += 1
            await self._error_to(conn, "phone.error_bad_message")

    def _parse(self, conn: _Conn, text: str | None) -> PhoneRequest | None:
        """Check one message (``checks``); a join or a ping is answered here, a request returned."""
        msg = parse(text)
        kind = msg["type"]
        if kind == "ping":
            asyncio.ensure_future(self._send(conn, {"type": "pong"}))
            return None
        if kind == "join":
            self._join(conn, msg)
            return None
        seat = conn.seat
        if seat is None or self._owner.get(seat) is not conn:
            raise Reject("phone.error_join_first")
        return request_for(seat, msg, self.states.get(seat))

    def _join(self, conn: _Conn, msg: dict) -> None:
        code = msg.get("code")
        seat = None
        if isinstance(code, str) and len(code) <= 64:
            with self._lock:
                codes = dict(self._codes)
            for s, secret in codes.items():
                # compare every code in constant time, so the reply's timing tells nothing
                if secrets.compare_digest(code.upper().encode(), secret.encode()):
                    seat = s
        if seat is None:
            delay = self._wrong_codes.add(conn.remote)
            raise Reject("phone.error_too_many_tries" if delay else "phone.error_bad_code", delay)
        lang = msg.get("lang")
        conn.lang = lang if isinstance(lang, str) and lang in (self._catalog or {}) else self.language
        old = self._owner.get(seat)
        if old is not None and old is not conn:
            # A second phone with the same code takes the seat; the first is told so.
            old.seat = None
            asyncio.ensure_future(self._take_over(old))
        if conn.seat is not None and conn.seat != seat:
            self._forget(conn)
        conn.seat = seat
        conn.sent_rev = -1
        self._owner[seat] = conn
        with self._lock:
            self._joined.add(seat)
            self._connected_seats = self._connected_seats | {seat}
        self._changed()
        info = self.seats[seat]
        welcome = {"type": "welcome", "seat": seat, "name": info.name, "colour": info.colour,
                   "lang": conn.lang, "strings": page_strings(self._catalog or {}, conn.lang)}
        asyncio.ensure_future(self._welcome(conn, welcome))

    async def _welcome(self, conn: _Conn, welcome: dict) -> None:
        await self._send(conn, welcome)
        await self._send_state(conn)

    async def _take_over(self, old: _Conn) -> None:
        await self._send(old, {"type": "taken_over"})
        await old.ws.close()

    def _drop_seats(self, seats: list[int], reason: str) -> None:
        for s in seats:
            conn = self._owner.pop(s, None)
            with self._lock:
                self._connected_seats = self._connected_seats - {s}
            if conn is not None:
                conn.seat = None
                asyncio.ensure_future(self._bye(conn, reason))

    async def _bye(self, conn: _Conn, reason: str) -> None:
        await self._send(conn, {"type": "bye", "reason": reason})
        await conn.ws.close()

    def _push(self, seat: int) -> None:
        conn = self._owner.get(seat)
        if conn is not None:
            asyncio.ensure_future(self._send_state(conn))

    async def _send_state(self, conn: _Conn) -> None:
        seat = conn.seat
        if seat is None:
            return
        current = self.states.get(seat)
        if current is None:
            await self._send(conn, {"type": "state", "rev": 0, "state": None})
            return
        rev, state = current
        if rev == conn.sent_rev:
            return  # several publishes in one go: the newest is already on its way
        conn.sent_rev = rev
        await self._send(conn, {"type": "state", "rev": rev, "state": state})

    async def _error_to(self, conn: _Conn, key: str) -> None:
        await self._send(conn, {"type": "error", "key": key})

    @staticmethod
    async def _send(conn: _Conn, message: dict) -> None:
        if conn.ws.closed:
            return
        try:
            text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        except (TypeError, ValueError):
            _log.exception("a phone message that is not JSON: %r", message.get("type"))
            return
        try:
            await conn.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass  # the phone went away; it rejoins and gets the state again


#: Re-exported: the tests and the docs name them as the server's.
__all__ = ["MAX_MESSAGE", "REQUEST_KEYS", "PhoneRequest", "PhoneServer", "Reject", "SeatInfo", "lan_address",
           "new_code", "static_dir"]
