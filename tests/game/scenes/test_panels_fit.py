"""Issue 11: the score, coach and replay screens fit at every interface size and language.

These screens draw their own text with pygame fonts (not pygame_gui widgets), so
``test_screens_fit`` cannot measure them.  Here each one is drawn over a real
finished match of every game (Mexican Train with 4 and 10 seats, Cuban,
Jamaican, with long player names) at every interface size
(``settings.UI_SCALES``), with and without the TV setting, at 1024x600 and
1920x1080, in every language, on a surface that records every text it is given
(which words, at which size, where: their inked pixels).  A screen fails on

- text outside the window, or outside the safe area with the TV setting;
- text overlapping other text (score columns running into each other);
- a button label wider than its button, buttons overlapping or outside the window;
- text drawn smaller than readable (16 px at 1080p with the TV setting);
- text wider than the box the screen gave it (``game.scenes.textbox``' records).
"""
from __future__ import annotations

import os
import sys
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.play import PlayState  # noqa: E402
from game.safe_area import TV_SCALE, safe_rect  # noqa: E402
from game.scenes.settings import UI_SCALES  # noqa: E402
from game.seats import COMPUTER, HUMAN, SeatConfig  # noqa: E402
from rules.actions import Action  # noqa: E402

from game.scenes import coach as _coach, deal_end as _deal_end, match_end as _match_end  # noqa: E402,F401
from game.scenes import replay as _replay  # noqa: E402,F401
from table_fixtures import FakeApp  # noqa: E402
from test_replay_viewer import finished  # noqa: E402  (a whole match played by the greedy policy)

WINDOWS = ((1024, 600), (1920, 1080))
GAMES = {"mt4": ("mexican_train", 4, 7), "mt10": ("mexican_train", 10, 3), "cuban": ("cuban", 4, 11),
         "jamaican": ("jamaican", 4, 5)}
#: Long names (16 characters and more) in the four languages' scripts.
NAMES = ("Александра-Мария", "Maximilian-Friedrich", "Анастасія-Вікторія", "Gianfranco-Alberto",
         "Святослава-Ольга", "Bartholomew-James", "Костянтина-Ірина", "Mariangela-Rosaria",
         "Владислав-Игорь", "Christopher-Allen")
#: Inked pixels of two texts may touch by this much (antialiasing at the glyphs' edges).
TOUCH = 1


def readable_px(size: tuple[int, int], tv: bool) -> int:
    """The smallest text size allowed: 16 px at 1080p with the TV setting (issue 11), 12 px
    at 1080p without it, in proportion to the window's height, and never under 10 px."""
    return max(10, round((16 if tv else 12) * size[1] / 1080))


# ------------------------------------------------------------------ what was drawn


class Ink(pygame.Surface):
    """A window that records every text blitted on it (its safe-area subsurface too)."""

    def __init__(self, size, log=None, offset=(0, 0)) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.log = [] if log is None else log
        self.offset = offset

    def subsurface(self, rect):  # a surface of its own: what is drawn there is recorded, not shown
        r = pygame.Rect(rect)
        return Ink(r.size, self.log, (self.offset[0] + r.x, self.offset[1] + r.y))

    def blit(self, source, dest, area=None, special_flags=0):
        tag = TAGS.get(id(source))
        if tag is not None and not QUIET:
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            ink = source.get_bounding_rect()
            ink.move_ip(pos[0] + self.offset[0], pos[1] + self.offset[1])
            if ink.width and ink.height:
                self.log.append((tag[0], tag[1], ink))
        return super().blit(source, dest, area, special_flags)


#: Non-empty while the table's own pieces draw (the replay's world, status bar and players
#: panel are the table's, measured by the table's tests): their text is not recorded.
QUIET: list[str] = []


def quietly(draw, why: str):
    def drawing(*args, **kw):
        QUIET.append(why)
        try:
            return draw(*args, **kw)
        finally:
            QUIET.pop()
    return drawing


class QuietKit:
    """A kit whose world is drawn without recording (see ``QUIET``)."""

    def __init__(self, kit) -> None:
        self._kit = kit
        self.draw_world = quietly(kit.draw_world, "world")

    def __getattr__(self, name):
        return getattr(self._kit, name)


#: id(text surface) -> (its words, its size in px); the surfaces are held in SURFACES.
TAGS: dict[int, tuple[str, int]] = {}
SURFACES: list[pygame.Surface] = []


