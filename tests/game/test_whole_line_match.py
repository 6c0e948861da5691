"""A whole Cuban match and a whole Jamaican match through the real App, by one device alone.

From the title: New game, the game chosen on the form, one human against three
computers, every hand to the hand-end reveal (UX-3), the match end (CU-10, JA-8)
and on into the next match (CU-12, JA-9), by mouse events alone, by key events
alone and by touch events alone.  The test never calls ``session.apply``: every
decision of the human seat in the history was made by a device gesture of its
own, previewed first (UX-1); the match-end totals are the engine's; no face of a
hand other than the human's own is drawn before the hand's reveal.
"""
from __future__ import annotations

import pytest

from game.scenes.table import TableScene
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN
from rules.rng import stream

from devices import DEVICES, play_a_match, watch_faces
from shell_driver import frames, running_app
from lean_frames import draw_last_frames_only
from table_fixtures import SpriteRecorder
from test_whole_match import quick_reveal_wait

#: The line games' decisions as the history records them, each with its seat at e[1].
DECISIONS = ("play", "pass", "accept", "redeal", "lead")


@pytest.mark.rule("CU-10")
@pytest.mark.rule("JA-8")
@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_whole_line_match_against_three_computers_by_one_device_alone(game, device, monkeypatch):
    quick_reveal_wait(monkeypatch)
    dev = DEVICES[device]()
    with running_app(size=(1024, 640)) as app:
        app.set_setting("computer_speed", "instant")
        app.default_seed = 2026
        dev.start_game(app, game)
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        play = app.play_state
        assert play.session.config.game == game
        assert [s.kind for s in play.seats] == [HUMAN] + [COMPUTER_SEAT] * 3
        watch_faces(app, SpriteRecorder(scene.sprites))
        undrawn = draw_last_frames_only(monkeypatch, app, dev if device == "keyboard" else None)  # fewer pictures
        rng = stream(play.session.config.seed, "whole-line-match", device)
        def match_end(play) -> None:
            info, state = play.match_end(), play.session.state
            assert info.totals == tuple(state.totals)
            assert max(state.totals[1:]) >= (100 if game == "cuban" else 6)

        decisions, reveals = play_a_match(app, dev, scene, play, rng, lambda play, n: None, match_end)
        assert reveals >= 1
        assert app.errors == [] and undrawn[0] > 0
        history = play.session.state.history
        first_match = history[:history.index(("match", 2))]
        human = sum(1 for e in first_match if e[0] in DECISIONS and e[1] == 1)
        assert human == decisions and decisions >= reveals
        frames(app, 3)
        assert app.stack.top is scene
        view = play.view()
        assert view.match_no == 2 and view.totals[1:] == (0, 0)
