"""The table camera's gestures and buttons, one set for the table and the replay viewer.

Both scenes show the world through a ``Camera`` with the same buttons (zoom in and
out, fit all, follow, and on the table magnify) and the same wheel, pinch and
drag gestures.  They differ only in what a move by hand switches off
(``_user_moved``) and what fit all and follow show (``fit``, ``_follow_last``),
so those are the scene's own.  Nothing here touches the match (UX-7: the view only).
"""
from __future__ import annotations

from .. import intents as I
from ..table.camera import Camera

#: One press of a zoom button: a quarter of a doubling.
ZOOM_STEP = 2 ** 0.25
#: The intents that stand for a camera button (keys and pad buttons).
CAMERA_KEYS = {I.FIT: "fit", I.FOLLOW: "follow", I.MAGNIFY: "magnify"}


class CameraControls:
    """Mixed into a scene that has ``camera`` and ``follow`` (see the module docstring)."""

    camera: Camera
    follow: bool

    def _user_moved(self) -> None:
        """The view was moved by hand: the automatic view lets go."""
        raise NotImplementedError

    def fit(self) -> None:
        raise NotImplementedError

    def magnify(self) -> None:
        """The last play close up (the table only; the viewer has no such button)."""

    def _follow_last(self) -> None:
        raise NotImplementedError

    def camera_intent(self, intent: I.Intent) -> bool:
        """A wheel or pinch zoom, a pan, fit all, follow or magnify applied to the view; False
        for any other intent."""
        if intent.kind in CAMERA_KEYS:
            self.press_camera(CAMERA_KEYS[intent.kind])
            return True
        if intent.kind == I.ZOOM:
            self._user_moved()
            # over the hand or a bar the zoom is about the centre
            pos = intent.pos if intent.pos is not None and self.camera.contains(*intent.pos) else None
            self.camera.zoom_at(intent.factor, pos)
            return True
        if intent.kind == I.PAN:
            self._user_moved()
            self.camera.pan(*intent.delta)
            return True
        return False

    def press_camera(self, bid: str) -> None:
        """One of the camera buttons: ``zoom_in``, ``zoom_out``, ``fit``, ``magnify``, ``follow``."""
        if bid in ("zoom_in", "zoom_out"):
            self._user_moved()
            self.camera.zoom_at(ZOOM_STEP if bid == "zoom_in" else 1 / ZOOM_STEP)
        elif bid == "fit":
            self.fit()
        elif bid == "magnify":
            self.magnify()
        elif bid == "follow":
            self.toggle_follow()

    def toggle_follow(self) -> None:
        """Follow the last play, or stop following."""
        self.follow = not self.follow
        if self.follow:
            self._follow_last()
