"""Speech engines (issue 41): a line rendered to a WAV in the speech worker, played on a
pygame mixer channel of the speech's own, whose ``stop()`` cuts it off at once.

Measured before this was built: pyttsx3's ``say``/``runAndWait`` block the caller, and its
espeak driver plays through a blocking ``aplay`` that cannot be interrupted.  So the line
is rendered, not played, by the engine: espeak-ng's ``--stdout`` on Linux (and wherever it
is installed), else pyttsx3's ``save_to_file`` (SAPI5 on Windows, NSSpeechSynthesizer on
macOS) when pyttsx3 is installed.  ``find_engine`` gives None when there is neither, or no
mixer: the program then says so once, in text, and plays on.
"""
from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

import pygame

from ..i18n import language as current_language

log = logging.getLogger(__name__)

#: espeak-ng's voice for each of the program's languages.
VOICES = {"en": "en", "ru": "ru", "uk": "uk", "it": "it"}
#: Words a minute (espeak-ng's default is 175), and the pitch of each voice (0-99): the
#: others' moves a little lower than the program's own lines, so the ear tells them apart.
RATE = 170
PITCH = {"table": 55, "others": 35}
#: Seconds a line may take to render before it is given up.
RENDER_TIMEOUT_S = 15.0
#: The mixer channel the speech plays on, kept out of the sound effects' way (``set_reserved``).
CHANNEL = 0


class MixerPlayer:
    """Plays rendered WAV bytes on a reserved mixer channel; ``stop`` cuts it off."""

    def __init__(self, volume: float = 1.0) -> None:
        pygame.mixer.set_reserved(CHANNEL + 1)
        self.channel = pygame.mixer.Channel(CHANNEL)
        self.volume = volume

    def play(self, audio: Any) -> None:
        if not audio:
            return
        sound = pygame.mixer.Sound(file=io.BytesIO(audio))
        self.channel.set_volume(self.volume)
        self.channel.play(sound)

    def playing(self) -> bool:
        return bool(self.channel.get_busy())

    def stop(self) -> None:
        self.channel.stop()


class EspeakEngine:
    """espeak-ng, rendering to WAV bytes on its standard output."""

    def __init__(self, program: str, language: str | None = None, player: MixerPlayer | None = None) -> None:
        self.program = program
        #: the voice's language; None follows the program's (a language changed in Settings)
        self.language = language
        self.player = player
        #: words a minute (Settings, "Speech rate")
        self.rate = RATE

    def command(self, text: str, voice: str = "table") -> list[str]:
        code = self.language or current_language()
        return [self.program, "-v", VOICES.get(code, "en"), "-s", str(self.rate),
                "-p", str(PITCH.get(voice, PITCH["table"])), "--stdout", text]

    def render(self, text: str, voice: str = "table") -> bytes:
        done = subprocess.run(self.command(text, voice), capture_output=True, timeout=RENDER_TIMEOUT_S,
                              check=True)
        return done.stdout

    def play(self, audio: Any) -> None:
        if self.player is not None:
            self.player.play(audio)

    def playing(self) -> bool:
        return self.player is not None and self.player.playing()

    def stop(self) -> None:
        if self.player is not None:
            self.player.stop()


class Pyttsx3Engine(EspeakEngine):
    """pyttsx3's ``save_to_file`` (SAPI5, NSSpeechSynthesizer), where espeak-ng is missing."""

    def __init__(self, module: Any, language: str | None = None, player: MixerPlayer | None = None) -> None:
        super().__init__("pyttsx3", language, player)
        self.tts = module.init()

    def render(self, text: str, voice: str = "table") -> bytes:
        fd, path = tempfile.mkstemp(suffix=".wav")
        os.close(fd)
        try:
            self.tts.save_to_file(text, path)
            self.tts.runAndWait()
            with open(path, "rb") as fh:
                return fh.read()
        finally:
            os.unlink(path)


def espeak_program() -> str | None:
    """The espeak-ng program on this machine, or None."""
    return shutil.which("espeak-ng") or shutil.which("espeak")


class ScreenReaderEngine:
    """Speech (and braille) through the screen reader that runs (NVDA, JAWS, Narrator: the
    accessible_output2 package, on Windows): the player hears their own voice at their own
    rate.  The screen reader keeps its own queue, so a line is handed over and done; a key's
    answer interrupts by silencing it first (``stop``)."""

    #: Characters a second a screen reader says, about: how long a line is taken to last, so
    #: that a key press still silences review speech while it is being said.
    CHARS_PER_S = 14.0

    def __init__(self, output: Any) -> None:
        self.output = output
        self.player = None
        self.rate = RATE  # the screen reader's own rate is the player's; kept for the hub
        self._until = 0.0

    def render(self, text: str, voice: str = "table") -> str:
        return text

    def play(self, audio: Any) -> None:
        if audio:
            self.output.output(str(audio))
            self._until = time.monotonic() + len(str(audio)) / self.CHARS_PER_S

    def playing(self) -> bool:
        return time.monotonic() < self._until

    def stop(self) -> None:
        self._until = 0.0
        silence = getattr(self.output, "silence", None)
        if callable(silence):
            silence()


def screen_reader() -> ScreenReaderEngine | None:
    """The running screen reader's engine, or None (no accessible_output2, or no reader)."""
    try:
        from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found]
        return ScreenReaderEngine(Auto())
    except Exception as e:  # not installed (it is Windows-only), or no output at all
        log.info("no screen reader to speak through: %s", e)
        return None


def find_engine(language: str | None = None, volume: float = 1.0,
                through_screen_reader: bool = False) -> EspeakEngine | ScreenReaderEngine | None:
    """The best engine here, playing on the mixer; None without an engine or a mixer.  With
    ``through_screen_reader`` (Settings, "Speak through"), the running screen reader first."""
    if through_screen_reader:
        reader = screen_reader()
        if reader is not None:
            return reader
    try:
        if not pygame.mixer.get_init():
            return None
        player = MixerPlayer(volume)
    except (pygame.error, NotImplementedError, AttributeError) as e:
        log.info("no mixer for speech: %s", e)
        return None
    program = espeak_program()
    if program is not None:
        return EspeakEngine(program, language, player)
    if sys.platform in ("win32", "darwin"):
        try:
            import pyttsx3  # type: ignore[import-not-found]
            return Pyttsx3Engine(pyttsx3, language, player)
        except Exception as e:  # not installed, or no system voice
            log.info("pyttsx3 unavailable: %s", e)
    return None
