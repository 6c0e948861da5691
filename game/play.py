"""The play state machine: the one owner of the table's phases (DESIGN.md).

Every intent that can change the match arrives here, and every change goes
through the rules API (``Session.apply``, ``undo``, ``redo``, ``restart_deal``,
``next_match``).  The phases:

- ``curtain``  (UX-3) the next decision belongs to a human other than the one
  whose hand is on screen: every hand is hidden until that player asks to see
  their own;
- ``choosing`` a human picks a tile (its legal targets light up) or a button;
- ``preview``  (UX-1) a decision is shown (a ghost tile, or the draw, pass or
  end-chain button lit) and waits for a confirm or a cancel;
- ``computer`` computer seats act one decision at a time at a readable pace,
  not at all while ``paused`` is set (UX-5: the shell sets it while the rules
  or log screen is open);
- ``deal_end`` every hand revealed with penalties and totals (from the public
  ``deal_end`` history event, which carries the hands);
- ``match_end`` totals and the shared win (MT-18), then the next match (MT-20).

The state machine never imports pygame: scenes translate pointer positions
into ``tap_tile`` / ``tap_target`` / ``press`` calls and keys into ``move`` /
``confirm`` / ``cancel``, so tests can drive it either way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rules.actions import Action
from rules.errors import RulesError
from rules.events import ACTION_KINDS, SEATED, LineDealEnd, LineMatchEnd
from rules import bots
from rules.rng import stream
from rules.tiles import Tile

from .seats import SeatConfig
from .sources import DecisionSource, source_for

from .focus import Cursor
from .phases import CHOOSING, COMPUTER, CURTAIN, DEAL_END, MATCH_END, PREVIEW

#: The table's own buttons, after the kit's decision buttons, in keyboard-cursor order.
CORE_BUTTONS = ("confirm", "cancel", "hint", "undo", "redo", "sort", "menu")

#: Seconds between computer decisions for each named speed (settings: computer_speed).
SPEEDS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}

SORT_MODES = ("number", "pips")

#: Buttons that act at once, with no preview to confirm: the keyboard cursor presses them
#: only after the player moved it onto them (``Cursor.chosen``, issue 28).
GUARDED_BUTTONS = frozenset({"undo", "redo"})

#: Seconds a demo (computers only) shows a deal-end reveal or a match end before moving on.
DEMO_READ_S = 4.0

#: UX-3: seconds after the curtain comes up before a press may lift it.  Only a press
#: that began this long after the curtain appeared counts, so a second press or click
#: meant for the screen before (a double click, Enter pressed twice) never lifts it.
CURTAIN_GUARD_S = 0.6

#: History events that record one decision of a seat: ("play", seat, ...), ("draw", seat) ...
DECISION_EVENTS = ACTION_KINDS  # every decision shows in the history under its own kind



def computer_delay(speed: Any) -> float:
    """Seconds between computer decisions for a settings value (a name or a number)."""
    if isinstance(speed, (int, float)) and not isinstance(speed, bool):
        return max(0.0, float(speed))
    return SPEEDS.get(str(speed), SPEEDS["normal"])


@dataclass(frozen=True)
class DealEndInfo:
    """One deal's end as the public history tells it (MT-16, MT-17)."""

    deal_no: int
    reason: str  # "out" or "block"
    penalties: tuple[int, ...]  # index 0 unused: Mexican Train's penalties, the line's pip counts
    totals: tuple[int, ...]  # index 0 unused: per seat (Mexican Train) or per team (the line)
    hands: tuple[tuple[Tile, ...], ...]  # index 0 unused: every hand, revealed
    extra: tuple = ()  # the game's own fields after those (the line: winner team, points)


@dataclass(frozen=True)
class MatchEndInfo:
    match_no: int
    winners: tuple[int, ...]  # seats (Mexican Train) or teams (the line)
    totals: tuple[int, ...]
    extra: tuple = ()  # the game's own fields (Cuban: the result's name, CU-10)


