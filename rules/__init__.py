"""The Domino Table referee: a pure-Python, event-sourced rules engine.

The central types are ``Config`` and ``Session`` (the event-sourced match),
``Action`` and ``Tile``.  A session's entry points are ``legal_actions()``,
``apply(action)`` and ``view(seat)``.  This package never imports pygame.
"""
from .actions import Action
from .chance import Deal, LeadDraw
from .errors import (ConfigError, IllegalActionError, InvalidDealError, NoDecisionError,
                     RulesError, SaveFileError)
from .session import Config, Session
from .tiles import Tile, double_set, tile

__all__ = [
    "Action", "Config", "ConfigError", "Deal", "IllegalActionError", "InvalidDealError",
    "LeadDraw", "NoDecisionError", "RulesError", "SaveFileError", "Session", "Tile",
    "double_set", "tile",
]
