"""The coach: after a deal is over, grade each human decision of it (issue 15; UX-4).

API (everything the screens and the replay viewer need)::

    capture(session, deal_index) -> DealRecord        # cheap; call on the thread that owns the session
    grade(record, seats) -> DealReport                 # pure and slow-ish; any thread
    grade_one(record, position) -> Grade | None        # one decision (the replay viewer's)
    grade_deal(session, deal_index, seats) -> DealReport   # the two together
    deals(session) -> list[int]                        # the deal indices of the session's log
    last_finished_deal(session) -> int | None          # the deal just over (the deal-end screen's)

``deal_index`` counts the deals (``chance.Deal`` entries) of the session's log
from 0.  ``seats`` are the seats to grade (the humans).  ``capture`` raises
``CoachError`` for a deal that is not over: the coach never runs while a hand
is in play, so it never sees more than the rules allow (UX-4).

A ``DealReport`` has ``grades``, one ``Grade`` per graded decision in log order:

- ``position``: the decision's index in the session's log (the replay viewer
  seeks there to show ``best_known`` on the table), ``seat``, ``played``;
- ``best_known``: the best with what the player knew.  Cuban and Jamaican: the
  action with the best expected result over sampled deals consistent with the
  seat's view at that moment (the fair grade); Mexican Train: the hard bot's
  choice on the same view, unless the played action did as well on the samples;
- ``best_full``: the best with all hands shown (Cuban and Jamaican: the exact
  solver with every hand known, ``None`` when the position needs more nodes
  than the budget; Mexican Train: always ``None``);
- ``loss`` (expected loss against ``best_known``, in the game's units: Cuban
  points, Jamaican hand values, Mexican Train pips; never negative),
  ``loss_full`` (exact loss against ``best_full`` or ``None``),
  ``value_full``/``best_value_full`` (exact values of the played and the best action),
  ``exact`` (the fair grade came from exactly solved deals, not playouts),
  ``samples`` and ``label`` (``best``, ``fine``, ``inaccuracy``, ``blunder``,
  from ``loss`` by ``THRESHOLDS``; see docs/coach.md).

``DealReport.counts`` holds the number of each label, ``worst`` the costliest
decision (None when nothing was an inaccuracy or a blunder) and
``cost_the_hand`` whether, with all hands shown, that decision turned the hand's
result (a win into a tie or a loss, a tie into a loss).  The game builds the
one-line summary from those and its locale keys.

Determinism: every sampled deal is drawn from ``rules.rng.stream(seed, "coach",
position)``, every search is counted in nodes (never the clock), so a match's
seed and log always give the same report.  Decisions with a single distinct
choice (a forced pass, a draw, one tile on one end) are not graded; the setup
decisions of Cuban and Jamaican (accept, redeal, who leads) are not graded.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .actions import Action, placement
from .bots import choose as bot_choose
from .bots.knowledge import Knowledge, after
from .bots.levels import Budget
from .bots.playout import playout, preference, sample_hands
from .bots.solver import OBJECTIVES, Position, SolverBudgetExceeded, action_values
from .chance import Deal, NextMatch
from .errors import RulesError
from .line import PLAY
from .rng import stream
from .session import Session, apply_entry
from .state import deal_hidden, hidden_tiles
from .variants import VARIANTS, find_variant

LABELS = ("best", "fine", "inaccuracy", "blunder")

#: the coach's methods, by the name a variant declares (``Variant.coach``, issue 39):
#: ``solved`` grades with the exact solver (the games on one line), ``played_out`` against
#: the hard bot's choice, both played out and measured by ``Variant.coach_result``
METHODS = ("solved", "played_out")

#: one unit of a game's result, for the labels (``Variant.coach_scale``): Jamaican a hand
#: won (JA-6, worth 2 in the solver's objective), Cuban 30 points (CU-8, about one hand's
#: points), Mexican Train 10 pips
SCALE: dict[str, float] = {name: v.coach_scale for name, v in VARIANTS.items()}
#: label -> the share of the scale a loss must stay *below* to get it (docs/coach.md)
THRESHOLDS: tuple[tuple[str, float], ...] = (("best", 0.02), ("fine", 0.15), ("inaccuracy", 0.5))

#: exact search with all hands shown: nodes per decision, and per hand (latest decisions first)
FULL_NODES = 100_000
HAND_FULL_NODES = 200_000
#: the fair grade: deals sampled per decision (at least, for an exact grade), nodes for
#: solving them all, and the playouts per candidate when the deals are too big to solve
FAIR_DEALS = 16
FAIR_NODES = 160_000
#: cheap positions (late in a hand) get more deals, as long as the nodes last
FAIR_DEALS_MAX = 32
PLAYOUTS = 48
#: the train games: sampled deals per graded decision (each played out twice, greedy seats)
MT_DEALS = 16
MT_LEVEL = "hard"
#: a played-out deal stops after this many actions (a deal of 10 players has fewer)
MT_PLIES = 2000


class CoachError(RulesError):
    """The coach was asked for a deal it must not grade (not over, or not in the log)."""


@dataclass(frozen=True)
class Grade:
    """One graded decision (the fields are described in the module docstring)."""

    position: int
    seat: int
    played: Action
    best_known: Action
    best_full: Action | None
    label: str
    loss: float
    loss_full: float | None = None
    value_full: int | None = None
    best_value_full: int | None = None
    exact: bool = False
    samples: int = 0


@dataclass(frozen=True)
class DealRecord:
    """One finished deal as the coach reads it: a copy, so grading may run on another thread."""

    game: str
    seed: int
    deal_index: int
    position: int  # the log index of the Deal entry
    start: Any  # the state right after the deal (a clone)
    entries: tuple = ()
    #: Cuban CU-4: the hands were thrown in before any play (nothing to grade)
    redealt: bool = False


@dataclass(frozen=True)
class DealReport:
    """The grades of one deal, the count of each label and the costliest decision."""

    game: str
    deal_index: int
    grades: tuple[Grade, ...]
    counts: dict[str, int] = field(default_factory=dict)
    worst: Grade | None = None
    cost_the_hand: bool = False


# ------------------------------------------------------------------ the log


def deals(session: Session) -> list[int]:
    """The log positions of the session's deals; ``deal_index`` indexes this list."""
    return [i for i, e in enumerate(session.log) if isinstance(e, Deal)]