class TableQueries:
    """What the table kits, the status bar and the score screens ask of a table: names, and
    the deal's and the match's ends read from the public history of ``view()``.  The play
    state and the replay viewer's position (``game.scenes.replay.ReplayPlay``) share them."""

    seats: Sequence[SeatConfig]

    def view(self) -> Any:
        raise NotImplementedError

    def is_human(self, seat: int | None) -> bool:
        """A person decides for ``seat`` (at this screen or elsewhere), not a computer."""
        return seat is not None and self.seats[seat - 1].is_human

    def name(self, seat: int) -> str:
        return self.seats[seat - 1].name

    def last_deal_end(self) -> DealEndInfo | None:
        history = self.view().history
        deal_no = 0
        found = None
        for e in history:
            if e.kind == "deal":
                deal_no = e.deal_no
            elif e.kind == "deal_end":
                extra = (e.winner_team, e.points) if isinstance(e, LineDealEnd) else ()
                found = DealEndInfo(deal_no, e.reason, tuple(e.counts), tuple(e.totals),
                                    tuple(tuple(h) for h in e.hands), extra)
        return found

    def score_log(self) -> list[tuple[int, tuple[int, ...]]]:
        """UX-3: the current match's penalties deal by deal, from the public history (MT-17)."""
        log: list[tuple[int, tuple[int, ...]]] = []
        deal_no = 0
        for e in self.view().history:
            if e.kind == "match":
                log = []
            elif e.kind == "deal":
                deal_no = e.deal_no
            elif e.kind == "deal_end":
                log.append((deal_no, tuple(e.counts)))
        return log

    def match_end(self) -> MatchEndInfo | None:
        match_no = 1
        found = None
        for e in self.view().history:
            if e.kind == "match":
                match_no = e.match_no
                found = None
            elif e.kind == "match_end":
                extra = (e.result_name,) if isinstance(e, LineMatchEnd) else ()
                found = MatchEndInfo(match_no, tuple(e.winners), tuple(e.totals), extra)
        return found


