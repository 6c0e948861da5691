"""The coach on a phone (issue 27: "each phone offers its own coach for its own decisions").

At a deal's end a phone seat may ask for the coach of the big screen (``rules.coach``),
graded for that seat's decisions only.  The deal is captured on the loop's thread (the
session is never touched elsewhere) and graded on a worker thread of its own, so the
frames never wait; until then the seat's state says ``"grading"``.

What a phone is told is that seat's own view of its decisions only (UX-4): each graded
decision's label, what it played and the better move it could have known of
(``best_known``, a move with its own tile); never the best "with all hands shown", which
was found by looking into the other hands.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from rules import coach

from .protocol import action_json

_log = logging.getLogger(__name__)


class _Job:
    """One seat's deal graded on a worker thread: ``report`` or ``failed`` once ``done``."""

    def __init__(self, record: coach.DealRecord, seat: int) -> None:
        self.report: coach.DealReport | None = None
        self.failed = False
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(record, seat), daemon=True, name="phone-coach")
        self.thread.start()

    def _run(self, record: coach.DealRecord, seat: int) -> None:
        try:
            self.report = coach.grade(record, [seat])
        except Exception:  # noqa: BLE001 - the phone says the coach failed; the program goes on
            _log.exception("the phone coach")
            self.failed = True
        self.done.set()


class PhoneCoach:
    """The coach reports asked for by phone seats, for the deal just over."""

    def __init__(self) -> None:
        #: seat -> (the deal's key, its job)
        self._jobs: dict[int, tuple[tuple, _Job]] = {}

    @staticmethod
    def deal_key(session: Any) -> tuple | None:
        """Which finished deal the coach would grade now (None: none is over)."""
        index = coach.last_finished_deal(session)
        return None if index is None else (id(session), index, len(session.log))

    def ask(self, session: Any, seat: int) -> None:
        """Start grading ``seat``'s decisions of the deal just over (once per deal and seat)."""
        index = coach.last_finished_deal(session)
        if index is None:
            return
        key = (id(session), index, len(session.log))
        held = self._jobs.get(seat)
        if held is not None and held[0] == key:
            return
        record = coach.capture(session, index)  # on the loop's thread, which owns the session
        self._jobs[seat] = (key, _Job(record, seat))

    def status(self, seat: int) -> str | None:
        """None (not asked), "grading", "ready" or "failed"."""
        held = self._jobs.get(seat)
        if held is None:
            return None
        job = held[1]
        if not job.done.is_set():
            return "grading"
        return "failed" if job.failed else "ready"

    def drop(self) -> None:
        """The deal's end is left: its reports go (the next deal's end asks again)."""
        self._jobs.clear()

    def report_json(self, session: Any, seat: int) -> dict | None:
        """``seat``'s report as its phone shows it, or None when it has not asked."""
        status = self.status(seat)
        if status is None:
            return None
        out: dict[str, Any] = {"status": status}
        job = self._jobs[seat][1]
        report = job.report
        if status != "ready" or report is None:
            return out
        rows = []
        for g in report.grades:
            if g.seat != seat:
                continue  # graded for this seat alone; never another seat's decisions
            better = None if g.label == "best" or g.best_known == g.played else g.best_known
            rows.append({"label": g.label, "played": action_json(g.played),
                         "better": action_json(better) if better is not None else None,
                         "opening": _opening(session, g)})
        worst = report.worst
        out.update({"rows": rows,
                    "inaccuracies": report.counts.get("inaccuracy", 0),
                    "blunders": report.counts.get("blunder", 0),
                    "worst": report.grades.index(worst) if worst is not None else None,
                    "cost_the_hand": bool(report.cost_the_hand)})
        return out


def _opening(session: Any, g: coach.Grade) -> bool:
    """Whether ``g``'s tile started the line (no end to name yet: the lead, the pose)."""
    if g.played.kind != "play" or g.played.end is None:
        return False
    try:
        line = session.view_at(g.position, g.seat).line
    except Exception:  # noqa: BLE001 - a past the session cannot rebuild: name the end as recorded
        return False
    return not line
