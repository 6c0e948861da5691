"""A Jamaican hand on OpenSpiel's ``team_dominoes``, for the head-to-head in bench_bot.py (issue 16).

OpenSpiel's ``python_team_dominoes`` deals 7 tiles to each of 4 players, lets
any tile open, skips a player who cannot follow (our forced pass, JA-4), ends
when a player goes out or nobody can play, and scores by team pip sums.  Our
Jamaican hand differs in three places, so ``JamaicanSpielState`` (a subclass
of its state) changes exactly those:

- who starts: OpenSpiel always starts with its player 0, so the seats are
  rotated to put the poser at player 0 (``Table.player`` / ``Table.seat``);
- JA-2: in a hand opened with the [6|6] pose, the first play must be [6|6];
- JA-5: the result is the Jamaican hand's: going out wins, a block is won by
  the lowest *individual* count and tied when both teams share it.  The
  returns are +1 / -1 per team (0 a tie), so ISMCTS searches hands won.

OpenSpiel's python states cannot resample hidden hands, so
``resample(state, player, rng)`` deals the hands the player cannot see again,
consistently with what it knows: its own hand, the tiles on the table, each
hand's size, and the voids its passes proved (a player skipped after a play
had neither open number).  ISMCTS gets it through ``ISMCTSBot.set_resampler``.

``Table`` keeps one of our ``Jamaican`` states and one OpenSpiel state in step;
``legal_pairs`` states a legal set in engine-neutral terms (tile, number
covered) so the test can check that both engines agree at every step.
"""
from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import team_dominoes as td

from rules.actions import Action
from rules.bots.playout import deal_by_voids
from rules.line import PLAY, team_of
from rules.tiles import Tile, tile
from rules.variants.jamaican import DOUBLE_SIX, Jamaican

_INDEX = {str(a): i for i, a in enumerate(td._ACTIONS)}  # OpenSpiel's own list.index, as a dict
_DECK_INDEX = {t: i for i, t in enumerate(td._DECK)}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_jamaican_team_dominoes",
    long_name="Team dominoes with the Jamaican hand's pose and result (JA-2, JA-5)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
)
_GAME_INFO = pyspiel.GameInfo(num_distinct_actions=len(td._ACTIONS), max_chance_outcomes=len(td._DECK),
                              min_utility=-1, max_utility=1, num_players=4, max_game_length=28,
                              utility_sum=0.0)


def _spiel_tile(t: Tile) -> tuple[float, float]:
    return (float(t[0]), float(t[1]))


def _our_tile(t) -> Tile:
    return tile(int(t[0]), int(t[1]))


class JamaicanSpielGame(td.DominoesGame):
    """``team_dominoes`` with the [6|6] pose and the Jamaican result."""

    def __init__(self, params=None) -> None:
        pyspiel.Game.__init__(self, _GAME_TYPE, _GAME_INFO, params or dict())

    def new_initial_state(self):
        return JamaicanSpielState(self)


class JamaicanSpielState(td.DominoesState):
    def __init__(self, game) -> None:
        super().__init__(game)
        #: JA-2: the tile the first play must be (the [6|6] pose), or None
        self.pose: tuple[float, float] | None = None

    def get_legal_actions(self, player):
        hand = self.hands[player]
        if not self.open_edges:
            names = [f"p{player} tile:{t} pip:None" for t in hand if self.pose is None or t == self.pose]
        else:
            names = []
            for t in hand:
                if t[0] in self.open_edges:
                    names.append(f"p{player} tile:{t} pip:{t[0]}")
                if t[0] != t[1] and t[1] in self.open_edges:
                    names.append(f"p{player} tile:{t} pip:{t[1]}")
        return sorted(_INDEX[n] for n in names)

    def returns(self):
        """JA-5: going out wins for the team; a block goes to the lowest individual count."""
        if not self.is_terminal():
            return [0.0] * 4
        counts = [sum(a + b for a, b in h) for h in self.hands]
        out = [p for p in range(4) if not self.hands[p]]
        if out:
            team = out[0] % 2
        else:
            best = min(counts)
            teams = {p % 2 for p in range(4) if counts[p] == best}
            if len(teams) > 1:
                return [0.0] * 4
            team = teams.pop()
        return [1.0 if p % 2 == team else -1.0 for p in range(4)]


pyspiel.register_game(_GAME_TYPE, JamaicanSpielGame)


# ------------------------------------------------------------------ knowledge

def voids(state) -> list[set[float]]:
    """The numbers each player is known to lack: a player skipped after a play had neither end."""
    out: list[set[float]] = [set() for _ in range(4)]
    edges: list[float] = []
    prev = None
    for act in state.actions_history:
        if prev is not None:
            p = (prev + 1) % 4
            while p != act.player:  # everyone between two plays was skipped (JA-4)
                out[p].update(edges)
                p = (p + 1) % 4
        if not edges:
            edges = list(act.tile)
        else:
            edges.remove(act.edge)
            edges.append(act.tile[0] if act.tile[0] != act.edge else act.tile[1])
        prev = act.player
    return out


