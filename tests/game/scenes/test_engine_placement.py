"""Issue 11 (UX-1): the engine's holder at the device previews and confirms placing it
(MT-4), and a start search (MT-5) says how many tiles it gave.  The rules place the
engine with the deal (TRANSCRIPT.md writes no decision for it); the table shows it in
the holder's hand until they confirm, and a computer's engine flies to the station."""
from __future__ import annotations

import pytest

from table_fixtures import FakeApp, make_play

from game.i18n import set_language
from game.play import CHOOSING, AWAY, PREVIEW
from game.scenes.table import TableScene


def at_table(kinds, seed, delay=0.0):
    app = FakeApp((1280, 720))
    play = make_play(kinds, seed)
    play.delay = delay
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    return app, play, scene


@pytest.mark.rule("MT-4")
def test_the_holder_previews_and_confirms_placing_the_engine():
    set_language("en")
    app, play, scene = at_table("hccc", seed=5)
    engine = play.session.view(1).engine
    double = (engine, engine)
    assert play.phase == CHOOSING and play.setup is not None and tuple(play.setup.tile) == double
    assert play.legal() == (play.setup,) and double in [tuple(t) for t in play.hand()]
    assert "place it on the station" in play.kit.prompt(play)
    cursor = play.session.cursor
    play.press("place_engine")
    assert play.phase == PREVIEW and play.pending == play.setup
    assert scene.kit.ghost(scene._layout_now(), play.view(), play.pending) is not None
    assert play.session.cursor == cursor  # nothing is carried out before the confirm (UX-1)
    play.cancel()
    play.tap_tile(play.setup.tile)  # tapping the engine in the hand previews it too
    assert play.phase == PREVIEW
    play.confirm()
    assert play.setup is None and play.session.cursor == cursor
    assert double not in [tuple(t) for t in play.hand()]
    assert play.legal() == play.view().legal and any(a.kind == "play" for a in play.legal())


@pytest.mark.rule("MT-4")
def test_the_engine_stays_off_the_station_until_confirmed():
    from table_fixtures import SpriteRecorder
    app, play, scene = at_table("hccc", seed=5)
    engine = play.session.view(1).engine
    rec = SpriteRecorder(scene.sprites)
    scene.chrome.key = None
    app.frame()
    # drawn once: in the hand only (the station's copy is hidden)
    assert rec.faces.count((engine, engine)) == 1
    play.press("place_engine")
    play.confirm()
    rec.clear()
    scene.chrome.key = None
    app.frame()
    assert rec.faces.count((engine, engine)) == 1  # now on the station, no longer in the hand


@pytest.mark.rule("MT-5")
def test_a_start_search_says_how_many_tiles_it_gave():
    set_language("en")
    app, play, scene = at_table("hccc", seed=11)
    assert play.setup is not None
    drew = sum(1 for e in play.view().history if e[0] == "search" and e[1] == 1)
    assert drew == 5
    assert "you drew 5 tiles" in play.kit.prompt(play)


def test_a_computer_holder_places_the_engine_at_its_pace_with_a_flight():
    from table_fixtures import play_until
    from game.play import DEAL_END
    app, play, scene = at_table("cccc", seed=5, delay=0.8)
    play_until(play, DEAL_END)
    play.continue_after_deal()
    while not isinstance(app.stack.top, TableScene):
        app.stack.pop()
    app.frame()
    engine = play.view().engine
    holder = next(e[1] for e in reversed(play.view().history) if e[0] == "engine")
    flight = next(f for f in scene.motion.flights if f.tile == (engine, engine))
    seat = scene.kit.seat_point(scene._layout_now(), play.view(), play, holder)
    assert flight.src[1:3] == tuple(seat) and flight.dst[1:3] == (0.0, 0.0)
    assert play.setup is None and scene.showing_move  # the first play waits for it


def test_undo_after_the_first_play_keeps_the_engine_placed():
    app, play, scene = at_table("hccc", seed=5)
    play.press("place_engine")
    play.confirm()
    action = next(a for a in play.legal() if a.kind == "play")
    play.tap_tile(action.tile)
    if play.pending != action:
        play.tap_target(play.kit.target(action))
    play.confirm()
    while play.phase == AWAY:
        play.step_computer()
    assert play.undo()
    assert play.setup is None  # undoing a play does not ask for the engine again


@pytest.mark.rule("MT-4")
def test_behind_the_curtain_the_engine_waits_in_its_holders_hand():
    from game.play import CURTAIN
    from table_fixtures import SpriteRecorder
    app2, play2, scene2 = at_table("hhcc", seed=5)  # two humans: the holder (seat 1) behind the curtain
    assert play2.phase == CURTAIN and play2.curtain_for == 1
    engine = play2.session.view(1).engine
    rec = SpriteRecorder(scene2.sprites)
    scene2.chrome.key = None
    app2.frame()
    assert (engine, engine) not in rec.faces  # not on the station, and no hand is shown
    play2.reveal()
    assert play2.setup is not None and play2.phase == CHOOSING
