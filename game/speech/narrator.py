"""What the table says as it goes (issue 41): the narrator compares the table with what it
last saw, once a frame, and gives the lines that changed, in order.

- every move as it is made: the log entries added to the public history since the last
  look, worded by the ticker (``words.move_lines``), so a move applied between two frames
  (a demo's ``--after``, a fast computer) is still said, and undo or a restart is silent
  (the table says "Move taken back" itself, in its message line);
- whose turn: "Your turn, Ana." and the kit's prompt when a decision at the device begins,
  the pass-the-device line at the curtain (UX-3), a phone seat deciding;
- the prompt again when it changes (a drawn tile, a chain going on);
- the preview and its keys (UX-1), the table's message line (errors, "choose an end"),
  and what the keyboard cursor moved onto.

A line is ``Line(text, priority, seat, kind)``: the speech manager's priorities
(``manager.INTERRUPT``, ``QUEUE``), the seat whose move it is (its voice), and "move" for
the others' moves the manager may merge.  Everything read comes from the play state's
queries and the view of the seat on screen (UX-4).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..hint_words import reason_line
from ..i18n import t
from ..phases import AWAY, CURTAIN, DEAL_END, MATCH_END
from . import words as W
from .manager import INTERRUPT, QUEUE


class Line(NamedTuple):
    text: str
    priority: int = QUEUE
    seat: int | None = None
    kind: str = "say"


class Narrator:
    """The table as last said, and the lines of what changed since (module docstring)."""

    def __init__(self) -> None:
        self.play: Any = None
        #: sessions started afresh (``fresh``): read from their first entry, not from now
        self._fresh: set[int] = set()
        self._entries = 0
        self._length = 0
        self._state: int | None = None
        self._turn: tuple | None = None
        self._prompt: str | None = None
        self._pending: Any = None
        self._message: Any = None
        self._focus: tuple | None = None
        #: "brief" (no prompt after "your turn", no keys after a preview), "normal", or "full"
        #: (the open ends or the trains after each play), Settings' "Speech detail"
        self.detail = "normal"

    def fresh(self, session) -> None:
        """``session`` is a new match: its deal and every move from the start are said (a
        resumed match is said from where it stands)."""
        self._fresh.add(id(session))

    def tick(self, play) -> list[Line]:
        """The lines of what changed on ``play`` since the last tick."""
        if play is None:
            self.play = None
            return []
        if play is not self.play:
            self._meet(play)
        lines = self._moves(play)
        moved = bool(lines)
        lines += self._turn_lines(play, after_moves=moved)
        lines += self._pick_lines(play)
        return lines

    # ------------------------------------------------------------------ parts

    def _meet(self, play) -> None:
        """A new table: from its start if fresh, else from now."""
        self.play = play
        history = play.view().history
        fresh = id(play.session) in self._fresh
        self._fresh.discard(id(play.session))
        self._entries = 0 if fresh else W.move_lines(history, play.session.game, [], len(history))[0]
        self._length = 0 if fresh else len(history)
        self._state = id(play.session.state)
        self._turn = self._prompt = self._pending = self._message = self._focus = None

    def _moves(self, play) -> list[Line]:
        history = play.view().history
        state = id(play.session.state)
        if len(history) == self._length and state == self._state:
            return []
        grew = len(history) > self._length and (state == self._state or self._length == 0)
        self._length, self._state = len(history), state
        names = W.seat_names(play)
        count, said = W.move_lines(history, play.session.game, names, self._entries if grew else 10**9)
        if not grew:  # undo, redo, a restart: the table's message says so; the rest is now
            self._entries = count
            self._turn = self._prompt = None
            return []
        self._entries = count
        me = play.at_device()
        lines = [Line(text, QUEUE, seat, "move" if seat is not None and seat != me else "say") for seat, text in said]
        if lines and self.detail == "full":  # where the table stands after them
            lines.append(Line(W.spoken(W.part(play).table_words(play)), QUEUE))
        return lines

    def _turn_lines(self, play, after_moves: bool) -> list[Line]:
        """Whose turn, once per decision; the prompt again whenever it changes."""
        seat = play.session.to_act()
        key = (play.session.cursor, seat, play.phase if play.phase in (CURTAIN, AWAY, DEAL_END, MATCH_END) else "mine")
        if key != self._turn:
            self._turn = key
            # after the others' moves the turn follows them; on its own it interrupts
            return self._new_turn(play, seat, QUEUE if after_moves else INTERRUPT)
        if play.my_turn() and play.pending is None and play.selected is None:
            prompt = W.spoken(W.part(play).prompt_words(play))
            if prompt != self._prompt:
                self._prompt = prompt
                return [Line(prompt, INTERRUPT, seat)]
        return []

    def _new_turn(self, play, seat: int | None, priority: int) -> list[Line]:
        """A decision begins: yours (with its prompt), the curtain's, a phone's; or a deal ends."""
        if play.my_turn():
            prompt = self._prompt = W.spoken(W.part(play).prompt_words(play))
            self._focus = None  # the cursor's place is said after the prompt
            if _same_seat_again(play, seat):
                return [Line(prompt, priority, seat)]
            if self.detail == "brief":  # the prompt is one review key away (T)
                return [Line(t("speech.your_turn", name=play.name(seat)), priority, seat)]
            return [Line(t("speech.your_turn", name=play.name(seat)) + " " + prompt, priority, seat)]
        self._prompt = None
        if play.phase in (DEAL_END, MATCH_END):  # after the result: how to go on
            over = [W.spoken(play.kit.match_words("match_over_title", match=play.view().match_no))] \
                if play.phase == MATCH_END else []
            return [Line(W.sentences(over + [t("speech.deal_over")]), QUEUE)]
        if seat is None:
            return []
        if play.phase == CURTAIN:
            return [Line(t("table.pass_device", name=play.name(seat)), priority, seat)]
        if play.phase == AWAY and play.is_human(seat):
            return [Line(t("speech.phone_turn", name=play.name(seat)), QUEUE, seat)]
        return []

    def _pick_lines(self, play) -> list[Line]:
        """The preview, the message line and the cursor, each when it changes."""
        lines: list[Line] = []
        pending = play.pending
        if pending != self._pending:
            self._pending = pending
            if pending is not None:
                # the screen's "Confirm or cancel." is said as the keys that do it, once
                text = W.spoken(play.kit.preview_text(play, pending)).removesuffix(t("speech.preview_ask")).rstrip()
                if play.pending_is_hint:  # the hint and its one line of why (issue 31)
                    why = reason_line(play.pick.hint_reason(), play.name)
                    text = " ".join(x for x in (t("table.hint_prefix", text=text), W.spoken(why)) if x)
                keys = "" if self.detail == "brief" else " " + t("speech.preview_keys")
                lines.append(Line(text + keys, INTERRUPT))
        message = play.message
        if message != self._message:
            self._message = message
            if message and message[0] and message[0] != "table.pass_device":
                lines.append(Line(W.spoken(t(message[0], **message[1])), INTERRUPT))
        focus = (play.cursor.zone, play.cursor.focused()) if play.my_turn() else None
        if focus != self._focus:
            self._focus = focus
            said = W.focus_line(play) if focus is not None and focus[1] is not None else None
            if said and not lines:  # a preview or a message already says where the cursor went
                lines.append(Line(said, INTERRUPT))
        return lines


def _same_seat_again(play, seat: int | None) -> bool:
    """The seat to act made the last decision too (MT-8's chain, MT-13's extra tile): no new
    "your turn", only the prompt."""
    from ..cues import actor, recent_groups
    last = recent_groups(play.view().history, 1)
    return bool(last) and actor(last[0]) == seat
