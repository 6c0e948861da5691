"""Motion at the table: tiles that travel, cues at a seat (issue 14).

The rules never wait for an animation.  The match is applied at once; this
module only *shows* a change that has already happened, on the scene's clock
(advanced in the App's fixed steps, so frame rate never changes what is shown
and tests step it without a display).  Undo, redo, a resume or a skip simply
drop or finish what is in flight: the table underneath is always the model's.

- ``Flight``: one tile travelling between two ``Anchor`` points, easing, turning
  from its start orientation to its end one and growing or shrinking between
  the two sizes.  A flight shows a face only when it carries one (a played tile
  is public; a drawn tile carries its face only for its owner at the device,
  UX-2); otherwise it shows a back.
- ``Cue``: a short word in a bubble at a seat ("pass", "marker up"), with a ring
  that widens once.
- ``Motion``: what is in flight now, the tiles it hides at their destination
  (so a tile is never seen twice), ``busy`` for the computers' pace, ``skip``.

What a history event becomes (a play flies from the hand or the seat, a draw
from the boneyard, the deal to every seat) is decided by ``game.staging``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import pygame


#: A point a flight starts or ends at: ("world", x, y, short) moves with the camera (a
#: tile's place on the table, a seat's place); ("screen", x, y, short) is fixed on screen
#: (a slot in the hand).  ``short`` is the tile's short side there, in world units for
#: "world" and in pixels for "screen".
Anchor = tuple[str, float, float, float]

WORLD = "world"
SCREEN = "screen"


def ease_out(k: float) -> float:
    """Cubic ease-out: fast away, gentle landing."""
    k = min(1.0, max(0.0, k))
    return 1.0 - (1.0 - k) ** 3


def ease_in_out(k: float) -> float:
    k = min(1.0, max(0.0, k))
    return k * k * (3.0 - 2.0 * k)


@dataclass(frozen=True)
class Flight:
    """One tile travelling from ``src`` to ``dst`` (see ``Anchor``)."""

    #: the tile as (low, high): what it hides at its destination; a back's key is negative
    #: ((-1, -seat) a drawn tile, (-2, -seat) a dealt one), which hides nothing
    tile: tuple[int, int]
    face: tuple[int, int] | None  # the numbers shown (first on the left or on top); None: a back
    src: Anchor
    dst: Anchor
    src_vertical: bool
    dst_vertical: bool
    start: float  # on the scene's clock
    duration: float
    #: "table": it hides its tile on the table until it lands; "hand": in the hand.
    lands_in: str = "table"

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, clock: float) -> float:
        """0 before it leaves, 1 once it has landed (uneased)."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (clock - self.start) / self.duration))

    def pose(self, clock: float, to_screen: Callable[[Anchor], tuple[float, float, float]]
             ) -> tuple[float, float, float, float]:
        """Where the tile is drawn at ``clock``: screen centre x, y, short side px, and the
        angle in degrees it still has to turn (0 on landing)."""
        k = self.progress(clock)
        sx, sy, s_short = to_screen(self.src)
        dx, dy, d_short = to_screen(self.dst)
        e = ease_out(k)
        x = sx + (dx - sx) * e
        y = sy + (dy - sy) * e
        # a little arc: tiles are lifted off the table, not slid across it
        y -= math.sin(math.pi * e) * min(60.0, 0.12 * math.hypot(dx - sx, dy - sy))
        short = s_short + (d_short - s_short) * e
        turn = 0.0 if self.src_vertical == self.dst_vertical else 90.0 * (1.0 - ease_in_out(k))
        return x, y, short, turn


