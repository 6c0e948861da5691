"""Issue 15: the match end keeps the match and opens its replay; the title's "Finished matches"
lists the history with its statistics, says what it set aside, and opens the viewer."""
from __future__ import annotations

import pygame
import pytest

from game import history
from game.scenes.history import HistoryScene
from game.scenes.match_end import MatchEndScene
from game.scenes.replay import ReplayScene
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from rules.policies import greedy_policy
from rules.rng import decision_stream
from shell_driver import button, centre, click, frames, key, label_texts, make_app, running_app, touch

SEATS = [SeatConfig("Ann"), SeatConfig("Bob", COMPUTER), SeatConfig("Cleo", COMPUTER), SeatConfig("Dan", COMPUTER)]


def finished(game: str, seed: int) -> Session:
    session = Session(Config(game, 4, seed))
    while not session.match_over():
        view = session.view(session.to_act())
        session.apply(greedy_policy(view, decision_stream(seed, session.cursor)))
    return session


def test_the_match_end_keeps_the_match_and_replays_it():
    session = finished("cuban", 7)
    ends = sum(1 for e in session.state.history if e[0] == "deal_end")
    with running_app() as app:
        app.start_match(session, SEATS, reveals_seen=ends)
        frames(app, 3)
        end = app.stack.top
        assert isinstance(end, MatchEndScene) and end.recorded is not None
        listing = history.load_all()
        assert [e.path for e in listing.entries] == [end.recorded]
        assert listing.entries[0].winners == ["Bob", "Dan"]
        replay = next(b for b in end.buttons if b.id == "replay")
        click(app, replay.rect.center)
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        assert viewer.replay.session is not session  # the table's match is never moved
        key(app, pygame.K_RIGHT, n=2)
        assert viewer.replay.index == 2 and session.cursor == len(session._log)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is end
        key(app, pygame.K_RIGHT, n=2)  # the keyboard reaches the replay button too (after two)
        assert end.buttons[end.focus % len(end.buttons)].id == "replay"
        key(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, ReplayScene)


def test_finished_matches_lists_the_history_and_opens_the_viewer():
    for game, seed in (("mexican_train", 7), ("jamaican", 5)):
        history.record(finished(game, seed), SEATS)
    (history.history_dir() / "garbage.json").write_text("{not json")
    with running_app() as app:
        click(app, centre(button(app.stack.top, "Finished matches")))
        scene = app.stack.top
        assert isinstance(scene, HistoryScene)
        assert len(scene.listing.entries) == 2 and [p.name for p in scene.listing.problems] == ["garbage.json"]
        texts = label_texts(scene)
        assert any("garbage.json" in t and "set aside" in t for t in texts)
        rows = [c for c in scene._controls if "Ann" in getattr(getattr(c, "element", None), "text", "")]
        assert len(rows) == 2 and all("won:" in r.element.text for r in rows)
        touch(app, centre(rows[0]))
        assert isinstance(app.stack.top, ReplayScene)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
        key(app, pygame.K_RETURN)  # the focus starts on the newest match
        assert isinstance(app.stack.top, ReplayScene)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        assert type(app.stack.top).__name__ == "TitleScene"


def test_an_entry_whose_moves_fail_is_set_aside_with_a_message():
    path = history.record(finished("cuban", 7), SEATS)
    import base64
    import json
    import zlib
    data = json.loads(path.read_text())
    save = json.loads(zlib.decompress(base64.b64decode(data["save"])))
    plays = [i for i, e in enumerate(save["log"]) if e.get("kind") == "play"]
    save["log"][plays[2]] = save["log"][plays[0]]
    data["save"] = base64.b64encode(zlib.compress(json.dumps(save).encode())).decode()
    path.write_text(json.dumps(data))
    with running_app() as app:
        click(app, centre(button(app.stack.top, "Finished matches")))
        scene = app.stack.top
        row = next(c for c in scene._controls if "Ann" in getattr(getattr(c, "element", None), "text", ""))
        click(app, centre(row))
        assert type(app.stack.top).__name__ == "MessageScene"
        assert not path.exists() and scene.listing.entries == []


@pytest.fixture(scope="module")
def twelve_matches() -> list[Session]:
    """Twelve finished matches, played once for the module (recording one only reads it)."""
    return [finished("cuban", 7 + k) for k in range(12)]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_list_fits_the_window(size, lang, twelve_matches):
    for session in twelve_matches:
        history.record(session, SEATS)
    app = make_app(size=size, language=lang, settings={"language": lang})
    app.start(resume=False)
    try:
        from game.scenes.history import open_history
        scene = open_history(app)
        frames(app, 2)
        rects = [c.element.rect for c in scene._controls]
        screen = app.screen.get_rect()
        assert all(screen.contains(r) for r in rects)
        rows = sorted(rects, key=lambda r: r.y)
        for a, b in zip(rows, rows[1:]):
            assert a.bottom <= b.top or a.y == b.y
    finally:
        app.close()


def test_the_deal_end_replays_the_match_so_far_and_never_the_next_deal():
    """Issue 15: Replay at a deal's end; the viewer stops at that deal's last decision, so the
    next deal, already dealt behind the screen, is never shown face up."""
    from game.play import DEAL_END
    from game.scenes.deal_end import DealEndScene
    session = Session(Config("mexican_train", 4, 5))
    while sum(1 for e in session.state.history if e[0] == "deal_end") < 2:
        view = session.view(session.to_act())
        session.apply(greedy_policy(view, decision_stream(5, session.cursor)))
    with running_app() as app:
        app.start_match(session, SEATS, reveals_seen=1)
        frames(app, 150)  # the last play lands, then the reveal comes up
        end = app.stack.top
        assert isinstance(end, DealEndScene) and app.play_state.phase == DEAL_END
        assert session.state.deal_no == 3  # the next deal is dealt behind the reveal
        click(app, next(b for b in end.buttons if b.id == "replay").rect.center)
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        replay = viewer.replay
        replay.seek(len(replay.positions) - 1)
        last = replay.views()[1]
        assert last.deal_no == 2
        revealed = [e for e in last.history if e[0] == "deal_end"][-1][4]
        assert [sorted(h) for h in replay.hands()[1:]] == [sorted(h) for h in revealed[1:]]
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is end
