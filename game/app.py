"""The App: window, fixed-timestep loop, scene stack, settings, language and autosave.

One ``App`` runs the program.  It owns the display surface (windowed or
fullscreen, F11 / Alt+Enter toggle), the pygame_gui ``UIManager`` (themed from
art/, rebuilt when the UI scale changes), the input recogniser, the scene stack
and the match in progress (``play_state``, autosaved after every action).

The loop advances in fixed steps of ``STEP`` seconds and draws with the
fraction of a step left over (NOTES.md), so frame rate never changes
behaviour; a long frame is capped at ``MAX_FRAME`` of catch-up.

A bug must not cost a player the evening: an exception inside a frame is
written to the log file in the user log directory and shown as a message, and
the game goes on (``strict`` turns that off for the smoke test and tests).
"""
from __future__ import annotations

import copy
import logging
import os
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from . import i18n, navigation, storage  # noqa: E402
from . import intents as I  # noqa: E402
from .audio import Audio  # noqa: E402
from .input import InputRecogniser  # noqa: E402
from .intents import Intent  # noqa: E402
from .safe_area import TV_SCALE, tv_on  # noqa: E402
from .scene import Scene, SceneStack  # noqa: E402
from .seats import PHONE, SeatConfig, seats_from  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover - the play state loads with the first match
    from .play import PlayState

log = logging.getLogger("game")

# pygame_gui's font cache chatter is not the player's business; other warnings go to the log.
warnings.filterwarnings("ignore", message=r".*(already loaded|not already loaded|no fast renderer)")
logging.captureWarnings(True)

STEP = 1.0 / 120.0
MAX_FRAME = 0.25
FPS_CAP = 120
DEFAULT_SIZE = (1280, 720)
#: The window height at which UI scale 1.0 gives the theme's sizes.
BASE_HEIGHT = 720
#: Consecutive failing frames after which the program gives up (a bug in drawing the message itself).
MAX_FAILING_FRAMES = 30
#: Issue 14, "at rest, the program rests": while nothing moves the loop sleeps on the event
#: queue for up to this long, and draws nothing until something changes.
REST_WAIT_S = 0.25
#: The menus never grow past the largest interface size offered (the TV setting included):
#: every menu screen is checked to fit at that size.
MAX_MENU_SCALE = 2.0
NOTICE_SECONDS = 3.5

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


