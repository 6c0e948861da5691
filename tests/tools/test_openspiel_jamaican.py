"""The OpenSpiel head-to-head plays the same game in both engines (issue 16; JA-2, JA-4, JA-5).

``tools/openspiel_jamaican.py`` keeps one of our Jamaican hands and one
OpenSpiel ``team_dominoes`` state in step.  If the translation were wrong the
benchmark would compare players of two different games, so every step of a
few hundred hands is checked: the same seat to act, the same legal plays, the
same end and the same result.  Skipped when OpenSpiel is not installed.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import openspiel_jamaican as oj  # noqa: E402

from rules.bots import choose  # noqa: E402


def _play(seed: int, pick) -> tuple[int, "oj.Table"]:
    """Play one hand with ``pick(table, seat)``, checking both engines at every step."""
    table = oj.Table(seed)
    steps = 0
    while not table.over():
        seat = table.to_act()  # raises if the engines disagree on the turn
        assert oj.legal_pairs_ours(table.ours) == oj.legal_pairs_spiel(table.spiel), (seed, steps)
        table.apply(pick(table, seat))
        steps += 1
    table.winner_team()  # raises if the engines disagree on the result
    return steps, table


@pytest.mark.rule("JA-4")
def test_both_engines_agree_at_every_step_of_300_random_hands():
    """JA-2 pose, JA-4 follow-or-pass, JA-5 result: the same legal set and result in both engines."""
    rng = random.Random(16)
    total = 0
    blocks = 0
    for seed in range(300):
        steps, table = _play(seed, lambda t, s: rng.choice(t.ours.legal_actions()))
        total += steps
        blocks += any(h for h in table.ours.hands[1:]) and all(table.ours.hands[1:])
    assert total > 300 * 10
    assert blocks > 0  # blocks happened, so JA-5's individual count was compared too


@pytest.mark.rule("JA-2")
def test_the_pose_is_the_double_six_and_its_holder_is_openspiel_player_0():
    table = oj.Table(3)
    assert table.spiel.current_player() == 0 and table.player(table.poser) == 0
    assert oj.legal_pairs_spiel(table.spiel) == {((6, 6), None)}


def test_both_engines_agree_when_our_bots_and_ismcts_play():
    """The benchmark's own mix: our normal bots against a small ISMCTS, through the translation."""
    bots = {}

    def pick(table, seat):
        if seat % 2:
            return choose(table.ours.view(seat), "normal", random.Random(seat))
        bot = bots.setdefault(seat, oj.ismcts_bot(table.game, 10, seat))
        return table.to_ours(int(bot.step(table.spiel)))

    for seed in range(20):
        bots.clear()
        _play(seed, pick)


@pytest.mark.rule("JA-4")
def test_resampling_keeps_the_information_state_and_the_proved_voids():
    """ISMCTS's worlds: the player's view is unchanged and no seat gets a number its pass ruled out."""
    rng = random.Random(1)
    checked = 0
    for seed in range(60):
        table = oj.Table(seed)
        while not table.over():
            table.to_act()
            st = table.spiel
            p = st.current_player()
            void = oj.voids(st)
            for _ in range(3):
                world = oj.resample(st, p, rng)
                assert world.information_state_string(p) == st.information_state_string(p)
                assert world.hands[p] == st.hands[p]
                assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
                for q in range(4):
                    assert not any(a in void[q] or b in void[q] for a, b in world.hands[q])
                    # the truth respects the voids too, so they were read right
                    assert not any(a in void[q] or b in void[q] for a, b in st.hands[q])
                checked += any(void)
            table.apply(rng.choice(table.ours.legal_actions()))
    assert checked > 100
