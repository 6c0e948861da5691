"""Issue 41: the phone page for a screen reader, in Debian's Chromium against the real program.

The hand is a row of native buttons named in full ("5 9, plays on left end", "5 9,
cannot play now"), with headings for the turn, the players, the table, the hand and the
latest moves, and two live regions present and empty from the start.  axe-core
(axe-playwright-python) finds no violation of any impact on each state of the page, and a
whole Cuban hand is played from the accessibility tree alone: role and name locators and
the ARIA snapshot, never a CSS selector or a coordinate.
"""
from __future__ import annotations

import re
import subprocess
import time

import pytest

from test_phones_program_browser import CHROMIUM_FLAGS, CHROMIUM, _start_program, playwright_sync

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright", reason="pip install axe-playwright-python")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)")]

YOUR_TURN = "Your turn"
OTHER_BUTTONS = re.compile(r"^(Hint|Undo|Confirm|Cancel)$")


def _violations(page) -> list[str]:
    results = axe_module.Axe().run(page)
    return [f"{v['id']} ({v.get('impact')}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]]


def _my_turn(page) -> bool:
    return page.get_by_role("heading", level=1, name=YOUR_TURN).count() > 0


def _one_decision(page) -> bool:
    """One step of a decision, found by role and name only; False if nothing could be done."""
    confirm = page.get_by_role("button", name="Confirm", exact=True)
    if confirm.count():
        confirm.click(timeout=2000)
        return True
    tiles = page.get_by_role("region", name="Your hand").get_by_role("button", name=re.compile(r", plays on "))
    if tiles.count():
        tiles.first.click(timeout=2000)
        ends = page.get_by_role("region", name="Table").get_by_role("button", disabled=False)
        if ends.count() > 1:
            ends.first.click(timeout=2000)
        return True
    decisions = [b for b in page.get_by_role("navigation").get_by_role("button").all()
                 if not OTHER_BUTTONS.match(b.get_attribute("aria-label") or b.inner_text())]
    if decisions:
        decisions[0].click(timeout=2000)
        return True
    return False


def test_a_cuban_hand_played_from_the_accessibility_tree_with_no_axe_violation(tmp_path):
    program, entries = _start_program(tmp_path, "cuban", "phone,computer,computer,computer", 3)
    found: dict[str, list[str]] = {}
    try:
        with playwright_sync.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB", has_touch=True).new_page()
            page.goto(entries[0]["url"])
            page.get_by_role("region", name="Your hand").get_by_role("button").first.wait_for(timeout=15000)
            # the live regions are there, and empty, before anything is said
            assert page.get_by_role("status").count() == 1 and page.get_by_role("alert").count() == 1
            snapshot = page.locator("body").aria_snapshot()
            for heading in ("Players", "Table", "Your hand", "Latest moves"):
                assert f'heading "{heading}"' in snapshot, snapshot
            decisions, previews, end = 0, 0, time.monotonic() + 180
            while time.monotonic() < end:
                if page.get_by_role("dialog").count() and page.get_by_role("dialog").is_visible():
                    found["deal end"] = _violations(page)
                    break
                if not _my_turn(page):
                    if "others' turn" not in found and page.get_by_role("heading", level=1).count():
                        found["others' turn"] = _violations(page)
                    time.sleep(0.05)
                    continue
                if "my turn" not in found:
                    found["my turn"] = _violations(page)
                if page.get_by_role("button", name="Confirm", exact=True).count():
                    if "preview" not in found:
                        found["preview"] = _violations(page)
                    previews += 1
                try:
                    decisions += _one_decision(page)
                except playwright_sync.TimeoutError:
                    continue  # a state came between a look and a tap: look again
                time.sleep(0.05)
            else:
                raise AssertionError(f"the hand did not end ({decisions} steps)")
            hand_names = page.get_by_role("region", name="Your hand").get_by_role("button").all()
            assert all(not re.search(r"\d\|\d", b.get_attribute("aria-label") or "") for b in hand_names)
            browser.close()
        assert previews >= 2 and set(found) == {"my turn", "preview", "others' turn", "deal end"}, found.keys()
        assert {state: v for state, v in found.items() if v} == {}
    finally:
        program.terminate()
        try:
            program.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            program.kill()