def resource_root() -> Path:
    """The folder holding art/, fonts/ and locales/ (source checkout or PyInstaller bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


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


def scaled_theme(theme: dict[str, Any], scale: float) -> tuple[dict[str, Any], list[dict]]:
    """``theme`` with every font size and corner radius times ``scale``; plus the fonts to preload."""
    out = copy.deepcopy(theme)
    fonts: dict[tuple, dict] = {}
    for block in out.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            size = max(8, round(float(font["size"]) * scale))
            font["size"] = str(size)
            style = "bold" if str(font.get("bold", "0")) == "1" else "regular"
            fonts[(font.get("name"), size, style)] = {
                "name": font.get("name"), "point_size": size, "style": style, "antialiased": "1"}
        misc = block.get("misc")
        if isinstance(misc, dict) and "shape_corner_radius" in misc:
            misc["shape_corner_radius"] = str(max(2, round(float(misc["shape_corner_radius"]) * scale)))
    return out, list(fonts.values())


_file_handler: logging.FileHandler | None = None
_stderr_handler: logging.Handler | None = None


def setup_logging() -> Path | None:
    """Log to the user log dir (a windowed build has no stderr) and to stderr when there is one.

    A log file that cannot be created or written never costs a traceback
    (``storage.QuietFileHandler``): the program runs on with stderr only.
    """
    global _file_handler, _stderr_handler
    root = logging.getLogger()
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    try:
        path: Path | None = storage.log_path()
    except OSError:
        path = None
    if _file_handler is None or path is None or Path(_file_handler.baseFilename) != path:
        if _file_handler is not None:
            root.removeHandler(_file_handler)
            _file_handler.close()
            _file_handler = None
        if path is not None:
            try:
                _file_handler = storage.QuietFileHandler(path, encoding="utf-8")
                _file_handler.setFormatter(
                    logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
                root.addHandler(_file_handler)
            except OSError:
                path = None
    if _stderr_handler is None and sys.stderr is not None:
        _stderr_handler = logging.StreamHandler()
        _stderr_handler.setLevel(logging.WARNING)
        root.addHandler(_stderr_handler)
    return path


def os_language() -> str:
    """The first OS-preferred language we have, else English."""
    try:
        for pref in pygame.system.get_pref_locales():
            code = pref.get("language", "")
            if code in i18n.LANGUAGES:
                return code
    except Exception:
        pass
    return i18n.DEFAULT


class App:
    """The running program (see the module docstring).

    Attributes the table scene may use: ``stack``, ``settings``, ``ui_scale``,
    ``screen``, ``ui`` (the pygame_gui manager), ``open_rules()``, ``open_log()``,
    ``open_menu()``, ``new_game()``, ``request_quit()``.
    """

    #: vsync was asked for once in this process (see ``_set_mode``)
    _vsync_tried = False

    def __init__(self, *, size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool | None = None,
                 language: str | None = None, strict: bool = False, persist: bool = True,
                 settings: dict[str, Any] | None = None) -> None:
        self.log_path = setup_logging()
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        try:
            from pygame._sdl2 import controller
            controller.init()
        except Exception as e:  # no controller support: keyboard, mouse and touch still work
            log.info("controllers unavailable: %s", e)
        self.strict = strict
        self.persist = persist
        self.notices: list[list] = []  # [text, seconds left]
        self._settings_problem = None
        if settings is None:
            result = storage.load_settings_checked()
            settings = result.settings
            if result.problem:
                self._settings_problem = result
        self.settings: dict[str, Any] = dict(settings)
        code = language or self.settings.get("language") or os_language()
        i18n.set_language(code if code in i18n.LANGUAGES else i18n.DEFAULT)
        self.settings["language"] = i18n.language()
        if self._settings_problem is not None:  # said once, in the player's language
            moved = self._settings_problem.moved_to
            self.notify(i18n.t("save.settings_reset", file=moved.name) if moved
                        else i18n.t("save.settings_not_moved"))
        if fullscreen is not None:
            self.settings["fullscreen"] = bool(fullscreen)
        self.audio = Audio(self.settings)  # silent, never failing, without a sound device (issue 14)

        self.windowed_size = (max(1, size[0]), max(1, size[1]))
        self.screen: pygame.Surface = None  # type: ignore[assignment]
        self.vsync = False
        self.fullscreen = False
        self._open_window(bool(self.settings.get("fullscreen")))
        self._known_size = self.size
        pygame.display.set_caption(i18n.t("ui.app_title"))
        pygame.key.set_repeat()  # off: the recogniser repeats arrows, WASD and +/- only

        self._theme = base_theme()
        self._visible: dict[int, bool] = {}
        self._ui_scale_used: float | None = None
        self.ui: pygame_gui.UIManager = None  # type: ignore[assignment]
        self.ui_generation = 0
        self._make_ui()
        self.stack = SceneStack()
        #: The fixed-step clock (seconds of updates so far): presses are stamped with it
        #: (``Intent.began``) and the curtain's guard is measured on it (UX-3).
        self.time = 0.0
        self.input = InputRecogniser(lambda: self.size, self.ui_hit, now=lambda: self.time)
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.frame_no = 0
        self.failing_frames = 0
        self.errors: list[str] = []
        self._acc = 0.0
        #: An event that woke the resting loop, handled in the next frame.
        self._woke: list[pygame.event.Event] = []
        #: Frames drawn and frames skipped at rest (issue 14's benchmark reads them).
        self.draws = 0
        self.rested = 0
        self._rest_drawn = False
        self._last = time.perf_counter()
        #: The match in progress: its PlayState, seats and game (for the autosave's meta).
        self.play_state: PlayState | None = None
        self.seats: list[SeatConfig] = []
        #: The seed the new-game form offers (``--seed``); None: a fresh one.
        self.default_seed: int | None = None
        #: The phones of the match's phone seats (``game.phones.host``), made with the first
        #: match that has one: a program with no phone seat never loads the server.
        self.phones: Any = None
        #: How the phone server binds (``--phones-host``, ``--phones-port``, ``--phones-file``).
        self.phones_options: dict[str, Any] = {}
        #: A scripted start (``--seats``): the match begins once every phone is here, not at the
        #: host's Start on the join screen.
        self.phones_autostart = False
        #: The phones' codes of a resumed match (its autosave's meta), so phones rejoin as they were.
        self._phone_codes: dict[int, str] = {}
        self._unsubscribe = i18n.on_change(self._language_changed)

    # ------------------------------------------------------------------ window

    @property
    def size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        if surface is None:
            return self.windowed_size
        w, h = surface.get_size()
        return max(1, w), max(1, h)

    def _set_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        # vsync only for the first window: asking for it again after a fullscreen
        # switch crashed SDL's dummy driver here (measured), and the capped clock is fine.
        if not App._vsync_tried:
            App._vsync_tried = True
            try:
                screen = pygame.display.set_mode(size, flags, vsync=1)
                self.vsync = True
                return screen
            except (pygame.error, ValueError) as e:
                log.info("set_mode with vsync failed (%s); using a capped clock", e)
        self.vsync = False
        return pygame.display.set_mode(size, flags)

    def _open_window(self, fullscreen: bool) -> None:
        """Open the window, falling back to windowed when fullscreen is refused (NOTES.md)."""
        if fullscreen:
            try:
                self.screen = self._set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
                return
            except (pygame.error, ValueError) as e:
                log.warning("fullscreen failed: %s", e)
                self.notify(i18n.t("ui.fullscreen_failed", error=str(e)))
        self.screen = self._set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = False

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if not self.fullscreen:
            self.windowed_size = self.size
        self._open_window(on)
        self.settings["fullscreen"] = self.fullscreen
        self.save_settings()
        self._resized()

    def _resized(self) -> None:
        """The window's size changed: new UI scale, layout and camera for every scene."""
        self.screen = pygame.display.get_surface() or self.screen
        size = self._known_size = self.size
        if self.menu_scale != self._ui_scale_used:
            self._make_ui()
        else:
            self.ui.set_window_resolution(size)
        self._broadcast_resize()

    # -------------------------------------------------------------- UI manager

    @property
    def ui_scale(self) -> float:
        """The player's interface size setting (1.0 = as designed), larger with the TV setting
        (``safe_area.TV_SCALE``); scenes add the window's size."""
        scale = float(self.settings.get("ui_scale", 1.0) or 1.0)
        return scale * TV_SCALE if tv_on(self.settings) else scale

    @property
    def menu_scale(self) -> float:
        """Pixels per design pixel of the menus: the interface size (at most the largest one
        offered, also with the TV setting) times the window against 720 px."""
        w, h = self.size
        fit = max(0.6, min(3.0, min(h / BASE_HEIGHT, w / (BASE_HEIGHT * 4 / 3))))
        scale = float(self.settings.get("ui_scale", 1.0) or 1.0)
        if tv_on(self.settings):
            scale = max(scale, min(MAX_MENU_SCALE, scale * TV_SCALE))
        return round(scale * fit * 20) / 20

    def _make_ui(self) -> None:
        from . import fast_shapes
        fast_shapes.install()  # issue 11: large rounded widgets drawn without a freeze
        scale = self.menu_scale
        theme, fonts = scaled_theme(self._theme, scale)
        self.ui = pygame_gui.UIManager(self.size, theme, enable_live_theme_updates=False)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.ui.preload_fonts(fonts)
        except Exception as e:  # a missing bold face only costs a warning later
            log.info("font preload: %s", e)
        self._ui_scale_used = scale
        self.ui_generation += 1
        self._visible.clear()

    def rebuild_ui(self) -> None:
        """A new UIManager (new scale): every scene rebuilds its widgets on the RESIZE intent."""
        self._make_ui()
        self._broadcast_resize()

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

    # ---------------------------------------------------------------- settings

    def save_settings(self) -> None:
        """Write the settings; a disk that refuses is logged, and the settings still apply."""
        if self.persist:
            try:
                self.settings = storage.save_settings(self.settings)
            except (OSError, ValueError, TypeError) as e:  # a full disk, a value JSON cannot hold
                log.error("settings not saved: %s", e)

    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it at once and save it."""
        if key == "language":
            self.set_language(value)
            return
        if key == "fullscreen":
            self.set_fullscreen(bool(value))
            return
        self.settings[key] = value
        self.save_settings()
        if key in ("ui_scale", "tv"):
            self.rebuild_ui()
        elif key in ("tile_style", "palette"):
            # Scenes re-read the settings on RESIZE (the table rebuilds its sprites).
            self._broadcast_resize()
        if key == "computer_speed" and self.play_state is not None:
            self._apply_speed()
        if key in ("volume", "effects", "muted"):
            self.audio.configure(self.settings)

    def set_language(self, code: str) -> None:
        """Switch the language at run time; every scene re-translates (RESIZE rebuilds widgets)."""
        i18n.set_language(code)
        self.settings["language"] = code
        self.save_settings()

    def _language_changed(self, code: str) -> None:
        pygame.display.set_caption(i18n.t("ui.app_title"))
        self._broadcast_resize()

    def _broadcast_resize(self) -> None:
        """A RESIZE intent to every scene on the stack: rebuild widgets, re-read settings."""
        intent = Intent(I.RESIZE, size=self.size)
        for scene in self.stack:
            self._safely(scene.handle, intent)

    def _apply_speed(self) -> None:
        try:
            from .play import computer_delay
            if self.play_state is None:
                return
            self.play_state.delay = computer_delay(self.settings.get("computer_speed", "normal"))
        except Exception as e:
            log.warning("computer speed not applied: %s", e)

    # ------------------------------------------------------------------ scenes

    # Navigation (game.navigation): every screen the program opens, in one module.

    def open_rules(self) -> None:
        navigation.open_rules(self)

    def open_log(self) -> None:
        navigation.open_log(self)

    def open_back_menu(self) -> None:
        navigation.open_back_menu(self)

    def open_menu(self) -> None:
        navigation.open_menu(self)

    def open_settings(self) -> None:
        navigation.open_settings(self)

    def new_game(self) -> None:
        """Back to the new-game scene (over the title)."""
        navigation.new_game(self)

    def to_title(self) -> None:
        navigation.to_title(self)

    def show_message(self, title: str, text: str, on_close: Callable[[], None] | None = None) -> None:
        navigation.show_message(self, title, text, on_close)

    def show_deal_end(self, play, table) -> None:
        navigation.deal_end(self, play, table)

    def show_match_end(self, play, table) -> None:
        navigation.match_end(self, play, table)

    def notify(self, text: str) -> None:
        """A short notice at the bottom of the screen (controller plugged in ...)."""
        self.notices.append([text, NOTICE_SECONDS])

    def request_quit(self) -> None:
        from .save_guard import hold_quit
        if hold_quit(self):  # issue 29: saves fail, quitting would lose moves: warn first
            return
        self.running = False

    # ------------------------------------------------------------------- match

    def start_match(self, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> None:
        """Put ``session`` on the table: PlayState + TableScene, autosaved after every action."""
        self.seats = list(seats)
        scene = make_table_scene(self, session, self.seats, reveals_seen)
        self.stack.replace(scene)
        self.autosave(session)
        if self.phones is not None and not self.phones.all_here():
            self.open_join()

    def open_join(self) -> None:
        """The phones' join screen over the table; play waits while it is open (issue 27).
        A scripted start (``--seats``) starts by itself once every phone is here."""
        from .scenes.join import JoinScene
        self.stack.push(JoinScene(self, start_when_joined=self.phones_autostart))

    def continue_match(self) -> bool:
        """Back to the table of the match in progress, if there is one."""
        if self.play_state is None:
            return False
        self.start_match(self.play_state.session, self.seats, self.play_state.reveals_seen)
        return True

    def autosave_meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"seats": [s.to_json() for s in self.seats], "app": "domino-table"}
        if self.play_state is not None:
            meta["reveals_seen"] = self.play_state.reveals_seen  # resume where the player was
        if self.phones is not None and self.phones.codes:
            meta["phones"] = {str(seat): code for seat, code in self.phones.codes.items()}
        return meta

    def autosave(self, session=None) -> None:
        """Called by the PlayState after every applied action: one journal line, fsynced.

        When the disk refuses, the player is told once and play goes on; every
        later action tries again, and the first that succeeds says so.
        """
        if not self.persist:
            return
        session = session or (self.play_state.session if self.play_state else None)
        if session is None:
            return
        saved = storage.save_game(session, self.autosave_meta())
        failing = getattr(self, "_save_failing", False)
        if saved == failing:
            self.notify(i18n.t("save.write_ok" if saved else "save.write_failed"))
        self._save_failing = not saved

    def resume_autosave(self) -> bool:
        """Resume the autosave if there is one; a bad one gets a message and is kept aside."""
        result = storage.load_game()
        if result.session is not None:
            n = result.session.config.players
            # the seats are details: wrong ones give default names, not a lost game
            seats = seats_from(result.meta.get("seats"), n)
            reveals = result.meta.get("reveals_seen")
            reveals = reveals if isinstance(reveals, int) and not isinstance(reveals, bool) else None
            self._phone_codes = phone_codes(result.meta.get("phones"))
            try:
                self.start_match(result.session, seats, reveals)
                # A save this version's table cannot draw must not fail in every frame.
                table = self.stack.top
                assert table is not None  # start_match pushed it
                table.draw(pygame.Surface(self.size))
                if result.recovered:  # issue 29: say what a damaged save kept and where the rest is
                    from .save_guard import tell_recovered
                    tell_recovered(self, result)
                return True
            except Exception as e:
                log.warning("could not put the saved game on the table: %r", e)
                log.info("the table's error", exc_info=True)  # the details go to the log file only
                self.play_state = None
                self.to_title()
                result = storage.set_aside_game("cannot_show", f"the table cannot show it: {e!r}")
        if result.problem:
            self.show_save_problem(result)
        return False

    def show_save_problem(self, result) -> None:
        """What was wrong, in words, and truthfully where the file is now (kept aside or not)."""
        key = f"save.{result.problem}"
        reason = i18n.t(key) if i18n.has(key, i18n.DEFAULT) else i18n.t("save.invalid")
        if result.moved_to is not None:
            text = i18n.t("save.kept_aside", reason=reason, file=str(result.moved_to))
        else:
            where = str(result.path or storage.autosave_path())
            text = i18n.t("save.not_moved" if result.remembered else "save.not_moved_again",
                          reason=reason, file=where)
        self.show_message(i18n.t("save.title"), text)

    # -------------------------------------------------------------------- loop

    def start(self, resume: bool = True) -> None:
        """The first scenes: the title, and the autosave's table on top if there is one."""
        from .scenes.title import TitleScene
        self.stack.replace(TitleScene(self))
        if self._settings_problem is not None:
            log.warning("settings were reset: %s", self._settings_problem.reason)
        if resume:
            self.resume_autosave()

    def run(self, frames: int | None = None, dt: float | None = None) -> int:
        """Run until quit (or for ``frames`` frames); returns the exit code."""
        self._last = time.perf_counter()
        while self.running and (frames is None or frames > 0):
            self.frame(dt)
            if frames is not None:
                frames -= 1
        return self.exit_code

    def frame(self, dt: float | None = None) -> None:
        """One frame: events, fixed steps, drawing.  ``dt`` forces the frame's length (tests)."""
        now = time.perf_counter()
        measured, self._last = now - self._last, now
        frame_dt = min(MAX_FRAME, measured if dt is None else dt)
        ok = self._safely(self._frame, frame_dt, dt is None)
        self.failing_frames = 0 if ok else self.failing_frames + 1
        if self.failing_frames >= MAX_FAILING_FRAMES:
            log.error("giving up after %d failing frames", self.failing_frames)
            self.exit_code = 1
            self.running = False
        self.frame_no += 1
        if dt is None:
            # Also with vsync: a driver may accept vsync and not wait (SDL's dummy
            # driver ran at 290 fps, measured), so never spin faster than the cap.
            self.clock.tick(FPS_CAP)
            if self.running and self._rest_drawn:
                self._sleep()

    def _sleep(self) -> None:
        """Nothing moves and the last picture is on screen: wait for an event (or a while,
        so the match's clocks still tick now and then) instead of drawing the same frame."""
        event = pygame.event.wait(round(REST_WAIT_S * 1000))
        if event.type != pygame.NOEVENT:
            self._woke.append(event)

    def _frame(self, frame_dt: float, rests: bool = False) -> None:
        events = self._woke + pygame.event.get()
        self._woke = []
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self._acc += frame_dt
        steps = 0
        while self._acc >= STEP:
            self.update(STEP)
            self._acc -= STEP
            steps += 1
        self.ui.update(frame_dt)
        if rests and not events and self.resting():
            if self._rest_drawn:
                self.rested += 1
                return  # the same picture as the last frame's: nothing to draw
            self._rest_drawn = True  # draw this last frame, then rest
        else:
            self._rest_drawn = False
        self.draws += 1
        self.draw(self._acc / STEP)
        pygame.display.flip()

    def dispatch(self, event: pygame.event.Event) -> None:
        """One raw event: pygame_gui first, then the top scene's hook, then intents."""
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            # SDL sends both for one change (and only the second when maximising): act once.
            if self.size != self._known_size:
                self._resized()
            return
        consumed = False
        try:
            consumed = bool(self.ui.process_events(event))
        except Exception:
            if self.strict:
                raise
            log.exception("pygame_gui failed on %s", pygame.event.event_name(event.type))
        top = self.stack.top
        if top is not None and top.handle_event(event):
            return
        if consumed and event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL):
            return  # a text field took the key, a text box the wheel
        # (A click a widget took still reaches the recogniser, which sees the widget
        # under it and makes no TAP of it.)
        for intent in self.input.feed(event):
            self.handle(intent)
        for key, params in self.input.notices:
            self.notify(i18n.t(key, **params))
        self.input.notices.clear()

    def handle(self, intent: Intent) -> None:
        """The App's own intents (fullscreen, quit), then the top scene."""
        if intent.kind == I.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if intent.kind == I.QUIT:
            self.request_quit()
            return
        if intent.kind == I.MUTE:
            self.set_setting("muted", not self.audio.muted)
            return
        if intent.kind == I.HOVER and intent.pos is None:
            # A finger came down or the pointer left: every screen forgets the pointer, also
            # those covered now, so none shows a stale highlight when it is on top again.
            for scene in list(self.stack):
                self._safely(scene.handle, intent)
            return
        self.stack.handle(intent)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.play_state is not None:
            self.tick_match(dt)
        for intent in self.input.update(dt):
            self.handle(intent)
        self.stack.update(dt)
        for notice in self.notices:
            notice[1] -= dt
        self.notices = [n for n in self.notices if n[1] > 0]
        self._sync_visibility()

    def resting(self) -> bool:
        """Nothing on screen moves or waits for a clock: no notice, no held key or stick,
        and every scene drawn says it rests (``Scene.resting``)."""
        if self.notices or self.input.active():
            return False
        scenes = list(self.stack)
        start = len(scenes) - 1
        while start > 0 and scenes[start].overlay:
            start -= 1
        return all(scene.resting() for scene in scenes[max(start, 0):])

    def tick_match(self, dt: float) -> None:
        """The one owner of the match's clock: the computers' pace, the demo's reading time.

        UX-5: the computers act only while their table (or its deal's end) is the top
        screen and no screen that pauses play (rules, log, menu, settings) is open.
        """
        if self.phones is not None:
            self.phones.sync()
        pace_match(self.play_state, self.stack, dt)
        if self.phones is not None:
            self.phones.publish()  # a move just made reaches the next phone in this step

    def prepare_phones(self, seats: list[SeatConfig]) -> None:
        """Before a table with phone seats is made: the phones' host (which registers the
        phone seats' decision source, ``game.sources.SOURCES``)."""
        if self.phones is None and any(s.kind == PHONE for s in seats):
            from .phones.host import PhonesHost
            options = {k: v for k, v in self.phones_options.items() if v is not None}  # --phones-port wins
            self.phones = PhonesHost(language=i18n.language(), **{"port": self.settings.get("phones_port", 0), **options})

    def hand_seat_over(self, seat: int, kind: str) -> None:
        """Issue 27: a phone seat goes to the device (``HUMAN``) or to a computer, for the rest
        of the match; its phone is let go, and the autosave keeps the new seat."""
        play = self.play_state
        if play is None:
            return
        old = play.seats[seat - 1]
        play.change_seat(seat, SeatConfig(old.name, kind, old.level))
        self.seats = list(play.seats)
        if self.phones is not None:
            self.phones.release(seat)
        self.autosave()

    def attach_phones(self, play) -> None:
        """Link the match's phone seats to their phones, or stop the server when it has none."""
        if self.phones is None:
            return
        codes, self._phone_codes = self._phone_codes, {}
        self.phones.attach(play, codes)

    def _sync_visibility(self) -> None:
        """Hide the widgets of scenes that are not drawn (covered by a full scene)."""
        scenes = list(self.stack)
        start = len(scenes) - 1
        while start > 0 and scenes[start].overlay:
            start -= 1
        for i, scene in enumerate(scenes):
            visible = i >= max(start, 0)
            # Every frame, not only on changes: a covered scene may have rebuilt its
            # widgets (language or size change), and a new panel starts out visible.
            if hasattr(scene, "set_ui_visible"):
                scene.set_ui_visible(visible)

    def draw(self, alpha: float = 1.0) -> None:
        surface = self.screen = pygame.display.get_surface() or self.screen
        if not self.stack.covers():
            surface.fill((18, 36, 29))
        self.stack.draw(surface, alpha)
        self.ui.draw_ui(surface)
        top = self.stack.top
        if top is not None and hasattr(top, "draw_focus"):
            top.draw_focus(surface)
        self._draw_notices(surface)
        if getattr(self, "_save_failing", False):  # issue 29: a lasting mark while saves fail
            from .save_guard import draw_unsaved_mark
            draw_unsaved_mark(self, surface)

    def _draw_notices(self, surface: pygame.Surface) -> None:
        if not self.notices:
            return
        from . import assets
        font = assets.font(max(12, round(18 * self.menu_scale)))
        y = surface.get_height() - round(16 * self.menu_scale)
        for text, _ in reversed(self.notices[-3:]):
            img = font.render(text, True, (247, 241, 227))
            pad = round(10 * self.menu_scale)
            box = img.get_rect(midbottom=(surface.get_width() // 2, y)).inflate(pad * 2, pad)
            pygame.draw.rect(surface, (18, 36, 29), box, border_radius=pad)
            pygame.draw.rect(surface, (196, 160, 72), box, 1, border_radius=pad)
            surface.blit(img, img.get_rect(center=box.center))
            y = box.top - pad // 2

    # ------------------------------------------------------------------ errors

    def _safely(self, fn: Callable, *args) -> bool:
        """Run ``fn``; on an exception log it, show it, and carry on (unless strict)."""
        try:
            fn(*args)
            return True
        except Exception as e:
            if self.strict:
                raise
            self.report_error(e)
            return False

    def report_error(self, error: BaseException) -> None:
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        log.error("error in a frame:\n%s", text)
        summary = f"{type(error).__name__}: {error}"
        self.errors.append(summary)
        from .scenes.overlays import MessageScene
        if any(isinstance(s, MessageScene) and s.is_error for s in self.stack):
            return  # one error message at a time; the log has the rest
        try:
            self.stack.push(MessageScene(
                self, i18n.t("ui.error_title"),
                i18n.t("ui.error_frame", error=summary, file=str(self.log_path or "-")),
                is_error=True))
        except Exception:
            log.exception("could not show the error message")

    def close(self) -> None:
        """Leave the program cleanly: the autosave is already on disk."""
        self._unsubscribe()
        if self.phones is not None:
            self.phones.stop("quit")  # the phones are told; a resumed match takes the same codes
        for scene in list(self.stack):
            try:
                scene.on_exit()
            except Exception:
                log.exception("on_exit failed")
        pygame.display.quit()


def pace_match(play, stack, dt: float) -> None:
    """One fixed step of a match's clock under the scene stack ``stack`` (App.tick_match)."""
    play.paused = match_paused(stack)
    play.held = match_held(stack)
    play.update(dt)


def match_held(stack) -> bool:
    """Issue 14: a scene still shows the last move travelling, so the next computer waits."""
    return any(getattr(s, "showing_move", False) for s in stack)


def match_paused(stack) -> bool:
    """UX-5: whether the match waits: its table is not on top, or a pausing screen is open."""
    top = stack.top
    return not getattr(top, "runs_match", False) or any(getattr(s, "pauses_play", False) for s in stack)


def make_table_scene(app: App, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> Scene:
    """The one way a match reaches the screen: the table helper's PlayState and TableScene.

    The PlayState calls ``app.autosave`` after every applied action (DESIGN.md:
    saved after every action) and runs the computers at the speed in the settings.
    """
    from .play import PlayState, computer_delay
    from .scenes.table import TableScene
    app.prepare_phones(seats)
    play = PlayState(session, seats, on_change=app.autosave,
                     delay=computer_delay(app.settings.get("computer_speed", "normal")),
                     now=lambda: app.time, reveals_seen=reveals_seen)
    app.play_state = play
    app.attach_phones(play)
    return TableScene(app, play)


def phone_codes(raw: object) -> dict[int, str]:
    """The phones' codes kept in an autosave's meta ({"2": "K7M2QX9PTA"}); anything else: none
    (the phones then scan new codes; the codes are details, never a reason to lose a game)."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, str] = {}
    for key, code in raw.items():
        if isinstance(key, str) and key.isdigit() and isinstance(code, str):
            out[int(key)] = code
    return out
