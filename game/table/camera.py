"""The table camera: zoom, pan, fit-all and follow-the-last-play (UX-7: view only).

The camera maps world coordinates (``layout``) to the screen's table area.
Its zoom is continuous, but drawing uses the nearest *zoom step* (2^(k/8)), so
that tile sprites can be cached per step (NOTES.md) and positions agree with
the sprite sizes.  Fit and follow glide to their goal with an exponential ease
advanced in the loop's fixed steps.  Nothing here can touch the match.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

#: a world rectangle: x, y, width, height
Rect4 = tuple[float, float, float, float]

STEPS_PER_DOUBLING = 8
MIN_ZOOM = 0.2
MAX_ZOOM = 4.0
#: ``fit`` shows the whole table at down to this share of its ``min_zoom`` floor, rather than
#: a readable part of it (the rounding to zoom steps alone can cost 9% at each end)
FLOOR_SLACK = 0.85


def zoom_step(zoom: float) -> int:
    """The index k of the zoom step 2^(k/8) nearest to ``zoom``."""
    return round(math.log2(max(zoom, 1e-6)) * STEPS_PER_DOUBLING)


def step_zoom(k: int) -> float:
    return 2.0 ** (k / STEPS_PER_DOUBLING)


def fitting_zoom(clear_w: float, clear_h: float, bounds: Rect4, margin: float = 0.03) -> float:
    """The largest zoom step that shows ``bounds`` whole in a clear area of that size."""
    _x, _y, w, h = bounds
    zoom = min(max(1.0, clear_w) * (1 - 2 * margin) / max(w, 1), max(1.0, clear_h) * (1 - 2 * margin) / max(h, 1))
    zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
    return step_zoom(math.floor(math.log2(zoom) * STEPS_PER_DOUBLING + 1e-9))


def whole_at(zoom: float, min_zoom: float | None) -> bool:
    """Whether ``fit`` shows the table whole at ``zoom`` (not cut at the readable floor)."""
    return min_zoom is None or zoom >= min_zoom * FLOOR_SLACK


@dataclass(frozen=True)
class Felt:
    """The clear felt the automatic view fits the table into (the viewport less the panels,
    ``Camera.safe``), in pixels, and the zoom below which tiles are not readable there (None:
    any zoom).  A kit lays the table out for it: the line games leave the seats to the players
    panel when a felt is too short for them at a readable size."""

    width: float
    height: float
    min_zoom: float | None = None

    @property
    def aspect(self) -> float:
        return max(self.width, 1.0) / max(self.height, 1.0)

    def shows(self, bounds: Rect4) -> bool:
        """Whether the automatic view shows ``bounds`` whole here (``Camera.fit``'s own test)."""
        return whole_at(fitting_zoom(self.width, self.height, bounds), self.min_zoom)


#: A 16:9 felt with no readable floor: a layout for no screen in particular (tests, tools).
ANY_FELT = Felt(16, 9)


class Camera:
    def __init__(self, viewport: tuple[int, int, int, int] = (0, 0, 1280, 720)) -> None:
        self.viewport = viewport  # x, y, w, h of the table area on screen
        self.zoom = 1.0
        self.cx = 0.0  # the world point at the viewport's centre
        self.cy = 0.0
        self._goal: tuple[float, float, float] | None = None  # cx, cy, zoom to glide to
        #: Screen pixels at the viewport's left, top, right and bottom that panels cover:
        #: fit-all keeps the table clear of them.
        self.safe: tuple[int, int, int, int] = (0, 0, 0, 0)

    # ---------------------------------------------------------------- mapping

    @property
    def step(self) -> int:
        return zoom_step(self.zoom)

    @property
    def draw_zoom(self) -> float:
        return step_zoom(self.step)

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        z = self.draw_zoom
        vx, vy, vw, vh = self.viewport
        return ((x - self.cx) * z + vx + vw / 2, (y - self.cy) * z + vy + vh / 2)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        z = self.draw_zoom
        vx, vy, vw, vh = self.viewport
        return ((sx - vx - vw / 2) / z + self.cx, (sy - vy - vh / 2) / z + self.cy)

    def world_rect_to_screen(self, rect: Rect4) -> tuple[int, int, int, int]:
        x, y, w, h = rect
        sx, sy = self.world_to_screen(x, y)
        z = self.draw_zoom
        return (round(sx), round(sy), max(1, round(w * z)), max(1, round(h * z)))

    def visible_world(self) -> tuple[float, float, float, float]:
        vx, vy, vw, vh = self.viewport
        x0, y0 = self.screen_to_world(vx, vy)
        z = self.draw_zoom
        return (x0, y0, vw / z, vh / z)

    def contains(self, sx: float, sy: float) -> bool:
        vx, vy, vw, vh = self.viewport
        return vx <= sx < vx + vw and vy <= sy < vy + vh

    # ---------------------------------------------------------------- moves

    def set_viewport(self, viewport: tuple[int, int, int, int]) -> None:
        self.viewport = viewport

    def zoom_at(self, factor: float, pos: tuple[float, float] | None = None) -> None:
        """Zoom by ``factor``, keeping the world point under ``pos`` (default: the centre) still."""
        self._goal = None
        vx, vy, vw, vh = self.viewport
        if pos is None:
            pos = (vx + vw / 2, vy + vh / 2)
        wx, wy = self.screen_to_world(*pos)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        # re-anchor with the zoom that will be drawn, so the point under the pointer stays
        z = self.draw_zoom
        self.cx = wx - (pos[0] - vx - vw / 2) / z
        self.cy = wy - (pos[1] - vy - vh / 2) / z

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels (the table follows the pointer)."""
        self._goal = None
        z = self.draw_zoom
        self.cx -= dx / z
        self.cy -= dy / z

    def felt(self, min_zoom: float | None = None) -> Felt:
        """The clear part of the viewport (beside the panels, ``safe``) as a ``Felt``."""
        left, top, right, bottom = self.safe
        return Felt(max(1, self.viewport[2] - left - right), max(1, self.viewport[3] - top - bottom), min_zoom)

    def fit_zoom(self, bounds: Rect4, margin: float = 0.03) -> tuple[float, float, float]:
        """Centre and zoom step that show ``bounds`` whole inside the safe area."""
        x, y, w, h = bounds
        left, top, right, bottom = self.safe
        felt = self.felt()
        z = fitting_zoom(felt.width, felt.height, bounds, margin)
        return (x + w / 2 - (left - right) / 2 / z, y + h / 2 - (top - bottom) / 2 / z, z)

    def fit(self, bounds: Rect4, *, animate: bool = True, min_zoom: float | None = None,
            focus: tuple[float, float] | None = None, keep=None) -> None:
        """Fit the whole table in view; with ``min_zoom``, never smaller than that (tiles stay
        readable at a large interface size or on a TV) but by ``FLOOR_SLACK``, centred near
        ``focus`` then, as far as the table reaches.  ``keep`` (a world rectangle: a line's two
        open ends) is what the view must show then, if it can (``_readable``)."""
        goal = self.fit_zoom(bounds)
        # a whole table a little under the floor beats a readable table cut at its edges: a
        # TV's strip of felt often fits the line games just under it
        if not whole_at(goal[2], min_zoom):
            assert min_zoom is not None
            goal = self._readable(bounds, min(MAX_ZOOM, min_zoom), focus or goal[:2], keep)
        if animate:
            self._goal = goal
        else:
            self.cx, self.cy, self.zoom = goal
            self._goal = None

    def _readable(self, bounds: Rect4, zoom: float, focus: tuple[float, float],
                  keep=None) -> tuple[float, float, float]:
        """Centre near ``focus`` at ``zoom`` (a step), keeping as much of ``bounds`` in view as fits.

        With ``keep`` (issue 28 item 12: a line's two open ends, where every play goes): centred
        on it where it fits at ``zoom``, or a little under (``FLOOR_SLACK``: both ends at once
        beat larger tiles); else ``focus`` (the last play) at the felt's edge with as much of
        ``keep`` beside it as fits, the rest a pan away."""
        z = step_zoom(zoom_step(zoom))
        felt = self.felt()
        if keep is not None:
            kx, ky, kw, kh = keep
            kz = fitting_zoom(felt.width, felt.height, keep)
            if whole_at(kz, zoom):
                z = min(z, kz)
                focus = (kx + kw / 2, ky + kh / 2)
            else:
                half_w, half_h = felt.width / 2 / z, felt.height / 2 / z
                focus = (min(max(focus[0], kx + half_w), kx + kw - half_w) if kw > 2 * half_w else kx + kw / 2,
                         min(max(focus[1], ky + half_h), ky + kh - half_h) if kh > 2 * half_h else ky + kh / 2)
        x, y, w, h = bounds
        left, top, right, bottom = self.safe
        # the clear part of the viewport (beside the panels), in world units, and its centre's
        # offset from the viewport's centre
        half_w, half_h = felt.width / 2 / z, felt.height / 2 / z
        cx = min(max(focus[0], x + half_w), x + w - half_w) if w > 2 * half_w else x + w / 2
        cy = min(max(focus[1], y + half_h), y + h - half_h) if h > 2 * half_h else y + h / 2
        return (cx - (left - right) / 2 / z, cy - (top - bottom) / 2 / z, z)

    def follow(self, point: tuple[float, float], *, min_zoom: float = 0.9, animate: bool = True) -> None:
        """Centre the last play, zooming in to a readable size if the table is far away."""
        zoom = max(self.zoom, min_zoom)
        goal = (point[0], point[1], min(zoom, MAX_ZOOM))
        if animate:
            self._goal = goal
        else:
            self.cx, self.cy, self.zoom = goal

    def ensure_visible(self, rect: Rect4, margin: float = 40.0) -> None:
        """Glide just enough that ``rect`` (world) is on screen (the keyboard cursor's target)."""
        x, y, w, h = rect
        vx, vy, vw, vh = self.visible_world()
        m = margin / self.draw_zoom
        cx, cy = self.cx, self.cy
        if x - m < vx:
            cx -= vx - (x - m)
        elif x + w + m > vx + vw:
            cx += (x + w + m) - (vx + vw)
        if y - m < vy:
            cy -= vy - (y - m)
        elif y + h + m > vy + vh:
            cy += (y + h + m) - (vy + vh)
        if (cx, cy) != (self.cx, self.cy):
            self._goal = (cx, cy, self.zoom)

    @property
    def moving(self) -> bool:
        return self._goal is not None

    def update(self, dt: float) -> None:
        if self._goal is None:
            return
        gx, gy, gz = self._goal
        k = 1.0 - math.exp(-dt * 9.0)
        self.cx += (gx - self.cx) * k
        self.cy += (gy - self.cy) * k
        self.zoom *= (gz / self.zoom) ** k
        if abs(gx - self.cx) < 0.5 and abs(gy - self.cy) < 0.5 and abs(math.log(gz / self.zoom)) < 0.01:
            self.cx, self.cy, self.zoom = gx, gy, gz
            self._goal = None
