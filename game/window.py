"""The window and its theme: the display surface (windowed or fullscreen) and the
pygame_gui manager the menus are drawn with, themed from art/ at the interface size.

Carved out of the App (issue 26); the App owns one ``Window`` and answers for it
(``App.size``, ``App.ui`` ...), so scenes see no change.
"""
from __future__ import annotations

import copy
import logging
import warnings
from typing import Any, Callable

import pygame
import pygame_gui

from . import assets, i18n
from .safe_area import TV_SCALE, tv_on

log = logging.getLogger("game")

DEFAULT_SIZE = (1280, 720)
#: The window height at which UI scale 1.0 gives the theme's sizes.
BASE_HEIGHT = 720
#: The menus never grow past the largest interface size offered (the TV setting included):
#: every menu screen is checked to fit at that size.
MAX_MENU_SCALE = 2.0

#: Our additions to art/theme.json: the shell's panels and labels.
SHELL_THEME: dict[str, Any] = {
    "#dim": {"colours": {"dark_bg": "#07100CC8"},
             "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"}},
    "#screen": {"colours": {"dark_bg": "#00000000"},
                "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"}},
    "#dialog": {"colours": {"dark_bg": "#12241DF4", "normal_border": "#C4A048"},
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "12",
                         "border_width": "2", "shadow_width": "0"}},
    "#title": {"colours": {"normal_text": "#F0D078"}, "misc": {"text_horiz_alignment": "center"}},
    "#tagline": {"colours": {"normal_text": "#CFE0D6"}, "misc": {"text_horiz_alignment": "center"}},
    "#heading": {"colours": {"normal_text": "#F0D078"}, "misc": {"text_horiz_alignment": "center"}},
    "#left": {"misc": {"text_horiz_alignment": "left"}},
    "#right": {"misc": {"text_horiz_alignment": "right"}},
    "#hint": {"colours": {"normal_text": "#A9C2B6"}, "misc": {"text_horiz_alignment": "center"}},
    "#error": {"colours": {"normal_text": "#FF9E8A"}, "misc": {"text_horiz_alignment": "center"}},
    "#value": {"colours": {"normal_bg": "#173A2E", "disabled_bg": "#142720"}},
}


def base_theme() -> dict[str, Any]:
    """art/theme.json with absolute font paths, plus the shell's own ids."""
    try:
        from . import assets
        theme = assets.theme()
    except Exception as e:  # art missing or unreadable: pygame_gui's defaults still work
        log.warning("no theme from art/: %s", e)
        theme = {}
    for key, value in SHELL_THEME.items():
        merged = copy.deepcopy(value)
        for part, entries in theme.get(key, {}).items():
            merged.setdefault(part, {}).update(entries)
        theme[key] = merged
    # pygame_gui does not take a font from "defaults" (measured: buttons came out at
    # its own 14 px), so give each element type the default font explicitly.
    default_font = theme.get("defaults", {}).get("font")
    if default_font:
        for element in ("button", "label", "text_entry_line", "text_box", "tool_tip"):
            block = theme.setdefault(element, {})
            block.setdefault("font", copy.deepcopy(default_font))
    return theme


#: The theme's fonts that text boxes write in, and so also in bold (<b>)
BOLD_IN_TEXT = ("defaults", "text_box", "@small")


def scaled_theme(theme: dict[str, Any], scale: float) -> tuple[dict[str, Any], list[dict]]:
    """``theme`` with every font size and corner radius times ``scale``; plus the fonts to preload."""
    out = copy.deepcopy(theme)
    fonts: dict[tuple, dict] = {}
    for key, block in out.items():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            size = max(8, round(float(font["size"]) * scale))
            font["size"] = str(size)
            style = "bold" if str(font.get("bold", "0")) == "1" else "regular"
            faces = {style}
            if key in BOLD_IN_TEXT:  # a text box's <b> (the rules' headings) asks for its bold
                faces.add("bold")
            for face in faces:
                fonts[(font.get("name"), size, face)] = {
                    "name": font.get("name"), "point_size": size, "style": face, "antialiased": "1"}
        misc = block.get("misc")
        if isinstance(misc, dict) and "shape_corner_radius" in misc:
            misc["shape_corner_radius"] = str(max(2, round(float(misc["shape_corner_radius"]) * scale)))
    return out, list(fonts.values())



