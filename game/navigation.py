"""Where the program goes: the one module that opens screens (DESIGN.md).

Screens are opened by name (``push(host, "rules")``).  The factories behind the
names are registered by the top of the program (``game.screens``, which the App
loads), never imported here: scenes import this module to open one another, so
this module importing scenes would close an import circle (issue 26).  The
modules import each other one way: the App -> ``game.screens`` -> the scenes ->
this module -> ``game.scene`` -> ``game.host``.

The App offers the common destinations as its own methods (``Host.open_rules``
...), which call the functions at the bottom of this module.
"""
from __future__ import annotations

from typing import Any, Callable

from .host import Host
from .scene import Scene

#: A screen's factory: ``factory(host, *args, **kwargs)`` makes the scene (it does not push it).
Factory = Callable[..., Scene]

_factories: dict[str, Factory] = {}


def register(name: str, factory: Factory) -> None:
    """Make ``factory`` the screen called ``name`` (a later registration replaces it)."""
    _factories[name] = factory


def install(factories: dict[str, Factory]) -> None:
    """Register every screen of ``factories`` (``game.screens.SCREENS``)."""
    _factories.update(factories)


def registered() -> set[str]:
    """The names of the screens that can be opened."""
    return set(_factories)


def make(host: Host, name: str, *args: Any, **kwargs: Any) -> Scene:
    """The screen called ``name`` for ``host``, not yet on its stack."""
    try:
        factory = _factories[name]
    except KeyError:
        raise LookupError(f"no screen called {name!r}: is game.screens loaded?") from None
    return factory(host, *args, **kwargs)


def push(host: Host, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Open the screen called ``name`` over the current one; returns it."""
    scene = make(host, name, *args, **kwargs)
    host.stack.push(scene)
    return scene


def replace(host: Host, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Close every screen and open the one called ``name``; returns it."""
    scene = make(host, name, *args, **kwargs)
    host.stack.replace(scene)
    return scene


# ------------------------------------------------------------ the App's destinations

def open_rules(host: Host) -> None:
    """The rules of the game being played (UX-5: the computers wait)."""
    push(host, "rules")


def open_log(host: Host) -> None:
    """The public history of the match (UX-4, UX-5)."""
    push(host, "log")


def open_menu(host: Host) -> None:
    push(host, "menu")


def open_settings(host: Host) -> None:
    push(host, "settings")


def new_game(host: Host) -> None:
    """Back to the new-game form, over the title."""
    replace(host, "title")
    push(host, "new_game")


def to_title(host: Host) -> None:
    replace(host, "title")


def show_message(host: Host, title: str, text: str, on_close: Callable[[], None] | None = None,
                 is_error: bool = False) -> None:
    push(host, "message", title, text, on_close, is_error=is_error)


def deal_end(host: Host, play: Any, table: Any) -> None:
    """A deal's or hand's end over its table: every hand revealed (UX-3)."""
    push(host, "deal_end", play, table)


def match_end(host: Host, play: Any, table: Any) -> None:
    push(host, "match_end", play, table)


def open_back_menu(host: Host) -> None:
    """Issue 11: the controller's Back asks for the rules or the log (UX-5: the computers wait)."""
    push(host, "back_menu")
