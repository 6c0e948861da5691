"""Scenes and the scene stack.

A scene draws state and turns intents into requests; it does not change the
match itself (that is the play state machine's job, through the rules API).
The top scene gets the intents; scenes below it still draw (an overlay over the
table), and ``update`` runs for every scene that ``wants_update_when_covered``.
"""
from __future__ import annotations

import pygame

from .host import Host
from .intents import Intent


class Scene:
    """One screen.  What the App asks of a scene is declared here with its default
    (issue 26: never probed with ``getattr``): a scene that differs says so."""

    #: True for overlays that let the scene below show through.
    overlay = False
    #: True if ``update`` must still run while another scene covers this one.
    wants_update_when_covered = False
    #: True if ``draw`` covers every pixel of the window: the App then skips clearing it
    #: first (a full-window fill a frame, issue 14).
    opaque = False
    #: UX-5: the match's clock runs only while such a scene (its table, its deal's end) is on top.
    runs_match = False
    #: UX-5: while such a scene is anywhere on the stack (rules, log, menu, settings) the match waits.
    pauses_play = False

    def __init__(self, app: Host) -> None:
        self.app = app

    @property
    def showing_move(self) -> bool:
        """Issue 14: a move this scene shows is still travelling, so the next computer waits."""
        return False

    def set_ui_visible(self, visible: bool) -> None:
        """Show or hide this scene's widgets (hidden while a full scene covers it)."""

    def draw_focus(self, surface: pygame.Surface) -> None:
        """Draw the focus ring over the widgets (the top scene only, after pygame_gui drew)."""

    def handle(self, intent: Intent) -> None:
        """React to one intent (only the top scene gets them)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Optional raw-event hook for widgets (pygame_gui). Return True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (a fixed step)."""

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        """Draw the scene; ``alpha`` interpolates between the last two fixed steps."""

    #: The screen's name, said before its first words when it comes on top ("Settings"), so
    #: that moving the focus on it says only the control (issue 41).
    spoken_name: str = ""

    def spoken(self) -> str | None:
        """What this screen says by itself, read aloud when it changes (issue 41: a lesson's
        card, the rules); None for a screen that says nothing of its own."""
        return None

    def resting(self) -> bool:
        """True while nothing this scene draws moves or waits on a clock, so the App may
        stop drawing until an event comes (issue 14: at rest, the program rests)."""
        return True

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def on_exit(self) -> None:
        """Called when the scene is removed from the stack."""


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def handle(self, intent: Intent) -> None:
        if self._scenes:
            self._scenes[-1].handle(intent)

    def update(self, dt: float) -> None:
        for i, scene in enumerate(self._scenes):
            if i == len(self._scenes) - 1 or scene.wants_update_when_covered:
                scene.update(dt)

    def _first_drawn(self) -> int:
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].overlay:
            start -= 1
        return max(start, 0)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        for scene in self._scenes[self._first_drawn():]:
            scene.draw(surface, alpha)

    def drawn(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top one and the overlays' scenes below it."""
        return self._scenes[self._first_drawn():] if self._scenes else []

    def covers(self) -> bool:
        """Whether the scenes drawn cover the whole window (the lowest one drawn is opaque)."""
        return bool(self._scenes) and self._scenes[self._first_drawn()].opaque

    def __iter__(self):
        return iter(list(self._scenes))
