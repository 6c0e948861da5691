"""The table scene driven by intents and by real posted events (headless, SDL dummy drivers).

UX-1 (preview, confirm), UX-3 (no face of a hidden hand is ever blitted),
UX-7 (zooming and panning never play a tile), touch taps with SDL's synthetic
mouse events, a whole deal with two humans and two computers.
"""
from __future__ import annotations

import pygame
import pytest

from table_fixtures import FakeApp, SpriteRecorder, make_play, play_until

from game import intents as I
from game.guard import PRESS_GUARD_S
from game.intents import Intent
from game.play import AWAY, CURTAIN, DEAL_END, PREVIEW
from game.scenes.deal_end import DealEndScene
from game.scenes.table import TableScene
from game.table.kit import Marks
from rules.rng import stream


def setup(kinds="hhcc", seed=7, size=(1280, 720)):
    app = FakeApp(size)
    play = make_play(kinds, seed)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    scene.camera.update(10.0)  # let any fit animation settle
    return app, play, scene


def hand_point(scene, tile):
    i = scene.hand_tiles.index(tile)
    return scene.hand_rect_list[i].center


def target_point(scene, key):
    lay = scene._layout_now()
    x, y, w, h = lay.lanes[key].next_slot.rect
    pos = scene.camera.world_to_screen(x + w / 2, y + h / 2)
    assert scene.camera.contains(*pos)
    return pos


def button_point(scene, bid):
    return next(b for b in scene.buttons if b.id == bid).rect.center


def tap(app, scene, pos, device="mouse"):
    """A tap as an intent, or, when the app has a recogniser, as real posted events."""
    rec = getattr(app, "recogniser", None)
    if rec is None:
        app.stack.handle(Intent(I.TAP, pos=pos, device=device))
    else:
        x, y = int(pos[0]), int(pos[1])
        if app.tap_device == "touch":
            events = finger_tap((x, y), app.screen.get_size())
        else:
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False)]
        intents = post_and_feed(rec, events)
        assert [i.kind for i in intents] == [I.TAP]
        for intent in intents:
            app.stack.handle(intent)
    app.frame()


def human_decides_by_taps(app, scene, play, rng, device="mouse"):
    legal = play.legal()
    action = legal[rng.randrange(len(legal))]
    cursor = play.session.cursor
    if action.kind == "play":
        tap(app, scene, hand_point(scene, action.tile), device)
        assert play.selected == action.tile
        if not (play.phase == PREVIEW and play.pending == action):
            tap(app, scene, target_point(scene, action.train), device)
        assert play.phase == PREVIEW and play.pending == action
        assert play.session.cursor == cursor  # nothing happens before the confirm (UX-1)
        if rng.random() < 0.5:
            tap(app, scene, target_point(scene, action.train), device)  # second tap confirms
        else:
            tap(app, scene, button_point(scene, "confirm"), device)
    else:
        tap(app, scene, button_point(scene, action.kind), device)
        assert play.phase == PREVIEW and play.session.cursor == cursor
        tap(app, scene, button_point(scene, "confirm"), device)
    assert play.session.cursor > cursor or action.kind == "place_engine"  # MT-4: the rules placed it
    return action


def hidden_tiles(play):
    """Tiles in every hand that may not be on screen now (test-side knowledge of the full state)."""
    state = play.session.state
    shown = None if play.phase == CURTAIN else play.viewer
    return {t for s in range(1, state.n + 1) if s != shown for t in state.hands[s]}


