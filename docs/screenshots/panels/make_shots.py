"""Screenshots of the score and coach screens (issue 11), under SDL's dummy driver.

    PYTHONPATH=. SDL_VIDEODRIVER=dummy python docs/screenshots/panels/make_shots.py [out_dir] [filter]

Each screen is drawn over a finished match with long names (the fit test's), on the felt.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "game"))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.scenes.title import draw_felt  # noqa: E402
import test_panels_fit as fit  # noqa: E402

SHOTS = [(screen, game, size, tv, lang) for screen in ("deal_end", "coach", "match_end") for game in ("cuban", "mt10")
         for size in ((1024, 600), (1920, 1080)) for tv in (True,) for lang in ("en", "ru")]


def main(out: Path, only: str = "") -> None:
    matches = {key: fit.finished(*fit.GAMES[key]) for key in ("cuban", "mt10")}
    for screen, game, size, tv, lang in SHOTS:
        name = f"{screen}_{game}_{size[0]}x{size[1]}{'_tv' if tv else ''}_{lang}.png"
        if only not in name:
            continue
        app = fit.app_for(size, 1.0, tv)
        i18n.set_language(lang)
        scene = fit.screens(app, matches_all(matches))[f"{screen}/{game}"]()
        app.stack.push(scene)
        draw_felt(app.screen)
        scene.draw(app.screen)
        pygame.image.save(app.screen, str(out / name))
        print(out / name)


def matches_all(matches: dict) -> dict:
    """``fit.screens`` builds every game's screens: the two shot here, the others unused."""
    return {key: matches.get(key) or matches["cuban"] for key in fit.GAMES}


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent, sys.argv[2] if len(sys.argv) > 2 else "")
