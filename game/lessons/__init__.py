"""Learn to play (issue 31): a guided first hand of each game.

A lesson is a short fixed deal against computer players, played on the real
table (``PlayState`` and ``TableScene`` as they are), with one short card at a
time that points at the place on the table it talks about.  The deal is rigged
(``LessonSession``: the lesson's own deals and lead draws, then the seed's), so
the lesson is the same every time; the computers decide from the same seed.

The player makes every decision.  A lesson is a sequence of goals, not of
fixed positions: cards come in order, each when its moment comes (``Card.when``,
which also holds the card's claim about the position, so a card never shows
where what it says is false), and the cards whose moment can no longer come are
skipped (``Card.skip``), so a wrong but legal move never stalls the lesson (issue
38).  The card that asked for another move explains what it cost instead and
offers Undo (``Guide.undo``: the move is taken back and the card asks again).
A card that states a result (who went out, what scored) reads it from the
events (``Card.words``).  This module never imports pygame: the scene
(``game.scenes.lesson``) draws the cards and turns input into requests, and
``game.lessons.walk`` walks a lesson without a window.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from rules.actions import Action
from rules.chance import Deal, LeadDraw
from rules.session import Config, Session

from ..guard import Guard
from ..i18n import t
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

    def result_due(self) -> bool:
        """The lesson's deal (hand) has just ended and the table still shows it: its result is
        told now, before the score screen (issue 38)."""
        return self.play.phase == "deal_end" and len(self.events("deal_end")) == 1

    def result(self) -> tuple[Any, int | None]:
        """The lesson's deal end (its history event) and the seat that went out (None: blocked)."""
        end = self.events("deal_end")[0]
        return end, next((s for s in range(1, len(end.hands)) if not end.hands[s]), None)

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
    #: The keys of cards that must have come (or been dropped) before this one.
    after: tuple[str, ...] = ()
    #: Shows while the learner must still decide (its decision is the lesson's suggestion).
    done: Cond | None = None
    #: A read card after which the lesson makes the learner's moves while this holds (the
    #: rest of a first turn's chain, issue 38: the learner sees it done, not ten more steps).
    auto: Cond | None = None
    #: The words read from the position where they depend on it (a result: who went out,
    #: what scored): (locale key, params); None: ``key`` with ``params``.
    words: Callable[[Ctx], tuple[str, dict]] | None = None

    def say(self, ctx: Ctx) -> tuple[str, dict]:
        """The locale key and parameters of this card in the position ``ctx``."""
        return self.words(ctx) if self.words is not None else (self.key, self.params(ctx))


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
    lesson = family_part(game, "lesson").lesson(game)
    if not isinstance(lesson, Lesson):  # game.kits.family cannot name Lesson (it would import this)
        raise TypeError(f"the lesson of {game!r} is a {type(lesson).__name__}, not a Lesson")
    return lesson


