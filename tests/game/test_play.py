"""The play state machine (game.play): phases, UX-1..UX-3, UX-5, UX-6, MT-20."""
from __future__ import annotations

import pytest

from table_fixtures import make_play  # noqa: F401  (sets the SDL dummy drivers)

from game.play import (AWAY, CURTAIN, DEAL_END, MATCH_END, PREVIEW, PlayState,
                       computer_delay)
from rules import Config, Session
from rules.actions import DRAW, Action
from rules.chance import Deal
from rules.session import SETUP_KINDS
from rules.rng import stream


def decide_by_taps(play: PlayState, rng) -> None:
    """One human decision made the way a pointer would: tile, target, confirm (UX-1)."""
    legal = play.legal()
    action = legal[rng.randrange(len(legal))]
    if action.kind == "play":
        play.tap_tile(action.tile)
        if not (play.phase == PREVIEW and play.pending == action):
            play.tap_target(play.kit.target(action))
        assert play.phase == PREVIEW and play.pending == action
        cursor = play.session.cursor
        play.confirm()
        assert play.session.cursor > cursor
    else:
        button = next(bid for bid, a in play.decision_buttons() if a == action)
        play.press(button)
        assert play.phase == PREVIEW and play.pending == action
        play.press(button)  # a second press confirms


def run_until(play: PlayState, stop, rng, limit: int = 5000) -> None:
    for _ in range(limit):
        if stop(play):
            return
        if play.phase == CURTAIN:
            play.reveal()
        elif play.phase == AWAY:
            assert play.step_computer()
        elif play.phase == DEAL_END:
            play.continue_after_deal()
        elif play.phase == MATCH_END:
            return
        else:
            decide_by_taps(play, rng)
    raise AssertionError("did not reach the stop condition")


def test_whole_match_two_humans_two_computers_reaches_match_end():
    """MT-3: 13 deals, then the match end with the lowest total winning (MT-18)."""
    play = make_play("hhcc", seed=3)
    rng = stream(3, "test")
    deals_seen = []
    run_until(play, lambda p: p.phase == MATCH_END or (p.phase == DEAL_END and deals_seen.append(1)), rng,
              limit=20000)
    assert play.phase == MATCH_END
    info = play.match_end()
    totals = info.totals
    assert set(info.winners) == {s for s in range(1, 5) if totals[s] == min(totals[1:])}
    assert play.session.state.deal_no == 13


def test_computer_only_decisions_come_from_seeded_streams():
    """Same seed, same decisions: nothing random escapes the match seed."""
    logs = []
    for _ in range(2):
        play = make_play("cccc", seed=21)
        for _ in range(150):
            if play.phase == DEAL_END:
                play.continue_after_deal()
            play.step_computer()
        logs.append(play.session.log)
    assert logs[0] == logs[1]


def test_curtain_whenever_the_next_decision_belongs_to_another_human():
    """UX-3: no hand is on screen while the device passes between humans."""
    play = make_play("hhcc", seed=5)
    rng = stream(5, "curtain")
    on_screen = None
    curtains = 0
    for _ in range(400):
        if play.phase == DEAL_END:
            play.continue_after_deal()
            on_screen = None
            continue
        seat = play.session.to_act()
        if play.phase == CURTAIN:
            curtains += 1
            assert play.hand_seat() is None and play.hand() == []
            assert seat != on_screen
            assert play.curtain_for == seat
            play.reveal()
            on_screen = seat
            assert play.hand_seat() == seat
        elif play.phase == AWAY:
            play.step_computer()
        else:
            assert seat == on_screen == play.hand_seat()
            decide_by_taps(play, rng)
    assert curtains > 3


def test_single_human_never_sees_a_curtain():
    play = make_play("hccc", seed=8)
    rng = stream(8, "single")
    for _ in range(300):
        assert play.phase != CURTAIN
        if play.phase == AWAY:
            play.step_computer()
        elif play.phase == DEAL_END:
            play.continue_after_deal()
        else:
            decide_by_taps(play, rng)


def test_tile_without_a_legal_play_cannot_be_selected_and_targets_light_up():
    play = make_play("hccc", seed=4)
    run_until(play, lambda p: p.my_turn() and p.playable_tiles() and len(p.playable_tiles()) < len(p.hand()),
              stream(4, "x"))
    dead = next(t for t in play.hand() if t not in play.playable_tiles())
    play.tap_tile(dead)
    assert play.selected is None and play.pending is None
    live = next(iter(play.playable_tiles()))
    play.tap_tile(live)
    expected = {a.train for a in play.legal() if a.kind == "play" and a.tile == live}
    assert set(play.targets()) == expected


