"""The App's speech (issue 41): the narrator's lines to the speech log and the speech manager,
the review keys' answers, and the setting turned on or off.

The App calls ``tick`` once a frame, ``review`` for a review key's intent, ``key_pressed``
on every key press, ``fresh`` when it starts a new match and ``configure`` when the
setting changes.  Nothing here blocks: the manager's worker renders and plays.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import IO, Any

from ..i18n import t
from . import words as W
from .manager import INTERRUPT, QUEUE, SpeechManager
from .narrator import Line, Narrator

log = logging.getLogger(__name__)
_BREAKS = re.compile(r"[ \t\r\n]+")


class Speech:
    """The narrator, the log, the review keys and the manager (see the module docstring)."""

    def __init__(self, settings: dict[str, Any], notify: Callable[[str], None],
                 engine_factory: Callable[[str | None, float], Any] | None = None) -> None:
        self.notify = notify
        self.narrator = Narrator()
        self.manager: SpeechManager | None = None
        self.log: IO[str] | None = None
        #: the last line said, for the repeat key
        self.last = ""
        self._factory = engine_factory
        self._told_no_engine = False
        self._warned_shared: set[int] = set()
        #: what the screen on top said of its own last (``Scene.spoken``), and which screen
        self._screen_said: str | None = None
        self._screen: object = None
        self.enabled = False
        #: speak through the running screen reader (Settings, "Speak through"; Windows)
        self.through_screen_reader = False
        self.configure(settings)

    # ------------------------------------------------------------ setting and log

    def configure(self, settings: dict[str, Any]) -> None:
        """Speech on or off (the setting, or ``--speech``); without an engine, said once."""
        on = bool(settings.get("speech", False))
        through = settings.get("speech_voice", "own") == "screen_reader"
        if self.manager is not None and through != self.through_screen_reader:
            self.manager.close()  # another engine: the next line is said by it
            self.manager = None
        self.through_screen_reader = through
        self.narrator.detail = str(settings.get("speech_detail", "normal"))
        self.rate = int(settings.get("speech_rate", 170))
        self.volume = max(0, min(100, int(settings.get("volume", 70)))) / 100
        if on and self.manager is None:
            engine = self._engine()
            if engine is None:
                if not self._told_no_engine:
                    self._told_no_engine = True
                    self.notify(t("speech.no_engine"))
            else:
                self.manager = SpeechManager(engine)
        elif not on and self.manager is not None:
            self.manager.close()
            self.manager = None
        player = getattr(getattr(self.manager, "engine", None), "player", None)
        if player is not None:
            player.volume = self.volume  # the master volume, changed in Settings
        engine = getattr(self.manager, "engine", None)
        if engine is not None:
            engine.rate = self.rate
        self.enabled = on

    def _engine(self) -> Any:
        if self._factory is not None:
            return self._factory(None, self.volume)
        from .engines import find_engine
        return find_engine(None, self.volume, self.through_screen_reader)

    def open_log(self, path: str) -> None:
        """``--speech-log FILE``: every line from now on, one a line, flushed as it is said."""
        self.log = open(path, "w", encoding="utf-8", buffering=1)

    @property
    def active(self) -> bool:
        """Anything listens: the speech itself or its log."""
        return self.enabled or self.log is not None

    # ------------------------------------------------------------ the App's calls

    def fresh(self, session) -> None:
        self.narrator.fresh(session)

    def tick(self, app) -> None:
        """Say what changed at the table since the last frame, and what the screen on top
        says of its own when it changes (a lesson's card, the rules)."""
        if not self.active:
            return
        play = app.play_state
        if play is not None and self.enabled and len(play.humans) > 1 and id(play) not in self._warned_shared:
            self._warned_shared.add(id(play))
            self.notify(t("speech.shared_device"))
            self.say(Line(t("speech.shared_device"), QUEUE))
        demoted = False
        for line in self.narrator.tick(play):
            # in one frame the lines keep their order: after a queued move, nothing jumps ahead
            demoted = demoted or line.priority != INTERRUPT
            self.say(line._replace(priority=QUEUE) if demoted else line)

    def screen(self, stack) -> None:
        """What the screen on top says of its own (``Scene.spoken``: a lesson's card, the
        rules), said when it changes, after the moves that led to it; the next key stops it."""
        if not self.active:
            return
        top = stack.top
        words = top.spoken() if top is not None else None
        if words == self._screen_said and top is self._screen:
            return
        new_screen = top is not self._screen
        self._screen_said, self._screen = words, top
        if not words or top is None:
            return
        if new_screen and top.spoken_name and top.spoken_name != words:  # "Settings: Language: English"
            words = f"{top.spoken_name}: {words}"
        self.say(Line(W.spoken(words), QUEUE, kind="review"))

    def review(self, app, topic: str | None) -> None:
        """A review key: its answer at once, cut off by the next key."""
        if topic == "repeat":
            text = self.last or t("speech.nothing_said")
        else:
            text = W.review(app.play_state, topic or "help")
        self.say(Line(text, INTERRUPT, kind="review"))

    def key_pressed(self) -> None:
        if self.manager is not None:
            self.manager.key_pressed()

    def say(self, line: Line) -> None:
        """One line to the log and, with speech on, to the manager."""
        text = _BREAKS.sub(" ", line.text).strip()  # one line; a no-break space stays one
        if not text:
            return
        if self.log is not None:
            try:
                self.log.write(text + "\n")
            except (OSError, ValueError) as e:  # a full disk: the speech goes on without its log
                log.warning("speech log not written: %s", e)
                self.log = None
        self.last = text
        if self.manager is not None:
            voice = "others" if line.kind == "move" else "table"
            self.manager.say(text, line.priority, review=line.kind == "review", kind=line.kind, voice=voice)

    def close(self) -> None:
        if self.manager is not None:
            self.manager.close()
            self.manager = None
        if self.log is not None:
            self.log.close()
            self.log = None
