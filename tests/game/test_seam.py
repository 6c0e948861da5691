"""The seam of DESIGN.md, "One table, three games": a new game is a variant, a chooser and a
kit, nothing else.  So the game-generic core (the play state, the shell, the scenes) never
branches on which game is played; what differs is asked of the kit (``kit_for(game)``).

Found twice: the score screens chose their layout with ``kit.game == "mexican_train"``, and
the history and coach screens worded each game's figures in an if-chain of game names; the
ticker worded each family's lines in one (now ``kit.ticker``, ``game.kits.ticker_words``).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"
CORE = sorted([*GAME.glob("scenes/*.py"), GAME / "play.py", GAME / "app.py", GAME / "staging.py",
               GAME / "ticker.py", GAME / "__main__.py"])
GAMES = ("mexican_train", "cuban", "jamaican")
BRANCH = re.compile(r"""(==|!=)\s*["'](%s)["']|["'](%s)["']\s*(==|!=)""" % ("|".join(GAMES), "|".join(GAMES)))


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.relative_to(GAME).as_posix())
def test_the_core_never_branches_on_the_game(path):
    found = [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
             if BRANCH.search(line) and not line.lstrip().startswith("#")]
    assert found == []


def test_the_check_finds_a_branch():
    assert BRANCH.search('if self.play.kit.game == "mexican_train":')
    assert BRANCH.search("elif 'cuban' != s.game:")
    assert not BRANCH.search('GAMES = {"mexican_train": (2, 10)}')
