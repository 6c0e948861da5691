"""Issue 11, section 3, the menus from the couch: the controller's Back menu, a settings
screen with more rows than fit, and a focus cursor that never looks like the gold button."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.back_menu import BackMenuScene
from game.scenes.menu import FOCUS_COLOUR
from game.scenes.overlays import LogScene, RulesScene
from game.scenes.settings import SettingsScene
from shell_driver import frames, key, make_app, new_game_by_clicks, post


def pad(app, b: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=b)
    frames(app, 2)


@pytest.mark.rule("UX-5")
@pytest.mark.rule("UX-7")
def test_the_controllers_back_asks_rules_or_log_and_the_computers_wait(app):
    table, play = new_game_by_clicks(app, 5)
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    menu = app.stack.top
    assert isinstance(menu, BackMenuScene)
    frames(app, 3)
    assert play.paused
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Rules, focused first
    assert isinstance(app.stack.top, RulesScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.stack.top is table
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Log
    assert isinstance(app.stack.top, LogScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    pad(app, pygame.CONTROLLER_BUTTON_BACK)  # Back again closes the small menu
    assert app.stack.top is table


def test_the_l_key_still_opens_the_log_at_once(app):
    table, _play = new_game_by_clicks(app, 5)
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, LogScene)


_ROWS = SettingsScene.rows


def _many_rows(scene):
    """Twice today's rows: other work adds rows to this screen, and every one must be reached."""
    rows = _ROWS(scene)
    extra = [(key, options, current, f"extra_{i}") for i, (key, options, current, _s) in enumerate(rows)]
    return rows + extra


@pytest.mark.rule("UX-7")
@pytest.mark.parametrize("size, scale", [((1920, 1080), 2.0), ((1024, 600), 1.5), ((1280, 720), 1.0)])
def test_the_dpad_reaches_every_settings_row_however_many_there_are(monkeypatch, size, scale):
    monkeypatch.setattr(SettingsScene, "rows", _many_rows)
    app = make_app(size=size, settings={"language": "ru", "ui_scale": scale})
    try:
        app.start(resume=False)
        app.open_settings()
        frames(app, 2)
        scene = app.stack.top
        wanted = {setting for *_, setting in scene.rows()}
        for direction in (pygame.K_DOWN, pygame.K_UP):  # down to the last row, then back up
            seen = {scene.focus.current.key}
            for _ in range(len(wanted) + 2):
                if wanted <= seen:
                    break
                key(app, direction)  # past a page's last row is the next page's first
                seen.add(scene.focus.current.key)
            assert wanted <= seen, direction
        w, h = app.size
        for control in scene._controls:
            assert pygame.Rect(0, 0, w, h).contains(control.rect())
    finally:
        app.close()


def test_the_focus_ring_is_drawn_from_the_first_key_and_is_not_the_primary_gold(app):
    gold = [pygame.Color(c) for c in ("#C4A048", "#E0BE63", "#F0D078")]
    for c in gold:
        assert sum(abs(a - b) for a, b in zip(FOCUS_COLOUR, c[:3])) > 200
    title = app.stack.top
    frames(app)
    focused = title.focus.current.rect()
    ring_at = (focused.centerx, focused.top - title.px(4))

    def ring_pixel():
        app.draw()
        return tuple(app.screen.get_at(ring_at))[:3]

    assert ring_pixel() != FOCUS_COLOUR  # a mouse user sees no ring
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert ring_pixel() == FOCUS_COLOUR
    app.open_settings()  # a new screen has its ring at once
    frames(app)
    scene = app.stack.top
    r = scene.focus.current.rect()
    app.draw()
    assert tuple(app.screen.get_at((r.centerx, r.top - scene.px(4))))[:3] == FOCUS_COLOUR


def test_large_rounded_widgets_are_drawn_by_the_quick_shape_and_look_the_same():
    """game.fast_shapes: a large button is drawn by FastRoundedRectangle with the theme's
    colours (centre: the background, edge: the border, corner: clear)."""
    from pygame_gui.elements import UIButton

    from game.fast_shapes import FastRoundedRectangle

    app = make_app(size=(1920, 1080), persist=False, settings={"language": "en", "ui_scale": 2.0})
    try:
        import json
        from pygame_gui.core import ObjectID
        # the art's theme lights its buttons with gradients (pygame_gui's own path draws those):
        # a button themed in plain colours, as a theme without gradients would have it
        app.ui.get_theme().update_theming(json.dumps({"#fast_probe": {
            "colours": {"normal_bg": "#20402f", "normal_border": "#c4a048"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "12", "border_width": "2"}}}))
        button = UIButton(pygame.Rect(100, 100, 900, 150), "Big", manager=app.ui,
                          object_id=ObjectID("#fast_probe"))
        shape = button.drawable_shape
        assert isinstance(shape, FastRoundedRectangle)
        image = shape.get_surface("normal")
        theme = shape.theming
        sw, bw = shape.shadow_width, shape.border_widths["top"]
        assert tuple(image.get_at((450, sw + bw + 3)))[:3] == tuple(theme["normal_bg"])[:3]
        edge = image.get_at((450, sw + bw // 2))
        assert sum(abs(a - b) for a, b in zip(edge[:3], theme["normal_border"][:3])) < 60
        assert image.get_at((sw, sw)).a < 128  # a rounded corner
    finally:
        app.close()


def test_bench_ui_quick_prints_one_json_line():
    import json
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "tools" / "bench_ui.py"), "--quick"], cwd=root,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    result = json.loads(lines[-1])
    assert result["quick"] is True
    figures = result["1024x600"]
    assert figures["cold"]["steps"] == 5 and figures["warm"]["steps"] == 5
    assert figures["cold"]["median_s"] > 0 and figures["next_frames_max_s"] > 0


def _menu_walk(size, settings, direction):
    """The game menu's entries in the order ``direction`` presses reach them, from the first."""
    from game import navigation
    app = make_app(size=size, settings=dict(settings, language="en"))
    try:
        app.start(resume=False)
        new_game_by_clicks(app, 5)
        navigation.push(app, "menu")
        frames(app, 2)
        menu = app.stack.top
        seen = []
        for _ in range(len(menu._controls)):
            seen.append(menu.focus.current.elements()[0].text)
            key(app, direction)
        cols = len({c.rect().x for c in menu._controls})
        return seen, cols
    finally:
        app.close()


@pytest.mark.rule("UX-7")
@pytest.mark.parametrize("direction", [pygame.K_DOWN, pygame.K_UP])
def test_the_game_menu_keeps_its_arrow_order_in_two_columns(direction):
    """Issue 40: at TV/200% the menu takes two columns; the same presses reach the same
    entries as in one column (laid row by row, Down from Resume went to Log, not Rules)."""
    one, cols = _menu_walk((1280, 720), {}, direction)
    assert cols == 1
    two, cols = _menu_walk((1920, 1080), {"tv": True, "ui_scale": 2.0}, direction)
    assert cols == 2
    assert two == one
