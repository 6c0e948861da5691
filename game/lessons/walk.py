"""A lesson walked without a window (issue 38): the learner's decisions made by a chooser,
every card read, every deal end left, until the lesson's last card or a stall.

The walk is what tests (and ``python -m game --learn GAME --walk ...``) use to see that
every allowed path reaches the end with true cards: ``Walk.cards`` lists each card as
it came, with the play state at that moment handed to ``on_card`` for a check.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from rules.actions import Action

from . import Guide, Lesson, play_suggestion, suggestion

#: The learner's chooser: (the play state, the guide, the legal decisions) -> the one made.
Chooser = Callable[[Any, Guide, tuple[Action, ...]], Action]
#: The ways ``--walk`` chooses: along the lesson, the hints, the first decision offered.
MODES = ("lesson", "hints", "first")


@dataclass
class Walk:
    """How a walk went: the cards shown (key, params), the learner's decisions, whether it
    reached the lesson's end."""

    cards: list[tuple[str, dict]] = field(default_factory=list)
    decisions: list[Action] = field(default_factory=list)
    finished: bool = False
    undone: int = 0


def along_lesson(play, guide: Guide, legal: tuple[Action, ...]) -> Action:
    action = suggestion(guide.lesson, play)
    return action if action is not None else legal[0]


def along_hints(play, guide: Guide, legal: tuple[Action, ...]) -> Action:
    """The table's own hint (``game.hints``: the hinting bot on the learner's view)."""
    if play.setup is not None:
        return play.setup
    from ..hints import suggestion as hint
    action = hint(play.session, play.view())
    return action if action in legal else legal[0]


def first_offered(play, guide: Guide, legal: tuple[Action, ...]) -> Action:
    return legal[0]


def at_random(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(play, guide: Guide, legal: tuple[Action, ...]) -> Action:
        return legal[rng.randrange(len(legal))]
    return choose


def deviating(at: int, pick: int) -> Chooser:
    """Along the lesson, except the ``at``-th decision (from 0), which is the ``pick``-th
    legal one (modulo how many there are)."""
    made = [0]

    def choose(play, guide: Guide, legal: tuple[Action, ...]) -> Action:
        n = made[0]
        made[0] += 1
        return legal[pick % len(legal)] if n == at else along_lesson(play, guide, legal)
    return choose


def chooser(mode: str) -> Chooser:
    """The chooser of a ``--walk`` mode: lesson, hints, first or random:SEED."""
    if mode.startswith("random:"):
        return at_random(int(mode.split(":", 1)[1]))
    return {"lesson": along_lesson, "hints": along_hints, "first": first_offered}[mode]


#: What one ``step`` did: something moved, nothing could move yet (a computer thinking),
#: or the learner's decision was refused.
MOVED, WAITING, REFUSED = "moved", "waiting", "refused"


def step(guide: Guide, play, decide: Callable[[], bool]) -> str:
    """One step of a lesson: a card read (Next), a deal's end left, the learner's decision
    (``decide``: made, or refused), or a computer's; the guide then looks again."""
    outcome = MOVED
    if guide.reading:
        guide.next()
    elif play.phase == "deal_end":
        play.continue_after_deal()
    elif play.phase == "match_end":
        play.next_match()
    elif play.my_turn():
        outcome = MOVED if decide() else REFUSED
    elif not play.step_computer():
        outcome = WAITING
    guide.observe()
    return outcome


def walk(lesson: Lesson, choose: Chooser, *, on_card: Callable[[Guide, Any], None] | None = None,
         undo: Callable[[Guide], bool] | None = None, limit: int = 5000) -> Walk:
    """Play ``lesson`` to its end with the learner's decisions from ``choose``; ``on_card`` is
    called on every card as it comes (the guide, the play state), ``undo`` on every card
    that offers Undo (True: take the move back)."""
    from ..play import PlayState
    from ..seats import COMPUTER, HUMAN, SeatConfig
    seats = [SeatConfig(f"P{i}", HUMAN) if level == "human" else SeatConfig(f"P{i}", COMPUTER, level)
             for i, level in enumerate(lesson.levels, 1)]
    play = PlayState(lesson.session(), seats, delay=0)
    guide = Guide(lesson, play)
    result = Walk()
    seen = 0

    def report() -> None:
        nonlocal seen
        while seen < len(guide.log):
            result.cards.append(guide.log[seen])
            seen += 1
            if on_card is not None:
                on_card(guide, play)

    def decide() -> bool:
        action = choose(play, guide, play.legal())
        result.decisions.append(action)
        return play_suggestion(play, action)

    for _ in range(limit):
        report()
        if guide.finished:
            result.finished = True
            break
        if guide.reading and undo is not None and guide.can_undo and undo(guide):
            guide.undo()
            result.undone += 1
        elif step(guide, play, decide) != MOVED:
            break  # pragma: no cover - nobody can move (delay 0: a computer never waits)
    report()
    return result
