"""The coach's rows (issue 28, item 11): a lead named without an end, a move graded best
with no "better" move beside it, and a row the player chooses for "Show on the table".

The report is made up over the real deal just played (each row a real decision of its
log), so the screen is tested alone, without the grading's minutes.
"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.scenes import coach as coach_scene
from game.scenes.coach import CoachScene
from game.scenes.replay import ReplayScene
from rules import coach
from rules.actions import Action

from shell_driver import click, frames, key, running_app
from test_coach_screen import _open_coach, _to_the_reveal


def made_up_report(play) -> coach.DealReport:
    """Every decision of the deal just over, graded: the lead "fine" (best elsewhere), then
    in turn best (a hair behind another move: a sampled estimate), inaccuracy, blunder."""
    session = play.session
    start = coach.deals(session)[coach.last_finished_deal(session)]
    grades = []
    for pos in range(start, len(session.log)):
        played = session.log[pos]
        if not isinstance(played, Action) or played.kind != "play":
            continue
        state = session.state_at(pos)
        others = [a for a in state.legal_actions() if a != played]
        other = others[0] if others else played
        k = len(grades)
        label, loss = ("fine", 3.0) if k == 0 else [("best", 0.01), ("inaccuracy", 8.0), ("blunder", 30.0)][k % 3]
        grades.append(coach.Grade(pos, state.to_act(), played, other, None, label, loss, exact=True))
        if pos + 1 < len(session.log) and not isinstance(session.log[pos + 1], Action):
            break  # the next deal: this one is over
    worst = max(grades, key=lambda g: g.loss)
    return coach.DealReport(session.config.game, 0, tuple(grades), {}, worst, False)


def open_with(app, dev, reveal, report, monkeypatch) -> CoachScene:
    monkeypatch.setattr(coach_scene, "grading_for", lambda *a: SimpleNamespace(report=report, error=None,
                                                                                 thread=None))
    screen = _open_coach(app, dev, reveal)
    frames(app, 2)
    return screen


def test_the_lead_is_named_without_an_end_and_a_best_move_has_no_better(monkeypatch):
    with running_app(size=(1280, 720)) as app:
        dev, play, reveal = _to_the_reveal(app, "cuban", 7)
        report = made_up_report(play)
        screen = open_with(app, dev, reveal, report, monkeypatch)
        words = [laid.text for laid in screen.boxes.laid]
        lead = report.grades[0]
        tile = f"[{lead.played.tile[0]}|{lead.played.tile[1]}]"
        assert screen.play.session.view_at(lead.position, lead.seat).line == ()
        cells = screen._cells(report, lead, names=True)
        assert cells[1][0].endswith(": " + tile)  # no "left": the line had no ends yet
        assert not any(w.endswith(tile + " left") for w in words)
        best = next(g for g in report.grades if g.label == "best" and g.best_known != g.played)
        cells = screen._cells(report, best, names=True)
        assert cells[2][0] == "the same" and cells[-1][0] == "\u2014"  # not "better [x|y] at ~0.0 points"


def test_a_chosen_row_is_what_show_on_the_table_shows(monkeypatch):
    with running_app(size=(1280, 720)) as app:
        dev, play, reveal = _to_the_reveal(app, "cuban", 7)
        report = made_up_report(play)
        assert len(report.grades) >= 4
        screen = open_with(app, dev, reveal, report, monkeypatch)
        costliest = max(range(len(report.grades)), key=lambda i: report.grades[i].loss)
        assert screen.chosen_row() == costliest  # nothing chosen yet: the costliest
        key(app, pygame.K_UP if costliest else pygame.K_DOWN)
        chosen = costliest - 1 if costliest else 1
        assert screen.chosen == chosen
        # a click on another visible row chooses it
        index, rect = next((i, r) for i, r in screen.row_rects if i != chosen)
        click(app, rect.center)
        assert screen.chosen == index and app.stack.top is screen
        dev.overlay_button(app, screen, "show")
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        assert viewer.replay.position == report.grades[index].position
        # the best-graded rows suggest nothing on the table
        assert all(report.grades[p].label != "best" for p in range(len(report.grades))
                   if report.grades[p].position in viewer.suggestions)
