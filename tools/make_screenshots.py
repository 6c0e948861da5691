"""Render the README's screenshots with the program itself (headless, deterministic).

    python tools/make_screenshots.py [OUT_DIR]

Each picture is a real frame of the App: a human at a four-seat table with a
move previewed, the pass-the-device curtain, a ten-player table mid-match,
the end-of-deal reveal, a Cuban hand with a play previewed on the line, a
Jamaican hand's end, and the title and new-game screens.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOMINO_TABLE_HOME", tempfile.mkdtemp(prefix="domino-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game import play  # noqa: E402
from game.__main__ import _fresh_settings, advance_demo, start_demo  # noqa: E402
from game.app import STEP, App  # noqa: E402
from game.seats import COMPUTER, HUMAN, SeatConfig  # noqa: E402
from rules import Config, Session  # noqa: E402

SIZE = (1600, 900)


def new_app(language: str = "en") -> App:
    app = App(size=SIZE, fullscreen=False, language=language, strict=True, persist=False,
              settings=_fresh_settings())
    app.start(resume=False)
    return app


def save(app: App, path: Path) -> None:
    for _ in range(3):
        app.frame(dt=STEP)
    pygame.image.save(app.screen, str(path))
    print(path)


def run_computers(ps, limit: int = 400) -> None:
    """Let the computers move until a human decision is due."""
    for _ in range(limit):
        if ps.phase == play.DEAL_END:
            ps.continue_after_deal()
        elif not ps.step_computer():
            return


def human_decides(ps, choose_last: bool = False) -> None:
    """The human's decision, previewed: the first (or last) legal play at its train or end,
    or else the first decision button that stands for a legal action (draw, pass, accept ...)."""
    if ps.phase == play.CURTAIN:
        ps.reveal()
    plays = [a for a in ps.legal() if a.kind == "play"]
    if plays:
        action = plays[-1] if choose_last else plays[0]
        ps.tap_tile(action.tile)
        if ps.phase != play.PREVIEW:
            ps.tap_target(action.end if action.train is None else action.train)
    elif ps.legal():
        ps.press(next(bid for bid, a in ps.decision_buttons() if a in ps.legal()))


def human_turn(path: Path, game: str, seed: int, levels: tuple[str, str, str], decisions: int) -> None:
    """Anna, a human, against three computers at ``levels``: after ``decisions`` of her own
    (each the first legal play, or the button), her turn with her last legal play previewed."""
    app = new_app("en")
    computers = [SeatConfig(name, COMPUTER, level) for name, level in zip(("Boris", "Chiara", "Dmytro"), levels)]
    app.start_match(Session(Config(game, 4, seed)), [SeatConfig("Anna", HUMAN)] + computers)
    ps = app.play_state
    for _ in range(decisions):
        run_computers(ps)
        human_decides(ps)
        ps.confirm()
    run_computers(ps)
    human_decides(ps, choose_last=True)
    ps.paused = True
    save(app, path)
    app.close()


def human_table(out: Path) -> None:
    """Mexican Train: a tile previewed on a train."""
    human_turn(out / "table_preview.png", "mexican_train", 21, ("normal", "hard", "easy"), 8)


def curtain(out: Path) -> None:
    app = new_app("uk")
    seats = [SeatConfig("Оксана", HUMAN), SeatConfig("Ґеорг", HUMAN), SeatConfig("Комп'ютер", COMPUTER)]
    app.start_match(Session(Config("mexican_train", 3, 5)), seats)
    ps = app.play_state
    ps.paused = True
    for _ in range(int((play.CURTAIN_GUARD_S + 0.1) / STEP)):  # past the guard: the button is live
        app.frame(dt=STEP)
    save(app, out / "curtain_uk.png")
    app.close()


def ten_players(out: Path) -> None:
    app = new_app("en")
    start_demo(app, 8, 10)
    advance_demo(app, 260)
    app.play_state.paused = True
    save(app, out / "ten_players.png")
    app.close()


def demo_deal_end(path: Path, language: str, seed: int, players: int, game: str = "mexican_train") -> None:
    """A demo match of computers played to its first deal's end: every hand revealed."""
    app = new_app(language)
    start_demo(app, seed, players, game)
    ps = app.play_state
    for _ in range(2000):
        if ps.phase == play.DEAL_END:
            break
        ps.step_computer()
    for _ in range(int(1.5 / STEP)):  # the last play stays on the table a moment before the reveal
        app.frame(dt=STEP)
    save(app, path)
    app.close()


def deal_end(out: Path) -> None:
    demo_deal_end(out / "deal_end_it.png", "it", 4, 5)


def cuban_table(out: Path) -> None:
    """Cuban (CU-6): a human's turn mid-hand, a tile previewed on one end of the line."""
    human_turn(out / "cuban_table.png", "cuban", 12, ("normal", "hard", "normal"), 5)


def jamaican_hand_end(out: Path) -> None:
    """Jamaican (JA-5, JA-6, UX-3): a hand's end, every hand revealed with the six-love score."""
    demo_deal_end(out / "jamaican_hand_end_ru.png", "ru", 9, 4, "jamaican")


def menus(out: Path) -> None:
    app = new_app("ru")
    save(app, out / "title_ru.png")
    from game.scenes.new_game import NewGameScene
    app.stack.push(NewGameScene(app))
    save(app, out / "new_game_ru.png")
    app.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for make in (human_table, curtain, ten_players, deal_end, cuban_table, jamaican_hand_end, menus):
        make(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
