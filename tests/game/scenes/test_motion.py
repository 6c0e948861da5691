"""Issue 14: the table's motion shows what the model already did, on the fixed-step clock.

A play travels from the hand (or the seat) to its place and turns; a draw comes
from the boneyard; a pass shows a cue at the seat; a deal sends backs to every
seat.  The rules never wait: skip, undo and reduced motion show the model's
state at once, and the computers wait for the previous move before their own.
"""
from __future__ import annotations

import pytest

from table_fixtures import FakeApp, make_play, seats_of

from game import intents as I
from game.intents import Intent
from game.motion import anchor_mapper
from game.play import AWAY, DEAL_END, PlayState
from game.scenes.table import TableScene
from game.staging import flight_seconds
from game.table.layout import TILE_W
from rules import Config, Session

STEP = 1 / 120
FAST = 1 / 15  # fast-forward steps while waiting for a turn (a first turn lays a whole train)
# FAST steps also where a test looks for a flight or a cue but not at its course: each is staged
# in a frame's update and still listed after that frame (a flight lasts 0.22 s or more).


def setup(kinds="hccc", seed=7, game="mexican_train", delay=0.8, **settings):
    app = FakeApp((1280, 720))
    app.settings.update(settings)
    if game == "mexican_train":
        play = make_play(kinds, seed)
    else:
        play = PlayState(Session(Config(game, 4, seed)), seats_of(kinds), delay=0.0)
    play.delay = delay
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame(STEP)
    scene.camera.update(10.0)
    app.frame(STEP)
    return app, play, scene


def frames(app, seconds, step=STEP):
    for _ in range(round(seconds / step)):
        app.frame(step)


def settle(app, seconds=1.0):
    """Let whatever the computers did land, in FAST steps: no assertion looks at these frames."""
    frames(app, seconds, FAST)


def first_play(play):
    return next(a for a in play.legal() if a.kind == "play")


def play_by_hand(app, play, scene, action):
    """The human's play through the play state, as a tap on the tile, the target, Confirm."""
    play.tap_tile(action.tile)
    if play.pending != action:
        play.tap_target(play.kit.target(action))
    assert play.pending == action
    play.confirm()
    app.frame(STEP)


def until_my_turn(app, play, limit=300.0, tiles_only=True):
    """Until the human can play a tile (any other decision of theirs taken on the way), or
    with ``tiles_only`` False until their turn."""
    for _ in range(round(limit / FAST)):
        if play.phase == DEAL_END:
            play.continue_after_deal()
            while app.stack.top is not None and not isinstance(app.stack.top, TableScene):
                app.stack.pop()
        if play.my_turn():
            if not tiles_only or any(a.kind == "play" for a in play.legal()):
                return
            bid = play.decision_buttons()[0][0]
            if play.button_enabled(bid):
                play.press(bid)
                play.confirm()
        app.frame(FAST)
    raise AssertionError("the human's turn never came")


def pose(scene, flight, clock):
    return flight.pose(clock, anchor_mapper(scene.camera))


@pytest.mark.parametrize("game,kinds", [("mexican_train", "hccc"), ("cuban", "hccc"), ("jamaican", "hccc")])
def test_a_played_tile_travels_from_the_hand_to_its_place_and_turns(game, kinds):
    app, play, scene = setup(kinds, game=game)
    until_my_turn(app, play)
    settle(app)  # whatever the computers did has landed
    action = first_play(play)
    slot = scene.hand_rect_list[scene.hand_tiles.index(action.tile)].center
    play_by_hand(app, play, scene, action)
    flights = [f for f in scene.motion.flights if f.face is not None and f.tile == tuple(sorted(action.tile))]
    assert len(flights) == 1
    f = flights[0]
    assert f.duration == pytest.approx(flight_seconds(0.8))
    # start: at the tile's slot in the hand, upright
    x, y, _, turn0 = pose(scene, f, f.start)
    assert (round(x), round(y)) == slot
    # middle: on its way, still turning if it lies across, hidden at its place on the table
    mid = f.start + f.duration / 2
    xm, ym, _, _ = pose(scene, f, mid)
    placed = scene.kit.tile_place(scene._layout_now(), action.tile)
    px, py = scene.camera.world_to_screen(placed.rect[0] + placed.rect[2] / 2, placed.rect[1] + placed.rect[3] / 2)
    assert min(slot[1], py) - 80 <= ym <= max(slot[1], py)
    assert (xm, ym) != (x, y) and (xm, ym) != (px, py)
    assert scene.motion.hidden(scene.clock) == {f.tile}
    # end: exactly where the model has it, at its final angle, and no longer hidden
    xe, ye, _, turn_end = pose(scene, f, f.end)
    assert (round(xe), round(ye)) == (round(px), round(py))
    assert turn_end == 0.0
    assert turn0 == (0.0 if placed.vertical else 90.0)
    frames(app, f.duration + STEP)
    assert f.tile not in scene.motion.hidden(scene.clock)


