"""The App: the fixed-timestep loop, the scene stack, and errors that must not end the evening.

One ``App`` runs the program.  It owns the window (``game.window``: the display
surface, windowed or fullscreen with F11 / Alt+Enter, and the pygame_gui
``UIManager`` themed from art/), the settings (``game.settings``), the input
recogniser, the scene stack and the match host (``game.match_host``: the match in
progress, ``play_state``, autosaved after every action).  It offers scenes what
``game.host.Host`` declares, and nothing else is theirs to use.

The loop advances in fixed steps of ``STEP`` seconds and draws with the
fraction of a step left over (NOTES.md), so frame rate never changes
behaviour; a long frame is capped at ``MAX_FRAME`` of catch-up.

A bug must not cost a player the evening: an exception inside a frame is
written to the log file in the user log directory and shown as a message, and
the game goes on (``strict`` turns that off for the smoke test and tests).
"""
from __future__ import annotations

import logging
import os
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from . import i18n, navigation, storage  # noqa: E402
from . import screens  # noqa: E402,F401  (loading it registers every screen with navigation)
from . import intents as I  # noqa: E402
from . import settings as settings_file  # noqa: E402
from .audio import Audio  # noqa: E402
from .input import InputRecogniser  # noqa: E402
from .intents import Intent  # noqa: E402
from .match_host import MatchHost, match_held, match_paused, pace_match, phone_codes  # noqa: E402,F401
from .scene import SceneStack  # noqa: E402
from .seats import SeatConfig  # noqa: E402
from .speech import Speech  # noqa: E402  (issue 41: speech at the table, the review keys, the speech log)
from .termination import Termination  # noqa: E402
from .settings import os_language  # noqa: E402,F401
from .window import DEFAULT_SIZE, WAKE, Window, base_theme, draw_notices, scaled_theme, wake  # noqa: E402,F401

log = logging.getLogger("game")

# pygame_gui's font cache chatter is not the player's business; other warnings go to the log.
warnings.filterwarnings("ignore", message=r".*(already loaded|not already loaded|no fast renderer)")
logging.captureWarnings(True)

STEP = 1.0 / 120.0
MAX_FRAME = 0.25
FPS_CAP = 120
#: Consecutive failing frames after which the program gives up (a bug in drawing the message itself).
MAX_FAILING_FRAMES = 30
#: Issue 14, "at rest, the program rests": while nothing moves the loop sleeps on the event
#: queue for up to this long, and draws nothing until something changes.
REST_WAIT_S = 0.25
NOTICE_SECONDS = 3.5

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


