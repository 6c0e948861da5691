"""A whole Mexican Train match through the real App, by one device alone (issue 5, "Done when").

From the title screen, one human against three computers plays all 13 deals
(MT-3), through every deal-end reveal (UX-3), to the match-end screen (MT-18)
and on into the next match (MT-20): once by mouse events alone, once by key
events alone, once by touch events alone (FINGER events plus SDL's synthetic
mouse events with ``touch=True``, NOTES.md).  The test never calls
``session.apply``: it checks that every decision of the human seat in the
match's history was made by one device gesture sequence of its own, that the
match-end screen draws the engine's totals, and that no face of a computer's
hand is ever drawn before the deal's reveal.
"""
from __future__ import annotations

import pytest

import shell_driver
from game.app import STEP
from game.play import DEAL_END
from game.scenes import textbox as match_end  # where the match-end screen draws its text (issue 11)
from game.scenes.table import TableScene
from game.seats import COMPUTER as COMPUTER_SEAT
from game.seats import HUMAN
from rules.rng import stream
from devices import DEVICES, play_a_match, watch_faces
from shell_driver import frames, running_app
from lean_frames import draw_last_frames_only
from table_fixtures import SpriteRecorder

DEALS = 13


# ------------------------------------------------------------------ what the screen may show

def record_panel_text(monkeypatch) -> list[str]:
    """Every string the match-end screen renders (the totals among them)."""
    seen: list[str] = []
    inner = match_end.text

    def text(s, *a, **kw):
        seen.append(str(s))
        return inner(s, *a, **kw)

    monkeypatch.setattr(match_end, "text", text)
    return seen


def quick_reveal_wait(monkeypatch) -> None:
    """The table shows a deal's last play for REVEAL_DELAY_S before the reveal covers it, and
    nobody can do anything there: those frames (a third of a match's) step 0.15 s instead of
    1/60 s, so the wait lasts as long on the clock in a sixth of the frames.  Every other
    frame, and every frame of a gesture, keeps its own step (issue 26: the suite's time)."""
    inner = shell_driver.frames

    def frames(app, n: int = 1, dt: float = STEP) -> None:
        for _ in range(n):
            play = app.play_state
            waiting = play is not None and play.phase == DEAL_END and isinstance(app.stack.top, TableScene)
            inner(app, 1, 0.15 if waiting and dt == STEP else dt)

    monkeypatch.setattr(shell_driver, "frames", frames)


# ------------------------------------------------------------------ the match

@pytest.mark.parametrize("device", list(DEVICES))
def test_a_whole_match_against_three_computers_by_one_device_alone(device, monkeypatch):
    drawn = record_panel_text(monkeypatch)
    quick_reveal_wait(monkeypatch)
    dev = DEVICES[device]()
    with running_app(size=(1024, 640)) as app:
        app.set_setting("computer_speed", "instant")
        app.default_seed = 2026
        dev.start_game(app)
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        play = app.play_state
        assert [s.kind for s in play.seats] == [HUMAN] + [COMPUTER_SEAT] * 3
        watch_faces(app, SpriteRecorder(scene.sprites), before_draw=drawn.clear)
        undrawn = draw_last_frames_only(monkeypatch, app, dev if device == "keyboard" else None)  # fewer pictures
        rng = stream(play.session.config.seed, "whole-match", device)
        def reveal(play, n: int) -> None:
            assert play.last_deal_end().deal_no == n  # every deal's reveal, in order, none skipped

        def match_end(play) -> None:
            info, state = play.match_end(), play.session.state
            assert info.totals == tuple(state.totals) and info.winners == tuple(state.winners())
            for s in range(1, 5):
                assert str(state.totals[s]) in drawn, f"seat {s}'s total is not on the match-end screen"

        decisions, reveals = play_a_match(app, dev, scene, play, rng, reveal, match_end)
        assert reveals == DEALS
        assert app.errors == [] and undrawn[0] > 0
        # Every decision of the human seat in this match came from the device, one for one.
        history = play.session.state.history
        first_match = history[:history.index(("match", 2))]
        human = sum(1 for e in first_match if e[0] in ("play", "draw", "pass", "end_chain") and e[1] == 1)
        assert human == decisions and decisions >= DEALS
        # "Next match": back at the table, 12-12 again, every total zero (MT-20).
        frames(app, 3)
        assert app.stack.top is scene
        view = play.view()
        assert (view.match_no, view.deal_no, view.engine) == (2, 1, 12)
        assert view.totals[1:] == (0, 0, 0, 0)