@pytest.mark.parametrize("how", ["intents", "mouse events", "touch events"])
def test_a_whole_deal_by_taps_with_two_humans_and_two_computers_hides_every_hidden_hand(how):
    """UX-3: record every face sprite handed to the renderer; none belongs to a hidden hand.

    Played by scripted intents, and by real posted mouse or touch events (with SDL's
    synthetic mouse events) through the shell's recogniser.
    """
    app, play, scene = setup("hhcc", seed=7)
    if how != "intents":
        input_mod = pytest.importorskip("game.input")
        app.recogniser = input_mod.InputRecogniser(lambda: app.screen.get_size(), now=play.now)
        app.tap_device = how.split()[0]
    recorder = SpriteRecorder(scene.sprites)
    rng = stream(7, "taps")
    curtain_frames = human_decisions = 0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, DealEndScene):
            break
        recorder.clear()
        # update, then draw: the state below is the one that was drawn.  Steps of 0.1 s:
        # every decision is still drawn, and a flight (~0.3 s) in three frames (issue 26)
        app.frame(0.1)
        if isinstance(app.stack.top, DealEndScene):
            break
        if play.phase == DEAL_END:
            # the deal's last play on the table, before the reveal: only that public table is drawn
            final = play.view()
            public = {t for train in final.trains for t in train.tiles} | {(final.engine, final.engine)}
            assert set(recorder.faces) <= public, "a face off the final table was drawn"
            continue
        hidden = hidden_tiles(play)
        assert not (set(recorder.faces) & hidden), "a face of a hidden hand was drawn"
        if play.phase == CURTAIN:
            curtain_frames += 1
            tap(app, scene, scene.curtain_button.rect.center)
            if play.my_turn():
                app.frame(PRESS_GUARD_S)  # the player looks at the hand before a tap there (issue 40)
        elif play.phase == AWAY:
            continue  # instant speed: the next frame applies the computer's decision
        elif play.my_turn():
            human_decides_by_taps(app, scene, play, rng)
            human_decisions += 1
    assert isinstance(app.stack.top, DealEndScene)
    assert curtain_frames >= 2 and human_decisions >= 5
    info = play.last_deal_end()
    assert info.totals[1:] == tuple(info.penalties[1:])  # the first deal: totals are the penalties
    # the reveal shows every hand: its faces may now be drawn
    recorder.clear()
    app.frame()
    revealed = {t for h in info.hands[1:] for t in h}
    assert revealed <= set(recorder.faces)
    # continue: a new deal starts behind the curtain (two humans)
    tap(app, scene, app.stack.top.buttons[0].rect.center)
    assert app.stack.top is scene
    assert play.phase in (CURTAIN, AWAY)
    assert play.session.state.deal_no == 2


def at_a_human_turn(seed: int = 3, with_a_play: bool = True):
    """A 1-human, 3-computer table run (frame by frame) to the human's turn (one with a tile
    to play, unless ``with_a_play`` is False)."""
    app, play, scene = setup("hccc", seed=seed)
    for _ in range(200):
        if play.my_turn() and play.setup is not None:
            play.press("place_engine")  # MT-4: the engine first, previewed and confirmed
            play.confirm()
        if play.my_turn() and (play.playable_tiles() or not with_a_play):
            break
        if play.phase == DEAL_END:
            play.continue_after_deal()
        app.frame()
    return app, play, scene


def test_zooming_and_panning_never_play_a_tile():
    """UX-7: wheel, pinch, keys and drags over a lit target only move the view."""
    app, play, scene = at_a_human_turn()
    tile = sorted(play.playable_tiles())[0]
    tap(app, scene, hand_point(scene, tile))
    if play.phase == PREVIEW:
        play.cancel(keep_tile=True)  # chosen, its targets lit (as while a drag carries it)
        app.frame()
    assert play.selected == tile
    key = play.targets()[0]
    log = play.session.log
    centre = target_point(scene, key)
    before = (scene.camera.cx, scene.camera.cy, scene.camera.zoom)
    for intent in [
        Intent(I.ZOOM, pos=centre, factor=1.3), Intent(I.ZOOM, pos=centre, factor=0.7, device="touch"),
        Intent(I.PAN, delta=(40, -25), device="touch"), Intent(I.PAN, delta=(80, 0), device="keyboard"),
        Intent(I.DRAG, pos=centre, delta=(30, 10)), Intent(I.DRAG, pos=(centre[0] + 30, centre[1] + 10), delta=(5, 5)),
        Intent(I.DRAG_END, pos=(centre[0] + 35, centre[1] + 15)),
        Intent(I.FIT), Intent(I.FOLLOW), Intent(I.FOLLOW),
    ]:
        scene.handle(intent)
        app.frame()
    play.focus = "table"
    for d in ("left", "up", "right", "down"):
        scene.handle(Intent(I.MOVE, direction=d, device="keyboard"))
        app.frame()
    assert play.session.log == log
    assert play.selected == tile and play.phase != PREVIEW
    assert (scene.camera.cx, scene.camera.cy, scene.camera.zoom) != before