def test_preview_then_cancel_changes_nothing():
    """UX-1: a preview waits for a confirm; cancel goes back."""
    play = make_play("hccc", seed=9)
    run_until(play, lambda p: p.my_turn() and p.playable_tiles(), stream(9, "x"))
    t = next(iter(play.playable_tiles()))
    cursor = play.session.cursor
    play.tap_tile(t)
    if play.phase != PREVIEW:
        play.tap_target(play.targets()[0])
    assert play.phase == PREVIEW
    play.cancel()
    assert play.phase != PREVIEW and play.pending is None
    play.cancel()
    assert play.selected is None
    assert play.session.cursor == cursor


def test_drawn_tile_stays_hidden_until_the_draw_is_confirmed():
    """UX-2: previewing a draw does not put the tile in the hand; confirming does."""
    play = make_play("hccc", seed=2)
    run_until(play, lambda p: p.my_turn() and DRAW in p.legal(), stream(2, "d"))
    before = list(play.hand())
    play.press("draw")
    assert play.phase == PREVIEW and play.pending == DRAW
    assert play.hand() == before
    play.confirm()
    after = play.hand()
    assert len(after) == len(before) + 1
    assert play.session.view(1).drawn


def test_undo_takes_back_the_human_decision_and_the_computer_replies_redo_restores_them():
    """UX-6."""
    play = make_play("hccc", seed=12)
    rng = stream(12, "u")
    run_until(play, lambda p: p.my_turn() and len(p.decision_seats()) > 6, rng)
    cursor_before = play.session.cursor
    log_before = play.session.log
    decide_by_taps(play, rng)
    while play.phase == AWAY:
        play.step_computer()
    if play.phase == DEAL_END:
        pytest.skip("the deal ended on this decision")
    log_after = play.session.log
    assert play.can_undo()
    assert play.undo()
    assert play.session.log == log_before and play.session.cursor == cursor_before
    assert play.session.to_act() == 1 and play.my_turn()
    assert play.can_redo()
    assert play.redo()
    assert play.session.log == log_after
    assert not play.can_redo()


def test_undo_refuses_another_humans_decision():
    """UX-6: a human's decision is undone only where that human is at the device."""
    play = make_play("hhcc", seed=6)
    rng = stream(6, "o")
    run_until(play, lambda p: p.phase == CURTAIN and any(s in (1, 2) for s in p.decision_seats()), rng)
    assert not play.can_undo()  # the curtain is up: nobody's hand is on screen
    play.reveal()
    seats = play.decision_seats()
    last_human = next(s for s in reversed(seats) if s in (1, 2))
    assert last_human != play.viewer
    assert not play.can_undo() and not play.undo()


def test_computer_turns_are_paced_and_pause_while_an_overlay_is_open():
    """UX-5: no computer decision while ``paused`` is set."""
    play = make_play("hccc", seed=1)
    run_until(play, lambda p: p.phase == AWAY, stream(1, "p"))
    play.delay = 0.5
    cursor = play.session.cursor
    play.paused = True
    for _ in range(100):
        play.update(0.1)
    assert play.session.cursor == cursor
    play.paused = False
    play.update(0.3)
    assert play.session.cursor == cursor
    assert play.update(0.3)
    assert play.session.cursor == cursor + 1


def test_speed_setting_names_and_numbers():
    assert computer_delay("slow") > computer_delay("normal") > computer_delay("fast") > computer_delay("instant") == 0
    assert computer_delay(0.25) == 0.25
    assert computer_delay("nonsense") == computer_delay("normal")


