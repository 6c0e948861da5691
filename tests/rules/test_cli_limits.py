"""Command lines with limits (issue 13, item 4): huge or endless input stops with one line.

``python -m rules replay`` reads one line at a time with a line and a file
limit, so ``/dev/zero`` or a 50 MB single line stop at once in bounded memory
(the child runs under a 400 MB address-space limit and a timeout);
``selfplay``'s numbers have upper bounds.
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules import replay as replay_module
from rules.__main__ import MAX_MATCHES, main
from rules.replay import ReplayError, iter_lines

ROOT = Path(__file__).resolve().parents[2]


def _limited() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (400 * 2**20, 400 * 2**20))


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limited if os.name == "posix" else None)


def assert_one_line(done: subprocess.CompletedProcess, words: str) -> None:
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert words in done.stderr, done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replay_of_dev_zero_stops_with_one_line(tmp_path):
    done = run_cli("replay", "/dev/zero", "--transcript", str(tmp_path / "out.jsonl"), timeout=30)
    assert_one_line(done, "line 1: the line is longer than 1 MB")


def test_replay_of_a_50_mb_single_line_stops_with_one_line(tmp_path):
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.write(b'{"transcript": 1, "game": "mexican_train", "players": 4, "seed": 1, "x": "')
        chunk = b"y" * 2**20
        for _ in range(50):
            f.write(chunk)
        f.write(b'"}\n')
    done = run_cli("replay", str(big), "--transcript", str(tmp_path / "out.jsonl"))
    assert_one_line(done, "line 1: the line is longer than 1 MB")


def test_replay_reads_one_line_at_a_time_and_counts_the_file(monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_FILE_BYTES", 100)
    lines = iter_lines(io.BytesIO(b"a\r\n" + b"b" * 60 + b"\n" + b"c" * 60 + b"\n"), "f")
    assert next(lines) == "a" and next(lines) == "b" * 60
    with pytest.raises(ReplayError, match="line 3: the file is larger"):
        next(lines)
    with pytest.raises(Exception, match="not UTF-8 text \\(line 2, byte 0\\)"):
        list(iter_lines(io.BytesIO(b"ok\n\xff\n"), "f"))


def test_replay_into_an_unwritable_output_gives_one_line(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text('{"transcript": 1, "game": "mexican_train", "players": 2, "seed": 1}\n')
    for out in (tmp_path, tmp_path / "no" / "such" / "folder" / "out.jsonl"):
        assert main(["replay", str(src), "--transcript", str(out)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot write" in err


@pytest.mark.parametrize("args,words", [
    (["--matches", str(MAX_MATCHES + 1)], f"--matches must be 1 to {MAX_MATCHES}"),
    (["--matches", "0"], "--matches must be 1"),
    (["--seed", str(2**63)], "--seed must be a whole number from 0"),
    (["--seed", "-1"], "--seed must be a whole number from 0"),
    (["--players", "100000"], "4 players"),
])
def test_selfplay_numbers_have_upper_bounds(args, words, tmp_path, capsys):
    argv = ["selfplay", "--game", "cuban", "--seed", "1", "--transcript", str(tmp_path / "t.jsonl")]
    assert main(argv + args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("seed", ["9" * 4000, str(2**63)])
def test_a_transcript_with_a_seed_beyond_the_limit_gets_the_same_answer_everywhere(seed, tmp_path, capsys):
    """Issue 40: replay wrote a header and {"match": 1} and exited 0 for a header-only
    transcript with a 4,000-digit seed, which selfplay refuses: every way in now refuses it
    with the same words (the seed's limit is Config's)."""
    from rules.session import MAX_SEED, Config
    from rules.errors import ConfigError
    source = tmp_path / "t.jsonl"
    source.write_text('{"transcript": 1, "game": "mexican_train", "players": 4, "seed": %s}\n' % seed)
    out = tmp_path / "out.jsonl"
    assert main(["replay", str(source), "--transcript", str(out)]) == 1
    err = capsys.readouterr().err
    words = f"the seed must be a whole number from 0 to {MAX_SEED}"
    assert err.count("\n") == 1 and "line 1" in err and words in err, err
    assert main(["selfplay", "--game", "mexican_train", "--seed", seed, "--transcript", str(out)]) == 1
    assert f"from 0 to {MAX_SEED}" in capsys.readouterr().err
    with pytest.raises(ConfigError, match=words):
        Config("mexican_train", 4, int(seed))
