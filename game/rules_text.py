"""The rules screen's text for each game, in the current language (issue 17, item 3).

Each game's rules are written for players in ``locales/rules.LANG.json`` as
sections, ``rules.GAME.SECTION`` (the text) and ``rules.GAME.SECTION.title``
(its heading).  ``SECTIONS`` lists them in reading order together with the rule
IDs of RULES.md each one states (each family's folder holds its games' own list,
``game.kits.<family>.rules_text``), so that a test can check that every rule of a
game is told somewhere (MT-1..MT-20, CU-1..CU-12, JA-1..JA-9 and the shared
UX rules).  The body is for pygame_gui's text box: its HTML subset (<b>, <i>,
<br>, <font>) with line breaks as newlines.
"""
from __future__ import annotations

import html
from typing import NamedTuple

from .i18n import t
from .kits import KITS, family_part

GAMES = tuple(KITS)


class Section(NamedTuple):
    """One heading and text of a rules screen, and the rule IDs it states."""

    heading_key: str
    text_key: str
    rule_ids: tuple[str, ...]


def _own(game: str, name: str, *rule_ids: str) -> Section:
    return Section(f"rules.{game}.{name}.title", f"rules.{game}.{name}", rule_ids)


#: How the three games' tables work, the same for each (UX-1..UX-6, UX-8, UX-9).
_AT_THE_TABLE = Section("rules.common.table.title", "rules.common.table",
                        ("UX-1", "UX-2", "UX-3", "UX-4", "UX-5", "UX-6", "UX-8", "UX-9"))
#: The controls (UX-7), shared with the controls text the rules screen has shown so far.
_CONTROLS = Section("ui.controls_title", "ui.controls_text", ("UX-7",))

def _build(game: str) -> tuple[Section, ...]:
    """``game``'s own sections (its family's ``rules_text``), then the table's and the controls."""
    own = family_part(game, "rules_text").SECTIONS[game]
    return tuple(_own(game, name, *ids) for name, ids in own) + (_AT_THE_TABLE, _CONTROLS)


#: game -> its rules screen's sections in reading order
SECTIONS: dict[str, tuple[Section, ...]] = {game: _build(game) for game in GAMES}


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


def section_name(section: Section) -> str:
    """A section's name in its game's list (``first_round``), the key of its picture (issue 31)."""
    return section.text_key.split(".", 2)[-1]


def blocks(game: str) -> list[tuple[str, str]]:
    """(section name, HTML) of each section of ``game``'s rules, in reading order: the rules
    screen lays them out in columns and pages, each beside or above its picture (issue 31)."""
    return [(section_name(s), f"<b>{html.escape(t(s.heading_key))}</b>\n{t(s.text_key)}")
            for s in _sections_of(game)]