class PlayState(TableQueries):
    """The input state machine of one table (see the module docstring)."""

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
        self.delay = delay
        #: UX-5: set by the shell while the rules or log screen is open.
        self.paused = False
        #: Set by the shell while the table still shows the last move travelling (issue 14):
        #: the next computer decision waits for it, then for its pace.
        self.held = False
        #: Where each seat's decisions come from (``game.sources``), by its kind unless given.
        self.sources = list(sources) if sources is not None else [source_for(s) for s in seats]
        #: The seats decided at this device, whose hands the screen may show (UX-3).
        self.humans = [s for s in range(1, len(seats) + 1) if self.sources[s - 1].at_device]
        #: The human whose hand is on screen (None: every hand is face down).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The human last shown their hand, who still holds the device while the computers
        #: play with every hand face down (UX-3); they alone may undo then (UX-6).
        self.holder: int | None = self.viewer
        self.phase = CHOOSING
        self.curtain_for: int | None = None
        #: The clock the curtain's guard is measured on: the App's fixed-step time, the
        #: same clock the input recogniser stamps presses with (``Intent.began``).
        self._time = 0.0
        self.now: Callable[[], float] = now or (lambda: self._time)
        #: When the curtain came up (UX-3), on ``now``'s clock.
        self.curtain_at = 0.0
        self.selected: Tile | None = None
        self.pending: Action | None = None
        self.pending_is_hint = False
        #: Each human's own sort order of their hand (issue 28), by seat; 0: before any hand shows.
        self._sort_modes: dict[int, str] = {}
        #: The keyboard and controller cursor (UX-7), in its own module.
        self.cursor = Cursor(self)
        #: (locale key, params) of the line under the status bar.
        self.message: tuple[str, dict] | None = None
        self.timer = 0.0
        self._redo_counts: list[int] = []
        #: ``_count``'s running tally: [the history list, how much of it is counted, counts].
        self._event_counts: list = [None, 0, {}]
        # A resumed game comes back where the player was: the reveals seen are saved with it
        # (``reveals_seen``); an older save without that count shows an unanswered reveal again.
        ends = self._count("deal_end")
        if reveals_seen is not None and 0 <= reveals_seen <= ends:
            self._acked_deal_ends = reveals_seen
        else:
            self._acked_deal_ends = ends - (1 if self._deal_end_unacknowledged() else 0)
        #: UX-1: the deal's start step the human at the device confirms first (the kit's
        #: ``setup``: Mexican Train's engine placement), already carried out by the rules.
        self.setup: Action | None = None
        #: Deals whose start step was confirmed (a fresh match's first deal is not yet).
        self._setups_seen = self._count("deal") - (1 if self._deal_untouched() else 0)
        self._view_cache: tuple[tuple, Any] | None = None
        self._undo_cache: tuple[tuple, int] | None = None
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
        self._undo_cache = None
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

    def hand_seat(self) -> int | None:
        """The seat whose hand faces may be drawn now, or None (UX-3)."""
        if self.phase in (CURTAIN, DEAL_END, MATCH_END) or self.viewer is None:
            return None
        return self.viewer

    def my_turn(self) -> bool:
        return self.phase in (CHOOSING, PREVIEW)

    def hand(self) -> list[Tile]:
        """The on-screen hand, sorted by number or by pips; empty while hidden."""
        seat = self.hand_seat()
        if seat is None:
            return []
        tiles = list(self.view().hand)
        if self.setup is not None and self.setup.tile is not None:
            tiles.append(self.setup.tile)  # still in the holder's hand until they place it
        if self.sort_mode == "pips":
            tiles.sort(key=lambda t: (-(t[0] + t[1]), -t[1], -t[0]))
        else:
            tiles.sort(key=lambda t: (t[0], t[1]))
        return tiles

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

    def decision_buttons(self) -> list[tuple[str, Action]]:
        """The kit's decision buttons of the moment (draw, pass, accept, lead ...)."""
        if self.setup is not None:
            return [(self.setup.kind, self.setup)]
        return self.kit.decision_buttons(self.view())

    def decision(self, button: str) -> Action | None:
        """The action a decision button stands for, or None for the table's own buttons."""
        for bid, action in self.decision_buttons():
            if bid == button:
                return action
        return None

    def button_ids(self) -> list[str]:
        return [b for b, _ in self.decision_buttons()] + list(CORE_BUTTONS)

    def button_enabled(self, button: str) -> bool:
        p = self.phase
        action = self.decision(button)
        if action is not None:
            return self.my_turn() and action in self.legal()
        if button == "confirm":
            return p == PREVIEW
        if button == "cancel":
            return p == PREVIEW or (p == CHOOSING and self.selected is not None)
        if button == "hint":
            return self.my_turn()
        if button == "undo":
            return self.can_undo()
        if button == "redo":
            return self.can_redo()
        if button == "sort":
            return self.hand_seat() is not None
        return button == "menu"

    def buttons(self) -> list[tuple[str, bool]]:
        return [(b, self.button_enabled(b)) for b in self.button_ids()]

    def decision_seats(self) -> list[int]:
        """The seat of every decision in the log, in order (from the public history)."""
        return [e.seat for e in self.view().history if e.kind in DECISION_EVENTS and isinstance(e, SEATED)]

    def _undo_count(self, seat: int | None = None) -> int:
        """UX-6: how many decisions an undo takes back (0: none allowed).

        The last human decision and every computer decision after it, and only
        if that human is ``seat``: by default the one at the device (the viewer);
        a human elsewhere (a phone) asks for their own seat.
        """
        at_device = self.at_device() if seat is None else seat
        key = (self.session.cursor, id(self.session.state), at_device)
        if self._undo_cache is not None and self._undo_cache[0] == key:
            return self._undo_cache[1]  # asked every frame for the button; the history is long
        seats = self.decision_seats()
        count = 0
        for i in range(len(seats) - 1, -1, -1):
            if self.is_human(seats[i]):  # a human's, wherever they sit
                count = len(seats) - i if seats[i] == at_device else 0
                break
        self._undo_cache = (key, count)
        return count

    def at_device(self) -> int | None:
        """The human holding the device: the one whose hand is on screen, or, while every
        hand is face down for the computers' turns, the one who played last (UX-3)."""
        return self.viewer if self.viewer is not None else self.holder

    def can_undo(self) -> bool:
        if self.phase == CURTAIN or self.at_device() is None:
            return False
        return self._undo_count() > 0

    def can_redo(self) -> bool:
        return (self.phase != CURTAIN and bool(self._redo_counts) and self.session.can_redo()
                and self.session.to_act() == self.viewer)

    def _deal_end_unacknowledged(self) -> bool:
        """True if the match's last deal ended with no decision since (UX-3).

        Leaving the reveal changes nothing in the session, so a session in this
        state is one whose reveal the player may not have seen yet: a game
        resumed from an autosave made at a deal end shows that deal's reveal.
        """
        for e in reversed(self.session.state.history):
            if e.kind == "deal_end":
                return True
            if e.kind in DECISION_EVENTS or e.kind == "match":
                return False
        return False

    def _deal_untouched(self) -> bool:
        """No decision since the last deal was dealt (its start step may wait for a confirm)."""
        for e in reversed(self.session.state.history):
            if e.kind in DECISION_EVENTS:
                return False
            if e.kind == "deal":
                return True
        return False

    def _count(self, kind: str) -> int:
        """How many history events of ``kind`` (deals, deal ends) the match has had.

        Counted on from where the last call stopped: the history holds every match
        of the session and only grows (an undo or a seek makes a new state, whose
        history is another list), so rescanning it on every move made a long
        session's moves cost more and more (issue 29, item 10)."""
        history = self.session.state.history
        cache = self._event_counts
        if cache[0] is not history or cache[1] > len(history):
            cache = self._event_counts = [history, 0, {}]
        counts: dict[str, int] = cache[2]
        for e in history[cache[1]:]:
            counts[e.kind] = counts.get(e.kind, 0) + 1
        cache[1] = len(history)
        return counts.get(kind, 0)

    # ------------------------------------------------------------ the phases

    def _set_message(self, key: str | None, **params: Any) -> None:
        self.message = (key, params) if key else None

    def _advance(self) -> None:
        """Decide the phase after any change to the match."""
        self.selected = None
        self.pending = None
        self.pending_is_hint = False
        self.timer = 0.0
        self.setup = None
        deal_ends = self._count("deal_end")
        if deal_ends < self._acked_deal_ends:
            self._acked_deal_ends = deal_ends  # an undo went back before a deal end
        if deal_ends > self._acked_deal_ends:
            self.phase = DEAL_END
            self._final_view = self._view_at_deal_end()
            return
        if self.session.match_over():
            self.phase = MATCH_END
            return
        seat = self.session.to_act()
        if seat is None:  # pragma: no cover - seeded sessions always deal
            self.phase = MATCH_END
            return
        if not self.decides_here(seat):
            self.phase = COMPUTER
            if self.viewer is not None and self.next_human(seat) != self.viewer:
                # UX-3: the next decision at the device is another human's, so the hand
                # just played goes face down now, not when the device is being passed
                self.viewer = None
        elif seat == self.viewer:
            self.phase = CHOOSING
            self.setup = self._setup_due(seat)
            if self.focus not in ("hand", "buttons", "table"):
                self.focus = "hand"
            if not self.playable_tiles():
                # only a decision button can act (draw, pass, accept ...): the cursor goes there
                items = self.focus_items("buttons")
                for button in self.kit.focus_first + tuple(b for b, _ in self.decision_buttons()):
                    if button in items:
                        self.focus, self.focus_index = "buttons", items.index(button)
                        break
        else:
            if self.phase != CURTAIN or self.curtain_for != seat:
                self.curtain_at = self.now()
            self.phase = CURTAIN
            self.curtain_for = seat
            # the engine stays off the station behind the curtain too, in its holder's hand
            self.setup = self._setup_due(seat)
            self._set_message("table.pass_device", name=self.name(seat))
        self._clamp_focus()

    def _setup_due(self, seat: int) -> Action | None:
        """The deal's start step ``seat`` (the seat to act) still confirms (the kit's ``setup``),
        or None; once there is none, this deal's start counts as seen."""
        deals = self._count("deal")
        if self._setups_seen >= deals:
            return None
        setup = self.kit.setup(self.session.view(seat))
        if setup is None:
            self._setups_seen = deals
        return setup

    def next_human(self, seat: int) -> int | None:
        """The first human seat from ``seat`` on in seat order (MT-6, CU-1, JA-1): whose
        decision the device waits for next, as far as the turn order tells."""
        n = len(self.seats)
        for k in range(n):
            s = (seat - 1 + k) % n + 1
            if self.decides_here(s):
                return s
        return None

    def _view_at_deal_end(self, seat: int | None = None):
        """``seat``'s view (default: the table's) just after the decision that ended the deal
        (before the next deal); None if the session is not at a deal's end."""
        session = self.session
        log = session.log
        pos = session.cursor
        end = pos
        while end > 0 and not isinstance(log[end - 1], Action):
            end -= 1  # step back over the next deal (and any chance step) dealt after it
        if end == pos:
            return None
        return session.view_at(end, self.view_seat() if seat is None else seat)

    def view_at_deal_end(self, seat: int):
        """``seat``'s own view as the deal ended, for a renderer of that seat (a phone)."""
        return self._view_at_deal_end(seat) or self.session.view(seat)

    def curtain_ready(self, began: float | None = None) -> bool:
        """UX-3: whether a press that began at ``began`` (default: now) may lift the curtain:
        it must have begun at least ``CURTAIN_GUARD_S`` after the curtain came up."""
        if self.phase != CURTAIN:
            return False
        return (self.now() if began is None else began) >= self.curtain_at + CURTAIN_GUARD_S

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
        self._set_message(None)
        self.focus, self.focus_index = "hand", 0
        self._advance()
        return True

    @property
    def reveals_seen(self) -> int:
        """How many deal-end reveals of the session the players have moved on from (saved)."""
        return self._acked_deal_ends

    def continue_after_deal(self) -> None:
        """Leave the deal-end reveal: the next deal (or the match end) follows."""
        if self.phase != DEAL_END:
            return
        self._acked_deal_ends = self._count("deal_end")
        self._changed()  # saved: a resume comes back to the next deal, not to this reveal
        if len(self.humans) > 1:
            self.viewer = self.holder = None  # the device may be anywhere after the reveal (UX-3)
        self._advance()

    # ------------------------------------------------------------ decisions

    def _apply(self, action: Action) -> bool:
        if self.setup is not None and action == self.setup:
            # the rules did it with the deal: confirming it shows it done and play begins
            self._setups_seen = self._count("deal")
            self.setup = None
            self._set_message(None)
            self._advance()
            return True
        try:
            self.session.apply(action)
        except RulesError as exc:  # a stale preview; the legal set is the authority
            self._set_message("table.not_allowed", why=str(exc))
            self._advance()
            return False
        self._redo_counts.clear()
        self._set_message(None)
        self._changed()
        self._advance()
        if action.kind == "draw" and self.my_turn():
            # UX-2: the drawn tile is now shown to its owner; the cursor goes to it
            drawn = self.view().hand[-1]
            self.focus, self.focus_index = "hand", self.hand().index(drawn)
        return True

    def _changed(self) -> None:
        for source in self.sources:
            source.forget()  # a decision being made was for a position that is gone
        if self.on_change is not None:
            self.on_change(self.session)

    def tap_tile(self, t: Tile) -> None:
        """Select (or deselect) a hand tile; a tile with one target goes straight to its preview."""
        if not self.my_turn():
            return
        hand = self.hand()
        if t in hand:
            self.focus, self.focus_index = "hand", hand.index(t)
        if self.selected == t:
            self.cancel()
            if self.selected == t:
                self.selected = None
            return
        if self.setup is not None and t == self.setup.tile:
            self._preview(self.setup)  # the engine: tapped, it is previewed on the station
            return
        if t not in self.playable_tiles():
            self.selected = None
            self.pending = None
            self.phase = CHOOSING
            self._set_message("table.no_play_for_tile", tile=f"[{t[0]}|{t[1]}]")  # as every tile is named
            return
        self.selected = t
        self.pending = None
        self.phase = CHOOSING
        self._set_message(None)
        targets = self.targets()
        if len(targets) == 1:
            self._preview(self.play_at(targets[0]))
        else:
            self._set_message(self.kit.choose_target_key)

    def tap_target(self, key) -> None:
        """Preview the selected tile at target ``key``; a second tap on the same target confirms."""
        if not self.my_turn() or self.selected is None:
            return
        action = self.play_at(key)
        if action is None:
            return
        self.focus, self.focus_index = "targets", self.targets().index(key)
        if self.phase == PREVIEW and self.pending == action:
            self.confirm()
        else:
            self._preview(action)

    def _preview(self, action: Action | None, hint: bool = False) -> None:
        if action is None:
            return  # no legal play there (a stale target): nothing to preview
        self.pending = action
        self.pending_is_hint = hint
        self.phase = PREVIEW
        if action.kind == "play" or action == self.setup:
            self.selected = action.tile
            targets = self.targets()
            key = self.kit.target(action)
            if key in targets:
                self.focus, self.focus_index = "targets", targets.index(key)
        self._set_message(None)  # the scene words the preview itself (UX-1)

    def press(self, button: str) -> str | None:
        """A table button.  Returns "menu" when the scene must open the menu."""
        if not self.button_enabled(button):
            return None
        self.focus = "buttons"
        action = self.decision(button)
        if action is not None:
            if self.phase == PREVIEW and self.pending == action:
                self.confirm()  # a second press confirms, like a second tap
            else:
                self.selected = None
                self._preview(action)
        elif button == "confirm":
            self.confirm()
        elif button == "cancel":
            self.cancel()
        elif button == "hint":
            self.hint()
        elif button == "undo":
            self.undo()
        elif button == "redo":
            self.redo()
        elif button == "sort":
            self.sort()
        elif button == "menu":
            return "menu"
        if self.focus == "buttons" and button != "hint":  # a hint puts the cursor on Confirm
            items = self.focus_items()
            if button in items:
                self.focus_index = items.index(button)
            else:
                self._clamp_focus()
        return None

    def confirm(self, began: float | None = None) -> bool:
        """UX-1: carry out the previewed decision (or reveal the hand at the curtain, UX-3:
        ``began`` is when the press behind this began)."""
        if self.phase == CURTAIN:
            self.reveal(began)
            return False
        if self.phase == DEAL_END:
            self.continue_after_deal()
            return False
        if self.phase != PREVIEW or self.pending is None:
            return False
        done = self._apply(self.pending)
        if done and self.cursor.zone != "hand":
            # issue 28: after a confirm the cursor goes back to the hand (parked while the
            # computers play), never left on a button a second Enter would press (Undo)
            self.cursor.place("hand")
            self.cursor.clamp()
        return done

    def cancel(self) -> None:
        """Back one step: from a preview to the selected tile, from a selection to nothing."""
        if self.phase == PREVIEW:
            self.phase = CHOOSING
            was = self.pending
            self.pending = None
            self.pending_is_hint = False
            if was is not None and was.kind != "play":
                self.selected = None
            self._set_message(self.kit.choose_target_key if self.selected is not None else None)
        elif self.phase == CHOOSING and self.selected is not None:
            self.selected = None
            self._set_message(None)
            self.focus = "hand"
        self._clamp_focus()

    def hint(self) -> None:
        """Preview the suggested move from the hinting bot on this seat's own view (UX-4)."""
        if not self.my_turn():
            return
        if self.setup is not None:
            self._preview(self.setup, hint=True)
            self._focus_confirm()
            return
        view = self.view()
        rng = stream(self.session.config.seed, "hint", self.session.cursor)
        action = bots.hint(view, rng)
        if action not in view.legal:  # pragma: no cover - a bot bug must not play
            self._set_message("table.hint_unavailable")
            return
        self.selected = action.tile if action.kind == "play" else None
        self._preview(action, hint=True)
        self._focus_confirm()

    def _focus_confirm(self) -> None:
        """Issue 28 (UX-1): after a hint the cursor is on Confirm, so Enter accepts the hinted
        decision, never the decision button the cursor happened to rest on."""
        if "confirm" in self.focus_items("buttons"):
            self.cursor.place("buttons", "confirm")

    @property
    def sort_mode(self) -> str:
        """The sort order of the hand on screen: its owner's own (issue 28: one player's Tab
        never reorders another's hand)."""
        return self._sort_modes.get(self.hand_seat() or 0, SORT_MODES[0])

    @sort_mode.setter
    def sort_mode(self, mode: str) -> None:
        self._sort_modes[self.hand_seat() or 0] = mode

    def sort(self) -> None:
        """The next sort order of the hand on screen; nothing while every hand is face down
        (a Tab during the computers' turns must not reorder the next human's hand)."""
        if self.hand_seat() is None:
            return
        self.sort_mode = SORT_MODES[(SORT_MODES.index(self.sort_mode) + 1) % len(SORT_MODES)]
        self._clamp_focus()

    # ------------------------------------------------------------ undo / redo / restart

    def undo(self) -> bool:
        """UX-6: take back the viewer's last decision and every computer decision after it."""
        if not self.can_undo():
            return False
        done = self._take_back(self._undo_count())
        if done:
            self._redo_counts.append(done)
            self._changed()
        self._set_message("table.undone" if done else None)
        self._advance()
        return done > 0

    def _take_back(self, count: int) -> int:
        """Undo up to ``count`` decisions in the session; how many it took back."""
        done = 0
        while done < count and self.session.undo():
            done += 1
        return done

    def undo_for(self, seat: int) -> bool:
        """UX-6 for a human away from the device: take back ``seat``'s last decision and every
        computer decision after it, if no other human has decided since."""
        if self.decides_here(seat) or self.phase in (DEAL_END, MATCH_END):
            return False
        done = self._take_back(self._undo_count(seat))
        if done:
            self._redo_counts.clear()  # the device's redo was for another position
            self._changed()
        self._advance()
        return done > 0

    def redo(self) -> bool:
        """UX-6: restore exactly the decisions the last undo took back."""
        if not self.can_redo():
            return False
        count = self._redo_counts.pop()
        for _ in range(count):
            if not self.session.redo():
                break
        self._changed()
        self._set_message(None)
        self._advance()
        return True

    def restart_deal(self) -> None:
        """MT-20: the same hands and boneyard order, the earlier deals' totals kept."""
        self.session.restart_deal()
        self._after_jump()

    def next_match(self) -> bool:
        """MT-20: a new match from 12-12 with all totals at zero (only once this one is over)."""
        if not self.session.match_over():
            return False
        self._acked_deal_ends = self._count("deal_end")
        self.session.next_match()
        self._after_jump()
        return True

    def _after_jump(self) -> None:
        self._redo_counts.clear()
        self._acked_deal_ends = min(self._acked_deal_ends, self._count("deal_end"))
        if len(self.humans) > 1:
            self.viewer = self.holder = None
        self._set_message(None)
        self._changed()
        self._advance()

    # ------------------------------------------------------------ computer turns

    def choose_for(self, seat: int) -> Action | None:
        """``seat``'s decision at once, from its source (a computer's from its own view and a
        seeded stream, UX-4); None for a seat whose human decides."""
        return self.sources[seat - 1].decide_now(self.session, seat)

    @property
    def thinking(self) -> bool:
        """A seat's decision is being worked out off the frame (the table shows it thinking)."""
        seat = self.session.to_act()
        return seat is not None and self.sources[seat - 1].busy()

    def step_computer(self) -> bool:
        """Apply one decision of a seat away from the device at once (a fast-forward); False if
        none is to act or its source cannot decide at once."""
        if self.phase != COMPUTER:
            return False
        seat = self.session.to_act()
        if seat is None or self.decides_here(seat):
            self._advance()
            return False
        action = self.choose_for(seat)
        return action is not None and self._apply(action)

    def update(self, dt: float) -> bool:
        """Advance the computer's pace; True if a decision was applied.

        With no human at the table (a demo) the deal-end reveal and the match
        end also move on by themselves after a pause long enough to read them.
        """
        self._time += dt
        if self.paused:
            return False
        if self.phase == COMPUTER:
            if self.held:
                return False  # the last move is still on its way to the table
            seat = self.session.to_act()
            if seat is None or self.decides_here(seat):
                self._advance()
                return False
            source = self.sources[seat - 1]
            if source.paced:
                self.timer += dt
                if self.timer < self.delay:
                    return False
            action = source.decide(self.session, seat)
            if action is None:
                return False  # still deciding: the frames go on
            self.timer = 0.0
            return self._apply(action)
        elif self.phase in (DEAL_END, MATCH_END) and not self.humans and not (
                self.phase == DEAL_END and any(s.answers_deal_end for s in self.sources)):
            self.timer += dt
            if self.timer >= max(DEMO_READ_S, 6 * self.delay):
                self.timer = 0.0
                if self.phase == DEAL_END:
                    self.continue_after_deal()
                else:
                    self.next_match()
        return False

    # ------------------------------------------------------------ keyboard cursor

    @property
    def focus(self) -> str:
        """The cursor's zone (``game.focus``): "hand", "buttons", "targets" or "table"."""
        return self.cursor.zone

    @focus.setter
    def focus(self, zone: str) -> None:
        self.cursor.zone = zone

    @property
    def focus_index(self) -> int:
        return self.cursor.index

    @focus_index.setter
    def focus_index(self, index: int) -> None:
        self.cursor.index = index

    def focus_items(self, zone: str | None = None) -> list:
        return self.cursor.items(zone)

    def focused(self):
        return self.cursor.focused()

    def focus_hand(self) -> None:
        """The cursor back to the hand (Enter or Esc while the table has the focus)."""
        self.cursor.place("hand")
        self.cursor.clamp()

    def _clamp_focus(self) -> None:
        self.cursor.clamp()

    def move(self, direction: str) -> None:
        """Arrow keys (UX-7); walking the lit targets previews each in turn (UX-1)."""
        if self.phase in (CURTAIN, DEAL_END, MATCH_END) or not self.cursor.step(direction):
            return
        cursor = self.cursor
        if direction in ("left", "right"):
            if cursor.zone == "targets" and self.selected is not None:
                self._preview(self.play_at(cursor.focused()))
        elif cursor.zone == "hand" and self.selected in self.hand():
            cursor.place("hand", self.selected)
        elif cursor.zone == "targets" and self.pending is not None and self.pending.kind == "play":
            cursor.place("targets", self.kit.target(self.pending))

    def activate(self, began: float | None = None) -> str | None:
        """Enter on the focused item: select a tile, preview/confirm a target, press a button."""
        if self.phase in (CURTAIN, DEAL_END):
            self.confirm(began)
            return None
        if self.phase == PREVIEW and self.focus != "buttons":
            # UX-1: Enter carries out the previewed decision whatever the cursor is on (a
            # hinted pass with the cursor on the tile just drawn); buttons keep their meaning
            self.confirm()
            return None
        item = self.focused()
        if item is None:
            if self.phase == PREVIEW:
                self.confirm()
            return None
        if self.focus == "hand":
            self.tap_tile(item)
            if self.phase != PREVIEW and self.selected is not None and self.targets():
                self.focus, self.focus_index = "targets", 0  # the cursor moves on to the targets
        elif self.focus == "targets":
            self.tap_target(item)
        elif self.focus == "buttons":
            if item in GUARDED_BUTTONS and not self.cursor.chosen(item, began):
                return None  # issue 28: the cursor drifted there; Ctrl+Z or a fresh press undoes
            return self.press(item)
        return None