def test_zoom_keeps_the_point_under_the_pointer():
    app, play, scene = setup("hc", seed=2)
    cam = scene.camera
    pos = (cam.viewport[0] + 200, cam.viewport[1] + 150)
    world = cam.screen_to_world(*pos)
    scene.handle(Intent(I.ZOOM, pos=pos, factor=1.5))
    after = cam.screen_to_world(*pos)
    assert abs(after[0] - world[0]) < 1 and abs(after[1] - world[1]) < 1


def post_and_feed(recogniser, events):
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    out = []
    for e in pygame.event.get():
        out.extend(recogniser.feed(e))
    return out


@pytest.fixture
def recogniser_for():
    input_mod = pytest.importorskip("game.input")

    def make(app):
        # presses stamped on the table's own clock, as the App's recogniser does (issue 40)
        clock = lambda: next((s.play.now() for s in app.stack if hasattr(s, "play")), 0.0)  # noqa: E731
        return input_mod.InputRecogniser(lambda: app.screen.get_size(), now=clock)
    return make


def finger_tap(pos, size, finger=0):
    x, y = pos[0] / size[0], pos[1] / size[1]
    common = dict(touch_id=1, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)
    return [
        pygame.event.Event(pygame.FINGERDOWN, common),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1, touch=True),
        pygame.event.Event(pygame.FINGERUP, common),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1, touch=True),
    ]


def test_touch_taps_with_synthetic_mouse_events_play_exactly_once(recogniser_for):
    """A touch arrives as FINGER events plus SDL's synthetic mouse events: one tap, not two."""
    app, play, scene = setup("hccc", seed=5)
    rec = recogniser_for(app)
    size = app.screen.get_size()
    rng = stream(5, "touch")
    played = 0
    for _ in range(400):
        app.frame()
        if play.phase == DEAL_END or played >= 4:
            break
        if not play.my_turn():
            continue
        plays = [a for a in play.legal() if a.kind == "play"]
        if not plays:
            action = play.legal()[0]
            for pos in (button_point(scene, action.kind), button_point(scene, "confirm")):
                for it in post_and_feed(rec, finger_tap(pos, size)):
                    scene.handle(it)
                app.frame()
            continue
        action = plays[rng.randrange(len(plays))]
        cursor = play.session.cursor
        intents = post_and_feed(rec, finger_tap(hand_point(scene, action.tile), size))
        assert [i.kind for i in intents] == [I.TAP] and intents[0].device == "touch"
        for it in intents:
            scene.handle(it)
        app.frame()
        assert play.selected == action.tile
        if play.pending != action:
            for it in post_and_feed(rec, finger_tap(target_point(scene, action.train), size)):
                scene.handle(it)
            app.frame()
        assert play.pending == action and play.session.cursor == cursor
        for it in post_and_feed(rec, finger_tap(target_point(scene, action.train), size)):
            scene.handle(it)
        assert play.session.cursor == cursor + 1
        played += 1
    assert played >= 2