class Window:
    """The display surface and the UI manager (see the module docstring).

    ``settings()`` gives the App's settings as they are now (the interface size, the TV
    setting); ``notify`` tells the player something (a refused fullscreen).
    """

    #: vsync was asked for once in this process (see ``set_mode``)
    _vsync_tried = False

    def __init__(self, size: tuple[int, int], settings: Callable[[], dict[str, Any]],
                 notify: Callable[[str], None]) -> None:
        self._settings = settings
        self._notify = notify
        self.windowed_size = (max(1, size[0]), max(1, size[1]))
        self.screen: pygame.Surface = None  # type: ignore[assignment]
        self.vsync = False
        self.fullscreen = False
        self.open(bool(settings().get("fullscreen")))
        self.known_size = self.size
        pygame.display.set_caption(i18n.t("ui.app_title"))
        self.theme = base_theme()
        self._ui_scale_used: float | None = None
        self.ui: pygame_gui.UIManager = None  # type: ignore[assignment]
        self.ui_generation = 0
        self.make_ui()

    @property
    def size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        if surface is None:
            return self.windowed_size
        w, h = surface.get_size()
        return max(1, w), max(1, h)

    def set_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        screen = self._set_mode(size, flags)
        assets.after_set_mode()  # what was drawn before a display existed is drawn again
        return screen

    def _set_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        # vsync only for the first window: asking for it again after a fullscreen
        # switch crashed SDL's dummy driver here (measured), and the capped clock is fine.
        if not Window._vsync_tried:
            Window._vsync_tried = True
            try:
                screen = pygame.display.set_mode(size, flags, vsync=1)
                self.vsync = True
                return screen
            except (pygame.error, ValueError) as e:
                log.info("set_mode with vsync failed (%s); using a capped clock", e)
        self.vsync = False
        return pygame.display.set_mode(size, flags)

    def open(self, fullscreen: bool) -> None:
        """Open the window, falling back to windowed when fullscreen is refused (NOTES.md)."""
        if fullscreen:
            try:
                self.screen = self.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
                return
            except (pygame.error, ValueError) as e:
                log.warning("fullscreen failed: %s", e)
                self._notify(i18n.t("ui.fullscreen_failed", error=str(e)))
        self.screen = self.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = False

    def switch(self, on: bool) -> None:
        """Fullscreen on or off (the windowed size is kept for coming back)."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.open(on)

    def resized(self) -> None:
        """The window's size changed: a new UI manager if the scale changed, else a new resolution."""
        self.screen = pygame.display.get_surface() or self.screen
        size = self.known_size = self.size
        if self.menu_scale != self._ui_scale_used:
            self.make_ui()
        else:
            self.ui.set_window_resolution(size)

    @property
    def ui_scale(self) -> float:
        """The player's interface size setting (1.0 = as designed), larger with the TV setting
        (``safe_area.TV_SCALE``); scenes add the window's size."""
        settings = self._settings()
        scale = float(settings.get("ui_scale", 1.0) or 1.0)
        return scale * TV_SCALE if tv_on(settings) else scale

    @property
    def menu_scale(self) -> float:
        """Pixels per design pixel of the menus: the interface size (at most the largest one
        offered, also with the TV setting) times the window against 720 px."""
        w, h = self.size
        settings = self._settings()
        fit = max(0.6, min(3.0, min(h / BASE_HEIGHT, w / (BASE_HEIGHT * 4 / 3))))
        scale = float(settings.get("ui_scale", 1.0) or 1.0)
        if tv_on(settings):
            scale = max(scale, min(MAX_MENU_SCALE, scale * TV_SCALE))
        return round(scale * fit * 20) / 20

    def make_ui(self) -> None:
        from . import fast_shapes
        fast_shapes.install()  # issue 11: large rounded widgets drawn without a freeze
        scale = self.menu_scale
        theme, fonts = scaled_theme(self.theme, scale)
        self.ui = pygame_gui.UIManager(self.size, theme, enable_live_theme_updates=False)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.ui.preload_fonts(fonts)
        except Exception as e:  # a missing bold face only costs a warning later
            log.info("font preload: %s", e)
        self._ui_scale_used = scale
        self.ui_generation += 1

    def ui_hit(self, pos: tuple[int, int]) -> bool:
        """True if a visible pygame_gui widget (other than full-screen backgrounds) is at ``pos``."""
        root = self.ui.get_root_container()
        w, h = self.size
        for element in self.ui.get_sprite_group().sprites():
            if element is root or not getattr(element, "visible", True):
                continue
            rect = getattr(element, "rect", None)
            if rect is None or not rect.collidepoint(pos):
                continue
            ids: list[str] = getattr(element, "get_object_ids", list)()  # widgets have them; sprites not
            if rect.width >= w and rect.height >= h and "#screen" in ids:
                continue  # the transparent panel that holds a menu's widgets
            return True
        return False



#: The event a phone's message posts from the server's thread (``wake``): it ends the
#: resting loop's wait at once and is otherwise ignored (``App.dispatch``).
WAKE = pygame.event.custom_type()


def wake() -> None:
    """Wake the program's loop from any thread (SDL's event queue is thread-safe)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # no event queue (closing): the loop's own wait ends soon anyway
        pass


def draw_notices(surface: pygame.Surface, notices: list[list], scale: float) -> None:
    """The last three notices (``App.notify``) at the bottom of the window, newest lowest."""
    if not notices:
        return
    from . import assets
    font = assets.font(max(12, round(18 * scale)))
    y = surface.get_height() - round(16 * scale)
    for text, _ in reversed(notices[-3:]):
        img = font.render(text, True, (247, 241, 227))
        pad = round(10 * scale)
        box = img.get_rect(midbottom=(surface.get_width() // 2, y)).inflate(pad * 2, pad)
        pygame.draw.rect(surface, (18, 36, 29), box, border_radius=pad)
        pygame.draw.rect(surface, (196, 160, 72), box, 1, border_radius=pad)
        surface.blit(img, img.get_rect(center=box.center))
        y = box.top - pad // 2