@pytest.mark.rule("MT-20")
@pytest.mark.rule("CU-12")
@pytest.mark.rule("JA-9")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_restart_deal_keeps_hands_and_next_match_resets_totals(game):
    """Restart: back to this deal's start, the same hands, the earlier totals kept.
    Next match (once the match is over): every total at zero, the first deal again."""
    from table_fixtures import seats_of
    seed = {"mexican_train": 14, "cuban": 16, "jamaican": 14}[game]  # seeds whose match outlasts hand 2
    play = PlayState(Session(Config(game, 4, seed)), seats_of("hccc"), delay=0.0)
    rng = stream(seed, "r")
    def deal_start(session) -> int:
        """Just after this deal was dealt and its setup decisions (CU-4, CU-5, JA-3) made."""
        log, start = session.log, max(i for i, e in enumerate(session.log) if isinstance(e, Deal)) + 1
        while start < len(log) and isinstance(log[start], Action) and log[start].kind in SETUP_KINDS:
            start += 1
        return start

    run_until(play, lambda p: p.my_turn() and p.session.state.deal_no == 2
              and p.session.cursor - deal_start(p.session) >= 4, rng)
    assert play.my_turn() and play.session.state.deal_no == 2  # not the match's end
    session = play.session
    start = deal_start(session)
    at_start = session.view_at(start, 1)
    totals, cursor = play.view().totals, session.cursor
    assert cursor > start  # decisions of this deal were made
    play.restart_deal()
    assert session.cursor == start and play.view().totals == totals
    assert sorted(play.session.view(1).hand) == sorted(at_start.hand)
    assert play.session.view(1).history == at_start.history
    assert not play.next_match()  # only once the match is over
    run_until(play, lambda p: p.phase == MATCH_END, rng, limit=60000)
    assert any(play.view().totals[1:])
    assert play.next_match()
    view = play.view()
    assert view.match_no == 2 and view.deal_no == 1 and not any(view.totals[1:])


def test_keyboard_alone_makes_every_kind_of_decision():
    """UX-7: arrows move over hand tiles, targets and buttons; Enter confirms."""
    play = make_play("hccc", seed=10)
    rng = stream(10, "k")
    kinds = set()
    for _ in range(600):
        if play.phase == AWAY:
            play.step_computer()
            continue
        if play.phase == DEAL_END:
            play.activate()  # Enter leaves the reveal
            continue
        if play.phase == MATCH_END:
            break
        legal = play.legal()
        action = legal[rng.randrange(len(legal))]
        cursor = play.session.cursor
        keyboard_decide(play, action)
        if action.kind == "place_engine":  # MT-4: confirmed at the table; the rules placed it
            assert play.session.cursor == cursor and play.setup is None
            kinds.add(action.kind)
            continue
        assert play.session.cursor == cursor + 1
        assert play.session.log[-1] == action or play.session.log[-2] == action
        kinds.add(action.kind)
    assert {"play", "draw", "pass"} <= kinds


def keyboard_decide(play: PlayState, action) -> None:
    def go(zone):
        for _ in range(6):
            if play.focus == zone:
                return
            play.move("down" if ("hand", "buttons", "targets", "table").index(zone)
                      < ("hand", "buttons", "targets", "table").index(play.focus) else "up")
        assert play.focus == zone

    if action.kind == "play":
        go("hand")
        for _ in range(40):
            if play.focused() == action.tile:
                break
            play.move("right")
        play.activate()
        if not (play.phase == PREVIEW and play.pending == action):
            assert play.focus == "targets"
            for _ in range(20):
                if play.pending == action:
                    break
                play.move("right")
        assert play.pending == action
        play.activate()
    else:
        go("buttons")
        for _ in range(20):
            if play.focused() == action.kind:
                break
            play.move("right")
        play.activate()
        assert play.pending == action
        play.activate()


def test_on_change_is_called_after_every_applied_action():
    calls = []
    session = Session(Config("mexican_train", 2, 4))
    from table_fixtures import seats_of
    play = PlayState(session, seats_of("hc"), on_change=calls.append, delay=0)
    run_until(play, lambda p: len(calls) >= 5, stream(4, "c"))
    assert all(c is session for c in calls)


@pytest.mark.rule("UX-1")
@pytest.mark.rule("UX-4")
@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_hint_previews_a_legal_move_and_plays_nothing(game):
    """UX-1, UX-4: the hint is a preview from the seat's own view; only a confirm plays it."""
    from table_fixtures import seats_of
    play = PlayState(Session(Config(game, 4, 15)), seats_of("hccc"), delay=0.0)
    run_until(play, lambda p: p.my_turn() and p.setup is None, stream(15, "h"))
    cursor = play.session.cursor
    play.hint()
    assert play.phase == PREVIEW and play.pending_is_hint
    assert play.pending in play.legal()
    assert play.session.cursor == cursor
    hinted = play.pending
    play.confirm()
    assert play.session.log[cursor] == hinted


