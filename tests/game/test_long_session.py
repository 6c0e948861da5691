"""Issue 29, item 12: an action costs the same at entry 40,000 as at entry 1,000.

What grew with the session: every deal's undo snapshot and every view copied
the whole public history (memory without a plateau, and a copy per view), and
the sounds of each move counted every move of the session.  The figures are
in ``tools/bench_session.py``; these tests pin the causes down without a clock.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import pytest

from game import cues
from rules import Config, Session
from rules.public_history import FrozenHistory, History
from session_probe import full_fingerprint, random_step

ROOT = Path(__file__).resolve().parents[2]


def grown(game: str, players: int, entries: int, seed: int = 3) -> Session:
    session = Session(Config(game, players, seed))
    rng = random.Random(seed)
    while len(session._log) < entries:
        random_step(session, rng)
    return session


def allocated(fn, arg) -> int:
    """Bytes still held after ``fn(arg)`` (what it allocated and kept)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = fn(arg)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return after - before


@pytest.mark.parametrize("game,players", [("mexican_train", 4), ("cuban", 4), ("jamaican", 4)])
def test_a_snapshot_and_a_view_do_not_copy_the_history(game, players):
    short, long = grown(game, players, 300), grown(game, players, 6000)
    assert len(long.state.history) > 5 * len(short.state.history)
    for make in (lambda s: s.state.clone(), lambda s: s.view(1)):
        small, large = allocated(make, short), allocated(make, long)
        assert large < small + 4096, (small, large)  # a copy of 6,000 events was 48 KB and more


def test_clones_that_part_ways_keep_their_own_histories():
    history = History([("match", 1)])
    history.append(("a",))
    twin = history.clone()
    frozen = history.frozen()
    history.append(("b",))
    twin.append(("c",))
    assert list(history) == [("match", 1), ("a",), ("b",)]
    assert list(twin) == [("match", 1), ("a",), ("c",)]
    assert frozen == (("match", 1), ("a",)) and repr(frozen) == repr((("match", 1), ("a",)))
    assert frozen[-1] == ("a",) and frozen[1:] == (("a",),) and list(reversed(frozen))[0] == ("a",)
    assert hash(frozen) == hash((("match", 1), ("a",)))
    assert isinstance(frozen, Sequence) and not isinstance(frozen, History) and isinstance(frozen, FrozenHistory)
    with pytest.raises(IndexError):
        frozen[2]


@pytest.mark.parametrize("game,players", [("mexican_train", 4), ("cuban", 4)])
def test_undo_seek_and_resume_still_give_the_same_match(game, players):
    """Shared histories must not leak events between a session's states."""
    from rules import save as rules_save
    session = grown(game, players, 800)
    at = session.cursor
    fingerprint = full_fingerprint(session)
    for _ in range(40):
        session.undo()
    rng = random.Random(9)
    for _ in range(25):
        random_step(session, rng)  # a different branch from the snapshot
    session.seek(session.cursor - 10)
    other, _meta = rules_save.loads(rules_save.dumps(session))
    assert full_fingerprint(other) == full_fingerprint(session)
    again = grown(game, players, 800)
    assert again.cursor == at and full_fingerprint(again) == fingerprint


class Counted(Sequence):
    """A history that counts the events read from it."""

    def __init__(self, events: list) -> None:
        self.events = events
        self.read = 0

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, i):
        got = self.events[i]
        self.read += len(got) if isinstance(i, slice) else 1
        return got


def test_the_sounds_of_a_move_read_only_the_last_moves():
    history = list(grown("mexican_train", 4, 3000).view(1).history)
    counted = Counted(history)
    assert cues.cues_since(counted, 2) == cues.cues_since(history, 2)
    assert counted.read < 200, counted.read  # it was every event of the session, twice


def test_bench_session_quick_prints_one_json_line_of_the_right_shape():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_session.py"), "--quick", "--actions", "3"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    result = json.loads(line)
    for key in ("action_ms", "frame_ms", "whole_ms", "memory_kb_per_action"):
        assert set(result[key]) == {"1000", "4000"}, key
    whole = result["whole_ms"].values()
    assert result["ratio"] == round(max(whole) / min(whole), 3)
