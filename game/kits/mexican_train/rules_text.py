"""Mexican Train's rules screen (issue 17, item 3): its sections in reading order, each with
the rule IDs of RULES.md it states (``game.rules_text`` adds the table and the controls)."""
from __future__ import annotations

#: game -> (section name, rule IDs): the text is ``rules.GAME.NAME``, its heading ``...title``
SECTIONS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "mexican_train": (
        ("goal", ("MT-3", "MT-18")),
        ("tiles", ("MT-1", "MT-2", "MT-3")),
        ("start", ("MT-4", "MT-5", "MT-6")),
        ("trains", ("MT-7",)),
        ("first_round", ("MT-8", "MT-9")),
        ("turns", ("MT-10", "MT-11", "MT-12")),
        ("doubles", ("MT-13", "MT-14", "MT-15")),
        ("end", ("MT-9", "MT-16")),
        ("scoring", ("MT-17", "MT-18")),
        ("not_played", ("MT-19",)),
        ("restart", ("MT-2", "MT-20")),
    ),
}
