"""Issue 40: the line games' match end lists every hand, or says which it leaves out.

A 17-hand Jamaican match listed hands 10-17 only, with no sign of the rest.  The list now
goes down columns (up to three) and, beyond that, a note in its first cell names the
hands left out.  Matches played by the easy computers to their end, drawn at 1024x600
and 1920x1080, and the texts laid out read back; ~2 s.
"""
from __future__ import annotations

import random
import re

import pytest

from table_fixtures import FakeApp, seats_of

from game.i18n import t
from game.kits.line.scores import LOG_COLUMNS, log_cells
from game.play import MATCH_END, PlayState
from game.scenes.match_end import MatchEndScene
from game.scenes.table import TableScene
from rules import Config, Session
from rules.bots import choose

pytestmark = pytest.mark.rule("JA-8")


def finished(seed: int) -> Session:
    session = Session(Config("jamaican", 4, seed))
    rng = random.Random(seed)
    while not session.match_over():
        session.apply(choose(session.view(session.to_act()), "easy", rng))
    return session


def listed(seed: int, size) -> tuple[int, list[str]]:
    session = finished(seed)
    hands = sum(1 for e in session.state.history if e.kind == "deal_end")
    app = FakeApp(size)
    play = PlayState(session, seats_of("hccc"), delay=0.0)
    play.continue_after_deal()  # the last hand's result read: the match's end
    assert play.phase == MATCH_END
    table = TableScene(app, play)
    app.stack.push(table)
    scene = MatchEndScene(app, play, table)
    app.stack.push(scene)
    app.frame()
    return hands, [laid.text for laid in scene.boxes.laid]


def test_the_cells_of_the_log():
    assert log_cells(17, 8) == (3, 0)  # every hand, in three columns
    assert log_cells(5, 8) == (1, 0)
    assert log_cells(8 * LOG_COLUMNS + 1, 8) == (LOG_COLUMNS, 2)  # the note takes a cell: never one left out
    assert log_cells(29, 8) == (3, 6)
    assert log_cells(29, 8, most=2) == (2, 14)  # rows too wide for three columns


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_twelve_hand_match_lists_every_hand(size):
    hands, texts = listed(6, size)
    assert hands == 12
    numbers = sorted(int(m.group(1)) for w in texts for m in [re.match(r"Hand (\d+):", w)] if m)
    assert numbers == list(range(1, hands + 1))


def test_a_longer_match_says_which_hands_are_left_out():
    hands, texts = listed(1, (1024, 600))
    assert hands == 29
    numbers = sorted(int(m.group(1)) for w in texts for m in [re.match(r"Hand (\d+):", w)] if m)
    assert numbers and numbers == list(range(numbers[0], 30)) and numbers[0] > 2
    assert t("line.jamaican.log_left_out", last=numbers[0] - 1) in texts  # "Hands 1-k are not shown"
