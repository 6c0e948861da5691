"""What a scene may use of the program that hosts it (the App, or a test's stand-in).

Scenes reach the program only through this: the scene stack, the settings, the
window, and the navigation of ``game.navigation``.  Nothing else of the App.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from .scene import SceneStack


class Host(Protocol):
    stack: SceneStack
    settings: dict[str, Any]
    screen: pygame.Surface

    @property
    def ui_scale(self) -> float: ...

    def open_rules(self) -> None: ...

    def open_log(self) -> None: ...

    def open_back_menu(self) -> None: ...

    def open_menu(self) -> None: ...

    def new_game(self) -> None: ...

    def request_quit(self) -> None: ...

    def show_deal_end(self, play: Any, table: Any) -> None: ...

    def show_match_end(self, play: Any, table: Any) -> None: ...
