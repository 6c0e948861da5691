"""Issue 41: the speech manager's order, interruption, dropping and merging, with a fake engine;
and the App's speech hub over it (no engine: said once; several humans: warned once).

The fake engine plays a line until the test lets it end (``finish``) or the manager stops
it, so every test decides what is "being said" when.  About 0.3 s in all.
"""
from __future__ import annotations

import threading
import time

import pytest

from game.speech import Speech
from game.speech.manager import IDLE, INTERRUPT, QUEUE, SpeechManager


class FakeEngine:
    """Renders a line to itself and "plays" it until ``finish`` or ``stop``."""

    def __init__(self, render_gate: threading.Event | None = None) -> None:
        self.started: list[str] = []
        self.stopped: list[str] = []
        self.voices: list[str] = []
        self._playing = False
        self.render_gate = render_gate

    def render(self, text: str, voice: str) -> str:
        if self.render_gate is not None:
            self.render_gate.wait(5)
        self.voices.append(voice)
        return text

    def play(self, audio: str) -> None:
        self.started.append(audio)
        self._playing = True

    def playing(self) -> bool:
        return self._playing

    def stop(self) -> None:
        if self._playing:
            self.stopped.append(self.started[-1])
        self._playing = False

    def finish(self) -> None:
        self._playing = False


@pytest.fixture()
def said():
    """A fake engine and a manager over it, closed after the test."""
    engine = FakeEngine()
    manager = SpeechManager(engine)
    yield engine, manager
    manager.close()


