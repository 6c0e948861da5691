"""Issue 27: a real browser plays from the phone page's own buttons.

Debian's ``chromium`` (headless), driven by Playwright, opens two phone seats of a
two-player Mexican Train at 360x740 and plays the whole first deal from the page:
a lit tile (and a lit train when the tile fits more than one), or a decision button,
then Confirm (UX-1).  The table's loop is the protocol tests' stand-in, on a thread.
Skipped, with one line saying why, where Chromium or Playwright is missing.
"""
from __future__ import annotations

import shutil
import threading
import time

import pytest

from test_phones_server import Table

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
playwright_sync = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)")


def _loop(table: Table, stop: threading.Event) -> None:
    while not stop.is_set():
        table.step()
        time.sleep(0.01)


@pytest.mark.slow
def test_two_phones_play_a_whole_mexican_train_deal_from_the_page():
    table = Table("mexican_train", 2, seed=6)
    table.server.start()
    table.publish()
    stop = threading.Event()
    loop = threading.Thread(target=_loop, args=(table, stop), daemon=True)
    loop.start()
    try:
        with playwright_sync.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            pages = {}
            for seat in (1, 2):
                context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB",
                                              has_touch=True)
                page = context.new_page()
                page.goto(table.server.url_for(seat))
                pages[seat] = page
            for seat, page in pages.items():
                page.wait_for_selector("#hand .tile", timeout=10000)
                hand = page.locator("#hand .tile").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
                assert sorted(hand) == sorted(f"{a}|{b}" for a, b in table.session.view(seat).hand)

            decisions = 0
            while not any(e[0] == "deal_end" for e in table.session.state.history):
                seat = table.session.to_act()
                page = pages[seat]
                page.wait_for_selector("#status.mine", timeout=10000)
                before = len(table.session.log)
                if page.locator("#hand .tile.lit").count():
                    page.locator("#hand .tile.lit").first.click()
                    # a tile with one place is previewed at once; with several, the places light up
                    if page.locator("#table .target.lit").count() > 1:
                        page.locator("#table .target.lit").first.click()
                else:
                    page.locator("#buttons button:not(.secondary):not(.confirm):not(.cancel)").first.click()
                page.wait_for_selector("#buttons button.confirm", timeout=5000)
                assert page.locator("#prompt.preview").count() == 1  # UX-1: the preview is shown first
                page.locator("#buttons button.confirm").click()
                _until(lambda n=before: len(table.session.log) > n, 5.0)
                decisions += 1
                assert decisions < 400, "the deal never ended"
            browser.close()
        assert decisions > 5
        assert all(r.kind in ("preview", "confirm") for r in table.handled)
    finally:
        stop.set()
        loop.join(2.0)
        table.server.stop()


def _until(condition, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("the table did not move")
