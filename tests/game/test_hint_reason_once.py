"""Issue 31: the hint's one line of why is worked out once, when the hint is taken, and kept
with the hint: the frames that show the preview read it, they do not weigh the move again
(``rules.reasons.why`` costs a few hundred microseconds in a line game).  It still follows
the preview: another decision shown has no reason, the next hint has its own."""
from __future__ import annotations

import pytest

from game import picking
from game.hint_words import reason_line
from game.play import PlayState
from game.seats import COMPUTER, HUMAN, SeatConfig
from game.table.prompts import message_lines
from rules.reasons import why
from rules.session import Config, Session


def _next_turn(play: PlayState) -> None:
    """The computers play until the human at seat 1 is to choose."""
    for _ in range(200):
        if play.my_turn():
            return
        if play.phase == "deal_end":
            play.continue_after_deal()
        else:
            play.step_computer()
    raise AssertionError("the human was never to act")


def _small(lines: list[tuple[str, bool]]) -> list[str]:
    return [text for text, small in lines if small]


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game", ["cuban", "mexican_train"])
def test_the_hints_reason_is_worked_out_once_and_follows_the_preview(monkeypatch, game):
    calls: list = []
    monkeypatch.setattr(picking, "why", lambda view, action: calls.append(action) or why(view, action))
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(n, COMPUTER) for n in ("Bob", "Cy", "Di")]
    play = PlayState(Session(Config(game, 4, 3)), seats, delay=0)
    shown = 0
    for _ in range(40):  # turn after turn, until two hints with a reason were seen
        _next_turn(play)
        if play.setup is not None:
            play.hint()  # the engine's placing (MT-4): no reason to weigh
            play.confirm()
            continue
        before = len(calls)
        play.hint()
        assert len(calls) == before + 1  # weighed when the hint is taken ...
        hinted = play.pending
        expected = reason_line(why(play.view(), hinted), play.name)
        for _ in range(60):
            lines = message_lines(play, False)
        assert len(calls) == before + 1  # ... and not again by sixty frames
        assert _small(lines) == ([expected] if expected else [])
        others = [a for a in play.legal() if a != hinted]
        if others:  # another decision previewed: not the hint's, no reason
            play.pick.preview(others[0])
            assert _small(message_lines(play, False)) == []
            play.hint()  # the hint again: weighed again, the same line
            assert len(calls) == before + 2
            assert _small(message_lines(play, False)) == ([expected] if expected else [])
        shown += bool(expected)
        play.confirm()
        if shown >= 2:
            return
    raise AssertionError("no hint with a reason in forty turns")
