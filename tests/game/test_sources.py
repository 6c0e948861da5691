"""The decision-source seam (DESIGN.md, "Where a seat's decisions come from").

The table's core asks each seat's source for its decisions and never asks what kind of
seat it is: a new kind (a human elsewhere, such as a phone) plugs in through
``game.sources.SOURCES`` and plays a whole deal of each game without a line of the core
changing.  Here that kind is a scripted stand-in that answers when the test lets it.
"""
from __future__ import annotations

import pytest

from game import sources
from game.play import AWAY, CURTAIN, DEAL_END, PlayState
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN, SeatConfig
from game.sources import ComputerSource, DecisionSource, DeviceSource, source_for
from rules import Config, Session
from rules.actions import Action


class Elsewhere(DecisionSource):
    """A human away from the device: decides only when the test hands it an answer."""

    def __init__(self) -> None:
        self.answer: Action | None = None
        self.asked = 0
        self.forgotten = 0

    def decide(self, session, seat):
        self.asked += 1
        answer, self.answer = self.answer, None
        return answer

    def forget(self) -> None:
        self.forgotten += 1
        self.answer = None


@pytest.fixture()
def elsewhere_kind(monkeypatch):
    made: list[Elsewhere] = []

    def factory(seat):
        made.append(Elsewhere())
        return made[-1]

    monkeypatch.setitem(sources.SOURCES, "elsewhere", factory)
    return made


def test_each_kind_of_seat_gets_its_own_source():
    assert isinstance(source_for(SeatConfig("Ann", HUMAN)), DeviceSource)
    expert = source_for(SeatConfig("Cleo", COMPUTER_SEAT, "expert"))
    assert isinstance(expert, ComputerSource) and expert.level == "expert" and expert.paced


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_a_new_kind_of_seat_plays_a_whole_deal_through_the_seam(game, elsewhere_kind):
    """One device human, one seat of the new kind, computers: the new seat is never put
    behind a curtain, waits for its answer however many frames pass (never skipped, and the
    table's pace does not apply), and its decisions land through the rules."""
    kinds = ["elsewhere", HUMAN, COMPUTER_SEAT, COMPUTER_SEAT]
    seats = [SeatConfig(f"S{i}", k) for i, k in enumerate(kinds, 1)]
    play = PlayState(Session(Config(game, 4, 11)), seats, delay=0.5)
    away = elsewhere_kind[0]
    assert play.humans == [2] and play.viewer == 2  # the device's human alone sees a hand
    away_decisions = 0
    for _ in range(4000):
        if play.phase == DEAL_END:
            break
        assert play.phase != CURTAIN  # one human at the device: never a curtain
        seat = play.session.to_act()
        if seat == 1:
            assert play.phase == AWAY
            before = play.session.cursor
            for _ in range(30):  # frames pass: the seat is waited for, never skipped
                assert not play.update(1.0)
            assert play.session.cursor == before and away.asked >= 30
            away.answer = play.session.legal_actions()[-1]
            assert play.update(1 / 60)  # no pace: the answer lands on the next frame
            away_decisions += 1
        elif play.decides_here(seat):
            play._apply(play.legal()[0])
        else:
            play.step_computer()
    assert play.phase == DEAL_END and away_decisions > 0


def test_the_device_cannot_undo_a_decision_made_elsewhere(elsewhere_kind):
    """UX-6: the device's undo takes back its own human's decision and the computers' after
    it, never a decision made by a human away from the device."""
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Far", "elsewhere"), SeatConfig("C3", COMPUTER_SEAT),
             SeatConfig("C4", COMPUTER_SEAT)]
    play = PlayState(Session(Config("jamaican", 4, 5)), seats, delay=0.0)
    away = elsewhere_kind[0]
    for _ in range(200):
        seat = play.session.to_act()
        if seat == 2:
            away.answer = play.session.legal_actions()[0]
            play.update(1 / 60)
            break
        if play.decides_here(seat):
            play._apply(play.legal()[0])
        else:
            play.step_computer()
    assert play.decision_seats()[-1] == 2
    assert play.undo_count() == 0


def test_a_source_forgets_its_decision_when_the_position_moves(elsewhere_kind):
    seats = [SeatConfig("Far", "elsewhere"), SeatConfig("Bot", COMPUTER_SEAT)]
    play = PlayState(Session(Config("mexican_train", 2, 3)), seats, delay=0.0)
    away = elsewhere_kind[0]
    before = away.forgotten
    play.restart_deal()
    assert away.forgotten > before