def test_pinch_with_two_fingers_zooms_and_plays_nothing(recogniser_for):
    app, play, scene = setup("hc", seed=9)
    rec = recogniser_for(app)
    w, h = app.screen.get_size()
    log = play.session.log
    zoom = scene.camera.zoom

    def ev(kind, fid, x, y):
        return pygame.event.Event(kind, touch_id=1, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)
    events = [ev(pygame.FINGERDOWN, 0, 0.45, 0.4), ev(pygame.FINGERDOWN, 1, 0.55, 0.4)]
    events += [ev(pygame.FINGERMOTION, 0, 0.45 - 0.03 * k, 0.4) for k in range(1, 5)]
    events += [ev(pygame.FINGERMOTION, 1, 0.55 + 0.03 * k, 0.4) for k in range(1, 5)]
    events += [ev(pygame.FINGERUP, 0, 0.33, 0.4), ev(pygame.FINGERUP, 1, 0.67, 0.4)]
    intents = post_and_feed(rec, events)
    assert any(i.kind == I.ZOOM for i in intents) and not any(i.kind == I.TAP for i in intents)
    for it in intents:
        scene.handle(it)
        app.frame()
    assert scene.camera.zoom > zoom
    assert play.session.log == log


def test_real_key_events_make_a_decision(recogniser_for):
    """Arrows, Enter and Esc through the shell's recogniser drive the cursor."""
    app, play, scene = at_a_human_turn(11, with_a_play=False)
    rec = recogniser_for(app)

    def key(k):
        for it in post_and_feed(rec, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]):
            scene.handle(it)
        app.frame()

    cursor = play.session.cursor
    if play.playable_tiles():
        for _ in range(30):
            if play.focused() in play.playable_tiles():
                break
            key(pygame.K_RIGHT)
        key(pygame.K_RETURN)
        assert play.selected is not None
        if play.phase != PREVIEW:
            key(pygame.K_RETURN)
        assert play.phase == PREVIEW
        key(pygame.K_ESCAPE)
        assert play.phase != PREVIEW and play.session.cursor == cursor
        key(pygame.K_RETURN)
        assert play.phase == PREVIEW
        key(pygame.K_RETURN)
    else:
        key(pygame.K_UP)
        assert play.focus == "buttons"
        key(pygame.K_RETURN)
        assert play.phase == PREVIEW
        key(pygame.K_RETURN)
    assert play.session.cursor == cursor + 1


def test_undo_and_redo_intents():
    app, play, scene = setup("hccc", seed=13)
    rng = stream(13, "u")
    for _ in range(300):
        app.frame()
        if play.my_turn() and len(play.decision_seats()) > 4:
            break
        if play.phase == DEAL_END:
            play.continue_after_deal()
    log = play.session.log
    human_decides_by_taps(app, scene, play, rng)
    for _ in range(20):
        app.frame()
        if play.my_turn() or play.phase == DEAL_END:
            break
    if play.phase == DEAL_END:
        pytest.skip("the deal ended")
    after = play.session.log
    scene.handle(Intent(I.UNDO, device="keyboard"))
    assert play.session.log == log and play.my_turn()
    scene.handle(Intent(I.REDO, device="keyboard"))
    assert play.session.log == after


def test_menu_rules_and_log_go_to_the_app():
    app, play, scene = setup("hc", seed=1)
    for kind in (I.MENU, I.RULES, I.LOG):
        scene.handle(Intent(kind))
    tap(app, scene, button_point(scene, "menu"))
    assert app.calls == ["menu", "rules", "log", "menu"]


def test_match_end_shows_totals_then_the_next_match_starts_from_zero():
    """MT-18 then MT-20: the match-end screen, and 'next match' begins 12-12 with zero totals."""
    from game.play import MATCH_END
    from game.scenes.match_end import MatchEndScene
    app, play, scene = setup("hc", seed=31)
    play_until(play, MATCH_END)
    app.frame()
    top = app.stack.top
    assert isinstance(top, MatchEndScene)
    info = play.match_end()
    assert info.winners and all(info.totals[w] == min(info.totals[1:]) for w in info.winners)
    tap(app, scene, next(b for b in top.buttons if b.id == "next_match").rect.center)
    assert app.stack.top is scene
    view = play.view()
    assert view.match_no == 2 and view.deal_no == 1 and view.engine == 12
    assert view.totals[1:] == (0, 0)


