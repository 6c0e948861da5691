"""The coach screen: the human decisions of the deal just finished, graded (issue 15; UX-4).

Opened by the Coach button of the deal-end screen.  The deal is captured on
this thread (``rules.coach.capture``, which refuses a deal still in play) and
graded on a worker thread, so the screen never freezes: it shows "Grading..."
until the report is in.  Each row: the label, what was played, the best with
what the player knew and, in Cuban and Jamaican, the best with all hands
shown, and the expected cost; the summary line on top.  Up/down, the wheel or
a drag scroll a long list; Back, Esc or Enter close the screen.
"""
from __future__ import annotations

import threading
from typing import Any

import pygame

from rules import coach
from rules.actions import Action

from .. import intents as I
from .. import navigation
from ..i18n import t
from ..kits import kit_for
from .score_panel import ScorePanelScene, ui_scale
from .textbox import fitting_px, line_height, width_of
from ..play import DEAL_END

LABEL_COLOURS = {"best": (120, 210, 140), "fine": (190, 210, 170), "inaccuracy": (240, 196, 90),
                 "blunder": (240, 110, 100)}
TEXT = (247, 241, 227)
SOFT = (200, 206, 198)
MUTED = (170, 176, 168)
#: the chosen row's band and rim (what "Show on the table" goes to)
CHOSEN = (44, 70, 58)
CHOSEN_EDGE = (196, 160, 72)
LABEL_KEYS = {"best": "coach.label_best", "fine": "coach.label_fine",
              "inaccuracy": "coach.label_inaccuracy", "blunder": "coach.label_blunder"}


def action_text(action: Action | None, name_of=lambda seat: str(seat), opening: bool = False, kit=None) -> str:
    """An action in words: "[6|4] left", "[5|5] on the Mexican train", "end the chain";
    ``opening``: the line is empty and the tile starts it, with no end to name (CU-6, JA-2);
    ``kit``: the game's, which says where a play went (``TableKit.play_words``)."""
    if action is None:
        return t("coach.unsolved")
    if action.kind == "play" and action.tile is not None:
        tile = f"[{action.tile[0]}|{action.tile[1]}]"
        if opening:
            return tile
        return kit.play_words(action, tile, name_of) if kit is not None else tile
    if action.kind == "end_chain":
        return t("coach.end_chain")
    if action.kind == "draw":
        return t("coach.draw")
    return t("coach.pass")


def cost_text(game: str, loss: float) -> str:
    """A loss in the game's units: Cuban points, Jamaican hands, Mexican Train pips (the kit's)."""
    return kit_for(game).cost_words(loss)


def summary_line(report: coach.DealReport, name_of=lambda seat: str(seat), opening=lambda grade: False) -> str:
    """The one-line summary: "2 inaccuracies, 1 blunder: [5|3] instead of [6|6] cost the hand"."""
    if not report.grades:
        return t("coach.nothing")
    worst = report.worst
    if worst is None:
        return t("coach.summary_clean")
    counts = []
    if report.counts.get("inaccuracy"):
        counts.append(t("coach.n_inaccuracies", count=report.counts["inaccuracy"]))
    if report.counts.get("blunder"):
        counts.append(t("coach.n_blunders", count=report.counts["blunder"]))
    first = opening(worst)
    kit = kit_for(report.game)
    played, best = action_text(worst.played, name_of, first, kit), action_text(worst.best_known, name_of, first, kit)
    if report.cost_the_hand:
        cost = t("coach.cost_hand", played=played, best=best)
    else:
        cost = t("coach.cost_about", played=played, best=best, cost=cost_text(report.game, worst.loss))
    return t("coach.summary", counts=", ".join(counts), cost=cost)


class Grading:
    """One deal graded on a worker thread: ``report`` or ``error`` once ``done``."""

    def __init__(self, record: coach.DealRecord, seats: list[int]) -> None:
        self.report: coach.DealReport | None = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, args=(record, seats), daemon=True, name="coach")
        self.thread.start()

    def _run(self, record: coach.DealRecord, seats: list[int]) -> None:
        try:
            self.report = coach.grade(record, seats)
        except Exception as exc:  # noqa: BLE001 - the screen says so instead of a traceback
            self.error = f"{t('coach.failed')} ({exc})"


