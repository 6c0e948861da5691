"""The replay viewer's words: the message line (the coach's words, a deal's result, the
last decision) and the timeline's label (the move, the deal in the game's own words).

``ReplayWords`` reads the position shown through the viewer's ``ReplayPlay`` and asks
the game's kit for every word that is the game's (its buttons, its log lines, the
name of its deal); nothing here names a game.
"""
from __future__ import annotations

import re

from rules.actions import Action
from rules.events import ACTION_KINDS

from ..i18n import t
from ..phases import DEAL_END, MATCH_END
from .replay_model import DealMark

_TAGS = re.compile(r"<[^>]+>")


class ReplayWords:
    """The words of the position shown (see the module docstring)."""

    def __init__(self, kit, play, replay) -> None:
        self.kit = kit
        self.play = play
        self.replay = replay

    def message(self, suggestions: dict) -> str:
        """The message line: the coach's words here, else the deal's result, else the last decision."""
        action, words = suggestions.get(self.replay.position, (None, None))
        if words:
            return words
        if action is not None and action.kind != "play":
            return t("replay.suggested", action=self.decision_words(action))
        phase = self.replay.phase()
        if phase in (DEAL_END, MATCH_END):
            return self.result_words()
        return self.last_decision_words()

    def decision_words(self, action: Action) -> str:
        """A decision other than a play, in the words of its button at the table (Draw, Pass ...)."""
        view = self.play.view()
        bid = next((b for b, a in self.kit.decision_buttons(view) if a == action), None)
        return self.kit.button_label(bid, self.play) if bid is not None else action.kind

    def result_words(self) -> str:
        info = self.play.last_deal_end()
        if info is None:
            return ""
        return self.kit.hand_result(self.play, info)

    def last_decision_words(self) -> str:
        from .overlays import tile_text
        for event in reversed(self.play.view().history):
            if event.kind in ("deal", "match"):
                break
            if event.kind in ACTION_KINDS:  # a decision
                line = self.kit.log_line(event, self.play.name, tile_text)
                if line is None and event.kind in ("draw", "pass", "end_chain"):
                    line = t(f"ui.log_{event.kind}", name=self.play.name(event.seat))
                return _TAGS.sub("", line or "").split("\n")[0]
        return t("replay.deal_start")

    def position_label(self, index: int, deal: DealMark) -> str:
        last = max(1, len(self.replay.positions) - 1)
        return t("replay.position", move=index, moves=last) + "  \u00b7  " + self.deal_words(deal)

    def longest_label(self) -> str:
        """The timeline's label at its widest (the last move of the last deal), for the layout."""
        return self.position_label(len(self.replay.positions) - 1, self.replay.deals[-1])

    def deal_words(self, deal: DealMark) -> str:
        """The deal's own name in this game: "Deal 3 of 13", or a line game's own word for a hand (the kit's words)."""
        words = self.kit.deal_words(deal.deal_no)
        if len({d.match_no for d in self.replay.deals}) > 1:
            words = t("table.match_no", match=deal.match_no) + "  \u00b7  " + words
        return words

