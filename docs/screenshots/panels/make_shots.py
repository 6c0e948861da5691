"""Screenshots of the deal-end and coach screens (issue 11), under SDL's dummy driver.

    PYTHONPATH=. python docs/screenshots/panels/make_shots.py [out_dir] [name filter]

Each screen is drawn on the felt over a finished match with long player names (the
fit test's matches, tests/game/scenes/test_panels_fit.py), the coach with the real grades
of the match's last deal for its human seat.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "game"))

import pygame  # noqa: E402

import test_panels_fit as fit  # noqa: E402
from game import i18n  # noqa: E402
from game.play import PlayState  # noqa: E402
from game.scenes.coach import CoachScene  # noqa: E402
from game.scenes.deal_end import DealEndScene  # noqa: E402
from game.scenes.match_end import MatchEndScene  # noqa: E402
from game.scenes.title import draw_felt  # noqa: E402
from game.table.sprites import Sprites  # noqa: E402

SCREENS = {"deal_end": DealEndScene, "match_end": MatchEndScene, "coach": CoachScene}
SIZES = ((1024, 600), (1920, 1080))


def shoot(out: Path, screen: str, key: str, session, size, tv: bool, lang: str) -> Path:
    app = fit.app_for(size, 1.0, tv)
    i18n.set_language(lang)
    game, players, _ = fit.GAMES[key]
    play = PlayState(session, fit.long_seats(players), delay=0.0)
    table = SimpleNamespace(sprites=Sprites("pips", "standard"), show_focus=False)
    scene = SCREENS[screen](app, play, table)
    if screen == "coach":
        scene.worker.join(timeout=120)
    app.stack.push(scene)
    draw_felt(app.screen)
    scene.draw(app.screen)
    path = out / f"{screen}_{key}_{size[0]}x{size[1]}{'_tv' if tv else ''}_{lang}.png"
    pygame.image.save(app.screen, str(path))
    return path


def main(out: Path, only: str = "") -> None:
    sessions = {key: fit.finished(*fit.GAMES[key]) for key in ("cuban", "mt10")}
    for screen in SCREENS:
        for key, session in sessions.items():
            for size in SIZES:
                for lang in ("en", "ru"):
                    name = f"{screen}_{key}_{size[0]}x{size[1]}_tv_{lang}"
                    if only in name:
                        print(shoot(out, screen, key, session, size, True, lang))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent, sys.argv[2] if len(sys.argv) > 2 else "")
