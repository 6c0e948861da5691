"""UX-5: while the rules or the log screen is open, computer players do not act, in every game.

The match's clock is ticked by the App alone (``App.tick_match``), so these screens
pause it by the rule, not because the table below them stops being updated: with the
pause taken out of ``match_paused`` the computers would play on under them.
"""
from __future__ import annotations

import pygame
import pytest

from game.__main__ import start_demo
from game.scenes.overlays import LogScene, RulesScene
from shell_driver import frames, key, running_app


@pytest.mark.rule("UX-5")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_rules_and_log_pause_the_computers_in_every_game(game):
    with running_app() as app:
        app.set_setting("computer_speed", "fast")
        start_demo(app, 5, 4, game)
        # steps of 0.1 s and 0.25 s: at most one computer decision a frame either way, and
        # nothing here looks at a frame's course (issue 26: the suite's time)
        frames(app, 60, dt=0.1)
        play = app.play_state
        assert play.session.cursor > 0  # the computers are playing
        for opener, screen in ((pygame.K_F1, RulesScene), (pygame.K_l, LogScene)):
            key(app, opener)
            assert isinstance(app.stack.top, screen)
            cursor = play.session.cursor
            frames(app, 40, dt=0.25)  # ten seconds at the fast pace: about 20 decisions
            assert play.session.cursor == cursor and play.paused
            key(app, pygame.K_ESCAPE)
            frames(app, 20, dt=0.1)
            assert play.session.cursor > cursor and not play.paused


def test_the_match_waits_while_its_table_is_not_on_screen():
    """Back on the title with a match in progress, nobody plays until the table returns."""
    with running_app() as app:
        app.set_setting("computer_speed", "fast")
        start_demo(app, 5, 4, "cuban")
        frames(app, 40, dt=0.05)
        play = app.play_state
        app.to_title()
        cursor = play.session.cursor
        frames(app, 100, dt=0.05)
        assert play.session.cursor == cursor
        app.continue_match()
        frames(app, 40, dt=0.05)
        assert play.session.cursor > cursor
