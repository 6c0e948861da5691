"""The end of a deal: every hand revealed, with penalties and totals (MT-16, MT-17, UX-3).

The hands come from the public ``deal_end`` history event, which carries
them: at the end of a deal every hand is revealed together.
"""
from __future__ import annotations

import pygame


from .. import intents as I
from .. import navigation
from ..i18n import t
from ..play import DEAL_END
from .score_panel import ScorePanelScene, draw_revealed_hand

PENALTY = (255, 160, 140)


class DealEndScene(ScorePanelScene):
    phase = DEAL_END

    def _continue(self) -> None:
        self.play.continue_after_deal()
        self._close()

    def _undo(self) -> None:
        if self.play.undo():
            self._close()

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.CONFIRM and not self.buttons:
            if self.guard.fresh(intent.began, intent.prior):  # issue 40: as on the panel (ScorePanelScene)
                self._continue()  # Enter before the first frame is drawn
        elif intent.kind == I.UNDO:
            self._undo()
        else:
            super().handle(intent)

    def _press(self, bid: str) -> None:
        if bid == "continue":
            self._continue()
        elif bid == "undo":
            self._undo()
        elif bid == "coach":
            navigation.push(self.app, "coach", self.play, self.table)  # issue 15: the deal's decisions, graded
        elif bid == "replay":
            self.replay()

    def replay(self) -> None:
        """Issue 15: the match so far in the viewer, every hand face up.  Its positions end
        with this deal's last decision, before the next deal (already dealt behind this
        screen) is shown: every hand up to there was revealed at its deal's end."""
        from .. import history
        play = self.play
        navigation.push(self.app, "replay", history.MatchRecord(play.session, play.seats, play.view().match_no))

    def button_labels(self, labels):
        """The kit's buttons, and Coach and Replay when a human played this deal (issue 15)."""
        if any(s.is_human for s in self.play.seats):
            labels = [*labels, ("coach", t("coach.button")), ("replay", t("replay.replay"))]
        return labels

    def info(self):
        return self.play.last_deal_end()

    def draw_info(self, surface: pygame.Surface, info, u: float) -> None:
        self.play.kit.draw_deal_end(self, self.play, surface, info, u)  # each family lays out its own

    def labels_with_undo(self, info, next_words: str) -> list[tuple[str, str]]:
        over = self.play.session.match_over()
        labels = [("continue", self.play.kit.match_words("see_result") if over else next_words)]
        if self.play.can_undo():
            labels.append(("undo", t("table.undo")))
        return labels

    def hand_cell(self, surface, hand, cell: pygame.Rect, fpx: int) -> None:
        draw_revealed_hand(self.boxes, surface, self.table.sprites, hand, cell, fpx, self.turn)



