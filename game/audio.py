"""The table's sounds: cues played through pygame-ce's mixer, or silence.

``Audio`` loads every sound of art/sounds/ (tools/make_sounds.py) once, when it
is made, so ``play`` only hands a ready ``Sound`` to a free channel: it never
decodes, never waits, and drops a sound rather than block when every channel
is busy.  Without a usable audio device (the SDL dummy driver with no mixer, a
machine without sound, a pygame built without SDL_mixer, a mixer that fails
to open) it stays silent and every call still works (issue 14).

Variants of a cue (the four tile clicks) are chosen in turn by a counter per
cue, or by a caller's key: nothing here reads the global random state, so a
match's seed stays the only source of chance (DESIGN.md).
"""
from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pygame

from . import assets

_log = logging.getLogger(__name__)

#: Channels to mix on; a burst of cues (a deal end after a play) needs more than SDL's default 8.
CHANNELS = 16
#: What pygame raises when the mixer is missing (NotImplementedError) or cannot open (pygame.error).
_MIXER_ERRORS = (pygame.error, NotImplementedError, AttributeError, OSError, RuntimeError)


def sounds_dir() -> Path:
    """art/sounds/, from source or inside a frozen build."""
    return assets.resource_path("art", "sounds")


def _clamp_volume(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 70
    return max(0, min(100, int(value)))


class Audio:
    """Master volume, effects on or off, and a mute toggle over the preloaded cues."""

    def __init__(self, settings: Mapping[str, Any] | None = None, directory: Path | None = None) -> None:
        settings = settings or {}
        self.volume = _clamp_volume(settings.get("volume", 70))
        self.effects = bool(settings.get("effects", True))
        self.muted = bool(settings.get("muted", False))
        self._sounds: dict[str, list[Any]] = {}
        self._gains: dict[str, float] = {}
        self._turns: dict[str, int] = {}
        self.available = self._open() and self._load(directory or sounds_dir())
        self._apply_volume()

    # ------------------------------------------------------------ settings

    @property
    def audible(self) -> bool:
        """True when a cue would be heard now."""
        return self.available and self.effects and not self.muted and self.volume > 0

    def configure(self, settings: Mapping[str, Any]) -> None:
        """Take volume, effects and muted from the settings (the settings screen changed them)."""
        self.volume = _clamp_volume(settings.get("volume", self.volume))
        self.effects = bool(settings.get("effects", self.effects))
        self.muted = bool(settings.get("muted", self.muted))
        self._apply_volume()
        if not self.audible:
            self.stop()

    def toggle_mute(self) -> bool:
        """Mute or unmute (the mute key); return the new ``muted``."""
        self.muted = not self.muted
        if self.muted:
            self.stop()
        return self.muted

    # ------------------------------------------------------------- playing

    def play(self, cue: str, key: int | None = None) -> bool:
        """Start ``cue`` at once; True if a channel took it.  Unknown cues are ignored.

        ``key`` picks the variant (``key % variants``); without it the variants
        come in turn.  Never blocks: with every channel busy the sound is dropped.
        """
        variants = self._sounds.get(cue)
        if not variants or not self.audible:
            return False
        if key is None:
            key = self._turns.get(cue, 0)
            self._turns[cue] = key + 1
        try:
            return variants[key % len(variants)].play() is not None
        except _MIXER_ERRORS:  # the device went away mid-game: go silent, keep playing
            _log.warning("sound playback failed; continuing silently", exc_info=True)
            self.available = False
            return False

    def play_all(self, cues: Iterable[str]) -> int:
        """Start every cue together; return how many were started."""
        return sum(self.play(cue) for cue in cues)

    def stop(self) -> None:
        if self.available:
            try:
                pygame.mixer.stop()
            except _MIXER_ERRORS:
                self.available = False

    def cues(self) -> tuple[str, ...]:
        """The cues that have sounds loaded (empty when silent)."""
        return tuple(self._sounds)

    # ----------------------------------------------------------- internals

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 512)  # a short buffer: a click is heard with the tile
                pygame.mixer.init()
            if pygame.mixer.get_num_channels() < CHANNELS:
                pygame.mixer.set_num_channels(CHANNELS)
            return bool(pygame.mixer.get_init())
        except _MIXER_ERRORS as exc:
            _log.info("no audio device (%s); the table stays silent", exc)
            return False

    def _load(self, directory: Path) -> bool:
        """Decode every sound now, so that ``play`` never touches a file."""
        try:
            manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
            for cue, entry in manifest["cues"].items():
                self._sounds[cue] = [pygame.mixer.Sound(str(directory / name)) for name in entry["files"]]
                self._gains[cue] = float(entry.get("gain", 1.0))
        except (*_MIXER_ERRORS, ValueError, KeyError, TypeError) as exc:
            _log.warning("the sounds could not be loaded (%s); the table stays silent", exc)
            self._sounds.clear()
            return False
        return True

    def _apply_volume(self) -> None:
        level = self.volume / 100
        for cue, variants in self._sounds.items():
            for sound in variants:
                sound.set_volume(level * self._gains.get(cue, 1.0))
