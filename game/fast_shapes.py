"""A quicker rounded rectangle for pygame_gui's large widgets (issue 11: no freeze on a size change).

pygame_gui draws a rounded rectangle at four times its size in each direction
and smooth-scales it down, and caches the result only for shapes under 40 000
px; at 150% on a 1080p screen every choice, button and dialog is above that,
so each of their five states (normal, hovered, selected, active, disabled)
was drawn at 16 times its area, again at every interface size step
(tools/bench_ui.py measured 1.4 s per step, 70% of it in
``RoundedRectangleShape.redraw_state``).

``FastRoundedRectangle`` draws those large shapes with ``pygame.draw.rect``'s
own corner radii at twice the size (a quarter of the pixels of 4x, and C
instead of Python-side masks) and smooth-scales them down, which keeps the
corners antialiased; a gradient (the buttons) is multiplied in afterwards, at
the shape's own size.  Small shapes and filled bars keep pygame_gui's own path
(and its cache).  ``install`` swaps the class in the
element modules that build rounded rectangles; it is idempotent and does
nothing if pygame_gui's layout is not the one this was written against.
"""
from __future__ import annotations

import logging

import pygame
from pygame_gui.core.colour_gradient import ColourGradient
from pygame_gui.core.drawable_shapes import RoundedRectangleShape

log = logging.getLogger(__name__)

#: pygame_gui caches shapes below this area; from here up they were redrawn every time.
LARGE_AREA = 40000
#: Supersampling of the fast path (pygame_gui uses 4).
AA = 2
#: The element modules whose widgets the menus use.
_MODULES = ("ui_button", "ui_panel", "ui_text_entry_line", "ui_text_box")


class FastRoundedRectangle(RoundedRectangleShape):
    """``RoundedRectangleShape`` with a quicker drawing of large plain shapes."""

    def redraw_state(self, state_str: str, add_text: bool = True) -> None:
        size = self.containing_rect.size
        bg = self.theming.get(f"{state_str}_bg")
        border = self.theming.get(f"{state_str}_border")
        if (size[0] * size[1] < LARGE_AREA or size[0] <= 0 or size[1] <= 0
                or "filled_bar" in self.theming or self.base_surface is None):
            super().redraw_state(state_str, add_text)
            return
        if isinstance(bg, ColourGradient) or isinstance(border, ColourGradient):
            self._redraw_gradient(state_str, bg, border, add_text)
            return
        big = pygame.Surface((size[0] * AA, size[1] * AA), flags=pygame.SRCALPHA, depth=32)
        big.fill((0, 0, 0, 0))
        sw = self.shadow_width
        outer = pygame.Rect(sw * AA, sw * AA, self.click_area_shape.width * AA,
                            self.click_area_shape.height * AA)
        radii = [max(0, int(r)) * AA for r in self.shape_corner_radius]
        b = self.border_widths
        if b["left"] > 0 and border is not None:
            _rounded(big, border, outer, radii)
        inner = pygame.Rect(outer.x + b["left"] * AA, outer.y + b["top"] * AA,
                            outer.width - (b["left"] + b["right"]) * AA,
                            outer.height - (b["top"] + b["bottom"]) * AA)
        inset = max(b.values()) * AA
        _rounded(big, bg, inner, [max(0, r - inset) for r in radii])
        surface = self.base_surface.copy()
        surface.blit(pygame.transform.smoothscale(big, size), (0, 0))
        self.states[state_str].surface = surface
        self.finalise_images_and_text(f"{state_str}_images", state_str, f"{state_str}_text",
                                      f"{state_str}_text_shadow", add_text)
        self.states[state_str].has_fresh_surface = True
        self.states[state_str].generated = True

    def _redraw_gradient(self, state_str: str, bg, border, add_text: bool) -> None:
        """A large shape with a gradient (the buttons): the border and the background each drawn
        white (or in their plain colour) at twice the size, scaled down, and only then multiplied
        by their gradient at the shape's own size.  pygame_gui rotated the gradient over the
        shape at four times its size each way: 0.19 s a button at 200% on a 1080p TV, so the
        title took 0.76 s to build again."""
        size = self.containing_rect.size
        sw = self.shadow_width
        outer = pygame.Rect(sw * AA, sw * AA, self.click_area_shape.width * AA, self.click_area_shape.height * AA)
        radii = [max(0, int(r)) * AA for r in self.shape_corner_radius]
        b = self.border_widths
        inner = pygame.Rect(outer.x + b["left"] * AA, outer.y + b["top"] * AA,
                            outer.width - (b["left"] + b["right"]) * AA,
                            outer.height - (b["top"] + b["bottom"]) * AA)
        inset = max(b.values()) * AA
        assert self.base_surface is not None  # redraw_state sent a shape without one to pygame_gui
        surface = self.base_surface.copy()
        layers = [(border, outer, radii)] if b["left"] > 0 and border is not None else []
        layers.append((bg, inner, [max(0, r - inset) for r in radii]))
        for colour, rect, corners in layers:
            big = pygame.Surface((size[0] * AA, size[1] * AA), flags=pygame.SRCALPHA, depth=32)
            big.fill((0, 0, 0, 0))
            gradient = isinstance(colour, ColourGradient)
            _rounded(big, "#FFFFFFFF" if gradient else colour, rect, corners)
            layer = pygame.transform.smoothscale(big, size)
            if gradient:
                colour.apply_gradient_to_surface(layer)
            surface.blit(layer, (0, 0))
        self.states[state_str].surface = surface
        self.finalise_images_and_text(f"{state_str}_images", state_str, f"{state_str}_text",
                                      f"{state_str}_text_shadow", add_text)
        self.states[state_str].has_fresh_surface = True
        self.states[state_str].generated = True


def _rounded(surface: pygame.Surface, colour, rect: pygame.Rect, radii: list[int]) -> None:
    if rect.width <= 0 or rect.height <= 0:
        return
    tl, tr, bl, br = (radii + [0, 0, 0, 0])[:4]
    pygame.draw.rect(surface, pygame.Color(colour), rect, border_top_left_radius=tl,
                     border_top_right_radius=tr, border_bottom_left_radius=bl,
                     border_bottom_right_radius=br)


def install() -> bool:
    """Use ``FastRoundedRectangle`` in pygame_gui's element modules; False if it cannot."""
    import importlib
    if not all(hasattr(RoundedRectangleShape, n) for n in ("redraw_state", "finalise_images_and_text")):
        return False
    done = False
    for name in _MODULES:
        try:
            module = importlib.import_module(f"pygame_gui.elements.{name}")
        except ImportError:
            continue
        if getattr(module, "RoundedRectangleShape", None) in (RoundedRectangleShape, FastRoundedRectangle):
            module.RoundedRectangleShape = FastRoundedRectangle  # type: ignore[attr-defined]
            done = True
    return done
