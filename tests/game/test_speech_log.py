"""Issue 41: the speech log says every move and every decision, in words, in four languages.

A whole hand of each game is played on a ``PlayState`` (one human at the device taking the
hint's decision through its preview, UX-1, and three computers), with the App's speech hub
watching it as the App does once a frame; the log it writes is then read back.  About 2 s
for the twelve hands; the command line's own check (``--speech-log`` with a demo) about 1 s.
"""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.__main__ import main
from game.play import AWAY, DEAL_END, PlayState
from game.seats import COMPUTER, HUMAN, SeatConfig
from game.speech import Speech
from game.speech.words import tile_words
from rules import Config, Session

GAMES = ("mexican_train", "cuban", "jamaican")
LANGS = ("en", "ru", "uk", "it")
#: What no spoken line may hold: the screen's way of writing a tile, which espeak-ng reads
#: as "five dash nine" or "vertical line".
UNSPEAKABLE = re.compile(r"dash|\||\[|\]|\d\s*-\s*\d", re.IGNORECASE)


class Shell:
    """What the speech hub reads of the App: the match on the table."""

    def __init__(self, play) -> None:
        self.play_state = play


def narrate_hand(game: str, lang: str, path, seed: int = 3):
    """One hand of ``game`` in ``lang`` with its speech log at ``path``: the play state, the
    log's lines, and the human's decisions (each with the log's length when it was made)."""
    i18n.set_language(lang)
    session = Session(Config(game, 4, seed))
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"Cpu{i}", COMPUTER, "easy") for i in (2, 3, 4)]
    speech = Speech({}, notify=lambda text: None)
    speech.open_log(str(path))
    speech.fresh(session)
    play = PlayState(session, seats, delay=0.0)
    shell = Shell(play)
    speech.tick(shell)
    mine = []
    for _ in range(3000):
        if play.phase == DEAL_END:
            break
        if play.phase == AWAY:
            play.step_computer()
        else:  # the human: the hint's decision, previewed, said, then confirmed (UX-1)
            play.hint()
            speech.tick(shell)
            mine.append(play.pending)
            assert play.confirm() or play.setup is None
        speech.tick(shell)
    speech.close()
    assert play.phase == DEAL_END
    return play, path.read_text(encoding="utf-8").splitlines(), mine


def by_seat(lines: list[str], name: str) -> list[int]:
    """The lines that tell a move of ``name`` (the ticker puts the name first)."""
    return [i for i, line in enumerate(lines) if line.startswith((name + " ", name + ":"))]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_speech_log_of_a_hand_names_every_move_and_decision(game, lang, tmp_path):
    play, lines, mine = narrate_hand(game, lang, tmp_path / "s.txt")
    history = play.view().history
    decisions = [e for e in history if e.kind in ("play", "draw", "pass", "end_chain", "accept", "redeal", "lead")]
    names = {s: play.name(s) for s in range(1, 5)}
    # one line per decision, in order, each beginning with the name of the seat that made it
    told = sorted(i for s in names for i in by_seat(lines, names[s]))
    assert len(told) == len(decisions), (lines, decisions)
    for i, e in zip(told, decisions):
        assert lines[i].startswith(names[e.seat]), (lines[i], e)
        if e.kind == "play":  # the tile as it lies, in words
            assert tile_words(e.lying if hasattr(e, "lying") else e.tile) in lines[i], (lines[i], e)
    # every decision of the human was said as a preview with its keys before it was made
    keys = i18n.t("speech.preview_keys")
    previews = [x for x in lines if x.endswith(keys)]
    assert len(previews) >= len([a for a in mine if a is not None and a.kind != "place_engine"])
    # the screen's "Confirm or cancel." is said once, as the keys: not both
    assert not any(i18n.t("speech.preview_ask") in x for x in previews), previews
    turns = [x for x in lines if i18n.t("speech.your_turn", name="Ann") in x]
    assert turns
    if game != "mexican_train":  # the open ends are said as a tile says them: "blank", not "0"
        assert not any(re.search(r"\d", x) for x in turns), turns
    for line in lines:
        assert not UNSPEAKABLE.search(line), line


@pytest.mark.parametrize("game", GAMES)
def test_no_line_says_another_seats_tile_before_it_is_played(game, tmp_path):
    play, lines, _ = narrate_hand(game, "en", tmp_path / "s.txt", seed=11)
    history = play.view().history
    shown = {tuple(sorted(t)) for e in history if e.kind in ("redeal", "lead_draw")
             for t in (getattr(e, "shown", ()) or (getattr(e, "first", None), getattr(e, "second", None))) if t}
    at = 0
    for e in history:
        if e.kind != "play" or e.seat == 1 or tuple(sorted(e.tile)) in shown:
            continue
        a, b = e.tile
        said = [i for i, x in enumerate(lines) if tile_words((a, b)) in x or tile_words((b, a)) in x]
        assert said, e
        first = said[0]
        assert first >= at and lines[first].startswith(play.name(e.seat)), (lines[first], e)
        at = first


