"""The play state machine: the one owner of the table's phases (DESIGN.md).

Every intent that can change the match arrives here, and every change goes
through the rules API (``Session.apply``, ``undo``, ``redo``, ``restart_deal``,
``next_match``).  The phases (``game.phases``):

- ``curtain``  (UX-3) the next decision belongs to a human other than the one
  whose hand is on screen: every hand is hidden until that player asks to see
  their own;
- ``choosing`` a human picks a tile (its legal targets light up) or a button;
- ``preview``  (UX-1) a decision is shown (a ghost tile, or the draw, pass or
  end-chain button lit) and waits for a confirm or a cancel;
- ``away``     the seat to act decides away from the device (a computer, a phone),
  one decision at a time, a computer at a readable pace, not at all while
  ``paused`` is set (UX-5: the shell sets it while the rules or log screen is open);
- ``deal_end`` every hand revealed with penalties and totals (from the public
  ``deal_end`` history event, which carries the hands);
- ``match_end`` totals and the shared win (MT-18), then the next match (MT-20).

``PlayState`` composes its parts, each in its own module and none of them a
writer of the phases: the keyboard cursor (``game.focus``) and what the keys
mean (``game.keys``), undo and redo (``game.undo``), the deal-end reveals and
deal start steps (``game.deal_flow``), the pace of the seats deciding away
(``game.pacing``), the hint (``game.hints``) and the hand's order
(``game.hand_order``).  Where a seat's decisions come from is ``game.sources``.

The state machine never imports pygame: scenes translate pointer positions
into ``tap_tile`` / ``tap_target`` / ``press`` calls and keys into ``move`` /
``confirm`` / ``cancel``, so tests can drive it either way.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from rules.actions import Action
from rules.errors import RulesError
from rules.tiles import Tile

from .deal_flow import DealFlow
from .focus import Cursor
from .guard import PRESS_GUARD_S, Guard
from .hand_order import SORT_MODES, HandOrder
from .buttons import CORE_BUTTONS, Buttons
from .keys import GUARDED_BUTTONS, Keys
from .pacing import DEMO_READ_S, SPEEDS, Pace, computer_delay
from .parts import Alias
from .picking import Pick
from .phases import AWAY, CHOOSING, CURTAIN, DEAL_END, MATCH_END, PREVIEW
from .queries import DealEndInfo, MatchEndInfo, TableQueries
from .seats import SeatConfig
from .sources import DecisionSource, source_for
from .undo import TakeBacks, decision_seats

__all__ = ["CHOOSING", "AWAY", "CORE_BUTTONS", "CURTAIN", "CURTAIN_GUARD_S", "DEAL_END", "DEMO_READ_S",
           "DealEndInfo", "GUARDED_BUTTONS", "MATCH_END", "MatchEndInfo", "PRESS_GUARD_S", "PREVIEW", "PlayState", "SORT_MODES",
           "SPEEDS", "TableQueries", "computer_delay"]

#: UX-3: seconds after the curtain comes up before a press may lift it.  Only a press
#: that began this long after the curtain appeared counts, so a second press or click
#: meant for the screen before (a double click, Enter pressed twice) never lifts it; the
#: same guard serves every screen and decision offered after a confirm (``game.guard``).
CURTAIN_GUARD_S = PRESS_GUARD_S


class PlayState(TableQueries):
    """The input state machine of one table (see the module docstring)."""

    # What callers set and read on the table that lives in a part (``game.parts``).
    delay = Alias("pace", "delay")  # seconds between a computer's decisions
    paused = Alias("pace", "paused")  # UX-5: set by the shell while the rules or log screen is open
    held = Alias("pace", "held")  # set by the shell while the last move still travels (issue 14)
    timer = Alias("pace", "timer")
    _setups_seen = Alias("deals", "setups_seen")
    selected = Alias("pick", "selected")  # the hand tile picked (``game.picking``)
    pending = Alias("pick", "pending")  # UX-1: the decision previewed
    pending_is_hint = Alias("pick", "pending_is_hint")
    # The intents of the human at the device, carried out by the pick (``game.picking``).
    tap_tile = Alias("pick", "tap_tile")
    tap_target = Alias("pick", "tap_target")
    press = Alias("pick", "press")
    confirm = Alias("pick", "confirm")
    cancel = Alias("pick", "cancel")
    hint = Alias("pick", "hint")
    sort = Alias("pick", "sort")
    # UX-6: undo and redo (``game.undo``).
    undo = Alias("takebacks", "undo")
    undo_for = Alias("takebacks", "undo_for")
    redo = Alias("takebacks", "redo")
    can_undo = Alias("takebacks", "can_undo")
    can_redo = Alias("takebacks", "can_redo")
    undo_count = Alias("takebacks", "count")
    step_computer = Alias("pace", "step")  # a fast-forward of one decision away (``game.pacing``)
    # The table's buttons (``game.buttons``).
    decision_buttons = Alias("controls", "decisions")
    decision = Alias("controls", "decision")
    button_ids = Alias("controls", "ids")
    button_enabled = Alias("controls", "enabled")
    buttons = Alias("controls", "states")
    # The keyboard and controller cursor (``game.focus``) and what its keys do (``game.keys``).
    focus = Alias("cursor", "zone")  # "hand", "buttons", "targets" or "table"
    focus_index = Alias("cursor", "index")
    focus_items = Alias("cursor", "items")
    focused = Alias("cursor", "focused")
    focus_hand = Alias("cursor", "home")
    move = Alias("keys", "move")
    activate = Alias("keys", "activate")
    # Issue 40: the press guard (``game.guard``): is a press meant for the decision on offer?
    curtain_at = Alias("guard", "at")
    attend = Alias("guard", "attend")
    fresh = Alias("guard", "fresh")

    def __init__(self, session, seats: Sequence[SeatConfig], *,
                 on_change: Callable[[Any], None] | None = None,
                 delay: float = SPEEDS["normal"],
                 now: Callable[[], float] | None = None, kit=None,
                 reveals_seen: int | None = None,
                 sources: Sequence[DecisionSource] | None = None) -> None:
        if len(seats) != session.config.players:
            raise ValueError(f"{len(seats)} seats for a {session.config.players}-player game")
        if kit is None:
            from .kits import kit_for
            kit = kit_for(session.config.game)
        #: The table kit of this game: target keys, decision buttons, layout, words.
        self.kit = kit
        self.session = session
        self.seats = list(seats)
        self.on_change = on_change
        self.pace = Pace(self, delay)
        #: Where each seat's decisions come from (``game.sources``), by its kind unless given.
        self.sources = list(sources) if sources is not None else [source_for(s) for s in seats]
        #: The seats decided at this device, whose hands the screen may show (UX-3).
        self.humans = [s for s in range(1, len(seats) + 1) if self.sources[s - 1].at_device]
        #: The human whose hand is on screen (None: every hand is face down).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The human last shown their hand, who still holds the device while the computers
        #: play with every hand face down (UX-3); they alone may undo then (UX-6).
        self.holder: int | None = self.viewer
        self._phase = CHOOSING
        self.curtain_for: int | None = None
        #: The clock the curtain's guard is measured on: the App's fixed-step time, the
        #: same clock the input recogniser stamps presses with (``Intent.began``).
        self._time = 0.0
        self.now: Callable[[], float] = now or (lambda: self._time)
        #: When the curtain or a decision came up, and whether a press may act on it (issue 40).
        self.guard = Guard(self.now)
        self.pick = Pick(self)
        #: Each human's own sort order of their hand (issue 28).
        self.order = HandOrder()
        #: The keyboard and controller cursor (UX-7); ``game.keys`` says what it does.
        self.cursor = Cursor(self)
        self.keys = Keys(self)
        self.controls = Buttons(self)
        self.takebacks = TakeBacks(self)
        #: (locale key, params) of the line under the status bar.
        self.message: tuple[str, dict] | None = None
        self.deals = DealFlow(self, reveals_seen)
        #: UX-1: the deal's start step the human at the device confirms first (the kit's
        #: ``setup``: the engine placement of a train game), already carried out by the rules.
        self.setup: Action | None = None
        self._view_cache: tuple[tuple, Any] | None = None
        self._final_view = None
        self._advance()

    # ------------------------------------------------------------ queries

    def change_seat(self, seat: int, config: SeatConfig) -> None:
        """Hand ``seat`` to another kind (issue 27: a phone's seat taken back to the device, or
        given to a computer) from the next decision on; the match itself is unchanged."""
        self.sources[seat - 1].forget()
        self.seats = [*self.seats[:seat - 1], config, *self.seats[seat:]]
        self.sources[seat - 1] = source_for(config)
        self.humans = [s for s in range(1, len(self.seats) + 1) if self.sources[s - 1].at_device]
        if len(self.humans) == 1:
            self.viewer = self.holder = self.humans[0]  # one human at the screen: their hand shows
        elif self.viewer not in self.humans:
            self.viewer = self.holder = None
        self.takebacks.forget()
        self._advance()

    def decides_here(self, seat: int | None) -> bool:
        """``seat``'s decisions are made at this device (its source, ``game.sources``)."""
        return seat is not None and self.sources[seat - 1].at_device

    def view_seat(self) -> int:
        """The seat whose view the table is drawn from."""
        if self.viewer is not None:
            return self.viewer
        return self.session.to_act() or self.curtain_for or 1

    def view(self):
        """The view the renderer draws from (UX-4): never the full state.

        During the deal-end reveal it is the table as the deal ended, not the
        next deal that the seeded session has already dealt behind it.
        """
        if self.phase == DEAL_END and self._final_view is not None:
            return self._final_view
        seat = self.view_seat()
        key = (seat, self.session.cursor, id(self.session.state))
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.session.view(seat))
        return self._view_cache[1]

    def view_at_deal_end(self, seat: int):
        """``seat``'s own view as the deal ended, for a renderer of that seat (a phone)."""
        return self.deals.view_at_end(seat) or self.session.view(seat)

    def hand_seat(self) -> int | None:
        """The seat whose hand faces may be drawn now, or None (UX-3)."""
        if self.phase in (CURTAIN, DEAL_END, MATCH_END) or self.viewer is None:
            return None
        return self.viewer

    def my_turn(self) -> bool:
        return self.phase in (CHOOSING, PREVIEW)

    def hand(self) -> list[Tile]:
        """The on-screen hand in its owner's order (``sort_mode``); empty while hidden."""
        seat = self.hand_seat()
        if seat is None:
            return []
        tiles = list(self.view().hand)
        if self.setup is not None and self.setup.tile is not None:
            tiles.append(self.setup.tile)  # still in the holder's hand until they place it
        return self.order.sorted(tiles, seat)

    def legal(self) -> tuple[Action, ...]:
        if not self.my_turn():
            return ()
        return (self.setup,) if self.setup is not None else self.view().legal

    def playable_tiles(self) -> set[Tile]:
        if self.setup is not None and self.my_turn():
            return {self.setup.tile} if self.setup.tile is not None else set()
        return {a.tile for a in self.legal() if a.kind == "play" and a.tile is not None}

    def targets(self, t: Tile | None = None) -> list:
        """Target keys (the kit's: trains, ends) where tile ``t`` (default: the selected one) may go."""
        t = self.selected if t is None else t
        if t is None:
            return []
        return [self.kit.target(a) for a in self.legal() if a.kind == "play" and a.tile == t]

    def play_at(self, key) -> Action | None:
        """The legal play of the selected tile at target ``key``, from ``view.legal``."""
        for a in self.legal():
            if a.kind == "play" and a.tile == self.selected and self.kit.target(a) == key:
                return a
        return None

    def decision_seats(self) -> list[int]:
        """The seat of every decision in the log, in order (from the public history)."""
        return decision_seats(self.view().history)

    def at_device(self) -> int | None:
        """The human holding the device: the one whose hand is on screen, or, while every
        hand is face down for the computers' turns, the one who played last (UX-3)."""
        return self.viewer if self.viewer is not None else self.holder

    def _count(self, kind: str) -> int:
        """How many history events of ``kind`` the session has had (``DealFlow.count``)."""
        return self.deals.count(kind)

    @property
    def reveals_seen(self) -> int:
        """How many deal-end reveals of the session the players have moved on from (saved)."""
        return self.deals.reveals_seen

    @property
    def sort_mode(self) -> str:
        """The sort order of the hand on screen: its owner's own (issue 28: one player's Tab
        never reorders another's hand)."""
        return self.order.mode(self.hand_seat() or 0)

    @sort_mode.setter
    def sort_mode(self, mode: str) -> None:
        self.order.set(self.hand_seat() or 0, mode)

    @property
    def thinking(self) -> bool:
        """A seat's decision is being worked out off the frame (the table shows it thinking)."""
        seat = self.session.to_act()
        return seat is not None and self.sources[seat - 1].busy()

    def next_human(self, seat: int) -> int | None:
        """The first human seat from ``seat`` on in seat order (MT-6, CU-1, JA-1): whose
        decision the device waits for next, as far as the turn order tells."""
        n = len(self.seats)
        for k in range(n):
            s = (seat - 1 + k) % n + 1
            if self.decides_here(s):
                return s
        return None

    def curtain_ready(self, began: float | None = None) -> bool:
        """UX-3: whether a press that began at ``began`` (default: now) may lift the curtain:
        it must have begun at least ``CURTAIN_GUARD_S`` after the curtain came up."""
        return self.phase == CURTAIN and self.guard.fresh(self.now() if began is None else began, strict=True)

    # ------------------------------------------------------------ the phases

    @property
    def phase(self) -> str:
        """The table's phase (``game.phases``): while a decision is shown (UX-1), the choosing
        phase is the preview."""
        return PREVIEW if self._phase == CHOOSING and self.pick.pending is not None else self._phase

    def say(self, key: str | None, **params: Any) -> None:
        """The line under the status bar: a locale key and its parameters (None: no line)."""
        self.message = (key, params) if key else None

    def _advance(self) -> None:
        """Decide the phase after any change to the match."""
        self.pick.clear()
        self.pace.restart()
        self.setup = None
        if self.deals.reveal_due():
            self._phase = DEAL_END
            self._final_view = self.deals.view_at_end(self.view_seat())
            return
        seat = self.session.to_act()
        if self.session.match_over() or seat is None:  # seeded sessions always deal
            self._phase = MATCH_END
            return
        if not self.decides_here(seat):
            self._phase = AWAY
            if self.viewer is not None and self.next_human(seat) != self.viewer:
                # UX-3: the next decision at the device is another human's, so the hand
                # just played goes face down now, not when the device is being passed
                self.viewer = None
        elif seat == self.viewer:
            self._phase = CHOOSING
            self.setup = self.deals.setup_due(seat)
            cursor = self.cursor
            if cursor.zone not in ("hand", "buttons", "table"):
                cursor.zone = "hand"
            playable = self.playable_tiles()
            if not playable:
                # only a decision button can act (draw, pass, accept ...): the cursor goes there
                items = cursor.items("buttons")
                first = [b for b in self.kit.focus_first + tuple(b for b, _ in self.decision_buttons())
                         if b in items]
                if first:
                    cursor.zone, cursor.index = "buttons", items.index(first[0])
            elif ((cursor.zone == "buttons" and cursor.focused() not in GUARDED_BUTTONS)
                  or (cursor.zone == "hand" and cursor.focused() not in playable)):
                # a tile can be played (the hand was just accepted with a button, or the cursor
                # rests on a tile that cannot go): the cursor starts on one, so the first Enter
                # plays, never "[0|2] cannot be played now" or a button pressed by the way (Undo
                # and Redo keep it: Enter again takes back one more)
                cursor.zone = "hand"
                hand = cursor.items("hand")
                cursor.index = next((i for i, t in enumerate(hand) if t in playable), cursor.index)
        else:
            self._phase = CURTAIN
            self.curtain_for = seat
            # the engine stays off the station behind the curtain too, in its holder's hand
            self.setup = self.deals.setup_due(seat)
            self.say("table.pass_device", name=self.name(seat))
        # issue 40: each decision is offered anew (the same player's next one too); the curtain once
        self.guard.offer((self._phase, seat, None if self._phase == CURTAIN else self.session.cursor, self.setup))
        self.cursor.clamp()

    def moved(self, changed: bool) -> None:
        """The session moved (or, not ``changed``, a seat changed hands): the seats' sources
        and the save are told, and the phase is decided again."""
        if changed:
            self._changed()
        self._advance()

    def reveal(self, began: float | None = None) -> bool:
        """UX-3: the player named on the curtain asks to see their own hand.

        ``began`` is when the press asking for it began (``Intent.began``); a press
        that began before the curtain's guard time is over is refused.  None means a
        deliberate call with no press behind it (tests, scripted tools).
        """
        if self.phase != CURTAIN or (began is not None and not self.curtain_ready(began)):
            return False
        self.viewer = self.holder = self.curtain_for
        self.curtain_for = None
        self.say(None)
        self.cursor.zone, self.cursor.index = "hand", 0
        self._advance()
        return True

    def continue_after_deal(self) -> None:
        """Leave the deal-end reveal: the next deal (or the match end) follows."""
        if self.phase != DEAL_END:
            return
        self.deals.answer_reveals()
        self._changed()  # saved: a resume comes back to the next deal, not to this reveal
        if len(self.humans) > 1:
            self.viewer = self.holder = None  # the device may be anywhere after the reveal (UX-3)
        self._advance()

    def restart_deal(self) -> None:
        """MT-20: the same hands and boneyard order, the earlier deals' totals kept."""
        self.session.restart_deal()
        self._after_jump()

    def next_match(self) -> bool:
        """MT-20: a new match with all totals at zero (only once this one is over)."""
        if not self.session.match_over():
            return False
        self.deals.answer_reveals()
        self.session.next_match()
        self._after_jump()
        return True

    def _after_jump(self) -> None:
        self.takebacks.redo_counts.clear()
        if len(self.humans) > 1:
            self.viewer = self.holder = None
        self.say(None)
        self._changed()
        self._advance()

    # ------------------------------------------------------------ decisions

    def apply(self, action: Action) -> bool:
        """Carry out ``action`` (or confirm the deal's start step) and move the phases on;
        False if the rules refuse it (a stale preview)."""
        if self.setup is not None and action == self.setup:
            # the rules did it with the deal: confirming it shows it done and play begins
            self.deals.setup_confirmed()
            self.setup = None
            self.say(None)
            self._advance()
            return True
        try:
            self.session.apply(action)
        except RulesError as exc:  # a stale preview; the legal set is the authority
            self.say("table.not_allowed", why=str(exc))
            self._advance()
            return False
        self.takebacks.redo_counts.clear()
        self.say(None)
        self._changed()
        self._advance()
        if action.kind == "draw" and self.my_turn():
            # UX-2: the drawn tile is now shown to its owner; the cursor goes to it
            self.cursor.zone, self.cursor.index = "hand", self.hand().index(self.view().hand[-1])
        return True

    _apply = apply  # the name the tests drive the table with

    def _changed(self) -> None:
        for source in self.sources:
            source.forget()  # a decision being made was for a position that is gone
        if self.on_change is not None:
            self.on_change(self.session)

    def choose_for(self, seat: int) -> Action | None:
        """``seat``'s decision at once, from its source (a computer's from its own view and a
        seeded stream, UX-4); None for a seat whose human decides."""
        return self.sources[seat - 1].decide_now(self.session, seat)

    def update(self, dt: float) -> bool:
        """``dt`` more seconds on the table's clock; the seats deciding away act at their pace
        (``game.pacing``).  True if a decision was applied."""
        self._time += dt
        return self.pace.update(dt)