@dataclass(frozen=True)
class Cue:
    """A word at a seat for a moment (a pass, a marker, a draw), with a widening ring."""

    seat: int
    word: str  # the text shown, already translated
    at: Anchor
    start: float
    duration: float = 1.1
    colour: tuple[int, int, int] = (255, 214, 90)
    below: bool = False  # the bubble hangs under its anchor (``TableKit.cue_below``)

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass
class Motion:
    """What is moving at one table now (see the module docstring)."""

    flights: list[Flight] = field(default_factory=list)
    cues: list[Cue] = field(default_factory=list)

    def add(self, item: Flight | Cue) -> None:
        (self.flights if isinstance(item, Flight) else self.cues).append(item)  # type: ignore[arg-type]

    def prune(self, clock: float) -> None:
        """Forget what has landed or faded."""
        self.flights = [f for f in self.flights if f.end > clock]
        self.cues = [c for c in self.cues if c.end > clock]

    def busy(self, clock: float) -> bool:
        """A tile is still travelling: the computers wait for it before their next move."""
        return any(f.end > clock for f in self.flights)

    def active(self, clock: float) -> bool:
        """Anything at all is still moving (tiles or cues): the frames must go on."""
        return self.busy(clock) or any(c.end > clock for c in self.cues)

    def landing(self, clock: float) -> float | None:
        """When the last tile now in flight to the table lands, or None."""
        ends = [f.end for f in self.flights if f.lands_in == "table" and f.end > clock]
        return max(ends) if ends else None

    def skip(self, clock: float) -> None:
        """Any key or click: every tile is at once where the model has it."""
        self.flights = []
        self.cues = [replace(c, duration=max(0.0, clock - c.start)) for c in self.cues]
        self.prune(clock)

    def clear(self) -> None:
        """Undo, redo, a restart or a resume: the table shows the new state at once."""
        self.flights = []
        self.cues = []

    def hidden(self, clock: float, where: str = "table") -> frozenset:
        """Tiles still on their way to ``where`` (not drawn there until they land)."""
        return frozenset(f.tile for f in self.flights if f.lands_in == where and f.end > clock)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, clock: float, camera, sprites, avoid: Sequence[pygame.Rect] = ()) -> int:
        """Draw the tiles in flight and the cues over the table (their bubbles clear of the
        ``avoid`` rectangles, the seats' names and tiles); returns the tiles drawn."""
        drawn = 0
        to_screen = anchor_mapper(camera)
        for f in sorted(self.flights, key=lambda f: f.start):
            if f.start > clock or f.end <= clock:
                continue
            x, y, short, turn = f.pose(clock, to_screen)
            # the sprite of the landing size (cached per zoom step), scaled on the way: a size
            # per frame would build a new sprite every frame
            end_short = max(2, round(to_screen(f.dst)[2]))
            sprite = _sprite(sprites, f, end_short)
            if abs(short - end_short) >= 1:
                k = max(2, round(short)) / end_short
                sprite = pygame.transform.scale(sprite, (max(1, round(sprite.get_width() * k)),
                                                         max(1, round(sprite.get_height() * k))))
            if turn:
                sprite = pygame.transform.rotate(sprite, turn if f.dst_vertical else -turn)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
            drawn += 1
        for c in self.cues:
            if c.start <= clock < c.end:
                draw_cue(surface, c, clock, to_screen, avoid, pygame.Rect(camera.viewport))
        return drawn


def anchor_mapper(camera) -> Callable[[Anchor], tuple[float, float, float]]:
    """Anchor -> (screen x, screen y, short side px) through the camera as it is now."""
    z = camera.draw_zoom

    def to_screen(a: Anchor) -> tuple[float, float, float]:
        space, x, y, short = a
        if space == WORLD:
            sx, sy = camera.world_to_screen(x, y)
            return sx, sy, short * z
        return x, y, short
    return to_screen


def _sprite(sprites, f: Flight, short: int) -> pygame.Surface:
    if f.face is None:
        return sprites.back(short, f.dst_vertical)
    return sprites.face(f.face[0], f.face[1], short, f.dst_vertical)