@pytest.fixture(scope="module", autouse=True)
def tagged_text():
    """Every text surface the game renders carries its words and size (``TAGS``)."""
    from game.table import text as text_module
    inner = text_module.text

    def text(s, size, *args, **kw):
        surf = inner(s, size, *args, **kw)
        if id(surf) not in TAGS:
            SURFACES.append(surf)
            TAGS[id(surf)] = (s, max(6, int(size)))
        return surf

    patched = [(m, "text") for m in list(sys.modules.values())
               if getattr(m, "__name__", "").startswith("game") and getattr(m, "text", None) is inner]
    for module, name in patched:
        setattr(module, name, text)
    text_module._cache.clear()  # surfaces made before the patch carry no tag
    yield
    for module, name in patched:
        setattr(module, name, inner)
    text_module._cache.clear()
    TAGS.clear()
    SURFACES.clear()


# ------------------------------------------------------------------ the matches


def long_seats(players: int) -> list[SeatConfig]:
    return [SeatConfig(NAMES[i], HUMAN if i == 0 else COMPUTER) for i in range(players)]


@pytest.fixture(scope="module")
def matches() -> dict:
    return {key: finished(*spec) for key, spec in GAMES.items()}


@pytest.fixture(scope="module")
def replays(matches) -> dict:
    """Each match's replay model, built once: it holds no words (the scene over it is made
    anew per size and language), and rebuilding its session was a third of this module's time."""
    from game.scenes.replay import Replay
    return {key: Replay(matches[key], long_seats(GAMES[key][1]), private=False) for key in GAMES}


def coach_report(game: str, players: int):
    """A report of a dozen graded decisions with the longest words each game has."""
    from rules import coach
    if game == "mexican_train":
        moves = [Action("play", (12, 11), train=players), Action("play", (6, 6), train="mexican"),
                 Action("draw"), Action("pass"), Action("play", (10, 3), train=1)]
    else:
        moves = [Action("play", (6, 5), end="L"), Action("play", (9, 9), end="R"), Action("pass")]
    labels = ("blunder", "inaccuracy", "fine", "best")
    grades = []
    for i in range(12):
        played, best = moves[i % len(moves)], moves[(i + 1) % len(moves)]
        grades.append(coach.Grade(position=10 + i, seat=1, played=played, best_known=best,
                                  best_full=None if game == "mexican_train" else moves[(i + 2) % len(moves)],
                                  label=labels[i % 4], loss=[0.0, 0.04, 12.5, 137.0][i % 4], exact=i % 2 == 0))
    worst = max(grades, key=lambda g: g.loss)
    return coach.DealReport(game, 0, tuple(grades), {"inaccuracy": 3, "blunder": 3}, worst, False)


# ------------------------------------------------------------------ the screens


def app_for(size, scale: float, tv: bool) -> FakeApp:
    app = FakeApp(size)
    app.settings.update(tv=tv, ui_scale=scale, reduced_motion=True)
    app.ui_scale = scale * (TV_SCALE if tv else 1.0)
    app.persist = False
    return app


def screens(app, matches, replays) -> dict:
    """A factory per screen and game: the deal end and match end over each finished match,
    the coach over its last deal, the replay viewer at each match's last position."""
    from game.scenes import coach as coach_scene
    from game.scenes.deal_end import DealEndScene
    from game.scenes.match_end import MatchEndScene
    from game.scenes.replay import ReplayScene
    from game.table.sprites import Sprites

    table = SimpleNamespace(sprites=Sprites("pips", "standard"), show_focus=False)
    out = {}
    for key, (game, players, _) in GAMES.items():
        session = matches[key]
        seats = long_seats(players)
        play = PlayState(session, seats, delay=0.0)

        def coach(play=play, game=game, players=players):
            job = SimpleNamespace(report=coach_report(game, players), error=None, thread=None)
            original = coach_scene.grading_for
            coach_scene.grading_for = lambda *a: job
            try:
                return coach_scene.CoachScene(app, play, table)
            finally:
                coach_scene.grading_for = original

        def replay(model=replays[key]):
            scene = ReplayScene(app, model)
            scene.replay.seek(len(scene.replay.positions) - 1)
            scene.kit = QuietKit(scene.kit)
            scene.players_panel.draw = quietly(scene.players_panel.draw, "players")
            return scene

        out[f"deal_end/{key}"] = lambda play=play: DealEndScene(app, play, table)
        out[f"match_end/{key}"] = lambda play=play: MatchEndScene(app, play, table)
        out[f"coach/{key}"] = coach
        out[f"replay/{key}"] = replay
    return out


