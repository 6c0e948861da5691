"""Issue 37 and UX-9: a phone table that no phone can stop, and whose big screen shows a phone's
preview only as where it goes.

The program runs headless with phone seats (``test_phone_seats``'s driver: aiohttp clients
over loopback, the frames in the same thread).  The App is not strict here: an exception in a
frame is reported as a player would see it (an error dialog, ``App.errors``), which is what
these tests must never find.
"""
from __future__ import annotations

import asyncio

import pytest

from game import play as play_mod
from game.phones.link import Preview
from game.phones.server import PhoneRequest
from game.scenes.overlays import MessageScene
from test_phone_seats import STEP, _play, _start

GAMES = ["mexican_train", "cuban", "jamaican"]


def _phone_turn_with_a_play(app, seat: int = 1, limit: int = 4000):
    """Frames until ``seat`` (a phone) is to act with a tile to play; other decisions of that
    seat (a draw, a pass, Accept) are confirmed as its phone would."""
    play = app.play_state
    for _ in range(limit):
        legal = play.session.legal_actions() if play.phase == play_mod.AWAY else []
        if play.session.to_act() == seat and legal:
            plays = [a for a in legal if a.kind == "play"]
            if plays:
                return plays
            play.sources[seat - 1].confirm(play.session.cursor, legal[0])
        app.frame(dt=STEP)
    raise AssertionError("the phone seat never had a tile to play")


def _ghost_looks(table, monkeypatch) -> list[str]:
    """What the table drew as a ghost since the call: "face" or "back", one per ghost."""
    looks: list[str] = []
    sprites = table.sprites
    face, back = sprites.face, sprites.back

    def spy_face(first, second, short, vertical, look="face"):
        if look == "ghost":
            looks.append("face")
        return face(first, second, short, vertical, look)

    def spy_back(short, vertical=True, look="face"):
        if look == "ghost":
            looks.append("back")
        return back(short, vertical, look)

    monkeypatch.setattr(sprites, "face", spy_face)
    monkeypatch.setattr(sprites, "back", spy_back)
    return looks


@pytest.mark.rule("UX-9")
@pytest.mark.parametrize("game", GAMES)
def test_a_phones_preview_shows_the_room_where_it_goes_never_the_tile(game, monkeypatch):
    """UX-9: the big screen shows a phone's previewed play face down on its target (the face
    of a tile previewed and cancelled had been shown to everyone); once confirmed, the tile
    lies face up."""
    app = _start(game, "phone,computer,computer,computer" if game != "mexican_train" else "phone,computer")
    try:
        table = list(app.stack)[0]
        app.stack.top.back()  # the host's Start on the join screen
        plays = _phone_turn_with_a_play(app)
        looks = _ghost_looks(table, monkeypatch)
        app.phones.link.handle(PhoneRequest(1, "preview", 0, plays[0], 0))
        app.frame(dt=STEP)
        assert looks and set(looks) == {"back"}, looks
        table.draw(app.screen)  # and the same with the table drawn again later
        assert set(looks) == {"back"}
        # the device's own preview (a human at the screen) still shows its face: UX-1
        assert "face" in _device_preview_looks(monkeypatch)
    finally:
        app.close()


def _device_preview_looks(monkeypatch) -> list[str]:
    from shell_driver import make_app
    from game.__main__ import match_seats, parse_args
    from rules import Config, Session
    app = make_app(persist=False)
    try:
        app.settings["computer_speed"] = "instant"
        app.start(resume=False)
        app.start_match(Session(Config("cuban", 4, 5)), match_seats(parse_args(["--seats", "device,computer,computer,computer"]).seats))
        play = app.play_state
        for _ in range(3000):
            legal = play.session.legal_actions() if play.my_turn() else []
            plays = [a for a in legal if a.kind == "play"]
            if plays:
                break
            if legal:
                play.apply(legal[0])
            app.frame(dt=STEP)
        table = app.stack.top
        looks = _ghost_looks(table, monkeypatch)
        play.pick.preview(plays[0])
        table.draw(app.screen)
        return looks
    finally:
        app.close()