def test_a_computer_play_leaves_from_its_seat_face_up_and_the_next_computer_waits_for_it():
    app, play, scene = setup("cccc", delay=0.8)
    cursor = play.session.cursor
    for _ in range(round(5 / STEP)):
        app.frame(STEP)
        if play.session.cursor != cursor and any(f.face for f in scene.motion.flights):
            break
    f = next(f for f in scene.motion.flights if f.face is not None)
    seat = next(e for e in reversed(play.view().history) if e[0] == "play")[1]
    sx, sy = scene.kit.seat_point(scene._layout_now(), play.view(), play, seat)
    x, y, _, _ = pose(scene, f, f.start)
    assert (round(x), round(y)) == tuple(round(v) for v in scene.camera.world_to_screen(sx, sy))
    # the next decision waits for the landing, then for the pace (the speed setting)
    moved_at = play.session.cursor
    frames(app, f.duration - 0.05)
    assert play.session.cursor == moved_at and play.held
    frames(app, 0.1 + 0.8 * 0.9)
    assert play.session.cursor == moved_at, "the computer moved before its pace after the landing"
    frames(app, 0.3)
    assert play.session.cursor > moved_at


@pytest.mark.rule("UX-2")
def test_a_drawn_tile_comes_from_the_boneyard_face_up_only_for_its_owner():
    app, play, scene = setup("hccc", seed=3)
    # find a human turn where a draw is legal
    for _ in range(400):
        until_my_turn(app, play, tiles_only=False)
        settle(app)
        draw = next((a for a in play.legal() if a.kind == "draw"), None)
        if draw is not None:
            break
        if any(a.kind == "play" for a in play.legal()):
            play_by_hand(app, play, scene, first_play(play))
        else:  # end the chain, pass ...
            play.press(next(b for b, a in play.decision_buttons() if a in play.legal()))
            play.confirm()
    else:
        pytest.skip("no draw in this deal")
    play.press("draw")
    play.confirm()
    app.frame(STEP)
    drawn = scene.kit.fresh_tile(play.view())
    f = next(f for f in scene.motion.flights if f.lands_in == "hand")
    assert f.tile == tuple(sorted(drawn)) and f.face == tuple(drawn)
    # it starts at the boneyard (the station) and lands in its slot; the slot stays empty meanwhile
    x, y, _, _ = pose(scene, f, f.start)
    assert (round(x), round(y)) == tuple(round(v) for v in scene.camera.world_to_screen(0, 0))
    assert scene.motion.hidden(scene.clock, "hand") == {f.tile}
    slot = scene.hand_rect_list[scene.hand_tiles.index(drawn)].center
    xe, ye, _, _ = pose(scene, f, f.end)
    assert (round(xe), round(ye)) == slot
    # a computer's draw is a back: its face never travels (FAST steps)
    settle(app)
    seen = set()
    for _ in range(round(60 / FAST)):
        app.frame(FAST)
        for g in scene.motion.flights:
            if g.lands_in == "seat" and g.tile[0] == -1:
                seen.add(g.face)
        if seen:
            break
        if play.my_turn():
            if any(a.kind == "play" for a in play.legal()):
                play_by_hand(app, play, scene, first_play(play))
            else:
                play.press(play.decision_buttons()[0][0] if play.decision_buttons() else "draw")
                play.confirm()
    assert seen == {None}


def test_a_pass_shows_a_cue_at_the_seat():
    app, play, scene = setup("cccc", seed=11, delay=0.35)
    for _ in range(round(300 / FAST)):  # FAST steps
        app.frame(FAST)
        cues = [c for c in scene.motion.cues if c.word == "pass"]
        if cues:
            break
    else:
        raise AssertionError("no pass in five minutes of play")
    c = cues[0]
    seat_point = scene.kit.cue_point(scene._layout_now(), play.view(), play, c.seat)
    assert c.at[1:3] == tuple(seat_point)
    assert scene.motion.active(scene.clock)
    frames(app, c.duration + STEP)
    assert c not in scene.motion.cues or c.end <= scene.clock