def human_ends_a_deal(game: str):
    """A table ("hc" or "hccc") at a deal's end made by the human's own last decision."""
    from game.play import PlayState
    from rules import Config, Session
    from table_fixtures import seats_of
    kinds = "hc" if game == "mexican_train" else "hccc"
    for seed in range(30, 90):
        app = FakeApp((1280, 720))
        play = PlayState(Session(Config(game, len(kinds), seed)), seats_of(kinds), delay=0.0)
        scene = TableScene(app, play)
        app.stack.push(scene)
        app.frame()
        play_until(play, DEAL_END)
        if play.can_undo():
            return app, play, scene
    raise AssertionError("no seed where the human ends the deal")


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_deal_end_screen_steps_aside_after_an_undo(game):
    app, play, scene = human_ends_a_deal(game)
    app.frame()
    assert app.stack.top is scene  # the last play shows on the table for a moment first
    app.frame(1.0)
    assert isinstance(app.stack.top, DealEndScene)
    app.stack.handle(Intent(I.UNDO, device="keyboard"))
    app.frame()
    assert app.stack.top is scene and play.my_turn()


def test_language_and_tile_style_switch_while_the_table_is_open():
    from game import i18n
    app, play, scene = setup("hc", seed=3)
    try:
        i18n.set_language("uk")
        app.frame()
        fit = next(b for b in scene.camera_buttons if b.id == "fit")
        assert fit.label == i18n.t("table.fit") == "Увесь стіл"
        assert next(b for b in scene.buttons if b.id == "draw").label == "Добір"
    finally:
        i18n.set_language("en")
    app.settings["tile_style"] = "numerals"
    app.frame()
    assert scene.sprites.style == "numerals"


def test_dragging_a_hand_tile_onto_a_lit_train_previews_the_play():
    """Drag to play is a preview too (UX-1): only the confirm plays it."""
    app, play, scene = at_a_human_turn()
    tile = sorted(play.playable_tiles())[0]
    key = play.targets(tile)[0]
    start = hand_point(scene, tile)
    goal = target_point(scene, key)
    cursor = play.session.cursor
    steps = 6
    prev = start
    for k in range(1, steps + 1):
        pos = (start[0] + (goal[0] - start[0]) * k / steps, start[1] + (goal[1] - start[1]) * k / steps)
        app.stack.handle(Intent(I.DRAG, pos=pos, delta=(pos[0] - prev[0], pos[1] - prev[1]), device="touch"))
        prev = pos
        app.frame()
    app.stack.handle(Intent(I.DRAG_END, pos=goal, device="touch"))
    app.frame()
    assert play.phase == PREVIEW and play.pending.tile == tile and play.pending.train == key
    assert play.session.cursor == cursor
    tap(app, scene, button_point(scene, "confirm"))
    assert play.session.cursor == cursor + 1


def test_a_whole_deal_by_real_key_events_alone(recogniser_for):
    """Every decision of a deal made with arrows and Enter only (UX-7), then Enter leaves the reveal."""
    app, play, scene = setup("hccc", seed=19)
    rec = recogniser_for(app)
    zones = ("hand", "buttons", "targets", "table")

    def key(k):
        for it in post_and_feed(rec, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]):
            app.stack.handle(it)
        app.frame()

    def go(zone):
        for _ in range(6):
            if play.focus == zone:
                return
            key(pygame.K_DOWN if zones.index(zone) < zones.index(play.focus) else pygame.K_UP)
        assert play.focus == zone

    rng = stream(19, "keys")
    decisions = 0
    for _ in range(2000):
        app.frame(0.1)  # the computers' turns and the flights pass in steps of 0.1 s (issue 26)
        if isinstance(app.stack.top, DealEndScene):
            break
        if not play.my_turn():
            continue
        legal = play.legal()
        action = legal[rng.randrange(len(legal))]
        cursor = play.session.cursor
        if action.kind == "play":
            go("hand")
            for _ in range(40):
                if play.focused() == action.tile:
                    break
                key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
            for _ in range(20):
                if play.pending == action:
                    break
                key(pygame.K_RIGHT)
        else:
            go("buttons")
            for _ in range(20):
                if play.focused() == action.kind:
                    break
                key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
        assert play.phase == PREVIEW and play.pending == action and play.session.cursor == cursor
        key(pygame.K_RETURN)
        assert play.session.cursor > cursor or action.kind == "place_engine"  # MT-4: the rules placed it
        decisions += 1
    assert isinstance(app.stack.top, DealEndScene) and decisions >= 5
    key(pygame.K_RETURN)
    assert app.stack.top is scene and play.session.state.deal_no == 2


