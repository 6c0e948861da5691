"""Generate the table's sounds into art/sounds/ (the output is committed).

    python tools/make_sounds.py [--out DIR]

Everything is synthesised with numpy, the way tools/make_art.py draws the art:
a wooden or ceramic click is a short, smoothed noise burst (the contact) plus a
few damped resonant modes (the tile's body ringing), a knock is the same with
low, dark modes, and the chimes are soft bell tones (a sine with a faint
inharmonic partial) with a gentle attack.  Every noise comes from a fixed
numpy seed, and WAV files are written with the standard ``wave`` module, so
the same input gives the same bytes every run (tests/tools/test_sounds.py).

Output: 16-bit mono WAV at 22050 Hz (small, and pygame-ce's mixer loads it
with no extra codec), and ``manifest.json``: cue name -> its variant files and
a playback gain.  ``game.audio`` reads the manifest; ``game.cues`` names the
cues an applied action produces.
"""
from __future__ import annotations

import argparse
import json
import sys
import wave
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RATE = 22050
PEAK = 0.55  # normalised peak: leaves headroom when several sounds overlap

# --------------------------------------------------------------- building blocks


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * RATE))) / RATE


def _smooth(x: np.ndarray, width: int) -> np.ndarray:
    """A moving average: a gentle low-pass that takes the harsh top off noise."""
    if width <= 1:
        return x
    return np.convolve(x, np.ones(width) / width, mode="same")


def _burst(rng: np.random.Generator, seconds: float, decay: float, bright: int, dark: int) -> np.ndarray:
    """A contact noise: white noise band-passed (difference of two averages), decaying fast."""
    t = _t(seconds)
    noise = rng.standard_normal(t.size)
    band = _smooth(noise, bright) - _smooth(noise, dark)
    return band * np.exp(-t / decay)


def _modes(seconds: float, modes: list[tuple[float, float, float]]) -> np.ndarray:
    """Damped sinusoids (frequency Hz, decay s, amplitude): the body of a tile or a table."""
    t = _t(seconds)
    out = np.zeros(t.size)
    for freq, decay, amp in modes:
        out += amp * np.sin(2 * np.pi * freq * t) * np.exp(-t / decay)
    return out


def _bell(seconds: float, freq: float, decay: float, attack: float = 0.006) -> np.ndarray:
    """A soft bell: the fundamental, a faint octave and an inharmonic partial that dies first."""
    t = _t(seconds)
    env = np.exp(-t / decay) * np.minimum(1.0, t / attack)
    tone = np.sin(2 * np.pi * freq * t) + 0.18 * np.sin(2 * np.pi * 2 * freq * t) * np.exp(-t / (decay * 0.5))
    tone += 0.08 * np.sin(2 * np.pi * 2.76 * freq * t) * np.exp(-t / (decay * 0.25))
    return tone * env


