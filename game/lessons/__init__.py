"""Learn to play (issue 31): a guided first hand of each game.

A lesson is a short fixed deal against computer players, played on the real
table (``PlayState`` and ``TableScene`` as they are), with one short card at a
time that points at the place on the table it talks about.  The deal is rigged
(``LessonSession``: the lesson's own deals and lead draws, then the seed's), so
the lesson is the same every time; the computers decide from the same seed.

The player makes every decision.  Cards come in order, each when its moment
comes (``Card.when``), so a wrong but legal move never stalls the lesson: the
card that asked for another move explains what happened instead, and the cards
whose moment has passed are skipped (``Card.skip``).  This module never imports
pygame: the scene (``game.scenes.lesson``) draws the cards and turns input
into requests, and tests can walk a lesson either way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from rules.actions import Action
from rules.chance import Deal, LeadDraw
from rules.session import Config, Session

from ..guard import Guard
from ..kits import KITS, family_part, has_part

#: The games with a lesson, in the order the Learn menu offers them: every game of the
#: kits' registry whose family's folder has its ``lesson`` part.
GAMES = tuple(g for g in KITS if has_part(g, "lesson"))
#: The settings key that remembers the lessons finished (a short list of game names).
DONE_KEY = "lessons_done"

#: The seat of the learner in every lesson.
LEARNER = 1


class LessonSession(Session):
    """A seeded session whose first chance steps are the lesson's own (rigged) outcomes.

    Undo, redo and restart replay the log, so the rigged deals stay as they were; after
    the lesson's outcomes the seed deals on as in any match.
    """

    def __init__(self, config: Config, rigged: Sequence[Deal | LeadDraw]) -> None:
        self._rigged = list(rigged)
        super().__init__(config)

    def _resolve_chance(self) -> None:
        while self.state.chance() is not None:
            used = sum(1 for e in self._log[: self._cursor] if isinstance(e, (Deal, LeadDraw)))
            if used < len(self._rigged):
                outcome = self._rigged[used]
            else:
                outcome = self.state.sample_chance(self.config.seed)
            self._append(outcome)
            self.state.apply_chance(outcome)
            self._snapshot()


@dataclass(frozen=True)
class Anchor:
    """Where a card points: ``kind`` is "hand" (a tile, or the whole hand), "button" (a
    table button's id), "target" (a kit's target key: a train, an end), "seat", "panel"
    (the players panel) or "none"."""

    kind: str = "none"
    key: Any = None


NOWHERE = Anchor()


class Ctx:
    """What a card's conditions read: the play state, the learner's view, the lesson."""

    def __init__(self, lesson: "Lesson", play) -> None:
        self.lesson = lesson
        self.play = play
        self.view = play.session.view(LEARNER)

    @property
    def to_act(self) -> bool:
        """The learner is to decide now (not at the curtain, not at a deal's end)."""
        return self.play.session.to_act() == LEARNER and self.play.my_turn()

    def legal_kinds(self) -> set[str]:
        return {a.kind for a in self.view.legal} if self.play.session.to_act() == LEARNER else set()

    def events(self, kind: str) -> list:
        return [e for e in self.view.history if e.kind == kind]

    def deal_ended(self) -> bool:
        """The lesson's deal (or hand) is over (its first deal end is in the history)."""
        return bool(self.events("deal_end"))

    def reveal_seen(self) -> bool:
        """The deal ended and the player has left its reveal (back at the table)."""
        return self.deal_ended() and self.play.reveals_seen >= 1 and self.play.phase != "deal_end"


Cond = Callable[[Ctx], bool]


def always(ctx: Ctx) -> bool:
    return True


def in_deal(ctx: Ctx) -> bool:
    """The default skip: a card about the deal in progress is skipped once the deal is over."""
    return ctx.deal_ended()


@dataclass(frozen=True)
class Card:
    """One short card: its words (a locale key, ``learn.<game>.<card>``), where it points, and when it shows.

    ``act``: the card asks for a decision on the table, and goes when the learner makes
    one; otherwise it is read and goes with Next.  ``expect`` tells the decision the card
    asks for (given the history event that records it); another legal one is allowed and explained by ``other`` (or the
    common words).  ``params`` fill the words' placeholders from the position.
    """

    key: str
    anchor: Callable[[Ctx], Anchor] = lambda ctx: NOWHERE
    when: Cond = always
    act: bool = False
    expect: Callable[[Any, Ctx], bool] | None = None
    other: str | None = None
    skip: Cond = in_deal
    params: Callable[[Ctx], dict] = lambda ctx: {}
    #: Shows while the learner must still decide (its decision is the lesson's suggestion).
    done: Cond | None = None


@dataclass
class Lesson:
    """A lesson's fixed match and its cards (see the module docstring)."""

    game: str
    players: int
    seed: int
    rigged: Sequence[Deal | LeadDraw]
    cards: Sequence[Card]
    #: The move the lesson would make for the learner now (the test's and --after's player).
    suggest: Callable[[Ctx], Action | None]
    #: Who sits where: "human" for the learner, else a computer's level.
    levels: Sequence[str] = field(default_factory=tuple)

    def session(self) -> LessonSession:
        return LessonSession(Config(self.game, self.players, self.seed), self.rigged)


def lesson_for(game: str) -> Lesson:
    """The guided first hand of ``game``, from its family's folder (``kits/FAMILY/lesson.py``)."""
    if game not in GAMES:
        raise ValueError(f"no lesson for {game!r}")
    lesson: Lesson = family_part(game, "lesson").lesson(game)
    return lesson


class Guide:
    """A lesson in progress: which card shows, the decisions made, the explanations due.

    ``observe`` is called after every change (a frame, an input): it notes the
    learner's new decisions and moves the cards on.
    """

    def __init__(self, lesson: Lesson, play) -> None:
        self.lesson = lesson
        self.play = play
        self.index = 0
        self.showing: Card | None = None
        #: A read card explaining a move other than the one asked for: (key, params).
        self.explaining: tuple[str, dict] | None = None
        self.cards_shown = 0
        self.decisions = 0
        self.finished = False
        self._decisions_seen = self._learner_decisions()
        self._setup_was = play.setup is not None
        #: Issue 40: a card acts only on a press that began for it (``game.guard``): each card
        #: is offered as it shows (``observe``), and the scene asks ``guard.admits``.
        self.guard = Guard(play.now)
        self.observe()

    # ------------------------------------------------------------ reading the match

    def _learner_decisions(self) -> list:
        return [e for e in self.play.session.view(LEARNER).history
                if e.kind in DECISION_KINDS and getattr(e, "seat", None) == LEARNER]

    def ctx(self) -> Ctx:
        return Ctx(self.lesson, self.play)

    @property
    def card(self) -> Card | None:
        return self.showing

    @property
    def reading(self) -> bool:
        """A card waits for Next (the match waits too: the computers do not play on)."""
        return self.explaining is not None or (self.showing is not None and not self.showing.act)

    def words(self) -> tuple[str, dict]:
        """The locale key and parameters of what the card says now."""
        if self.explaining is not None:
            return self.explaining
        assert self.showing is not None
        return self.showing.key, self.showing.params(self.ctx())

    def anchor(self) -> Anchor:
        if self.explaining is not None or self.showing is None:
            return NOWHERE
        try:
            return self.showing.anchor(self.ctx())
        except Exception:  # a card never breaks the table: it just points nowhere
            return NOWHERE

    # ------------------------------------------------------------ moving on

    def next(self) -> None:
        """Next on a read card (or the explanation)."""
        if self.explaining is not None:
            self.explaining = None
        elif self.showing is not None and not self.showing.act:
            self.showing = None
            self.index += 1
            if self.index >= len(self.lesson.cards):
                self.finished = True
        self.observe()

    def observe(self) -> None:
        """Note the learner's new decisions and show the next card whose moment came."""
        ctx = self.ctx()
        seen = self._learner_decisions()
        setup_now = self.play.setup is not None
        new: list = seen[len(self._decisions_seen):] if len(seen) >= len(self._decisions_seen) else []
        self._decisions_seen = seen
        placed = self._setup_was and not setup_now  # the engine's placement, confirmed (MT-4)
        self._setup_was = setup_now
        if new or placed:
            self.decisions += len(new) + (1 if placed else 0)
            card = self.showing
            if card is not None and card.act and (card.done is None or card.done(ctx)):
                first = new[0] if new else None
                if card.expect is not None and first is not None and not card.expect(first, ctx):
                    self.explaining = (card.other or "learn.common.other_move", card.params(ctx))
                    self.cards_shown += 1
                self.showing = None
                self.index += 1
                if self.index >= len(self.lesson.cards):
                    self.finished = True
        if self.showing is None and self.explaining is None and not self.finished:
            while self.index < len(self.lesson.cards):
                card = self.lesson.cards[self.index]
                if card.when(ctx):
                    self.showing = card
                    self.cards_shown += 1
                    break
                if card.skip(ctx):
                    self.index += 1
                    continue
                break
            else:
                self.finished = True
        self.guard.offer((self.index, self.explaining and self.explaining[0], self.reading))


def suggestion(lesson: Lesson, play) -> Action | None:
    """The lesson's move for the learner now (None: not the learner's turn)."""
    if play.session.to_act() != LEARNER and play.setup is None:
        return None
    if play.setup is not None:
        return play.setup
    return lesson.suggest(Ctx(lesson, play))


def same_tile(a: Any, t: tuple[int, int]) -> bool:
    """An action's or event's tile is ``t`` (either way round)."""
    tile = getattr(a, "tile", None)
    return tile is not None and tuple(sorted(tile)) == tuple(sorted(t))


from rules.events import ACTION_KINDS as DECISION_KINDS  # noqa: E402 - after the helpers it serves