def test_any_key_or_click_skips_to_the_end_state():
    app, play, scene = setup("hccc")
    until_my_turn(app, play)
    settle(app)
    play_by_hand(app, play, scene, first_play(play))
    assert scene.motion.busy(scene.clock)
    app.stack.handle(Intent(I.CONFIRM, device="keyboard"))
    assert not scene.motion.flights and not scene.motion.hidden(scene.clock)
    assert not scene.showing_move  # the computers go on at their pace from here


def test_undo_during_a_flight_shows_the_undone_state_at_once():
    app, play, scene = setup("hccc", delay=0.35)
    until_my_turn(app, play)
    settle(app)
    before = play.session.cursor
    action = first_play(play)
    play_by_hand(app, play, scene, action)
    assert scene.motion.busy(scene.clock)
    assert play.undo()
    app.frame(STEP)
    assert play.session.cursor == before
    assert not scene.motion.flights and not scene.motion.hidden(scene.clock)
    assert action.tile in play.hand()


def test_reduced_motion_moves_no_tile_and_keeps_the_cues():
    app, play, scene = setup("cccc", seed=11, delay=0.35, reduced_motion=True)
    cues = 0
    start = play.session.cursor
    # FAST steps; done once the play went 20 decisions on with a cue seen
    for _ in range(round(120 / FAST)):
        app.frame(FAST)
        assert not scene.motion.flights
        cues += len(scene.motion.cues)
        if play.session.cursor > start + 20 and cues > 0:
            break
    assert play.session.cursor > start + 20
    assert cues > 0


def test_a_deal_sends_backs_to_every_seat():
    app, play, scene = setup("cccc", seed=5, delay=0.35)
    deal = play.view().deal_no
    for _ in range(round(900 / FAST)):  # FAST steps
        app.frame(FAST)
        if play.view().deal_no != deal and play.phase == AWAY:
            break
        if play.phase == "deal_end":
            play.continue_after_deal()
    backs = [f for f in scene.motion.flights if f.tile[0] == -2]
    assert {f.tile[1] for f in backs} == {-s for s in range(1, 5)}
    assert all(f.face is None for f in backs)


def test_instant_speed_shows_no_travel():
    app, play, scene = setup("cccc", delay=0.0)
    start = play.session.cursor
    for _ in range(50):
        app.frame(STEP)
        assert not scene.motion.flights
    assert play.session.cursor > start


def drag_tile_to(app, scene, tile, pos):
    start = scene.hand_rect_list[scene.hand_tiles.index(tile)].center
    mid = ((start[0] + pos[0]) / 2, (start[1] + pos[1]) / 2)
    for a, b in ((start, mid), (mid, pos)):
        app.stack.handle(Intent(I.DRAG, pos=b, delta=(b[0] - a[0], b[1] - a[1]), device="touch"))
    app.stack.handle(Intent(I.DRAG_END, pos=pos, device="touch"))


@pytest.mark.rule("UX-1")
@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_dragged_tile_snaps_onto_the_nearest_lit_target(game):
    app, play, scene = setup("hccc", game=game)
    until_my_turn(app, play)
    settle(app)
    action = first_play(play)
    key = play.kit.target(action)
    x, y, w, h = scene.camera.world_rect_to_screen(scene.kit.target_rect(scene._layout_now(), key))
    reach = 2 * TILE_W * scene.camera.draw_zoom
    near = None
    for dy in (0.6, -0.6, 0.8, -0.8, 1.0, -1.0):  # beside the target, not on it
        p = (x + w / 2, y + h / 2 + dy * reach)
        play.tap_tile(action.tile) if play.selected != action.tile else None
        if scene.target_at(p) is None:
            near = p
            break
        play.cancel()
    play.cancel()
    play.cancel()
    assert near is not None
    drag_tile_to(app, scene, action.tile, near)
    assert play.pending is not None and play.kit.target(play.pending) == key
    assert not any(f.lands_in == "hand" for f in scene.motion.flights)  # no spring back: it snapped


def test_a_tile_dropped_away_from_every_target_springs_back_to_the_hand():
    app, play, scene = setup("hccc")
    until_my_turn(app, play)
    settle(app)
    action = first_play(play)
    vx, vy, vw, vh = scene.camera.viewport
    far = (vx + 5, vy + vh - 5)
    assert scene.snap_target(far) is None
    drag_tile_to(app, scene, action.tile, far)
    assert play.pending is None
    back = [f for f in scene.motion.flights if f.lands_in == "hand"]
    assert len(back) == 1 and back[0].tile == tuple(sorted(action.tile))
    x, y, _, _ = pose(scene, back[0], back[0].start)
    assert (round(x), round(y)) == far


