"""The App: start, loop timing, window changes, autosave and resume, errors that must not kill it."""
from __future__ import annotations


import pygame
import pytest

from game import i18n, storage
from game import intents as I
from game.app import MAX_FRAME, STEP
from game.intents import Intent
from game.scene import Scene
from game.scenes.overlays import MessageScene
from game.scenes.title import TitleScene
from game.window import Window
from shell_driver import fake_controllers, frames, key, make_app, post


@pytest.fixture()
def app():
    a = make_app()
    a.start()
    frames(a)
    yield a
    a.close()


def _demo(app, seed=3, decisions=10, players=4):
    from game.__main__ import advance_demo, start_demo
    start_demo(app, seed, players)
    advance_demo(app, decisions)


class Counting(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.steps = 0
        self.alphas = []
        self.intents = []

    def update(self, dt):
        assert dt == STEP
        self.steps += 1

    def draw(self, surface, alpha=1.0):
        self.alphas.append(alpha)

    def handle(self, intent):
        self.intents.append(intent)


def test_the_app_starts_on_the_title_in_a_real_window(app):
    assert isinstance(app.stack.top, TitleScene)
    assert app.screen.get_size() == (1280, 720) and not app.fullscreen
    assert pygame.display.get_caption()[0] == "Domino Table"
    assert app.ui is not None and app.running


def test_fixed_steps_with_interpolation_and_a_catch_up_cap(app):
    scene = Counting(app)
    app.stack.push(scene)
    app.frame(dt=0.1)
    assert scene.steps == 12
    assert all(0.0 <= a < 1.0 for a in scene.alphas)
    app.frame(dt=STEP * 0.5)
    app.frame(dt=STEP * 0.25)
    assert scene.steps == 12 and scene.alphas[-1] == pytest.approx(0.75)
    scene.steps = 0
    app.frame(dt=10.0)  # a frame stalled for 10 s catches up at most MAX_FRAME
    assert scene.steps == round(MAX_FRAME / STEP)


def test_a_window_resized_to_one_pixel_does_not_crash(app):
    from game.scenes.new_game import NewGameScene
    app.stack.push(NewGameScene(app))
    frames(app)
    app.open_settings()
    frames(app)
    app.open_rules()
    for size in ((1, 1), (3, 700), (1000, 1), (640, 360)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        frames(app, 3)
        assert app.size == size and app.running
    assert app.errors == []


def test_the_table_and_its_menu_survive_a_one_pixel_window(app):
    _demo(app, decisions=30)
    frames(app, 2)
    for size in ((1, 1), (2, 500), (700, 1), (320, 200), (1280, 720)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        frames(app, 3)
        app.open_menu()
        frames(app, 2)
        app.stack.pop()
        frames(app, 2)
    assert app.errors == [] and app.running


def test_resize_reaches_every_scene_with_the_real_size(app):
    scene = Counting(app)
    app.stack.push(scene)
    pygame.display.set_mode((900, 500), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(900, 500), w=900, h=500)
    frames(app)
    resizes = [i for i in scene.intents if i.kind == I.RESIZE]
    assert resizes and resizes[-1].size == (900, 500)


def test_f11_and_alt_enter_toggle_fullscreen_and_it_is_remembered(app):
    key(app, pygame.K_F11)
    assert app.fullscreen
    assert storage.load_settings()["fullscreen"] is True
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert not app.fullscreen
    assert app.size == (1280, 720)
    assert storage.load_settings()["fullscreen"] is False


def test_set_mode_failures_fall_back(monkeypatch):
    real = pygame.display.set_mode
    calls = []

    def picky(size, flags=0, *args, **kw):
        calls.append((size, flags, kw.get("vsync")))
        if kw.get("vsync") or flags & pygame.FULLSCREEN:
            raise pygame.error("not here")
        return real(size, flags)

    monkeypatch.setattr(pygame.display, "set_mode", picky)
    monkeypatch.setattr(Window, "_vsync_tried", False)
    a = make_app(fullscreen=True)
    try:
        assert any(v for _, _, v in calls)  # vsync was asked for once ...
        assert not a.window.vsync and not a.fullscreen  # ... refused, and fullscreen refused: windowed
        assert a.size == (1280, 720)
        assert a.notices and "Fullscreen" in a.notices[0][0]
        a.start()
        frames(a, 2)
    finally:
        a.close()


class Exploding(Scene):
    def update(self, dt):
        raise RuntimeError("boom in update")


def test_an_error_in_a_frame_is_logged_and_shown_and_the_game_goes_on():
    a = make_app(strict=False)
    a.start()
    try:
        a.stack.push(Scene(a))
        frames(a)
        a.stack._scenes.insert(1, Exploding(a))
        a.stack._scenes[1].wants_update_when_covered = True
        frames(a, 3)
        assert a.running
        top = a.stack.top
        assert isinstance(top, MessageScene) and top.is_error
        assert "boom in update" in top.text
        log_text = storage.log_path().read_text(encoding="utf-8")
        assert "RuntimeError: boom in update" in log_text and "Traceback" in log_text
        # Only one error message, however many frames fail.
        assert sum(isinstance(s, MessageScene) for s in a.stack) == 1
    finally:
        a.close()


def test_strict_mode_lets_errors_through():
    a = make_app(strict=True)
    a.start()
    try:
        a.stack.push(Exploding(a))
        with pytest.raises(RuntimeError):
            a.frame(dt=STEP)
    finally:
        a.close()


def test_errors_every_frame_end_the_program_with_a_failure_code():
    class Broken(Scene):
        def draw(self, surface, alpha=1.0):
            raise ValueError("cannot draw")

    a = make_app(strict=False)
    a.start()
    try:
        a.stack.push(Broken(a))
        code = a.run(frames=200, dt=STEP)
        assert code == 1 and not a.running
    finally:
        a.close()


def test_every_action_is_autosaved_and_resumed_on_the_next_start(app):
    _demo(app, decisions=7)
    cursor = app.play_state.session.cursor
    saved = storage.load_game()  # the snapshot and its journal, as the next start reads them
    assert saved.session.cursor == cursor
    assert [s["name"] for s in saved.meta["seats"]] == [f"Computer {i}" for i in range(1, 5)]
    app.play_state.step_computer()
    assert storage.load_game().session.cursor == cursor + 1
    app.close()
    again = make_app()
    again.start()
    frames(again)
    try:
        from game.scenes.table import TableScene
        assert isinstance(again.stack.top, TableScene)
        assert again.play_state.session.cursor == cursor + 1
        assert [s.name for s in again.play_state.seats] == [f"Computer {i}" for i in range(1, 5)]
        assert again.play_state.session.config.seed == 3
    finally:
        again.close()


@pytest.mark.parametrize("lang,title", [("en", "The saved game could not be opened"),
                                        ("ru", "Не удалось открыть сохранённую игру")])
def test_a_corrupt_autosave_gives_a_message_is_kept_aside_and_the_program_starts(lang, title):
    path = storage.autosave_path()
    path.write_text('{"format": "domino-table-save", "version": 1, "config": {', encoding="utf-8")
    a = make_app(language=lang)
    a.start()
    frames(a, 2)
    try:
        top = a.stack.top
        assert isinstance(top, MessageScene) and top.title_text == title
        aside = path.with_name("autosave.corrupt-1.json")
        assert aside.exists() and not path.exists()
        assert str(aside) in top.text
        # The reason is said in words, once, with every placeholder filled.
        assert "%{" not in top.text
        assert top.text.startswith(i18n.t("save.corrupt"))
        key(a, pygame.K_RETURN)  # OK
        assert isinstance(a.stack.top, TitleScene) and a.running
        assert a.play_state is None
    finally:
        a.close()


def test_corrupt_settings_fall_back_to_defaults(tmp_path):
    storage.settings_path().write_text("{not json", encoding="utf-8")
    a = make_app()
    a.start()
    frames(a)
    try:
        assert a.settings["computer_speed"] == "normal" and a.running
    finally:
        a.close()


def test_computer_speed_setting_reaches_the_table(app):
    _demo(app, decisions=1)
    from game.play import computer_delay
    app.set_setting("computer_speed", "slow")
    frames(app)
    assert app.play_state.delay == computer_delay("slow")


def test_controller_hot_plug_while_playing_does_not_crash(app, monkeypatch):
    fake_controllers(monkeypatch, "Test pad", 77)
    _demo(app, decisions=2)
    post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    frames(app)
    assert 77 in app.input.pads and any("Test pad" in n[0] for n in app.notices)
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=77, button=pygame.CONTROLLER_BUTTON_START)
    frames(app, 2)
    from game.scenes.overlays import GameMenuScene
    assert isinstance(app.stack.top, GameMenuScene)
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)
    post(pygame.CONTROLLERAXISMOTION, instance_id=77, axis=pygame.CONTROLLER_AXIS_RIGHTX, value=30000)
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)
    frames(app, 5)
    assert app.running and app.errors == []
    assert any("disconnected" in n[0] for n in app.notices)


