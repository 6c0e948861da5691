"""What the table says aloud, in the current language (issue 41): every line from locales/.

Nothing here is a second description of the rules.  A move's line is the ticker's
(``game.ticker``: the public history's clauses, worded by each game's kit), a prompt or a
preview is the kit's own words for the screen, and this module only makes them fit for the
ear: a tile is said in words ("five nine", "double blank", ``speech.pips_N``), never as
"[5|9]", which espeak-ng reads "five dash nine" or "five vertical line nine", and markup is
dropped.  What the review keys read is here too (``review``), each answer from the view of
the seat whose hand is on screen (UX-4): another seat's tile is never said before it is
played, because no view holds it.

A family's own words (where an end or a train is, what must be covered, the scores) are its
kit folder's ``speech`` module (``game.kits.<family>.speech``), asked through
``family_part``.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .. import ticker
from ..i18n import t
from ..kits import family_part
from ..phases import CURTAIN, DEAL_END, MATCH_END

#: A tile as the screen writes it: "[5|9]", or "6|6" in a sentence.
_TILE = re.compile(r"\[(\d+)\|(\d+)\]|\b(\d+)\|(\d+)\b")
_MARKUP = re.compile(r"<[^>]*>")
_SPACES = re.compile(r"[ \t\r\n]+")  # a no-break space (before a ru/uk dash) stays
#: The review keys' topics, in the order the help says them.
TOPICS = ("hand", "table", "turn", "scores", "counts", "last", "repeat", "help")


def pips(n: int) -> str:
    """A number of pips in words ("blank" for 0)."""
    return t(f"speech.pips_{n}")


def tile_words(tile: Sequence[int]) -> str:
    """A tile in words: "five nine", "double blank"."""
    a, b = tile[0], tile[1]
    if a == b:
        return t("speech.double", a=pips(a))
    return t("speech.tile", a=pips(a), b=pips(b))


def _double_word() -> str:
    """The language's word for a double ("double", «дубль»), as ``speech.double`` starts or ends."""
    return t("speech.double", a="").strip()


def spoken(text: str) -> str:
    """A screen text made fit to say: tiles in words, no markup, one line.

    "the double 6|6" would say the word twice once the tile is in words ("the double double
    six"): a doubled word is said once.
    """
    def tile(m: re.Match) -> str:
        a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        return tile_words((int(a), int(b)))

    out = _TILE.sub(tile, _MARKUP.sub(" ", text))
    word = _double_word()
    if word:
        out = re.sub(rf"\b({re.escape(word)})\s+\1\b", r"\1", out, flags=re.IGNORECASE)
    return _SPACES.sub(" ", out).strip()


# ------------------------------------------------------------------ the moves


def move_lines(history: Sequence[Any], game: str, names: Sequence[str], start: int = 0,
               ) -> tuple[int, list[tuple[int | None, str]]]:
    """The spoken lines of the log entries from ``start`` on (the ticker's items, unfolded:
    one line per decision, so a draw and the pass after it are two), each with the seat whose
    decision it was (None: a deal, a hand's end).  Also the number of entries now."""
    items = ticker.items(history, game)
    lines = [(it.seat, spoken(ticker.text(it, names))) for it in items[start:] if it is not None]
    return len(items), lines


def last_line(play) -> str:
    """The last move at the table in words (the review key's "last play")."""
    names = seat_names(play)
    for it in reversed(ticker.items(play.view().history, play.session.game)):
        if it is not None and it.kind not in ("match", "deal"):
            return t("speech.last", line=spoken(ticker.text(it, names)))
    return t("speech.nothing_yet")


def seat_names(play) -> list[str]:
    return [play.name(s) for s in range(1, len(play.seats) + 1)]


# ------------------------------------------------------------------ the hand


def part(play) -> Any:
    """The family's own spoken words (``game.kits.<family>.speech``)."""
    return family_part(play.session.game, "speech")


def where_words(play, tile) -> list[str]:
    """Where ``tile`` can go now: the kit's name of each target (a train, an end)."""
    words = part(play)
    return [words.target_words(play, key) for key in play.targets(tile)]


def tile_line(play, tile) -> str:
    """A hand tile and where it can go: "five nine: left end or right end"."""
    if tile not in play.playable_tiles():
        return t("speech.tile_cannot", tile=tile_words(tile))
    where = where_words(play, tile)
    if not where:  # the deal's start step (the engine): it has no target but its own
        return tile_words(tile)
    return t("speech.tile_goes", tile=tile_words(tile), where=t("speech.or").join(where))


def button_words(play, button: str) -> str:
    """A table button's label, as the screen writes it."""
    from ..scenes.table_buttons import BUTTON_TEXT
    if button == "sort":
        return t("table.sort_" + play.sort_mode)
    if button in BUTTON_TEXT:
        return t(BUTTON_TEXT[button])
    return spoken(play.kit.button_label(button, play))


def focus_line(play) -> str | None:
    """What the keyboard cursor rests on, said: a tile and where it goes, a target, a button."""
    item = play.cursor.focused()
    if item is None:
        return None
    zone = play.cursor.zone
    if zone == "hand":
        return tile_line(play, item)
    if zone == "targets":
        return part(play).target_words(play, item)
    if zone == "buttons":
        return button_words(play, item)
    return None


# ------------------------------------------------------------------ review


def hand(play) -> str:
    """The hand on screen, playable tiles first, each with where it can go."""
    tiles = play.hand()
    if not tiles:
        return t("speech.hand_hidden")
    playable = play.playable_tiles()
    ordered = [x for x in tiles if x in playable] + [x for x in tiles if x not in playable]
    return t("speech.hand", count=len(tiles), tiles=". ".join(tile_line(play, x) for x in ordered))


def turn(play) -> str:
    """Whose turn, and what they must cover or match; the human's own prompt at their turn."""
    if play.phase in (DEAL_END, MATCH_END):
        return spoken(play.kit.over_words())
    seat = play.session.to_act()
    if seat is None:
        return t("speech.nobody")
    if play.my_turn():
        return " ".join([t("speech.your_turn", name=play.name(seat)), spoken(part(play).prompt_words(play))])
    if play.phase == CURTAIN:
        return t("table.pass_device", name=play.name(seat))
    must = part(play).must_words(play, seat)
    return " ".join(x for x in (t("speech.turn_of", name=play.name(seat)), must) if x)


def counts(play) -> str:
    """Every other seat's tiles in hand, and the boneyard (or the tiles left face down)."""
    view = play.view()
    me = play.hand_seat()
    parts = [t("speech.tiles_of", name=play.name(s), count=view.hand_counts[s])
             for s in range(1, len(play.seats) + 1) if s != me]
    stock = part(play).stock_words(play)
    return sentences(parts + [stock])


def sentences(parts: Sequence[str]) -> str:
    """Parts said one after another, each ending as a sentence ends (none ends twice)."""
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in (x.strip() for x in parts) if p)


def help_text() -> str:
    return t("speech.help")


def review(play, topic: str) -> str:
    """The answer to one review key (``TOPICS``; "repeat" is the speech hub's own)."""
    if topic == "help" or play is None:
        return help_text()
    if topic == "hand":
        return hand(play)
    if topic == "table":
        return part(play).table_words(play)
    if topic == "turn":
        return turn(play)
    if topic == "scores":
        return part(play).score_words(play)
    if topic == "counts":
        return counts(play)
    if topic == "last":
        return last_line(play)
    return help_text()
