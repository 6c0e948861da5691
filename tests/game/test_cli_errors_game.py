"""Issue 29, items 4-6 and 10: ``python -m game`` on bad input ends with one clear line, no
traceback and no partial file; ``--after`` no longer rescans the history on every move."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def run_game(*args: str, tmp_path: Path, timeout: float = 90) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DOMINO_TABLE_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def assert_one_line(done: subprocess.CompletedProcess, words: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert words in done.stderr, done.stderr


def test_replay_of_a_file_with_a_line_nested_1000_deep_is_one_line(tmp_path):
    """Item 4: a RecursionError traceback of 29 lines."""
    path = tmp_path / "deep.jsonl"
    path.write_text('{"transcript": 1, "game": "mexican_train", "players": 3, "seed": 1}\n{"match": 1}\n'
                    + "[" * 1000 + "]" * 1000 + "\n")
    done = run_game("--replay", str(path), tmp_path=tmp_path)
    assert_one_line(done, "nested too deeply")


def test_a_screenshot_with_a_300_character_name_is_one_line(tmp_path):
    """Item 5: an 11-line pygame.error traceback."""
    done = run_game("--screenshot", str(tmp_path / ("a" * 300 + ".png")), tmp_path=tmp_path)
    assert_one_line(done, "cannot write the screenshot")
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_screenshot_onto_a_link_to_dev_full_is_one_line(tmp_path):
    link = tmp_path / "shot.png"
    link.symlink_to("/dev/full")
    done = run_game("--screenshot", str(link), tmp_path=tmp_path)
    assert_one_line(done, "not a regular file")
    assert link.is_symlink()


def test_a_screenshot_onto_a_full_disk_fails_and_leaves_no_partial_image(tmp_path, monkeypatch, capsys):
    """Item 6: it exited 0, printed the path and left a cut-short 4,096-byte PNG."""
    out = tmp_path / "shot.png"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["--screenshot", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "No space left" in captured.err
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == []


def test_a_screenshot_is_written_whole(tmp_path, capsys):
    import pygame
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--size", "320x200"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    assert pygame.image.load(str(out)).get_size() == (320, 200)
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == ["shot.png"]


class CountingList(list):
    """A history that counts the entries read from it."""

    read = 0

    def __iter__(self):
        for e in list.__iter__(self):
            CountingList.read += 1
            yield e

    def __getitem__(self, index):
        got = list.__getitem__(self, index)
        CountingList.read += len(got) if isinstance(index, slice) else 1
        return got


def test_counting_deal_ends_does_not_rescan_the_history_on_every_move():
    """Item 10: ``--after 100000`` took over 5 minutes because each move counted the deal ends
    of the whole session's history again (5k decisions 3.5 s, 40k 49.9 s)."""
    from game.play import PlayState
    from game.seats import COMPUTER, SeatConfig
    from rules import Config, Session
    session = Session(Config("mexican_train", 3, 2))
    play = PlayState(session, [SeatConfig(f"Bot {i}", COMPUTER, "easy") for i in range(3)])
    state = session.state
    from rules.events import as_event
    state.history = CountingList(list(state.history) + [as_event(("pass", 1))] * 20_000)
    play._count("deal_end")  # the first count reads it all once
    CountingList.read = 0
    for _ in range(100):
        state.history.append(as_event(("pass", 2)))
        play._count("deal_end")
        play._count("deal")
    assert CountingList.read <= 400  # only what is new: it was 100 x 2 x 20,000
