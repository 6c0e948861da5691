"""The speech manager (issue 41): one worker thread, a queue with three priorities, and an
engine that renders a line and plays it where it can be stopped at once.

The program's loop never waits for speech: ``say`` puts a line in the queue and returns.
The worker takes the most urgent line, has the engine render it (``Engine.render``: a WAV
from espeak-ng, slow, off the loop), plays it (``Engine.play``, on a mixer channel of its
own) and waits for it to end or to be cut off.

- ``INTERRUPT`` (answers to the player's keys, errors, "your turn"): goes before anything
  queued, replaces the interrupting lines not said yet, and cuts off what is being said
  unless that is a move of the game (a move is never lost to an answer);
- ``QUEUE`` (the others' moves, results): in order; when several of the others' moves wait
  (a backlog: a fast table, speech slower than play), they are said as one line;
- ``IDLE`` (hints): only when nothing else is said or waits, and cut off when something comes.

A line already waiting, or being said, is not queued again (the repeat key's line
interrupts, so it is said).  A key press cuts off a review line (``key_pressed``).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

INTERRUPT, QUEUE, IDLE = 0, 1, 2
#: How often the worker looks whether the line playing has ended (seconds).
POLL_S = 0.02


class Engine(Protocol):
    """What the manager asks of a speech engine (``game.speech.engines``; tests use a fake)."""

    def render(self, text: str, voice: str) -> Any: ...

    def play(self, audio: Any) -> None: ...

    def playing(self) -> bool: ...

    def stop(self) -> None: ...


@dataclass
class Utterance:
    text: str
    priority: int = QUEUE
    #: a review key's answer: any key press cuts it off
    review: bool = False
    #: "move": one of the others' moves, which a backlog merges
    kind: str = "say"
    #: "table" for the program's own lines, "others" for the others' moves (another pitch)
    voice: str = "table"


class SpeechManager:
    """The queue and its worker (see the module docstring)."""

    def __init__(self, engine: Engine, on_error: Callable[[Exception], None] | None = None) -> None:
        self.engine = engine
        self.on_error = on_error
        self._queue: list[Utterance] = []
        self._current: Utterance | None = None
        self._cut = False
        self._closed = False
        self._cond = threading.Condition()
        #: every line the engine started to say, in order (tests and the benchmark read it)
        self.said: list[str] = []
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ the loop's side

    def say(self, text: str, priority: int = QUEUE, *, review: bool = False, kind: str = "say",
            voice: str = "table") -> bool:
        """Queue ``text``; False when it was dropped (a duplicate, or nothing to say)."""
        text = text.strip()
        if not text:
            return False
        utt = Utterance(text, priority, review, kind, voice)
        with self._cond:
            if self._closed or any(u.text == text for u in self._queue):
                return False
            current = self._current
            if priority != INTERRUPT and current is not None and current.text == text and not self._cut:
                return False
            self._queue = [u for u in self._queue if u.priority != IDLE]
            if priority != IDLE and current is not None and current.priority == IDLE:
                self._cut_current()  # a hint being said gives way to anything else
            if priority == INTERRUPT:
                self._queue = [u for u in self._queue if u.priority != INTERRUPT]
                if current is not None and current.kind != "move":
                    self._cut_current()
                self._queue.insert(0, utt)
            elif priority == IDLE and (self._queue or current is not None):
                return False
            else:
                self._queue.append(utt)
            self._cond.notify_all()
        return True

    def key_pressed(self) -> None:
        """A key was pressed: a review line being said (or waiting) is cut off."""
        with self._cond:
            self._queue = [u for u in self._queue if not u.review]
            if self._current is not None and self._current.review:
                self._cut_current()
            self._cond.notify_all()

    def stop(self) -> None:
        """Silence now, and nothing waiting."""
        with self._cond:
            self._queue.clear()
            if self._current is not None:
                self._cut_current()
            self._cond.notify_all()

    def idle(self) -> bool:
        """Nothing is being said and nothing waits."""
        with self._cond:
            return self._current is None and not self._queue

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until ``idle`` (tests); False on the timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._current is None and not self._queue, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._queue.clear()
            if self._current is not None:
                self._cut_current()
            self._cond.notify_all()
        self._thread.join(timeout=2.0)

    def _cut_current(self) -> None:
        """(Under the lock.)  Stop the line being said."""
        self._cut = True
        try:
            self.engine.stop()
        except Exception:  # a device gone: the line is over all the same
            log.warning("speech could not be stopped", exc_info=True)

    # ------------------------------------------------------------ the worker's side

    def _take(self) -> Utterance:
        """(Under the lock.)  The next line: the first of the most urgent priority; a backlog
        of the others' moves at its head is merged into one line."""
        best = min(u.priority for u in self._queue)
        first = next(i for i, u in enumerate(self._queue) if u.priority == best)
        utt = self._queue.pop(first)
        if utt.kind == "move":
            while first < len(self._queue) and self._queue[first].kind == "move":
                utt = Utterance(utt.text + " " + self._queue.pop(first).text, utt.priority, kind="move",
                                voice=utt.voice)
        return utt

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    return
                utt = self._current = self._take()
                self._cut = False
            try:
                self._speak(utt)
            except Exception as e:  # an engine that fails must not stop the worker
                log.warning("speech failed: %s", e)
                if self.on_error is not None:
                    self.on_error(e)
            with self._cond:
                self._current = None
                self._cond.notify_all()

    def _speak(self, utt: Utterance) -> None:
        audio = self.engine.render(utt.text, utt.voice)
        with self._cond:
            if self._cut or self._closed:
                return
            self.said.append(utt.text)
            self.engine.play(audio)
        while True:
            with self._cond:
                if self._cut or self._closed or not self.engine.playing():
                    return
                self._cond.wait(POLL_S)