def test_quit_event_stops_the_loop(app):
    post(pygame.QUIT)
    frames(app)
    assert not app.running


def test_language_switch_retitles_the_window_and_rebuilds_scenes(app):
    scene = Counting(app)
    app.stack.push(scene)
    app.set_language("uk")
    assert pygame.display.get_caption()[0] == "Стіл для доміно"
    assert any(i.kind == I.RESIZE for i in scene.intents)
    assert storage.load_settings()["language"] == "uk"


def test_demo_screenshot_and_smoke_test_from_the_command_line(tmp_path, capsys):
    from game.__main__ import main
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--demo", "4", "--after", "25", "--size", "960x540"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (960, 540)
    # Deterministic: the same seed and decisions give the same picture.
    out2 = tmp_path / "shot2.png"
    assert main(["--screenshot", str(out2), "--demo", "4", "--after", "25", "--size", "960x540"]) == 0
    assert pygame.image.tobytes(pygame.image.load(str(out2)), "RGB") == pygame.image.tobytes(img, "RGB")
    assert main(["--smoke-test", "120", "--demo", "2", "--size", "800x600"]) == 0
    assert "no errors" in capsys.readouterr().out
    assert not storage.autosave_path().exists()  # demos never touch the player's autosave


@pytest.mark.parametrize("argv,words", [
    (["--lang", "de"], "invalid choice"), (["--seed", "-4"], "must be 0 or more"),
    (["--seed", "abc"], "not a whole number"), (["--after", "5"], "--after needs --screenshot"),
    (["--size", "big"], "not a size"), (["--players", "11", "--demo", "1"], "invalid choice"),
    (["--nope"], "unrecognized"),
])
def test_bad_arguments_give_one_clear_line_and_a_failure_code(argv, words, capsys):
    from game.__main__ import main
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_intents_from_the_app_reach_only_the_top_scene(app):
    below, top = Counting(app), Counting(app)
    app.stack.push(below)
    app.stack.push(top)
    app.handle(Intent(I.CONFIRM))
    assert [i.kind for i in top.intents] == [I.CONFIRM] and below.intents == []
