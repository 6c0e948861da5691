"""Issue 29, items 4-11: bad input on the command line ends with one clear line, no traceback,
in bounded time -- and never destroys a file.

The rules command line runs in a child process (a timeout and a 400 MB
address-space limit) so that a hang or a traceback is seen as the player would
see it; the game's command line is in tests/game/test_cli_errors_game.py.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules import Config, Session
from rules import save as rules_save
from session_probe import random_step

ROOT = Path(__file__).resolve().parents[2]
POSIX = os.name == "posix"


def _limited() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (400 * 2**20, 400 * 2**20))


def run_rules(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limited if POSIX else None)


def assert_one_line(done: subprocess.CompletedProcess, words: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert words in done.stderr, done.stderr


@pytest.fixture(scope="module")
def transcript(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "t.jsonl"
    done = run_rules("selfplay", "--game", "mexican_train", "--players", "3", "--seed", "1",
                     "--transcript", str(path))
    assert done.returncode == 0, done.stderr
    return path


def test_a_line_nested_1000_deep_is_one_line_for_rules_replay(transcript, tmp_path):
    """Item 4 (the rules side): the parser the game's --replay shares says it in words."""
    deep = tmp_path / "deep.jsonl"
    lines = transcript.read_text().splitlines()
    deep.write_text("\n".join(lines[:3] + ["[" * 1000 + "]" * 1000]) + "\n")
    done = run_rules("replay", str(deep), "--transcript", str(tmp_path / "out.jsonl"))
    assert_one_line(done, "line 4: the line is nested too deeply")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_selfplay_onto_dev_full_is_one_line():
    """Item 7."""
    done = run_rules("selfplay", "--game", "cuban", "--seed", "1", "--transcript", "/dev/full")
    assert_one_line(done, "cannot write /dev/full: No space left on device")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_replay_onto_dev_full_is_one_line(transcript):
    done = run_rules("replay", str(transcript), "--transcript", "/dev/full")
    assert_one_line(done, "cannot write /dev/full: No space left on device")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_replay_of_a_named_pipe_returns_at_once(tmp_path):
    """Item 8: opening a pipe for reading waits for a writer, maybe forever."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    done = run_rules("replay", str(pipe), "--transcript", str(tmp_path / "out.jsonl"), timeout=20)
    assert_one_line(done, "named pipe")


def test_replay_refuses_to_write_over_its_input(transcript, tmp_path):
    """Item 9: ``rules replay X --transcript X`` emptied X."""
    copy = tmp_path / "x.jsonl"
    shutil.copy(transcript, copy)
    link = tmp_path / "link.jsonl"
    link.symlink_to(copy) if POSIX else None
    before = copy.read_bytes()
    for out in [copy, *([link] if POSIX else [])]:
        done = run_rules("replay", str(copy), "--transcript", str(out))
        assert_one_line(done, "is the input file")
        assert copy.read_bytes() == before


def played_save(steps: int = 30) -> dict:
    session = Session(Config("mexican_train", 3, 5))
    rng = random.Random(5)
    for _ in range(steps):
        random_step(session, rng)
    return json.loads(rules_save.dumps(session))


@pytest.mark.parametrize("entry,words", [
    ({"kind": "teleport"}, "is no kind of move"),
    ({"kind": "play", "tile": [1000000000, 1], "train": 0, "seat": 1}, "no such tile"),
])
def test_structural_damage_is_not_called_a_move_against_the_rules(entry, words):
    """Item 11: an entry of unknown kind or a tile in no set is damage ("damaged"), not "invalid"."""
    data = played_save()
    data["log"][10] = entry
    with pytest.raises(rules_save.SaveFileError) as e:
        rules_save.loads(json.dumps(data))
    assert e.value.problem == "damaged" and words in str(e.value) and "move 11" in str(e.value)


def test_a_move_against_the_rules_is_still_invalid():
    data = played_save()
    data["log"][10] = {"kind": "pass"} if data["log"][10].get("kind") != "pass" else {"kind": "draw"}
    with pytest.raises(rules_save.SaveFileError) as e:
        rules_save.loads(json.dumps(data))
    assert e.value.problem == "invalid"


def test_a_transcript_line_of_an_unknown_kind_is_damage_for_the_viewer(transcript, tmp_path):
    from game import history
    lines = transcript.read_text().splitlines()
    for bad in ('{"teleport": 1}', '{"seat": 1, "action": {"kind": "play", "tile": [1000000000, 1]}}'):
        path = tmp_path / "bad.jsonl"
        path.write_text("\n".join(lines[:5] + [bad] + lines[5:]) + "\n")
        with pytest.raises(history.MatchFileError) as e:
            history.read_match(path)
        assert e.value.problem == "damaged", e.value.detail