def test_the_demo_writes_a_russian_line_per_decision(tmp_path):
    """The issue's check: ``--demo 3 --game jamaican --lang ru --after 40 --screenshot x.png
    --speech-log s.txt`` writes at least one Russian line per decision (each says its seat)."""
    log = tmp_path / "s.txt"
    code = main(["--demo", "3", "--game", "jamaican", "--lang", "ru", "--after", "40",
                 "--screenshot", str(tmp_path / "x.png"), "--speech-log", str(log)])
    assert code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    moves = [x for x in lines if re.match(r"Компьютер \d: ", x)]
    assert len(moves) == 40, lines
    assert all(re.search("[а-яё]", x) for x in lines)
    assert not any(UNSPEAKABLE.search(x) for x in lines)


def test_two_humans_hear_the_curtain_and_no_hand_behind_it(tmp_path):
    """UX-3: at the curtain the table says whose the device is next, and the hand key reads
    no hand until that player asks to see their own."""
    session = Session(Config("cuban", 4, 4))
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Cpu3", COMPUTER, "easy"),
             SeatConfig("Cpu4", COMPUTER, "easy")]
    speech = Speech({}, notify=lambda text: None)
    speech.open_log(str(tmp_path / "s.txt"))
    speech.fresh(session)
    play = PlayState(session, seats, delay=0.0)
    shell = Shell(play)
    from game.play import CURTAIN
    for _ in range(200):
        speech.tick(shell)
        if play.phase == CURTAIN and play.curtain_for == 2:
            break
        if play.phase == CURTAIN:
            play.reveal()
        elif play.phase == AWAY:
            play.step_computer()
        else:
            play._apply(play.legal()[0])
    speech.tick(shell)
    assert play.phase == CURTAIN and play.curtain_for == 2
    speech.review(shell, "hand")
    speech.review(shell, "turn")
    speech.close()
    lines = (tmp_path / "s.txt").read_text(encoding="utf-8").splitlines()
    assert lines[-3:] == ["Pass the device to Bob", "No hand is shown now.", "Pass the device to Bob"]


def test_a_seat_deciding_on_its_phone_is_said_once_per_turn(tmp_path):
    """A human away from the device (a phone seat) decides there: the table says so."""
    from game.seats import PHONE
    from game.sources import ComputerSource, DecisionSource, DeviceSource

    class Phone(DecisionSource):
        def decide(self, session, seat):
            return None  # the phone has not answered yet

    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Olga", PHONE), SeatConfig("Cpu3", COMPUTER, "easy"),
             SeatConfig("Cpu4", COMPUTER, "easy")]
    session = Session(Config("jamaican", 4, 2))
    play = PlayState(session, seats, delay=0.0, sources=[DeviceSource(), Phone(), ComputerSource("easy"),
                                                          ComputerSource("easy")])
    speech = Speech({}, notify=lambda text: None)
    speech.open_log(str(tmp_path / "s.txt"))
    speech.fresh(session)
    shell = Shell(play)
    for _ in range(50):
        speech.tick(shell)
        if play.phase == AWAY and session.to_act() == 2:
            break
        if play.phase == AWAY:
            play.step_computer()
        else:
            play._apply(play.legal()[0])
    speech.tick(shell)
    speech.tick(shell)
    speech.close()
    lines = (tmp_path / "s.txt").read_text(encoding="utf-8").splitlines()
    assert lines.count("Olga decides on their phone.") == 1 and lines[-1] == "Olga decides on their phone."


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_speech_detail_leaves_out_or_adds_what_it_says(detail, tmp_path):
    """Issue 41, Settings' "Speech detail": brief says a preview without its keys and "your
    turn" without the prompt (T reads it); full adds where the table stands after each play
    (the open ends); normal, the default, is the rest of this file."""
    from game.speech.hub import Speech as Hub
    i18n.set_language("en")
    session = Session(Config("cuban", 4, 3))
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"Cpu{i}", COMPUTER, "easy") for i in (2, 3, 4)]
    speech = Hub({"speech_detail": detail}, notify=lambda text: None)
    speech.open_log(str(tmp_path / "s.txt"))
    speech.fresh(session)
    play = PlayState(session, seats, delay=0.0)
    shell = Shell(play)
    for _ in range(400):
        if play.phase == DEAL_END:
            break
        if play.phase == AWAY:
            play.step_computer()
        else:
            play.hint()
            speech.tick(shell)
            play.confirm()
        speech.tick(shell)
    speech.close()
    lines = (tmp_path / "s.txt").read_text(encoding="utf-8").splitlines()
    keys = i18n.t("speech.preview_keys")
    ends = [x for x in lines if x.startswith(i18n.t("speech.ends", left="", right="").split()[0])]
    if detail == "brief":
        assert not any(keys in x for x in lines)
        assert not any(x.startswith(i18n.t("speech.your_turn", name="Ann")) and len(x) > len(i18n.t(
            "speech.your_turn", name="Ann")) for x in lines)
    else:
        assert any(keys in x for x in lines) and len(ends) >= 10, lines
