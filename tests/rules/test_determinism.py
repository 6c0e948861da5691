"""Nothing random escapes the match seed (DESIGN.md; RLCard's determinism test).

RLCard checks determinism by consuming and reseeding the global ``random``
state between steps of a game and comparing the results.  Here the global
``random`` and ``numpy.random`` states are disturbed before every decision, and
the match, its log and its transcript must not change.  A second test makes
the global random functions and the clock raise while a match is played.
"""
from __future__ import annotations

import importlib.util
import io
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from rules import Config, Session
from rules.policies import random_policy
from rules.rng import stream
from rules.selfplay import run
from rules.variants import GAMES, PLAYERS
from session_probe import fingerprint

GAME_NAMES = [g for g in ("mexican_train", "cuban", "jamaican") if g in GAMES]


def disturb_global_random(step: int) -> None:
    """Consume and reseed the global ``random`` and ``numpy.random`` states."""
    random.seed(step * 7919 + 13)
    for _ in range(step % 5 + 1):
        random.random()
    random.shuffle(list(range(10)))
    np.random.seed(step % (2**32))
    np.random.rand(step % 3 + 1)


def disturbing(policy):
    counter = iter(range(10**9))

    def wrapped(view, rng):
        disturb_global_random(next(counter))
        return policy(view, rng)
    return wrapped


def transcript(config: Config, policy, matches: int = 1) -> str:
    out = io.StringIO()
    run(config, matches, [policy], out)
    return out.getvalue()


def seats_of(game: str) -> list[int]:
    lo, hi = PLAYERS[game]
    return sorted({lo, hi})


@pytest.mark.parametrize("game", GAME_NAMES)
def test_global_random_between_steps_does_not_change_the_transcript(game):
    """Reseeding the global RNGs before every decision leaves the transcript byte-identical."""
    for n in seats_of(game):
        config = Config(game, n, 20261129)
        random.seed(1)
        np.random.seed(1)
        plain = transcript(config, random_policy)
        random.seed(2)
        np.random.seed(2)
        disturbed = transcript(config, disturbing(random_policy))
        assert disturbed == plain
        assert plain.count("\n") > 50


@pytest.mark.parametrize("game", GAME_NAMES)
def test_global_random_between_steps_does_not_change_the_match(game):
    """Two sessions stepped side by side, one with the global RNGs disturbed, stay identical."""
    n = PLAYERS[game][1]
    seed = 4242
    quiet, noisy = Session(Config(game, n, seed)), Session(Config(game, n, seed))
    rng_a, rng_b = stream(seed, "test"), stream(seed, "test")
    step = 0
    while not quiet.match_over():
        if step % 20 == 0:
            assert fingerprint(noisy) == fingerprint(quiet)
        legal = quiet.legal_actions()
        quiet.apply(legal[rng_a.randrange(len(legal))])
        disturb_global_random(step)
        legal = noisy.legal_actions()
        noisy.apply(legal[rng_b.randrange(len(legal))])
        step += 1
        if step % 50 == 0:
            # undo/redo and restart_deal go through the same log, not through fresh randomness
            disturb_global_random(step + 1)
            noisy.undo()
            disturb_global_random(step + 2)
            noisy.redo()
    assert noisy.match_over()
    assert fingerprint(noisy) == fingerprint(quiet)


def _forbidden(*_args, **_kwargs):
    raise AssertionError("the referee used the global random state or the clock")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_match_never_calls_the_global_random_functions_or_the_clock(game, monkeypatch):
    """Nothing random escapes the match seed: global ``random`` and the clock are off limits."""
    n = PLAYERS[game][0]
    expected = transcript(Config(game, n, 99), random_policy)
    for name in ("random", "randrange", "randint", "shuffle", "choice", "choices", "sample",
                 "seed", "getrandbits", "uniform"):
        monkeypatch.setattr(random, name, _forbidden)
    for name in ("rand", "randint", "shuffle", "permutation", "choice", "random", "seed"):
        monkeypatch.setattr(np.random, name, _forbidden)
    for name in ("time", "time_ns", "monotonic", "perf_counter", "process_time"):
        monkeypatch.setattr(time, name, _forbidden)
    got = transcript(Config(game, n, 99), random_policy)
    monkeypatch.undo()
    assert got == expected


#: The match each hash-seed check plays: seed 3 everywhere but Jamaican, whose seed-3 match with
#: --policy bot runs 69 hands (4 seconds a run, four runs); seed 6 runs 11 hands with every kind
#: of hand end (out, block) and decision (lead, play, pass) in it (issue 26).
HASH_SEED_MATCH = {"jamaican": "6"}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_transcript_does_not_depend_on_the_string_hash_seed(game, tmp_path):
    """Set and dict order of strings changes with PYTHONHASHSEED; the transcript must not."""
    policies = ["random"]
    if importlib.util.find_spec("rules.bots") is not None:
        policies.append("bot")
    root = Path(__file__).resolve().parents[2]
    for policy in policies:
        texts = set()
        for hash_seed in ("0", "4242"):
            out = tmp_path / f"{policy}-{hash_seed}.jsonl"
            done = subprocess.run(
                [sys.executable, "-m", "rules", "selfplay", "--game", game, "--players", "4",
                 "--seed", HASH_SEED_MATCH.get(game, "3"),
                 "--policy", policy, "--transcript", str(out)],
                cwd=root, capture_output=True, text=True, timeout=300,
                env={**os.environ, "PYTHONHASHSEED": hash_seed})
            assert done.returncode == 0, done.stderr
            texts.add(out.read_bytes())
        assert len(texts) == 1, f"{game} with --policy {policy} depends on PYTHONHASHSEED"
