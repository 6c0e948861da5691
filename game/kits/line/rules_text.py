"""The line games' rules screens (issue 17, item 3): each game's sections in reading order,
each with the rule IDs of RULES.md it states (``game.rules_text`` adds the table and the
controls)."""
from __future__ import annotations

#: game -> (section name, rule IDs): the text is ``rules.GAME.NAME``, its heading ``...title``
SECTIONS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "cuban": (
        ("goal", ("CU-1", "CU-10")),
        ("tiles", ("CU-1", "CU-3")),
        ("lead_draw", ("CU-2",)),
        ("five_doubles", ("CU-4",)),
        ("leader", ("CU-5",)),
        ("play", ("CU-6",)),
        ("end", ("CU-7",)),
        ("scoring", ("CU-8", "CU-9", "CU-10")),
        ("not_played", ("CU-11",)),
        ("restart", ("CU-12",)),
    ),
    "jamaican": (
        ("goal", ("JA-1", "JA-7", "JA-8")),
        ("tiles", ("JA-1",)),
        ("pose", ("JA-2",)),
        ("poser", ("JA-3",)),
        ("play", ("JA-4", "JA-5")),
        ("scoring", ("JA-6", "JA-7", "JA-8")),
        ("restart", ("JA-9",)),
    ),
}