def resample(state, player: int, rng: random.Random, tries: int = 200):
    """A copy of ``state`` with every hand ``player`` cannot see dealt again consistently.

    Sizes and the proved voids are kept; ``player``'s own hand and the history
    are untouched, so the information state is the same.
    """
    others = [p for p in range(4) if p != player]
    pool = [t for p in others for t in state.hands[p]]
    # the engine's own sampler (the bots' ``sample_hands``), here on OpenSpiel's seats and tiles
    hands = deal_by_voids(pool, {p: len(state.hands[p]) for p in others}, voids(state), rng, tries)
    new = state.clone()
    if hands is None:
        return new  # the true deal is always consistent: a last resort, never reached in practice
    for p in others:
        new.hands[p] = sorted(hands[p])
    return new


# ------------------------------------------------------------------ two engines in step

def legal_pairs_ours(state: Jamaican) -> set[tuple[Tile, int | None]]:
    """Our legal plays as (tile, number covered); the pass is the empty set (OpenSpiel skips)."""
    line = state.line
    out = set()
    for a in state.legal_actions():
        if a.kind != "play":
            continue
        assert a.tile is not None
        out.add((a.tile, None if line.left < 0 else (line.left if a.end == "L" else line.right)))
    return out


def legal_pairs_spiel(state) -> set[tuple[Tile, int | None]]:
    out = set()
    for i in state.legal_actions():
        a = td._ACTIONS[i]
        out.add((_our_tile(a.tile), None if a.edge is None else int(a.edge)))
    return out


class Table:
    """One Jamaican hand (our engine) and the same hand in OpenSpiel, kept in step.

    The hand is the first of a session (JA-2: the [6|6] holder poses it), dealt
    from ``seed``.  ``seat(p)`` / ``player(s)``: OpenSpiel's player 0 is the poser.
    """

    def __init__(self, seed: int) -> None:
        ours = Jamaican(4)
        ours.apply_chance(ours.sample_chance(seed))
        assert ours.phase == PLAY and ours.pose_required
        self.ours = ours
        self.poser = ours.turn
        self.game = pyspiel.load_game("python_jamaican_team_dominoes")
        spiel = self.game.new_initial_state()
        spiel.pose = _spiel_tile(DOUBLE_SIX)
        for k in range(7):  # OpenSpiel deals one tile to each player in turn
            for p in range(4):
                spiel.apply_action(_DECK_INDEX[_spiel_tile(ours.hands[self.seat(p)][k])])
        self.spiel = spiel
        self.skip_passes()

    def seat(self, player: int) -> int:
        return (self.poser - 1 + player) % 4 + 1

    def player(self, seat: int) -> int:
        return (seat - self.poser) % 4

    def skip_passes(self) -> None:
        """Apply our forced passes: OpenSpiel skips a player who cannot follow (JA-4)."""
        ours = self.ours
        while ours.phase == PLAY and [a.kind for a in ours.legal_actions()] == ["pass"]:
            ours.apply_action(ours.legal_actions()[0])

    def over(self) -> bool:
        return self.ours.phase != PLAY

    def to_act(self) -> int:
        """The seat to act; both engines agree on it (checked)."""
        seat = self.ours.turn
        if self.spiel.current_player() != self.player(seat):
            raise AssertionError(f"engines disagree on the turn: seat {seat}, "
                                 f"OpenSpiel player {self.spiel.current_player()}")
        return seat

    def to_spiel(self, action: Action) -> int:
        line = self.ours.line
        assert action.tile is not None
        p = self.player(self.ours.turn)
        t = _spiel_tile(action.tile)
        edge = None if line.left < 0 else float(line.left if action.end == "L" else line.right)
        return _INDEX[f"p{p} tile:{t} pip:{edge}"]

    def to_ours(self, index: int) -> Action:
        a = td._ACTIONS[index]
        t, edge = _our_tile(a.tile), None if a.edge is None else int(a.edge)
        line = self.ours.line
        for b in self.ours.legal_actions():
            if b.tile == t and (edge is None or edge == (line.left if b.end == "L" else line.right)):
                return b
        raise AssertionError(f"OpenSpiel's {a} has no legal counterpart in our engine")

    def apply(self, action: Action) -> None:
        """Play ``action`` (ours, legal) in both engines."""
        self.spiel.apply_action(self.to_spiel(action))
        self.ours.apply_action(action)
        self.skip_passes()
        if self.over() != self.spiel.is_terminal():
            raise AssertionError("engines disagree on the end of the hand")

    def winner_team(self) -> int | None:
        """Our team (1, 2) that won the hand, or None for a tie; both engines agree (checked)."""
        end = next(r["deal_end"] for r in reversed(self.ours.records) if "deal_end" in r)
        ret = self.spiel.returns()
        spiel_team = None if ret[0] == 0 else team_of(self.seat(0 if ret[0] > 0 else 1))
        if spiel_team != end["winner_team"]:
            raise AssertionError(f"engines disagree on the result: {end} vs {ret}")
        return end["winner_team"]


def ismcts_bot(game, simulations: int, seed: int):
    """OpenSpiel's ISMCTSBot with random rollouts, resampling through ``resample``."""
    np_rng = np.random.RandomState(seed)
    py_rng = random.Random(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=simulations,
                           random_state=np_rng)
    bot.set_resampler(lambda state, player: resample(state, player, py_rng))
    return bot
