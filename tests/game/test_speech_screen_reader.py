"""Issue 41: on Windows a player who runs NVDA or JAWS may have the program speak through it
(accessible_output2: their own voice, rate and braille display).  Here a stand-in for the
package records what it was handed: Settings' "Speak through: the screen reader" sends
every line to it, a key's answer silences it first, and without the package the program's
own voice speaks."""
from __future__ import annotations

import sys
import time
import types

import pytest

from game.speech import engines
from game.speech.hub import Speech
from game.speech.manager import INTERRUPT, QUEUE
from game.speech.narrator import Line


class FakeReader:
    def __init__(self) -> None:
        self.said: list[str] = []
        self.silenced = 0

    def output(self, text: str) -> None:
        self.said.append(text)

    def silence(self) -> None:
        self.silenced += 1


@pytest.fixture
def reader(monkeypatch):
    fake = FakeReader()
    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = lambda: fake  # type: ignore[attr-defined]
    for name, module in (("accessible_output2", types.ModuleType("accessible_output2")),
                         ("accessible_output2.outputs", types.ModuleType("accessible_output2.outputs")),
                         ("accessible_output2.outputs.auto", auto)):
        monkeypatch.setitem(sys.modules, name, module)
    return fake


def _wait(condition, seconds: float = 3.0) -> None:
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.01)


def test_lines_go_to_the_screen_reader_and_a_key_silences_it(reader):
    speech = Speech({"speech": True, "speech_voice": "screen_reader"}, notify=lambda text: None)
    try:
        assert isinstance(speech.manager.engine, engines.ScreenReaderEngine)
        speech.say(Line("Olga: five nine, on her train", QUEUE, 2, "move"))
        speech.say(Line("Your turn, Ann.", INTERRUPT, 1))
        _wait(lambda: len(reader.said) >= 2)
        assert {"Your turn, Ann.", "Olga: five nine, on her train"} <= set(reader.said)
        speech.say(Line("Your hand: double six, five nine, blank three.", INTERRUPT, kind="review"))
        _wait(lambda: reader.said[-1].startswith("Your hand"))
        speech.key_pressed()  # a key cuts review speech while it is said: the reader is silenced
        _wait(lambda: reader.silenced > 0)
        assert reader.silenced > 0
    finally:
        speech.close()


def test_without_a_screen_reader_the_programs_own_voice_speaks(monkeypatch):
    monkeypatch.setitem(sys.modules, "accessible_output2", None)  # not installed
    assert engines.screen_reader() is None
    own = object()
    monkeypatch.setattr(engines, "espeak_program", lambda: "espeak-ng")
    monkeypatch.setattr(engines, "MixerPlayer", lambda volume: own)
    monkeypatch.setattr(engines.pygame.mixer, "get_init", lambda: True)
    engine = engines.find_engine(None, 1.0, through_screen_reader=True)
    assert isinstance(engine, engines.EspeakEngine) and engine.player is own