def _mix(total: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Lay each (start second, samples) into a buffer ``total`` seconds long."""
    out = np.zeros(int(round(total * RATE)))
    for start, samples in parts:
        i = int(round(start * RATE))
        n = min(samples.size, out.size - i)
        out[i:i + n] += samples[:n]
    return out


def _finish(x: np.ndarray, peak: float = PEAK) -> np.ndarray:
    """Normalise to ``peak``; a 1.5 ms fade in and an 8 ms fade out, so nothing pops."""
    top = float(np.max(np.abs(x))) or 1.0
    x = x * (peak / top)
    rise = min(x.size, int(0.0015 * RATE))
    x[:rise] *= np.linspace(0.0, 1.0, rise)
    fade = min(x.size, int(0.008 * RATE))
    x[x.size - fade:] *= np.linspace(1.0, 0.0, fade)
    return x


def _note(semitones_from_a4: float) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


# ------------------------------------------------------------------- the sounds


def click(seed: int, pitch: float = 1.0) -> np.ndarray:
    """A tile laid on the table: a ceramic tick over a short wooden body."""
    rng = np.random.default_rng(seed)
    contact = _burst(rng, 0.16, 0.0035, 3, 12)
    body = _modes(0.16, [(1650 * pitch, 0.018, 0.55), (2710 * pitch, 0.010, 0.30),
                         (420 * pitch, 0.030, 0.35), (190 * pitch, 0.045, 0.25)])
    return _finish(contact * 1.1 + body)


def double_click(seed: int) -> np.ndarray:
    """A double: two ceramic ticks close together, the second a little brighter."""
    return _finish(_mix(0.26, (0.0, click(seed, 0.96)), (0.075, click(seed + 1, 1.12) * 0.85)))


def draw(seed: int) -> np.ndarray:
    """A tile slid out of the boneyard across the felt, ending in a soft tick."""
    rng = np.random.default_rng(seed)
    t = _t(0.22)
    slide = _smooth(rng.standard_normal(t.size), 6) - _smooth(rng.standard_normal(t.size), 40) * 0.5
    slide *= np.sin(np.pi * np.clip(t / 0.17, 0, 1)) ** 2
    tick = click(seed + 7, 1.25) * 0.35
    return _finish(_mix(0.26, (0.0, slide * 0.5), (0.16, tick)), 0.40)


def knock(seed: int) -> np.ndarray:
    """A pass: two knuckle knocks on the wooden table edge, low and dark."""
    rng = np.random.default_rng(seed)

    def one(level: float) -> np.ndarray:
        contact = _burst(rng, 0.14, 0.004, 6, 30)
        body = _modes(0.14, [(180, 0.040, 0.9), (310, 0.025, 0.5), (720, 0.012, 0.25)])
        return (contact * 0.8 + body) * level

    return _finish(_mix(0.34, (0.0, one(1.0)), (0.15, one(0.8))), 0.6)


def marker(up: bool) -> np.ndarray:
    """A marker set on a train (a rising wooden tock-tick) or taken off (falling)."""
    low, high = _modes(0.16, [(740, 0.035, 1.0), (1480, 0.012, 0.2)]), \
        _modes(0.16, [(988, 0.035, 1.0), (1976, 0.012, 0.2)])
    first, second = (low, high) if up else (high, low)
    return _finish(_mix(0.26, (0.0, first), (0.085, second * 0.9)), 0.42)


def shuffle(seed: int) -> np.ndarray:
    """The deal: tiles washed on the table, then dealt out in quick small clicks."""
    rng = np.random.default_rng(seed)
    t = _t(0.55)
    wash = _smooth(rng.standard_normal(t.size), 8) - _smooth(rng.standard_normal(t.size), 30) * 0.6
    wash *= np.sin(np.pi * t / t[-1]) ** 1.5 * (0.6 + 0.4 * np.sin(2 * np.pi * 9 * t) ** 2)
    parts: list[tuple[float, np.ndarray]] = [(0.0, wash * 0.45)]
    start = 0.50
    for k in range(7):
        parts.append((start, click(seed + 11 + k, 0.9 + 0.05 * (k % 3)) * (0.55 - 0.03 * k)))
        start += 0.055 + 0.02 * float(rng.random())
    return _finish(_mix(start + 0.18, *parts), 0.5)


def arpeggio(notes: list[float], step: float, decay: float, tail: float, peak: float) -> np.ndarray:
    parts = [(i * step, _bell(decay * 4, _note(n), decay)) for i, n in enumerate(notes)]
    return _finish(_mix(step * len(notes) + tail, *parts), peak)


def hand_end() -> np.ndarray:
    """The deal or hand is over: a soft, resolving three-note chime (G4 E4 C5)."""
    return arpeggio([-2, -5, 3], 0.13, 0.28, 0.9, 0.38)


def match_win() -> np.ndarray:
    """The match is won: a brighter rising arpeggio (C5 E5 G5 C6) with a long tail."""
    return arpeggio([3, 7, 10, 15], 0.11, 0.45, 1.4, 0.45)


def turn() -> np.ndarray:
    """A human's turn: a gentle two-note chime (E5, A5), quiet and soft-edged."""
    return arpeggio([7, 12], 0.14, 0.22, 0.6, 0.30)


#: cue -> (playback gain, [(file stem, maker)]) ; the variants of a cue sound alike on purpose.
SOUNDS: dict[str, tuple[float, list[tuple[str, Callable[[], np.ndarray]]]]] = {
    "place": (0.9, [(f"place_{i + 1}", (lambda i=i: click(100 + 10 * i, (0.94, 1.0, 1.06, 0.98)[i])))
                    for i in range(4)]),
    "double": (0.9, [("double_1", lambda: double_click(200)), ("double_2", lambda: double_click(210))]),
    "draw": (0.8, [("draw_1", lambda: draw(300)), ("draw_2", lambda: draw(310))]),
    "pass": (0.8, [("pass", lambda: knock(400))]),
    "marker_up": (0.7, [("marker_up", lambda: marker(True))]),
    "marker_off": (0.7, [("marker_off", lambda: marker(False))]),
    "deal": (0.7, [("deal", lambda: shuffle(500))]),
    "hand_end": (0.7, [("hand_end", hand_end)]),
    "match_win": (0.8, [("match_win", match_win)]),
    "turn": (0.6, [("turn", turn)]),
}


# ------------------------------------------------------------------- writing


def to_pcm(x: np.ndarray) -> bytes:
    return np.round(np.clip(x, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(samples))


def build(out: Path) -> list[Path]:
    """Write every sound and the manifest into ``out``; return the paths written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    cues: dict[str, dict] = {}
    for cue, (gain, variants) in SOUNDS.items():
        files = []
        for stem, make in variants:
            path = out / f"{stem}.wav"
            write_wav(path, make())
            written.append(path)
            files.append(path.name)
        cues[cue] = {"gain": gain, "files": files}
    manifest = out / "manifest.json"
    manifest.write_text(json.dumps({"rate": RATE, "format": "wav, 16-bit mono", "cues": cues},
                                   indent=1, sort_keys=True) + "\n", encoding="utf-8")
    written.append(manifest)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "art" / "sounds")
    args = ap.parse_args(argv)
    total = 0
    for path in build(args.out):
        total += path.stat().st_size
        print(f"{path.name}\t{path.stat().st_size}")
    print(f"total\t{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