def until(cond, timeout: float = 3.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def saying(engine: FakeEngine, text: str) -> None:
    until(lambda: engine.started and engine.started[-1] == text and engine.playing())


def test_interrupt_goes_first_and_cuts_off_a_line_that_is_not_a_move(said):
    engine, m = said
    m.say("prompt", INTERRUPT)
    saying(engine, "prompt")
    m.say("Cpu2 passed", QUEUE, kind="move")
    m.say("five nine: left end", INTERRUPT)  # the cursor moved: the prompt is cut off
    saying(engine, "five nine: left end")
    assert engine.stopped == ["prompt"]
    engine.finish()
    saying(engine, "Cpu2 passed")
    engine.finish()
    assert m.wait_idle()
    assert engine.started == ["prompt", "five nine: left end", "Cpu2 passed"]


def test_an_answer_never_cuts_off_a_move_it_waits_for_it(said):
    engine, m = said
    m.say("Cpu2 played five nine", QUEUE, kind="move")
    saying(engine, "Cpu2 played five nine")
    m.say("Cpu3 passed", QUEUE, kind="move")
    m.say("Your hand, 3 tiles", INTERRUPT, review=True)
    time.sleep(0.05)
    assert engine.stopped == [] and engine.started == ["Cpu2 played five nine"]
    engine.finish()
    saying(engine, "Your hand, 3 tiles")  # before the move still waiting
    engine.finish()
    saying(engine, "Cpu3 passed")
    engine.finish()
    assert m.wait_idle()


def test_a_newer_answer_replaces_one_not_said_yet(said):
    engine, m = said
    m.say("Cpu2 passed", QUEUE, kind="move")
    saying(engine, "Cpu2 passed")
    m.say("six six: right end", INTERRUPT)
    m.say("two three: cannot play now", INTERRUPT)  # the arrow went on before the first was said
    engine.finish()
    saying(engine, "two three: cannot play now")
    engine.finish()
    assert m.wait_idle()
    assert "six six: right end" not in engine.started


def test_duplicates_are_dropped(said):
    engine, m = said
    assert m.say("Cpu2 passed", QUEUE)
    saying(engine, "Cpu2 passed")
    assert not m.say("Cpu2 passed", QUEUE)  # the line being said
    assert m.say("Cpu3 passed", QUEUE)
    assert not m.say("Cpu3 passed", QUEUE)  # a line waiting
    assert not m.say("   ", QUEUE)
    engine.finish()
    saying(engine, "Cpu3 passed")
    engine.finish()
    assert m.wait_idle()
    assert engine.started == ["Cpu2 passed", "Cpu3 passed"]


def test_a_backlog_of_the_others_moves_is_said_as_one_line_in_their_voice(said):
    engine, m = said
    m.say("Your turn.", QUEUE)
    saying(engine, "Your turn.")
    for line in ("Cpu2 passed.", "Cpu3 played double six.", "Cpu4 passed."):
        m.say(line, QUEUE, kind="move", voice="others")
    m.say("Hand 2 is dealt.", QUEUE)
    engine.finish()
    saying(engine, "Cpu2 passed. Cpu3 played double six. Cpu4 passed.")
    assert engine.voices[-1] == "others"
    engine.finish()
    saying(engine, "Hand 2 is dealt.")
    engine.finish()
    assert m.wait_idle()
    assert len(engine.started) == 3


def test_a_key_press_cuts_off_review_speech_only(said):
    engine, m = said
    m.say("Your hand, 7 tiles ...", INTERRUPT, review=True)
    saying(engine, "Your hand, 7 tiles ...")
    m.key_pressed()
    until(lambda: engine.stopped == ["Your hand, 7 tiles ..."])
    m.say("Cpu2 passed", QUEUE, kind="move")
    saying(engine, "Cpu2 passed")
    m.key_pressed()
    time.sleep(0.05)
    assert engine.playing() and engine.stopped == ["Your hand, 7 tiles ..."]
    engine.finish()
    assert m.wait_idle()


def test_idle_lines_wait_for_silence_and_give_way(said):
    engine, m = said
    m.say("Cpu2 passed", QUEUE)
    saying(engine, "Cpu2 passed")
    assert not m.say("a hint", IDLE)  # something is being said
    engine.finish()
    assert m.wait_idle()
    assert m.say("a hint", IDLE)
    saying(engine, "a hint")
    m.say("Cpu3 passed", QUEUE)  # the hint gives way at once
    saying(engine, "Cpu3 passed")
    assert engine.stopped == ["a hint"]
    engine.finish()
    assert m.wait_idle()


def test_saying_never_waits_for_the_engine():
    """The program's loop hands a line over and goes on while the engine renders."""
    gate = threading.Event()
    engine = FakeEngine(render_gate=gate)
    m = SpeechManager(engine)
    try:
        start = time.perf_counter()
        for n in range(20):
            m.say(f"line {n}", QUEUE)
        assert time.perf_counter() - start < 0.05
        gate.set()
    finally:
        m.close()


class Table:
    """What the hub reads of the App when no match is on: nothing."""

    play_state = None


def test_speech_on_without_an_engine_says_so_once_in_text_and_plays_on(tmp_path):
    told: list[str] = []
    speech = Speech({"speech": True}, told.append, engine_factory=lambda lang, volume: None)
    speech.configure({"speech": False})
    speech.configure({"speech": True})
    assert told == ["Speech is on, but no speech engine was found (install espeak-ng): the speech log "
                    "and the screen carry on."]
    assert speech.manager is None
    speech.open_log(str(tmp_path / "s.txt"))
    speech.review(Table(), "help")  # the log still has every line
    speech.close()
    assert (tmp_path / "s.txt").read_text(encoding="utf-8").startswith("Review keys: Y your hand")


def test_the_hub_hands_lines_to_the_manager_and_repeats_the_last(tmp_path):
    engine = FakeEngine()
    speech = Speech({"speech": True}, lambda text: None, engine_factory=lambda lang, volume: engine)
    try:
        assert speech.manager is not None
        speech.review(Table(), "help")
        until(lambda: engine.started)
        engine.finish()
        speech.review(Table(), "repeat")  # the repeat key says it again, though it is a duplicate
        until(lambda: len(engine.started) == 2)
        assert engine.started[0] == engine.started[1]
    finally:
        speech.close()
