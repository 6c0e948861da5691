"""The line games' hands as the screens count and show them (issue 28, items 4, 5 and 6).

Seeded matches played to their end by the program's own computer players; the
deal end, the match end, the status bar, the log and the history summary read
back what they show.  Hands are counted by their ends, so a redeal for five
doubles (CU-4) does not make a new hand; a Jamaican win that resets both totals
(JA-7) says so and shows no points; the match end lists every hand, the first one
too.
"""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from game import history
from game.play import DEAL_END, MATCH_END, PlayState
from game.scenes.deal_end import DealEndScene
from game.scenes.match_end import MatchEndScene
from game.scenes.overlays import history_lines
from game.table.sprites import Sprites
from rules import Config, Session

from table_fixtures import FakeApp, play_until, seats_of

#: Cuban, one human, seed 9: hand 1 is redealt (a computer holds five doubles, CU-4), then
#: five hands are played in six deals.
REDEAL_SEED = 9
#: Cuban, one human, seed 1: seven hands, every one of them fits the match end's list.
SEVEN_HANDS_SEED = 1
#: Jamaican, one human, seed 1: several wins reset both totals to 0 (JA-7).
RESET_SEED = 1


def finished(game: str, seed: int) -> PlayState:
    play = PlayState(Session(Config(game, 4, seed)), seats_of("hccc"), delay=0.0)
    play_until(play, MATCH_END)
    return play


def texts(scene, size=(1280, 720)) -> list[str]:
    """Every text the scene draws in one frame over the window of ``size``."""
    app = scene.app
    if app.screen.get_size() != size:
        import pygame
        app.screen = pygame.display.set_mode(size)
    scene.draw(app.screen)
    return [laid.text for laid in scene.boxes.laid]


def scene_over(cls, play: PlayState, size=(1280, 720)):
    app = FakeApp(size)
    app.persist = False
    app.settings["reduced_motion"] = True
    table = SimpleNamespace(sprites=Sprites("pips", "standard"), show_focus=False)
    scene = cls(app, play, table)
    app.stack.push(scene)
    return scene


def listed_hands(words: list[str]) -> list[int]:
    return [int(m.group(1)) for w in words if (m := re.match(r"Hand (\d+): ", w))]


# ------------------------------------------------------------------ item 4


@pytest.mark.rule("CU-10")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_the_cuban_match_end_lists_every_hand_from_the_first(size):
    play = finished("cuban", SEVEN_HANDS_SEED)
    ends = [e for e in play.view().history if e[0] == "deal_end"]
    assert len(ends) == 7
    words = texts(scene_over(MatchEndScene, play, size), size)
    assert listed_hands(words) == list(range(1, 8)), words
    # the hands listed add up to the winners' total
    rows = [w for w in words if re.match(r"Hand \d+: team 2 \+", w)]
    assert sum(int(w.rsplit("+", 1)[1]) for w in rows) == play.match_end().totals[2]


# ------------------------------------------------------------------ item 6


@pytest.mark.rule("CU-4")
def test_a_redeal_for_five_doubles_is_not_a_new_hand():
    play = PlayState(Session(Config("cuban", 4, REDEAL_SEED)), seats_of("hccc"), delay=0.0)
    play_until(play, DEAL_END)
    events = [e[0] for e in play.view().history]
    assert events.count("redeal") == 1 and events.count("deal") == 2  # hand 1 was dealt twice
    kit = play.kit
    assert kit.status_parts(play, play.view())[0] == "Hand 1"
    words = texts(scene_over(DealEndScene, play))
    assert "Hand 1 is over" in words and "Hand 2 is over" not in words
    log = " ".join(history_lines(play.view().history, play.name, kit=kit))
    assert re.findall(r"<b>Hand (\d+)</b>", log) == ["1", "1"]  # the deal, and the deal again

    play.continue_after_deal()
    play_until(play, MATCH_END)
    assert kit.status_parts(play, play.view())[0] == "Hand 5"
    words = texts(scene_over(MatchEndScene, play))
    assert listed_hands(words) == [1, 2, 3, 4, 5], words
    log = " ".join(history_lines(play.view().history, play.name, kit=kit))
    assert re.findall(r"<b>Hand (\d+)</b>", log) == ["1", "1", "2", "3", "4", "5"]
    summary = history.summarise(play.session, play.seats)
    assert summary["deals"] == 5


@pytest.mark.rule("CU-4")
def test_the_replay_names_the_deal_after_a_redeal_by_its_hand():
    from game.scenes.replay import Replay
    play = finished("cuban", REDEAL_SEED)
    replay = Replay(play.session, play.seats, private=False)
    assert [d.deal_no for d in replay.deals] == [1, 1, 2, 3, 4, 5]


# ------------------------------------------------------------------ item 5


def reset_hand_end(play: PlayState) -> bool:
    """Drive ``play`` to the next hand end; True when that hand reset both totals (JA-7)."""
    play_until(play, DEAL_END)
    history_ = play.view().history
    last = max(i for i, e in enumerate(history_) if e[0] == "deal_end")
    return any(e[0] == "reset" for e in history_[last:])


@pytest.mark.rule("JA-7")
def test_a_six_love_reset_shows_no_points_at_the_hand_end():
    play = PlayState(Session(Config("jamaican", 4, RESET_SEED)), seats_of("hccc"), delay=0.0)
    for _ in range(40):
        if reset_hand_end(play):
            break
        play.continue_after_deal()
    else:
        raise AssertionError("no six love reset in 40 hands")
    info = play.last_deal_end()
    assert info.totals[1:] == (0, 0) and info.extra[1] >= 1  # the rule: the hand was won, nothing scored
    result = play.kit.hand_result(play, info)
    assert "+" not in result and "no points" in result
    words = texts(scene_over(DealEndScene, play))
    assert result in words
    assert not any(re.search(r"team \d \+\d", w) for w in words), words
    assert any(w.startswith("Six love") for w in words)
    log = history_lines(play.view().history, play.name, kit=play.kit)
    last_end = max(i for i, line in enumerate(log) if line.startswith("<b>Hand over"))
    assert "+" not in log[last_end] and "both totals back to 0" in log[last_end]


@pytest.mark.rule("JA-7")
def test_the_jamaican_match_end_and_summary_count_no_points_for_a_reset_hand():
    play = finished("jamaican", RESET_SEED)
    view = play.view()
    ends = [i for i, e in enumerate(view.history) if e[0] == "deal_end"]
    resets = {n for n, i in enumerate(ends, start=1) if view.history[i + 1][0] == "reset"}
    assert resets
    words = texts(scene_over(MatchEndScene, play))
    rows = {int(m.group(1)): w for w in words if (m := re.match(r"Hand (\d+): ", w))}
    assert rows and max(rows) == len(ends)  # the last hands, numbered as played
    shown_resets = [n for n in rows if n in resets]
    assert shown_resets, (rows, resets)
    for n, w in rows.items():
        if n in resets:
            assert "+" not in w and "both totals back to 0" in w, w
        else:
            assert "+" in w or "tie" in w, w
    summary = history.summarise(play.session, play.seats)
    scored = {1: 0, 2: 0}
    for n, i in enumerate(ends, start=1):
        e = view.history[i]
        if e[5] is not None and n not in resets:
            scored[e[5]] += e[6]
    assert [row["points_for"] for row in summary["seats"]] == [scored[1], scored[2], scored[1], scored[2]]
