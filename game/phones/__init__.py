"""Every hand on its owner's phone (issue 27): the server, the phone's state and the join codes.

- ``server.PhoneServer``: HTTP and WebSocket on a thread of its own; the loop calls
  ``publish`` and ``poll`` and never waits on it.
- ``protocol.phone_state``: a seat's state for its phone, from ``view(seat)`` alone.
- ``qr``: join QR codes (segno), as PNG bytes or a pygame Surface.

Nothing here imports pygame at import time (``qr.qr_surface`` does when called), so the
server thread never touches it.  The protocol is documented in docs/phones.md.
"""
