"""The rules screen's text for each game, in the current language (issue 17, item 3).

Each game's rules are written for players in ``locales/rules.LANG.json`` as
sections, ``rules.GAME.SECTION`` (the text) and ``rules.GAME.SECTION.title``
(its heading).  ``SECTIONS`` lists them in reading order together with the rule
IDs of RULES.md each one states, so that a test can check that every rule of a
game is told somewhere (MT-1..MT-20, CU-1..CU-12, JA-1..JA-9 and the shared
UX rules).  The body is for pygame_gui's text box: its HTML subset (<b>, <i>,
<br>, <font>) with line breaks as newlines.
"""
from __future__ import annotations

import html
from typing import NamedTuple

from .i18n import t

GAMES = ("mexican_train", "cuban", "jamaican")


class Section(NamedTuple):
    """One heading and text of a rules screen, and the rule IDs it states."""

    heading_key: str
    text_key: str
    rule_ids: tuple[str, ...]


def _own(game: str, name: str, *rule_ids: str) -> Section:
    return Section(f"rules.{game}.{name}.title", f"rules.{game}.{name}", rule_ids)


#: How the three games' tables work, the same for each (UX-1..UX-6, UX-8).
_AT_THE_TABLE = Section("rules.common.table.title", "rules.common.table",
                        ("UX-1", "UX-2", "UX-3", "UX-4", "UX-5", "UX-6", "UX-8"))
#: The controls (UX-7), shared with the controls text the rules screen has shown so far.
_CONTROLS = Section("ui.controls_title", "ui.controls_text", ("UX-7",))

SECTIONS: dict[str, tuple[Section, ...]] = {
    "mexican_train": (
        _own("mexican_train", "goal", "MT-3", "MT-18"),
        _own("mexican_train", "tiles", "MT-1", "MT-2", "MT-3"),
        _own("mexican_train", "start", "MT-4", "MT-5", "MT-6"),
        _own("mexican_train", "trains", "MT-7"),
        _own("mexican_train", "first_round", "MT-8", "MT-9"),
        _own("mexican_train", "turns", "MT-10", "MT-11", "MT-12"),
        _own("mexican_train", "doubles", "MT-13", "MT-14", "MT-15"),
        _own("mexican_train", "end", "MT-9", "MT-16"),
        _own("mexican_train", "scoring", "MT-17", "MT-18"),
        _own("mexican_train", "not_played", "MT-19"),
        _own("mexican_train", "restart", "MT-2", "MT-20"),
        _AT_THE_TABLE,
        _CONTROLS,
    ),
    "cuban": (
        _own("cuban", "goal", "CU-1", "CU-10"),
        _own("cuban", "tiles", "CU-1", "CU-3"),
        _own("cuban", "lead_draw", "CU-2"),
        _own("cuban", "five_doubles", "CU-4"),
        _own("cuban", "leader", "CU-5"),
        _own("cuban", "play", "CU-6"),
        _own("cuban", "end", "CU-7"),
        _own("cuban", "scoring", "CU-8", "CU-9", "CU-10"),
        _own("cuban", "not_played", "CU-11"),
        _own("cuban", "restart", "CU-12"),
        _AT_THE_TABLE,
        _CONTROLS,
    ),
    "jamaican": (
        _own("jamaican", "goal", "JA-1", "JA-7", "JA-8"),
        _own("jamaican", "tiles", "JA-1"),
        _own("jamaican", "pose", "JA-2"),
        _own("jamaican", "poser", "JA-3"),
        _own("jamaican", "play", "JA-4", "JA-5"),
        _own("jamaican", "scoring", "JA-6", "JA-7", "JA-8"),
        _own("jamaican", "restart", "JA-9"),
        _AT_THE_TABLE,
        _CONTROLS,
    ),
}


def _sections_of(game: str) -> tuple[Section, ...]:
    try:
        return SECTIONS[game]
    except KeyError:
        raise ValueError(f"no rules text for {game!r}; choose one of {', '.join(GAMES)}") from None


def sections(game: str) -> list[tuple[str, str]]:
    """(heading, text) of each section of ``game``'s rules, in the current language."""
    return [(t(s.heading_key), t(s.text_key)) for s in _sections_of(game)]


def rules_text(game: str) -> str:
    """The rules screen's body for ``game``: every section under its bold heading."""
    return "\n\n".join(f"<b>{html.escape(heading)}</b>\n{text}" for heading, text in sections(game))
