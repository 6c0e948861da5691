"""Difficulty levels of the computer player: budgets, never clocks (UX-4).

A level is a fixed number of search nodes per decision plus how deep the
evaluator looks.  Counting nodes instead of reading a clock keeps every choice
a pure function of the view and the seed, on any machine.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    #: search nodes for one decision, shared by every candidate action.
    nodes: int
    #: nodes one best-trail search may spend (Mexican Train planning).
    trail_nodes: int
    #: plays of the bot's own turn searched ahead (MT-13: the extra tile after a
    #: double, and after that one if it is a double too); 0 also skips reading voids.
    lookahead: int
    #: hidden deals sampled consistently with the view (0: static evaluation only).
    samples: int
    #: partnership games: sample only when at most this many tiles are unseen (other
    #: hands, Cuban's unused tiles); with more, a few samples add noise, not sight.
    sample_below: int
    #: chance of taking the second-best action instead of the best: a beginner's slip.
    slip: float
    #: partnership games (``expert``): nodes of exact search per decision, shared by all deals
    solver_nodes: int = 0
    #: deals sampled and solved exactly, at most
    solver_deals: int = 0
    #: Mexican Train (``expert``): sampled worlds each close candidate is played out in (0: none)
    mt_worlds: int = 0
    #: playout steps per decision, shared by every world and candidate
    mt_nodes: int = 0
    #: candidates searched at most: the best plays by the plan score ...
    mt_candidates: int = 0
    #: ... within this many points of the best one
    mt_margin: float = 0.0
    #: who plays by the plan evaluator in a playout: "own" seat, "all" seats, or "none" (greedy)
    mt_playout: str = "none"
    #: playout steps before the plan evaluator scores every hand instead (0: play the deal out)
    mt_horizon: int = 0
    #: pips of playout outcome one point of plan score is worth when choosing (0: outcome alone)
    mt_prior: float = 0.0
    #: a level whose plan evaluator the searching seat plays by in its own playouts ("": the
    #: cheap playout level, as every other seat); e.g. "normal" (trail search and lookahead)
    mt_own_level: str = ""
    #: search the first round (MT-8) too, each playout cut this many steps on and scored by
    #: the plan evaluator's leaf cost (0: the first round is left to the plan evaluator)
    mt_first_horizon: int = 0
    #: sampled worlds also explain passes with no draw before them (first round: no tile for
    #: the own train, MT-8; an empty boneyard: no legal play, MT-11), not only draws
    mt_pass_voids: bool = False


LEVELS: dict[str, Level] = {
    "easy": Level("easy", nodes=400, trail_nodes=40, lookahead=0, samples=0, sample_below=0, slip=0.25),
    "normal": Level("normal", nodes=30000, trail_nodes=600, lookahead=2, samples=40, sample_below=99, slip=0.0),
    "hard": Level("hard", nodes=150000, trail_nodes=4000, lookahead=3, samples=100, sample_below=99, slip=0.0),
    "expert": Level("expert", nodes=150000, trail_nodes=8000, lookahead=3, samples=100, sample_below=99,
                    slip=0.0, solver_nodes=400000, solver_deals=200,
                    mt_worlds=32, mt_nodes=60000, mt_candidates=4, mt_margin=8.0,
                    mt_playout="all"),
}

DEFAULT_LEVEL = "normal"


class Budget:
    """Nodes left for one decision; every search step draws from it."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def take(self, n: int = 1) -> bool:
        """Spend ``n`` nodes if that many are left; False means stop searching."""
        if self.left < n:
            return False
        self.left -= n
        return True


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r}; use easy, normal, hard or expert") from None