def table_with_tiles(count: int):
    """A 1-human, 3-computer table played on (frame by frame) until ``count`` tiles are laid."""
    app, play, scene = setup("hccc", seed=23)
    for _ in range(400):
        if sum(len(t.tiles) for t in play.view().trains) >= count:
            break
        if play.phase == DEAL_END:
            play.continue_after_deal()
        elif play.my_turn():
            play._apply(play.legal()[0])
        app.frame()
    return app, play, scene


def test_sprites_are_cached_per_zoom_step_and_tiles_off_screen_are_skipped():
    """NOTES.md: no sprite is rebuilt while the zoom stays on one step; off-screen tiles cost nothing."""
    from game import assets
    app, play, scene = table_with_tiles(20)
    scene.sprites.budget_s = 1.0  # finish the zoom step now (a frame builds only a few otherwise)
    app.frame()
    total = sum(len(t.tiles) for t in play.view().trains)
    builds = assets.cache_stats()["builds"]
    cam = scene.camera
    for dx in range(0, 200, 20):
        cam.pan(dx * 0.1, 0)
        scene.draw(app.screen)
    assert assets.cache_stats()["builds"] == builds
    assert scene.renderer.tiles_drawn == total
    cam.zoom_at(3.0)
    cam.cx, cam.cy = 5000.0, 5000.0  # far from every train
    scene.draw(app.screen)
    assert scene.renderer.tiles_drawn == 0


def test_a_zoom_step_come_back_to_looks_up_no_sprite_and_puts_each_tile_where_it_was():
    """Issue 42: the tiles of a zoom step left keep their sprites (weakly), so coming back to
    it looks none up; each tile lands on round(x * zoom + offset), as a per-tile loop put it."""
    app, play, scene = table_with_tiles(20)
    scene.sprites.budget_s = 1.0  # build every step in one frame
    cam = scene.camera
    scene.draw(app.screen)
    cam.zoom_at(2 ** (1 / 8) * 1.01)  # the next step, then back
    scene.draw(app.screen)
    cam.zoom_at(2 ** (-1 / 8) / 1.01)
    cam.pan(7.3, -3.6)  # a fraction of a pixel off the first frame's place
    asked = []
    face = scene.sprites.face
    scene.sprites.face = lambda *a, **k: asked.append(a) or face(*a, **k)
    blits = []

    class Spy(pygame.Surface):  # the tiles' one fblits call, recorded
        def fblits(self, seq, *args):
            seq = list(seq)
            blits.extend(seq)
            return super().fblits(seq, *args)
    scene.renderer.draw(Spy(app.screen.get_size()), cam, scene._layout_now(), play.view(), {}, Marks())
    engine = play.view().engine
    assert [a for a in asked if a[:2] != (engine, engine)] == []  # the engine is drawn apart
    lay = scene._layout_now()
    z = cam.draw_zoom
    vx, vy, vw, vh = cam.viewport
    ox, oy = vx + vw / 2 - cam.cx * z, vy + vh / 2 - cam.cy * z
    want = [(round(p.rect[0] * z + ox), round(p.rect[1] * z + oy)) for key in lay.order for p in lay.lanes[key].tiles]
    assert [pos for _, pos in blits] == want
    assert len(want) >= 20


def test_a_new_zoom_step_draws_stand_ins_until_its_sprites_are_built():
    """NOTES.md: rebuild a zoom step's sprites over frames, never all in one frame."""
    app, play, scene = table_with_tiles(15)
    scene.draw(app.screen)
    scene.sprites.budget_s = 0.0  # nothing new may be built this frame
    scene.camera.zoom_at(1.6)
    scene.draw(app.screen)
    assert scene.sprites.fallbacks > 0
    scene.sprites.budget_s = 1.0
    scene.draw(app.screen)
    assert scene.sprites.fallbacks == 0


