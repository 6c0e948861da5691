"""Issue 11, section 3: every menu screen fits and stays readable at every interface size.

Each screen built on WidgetScene is built at every offered interface size
(``settings.UI_SCALES``) at 1024x600 and at 1920x1080, and every widget is measured
the same way: the text of a label, button or text field (every value of a choice,
not only the one shown) rendered with the font the theme gives that element must
fit the element's rect less its border and shadow, and every widget must lie
inside the window.  A screen that cuts "Скорость компьютера" to "Скорость компы"
or pushes Back below the screen's edge fails here.

Every screen meets every size (window and interface size: an overflow is mostly
geometry, e.g. the in-game menu's eight entries at 1024x600 at 200%); the language
and the TV setting are chosen pairwise (issue 26): every screen and every size meets
every language and both TV settings, and every language meets both TV settings, in
240 builds instead of the 1,920 of the whole product (``pairwise_rows``).
"""
from __future__ import annotations

import functools
import itertools

import pytest
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game import i18n
from game.scenes.menu import Choice, WidgetScene
from game.scenes.settings import UI_SCALES
from shell_driver import drain_events, make_app

WINDOWS = ((1024, 600), (1920, 1080))
#: The screens by name (``_screens``; the keyboard and the Back menu where they exist).
SCREENS = ("title", "new_game_4", "new_game_10", "new_game_cuban", "settings", "menu", "confirm", "message",
           "rules", "log", "history_empty", "history", "keyboard", "keyboard_digits", "back_menu")
#: Text drawn closer than this to a widget's inner edge counts as cut (pixels).
MARGIN = 2


def _screens(app) -> dict:
    """A factory per screen (the in-game ones over a match in progress)."""
    from game.scenes.history import HistoryScene
    from game.scenes.new_game import NewGameScene
    from game.scenes.overlays import ConfirmScene, GameMenuScene, LogScene, MessageScene, RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene

    def new_game(game: str, seats: int):
        def make():
            scene = NewGameScene(app)
            scene.game = game
            from game.scenes.new_game import SeatDraft
            from game.seats import COMPUTER, HUMAN
            scene.seats = [SeatDraft(HUMAN if i % 2 == 0 else COMPUTER) for i in range(seats)]
            return scene
        return make

    screens = {
        "title": lambda: TitleScene(app),
        "new_game_4": new_game("mexican_train", 4),
        "new_game_10": new_game("mexican_train", 10),
        "new_game_cuban": new_game("cuban", 4),
        "settings": lambda: SettingsScene(app),
        "menu": lambda: GameMenuScene(app),
        "confirm": lambda: ConfirmScene(app, app.play_state.kit.restart_words()[1], lambda: None),
        "message": lambda: MessageScene(app, i18n.t("save.title"), i18n.t(
            "save.kept_aside", reason=i18n.t("save.invalid"), file="/home/player/.local/x.json")),
        "rules": lambda: RulesScene(app),
        "log": lambda: LogScene(app),
        "history_empty": lambda: _empty(HistoryScene(app)),
        "history": lambda: (_finished_matches(), HistoryScene(app))[1],
    }
    screens.update(_extra_screens(app))
    return screens


def _extra_screens(app) -> dict:
    """The on-screen keyboard and the controller's Back menu, where they exist."""
    out = {}
    try:
        from game.scenes.keyboard import KeyboardScene
        out["keyboard"] = lambda: KeyboardScene(app, "Player 1", lambda text: None)
        out["keyboard_digits"] = lambda: KeyboardScene(app, "", lambda text: None, digits=True)
    except ImportError:
        pass
    try:
        from game.scenes.back_menu import BackMenuScene
        out["back_menu"] = lambda: BackMenuScene(app)
    except ImportError:
        pass
    return out