#: the last deal graded, so that reopening the coach on it neither waits nor grades again
_last: tuple[tuple, Grading] | None = None


def grading_for(session, seats: list[int]) -> Grading | None:
    """The grading of the session's last finished deal, started now or reused; None if none."""
    global _last
    index = coach.last_finished_deal(session)
    if index is None:
        return None
    record = coach.capture(session, index)  # here, on the thread that owns the session
    key = (id(session), record.position, record.entries, tuple(seats))
    if _last is None or _last[0] != key:
        _last = (key, Grading(record, seats))
    return _last[1]


class CoachScene(ScorePanelScene):
    """The graded decisions of the deal just over (see the module docstring)."""

    phase = DEAL_END
    runs_match = False  # a demo's clock waits while the player reads
    veil_alpha = 190

    def __init__(self, app, play, table) -> None:
        super().__init__(app, play, table)
        self.offset = 0
        self._visible = 1
        #: the row "Show on the table" stands at (None: the costliest, once graded)
        self.chosen: int | None = None
        #: each visible row's rect this frame, with its index, for a tap to choose it
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self._opening: dict[int, bool] = {}
        seats = [s for s in range(1, len(play.seats) + 1) if play.seats[s - 1].is_human]
        self.job = grading_for(play.session, seats)
        self.worker = self.job.thread if self.job else None

    @property
    def report(self) -> coach.DealReport | None:
        return self.job.report if self.job else None

    @property
    def error(self) -> str | None:
        return self.job.error if self.job else t("coach.failed")

    @property
    def ready(self) -> bool:
        return self.report is not None or self.error is not None

    def resting(self) -> bool:
        """Issue 28: the grading finishes by itself on its thread; until then the screen
        keeps the App awake, so the report shows the moment it is ready."""
        return self.ready and super().resting()

    # ------------------------------------------------------------ behaviour

    def _press(self, bid: str) -> None:
        if bid == "back":
            self._close()
        elif bid == "show":
            self.show_on_table()

    def show_on_table(self) -> None:
        """Issue 15: the deal in the replay viewer, every graded decision's better play shown
        on the table where it was due, standing at the costliest one."""
        report = self.report
        if report is None or not report.grades:
            return
        from .. import history
        play = self.play
        viewer: Any = navigation.push(self.app, "replay", history.MatchRecord(play.session, play.seats, play.view().match_no))
        for g in report.grades:
            if self.better(g) is not None:
                viewer.suggest(g.position, g.best_known,
                               words=t("coach.on_table", label=t(LABEL_KEYS[g.label]),
                                       best=action_text(g.best_known, play.name, self.opening(g), play.kit)))
        viewer.go_to_position(report.grades[self.chosen_row()].position)

    def chosen_row(self) -> int:
        """The row the player chose (up/down, a tap), else the costliest one."""
        report = self.report
        assert report is not None and report.grades
        if self.chosen is None:
            costly = [i for i, g in enumerate(report.grades) if self.better(g) is not None]
            self.chosen = max(costly, key=lambda i: report.grades[i].loss) if costly else 0
        return max(0, min(self.chosen, len(report.grades) - 1))

    @staticmethod
    def better(g: coach.Grade) -> Action | None:
        """The better move to show for ``g``, or None: a move graded best has none, though a
        sampled estimate may rank another a hair higher (issue 28: "best" beside a better move
        at ~0.0 points)."""
        if g.label == "best" or g.best_known is None or g.best_known == g.played:
            return None
        return g.best_known

    def opening(self, g: coach.Grade) -> bool:
        """Whether ``g``'s decision started the line (no ends yet: the lead, the pose)."""
        if g.played.kind != "play" or g.played.end is None:
            return False
        if g.position not in self._opening:
            try:
                line = self.play.session.view_at(g.position, g.seat).line
            except Exception:  # a past the session cannot rebuild: name the end as recorded
                line = (0,)
            self._opening[g.position] = not line
        return self._opening[g.position]

    def _scroll(self, rows: int) -> None:
        total = len(self.report.grades) if self.report else 0
        self.offset = max(0, min(self.offset + rows, max(0, total - self._visible)))

    def _choose(self, step: int) -> None:
        """Up/down: the next row is chosen, and the list scrolls to keep it in sight."""
        if self.report is None or not self.report.grades:
            return
        self.chosen = max(0, min(self.chosen_row() + step, len(self.report.grades) - 1))
        if self.chosen < self.offset:
            self._scroll(self.chosen - self.offset)
        elif self.chosen >= self.offset + self._visible:
            self._scroll(self.chosen - self.offset - self._visible + 1)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.CANCEL:
            self._close()
        elif k == I.MOVE and intent.direction in ("up", "down"):
            self._choose(-1 if intent.direction == "up" else 1)
        elif k == I.TAP and intent.pos is not None and any(r.collidepoint(intent.pos) for _, r in self.row_rects):
            self.chosen = next(i for i, r in self.row_rects if r.collidepoint(intent.pos))
        elif k == I.ZOOM:
            self._scroll(-1 if intent.factor > 1 else 1)
        elif k in (I.DRAG, I.PAN) and abs(intent.delta[1]) >= 12:
            self._scroll(-1 if intent.delta[1] > 0 else 1)
        elif k not in (I.UNDO, I.REDO):
            super().handle(intent)

    # ------------------------------------------------------------ drawing

    def info(self):
        return self.report

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        surface = self.begin(surface)  # inside the TV's safe area, every text in its box (issue 11)
        boxes = self.boxes
        w, h = surface.get_size()
        u = self.fit_scale(ui_scale(self.app, (w, h)), surface, 900, 560)
        fpx, small = boxes.px(26, u), boxes.px(22, u)
        gap = max(6, round(16 * u))
        buttons = [("back", t("coach.back"))]
        if self.report is not None and self.report.grades:
            buttons.insert(0, ("show", t("coach.show")))
        pw, ph = round(1500 * u), round(980 * u)
        foot = self.buttons_height(buttons, min(pw, w - 20) - 2 * gap, u, fpx)
        panel, _ = self.draw_panel(surface, pw, ph)
        m = max(8, round(24 * u))
        inner = pygame.Rect(panel.x + m, 0, panel.width - 2 * m, 0)
        y = self.centred_line(surface, t("coach.title"), inner, panel.top + max(4, round(14 * u)),
                              boxes.px(34, u), bold=True) + max(2, round(8 * u))
        bottom = panel.bottom - foot - max(4, round(10 * u))
        if not self.ready:
            self.centred_line(surface, t("coach.grading"), inner, (y + bottom) // 2, fpx)
        elif self.error is not None or self.report is None:
            self.centred_line(surface, self.error or "", inner, (y + bottom) // 2, fpx)
        else:
            self._draw_report(surface, inner, y, bottom, u, fpx, small)
        self.draw_buttons(surface, panel, buttons, u, fpx, primary="back")

    def _draw_report(self, surface, inner: pygame.Rect, y: int, bottom: int, u: float, fpx: int,
                     small: int) -> None:
        report = self.report
        assert report is not None
        boxes = self.boxes
        y = self.centred_line(surface, summary_line(report, self.play.name, self.opening), inner, y, fpx,
                              colour=(240, 220, 160)) + max(4, round(12 * u))
        if not report.grades:
            return
        full = coach.solves_full(report.game)
        heads = [t("coach.col_label"), t("coach.col_played"), t("coach.col_known")]
        if full:
            heads.append(t("coach.col_full"))
        heads.append(t("coach.col_cost"))
        gap = max(6, round(10 * u))
        cell_px = max(small, min(fpx, small + 2))
        names = len({g.seat for g in report.grades}) > 1
        every = [self._cells(report, g, names) for g in report.grades]
        widths = self._columns(heads, every, inner.width, gap, fpx, cell_px, small)
        xs = [inner.x]
        for wd in widths[:-1]:
            xs.append(xs[-1] + wd + gap)
        head_h = line_height(small, True)
        head_px = min(fitting_px(head, wd, small, boxes.least, True) for wd, head in zip(widths, heads))
        for x, wd, head in zip(xs, widths, heads):
            boxes.put(surface, head, pygame.Rect(x, y, wd, head_h), head_px, colour=MUTED, bold=True)
        y += head_h + max(2, round(6 * u))
        cell_px = max(small, min(fpx, small + 2))
        row_h = max(line_height(fpx, True) + 2, round(fpx * 1.6))
        total = len(report.grades)
        estimated = full and any(self.better(g) is not None and g.loss > 0 and not g.exact for g in report.grades)
        note_h = line_height(small)
        room = bottom - y - (note_h if estimated else 0)
        if total > room // row_h:
            room -= note_h
        self._visible = max(1, room // row_h)
        self._scroll(0)
        rows = every[self.offset:self.offset + self._visible]
        # one size per column: the longest visible cell's (then elided at the floor)
        sizes = [min(fitting_px(words, wd, fpx if bold else cell_px, boxes.least, bold) for words, _, bold in column)
                 for wd, column in zip(widths, zip(*rows))]
        chosen = self.chosen_row()
        self.row_rects = []
        for i, cells in enumerate(rows, start=self.offset):
            rect = pygame.Rect(inner.x - gap // 2, y, inner.width + gap, row_h)
            self.row_rects.append((i, rect))
            if i == chosen:  # the row "Show on the table" goes to
                pygame.draw.rect(surface, CHOSEN, rect, border_radius=max(2, round(6 * u)))
                pygame.draw.rect(surface, CHOSEN_EDGE, rect, max(1, round(2 * u)), border_radius=max(2, round(6 * u)))
            for x, wd, px, (words, colour, bold) in zip(xs, widths, sizes, cells):
                boxes.put(surface, words, pygame.Rect(x, y, wd, row_h), px, colour=colour, bold=bold)
            y += row_h
        notes = []
        if estimated:
            notes.append(t("coach.estimated"))
        if total > self._visible:
            notes.append(t("coach.rows", first=self.offset + 1,
                           last=min(total, self.offset + self._visible), count=total))
        for i, note in enumerate(reversed(notes)):
            boxes.put(surface, note, pygame.Rect(inner.x, bottom - (i + 1) * note_h, inner.width, note_h), small,
                      colour=MUTED, align="center")

    @staticmethod
    def _columns(heads: list[str], rows: list, width: int, gap: int, fpx: int, cell_px: int,
                 small: int) -> list[int]:
        """Issue 11: each column as wide as its longest cell needs (its heading counts up to
        half as much again), all scaled to ``width`` when they need more or less."""
        needs = []
        for j, head in enumerate(heads):
            cells = max(width_of(r[j][0], fpx if r[j][2] else cell_px, r[j][2]) for r in rows)
            needs.append(max(cells, min(width_of(head, small, True), cells * 3 // 2)))
        room = width - gap * (len(heads) - 1)
        return [room * n // max(1, sum(needs)) for n in needs]

    def _cells(self, report: coach.DealReport, g: coach.Grade, names: bool) -> list[tuple[str, tuple, bool]]:
        """One row's cells: (text, colour, bold) for the label, played, best known, best full, cost."""
        name_of = self.play.name
        opening = self.opening(g)
        kit = kit_for(report.game)
        played = action_text(g.played, name_of, opening, kit)
        if names:  # hot seat: several humans graded, say whose decision it was
            played = f"{name_of(g.seat)}: {played}"
        better = self.better(g)
        known = t("coach.same") if better is None else action_text(better, name_of, opening, kit)
        cells = [(t(LABEL_KEYS[g.label]), LABEL_COLOURS[g.label], True), (played, TEXT, False),
                 (known, TEXT, False)]
        full = coach.solves_full(report.game)
        if full:
            shown = t("coach.same") if g.best_full == g.played else action_text(g.best_full, name_of, opening, kit)
            cells.append((shown, SOFT, False))
        cost = cost_text(report.game, g.loss) if g.loss > 0 and better is not None else "\u2014"
        if better is not None and g.loss > 0 and not g.exact and full:
            cost = "~ " + cost  # the fair grade is a playout estimate here
        cells.append((cost, SOFT, False))
        return cells
