"""Print how large each game's tiles are drawn on the felt (issue 28 item 12).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/measure_tiles.py [--game G] [--size WxH]
        [--tv on|off] [--ui-scale 1|2]

A tile's short side in screen pixels (the height of a tile lying along its row) at a hand's
start (Cuban, Jamaican: 2 tiles down; Mexican Train: after 2 decisions), mid-hand (12 tiles
down; after 14 decisions) and late in a hand (20 tiles down; after 30 decisions), for
1920x1080 and 1024x600, TV off/on, interface size 100%/200% (or only those asked for).
Headless; the automatic view as the table scene settles it, with the TV view and the
interface size set directly (``python -m game --screenshot`` does not read the settings file).

With ``--shot DIR`` it also saves each measured table as DIR/GAME-WxH-tv-UI-POINT-LANG.png
(``--lang`` picks the language: before/after pictures of the felt in each setting).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "game" / "kits"), str(ROOT / "tests" / "game")]

from tile_measure import measure, table_at  # noqa: E402

GAMES = ("mexican_train", "cuban", "jamaican")
SIZES = ((1920, 1080), (1024, 600))
#: (tiles down in a line game, decisions in Mexican Train) at a hand's start, mid-hand, late
POINTS = (("start", 2, 2), ("mid", 12, 14), ("late", 20, 30))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--size", action="append", help="WxH, e.g. 1024x600")
    ap.add_argument("--tv", choices=("on", "off"), action="append")
    ap.add_argument("--ui-scale", type=float, action="append")
    ap.add_argument("--shot", metavar="DIR", help="save each measured table as a PNG there")
    ap.add_argument("--lang", default="en")
    a = ap.parse_args(argv)
    if a.shot:
        from game import i18n
        i18n.set_language(a.lang)
    games = a.game or GAMES
    sizes = [tuple(int(n) for n in s.split("x")) for s in a.size] if a.size else SIZES
    tvs = [t == "on" for t in a.tv] if a.tv else [False, True]
    uis = a.ui_scale or [1.0, 2.0]
    head = "".join(f"{name + ' px':>10}" for name, _l, _d in POINTS)
    print(f"{'game':14} {'screen':10} {'tv':3} {'ui':4} {head}  (tiles down)")
    for game in games:
        lined = game != "mexican_train"
        for size in sizes:
            for ui in uis:
                for tv in tvs:
                    cells, downs = "", []
                    for _name, line, decisions in POINTS:
                        m = measure(game, size, tv=tv, ui=ui, decisions=decisions, line=line if lined else 0)
                        cells += f"{m.short_px:10.1f}"
                        if a.shot:
                            _save(a.shot, a.lang, game, size, tv, ui, _name, line if lined else 0, decisions)
                        downs.append(str(m.line))
                    print(f"{game:14} {size[0]}x{size[1]:<5} {'on' if tv else 'off':3} {int(ui * 100):3}% "
                          f"{cells}  ({'/'.join(downs)})")


def _save(folder: str, lang: str, game: str, size, tv: bool, ui: float, point: str,
          line: int, decisions: int) -> None:
    import pygame
    app, _play, _scene = table_at(game, size, tv=tv, ui=ui, decisions=decisions, line=line)
    name = f"{game}-{size[0]}x{size[1]}-tv{'on' if tv else 'off'}-{int(ui * 100)}-{point}-{lang}.png"
    Path(folder).mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(Path(folder) / name))


if __name__ == "__main__":
    main()
