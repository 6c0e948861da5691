"""Issue 15, item 1: the replay viewer replays a finished match exactly, in all three games.

The viewer lands on the match's own totals at its last position, and any path
through the positions (forward, back, deal jumps, the timeline) shows at each
position exactly what a straight walk forward showed there.  Files that are no
match get one clear message, on the command line a single line and a non-zero exit.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import history
from game import intents as I
from game.app import STEP
from game.scenes.replay import Replay, ReplayScene, open_replay, replay_positions
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from rules import save as rules_save
from rules.actions import Action
from rules.policies import greedy_policy
from rules.rng import decision_stream
from shell_driver import click, frames, key, make_app, touch

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("mexican_train", 4, 7), ("cuban", 4, 11), ("jamaican", 4, 5)]


def finished(game: str, players: int, seed: int) -> Session:
    """A whole match played by the greedy policy, on the program's own decision streams."""
    session = Session(Config(game, players, seed))
    while not session.match_over():
        view = session.view(session.to_act())
        session.apply(greedy_policy(view, decision_stream(seed, session.cursor)))
    return session


def seats(n: int) -> list[SeatConfig]:
    return [SeatConfig("Ann")] + [SeatConfig(f"Computer {i}", COMPUTER) for i in range(2, n + 1)]


def final_totals(session: Session) -> dict:
    return next(r for r in reversed(session.state.records) if "match_end" in r)["match_end"]["totals"]


def shown(replay: Replay) -> tuple:
    """Everything the viewer draws from at its position: every seat's view (hands included)."""
    return replay.views()[1:]


@pytest.fixture(scope="module")
def matches():
    return {game: finished(game, n, seed) for game, n, seed in GAMES}


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_the_viewer_lands_on_the_matchs_totals(game, matches, tmp_path):
    """A saved match (through the history file) replays to the totals the match ended with."""
    session = matches[game]
    path = history.record(session, seats(session.config.players))
    record = history.read_match(path)
    replay = Replay(record.session, record.seats, record.match_no)
    while replay.step(1):
        pass
    assert replay.at_end and replay.session.match_over()
    view = replay.views()[1]
    expected = final_totals(session)
    assert {str(k): view.totals[k] for k in range(1, len(view.totals))} == expected
    # every decision of the match is one step
    assert len(replay.positions) == sum(isinstance(e, Action) for e in session.log) + len(replay.deals)