@pytest.mark.rule("UX-9")
def test_a_phones_undo_takes_back_only_its_own_seats_decision():
    """UX-9 (UX-6): a phone's undo is refused when the seat's last decision is not the latest
    human one, and takes back its own decision (and the computers' after it) when it is."""
    app = _start("mexican_train", "phone,phone")
    try:
        app.stack.top.back()
        play = app.play_state
        link = app.phones.link
        told: list[tuple[int, str]] = []
        link.server.tell = lambda seat, key: told.append((seat, key))  # type: ignore[method-assign]
        decided: set[int] = set()
        for _ in range(400):  # every decision of both phones, until each has made one
            seat = play.session.to_act()
            if len(decided) == 2:
                break
            if play.phase == play_mod.AWAY and seat is not None:
                source = play.sources[seat - 1]
                if not source.applying(play.session.cursor):
                    source.confirm(play.session.cursor, play.session.legal_actions()[0])
                    decided.add(seat)
            app.frame(dt=STEP)
        for _ in range(60):  # the last confirm lands
            app.frame(dt=STEP)
        history = play.session.view(1).history
        last = next(e.seat for e in reversed(history) if getattr(e, "seat", None) in (1, 2))
        other = 1 if last == 2 else 2
        before = play.session.cursor
        link.handle(PhoneRequest(other, "undo", 0))
        assert play.session.cursor == before and (other, "phone.error_not_offered") in told
        link.handle(PhoneRequest(last, "undo", 0))
        assert play.session.cursor < before
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_preview_made_before_a_confirm_lands_never_outlives_its_position(game):
    """Issue 37, item 1: right after a confirm the table still shows the old position while
    the move travels; a preview sent then was stored, and when the seat's turn came back with
    other ends, drawing its ghost raised ValueError and opened a dialog that stopped the
    table.  Now it is refused (the seat is applying), and a preview stored on an old position
    is dropped, never drawn."""
    app = _start(game, "phone,computer,computer,computer" if game != "mexican_train" else "phone,computer")
    try:
        app.strict = False
        app.stack.top.back()
        play, link = app.play_state, app.phones.link
        told: list[tuple[int, str]] = []
        link.server.tell = lambda seat, key: told.append((seat, key))  # type: ignore[method-assign]
        plays = _phone_turn_with_a_play(app)
        first, other = plays[0], plays[-1]
        link.handle(PhoneRequest(1, "preview", 0, first, 0))
        link.handle(PhoneRequest(1, "confirm", 0, first, 0))
        assert link.state_for(1)["applying"] and link.state_for(1)["legal"] == []
        link.handle(PhoneRequest(1, "preview", 0, other, 0))  # the second tap, 30 ms later
        assert (1, "phone.error_applying") in told and 1 not in link.previews
        # and a preview left over from a position that is gone (as the old code kept one)
        link.previews[1] = Preview(other, False, play.sources[0].position)
        for _ in range(3):
            app.frame(dt=STEP)
        assert play.session.cursor > 0 and first not in play.session.legal_actions()
        _phone_turn_with_a_play(app)
        for _ in range(5):
            app.frame(dt=STEP)
        assert link.preview_for(1) is None and 1 not in link.previews
        assert app.errors == [] and not any(isinstance(s, MessageScene) for s in app.stack)
    finally:
        app.close()


def _fail_once(target, name: str, monkeypatch, failures: list) -> None:
    """``target.name`` raises the first time it is called, then works."""
    real = getattr(target, name)

    def failing(*args, **kwargs):
        if not failures:
            failures.append(name)
            raise RuntimeError(f"injected failure in {name}")
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, failing)


@pytest.mark.parametrize("stage", ["handling", "applying", "ghost", "publishing"])
def test_a_failure_in_any_stage_of_a_phones_request_costs_that_request_only(stage, monkeypatch):
    """Issue 37: an error while handling, applying, drawing the ghost of, or publishing what a
    phone sent is logged, that request dropped, the phone told, and the deal still reaches its
    end with no dialog at the big screen (with phones only, nobody is there to close it)."""
    app = _start("cuban", "phone,computer,phone,computer")
    try:
        app.strict = False
        link = app.phones.link
        failures: list[str] = []
        if stage == "handling":
            _fail_once(link, "_handle", monkeypatch, failures)
        elif stage == "applying":
            _fail_once(app.play_state.session, "apply", monkeypatch, failures)
            # the first decision of the deal is the phone's (seat 1 Accepts, CU-4); a computer's
            # own decision failing is not what this test is about
            assert app.play_state.session.to_act() in (1, 3)
        elif stage == "ghost":
            table = list(app.stack)[0]
            _fail_once(table.kit, "ghost", monkeypatch, failures)
        else:
            _fail_once(link, "state_for", monkeypatch, failures)
        phones = asyncio.run(_play(app, lambda a: a.play_state.phase == play_mod.DEAL_END))
        assert failures == [{"handling": "_handle", "applying": "apply", "ghost": "ghost",
                             "publishing": "state_for"}[stage]]
        assert all(p.decisions > 0 for p in phones)
        assert app.errors == [] and not any(isinstance(s, MessageScene) for s in app.stack)
        if stage in ("handling", "applying"):
            assert any(e == "phone.error_failed" for p in phones for e in p.errors)
    finally:
        app.close()


def test_a_phones_hint_is_the_same_judgement_as_the_hint_at_the_device(monkeypatch):
    """Issue 40: the hint is the coach's own judgement (``game.hints.suggestion``); a phone's
    hint used the bot's quick choice, so the coach could call a phone's hint a mistake."""
    from game import hints
    from rules import bots
    from rules.rng import stream
    app = _start("cuban", "phone,computer,computer,computer")
    try:
        app.stack.top.back()
        play = app.play_state
        plays = _phone_turn_with_a_play(app)
        session = play.session
        quick = bots.hint(session.view(1), stream(session.config.seed, "hint", session.cursor))
        judged = next((a for a in session.legal_actions() if a != quick), None)
        if judged is None:
            judged = plays[0]
        monkeypatch.setattr(hints.coach, "judgement", lambda view, seed, cursor: judged)
        app.phones.link.handle(PhoneRequest(1, "hint", 0))
        assert app.phones.link.preview_for(1) == judged == hints.suggestion(session, session.view(1))
        assert app.phones.link.state_for(1)["pending_is_hint"]
    finally:
        app.close()