class App:
    """The running program (see the module docstring).  What scenes may use of it is
    ``game.host.Host``; the window, the settings and the match have their own modules."""

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
        self.settings, self._settings_problem, notice = settings_file.load(settings, language, fullscreen)
        if notice:
            self.notify(notice)
        self.audio, self.speech = Audio(self.settings), Speech(self.settings, self.notify)  # silent, never failing
        self.window = Window(size, lambda: self.settings, self.notify)
        pygame.key.set_repeat()  # off: the recogniser repeats arrows, WASD and +/- only
        self.stack = SceneStack()
        #: The fixed-step clock (seconds of updates so far): presses are stamped with it
        #: (``Intent.began``) and the curtain's guard is measured on it (UX-3).
        self.time = 0.0
        self.input = InputRecogniser(lambda: self.size, self.window.ui_hit, now=lambda: self.time)
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
        #: The seed the new-game form offers (``--seed``); None: a fresh one.
        self.default_seed: int | None = None
        #: How the phone server binds (``--phones-host``, ``--phones-port``, ``--phones-file``).
        self.phones_options: dict[str, Any] = {}
        #: A scripted start (``--seats``): the match begins once every phone is here, not at the
        #: host's Start on the join screen.
        self.phones_autostart = False
        #: The match in progress, its autosave and its phones.
        self.match = MatchHost(self)
        self._unsubscribe = i18n.on_change(self._language_changed)
        self.termination = Termination(self)  # issue 40: SIGTERM saves or rescues, then quits

    # ------------------------------------------------------------------ window

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    @property
    def ui(self) -> Any:
        """The pygame_gui manager (``pygame_gui.UIManager``), new when the interface size changes."""
        return self.window.ui

    @property
    def ui_generation(self) -> int:
        return self.window.ui_generation

    @property
    def ui_scale(self) -> float:
        return self.window.ui_scale

    @property
    def menu_scale(self) -> float:
        return self.window.menu_scale

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.window.switch(on)
        self.settings["fullscreen"] = self.fullscreen
        self.save_settings()
        self._resized()

    def _resized(self) -> None:
        """The window's size changed: new UI scale, layout and camera for every scene."""
        self.window.resized()
        self.broadcast_resize()

    def rebuild_ui(self) -> None:
        """A new UIManager (new scale): every scene rebuilds its widgets on the RESIZE intent."""
        self.window.make_ui()
        self.broadcast_resize()

    # ---------------------------------------------------------------- settings

    def save_settings(self) -> None:
        """Write the settings; a disk that refuses is logged, and the settings still apply."""
        if self.persist:
            self.settings = settings_file.save(self.settings)

    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it at once and save it (``game.settings.apply``)."""
        settings_file.apply(self, key, value)

    def set_language(self, code: str) -> None:
        """Switch the language at run time; every scene re-translates (RESIZE rebuilds widgets)."""
        i18n.set_language(code)
        self.settings["language"] = code
        self.save_settings()

    def _language_changed(self, code: str) -> None:
        pygame.display.set_caption(i18n.t("ui.app_title"))
        self.broadcast_resize()

    def broadcast_resize(self) -> None:
        """A RESIZE intent to every scene on the stack: rebuild widgets, re-read settings."""
        intent = Intent(I.RESIZE, size=self.size)
        for scene in self.stack:
            self._safely(scene.handle, intent)

    # ------------------------------------------------------------------ scenes

    # Navigation: every screen is opened by game.navigation, whose functions serve as methods.
    open_rules = navigation.open_rules
    open_log = navigation.open_log
    open_back_menu = navigation.open_back_menu
    open_menu = navigation.open_menu
    open_settings = navigation.open_settings
    new_game = navigation.new_game  # back to the new-game form, over the title
    to_title = navigation.to_title
    show_message = navigation.show_message
    show_deal_end = navigation.deal_end
    show_match_end = navigation.match_end

    wake = staticmethod(wake)  # a phone's message ends the rest at once (``window.wake``)

    def notify(self, text: str) -> None:
        """A short notice at the bottom of the screen (controller plugged in ...)."""
        self.notices.append([text, NOTICE_SECONDS])

    def request_quit(self) -> None:
        from .save_guard import hold_quit
        self.running = hold_quit(self)  # issue 29: saves fail, quitting would lose moves: warn first

    # ----------------------------- match: the match host (game.match_host) keeps it; these answer

    @property
    def play_state(self) -> Any:
        """The match in progress (``game.play.PlayState``) or None."""
        return self.match.play_state

    @play_state.setter
    def play_state(self, play: Any) -> None:
        self.match.play_state = play

    @property
    def seats(self) -> list[SeatConfig]:
        return self.match.seats

    @seats.setter
    def seats(self, seats: list[SeatConfig]) -> None:
        self.match.seats = seats

    @property
    def phones(self) -> Any:
        return self.match.phones

    def put_match(self, play: Any, seats: list[SeatConfig]) -> None:
        self.match.play_state, self.match.seats = play, list(seats)

    def start_match(self, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> None:
        self.match.start_new(session, seats, reveals_seen)  # the unfinished one is kept first

    def continue_match(self, kept: Any = None) -> bool:
        return self.match.resume() if kept is None else self.match.resume_kept(kept)

    def open_join(self) -> None:
        self.match.open_join()

    def autosave_meta(self) -> dict[str, Any]:
        return self.match.autosave_meta()

    def autosave(self, session=None) -> None:
        self.match.autosave(session)

    def hand_seat_over(self, seat: int, kind: str) -> None:
        self.match.hand_seat_over(seat, kind)

    # -------------------------------------------------------------------- loop

    def start(self, resume: bool = True) -> None:
        """The first scenes: the title, and the autosave's table on top if there is one."""
        navigation.replace(self, "title")
        if self._settings_problem is not None:
            log.warning("settings were reset: %s", self._settings_problem.reason)
        if resume:
            self.match.resume_autosave()

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
        if self.termination.check():
            return
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
        if event.type == WAKE:
            return  # it only ended the rest: the frame that follows reads the phones
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            # SDL sends both for one change (and only the second when maximising): act once.
            if self.size != self.window.known_size:
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
            self.set_fullscreen(not self.fullscreen)
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
        self.match.tick(dt)  # the one owner of the match's clock (UX-5)
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
        return all(scene.resting() for scene in self.stack.drawn())

    def _sync_visibility(self) -> None:
        """Hide the widgets of scenes that are not drawn (covered by a full scene)."""
        drawn = self.stack.drawn()
        for scene in self.stack:
            # Every frame, not only on changes: a covered scene may have rebuilt its
            # widgets (language or size change), and a new panel starts out visible.
            scene.set_ui_visible(scene in drawn)

    def draw(self, alpha: float = 1.0) -> None:
        surface = self.window.screen = pygame.display.get_surface() or self.window.screen
        if not self.stack.covers():
            surface.fill((18, 36, 29))
        self.stack.draw(surface, alpha)
        self.ui.draw_ui(surface)
        top = self.stack.top
        if top is not None:
            top.draw_focus(surface)
        draw_notices(surface, self.notices, self.menu_scale)
        if self.match.save_failing:  # issue 29: a lasting mark while saves fail
            from .save_guard import draw_unsaved_mark
            draw_unsaved_mark(self, surface)

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
        self.termination.restore()
        self.match.close()
        for scene in list(self.stack):
            try:
                scene.on_exit()
            except Exception:
                log.exception("on_exit failed")
        pygame.display.quit()

