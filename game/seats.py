"""Who sits where: a human or a computer player, with a name, level and colour."""
from __future__ import annotations

import re
from dataclasses import dataclass

HUMAN = "human"
COMPUTER = "computer"
#: A human playing from their phone's browser (issue 27, game.phones).
PHONE = "phone"
KINDS = (HUMAN, COMPUTER, PHONE)
LEVELS = ("easy", "normal", "hard", "expert")

#: Seat colours, distinct under the common colour-vision deficiencies
#: (Okabe-Ito first, then Paul Tol's muted set) for up to 10 players.  Okabe-Ito's blue
#: (seat 5) is silver, its vermilion (seat 6) and bluish green (seat 3) a little lighter: all read at 4.5:1 or
#: more on the dark pills and panels they are drawn on (tests/game/kits/test_contrast.py).
SEAT_COLOURS = (
    (230, 159, 0), (86, 180, 233), (20, 172, 128), (240, 228, 66), (205, 208, 218),
    (238, 112, 36), (204, 121, 167), (136, 204, 238), (68, 170, 153), (221, 204, 119),
)


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = HUMAN
    level: str = "normal"

    @property
    def is_human(self) -> bool:
        """A person decides for this seat (at the screen or elsewhere), not a computer."""
        return self.kind != COMPUTER

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> "SeatConfig":
        kind = data.get("kind", HUMAN)
        level = data.get("level", "normal")
        return cls(str(data.get("name", "?"))[:24], kind if kind in KINDS else HUMAN,
                   level if level in LEVELS else "normal")


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat 1..10 (trains, names, markers)."""
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def default_seats(n: int) -> list[SeatConfig]:
    """Seats named "Player 1" ... in the current language."""
    from . import i18n
    return [SeatConfig(i18n.t("ui.default_human_name", n=i)) for i in range(1, n + 1)]


def says_computer(name: str) -> bool:
    """``name`` is a computer's default name ("Computer 3", "Компьютер 3") in any language, so
    the table's "(computer)" after it would say it twice (issue 40)."""
    from . import i18n
    for code in i18n.LANGUAGES:
        template = i18n.catalog()[code].get("ui.default_computer_name")
        if isinstance(template, str):
            head, _, tail = template.partition("%{n}")
            if re.fullmatch(re.escape(head) + r"\d+" + re.escape(tail), name.strip()):
                return True
    return False


def seats_from(raw: object, n: int) -> list[SeatConfig]:
    """The seats a file names (a save's or a history's meta), or default names when they are
    missing or wrong: the seats are details, and wrong ones never lose a game."""
    try:
        seats = [SeatConfig.from_json(s) for s in raw]  # type: ignore[attr-defined]
    except (TypeError, AttributeError, ValueError, RecursionError):
        seats = []
    return seats if len(seats) == n else default_seats(n)