def last_finished_deal(session: Session) -> int | None:
    """The index of the last deal played to its end (not thrown in, CU-4), or None."""
    for index in range(len(deals(session)) - 1, -1, -1):
        try:
            record = capture(session, index)
        except CoachError:
            continue
        if not record.redealt:  # CU-4: a redeal is no hand of its own
            return index
    return None


def capture(session: Session, deal_index: int) -> DealRecord:
    """The finished deal ``deal_index`` of the session; ``CoachError`` if it is not over (UX-4)."""
    starts = deals(session)
    if not 0 <= deal_index < len(starts):
        raise CoachError(f"there is no deal {deal_index + 1} in this match (it has {len(starts)})")
    p = starts[deal_index]
    log = session.log
    stop = next((i for i in range(p + 1, len(log)) if isinstance(log[i], (Deal, NextMatch))), len(log))
    start = session.state_at(p + 1)
    entries = tuple(log[p + 1:stop])
    end = start.clone()
    mark = len(end.history)
    for entry in entries:
        if not isinstance(entry, Action):
            break
        apply_entry(end, entry)
    kinds = {e.kind for e in end.history[mark:]}
    if not kinds & {"deal_end", "redeal"}:
        raise CoachError(f"deal {deal_index + 1} is not over yet: the coach grades finished deals only")
    return DealRecord(session.game, session.config.seed, deal_index, p, start, entries,
                      "deal_end" not in kinds)


# ------------------------------------------------------------------ labels


def label_for(game: str, loss: float) -> str:
    """best / fine / inaccuracy / blunder for an expected loss (docs/coach.md)."""
    share = loss / SCALE[game]
    for name, below in THRESHOLDS:
        if share < below:
            return name
    return "blunder"


# ------------------------------------------------------------------ grading


def grade_deal(session: Session, deal_index: int, seats: Iterable[int]) -> DealReport:
    """Grade every decision of ``seats`` in the finished deal ``deal_index``."""
    return grade(capture(session, deal_index), seats)


