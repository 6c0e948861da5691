"""Every screen by name: the registry behind ``game.navigation`` (issue 26).

The one module that knows all the scenes.  It sits on top, beside the App that
loads it, so the imports run one way: scenes open one another by name through
``game.navigation`` and never import one another (nor this module) to do it.
Loading this module registers the screens.  Each factory imports its scene when
it is first opened, so the program starts without loading the table or the
viewer.
"""
from __future__ import annotations

from typing import Any, Callable

from . import navigation
from .host import Host
from .scene import Scene


def _title(host: Host) -> Scene:
    from .scenes.title import TitleScene
    return TitleScene(host)


def _new_game(host: Host) -> Scene:
    from .scenes.new_game import NewGameScene
    return NewGameScene(host)


def _settings(host: Host) -> Scene:
    from .scenes.settings import SettingsScene
    return SettingsScene(host)


def _history(host: Host) -> Scene:
    from .scenes.history import HistoryScene
    return HistoryScene(host)


def _rules(host: Host, game: str | None = None) -> Scene:
    """The rules of ``game`` (default: the game being played, else the first game)."""
    from .scenes.overlays import RulesScene
    return RulesScene(host, game)


def _rules_menu(host: Host) -> Scene:
    """The rules of which game (the title's Rules)."""
    from .scenes.game_list import RulesMenuScene
    return RulesMenuScene(host)


def _log(host: Host) -> Scene:
    from .scenes.overlays import LogScene
    return LogScene(host)


def _menu(host: Host) -> Scene:
    from .scenes.overlays import GameMenuScene
    return GameMenuScene(host)


def _message(host: Host, title: str, text: str, on_close: Callable[[], None] | None = None,
             is_error: bool = False) -> Scene:
    from .scenes.overlays import MessageScene
    return MessageScene(host, title, text, on_close, is_error=is_error)


def _back_menu(host: Host) -> Scene:
    from .scenes.back_menu import BackMenuScene
    return BackMenuScene(host)


def _keyboard(host: Host, text: str, on_done: Callable[[str], None], **options: Any) -> Scene:
    from .scenes.keyboard import KeyboardScene
    return KeyboardScene(host, text, on_done, **options)


def _join(host: Host, start_when_joined: bool = False) -> Scene:
    from .scenes.join import JoinScene
    return JoinScene(host, start_when_joined=start_when_joined)


def _table(host: Host, play: Any) -> Scene:
    from .scenes.table import TableScene
    return TableScene(host, play)


def _deal_end(host: Host, play: Any, table: Any) -> Scene:
    from .scenes.deal_end import DealEndScene
    return DealEndScene(host, play, table)


def _match_end(host: Host, play: Any, table: Any) -> Scene:
    from .scenes.match_end import MatchEndScene
    return MatchEndScene(host, play, table)


def _coach(host: Host, play: Any, table: Any) -> Scene:
    from .scenes.coach import CoachScene
    return CoachScene(host, play, table)


def _replay(host: Host, record: Any, on_close: Callable[[], None] | None = None) -> Scene:
    """The viewer of ``record`` (``game.history.MatchRecord``)."""
    from .scenes.replay import Replay, ReplayScene
    return ReplayScene(host, Replay(record.session, record.seats, record.match_no, record.private), on_close)


def _learn(host: Host) -> Scene:
    """Learn to play: the lessons' menu (issue 31)."""
    from .scenes.lesson import LearnScene
    return LearnScene(host)


SCREENS: dict[str, navigation.Factory] = {
    "title": _title, "new_game": _new_game, "settings": _settings, "history": _history,
    "rules": _rules, "rules_menu": _rules_menu, "log": _log, "menu": _menu, "message": _message, "back_menu": _back_menu,
    "keyboard": _keyboard, "join": _join, "table": _table, "deal_end": _deal_end,
    "match_end": _match_end, "coach": _coach, "replay": _replay, "learn": _learn,
}

navigation.install(SCREENS)
