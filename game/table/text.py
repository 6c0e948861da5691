"""Text for the table and its screens: cached text surfaces (labels, status, buttons) and the
measuring of text (a line's height, a text's width, the size that fits a width, an elided text),
which the score screens of the kits and of ``game.scenes`` both lay out with."""
from __future__ import annotations

import re
from collections import OrderedDict
from typing import Callable, Sequence

import pygame

from .. import assets

ELLIPSIS = "\u2026"

_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_LIMIT = 600
#: A number and the word after it ("you drew 4 tiles"): at small sizes the font's digit
#: fills its advance and a "t" hangs a pixel left, so the space read as none (issue 40).
_NUMBER_WORD = re.compile(r"(?<=\d) (?=[^\W\d])")
#: What widens that space: a thin space (1/5 em; Noto Sans has it, blank).
THIN = "\u2009"


def as_shown(s: str) -> str:
    """``s`` as the table draws it: a space after a number widened (``_NUMBER_WORD``); what
    measures a text the table draws measures this."""
    return _NUMBER_WORD.sub(" " + THIN, s)


def text(s: str, size: int, colour: Sequence[int] = (247, 241, 227), bold: bool = False,
         outline: tuple[int, int, int] | None = None) -> pygame.Surface:
    """``s`` rendered at ``size`` px (cached); ``outline`` adds a 1-2 px dark rim for felt."""
    size = max(6, int(size))
    colour = tuple(colour)[:3]
    key = (s, size, colour, bold, outline)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    f = assets.font(size, bold)
    shown = as_shown(s)
    body = f.render(shown, True, colour)
    if outline is not None:
        r = max(1, size // 12)
        rim = f.render(shown, True, outline)
        surf = pygame.Surface((body.get_width() + 2 * r, body.get_height() + 2 * r), pygame.SRCALPHA)
        for dx in (-r, 0, r):
            for dy in (-r, 0, r):
                if dx or dy:
                    surf.blit(rim, (r + dx, r + dy))
        surf.blit(body, (r, r))
    else:
        surf = body
    _cache[key] = surf
    while len(_cache) > _LIMIT:
        _cache.popitem(last=False)
    return surf


def fit(s: str, size: int, width: int, least: int = 8, **kw) -> pygame.Surface:
    """``s`` at ``size`` px or smaller so that it fits in ``width`` px; never below ``least``
    px: what still does not fit then loses its last words to an ellipsis (a TV's narrow
    strip had shrunk the ticker to 8 px, too small to read from a sofa)."""
    surf = text(s, size, **kw)
    while surf.get_width() > width and size > least:
        size = max(least, int(size * 0.9))
        surf = text(s, size, **kw)
    words = [w for w in s.split(" ") if w]  # a no-break space holds its words together
    while surf.get_width() > width and len(words) > 1:
        words.pop()
        surf = text(" ".join(words) + "\u2026", size, **kw)
    return surf


_pills: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def pill(s: str, size: int, colour: Sequence[int] = (247, 241, 227), *, pad: tuple[int, int], width: int | None = None,
         least: int = 8, bold: bool = False, outline: tuple[int, int, int] | None = None,
         rim: tuple[tuple[int, int, int], int] | None = None,
         fill: tuple[int, int, int] = (10, 20, 16)) -> pygame.Surface:
    """``s`` on a dark rounded pill ``pad`` (x, y) px larger than the text, cached: the names on
    the felt, the ticker and the prompt are drawn every frame over the moving table, and two
    rounded rectangles and a text each would cost more than the tiles (issue 14).

    ``width``: shrink the text to fit it, to ``least`` px at the smallest (``fit``); ``rim``: (colour, width) round the pill."""
    key = (s, size, tuple(colour)[:3], pad, width, least, bold, outline, rim, fill)
    surf = _pills.get(key)
    if surf is not None:
        _pills.move_to_end(key)
        return surf
    label = fit(s, size, width, least, colour=colour, bold=bold, outline=outline) if width is not None \
        else text(s, size, colour, bold=bold, outline=outline)
    box = label.get_rect().inflate(*pad)
    surf = pygame.Surface(box.size, pygame.SRCALPHA)
    local = surf.get_rect()
    pygame.draw.rect(surf, fill, local, border_radius=local.height // 2)
    if rim is not None:
        pygame.draw.rect(surf, rim[0], local, rim[1], border_radius=local.height // 2)
    surf.blit(label, label.get_rect(center=local.center))
    _pills[key] = surf
    while len(_pills) > _LIMIT:
        _pills.popitem(last=False)
    return surf


def line_height(px: int, bold: bool = False) -> int:
    """The height of one line of text at ``px``."""
    return assets.font(max(6, int(px)), bold).get_height()


def width_of(words: str, px: int, bold: bool = False) -> int:
    """The width of ``words`` drawn at ``px`` (as the table draws them: ``as_shown``)."""
    return assets.font(max(6, int(px)), bold).size(as_shown(words))[0]


def fitting_px(words: str, width: int, px: int, least: int, bold: bool = False) -> int:
    """The largest size from ``px`` down to ``least`` at which ``words`` fit ``width``."""
    while px > least and width_of(words, px, bold) > width:
        px = max(least, min(px - 1, int(px * 0.92)))
    return px


def elide(words: str, width: int, px: int = 0, bold: bool = False,
          measure: Callable[[str], int] | None = None) -> str:
    """``words`` cut at the end with an ellipsis to fit ``width`` ("" if not even that fits),
    measured at ``px`` in the game's font or by ``measure`` (a pygame_gui theme's font)."""
    size = measure or (lambda s: width_of(s, px, bold))
    if size(words) <= width:
        return words
    lo, hi = 0, len(words)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if size(words[:mid].rstrip(" ,") + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if size(ELLIPSIS) <= width else ""
    return words[:lo].rstrip(" ,") + ELLIPSIS