def drawn(app, scene) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the scene draws in one frame: (words, px, inked rect in the window)."""
    from game.scenes import replay
    ink = Ink(app.screen.get_size())
    status = replay.draw_status_bar
    replay.draw_status_bar = quietly(status, "status")
    try:
        scene.draw(ink)
    finally:
        replay.draw_status_bar = status
    return ink.log


def problems(app, scene, texts) -> list[str]:
    """What does not fit (see the module docstring)."""
    size = app.screen.get_size()
    tv = bool(app.settings.get("tv"))
    area = safe_rect(app.settings, size)
    least = readable_px(size, tv)
    out = []
    for words, px, rect in texts:
        if not area.contains(rect):
            out.append(f"outside the {'safe area' if tv else 'window'}: {words!r} at {rect}")
        if px < least:
            out.append(f"too small: {words!r} at {px} px (at least {least})")
    for i, (a, _, ra) in enumerate(texts):
        for b, _, rb in texts[i + 1:]:
            if ra.inflate(-2 * TOUCH, -2 * TOUCH).colliderect(rb.inflate(-2 * TOUCH, -2 * TOUCH)):
                out.append(f"overlap: {a!r} at {ra} and {b!r} at {rb}")
    buttons = list(getattr(scene, "buttons", [])) + list(getattr(scene, "camera_buttons", []))
    corner = getattr(scene, "corner", None)
    if corner is not None:
        buttons.append(corner)
    offset = area.topleft  # the scenes lay out in the safe area's own coordinates
    rects = [b.rect.move(offset) for b in buttons]
    for b, r in zip(buttons, rects):
        if not area.contains(r):
            out.append(f"button outside: {b.id} at {r}")
        label = [rect for words, _, rect in texts if words == b.label and r.colliderect(rect)]
        if label and not r.contains(label[0]):
            out.append(f"button label cut: {b.label!r} at {label[0]} in {r}")
    for i, (b, r) in enumerate(zip(buttons, rects)):
        for c, rc in zip(buttons[i + 1:], rects[i + 1:]):
            if r.colliderect(rc):
                out.append(f"buttons overlap: {b.id} and {c.id}")
    out += boxes_problems(scene, offset)
    return out


def boxes_problems(scene, offset) -> list[str]:
    """Text wider or taller than the box the screen laid out for it (``textbox`` records)."""
    out = []
    for item in getattr(scene, "laid_out", []):
        if not item.box.contains(item.rect):
            out.append(f"wider than its box: {item.text!r} {item.rect} in {item.box}")
    return out


@pytest.mark.parametrize("tv", [False, True], ids=["plain", "tv"])
@pytest.mark.parametrize("scale", UI_SCALES)
@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_panel_fits_at_every_size_and_language(matches, replays, size, scale, tv):
    app = app_for(size, scale, tv)
    found = []
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for name, make in screens(app, matches, replays).items():
                scene = make()
                app.stack.push(scene)
                try:
                    texts = drawn(app, scene)
                    assert texts, f"{name} drew no text"
                    found += [f"{code} {name}: {p}" for p in problems(app, scene, texts)]
                finally:
                    app.stack.pop()
    finally:
        i18n.set_language("en")
    assert found == [], "\n".join(found[:30]) + f"\n... {len(found)} in all: " + summary(found)


def summary(found: list[str]) -> str:
    """How many problems of each kind each screen has, e.g. "deal_end/mt10 overlap: 12"."""
    counts: dict[str, int] = {}
    for line in found:
        screen, kind = line.split(" ", 2)[1], line.split(": ", 2)[1].split(":")[0]
        key = f"{screen} {kind}"
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def test_a_text_steps_down_to_the_floor_then_is_elided_never_cut():
    from game.scenes.textbox import ELLIPSIS, Boxes, width_of
    pygame.init()
    surface = pygame.Surface((400, 100))
    boxes = Boxes(least=12)
    box = pygame.Rect(10, 10, 120, 30)
    boxes.put(surface, "Ann", box, 20)
    boxes.put(surface, "Александра-Мария", box, 20)
    boxes.put(surface, "Александра-Мария Maximilian-Friedrich", box, 20)
    short, stepped, elided = boxes.laid
    assert (short.text, short.px) == ("Ann", 20)  # it fits: as asked
    assert stepped.text == "Александра-Мария" and 12 <= stepped.px < 20  # smaller, whole
    assert elided.text.endswith(ELLIPSIS) and elided.px == 12  # at the floor, its end elided
    assert "Александра" in elided.text
    for item in boxes.laid:
        assert box.contains(item.rect) and width_of(item.text, item.px) <= box.width


def test_buttons_take_a_second_row_rather_than_text_under_the_floor():
    from game.scenes.textbox import button_rows, width_of
    pygame.init()
    labels = [(str(i), f"A rather long label {i}") for i in range(6)]
    rows, px, _ = button_rows(labels, 2000, 20, 12, 10)
    assert len(rows) == 1 and px == 20
    rows, px, _ = button_rows(labels, 600, 20, 12, 10)
    assert len(rows) > 1 and px >= 12
    for row in rows:
        assert sum(w for _, _, w in row) + 10 * (len(row) - 1) <= 600
        assert all(width_of(label, px, True) + 10 <= w for _, label, w in row)