class Guide:
    """A lesson in progress: which card shows, the decisions made, the explanations due.

    ``observe`` is called after every change (a frame, an input): it notes the
    learner's new decisions and moves the cards on.
    """

    def __init__(self, lesson: Lesson, play) -> None:
        self.lesson = lesson
        self.play = play
        #: The card showing, or the last shown (its place in ``lesson.cards``).
        self.index = 0
        #: The cards still to come (their places), shown in order as their moments come.
        self.pending: list[int] = list(range(len(lesson.cards)))
        self.showing: Card | None = None
        #: A read card explaining a move other than the one asked for: (key, params).
        self.explaining: tuple[str, dict] | None = None
        self.cards_shown = 0
        self.decisions = 0
        self.finished = False
        #: Every card shown, as (locale key, params) when it came (``walk`` checks them).
        self.log: list[tuple[str, dict]] = []
        #: Where Undo of the move being explained puts the lesson back: the card's index.
        self._undo_to: int | None = None
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
        return self.showing.say(self.ctx())

    def spoken(self) -> str | None:
        """The card's words as they are read aloud (issue 41), or None while none shows."""
        if self.explaining is None and self.showing is None:
            return None
        key, params = self.words()
        return t(key, **params)

    @property
    def can_undo(self) -> bool:
        """The card explains a move other than the one asked for, which Undo takes back."""
        return self.explaining is not None and self._undo_to is not None and bool(self.play.can_undo())

    def undo(self) -> bool:
        """Take back the move being explained: the card that asked for another comes again."""
        if not self.can_undo:
            return False
        to = self._undo_to
        assert to is not None
        if not self.play.undo():
            return False
        self.explaining = None
        self._undo_to = None
        self._decisions_seen = self._learner_decisions()
        self._setup_was = self.play.setup is not None
        self.pending = sorted(set(self.pending) | {to})
        self.showing = None
        self.finished = False
        self.observe()
        return True

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
            self._undo_to = None
        elif self.showing is not None and not self.showing.act:
            auto, self.showing = self.showing.auto, None
            if auto is not None:
                self._play_for_learner(auto)
        self.observe()

    def _play_for_learner(self, auto: Cond) -> None:
        """The lesson's moves made for the learner while ``auto`` holds."""
        for _ in range(60):
            if not auto(self.ctx()) or not play_suggestion(self.play, suggestion(self.lesson, self.play)):
                return

    def observe(self) -> None:
        """Note the learner's new decisions and show the next card whose moment came: the
        first card still due, in order, whose moment is now; a card whose moment can no
        longer come is dropped (``Card.skip``), one whose moment has not come yet waits
        without holding back the ones after it (``Card.after`` orders those that must)."""
        ctx = self.ctx()
        seen = self._learner_decisions()
        setup_now = self.play.setup is not None
        new: list = seen[len(self._decisions_seen):] if len(seen) >= len(self._decisions_seen) else []
        self._decisions_seen = seen
        placed = self._setup_was and not setup_now  # the engine's placement, confirmed (MT-4)
        self._setup_was = setup_now
        card = self.showing
        if new or placed:
            self.decisions += len(new) + (1 if placed else 0)
            if card is not None and card.act and (card.done is None or card.done(ctx)):
                first = new[0] if new else None
                if card.expect is not None and first is not None and not card.expect(first, ctx):
                    self.explaining = (card.other or "learn.common.other_move", card.params(ctx))
                    self._undo_to = self.index
                    self._shown(self.explaining)
                self.showing = None
        elif card is not None and card.act and not card.when(ctx):
            # its moment went without the learner's decision (a take-back): it waits again
            self.showing = None
            self.pending.insert(0, self.index)
            self.pending.sort()
        if self.showing is None and self.explaining is None and not self.finished:
            self._show_due(ctx)
        self.guard.offer((self.index, self.explaining and self.explaining[0], self.reading))

    def _show_due(self, ctx: Ctx) -> None:
        cards = self.lesson.cards
        done = {cards[i].key for i in range(len(cards)) if i not in self.pending}
        last = len(cards) - 1
        for i in list(self.pending):
            card = cards[i]
            if not set(card.after) <= done or (i == last and len(self.pending) > 1):
                continue  # the last card (the recap) comes after every other
            if card.skip(ctx):
                self.pending.remove(i)
                done.add(card.key)
                continue
            if card.when(ctx):
                self.pending.remove(i)
                self.index = i
                self.showing = card
                self._shown(card.say(ctx))
                return
        if not self.pending:
            self.finished = True

    def _shown(self, words: tuple[str, dict]) -> None:
        self.cards_shown += 1
        self.log.append(words)


def suggestion(lesson: Lesson, play) -> Action | None:
    """The lesson's move for the learner now (None: not the learner's turn)."""
    if play.session.to_act() != LEARNER and play.setup is None:
        return None
    if play.setup is not None:
        return play.setup
    return lesson.suggest(Ctx(lesson, play))


def play_suggestion(play, action: Action | None) -> bool:
    """Make ``action`` (the lesson's move, or any legal one) through the play state's own requests (tap, press, confirm)."""
    if action is None:
        return False
    if play.setup is not None and action == play.setup:
        play.tap_tile(action.tile)
    elif action.kind == "play":
        if play.selected != action.tile:
            play.tap_tile(action.tile)
        if play.pending != action:
            play.tap_target(play.kit.target(action))
    else:
        for bid, act in play.decision_buttons():
            if act == action:
                play.press(bid)
                break
    return play.pending == action and play.confirm()


def same_tile(a: Any, t: tuple[int, int]) -> bool:
    """An action's or event's tile is ``t`` (either way round)."""
    tile = getattr(a, "tile", None)
    return tile is not None and tuple(sorted(tile)) == tuple(sorted(t))


from rules.events import ACTION_KINDS as DECISION_KINDS  # noqa: E402 - after the helpers it serves