def grade(record: DealRecord, seats: Iterable[int]) -> DealReport:
    """The report of one captured deal (see the module docstring)."""
    wanted = set(seats)
    method_of(record.game)  # a game the coach cannot grade says so before any work
    state = record.start.clone()
    todo: list[tuple[int, object, Action]] = []
    for offset, entry in enumerate(record.entries):
        position = record.position + 1 + offset
        if isinstance(entry, Action):
            seat = state.to_act()
            if seat in wanted and _is_decision(state, entry):
                todo.append((position, state.clone(), entry))
            state.apply_action(entry)
    if solves_full(record.game):
        grades = _grade_line_deal(record, todo)
    else:
        grades = [_grade_played_out(record, pos, st, a) for pos, st, a in todo]
    return _report(record, grades)


def grade_one(record: DealRecord, position: int) -> Grade | None:
    """The grade of the one decision at log ``position`` of the captured deal, or None if it
    is not a decision (forced, or a setup choice).  Its exact search always gets a
    decision's full budget, so it may solve a position that ``grade``, once the hand's
    budget was spent, left unsolved."""
    state = record.start.clone()
    for offset, entry in enumerate(record.entries):
        if record.position + 1 + offset == position:
            if not (isinstance(entry, Action) and _is_decision(state, entry)):
                return None
            if not solves_full(record.game):
                return _grade_played_out(record, position, state, entry)
            return _grade_line(record, position, state, entry, _full_values(state, Budget(HAND_FULL_NODES)))
        apply_entry(state, entry)
    raise CoachError(f"position {position} is not in deal {record.deal_index + 1}")


def judgement(view, seed: int, position: int) -> Action | None:
    """The coach's own best decision for the seat of ``view`` at log ``position`` of a match
    seeded ``seed`` (issue 40: the hint): the action ``grade`` would call the best known
    there, on the same view and the same sampled deals, so a hint taken is never graded a
    mistake.  None where the coach grades nothing (a setup choice, a forced move)."""
    if solves_full(view.game) and not all(a.kind in ("play", "pass") for a in view.legal):
        return None  # CU-4, CU-5, JA-3: the setup choices are not graded
    ends = Knowledge(view).ends if solves_full(view.game) else None
    if len(_distinct(view.legal, ends)) <= 1:
        return None
    rng = stream(seed, "coach", position)
    if not solves_full(view.game):
        return bot_choose(view, MT_LEVEL, rng)  # what _grade_mt suggests
    fair, _exact, _samples = _fair_values(view, rng)
    best = max(fair.values())
    return next(a for a in view.legal if fair[a] >= best - 1e-9)


def _key(action: Action, ends: tuple[int, int] | None) -> tuple:
    """What an action leads to: on the line the tile and the unordered ends after it."""
    if action.kind == "play" and action.end is not None:
        return action.tile, tuple(sorted(after(ends, *placement(action))))
    return action.kind, action.tile, action.train


def _distinct(legal, ends: tuple[int, int] | None) -> dict[tuple, Action]:
    """The legal actions that lead to different positions, first of each kept."""
    out: dict[tuple, Action] = {}
    for a in legal:
        out.setdefault(_key(a, ends), a)
    return out


def method_of(game: str) -> str:
    """How the coach grades ``game`` (``METHODS``), as its variant declares (``Variant.coach``);
    ``CoachError`` for a game that declares none: it is never graded by another game's measure."""
    method = find_variant(game).coach
    if method not in METHODS:
        raise CoachError(f"the coach cannot grade {game!r}: its variant declares no coach method "
                         f"(Variant.coach = {method!r}; one of {', '.join(METHODS)})")
    return method


def solves_full(game: str) -> bool:
    """Whether the coach grades ``game``'s decisions with all hands shown too (``best_full``,
    ``loss_full``): the games that declare the ``"solved"`` method (CU, JA)."""
    return method_of(game) == "solved"


def _is_decision(state, action: Action) -> bool:
    line = solves_full(state.game)
    if line and state.phase != PLAY:
        return False  # CU-4, CU-5, JA-3: the setup choices are not graded
    ends = state.line.ends() if line else None
    return len(_distinct(state.legal_actions(), ends)) > 1


def _report(record: DealRecord, grades: list[Grade]) -> DealReport:
    counts = {name: sum(1 for g in grades if g.label == name) for name in LABELS}
    bad = [g for g in grades if g.label in ("inaccuracy", "blunder")]
    worst = max(bad, key=lambda g: (g.loss, -g.position)) if bad else None
    turned = False
    if worst is not None and worst.value_full is not None and worst.best_value_full is not None:
        turned = _sign(worst.value_full) < _sign(worst.best_value_full)
    return DealReport(record.game, record.deal_index, tuple(grades), counts, worst, turned)


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