def _elements(scene: WidgetScene) -> list:
    """Every widget inside the scene's panel, nested dialogs included, once each."""
    out, todo, seen = [], [scene.panel], set()
    while todo:
        el = todo.pop()
        if id(el) in seen:
            continue
        seen.add(id(el))
        container = el.get_container() if hasattr(el, "get_container") else None
        if container is not None:
            todo.extend(container.elements)
        out.append(el)
    return out[1:]


def _border(el) -> int:
    border = getattr(el, "border_width", 0)
    if isinstance(border, dict):
        border = max(border.values())
    return int(border or 0)


def _inset(el) -> int:
    """Pixels of border and shadow on each side of ``el``'s rect."""
    return _border(el) + int(getattr(el, "shadow_width", 0) or 0)


def _texts(el, choices: dict) -> list[str]:
    if el in choices:
        return [words for _, words in choices[el].options]
    if isinstance(el, UITextEntryLine):
        return [t for t in (el.get_text(), getattr(el, "placeholder_text", "")) if t]
    return [el.text] if getattr(el, "text", "") else []


def problems(app, scene: WidgetScene) -> list[str]:
    """Every text cut by its widget and every widget (partly) outside the window."""
    w, h = app.size
    window = (0, 0, w, h)
    choices = {c.value: c for c in scene._controls if isinstance(c, Choice)}
    out = []
    for el in _elements(scene):
        if not el.visible:
            continue
        if not el.rect.colliderect(window) or not el.rect.clip(window) == el.rect:
            out.append(f"outside the window: {type(el).__name__} {el.rect} {getattr(el, 'text', '')!r}")
        if not isinstance(el, (UIButton, UILabel, UITextEntryLine)):
            continue
        font = el.font if getattr(el, "font", None) is not None else app.ui.get_theme().get_font(
            el.combined_element_ids)
        room_w = el.rect.width - 2 * _inset(el) - 2 * MARGIN
        room_h = el.rect.height - 2 * _border(el)
        for text in _texts(el, choices):
            tw, th = font.size(text)
            if tw > room_w:
                out.append(f"too wide: {text!r} needs {tw} px, has {room_w}")
            if th > room_h:
                out.append(f"too low: {text!r} needs {th} px, has {room_h}")
    return out


def problems_everywhere(app, make_scene) -> list[str]:
    """``problems`` of the scene ``make_scene(app)`` builds, at the smallest and largest interface
    size, with the TV setting off and on, in every language.  The scenes below are lifted off
    the stack meanwhile: they were rebuilt, unmeasured, after every language switch and pop."""
    found: list[str] = []
    below = list(app.stack)
    app.stack._scenes.clear()
    try:
        for tv in (False, True):
            for scale in (min(UI_SCALES), max(UI_SCALES)):
                app.settings["tv"] = tv
                app.settings["ui_scale"] = scale
                app.rebuild_ui()
                for code in i18n.LANGUAGES:
                    app.set_language(code)
                    scene = make_scene(app)
                    app.stack.push(scene)
                    try:
                        found += [f"{code} tv={tv} {scale}: {p}" for p in problems(app, scene)]
                    finally:
                        app.stack.pop()
                        drain_events()
    finally:
        app.stack._scenes[:] = below
    return found


_SESSIONS: list = []


def _empty(scene):
    """The history screen with nothing kept yet."""
    scene.listing.entries, scene.listing.problems = [], []
    return scene


def _finished_matches() -> None:
    """The history screen's list (once in each test's own folder): a finished match of each
    game, with long names (issue 15)."""
    from game import history
    from game.seats import COMPUTER, HUMAN, SeatConfig
    from test_replay_viewer import finished
    if history.load_all().entries:
        return
    if not _SESSIONS:
        _SESSIONS.extend(finished(game, 4, seed) for game, seed in (("mexican_train", 7), ("cuban", 11),
                                                                    ("jamaican", 5)))
    names = ("Александра-Мария", "Maximilian-Friedrich", "Анастасія-Вікторія", "Gianfranco-Alberto")
    for session in _SESSIONS:
        history.record(session, [SeatConfig(n, COMPUTER if i else HUMAN) for i, n in enumerate(names)])