def test_a_new_deal_brings_the_whole_table_back_into_view():
    app, play, scene = setup("hc", seed=33)
    scene.handle(Intent(I.ZOOM, factor=2.5))
    scene.handle(Intent(I.PAN, delta=(400, 300)))
    assert not scene.auto_fit
    play_until(play, DEAL_END)
    play.continue_after_deal()
    for _ in range(240):
        app.frame(1 / 120)
    assert scene.auto_fit
    goal = scene.camera.fit_zoom(scene._layout_now().content)
    assert abs(scene.camera.zoom - goal[2]) < 0.05 * goal[2]


def test_keyboard_focus_on_the_table_pans_with_arrows_and_esc_returns():
    """UX-7: arrows pan the table when it has focus; nothing is played."""
    app, play, scene = at_a_human_turn(3, with_a_play=False)
    play.cancel()
    for _ in range(4):
        scene.handle(Intent(I.MOVE, direction="up", device="keyboard"))
    assert play.focus == "table"
    log = play.session.log
    before = (scene.camera.cx, scene.camera.cy)
    for d in ("down", "down", "right"):
        scene.handle(Intent(I.MOVE, direction=d, device="keyboard"))
    assert play.focus == "table" and (scene.camera.cx, scene.camera.cy) != before
    scene.handle(Intent(I.CANCEL, device="keyboard"))
    assert play.focus == "hand" and play.session.log == log


def test_intents_before_the_first_frame_are_handled():
    """A resumed match can get a key before its table is first drawn: no crash, the view pans.

    Found by the monkey test (tests/game/test_monkey.py): an arrow key in the frame that
    pushed the table met geometry that only drawing had built.
    """
    app = FakeApp()
    play = make_play("hccc", seed=3)
    scene = TableScene(app, play)
    log = play.session.log
    play.focus = "table"
    before = (scene.camera.cx, scene.camera.cy)
    for d in ("up", "left"):
        scene.handle(Intent(I.MOVE, direction=d, device="keyboard"))
    scene.handle(Intent(I.PAN, delta=(40, -25), device="touch"))
    scene.handle(Intent(I.ZOOM, pos=(300, 300), factor=1.2))
    assert (scene.camera.cx, scene.camera.cy) != before
    assert play.session.log == log


@pytest.mark.parametrize("k, axis, sign", [(pygame.K_d, 0, 1), (pygame.K_a, 0, -1),
                                           (pygame.K_s, 1, 1), (pygame.K_w, 1, -1)])
def test_d_looks_right_as_the_right_arrow_does(k, axis, sign):
    """Issue 11: the camera keys move the view the way players expect, like the arrows."""
    input_mod = pytest.importorskip("game.input")
    app, play, scene = setup("cccc", seed=3)
    rec = input_mod.InputRecogniser(lambda: app.screen.get_size())
    before = (scene.camera.cx, scene.camera.cy)
    for intent in rec.feed(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)):
        app.stack.handle(intent)
    after = (scene.camera.cx, scene.camera.cy)
    assert (after[axis] - before[axis]) * sign > 0
    arrow = {0: "right", 1: "down"}[axis] if sign > 0 else {0: "left", 1: "up"}[axis]
    scene._key_pan(arrow)
    assert ((scene.camera.cx, scene.camera.cy)[axis] - after[axis]) * sign > 0  # the same way


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_deal_end_screen_steps_aside_when_the_match_moves_under_it(game):
    """Whatever takes the table out of the reveal (an undo from elsewhere, a restart), the
    reveal closes itself on the next frame instead of showing a deal that is not over."""
    app, play, scene = human_ends_a_deal(game)
    app.frame()
    app.frame(1.0)
    assert isinstance(app.stack.top, DealEndScene)
    assert play.undo()  # not through the reveal's own button
    app.frame()
    assert app.stack.top is scene and play.my_turn()