# ------------------------------------------------------- Cuban and Jamaican


def _grade_line_deal(record: DealRecord, todo: list[tuple[int, object, Action]]) -> list[Grade]:
    """Exact grades latest first (the cheapest), sharing the hand's node budget."""
    hand = Budget(HAND_FULL_NODES)
    full: dict[int, dict[Action, int] | None] = {}
    for position, state, _ in reversed(todo):
        # an earlier decision has more tiles in play: once one is out of reach, so are those
        full[position] = _full_values(state, hand) if hand.left > 0 else None
        if full[position] is None:
            hand.left = 0
    return [_grade_line(record, pos, st, a, full[pos]) for pos, st, a in todo]


def _full_values(state, hand: Budget) -> dict[Action, int] | None:
    """Every action's exact value with all hands shown (CU-8, JA-6), or None past the budget."""
    part = Budget(min(FULL_NODES, hand.left))
    spent = part.left
    try:
        return action_values(Position.from_state(state), part)
    except SolverBudgetExceeded:
        return None
    finally:
        hand.left -= spent - part.left


def _pick(values: dict[Action, float], played: Action) -> Action:
    """The best action; the played one when it ties with the best."""
    best = max(values.values())
    if values[played] >= best - 1e-9:
        return played
    return max(values, key=lambda a: values[a])


def _grade_line(record: DealRecord, position: int, state, played: Action,
                full: dict[Action, int] | None) -> Grade:
    view = state.view(state.to_act())
    rng = stream(record.seed, "coach", position)
    fair, exact, samples = _fair_values(view, rng)  # the view alone (UX-4)
    best_known = _pick(fair, played)
    loss = max(0.0, fair[best_known] - fair[played])
    best_full = loss_full = value_full = best_value_full = None
    if full is not None:
        best_full = _pick(dict(full), played)
        value_full, best_value_full = full[played], full[best_full]
        loss_full = float(best_value_full - value_full)
    return Grade(position, view.seat, played, best_known, best_full, label_for(record.game, loss),
                 loss, loss_full, value_full, best_value_full, exact, samples)


def _fair_values(view, rng: random.Random) -> tuple[dict[Action, float], bool, int]:
    """The expected value of every legal action over deals the seat could not tell apart (UX-4).

    Only the view is read: the sampled hands respect the hand sizes and the voids its
    passes proved (``playout.sample_hands``).  Deals small enough are solved exactly;
    otherwise each candidate is played out with the bots' light policy.
    """
    k = Knowledge(view)
    distinct = _distinct(view.legal, k.ends)
    pose_tile = find_variant(k.game).pose_tile if k.ends is None and view.pose_required else None
    budget = Budget(FAIR_NODES)
    cap = FAIR_NODES // FAIR_DEALS  # the first FAIR_DEALS deals always get this much each
    totals = {key: 0.0 for key in distinct}
    deals = 0
    solved: dict[tuple, dict[Action, int]] = {}
    while deals < FAIR_DEALS_MAX and budget.left > 0:
        hands = sample_hands(k, rng)
        if hands is None:
            break
        deal = tuple(tuple(sorted(h)) for h in hands)
        values = solved.get(deal)
        if values is None:  # late in a hand few deals are possible: each is solved once
            part = Budget(min(cap, budget.left))
            try:
                values = solved[deal] = action_values(
                    Position(k.game, deal, k.ends, k.seat, view.passes, pose_tile), part)
            except SolverBudgetExceeded:
                if deals < FAIR_DEALS:
                    deals = 0  # too big to solve enough deals: the playouts estimate instead
                break
            finally:
                budget.left -= min(cap, budget.left) - part.left
        for key, a in distinct.items():
            totals[key] += values[a]
        deals += 1
    if deals:
        return _spread(view.legal, k.ends, {key: v / deals for key, v in totals.items()}), True, deals
    return _spread(view.legal, k.ends, _playout_means(k, distinct, rng)), False, PLAYOUTS


