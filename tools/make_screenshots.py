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


def human_table(out: Path) -> None:
    app = new_app("en")
    seats = [SeatConfig("Anna", HUMAN), SeatConfig("Boris", COMPUTER, "normal"),
             SeatConfig("Chiara", COMPUTER, "hard"), SeatConfig("Dmytro", COMPUTER, "easy")]
    app.start_match(Session(Config("mexican_train", 4, 21)), seats)
    ps = app.play_state
    # a few human decisions, each the first legal play (or the draw, pass or end of chain)
    for _ in range(8):
        run_computers(ps)
        if ps.phase == play.CURTAIN:
            ps.reveal()
        plays = [a for a in ps.legal() if a.kind == "play"]
        if plays:
            ps.tap_tile(plays[0].tile)
            if ps.phase != play.PREVIEW:
                ps.tap_target(plays[0].train)
        elif ps.legal():
            ps.press(ps.legal()[0].kind)
        ps.confirm()
    run_computers(ps)
    if ps.phase == play.CURTAIN:
        ps.reveal()
    plays = [a for a in ps.legal() if a.kind == "play"]
    if plays:
        ps.tap_tile(plays[-1].tile)
        if ps.phase != play.PREVIEW:
            ps.tap_target(plays[-1].train)
    ps.paused = True
    save(app, out / "table_preview.png")
    app.close()


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


def deal_end(out: Path) -> None:
    app = new_app("it")
    start_demo(app, 4, 5)
    ps = app.play_state
    for _ in range(2000):
        if ps.phase == play.DEAL_END:
            break
        ps.step_computer()
    for _ in range(int(1.5 / STEP)):  # the last play stays on the table a moment before the reveal
        app.frame(dt=STEP)
    save(app, out / "deal_end_it.png")
    app.close()


def line_human_decides(ps, choose_last: bool = False) -> None:
    """The human's decision at the line: a play previewed at an end, or the only button."""
    plays = [a for a in ps.legal() if a.kind == "play"]
    if plays:
        action = plays[-1] if choose_last else plays[0]
        ps.tap_tile(action.tile)
        if ps.phase != play.PREVIEW:
            ps.tap_target(action.end)
    else:
        ps.press(next(bid for bid, a in ps.decision_buttons() if a in ps.legal()))


def cuban_table(out: Path) -> None:
    """Cuban (CU-6): a human's turn mid-hand, a tile previewed on one end of the line."""
    app = new_app("en")
    seats = [SeatConfig("Anna", HUMAN), SeatConfig("Boris", COMPUTER, "normal"),
             SeatConfig("Chiara", COMPUTER, "hard"), SeatConfig("Dmytro", COMPUTER, "normal")]
    app.start_match(Session(Config("cuban", 4, 12)), seats)
    ps = app.play_state
    for _ in range(5):
        run_computers(ps)
        line_human_decides(ps)
        ps.confirm()
    run_computers(ps)
    line_human_decides(ps, choose_last=True)
    ps.paused = True
    save(app, out / "cuban_table.png")
    app.close()


def jamaican_hand_end(out: Path) -> None:
    """Jamaican (JA-5, JA-6, UX-3): a hand's end, every hand revealed with the six-love score."""
    app = new_app("ru")
    start_demo(app, 9, 4, "jamaican")
    ps = app.play_state
    for _ in range(2000):
        if ps.phase == play.DEAL_END:
            break
        ps.step_computer()
    for _ in range(int(1.5 / STEP)):
        app.frame(dt=STEP)
    save(app, out / "jamaican_hand_end_ru.png")
    app.close()


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