@pytest.fixture(scope="module", params=WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def window_app(request, tmp_path_factory):
    import os
    os.environ["DOMINO_TABLE_HOME"] = str(tmp_path_factory.mktemp("fit_home"))
    app = make_app(size=request.param, persist=False, settings={"language": "en"})
    app.start(resume=False)
    from table_fixtures import make_play
    app.play_state = make_play("hhcc", seed=7)
    app.seats = list(app.play_state.seats)
    yield app
    app.close()
    i18n.set_language("en")


def pairwise_rows(factors: list[tuple]) -> list[tuple]:
    """Rows of values, one per factor, covering every pair of values of any two factors.

    Deterministic (IPO): the whole product of the first two factors, then each further
    factor's value picked per row to cover the most pairs not yet covered (the first such
    value on a tie), then a row for each pair still missing.
    """
    rows = [list(r) for r in itertools.product(factors[0], factors[1])]
    for k in range(2, len(factors)):
        missing = {(i, a, b) for i in range(k) for a in factors[i] for b in factors[k]}
        for row in rows:
            best = max(factors[k], key=lambda v: sum((i, row[i], v) in missing for i in range(k)))
            row.append(best)
            missing -= {(i, row[i], best) for i in range(k)}
        for i, a, b in sorted(missing, key=repr):
            row = [f[0] for f in factors[:k]] + [b]
            row[i] = a
            rows.append(row)
    return [tuple(r) for r in rows]


@functools.cache
def _rows() -> list[tuple]:
    """(screen, (window, scale), language, tv) rows; the whole matrix is their product."""
    sizes = [(w, s) for w in WINDOWS for s in UI_SCALES]
    return pairwise_rows([SCREENS, sizes, tuple(i18n.LANGUAGES), (False, True)])


def test_the_rows_cover_every_pair_and_every_screen_at_every_size():
    rows = _rows()
    factors = [SCREENS, [(w, s) for w in WINDOWS for s in UI_SCALES], tuple(i18n.LANGUAGES), (False, True)]
    for i, j in itertools.combinations(range(len(factors)), 2):
        assert {(r[i], r[j]) for r in rows} == set(itertools.product(factors[i], factors[j])), (i, j)
    assert len(rows) == len(SCREENS) * len(WINDOWS) * len(UI_SCALES)


@pytest.mark.parametrize("scale", UI_SCALES)
def test_every_screen_fits_at_every_size_and_language(window_app, scale):
    app = window_app
    rows = sorted((r for r in _rows() if r[1] == (app.size, scale)), key=lambda r: (r[3], r[2]))
    found, built = [], set()
    # The scenes under the ones measured (the title) are lifted off the stack meanwhile:
    # each pop re-entered the title and each language or scale rebuilt it, unmeasured,
    # two thirds of this test's time.  The screens measured are built as before.
    below = list(app.stack)
    app.stack._scenes.clear()
    try:
        for (tv, code), group in itertools.groupby(rows, key=lambda r: (r[3], r[2])):
            app.settings["ui_scale"], app.settings["tv"] = scale, tv
            app.rebuild_ui()
            app.set_language(code)
            screens = _screens(app)
            for name, *_ in group:
                if name not in screens:  # a screen this build does not have (keyboard, Back menu)
                    continue
                scene = screens[name]()
                app.stack.push(scene)
                try:
                    found += [f"{code} {'tv ' if tv else ''}{name}: {p}" for p in problems(app, scene)]
                    assert scene._controls, f"{name} built no controls"
                    built.add(name)
                finally:
                    app.stack.pop()
                    drain_events()  # the queued events would keep every screen's widgets alive
    finally:
        app.settings["tv"] = False
        app.stack._scenes[:] = below  # rebuilt by whoever shows it next (the app closes)
    assert built == set(_screens(app)), set(_screens(app)) - built  # every screen there is, at this size
    assert found == [], "\n".join(found[:40]) + f"\n... {len(found)} in all"
