"""What speech at the table costs (issue 41), printed as JSON:

    {"tick_us": {"cuban": {"p50": 30.1, "p99": 60.2}, ...}, "say_us": {"p50": 4.0, "p99": 9.0},
     "espeak_render_ms": {"p50": 80.0, "p99": 140.0}, "lines": 12}

- ``tick_us``: one look of the narrator at a table waiting for the human's decision (it runs
  every fixed step of the match's clock, 120 a second, while speech or its log is on; with
  both off it returns at once);
- ``say_us``: handing a line to the speech manager (the loop never waits for the engine);
- ``espeak_render_ms``: rendering a spoken line to a WAV with espeak-ng, in the worker
  (absent without espeak-ng).

Targets: the narrator under 1% of a core at 120 steps a second (p50 under 80 us), a line
handed over in under 100 us, a line rendered in under 500 ms (a move is said while the next
computer thinks).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _pcts(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50": round(statistics.median(values), 1), "p99": round(values[int(len(values) * 0.99) - 1], 1)}


def tick_cost(game: str, n: int = 3000) -> dict[str, float]:
    from game.play import AWAY, PlayState
    from game.seats import COMPUTER, HUMAN, SeatConfig
    from game.speech import Speech
    from rules import Config, Session

    class Shell:
        play_state = None

    speech = Speech({}, notify=lambda text: None)
    speech.open_log(os.path.join(tempfile.mkdtemp(), "speech.txt"))
    session = Session(Config(game, 4, 7))
    seats = [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in range(2, 5)]
    shell = Shell()
    shell.play_state = PlayState(session, seats, delay=0.0)  # type: ignore[assignment]
    play = shell.play_state
    while play.phase == AWAY:
        play.step_computer()
    speech.tick(shell)
    times = []
    for _ in range(n):
        start = time.perf_counter()
        speech.tick(shell)
        times.append((time.perf_counter() - start) * 1e6)
    speech.close()
    return _pcts(times)


def say_cost(n: int = 2000) -> dict[str, float]:
    from game.speech.manager import QUEUE, SpeechManager

    class Silent:
        def render(self, text, voice):
            time.sleep(0.001)
            return text

        def play(self, audio):
            pass

        def playing(self):
            return False

        def stop(self):
            pass

    manager = SpeechManager(Silent())
    times = []
    for k in range(n):
        start = time.perf_counter()
        manager.say(f"Computer 2 played five nine on the left end {k}", QUEUE, kind="move")
        times.append((time.perf_counter() - start) * 1e6)
    manager.close()
    return _pcts(times)


def render_cost() -> tuple[dict[str, float] | None, int]:
    from game import i18n
    from game.speech.engines import EspeakEngine, espeak_program
    program = espeak_program()
    if program is None:
        return None, 0
    lines = []
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        lines += [i18n.t("speech.your_turn", name="Ana"), i18n.t("speech.ends", left="five", right="three"),
                  i18n.t("speech.preview_keys")]
    engine = EspeakEngine(program)
    times = []
    for k, line in enumerate(lines):
        engine.language = i18n.LANGUAGES[k // 3]
        start = time.perf_counter()
        engine.render(line)
        times.append((time.perf_counter() - start) * 1000)
    return _pcts(times), len(lines)


def main() -> None:
    render, lines = render_cost()
    out = {"tick_us": {game: tick_cost(game) for game in ("mexican_train", "cuban", "jamaican")},
           "say_us": say_cost(), "espeak_render_ms": render, "lines": lines}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