def test_a_13_deal_mexican_train_match_has_13_deals_to_jump_to(matches):
    session = matches["mexican_train"]
    replay = Replay(session, seats(4))
    assert [d.deal_no for d in replay.deals] == list(range(1, 14))
    for k in range(13):
        replay.jump_deal(1) if k else replay.seek(0)
        assert replay.views()[1].deal_no == k + 1
        assert replay.index == replay.deals[k].index
    replay.jump_deal(-1)
    assert replay.views()[1].deal_no == 12


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_stepping_back_and_forth_is_exact(game, matches):
    """Each position shows the same views whichever way it was reached (back, jumps, forward)."""
    session = matches[game]
    replay = Replay(session, seats(session.config.players))
    forward = [shown(replay)]
    while replay.step(1):
        forward.append(shown(replay))
    assert len(forward) == len(replay.positions)
    for k in range(len(forward) - 1, -1, -max(1, len(forward) // 150)):
        replay.seek(k)
        assert shown(replay) == forward[k], k
    rng = random.Random(15)
    for _ in range(60):
        k = rng.randrange(len(forward))
        replay.seek(k)
        replay.step(-1)
        replay.step(1)
        assert shown(replay) == forward[replay.index]
        assert replay.index == k or k in (0,)


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_every_hand_is_face_up_and_they_hold_the_whole_deal(game, matches):
    """At a deal's start the viewer shows every seat's hand: together they are the deal
    (Mexican Train: less the engine, placed from its holder's hand, MT-4, plus any tiles
    the start search drew, MT-5)."""
    session = matches[game]
    replay = Replay(session, seats(session.config.players))
    hands = replay.hands()[1:]
    dealt = next(e for e in session.log if type(e).__name__ == "Deal")
    counts = replay.views()[1].hand_counts[1:]
    assert [len(h) for h in hands] == list(counts)
    if game != "mexican_train":
        assert [tuple(sorted(h)) for h in hands] == [tuple(sorted(h)) for h in dealt.hands]
        return
    pool = {x for h in dealt.hands for x in h} | set(dealt.stock)
    shown_tiles = [x for h in hands for x in h]
    assert len(set(shown_tiles)) == len(shown_tiles) and set(shown_tiles) <= pool
    assert (12, 12) not in shown_tiles


def test_a_transcript_replays_to_its_own_totals(tmp_path):
    out = tmp_path / "t.jsonl"
    subprocess.run([sys.executable, "-m", "rules", "selfplay", "--game", "cuban", "--seed", "4",
                    "--matches", "1", "--policy", "random", "--transcript", str(out)],
                   check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    record = history.read_match(out)
    replay = Replay(record.session, record.seats, record.match_no)
    replay.seek(len(replay.positions) - 1)
    last = json.loads(out.read_text().splitlines()[-1])["match_end"]["totals"]
    totals = replay.views()[1].totals
    assert {"1": totals[1], "2": totals[2]} == last


def test_positions_are_before_and_after_each_decision(matches):
    session = matches["cuban"]
    log = session.log
    positions = replay_positions(log)
    assert positions[0] == next(i for i, e in enumerate(log) if isinstance(e, Action))
    assert positions[-1] == len(log)
    assert all(isinstance(log[p], Action) or isinstance(log[p - 1], Action) for p in positions[:-1])


# ------------------------------------------------------------------ files that are no match


def _write(tmp_path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("name,data,problem", [
    ("hello.txt", b"hello", "not_a_match"),
    ("bin.dat", bytes(range(256)), "not_a_match"),
    ("other.json", b'{"format": "someone-else", "version": 1}', "not_a_match"),
    ("list.json", b"[1, 2, 3]", "not_a_match"),
    ("empty.json", b"", "not_a_match"),
    ("torn.jsonl", b'{"transcript": 1, "game": "cuban", "players": 4, "seed": 1}\n{"match": 1}\n{"deal": 1, "ha',
     "damaged"),
    ("nodeal.jsonl", b'{"transcript": 1, "game": "cuban", "players": 4, "seed": 1}\n', "empty"),
])
def test_a_file_that_is_no_match_gets_one_problem(tmp_path, name, data, problem):
    with pytest.raises(history.MatchFileError) as err:
        history.read_match(_write(tmp_path, name, data))
    assert err.value.problem == problem
    assert "\n" not in str(err.value)


def test_a_save_with_a_move_against_the_rules_is_invalid(tmp_path, matches):
    data = json.loads(rules_save.dumps(matches["cuban"], {}))
    plays = [i for i, e in enumerate(data["log"]) if e.get("kind") == "play"]
    data["log"][plays[3]] = data["log"][plays[1]]  # a tile played twice
    with pytest.raises(history.MatchFileError) as err:
        history.read_match(_write(tmp_path, "bad.json", json.dumps(data).encode()))
    assert err.value.problem == "invalid"


def _run_game(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def test_the_command_line_renders_the_first_frame_or_says_one_line(tmp_path, matches):
    good = tmp_path / "match.json"
    rules_save.save(matches["jamaican"], good, {"seats": [s.to_json() for s in seats(4)]})
    shot = tmp_path / "first.png"
    done = _run_game("--replay", str(good), "--screenshot", str(shot), "--size", "1024x600")
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (1024, 600)
    bad = _write(tmp_path, "notes.txt", b"not a match at all")
    failed = _run_game("--replay", str(bad), "--screenshot", str(tmp_path / "no.png"))
    assert failed.returncode != 0
    assert len(failed.stderr.strip().splitlines()) == 1 and "Traceback" not in failed.stderr
    assert not (tmp_path / "no.png").exists()


# ------------------------------------------------------------------ the scene and its devices


@pytest.fixture
def viewer(matches):
    app = make_app(size=(1280, 720), persist=False)
    app.start(resume=False)
    session = matches["mexican_train"]
    record = history.MatchRecord(session, seats(4))
    scene = open_replay(app, record)
    frames(app, 2)
    yield app, scene
    app.close()


def test_keys_step_jump_play_and_close(viewer):
    app, scene = viewer
    r = scene.replay
    key(app, pygame.K_RIGHT, n=3)
    assert r.index == 3
    key(app, pygame.K_LEFT)
    assert r.index == 2
    key(app, pygame.K_DOWN)
    assert r.index == r.deals[1].index
    key(app, pygame.K_UP)
    assert r.index == 0
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undo: a step back, already at the start
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert r.index == 1
    key(app, pygame.K_TAB)
    assert scene.speed == 2
    key(app, pygame.K_RETURN)
    assert scene.playing
    frames(app, round(0.45 / STEP))  # speed 2x: a decision every 0.4 s
    assert r.index == 2
    key(app, pygame.K_SPACE)
    assert not scene.playing
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_mouse_and_touch_press_the_buttons_and_the_timeline(viewer):
    app, scene = viewer
    r = scene.replay
    forward = next(b for b in scene.buttons if b.id == "forward")
    click(app, forward.rect.center)
    assert r.index == 1
    touch(app, next(b for b in scene.buttons if b.id == "deal_forward").rect.center)
    assert r.index == r.deals[1].index
    line = scene.timeline
    touch(app, (line.right - 1, line.centery))
    assert r.at_end
    click(app, (line.x, line.centery))
    assert r.index == 0
    zoom = scene.camera.zoom
    click(app, next(b for b in scene.camera_buttons if b.id == "zoom_in").rect.center)
    assert scene.camera.zoom > zoom
    click(app, next(b for b in scene.buttons if b.id == "close").rect.center)
    assert app.stack.top is not scene


def test_the_controller_steps_and_pans(viewer):
    app, scene = viewer
    for intent in (I.Intent(I.MOVE, direction="right", device="controller"),
                   I.Intent(I.REDO, device="controller")):
        app.handle(intent)
    assert scene.replay.index == 2
    before = (scene.camera.cx, scene.camera.cy)
    app.handle(I.Intent(I.PAN, delta=(40.0, 0.0), device="controller"))
    assert (scene.camera.cx, scene.camera.cy) != before
    app.handle(I.Intent(I.CANCEL, device="controller"))
    assert app.stack.top is not scene


def test_the_coach_can_show_a_suggested_play_where_it_was_due(viewer):
    app, scene = viewer
    r = scene.replay
    r.seek(5)
    due = r.decision_due()
    other = next(a for a in r.views()[r.session.to_act()].legal if a.kind == "play")
    scene.suggest(r.position, other, "Better: play it here")
    frames(app)
    lay = scene._layout_now()
    assert scene._marks(lay, scene.play.view()).ghost is not None
    assert scene.message() == "Better: play it here"
    scene.go_to_position(r.positions[0])
    assert r.index == 0 and scene._marks(scene._layout_now(), scene.play.view()).ghost is None
    assert due is not None


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_viewer_draws_in_both_sizes_and_languages(matches, size, lang, tmp_path):
    app = make_app(size=size, persist=False, language=lang, settings={"language": lang})
    app.start(resume=False)
    try:
        session = matches["jamaican"] if size[0] < 1500 else matches["mexican_train"]
        scene = open_replay(app, history.MatchRecord(session, seats(4)))
        scene.replay.seek(30)
        frames(app, 3)
        buttons = scene.buttons
        assert all(b.rect.width > 20 for b in buttons)
        for a, b in zip(buttons, buttons[1:]):
            assert a.rect.right <= b.rect.left  # no two buttons overlap
        assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
        assert scene.hands_area.bottom <= buttons[0].rect.top
        assert isinstance(scene, ReplayScene)
    finally:
        app.close()


def test_a_suggested_draw_or_pass_is_named_by_its_button(viewer):
    app, scene = viewer
    r = scene.replay
    for k in range(len(r.positions)):
        r.seek(k)
        if r.decision_due() is not None and r.decision_due().kind == "draw":
            break
    scene.suggest(r.position, r.decision_due())
    assert scene.message() == "Suggested: Draw"
    scene.clear_suggestions()
    assert scene.message() != "Suggested: Draw"


def test_the_command_line_viewer_refuses_a_bad_file_before_any_window(tmp_path):
    bad = _write(tmp_path, "notes.json", b'{"format": "domino-table-save", "version": 99}')
    failed = _run_game("--replay", str(bad))
    assert failed.returncode == 1
    assert failed.stderr.count("\n") == 1 and "newer version" in failed.stderr
