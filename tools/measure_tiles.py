"""Print how large each game's tiles are drawn on the felt (issue 28 item 12).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/measure_tiles.py

A tile's short side in screen pixels (the height of a tile lying along its row) at a hand's
start (Cuban, Jamaican: 2 tiles down; Mexican Train: after 2 decisions) and mid-hand (12 tiles
down; after 14 decisions), for 1920x1080 and 1024x600, TV off/on,
interface size 100%/200%.  Headless; the automatic view as the table scene settles it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "game")]

from tile_measure import measure  # noqa: E402

GAMES = ("mexican_train", "cuban", "jamaican")
SIZES = ((1920, 1080), (1024, 600))
MODES = ((False, 1.0), (True, 1.0), (False, 2.0), (True, 2.0))


def main() -> None:
    print(f"{'game':14} {'screen':10} {'tv':3} {'ui':4} {'start px':>9} {'mid px':>7}")
    for game in GAMES:
        for size in SIZES:
            for tv, ui in MODES:
                lined = game != "mexican_train"
                start = measure(game, size, tv=tv, ui=ui, decisions=2, line=2 if lined else 0)
                mid = measure(game, size, tv=tv, ui=ui, decisions=14, line=12 if lined else 0)
                print(f"{game:14} {size[0]}x{size[1]:<5} {'on' if tv else 'off':3} {int(ui * 100):3}% "
                      f"{start.short_px:9.1f} {mid.short_px:7.1f}")


if __name__ == "__main__":
    main()
