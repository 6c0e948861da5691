"""The README's phone-page screenshots (issue 27), taken from the real program.

Starts ``python -m game --seats ...`` headless with a phone seat and writes its join
address to a file, opens that address in Debian's Chromium (headless, driven by
Playwright) at phone and tablet sizes in English and Russian, plays a few decisions from
the page so that the table has tiles on it, and saves the page as
``docs/screenshots/phone_<game>_<lang>_<w>x<h>.png``; the big screen's join screen is
saved by the program itself.

    .venv/bin/python tools/make_phone_screenshots.py [--out docs/screenshots]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: As root, with no network but the loopback: no sandbox, and none of Chromium's own connections
#: (tests/game/phones/test_phones_program_browser.py launches it the same way).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = [("cuban", "en", (360, 740), 3), ("cuban", "ru", (768, 1024), 3),
         ("mexican_train", "ru", (360, 740), 4)]


def start(game: str, home: Path, join: Path) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOMINO_TABLE_HOME=str(home))
    seats = "phone,computer,computer" if game == "mexican_train" else "phone,computer,computer,computer"
    program = subprocess.Popen([sys.executable, "-m", "game", "--game", game, "--seats", seats, "--seed", "5",
                                "--phones-host", "127.0.0.1", "--phones-file", str(join)],
                               env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 60
    while not join.exists():
        if program.poll() is not None or time.monotonic() > end:
            raise SystemExit("the program did not start its phone server")
        time.sleep(0.05)
    return program


def play(page, decisions: int) -> None:
    """A few decisions from the page's own buttons: a lit tile or a button, then Confirm."""
    done, end = 0, time.monotonic() + 60
    while done < decisions and time.monotonic() < end:
        if not page.locator("#status.mine").count():
            time.sleep(0.1)
            continue
        if page.locator("#buttons button.confirm").count():
            page.locator("#buttons button.confirm").click()
            done += 1
            time.sleep(0.3)
        elif page.locator("#hand .tile.lit").count():
            page.locator("#hand .tile.lit").first.click()
            if page.locator("#table .target.lit").count() > 1:
                page.locator("#table .target.lit").first.click()
        else:
            page.locator("#buttons button:not(.secondary):not(.confirm):not(.cancel)").first.click()
        time.sleep(0.2)
    page.wait_for_selector("#status.mine", timeout=30000)  # the seat's turn again: its tiles lit


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = p.parse_args(argv)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no Chromium found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
        for game, lang, (w, h), decisions in SHOTS:
            with tempfile.TemporaryDirectory() as tmp:
                join = Path(tmp) / "join.json"
                program = start(game, Path(tmp) / "home", join)
                try:
                    url = json.loads(join.read_text(encoding="utf-8"))[0]["url"]
                    context = browser.new_context(viewport={"width": w, "height": h}, locale=lang,
                                                  has_touch=True, device_scale_factor=1)
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_selector("#hand .tile", timeout=15000)
                    play(page, decisions)
                    out = args.out / f"phone_{game}_{lang}_{w}x{h}.png"
                    page.screenshot(path=str(out))
                    print(out)
                    context.close()
                finally:
                    program.terminate()
                    program.wait(20)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