def draw_cue(surface: pygame.Surface, c: Cue, clock: float, to_screen, avoid: Sequence[pygame.Rect] = (),
             room: pygame.Rect | None = None) -> pygame.Rect:
    """The cue's word on its bubble above its anchor (under it, ``Cue.below``), moved on that
    way past any of ``avoid`` it would cover (beside them when that leaves ``room``), and a
    widening ring; returns the bubble."""
    from .table.text import text
    k = (clock - c.start) / c.duration if c.duration > 0 else 1.0
    x, y, short = to_screen(c.at)
    size = max(12, min(40, round(short * 0.75)))
    label = text(c.word, size, (255, 255, 255), bold=True)
    pad = max(4, size // 3)
    # above the seat's name, rising a little as it fades (or under it, sinking)
    lift = round(size * (1.4 + 0.4 * ease_out(k)))
    box = label.get_rect(center=(round(x), round(y + lift if c.below else y - lift))).inflate(2 * pad, pad)
    box = _clear_of(box, avoid, c.below, max(2, size // 6), room)
    fade = 1.0 if k < 0.7 else max(0.0, 1.0 - (k - 0.7) / 0.3)
    bubble = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(bubble, (14, 24, 20, round(230 * fade)), bubble.get_rect(), border_radius=box.height // 2)
    pygame.draw.rect(bubble, (*c.colour, round(255 * fade)), bubble.get_rect(), max(2, size // 8),
                     border_radius=box.height // 2)
    label.set_alpha(round(255 * fade))
    bubble.blit(label, label.get_rect(center=bubble.get_rect().center))
    surface.blit(bubble, box)
    if k < 0.6:  # a ring widens once at the seat: the eye is drawn there
        r = round(size * (0.6 + 2.2 * ease_out(k / 0.6)))
        ring = (*c.colour, round(200 * (1 - k / 0.6)))
        halo = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(halo, ring, (r + 2, r + 2), r, max(2, size // 8))
        surface.blit(halo, halo.get_rect(center=(round(x), round(y))))
    return box


def _clear_of(box: pygame.Rect, avoid: Sequence[pygame.Rect], below: bool, gap: int,
              room: pygame.Rect | None) -> pygame.Rect:
    """``box`` moved up (down if ``below``) past the ``avoid`` rectangles it covers; if that
    leaves ``room``, beside the first it covers instead (issue 40: a cue covered its seat's
    name and tiles, an "Accept" a side seat's column)."""
    moved = box.copy()
    for _ in range(len(avoid)):
        hit = [r for r in avoid if r.colliderect(moved)]
        if not hit:
            return moved if room is None or room.contains(moved) else _beside(box, avoid, gap)
        if below:
            moved.top = max(r.bottom for r in hit) + gap
        else:
            moved.bottom = min(r.top for r in hit) - gap
    return moved


def _beside(box: pygame.Rect, avoid: Sequence[pygame.Rect], gap: int) -> pygame.Rect:
    """``box`` at the right of the rectangles of ``avoid`` it meets on its row."""
    side = box.copy()
    for _ in range(len(avoid)):
        hit = [r for r in avoid if r.colliderect(side)]
        if not hit:
            break
        side.left = max(r.right for r in hit) + gap
    return side


def thinking_radius(short: float) -> int:
    """The thinking dots' radius for a seat of that size (px); their box is 4 radii tall."""
    return max(3, min(9, round(short * 0.18)))


def draw_thinking(surface: pygame.Surface, at: Anchor, clock: float, to_screen) -> None:
    """Three dots that rise in turn at a computer's seat while it waits or searches."""
    x, y, short = to_screen(at)
    r = thinking_radius(short)
    gap = 3 * r
    box = pygame.Rect(0, 0, 4 * gap, 4 * r).inflate(r, r)
    box.center = (round(x), round(y - 3 * r))
    pygame.draw.rect(surface, (14, 24, 20), box, border_radius=box.height // 2)
    pygame.draw.rect(surface, (255, 214, 90), box, max(1, r // 3), border_radius=box.height // 2)
    for i in range(3):
        lift = max(0.0, math.sin(clock * 6.0 - i * 0.9)) * r
        pygame.draw.circle(surface, (247, 241, 227), (box.centerx + (i - 1) * gap, round(box.centery - lift)), r)
