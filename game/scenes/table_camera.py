"""The table's camera control (UX-7: the view only): the automatic view, fit all, magnify,
follow and the keys' pan.

The gestures and the camera buttons are ``CameraControls``'s, shared with the replay
viewer; what they switch off and what fit all, magnify and follow show is the
table's own, here.
"""
from __future__ import annotations

from .. import safe_area
from ..table.camera import fitting_zoom
from .table_room import TableRoom

KEY_PAN_PX = 80
#: How much closer Magnify brings the last play than the view it starts from, at least.
MAGNIFY_FACTOR = 2.0
MAGNIFY_MIN_ZOOM = 1.6


class TableCamera(TableRoom):
    """The table scene's camera part (see the module docstring)."""

    def _user_moved(self) -> None:
        self.auto_fit = False
        self.whole = False
        self.magnified = False

    def _key_pan(self, direction: str) -> None:
        dx, dy = {"left": (1, 0), "right": (-1, 0), "up": (0, 1), "down": (0, -1)}[direction]
        self._user_moved()
        self.camera.pan(dx * KEY_PAN_PX * self.u, dy * KEY_PAN_PX * self.u)

    def fit(self) -> None:
        """Fit all: the whole table, however small its tiles (until the view is moved)."""
        self.auto_fit = True
        self.whole = True
        self._fit(self._layout_now(), animate=True)

    def magnify(self) -> None:
        """Issue 11: the last play (or, before any, the seat to act) close up, to count its
        pips from the couch; pressed again, the automatic view comes back."""
        if self.magnified:
            self.magnified = False
            self.auto_fit, self.whole = True, False
            self._fit(self._layout_now(), animate=True)
            return
        lay, view = self._layout_now(), self.play.view()
        point = self.kit.follow_point(lay, view, None)
        seat = self.play.session.to_act()
        if point is None and seat is not None:
            point = self.kit.seat_point(lay, view, self.play, seat)
        if point is None:
            return
        self._user_moved()
        self.magnified = True
        zoom = max(self.camera.draw_zoom * MAGNIFY_FACTOR, MAGNIFY_MIN_ZOOM)
        self.camera.follow(point, min_zoom=zoom)

    def _fit(self, lay, animate: bool) -> None:
        """The automatic view: the whole table, but at a large interface size or on a TV never
        with tiles below ``READABLE_SHORT_PX`` times the scale (the table grows with the
        interface); then it centres on the last play, or shows what the layout says a player
        must keep in view (its ``keep``, if it has one: a line's two open ends).  Fit all
        shows everything."""
        keep = self.kit.keep_in_view(lay)
        # the larger floor of a large interface only where the view knows what to keep in
        # sight (a line whose seats are in the players panel): Mexican Train's trains run every
        # way from the station (at the larger floor they ran under the panels), and seats
        # round a line are on the felt because the whole table shows at the plain floor
        floor = None if self.whole else self._readable_zoom(large=keep is not None)
        if floor is not None and keep is not None and safe_area.tv_on(self.app.settings):
            # issue 40: on a TV both open ends beat the larger tiles of a large interface size
            # (at 200% one end lay under the players panel): as far down as the plain floor,
            # which is a TV's readable size already (TV_SCALE); a desktop keeps its larger
            # tiles with an end a pan away (issue 28 item 12)
            felt = self.camera.felt()
            floor = max(self._readable_zoom(large=False), min(floor, fitting_zoom(felt.width, felt.height, keep)))
        focus = self.kit.follow_point(lay, self.play.view(), self._me()) if floor else None
        self.camera.fit(lay.content, animate=animate, min_zoom=floor, focus=focus, keep=keep)

    def _follow_last(self) -> None:
        point = self.kit.follow_point(self._layout_now(), self.play.view(), self._me())
        if point is not None:
            self.camera.follow(point)