def _playout_means(k: Knowledge, distinct: dict[tuple, Action], rng: random.Random) -> dict[tuple, float]:
    """Mean playout results per candidate on common sampled deals, in the solver's units."""
    totals = {key: 0.0 for key in distinct}
    runs = 0
    budget = Budget(PLAYOUTS * len(distinct) * (2 * sum(k.counts[1:]) + 4))
    for _ in range(PLAYOUTS):
        hands = sample_hands(k, rng)
        if hands is None:
            break
        hands = [sorted(h, key=preference, reverse=True) for h in hands]
        for key, a in distinct.items():
            totals[key] += _in_solver_units(k.game, playout(k, hands, *placement(a), budget))
        runs += 1
    return {key: v / max(runs, 1) for key, v in totals.items()}


def _in_solver_units(game: str, v: float) -> float:
    """``playout`` scores a Cuban win 1 + points/60 and a Jamaican one 1 or 2 (the key);
    the solver's objective (``OBJECTIVES``) counts Cuban points and a Jamaican win as 1 + points."""
    if v == 0:
        return 0.0
    sign = 1.0 if v > 0 else -1.0
    obj = OBJECTIVES[game]
    points = (abs(v) - 1.0) * 60.0 if find_variant(game).pip_points else abs(v)
    return sign * obj.value(round(points))


def _spread(legal, ends: tuple[int, int] | None, means: dict[tuple, float]) -> dict[Action, float]:
    """Every legal action gets the mean of the distinct move it is the same as."""
    return {a: means[_key(a, ends)] for a in legal}


# ------------------------------------------------- played out (Mexican Train)


def _grade_played_out(record: DealRecord, position: int, state, played: Action) -> Grade:
    """The hard bot's choice on the same view, and the difference of the seat's result
    (``Variant.coach_result``: Mexican Train's penalty) over sampled deals."""
    seat = state.to_act()
    view = state.view(seat)
    rng = stream(record.seed, "coach", position)
    suggested = bot_choose(view, MT_LEVEL, rng)
    if suggested == played:
        return Grade(position, seat, played, played, None, "best", 0.0, samples=0)
    worlds = [_mt_world(state, seat, rng) for _ in range(MT_DEALS)]
    loss = sum(_played_out(w, suggested, seat) - _played_out(w, played, seat) for w in worlds) / MT_DEALS
    best = suggested if loss > 0 else played
    loss = max(0.0, loss)
    return Grade(position, seat, played, best, None, label_for(record.game, loss), loss,
                 samples=MT_DEALS)


def _mt_world(state, seat: int, rng: random.Random):
    """A copy of the deal with the tiles ``seat`` cannot see dealt again (UX-4).

    The other hands keep their sizes and the boneyard its size; the seat's hand
    and every tile on the table stay as they are.
    """
    world = state.clone()
    # the play-outs read neither the past deals nor the transcript: copies of them cost
    world.history, world.records = world.history[-1:], world.records[-1:]
    # sorted first: where the hidden tiles really are must not steer the shuffle (UX-4)
    pool = sorted(hidden_tiles(world, seat))
    rng.shuffle(pool)
    deal_hidden(world, seat, pool)
    return world


def _heaviest(legal: list[Action]) -> Action:
    """The play-outs' player: the heaviest tile that fits, the first such in the engine's
    order (``policies.greedy_policy`` without its canonical-JSON tie-break, which costs a
    third of a play-out); without a play, the one other action left."""
    best = legal[0]
    weight = -1
    for a in legal:
        if a.kind == "play" and a.tile is not None and a.tile[0] + a.tile[1] > weight:
            best, weight = a, a.tile[0] + a.tile[1]
    return best


def _played_out(world, first: Action, seat: int) -> float:
    """``seat``'s result (``Variant.coach_result``; MT-17: its penalty, negated) when the deal
    is played out after ``first``, every seat playing its heaviest tile (deterministic: no
    random choice is left)."""
    st = world.clone()
    st.apply_action(first)
    for _ in range(MT_PLIES):
        if st.to_act() is None:  # the deal is over (MT-16)
            break
        st.apply_action(_heaviest(st.legal_actions()))  # the legal set alone: no view built
    # the hands stay as they ended until the next deal is dealt; past the cap, as they stand
    return find_variant(st.game).coach_result(st, seat)


__all__ = ["CoachError", "DealRecord", "DealReport", "Grade", "LABELS", "SCALE", "THRESHOLDS",
           "METHODS", "capture", "deals", "grade", "grade_deal", "grade_one", "label_for",
           "last_finished_deal", "method_of", "solves_full"]
