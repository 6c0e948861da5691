"""Every hand on its owner's phone (issue 27): the server, the phone's state and the join codes.

- ``server.PhoneServer``: HTTP and WebSocket on a thread of its own; the loop calls
  ``publish`` and ``poll`` and never waits on it.
- ``protocol.phone_state``: a seat's state for its phone, from ``view(seat)`` alone.
- ``qr``: join QR codes (segno), as PNG bytes or a pygame Surface.

Nothing here imports pygame at import time (``qr.qr_surface`` does when called), so the
server thread never touches it.  The protocol is documented in docs/phones.md.
"""
from __future__ import annotations

#: The phones' ports the settings offer ("phones_port"): 0 is any free port, chosen when the
#: server starts; a fixed one keeps the join addresses the same from one evening to the next
#: (a phone's bookmark, a router's rule).
PORT_CHOICES: tuple[int, ...] = (0, 8765, 8080, 8888, 9000)


def port_choices(current: object) -> list[int]:
    """The ports the settings row offers: ``PORT_CHOICES``, and the stored one if it is another."""
    ports = list(PORT_CHOICES)
    if isinstance(current, int) and not isinstance(current, bool) and current not in ports:
        ports.append(current)
    return ports
