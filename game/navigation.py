"""Where the program goes: the one module that opens screens (DESIGN.md).

The App offers these as its navigation methods (``Host``); scenes ask the host
and never import one another to open a screen, so the modules import each other
in one direction only: the App and this module import scenes, scenes import
neither.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .host import Host


def open_rules(host: "Host") -> None:
    """The rules of the game being played (UX-5: the computers wait)."""
    from .scenes.overlays import RulesScene
    host.stack.push(RulesScene(host))


def open_log(host: "Host") -> None:
    """The public history of the match (UX-4, UX-5)."""
    from .scenes.overlays import LogScene
    host.stack.push(LogScene(host))


def open_menu(host: "Host") -> None:
    from .scenes.overlays import GameMenuScene
    host.stack.push(GameMenuScene(host))


def open_settings(host: "Host") -> None:
    from .scenes.settings import SettingsScene
    host.stack.push(SettingsScene(host))


def new_game(host: "Host") -> None:
    """Back to the new-game form, over the title."""
    from .scenes.new_game import NewGameScene
    from .scenes.title import TitleScene
    host.stack.replace(TitleScene(host))
    host.stack.push(NewGameScene(host))


def to_title(host: "Host") -> None:
    from .scenes.title import TitleScene
    host.stack.replace(TitleScene(host))


def show_message(host: "Host", title: str, text: str, on_close: Callable[[], None] | None = None,
                 is_error: bool = False) -> None:
    from .scenes.overlays import MessageScene
    host.stack.push(MessageScene(host, title, text, on_close, is_error=is_error))


def deal_end(host: "Host", play, table) -> None:
    """A deal's or hand's end over its table: every hand revealed (UX-3)."""
    from .scenes.deal_end import DealEndScene
    host.stack.push(DealEndScene(host, play, table))


def match_end(host: "Host", play, table) -> None:
    from .scenes.match_end import MatchEndScene
    host.stack.push(MatchEndScene(host, play, table))


def open_back_menu(host: "Host") -> None:
    """Issue 11: the controller's Back asks for the rules or the log (UX-5: the computers wait)."""
    from .scenes.back_menu import BackMenuScene
    host.stack.push(BackMenuScene(host))