def test_a_demo_moves_past_deal_ends_by_itself_but_a_human_table_waits():
    demo = make_play("cccc", seed=17)
    for _ in range(2000):
        demo.update(0.5)
        if demo.session.state.deal_no >= 2:
            break
    assert demo.session.state.deal_no >= 2
    play = make_play("hccc", seed=17)
    run_until(play, lambda p: p.phase == DEAL_END, stream(17, "w"))
    for _ in range(100):
        play.update(1.0)
    assert play.phase == DEAL_END


def test_score_log_adds_up_to_the_totals():
    """UX-3 / MT-17: the deal-by-deal penalties shown at a deal end sum to each total."""
    play = make_play("hccc", seed=27)
    rng = stream(27, "log")
    run_until(play, lambda p: p.phase == DEAL_END and len(p.score_log()) == 3, rng, limit=20000)
    log = play.score_log()
    assert [d for d, _ in log] == [1, 2, 3]
    info = play.last_deal_end()
    for seat in range(1, 5):
        assert sum(pen[seat] for _, pen in log) == info.totals[seat]


@pytest.mark.parametrize("seed", [41, 42, 43])
def test_random_sessions_with_undo_redo_and_restart_keep_the_invariants(seed):
    """Many random steps: two humans, undo/redo/restart mixed in (UX-3, UX-6, MT-20)."""
    play = make_play("hchc", seed=seed)
    rng = stream(seed, "fuzz")
    for _ in range(700):
        if play.phase == MATCH_END:
            break
        assert (play.hand_seat() is None) == (play.phase in (CURTAIN, DEAL_END, MATCH_END) or play.viewer is None)
        if play.hand_seat() is not None:
            # the hand as the rules have it, and the engine until its holder places it (MT-4)
            engine = [play.setup.tile] if play.setup is not None else []
            assert sorted(play.hand()) == sorted(list(play.session.view(play.viewer).hand) + engine)
        if play.phase == CURTAIN:
            assert play.hand() == [] and not play.can_undo()
            play.reveal()
        elif play.phase == AWAY:
            play.step_computer()
        elif play.phase == DEAL_END:
            play.continue_after_deal()
        else:
            roll = rng.random()
            if roll < 0.08 and play.can_undo():
                count = play.undo_count()
                log = play.session.log
                decisions = len(play.decision_seats())
                assert play.undo()
                assert len(play.decision_seats()) == decisions - count
                assert play.my_turn() and play.session.to_act() == play.viewer
                if rng.random() < 0.5:
                    assert play.redo() and play.session.log == log
            elif roll < 0.1:
                deal = play.session.state.deal_no
                play.restart_deal()
                assert play.session.state.deal_no == deal
            else:
                decide_by_taps(play, rng)
    assert play.session.cursor > 0


def test_during_the_reveal_the_table_is_the_one_the_deal_ended_with():
    """The seeded session deals the next deal at once; the reveal still shows the last table."""
    play = make_play("hccc", seed=29)
    run_until(play, lambda p: p.phase == DEAL_END, stream(29, "final"))
    final = play.view()
    info = play.last_deal_end()
    assert final.deal_no == info.deal_no
    last_play = next(e for e in reversed(final.history) if e[0] == "play")
    assert last_play[2] in final.train(last_play[3]).tiles
    assert play.session.state.deal_no == info.deal_no + 1  # the next deal is already dealt
    play.continue_after_deal()
    assert play.view().deal_no == info.deal_no + 1
    assert not any(t.tiles for t in play.view().trains)


@pytest.mark.rule("UX-1")
def test_enter_confirms_a_hinted_pass_whatever_the_cursor_is_on():
    """After a draw that does not fit, the hint previews the pass while the cursor sits on the
    tile just drawn: Enter carries out the previewed pass (it used to act on the tile)."""
    play = make_play("hccc", seed=4)
    run_until(play, lambda p: p.my_turn() and {a.kind for a in p.legal()} == {"pass"}
              and p.view().drawn, stream(4, "hinted-pass"))
    assert play.focus == "hand"  # the cursor went to the drawn tile (UX-2)
    play.hint()
    assert play.phase == PREVIEW and play.pending.kind == "pass"
    cursor = play.session.cursor
    play.activate()
    assert play.session.cursor == cursor + 1
    assert play.session.log[cursor].kind == "pass"
