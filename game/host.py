"""What a scene may use of the program that hosts it (the App, or a test's stand-in).

Scenes reach the program only through this: the scene stack, the settings, the
window, the match in progress, and the navigation of ``game.navigation``.  Nothing
else of the App.  The App satisfies it structurally (mypy checks that where the App
is handed to navigation); a test's stand-in need only have what its scenes use.

This module is the bottom of the shell: it imports nothing of the program above it,
so a scene, the navigation and the App can all name it without an import circle
(issue 26).  The stack is described here by what scenes do with it (``Screens``),
not by ``game.scene.SceneStack``, for the same reason.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Protocol

import pygame


class Screens(Protocol):
    """The scene stack as scenes use it (``game.scene.SceneStack`` is one)."""

    @property
    def top(self) -> Any: ...

    def push(self, scene: Any) -> None: ...

    def pop(self) -> Any: ...

    def replace(self, scene: Any) -> None: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Host(Protocol):
    #: Settings are read and (by the settings screen, through ``set_setting``) written.
    settings: dict[str, Any]
    #: False ends the loop after this frame (a quit that is not held back).
    running: bool
    #: Issue 41: the table's speech, its review keys and its log (``game.speech.Speech``).
    speech: Any

    @property
    def stack(self) -> Screens: ...

    @property
    def screen(self) -> pygame.Surface: ...

    @property
    def play_state(self) -> Any:
        """The match in progress (``game.play.PlayState``) or None."""

    @property
    def phones(self) -> Any:
        """The phones of the match's phone seats (``game.phones.host.PhonesHost``) or None."""

    @property
    def input(self) -> Any:
        """The input recogniser (``game.input.InputRecogniser``): which device was used last."""

    @property
    def ui(self) -> Any:
        """The pygame_gui manager the scenes' widgets belong to."""

    @property
    def ui_generation(self) -> int:
        """Counts the managers made: a new one, new widgets."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def ui_scale(self) -> float: ...

    @property
    def menu_scale(self) -> float: ...

    @property
    def fullscreen(self) -> bool: ...

    # --------------------------------------------------------------- navigation

    def open_rules(self) -> None: ...

    def open_log(self) -> None: ...

    def open_back_menu(self) -> None: ...

    def open_menu(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_join(self) -> None: ...

    def new_game(self) -> None: ...

    def to_title(self) -> None: ...

    def show_message(self, title: str, text: str, on_close: Callable[[], None] | None = None) -> None: ...

    def show_deal_end(self, play: Any, table: Any) -> None: ...

    def show_match_end(self, play: Any, table: Any) -> None: ...

    def request_quit(self) -> None: ...

    # ------------------------------------------------------------ settings, match

    def set_setting(self, key: str, value: Any) -> None: ...

    def set_language(self, code: str) -> None: ...

    def start_match(self, session: Any, seats: list[Any], reveals_seen: int | None = None) -> None: ...

    def continue_match(self, kept: Any = None) -> bool:
        """Back to the match in progress, or (``kept``: a path of ``game.kept``) an unfinished
        match kept aside when another was started (issue 37)."""
        ...

    def put_match(self, play: Any, seats: list[Any]) -> None:
        """Set ``play`` (or None) and its seats at the table, starting and saving nothing: a
        lesson's table, and the match it set aside coming back (issue 31)."""

    def hand_seat_over(self, seat: int, kind: str) -> None: ...

    def autosave_meta(self) -> dict[str, Any]: ...
