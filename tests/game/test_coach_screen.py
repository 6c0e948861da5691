"""The coach screen through the real App (issue 15): a hand played by mouse to its reveal,
Coach pressed, the human's decisions graded off the frame and listed, Back to the reveal.
"""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game import intents as I
from game.i18n import t
from game.play import AWAY
from game.scenes.coach import CoachScene, summary_line
from game.scenes.deal_end import DealEndScene
from rules import coach
from rules.rng import stream

from devices import DEVICES
from shell_driver import frames, running_app


def _to_the_reveal(app, game: str, seed: int):
    """New game from the title (one human, three computers), random legal moves by mouse."""
    app.set_setting("computer_speed", "instant")
    app.default_seed = seed
    dev = DEVICES["mouse"]()
    dev.start_game(app, game)
    scene, play = app.stack.top, app.play_state
    rng = stream(seed, "coach-screen")
    for _ in range(20000):
        frames(app)
        top = app.stack.top
        if isinstance(top, DealEndScene):
            frames(app)  # the reveal is drawn, its buttons laid out
            return dev, play, top
        if play.phase == AWAY or not play.my_turn():
            continue
        legal = play.legal()
        dev.decide(app, scene, play, legal[rng.randrange(len(legal))])
    raise AssertionError("the hand never ended")


def _wait(app, screen: CoachScene) -> None:
    assert screen.worker is not None
    screen.worker.join(timeout=120)
    frames(app, 2)
    assert screen.ready and screen.error is None, screen.error


def _open_coach(app, dev, reveal: DealEndScene) -> CoachScene:
    """Coach pressed on the reveal by ``dev``: the coach screen is on top, grading."""
    dev.overlay_button(app, reveal, "coach")
    screen = app.stack.top
    assert isinstance(screen, CoachScene)
    return screen


@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game", ["jamaican", "mexican_train"])
def test_coach_button_grades_the_hand_just_over(game):
    """UX-4: the coach opens on the finished deal only, and grades the human seat alone."""
    with running_app(size=(1024, 600)) as app:
        dev, play, reveal = _to_the_reveal(app, game, 2026)
        assert "coach" in [b.id for b in reveal.buttons]
        screen = _open_coach(app, dev, reveal)
        frames(app)  # a frame while grading: the screen draws "Grading..." and does not wait
        _wait(app, screen)
        report = screen.report
        assert report is not None and report.grades
        humans = {s for s in range(1, len(play.seats) + 1) if play.seats[s - 1].is_human}
        assert {g.seat for g in report.grades} <= humans
        index = coach.last_finished_deal(play.session)
        assert report == coach.grade_deal(play.session, index, humans)  # the same as the rules say
        assert summary_line(report, play.name)
        dev.overlay_button(app, screen, "back")
        assert app.stack.top is reveal


def test_the_coach_screen_draws_in_russian_at_full_hd_and_esc_closes_it():
    with running_app(size=(1920, 1080)) as app:
        dev, play, reveal = _to_the_reveal(app, "cuban", 7)
        i18n.set_language("ru")
        frames(app)
        screen = _open_coach(app, dev, reveal)
        _wait(app, screen)
        assert t("coach.title") == "Тренер"
        before = pygame.image.tobytes(app.screen, "RGB")
        screen.handle(I.Intent(I.CANCEL, device="keyboard"))
        frames(app)
        assert app.stack.top is reveal
        assert before != pygame.image.tobytes(app.screen, "RGB")


def _report(inaccuracies: int, blunders: int, turned: bool) -> coach.DealReport:
    from rules.actions import Action
    from rules.tiles import tile
    bad = coach.Grade(5, 1, Action("play", tile(5, 3), None, "R"), Action("play", tile(6, 6), None, "L"),
                      None, "blunder" if blunders else "inaccuracy", 12.4)
    counts = {"best": 0, "fine": 0, "inaccuracy": inaccuracies, "blunder": blunders}
    return coach.DealReport("cuban", 0, (bad,), counts, bad, turned)


@pytest.mark.parametrize("code,n,word", [("ru", 1, "1 неточность"), ("ru", 3, "3 неточности"),
                                         ("ru", 5, "5 неточностей"), ("uk", 21, "21 неточність"),
                                         ("uk", 12, "12 неточностей"), ("en", 2, "2 inaccuracies"),
                                         ("it", 1, "1 imprecisione")])
def test_the_summary_counts_with_the_right_plural(code, n, word):
    i18n.set_language(code)
    line = summary_line(_report(n, 0, False))
    assert line.startswith(word + ":"), line
    assert "[3|5]" in line and "[6|6]" in line


def test_the_summary_says_when_the_decision_cost_the_hand():
    assert summary_line(_report(0, 1, True)) == "1 blunder: [3|5] right instead of [6|6] left cost the hand"
    assert summary_line(_report(2, 1, False)).startswith("2 inaccuracies, 1 blunder: ")
    assert summary_line(_report(0, 1, False)).endswith("cost about 12 points")


def test_reopening_the_coach_on_the_same_deal_reuses_its_grading():
    with running_app(size=(1024, 600)) as app:
        dev, play, reveal = _to_the_reveal(app, "jamaican", 11)
        first = _open_coach(app, dev, reveal)
        _wait(app, first)
        dev.overlay_button(app, first, "back")
        frames(app)
        second = _open_coach(app, dev, reveal)
        assert second is not first and second.job is first.job and second.ready


def test_show_on_the_table_opens_the_viewer_at_the_costliest_decision_with_the_better_play():
    """Issue 15: the suggested move is shown on the table in the replay viewer."""
    from game.scenes.replay import ReplayScene
    with running_app(size=(1280, 720)) as app:
        dev, play, reveal = _to_the_reveal(app, "jamaican", 2026)
        screen = _open_coach(app, dev, reveal)
        _wait(app, screen)
        report = screen.report
        costly = [g for g in report.grades if screen.better(g) is not None]  # a "best" has no better
        if not costly:
            pytest.skip("every decision of this hand was the best")
        dev.overlay_button(app, screen, "show")
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        worst = max(costly, key=lambda g: g.loss)
        assert viewer.replay.position == worst.position
        assert viewer.suggestions[worst.position][0] == worst.best_known
        assert set(viewer.suggestions) == {g.position for g in costly}
        frames(app)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        frames(app, 2)
        assert app.stack.top is screen