@pytest.mark.parametrize("game", ["mexican_train", "jamaican"])
def test_the_deal_end_turns_every_hand_face_up_together(game):
    from table_fixtures import SpriteRecorder, play_until
    from game.scenes.deal_end import DealEndScene
    from game.scenes.score_panel import TURN_S
    app, play, scene = setup("hccc", game=game, delay=0.35)
    play_until(play, DEAL_END)
    for _ in range(400):
        app.frame(STEP)
        if isinstance(app.stack.top, DealEndScene):
            break
    end = app.stack.top
    assert isinstance(end, DealEndScene)
    info = play.last_deal_end()
    hands = {tuple(sorted(t)) for h in info.hands[1:] for t in h}
    recorder = SpriteRecorder(scene.sprites)
    app.frame(STEP)
    assert not set(recorder.faces) & hands and recorder.backs > 0  # still turning: backs
    recorder.clear()
    frames(app, TURN_S)
    assert set(recorder.faces) & hands == hands  # every hand face up, together


class Ears:
    """Stands in for game.audio.Audio: what was played, when (on the scene's clock)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.heard: list[tuple[float, str]] = []

    def play_all(self, cues) -> int:
        self.heard += [(self.scene.clock, c) for c in cues]
        return len(cues)


def test_a_tile_clicks_when_it_lands_and_the_human_hears_their_turn():
    app, play, scene = setup("hccc")
    app.audio = ears = Ears(scene)
    until_my_turn(app, play)
    assert any(c == "turn" for _, c in ears.heard)
    settle(app)
    ears.heard.clear()
    action = first_play(play)
    play_by_hand(app, play, scene, action)
    f = next(f for f in scene.motion.flights if f.tile == tuple(sorted(action.tile)))
    assert not [c for _, c in ears.heard if c in ("place", "double")]  # still in the air
    frames(app, f.duration + 2 * STEP)
    clicks = [(t, c) for t, c in ears.heard if c in ("place", "double")]
    assert clicks and abs(clicks[0][0] - f.end) <= 2 * STEP


def test_the_ticker_says_who_played_what_where():
    app, play, scene = setup("cccc", delay=0.35)
    for _ in range(round(20 / STEP)):
        app.frame(STEP)
        plays = [e for e in play.view().history if e[0] == "play"]
        if plays:
            break
    frames(app, 0.05)
    e = [e for e in play.view().history if e[0] == "play"][-1]
    lines = scene.ticker_lines()
    assert lines and play.name(e[1]) in lines[-1] and f"[{e[2][0]}|{e[2][1]}]" in " ".join(lines)


@pytest.mark.rule("MT-4")
def test_the_engine_flies_from_its_holder_to_the_station_and_the_search_draws_in_turn():
    from table_fixtures import play_until
    app, play, scene = setup("cccc", seed=5, delay=0.8)
    play_until(play, DEAL_END)
    app.frame(STEP)  # the first deal's end, all at once
    scene.motion.clear()
    play.continue_after_deal()
    while not isinstance(app.stack.top, TableScene):
        app.stack.pop()
    app.frame(STEP)
    engine = play.view().engine
    holder = next(e[1] for e in reversed(play.view().history) if e[0] == "engine")
    flight = next(f for f in scene.motion.flights if f.tile == (engine, engine))
    seat = scene.kit.seat_point(scene._layout_now(), play.view(), play, holder)
    assert flight.src[1:3] == tuple(seat) and flight.dst[1:3] == (0.0, 0.0)
    assert (engine, engine) in scene.motion.hidden(scene.clock)  # not on the station yet
    assert scene.showing_move  # the first play waits for it


@pytest.mark.rule("MT-5")
def test_the_start_search_draws_fly_one_after_another_before_the_engine():
    from game.motion import Motion
    from game.staging import HandShot, stage
    app, play, scene = setup("cccc", seed=5, delay=0.8)
    from rules.events import as_event
    events = [as_event(e) for e in (("deal", 1, 12), ("search", 3), ("search", 4), ("search", 1), ("search", 2),
                                    ("search", 3), ("engine", 3, (12, 12)))]
    motion = Motion()
    stage(motion, events, 10.0, kit=scene.kit, lay=scene._layout_now(), view=play.view(), play=play,
          before=HandShot(None), after=HandShot(None), seconds=0.5)
    searches = [f for f in motion.flights if f.tile[0] == -1]
    assert [f.tile[1] for f in searches] == [-3, -4, -1, -2, -3]
    starts = [f.start for f in searches]
    assert starts == sorted(starts) and len(set(starts)) == 5
    engine = next(f for f in motion.flights if f.tile == (12, 12))
    assert engine.start > starts[-1]
