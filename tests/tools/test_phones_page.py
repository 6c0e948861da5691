"""Issue 27: the phone page itself, in a real browser, on states the protocol builds.

A ``PhoneServer`` serves the page and publishes a seat's state built by ``phone_state``
from a real session; Debian's ``chromium`` (headless, driven by Playwright) opens the
seat's address and the test reads what the page shows and what it sends back.  Skipped,
with one line saying why, where Chromium or Playwright is missing.
"""
from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from game.phones.protocol import phone_state
from game.phones.server import PhoneServer, SeatInfo
from rules import bots
from rules.rng import decision_stream
from rules.session import Config, Session

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_phone_screenshots import FLAGS as CHROMIUM_FLAGS  # noqa: E402

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
playwright_sync = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)")

NAMES = ["Anna", "Boris", "Clara", "Dmitri"]


class Served:
    """The server of one phone seat's page, and the browser's page on it."""

    def __init__(self, players: int, lang: str = "en", size: tuple[int, int] = (360, 740)) -> None:
        self.server = PhoneServer({s: SeatInfo(NAMES[s - 1]) for s in range(1, players + 1)}, host="127.0.0.1")
        self.lang = lang
        self.size = size
        self.requests: list = []

    def __enter__(self) -> "Served":
        self.server.start()
        self._pw = playwright_sync.sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        context = self.browser.new_context(viewport={"width": self.size[0], "height": self.size[1]},
                                           locale=self.lang, device_scale_factor=1)
        self.page = context.new_page()
        return self

    def __exit__(self, *exc) -> None:
        self.browser.close()
        self._pw.stop()
        self.server.stop()

    def show(self, seat: int, state: dict) -> None:
        self.server.publish(seat, state)
        if self.page.url == "about:blank":
            self.page.goto(self.server.url_for(seat))
        self.page.wait_for_function("() => document.getElementById('link').classList.contains('up')")

    def wait_request(self, kind: str, timeout: float = 5.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.requests += self.server.poll()
            found = [r for r in self.requests if r.kind == kind]
            if found:
                return found[-1]
            time.sleep(0.02)
        raise AssertionError(f"no {kind} request came from the page")


def _to_the_deal_end(session: Session) -> None:
    while not any(e.kind == "deal_end" for e in session.state.history):
        seat = session.to_act()
        session.apply(bots.choose(session.view(seat), "easy", decision_stream(seat, session.cursor)))


def test_a_seat_that_chooses_itself_to_lead_is_not_named_twice():
    """The page's wording bug: a seat choosing itself to lead showed "Anna: Anna leads";
    now "Anna leads", and a seat choosing its partner "Anna chooses Clara to lead" (and a
    marker is said in words, not as the event's kind "mark")."""
    session = Session(Config("cuban", 4, 3))
    state = phone_state(session, 1, names=NAMES)
    state["recent"] = [{"kind": "lead", "seat": 1, "chosen": 1}, {"kind": "lead", "seat": 3, "chosen": 1},
                       {"kind": "pass", "seat": 2}, {"kind": "mark", "seat": 4}]
    with Served(4) as served:
        served.show(1, state)
        served.page.wait_for_selector("#recent li")
        lines = served.page.eval_on_selector_all("#recent li", "items => items.map(li => li.textContent.trim())")
    assert lines == ["Dmitri: train marked", "Boris: Pass", "Clara chooses Anna to lead", "Anna leads"]
    assert not any("Anna: Anna" in line for line in lines)


def test_the_deal_end_shows_the_scores_continue_and_the_seats_coach():
    """Items of issue 27 on the page: at a deal's end the sheet shows every seat's penalty
    and total, Continue when the state offers it, and the coach of this seat; each button
    sends its request, which the server admits."""
    session = Session(Config("mexican_train", 2, 4))
    _to_the_deal_end(session)
    from rules.actions import Action
    log = session.log
    end = len(log)
    while not isinstance(log[end - 1], Action):
        end -= 1
    view = session.view_at(end, 1)
    state = phone_state(view, 1, names=NAMES[:2], legal=(), coach=True, can_continue=True)
    with Served(2) as served:
        served.show(1, state)
        page = served.page
        page.wait_for_selector("#sheet:not(.hidden) #sheet-title", timeout=5000)
        assert page.inner_text("#sheet-title") == "Tiles left and scores"
        text = page.inner_text("#sheet-text")
        assert "Anna" in text and "Boris" in text and "penalty" in text and "total" in text
        page.click("#sheet-text button.coach-button")
        assert served.wait_request("coach").seat == 1
        report = {"status": "ready", "inaccuracies": 1, "blunders": 0, "worst": 0, "cost_the_hand": False,
                  "rows": [{"label": "inaccuracy", "played": {"kind": "play", "tile": [5, 9], "train": 1},
                            "better": {"kind": "play", "tile": [9, 9], "train": "mexican"}, "opening": False},
                           {"label": "best", "played": {"kind": "draw"}, "better": None, "opening": False}]}
        served.show(1, phone_state(view, 1, names=NAMES[:2], legal=(), coach=True, can_continue=True,
                                   coach_report=report))
        page.wait_for_selector("#sheet .coach-rows li")
        assert page.inner_text("#sheet-title") == "Coach: your decisions"
        row = page.inner_text("#sheet .coach-rows li")
        assert "inaccuracy" in row and "5|9" in row and "9|9" in row and "Mexican train" in row
        # the decisions with a better move are listed; the best ones are counted
        assert page.locator("#sheet .coach-rows li").count() == 1
        assert page.inner_text("#sheet .coach-best") == "1 other decision was best."
        page.click("#sheet-text button.continue")
        assert served.wait_request("continue").seat == 1
