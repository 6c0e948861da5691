"""The event-sourced match: a configuration plus the list of what happened.

A ``Session`` is one table's run of matches.  Its log holds the players'
decisions (``Action``), the chance outcomes (``Deal``, ``LeadDraw``) and the
requests for a next match (``NextMatch``); every state is a pure function of
the configuration and a prefix of that log.  Undo and redo move a cursor in the
log (UX-6); restarting a deal moves it back to the deal's start (MT-20).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, Union

from .actions import Action
from .chance import Deal, LeadDraw, NextMatch
from .errors import ConfigError, IllegalActionError, NoDecisionError
from .state import GameState, View
from .variants import GAMES, PLAYERS

Entry = Union[Action, Deal, LeadDraw, NextMatch]

#: Decisions between a deal and its first play, kept by ``restart_deal`` (CU-4, CU-5, JA-3).
SETUP_KINDS = ("accept", "lead")


def apply_entry(state: GameState, entry: Entry) -> None:
    """Carry one log entry out on ``state``: a decision, a chance outcome or a next match."""
    if isinstance(entry, Action):
        state.apply_action(entry)
    elif isinstance(entry, NextMatch):
        state.next_match()
    else:
        state.apply_chance(entry)


#: The largest seed (a signed 64-bit number): every way in (selfplay, a transcript, a save,
#: the game's --seed) gives the same answer for one beyond it (issue 40).
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Config:
    """What a match is: the game, the number of seats and the seed."""

    game: str
    players: int
    seed: int

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ConfigError(f"unknown game {self.game!r}; choose from {', '.join(sorted(GAMES))}")
        lo, hi = PLAYERS[self.game]
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not lo <= self.players <= hi:
            wanted = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
            raise ConfigError(f"{self.game} needs {wanted} players, not {self.players!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not 0 <= self.seed <= MAX_SEED:
            shown = f"a number of about {round(self.seed.bit_length() * 0.30103)} digits" \
                if isinstance(self.seed, int) and abs(self.seed) > MAX_SEED else repr(self.seed)
            raise ConfigError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {shown}")

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed}


class Session:
    """A match (or a run of matches) at one table, with undo, redo and restart.

    ``chance="seeded"`` samples every deal from the seed as soon as it is due;
    ``chance="external"`` waits for ``supply(outcome)``, for rigged deals and
    replays.  Both use the game's own ``apply_chance``.
    """

    def __init__(self, config: Config, *, chance: str = "seeded") -> None:
        if chance not in ("seeded", "external"):
            raise ValueError("chance must be 'seeded' or 'external'")
        self.config = config
        self.chance_mode = chance
        self._log: list[Entry] = []
        self._cursor = 0
        self.state: GameState = GAMES[config.game](config.players)
        #: log position -> a copy of the state there (deal starts), for fast undo.
        self._snapshots: dict[int, GameState] = {0: self.state.clone()}
        #: Log positions where a new entry cut off a redo tail, oldest first (``cuts_since``).
        self._cuts: list[int] = []
        self._resolve_chance()

    # ------------------------------------------------------------- queries

    @property
    def game(self) -> str:
        return self.config.game

    @property
    def log(self) -> tuple[Entry, ...]:
        """Everything applied so far (the redo tail is not included)."""
        return tuple(self._log[: self._cursor])

    def pending_chance(self) -> str | None:
        """The chance step due now ("deal", "lead_draw"), or None."""
        return self.state.chance()

    def to_act(self) -> int | None:
        """The seat whose decision is due, or None at a chance step or match end."""
        return self.state.to_act()

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, and nothing else."""
        return list(self.state.legal_actions())

    def view(self, seat: int) -> View:
        """What ``seat`` may know (UX-4): its own hand and everything public."""
        return self.state.view(seat)

    def match_over(self) -> bool:
        return self.state.match_over()

    # ------------------------------------------------------------- changes

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the seat to act, or raise and change nothing."""
        state = self.state
        legal = state.legal_actions()
        # The usual case in two tests: no game lists a legal action at a chance step or after
        # the match (``GameState.legal_actions``), so an Action found in the list is due now.
        # A plain tuple equal to a legal Action would pass the membership test, then enter the
        # log as something that is not an Action (undo, redo, save break): hence isinstance.
        if not isinstance(action, Action) or action not in legal:
            self._refuse(action, legal)
        if self._cursor == len(self._log):  # no redo tail to cut (``_append``): the usual case
            self._log.append(action)
            self._cursor += 1
        else:
            self._append(action)
        state.apply_action(action)
        if state.chance() is not None:
            self._resolve_chance()

    def _refuse(self, action: object, legal: list[Action]) -> NoReturn:
        """Raise what ``apply`` says of an action that is not legal now, the step first."""
        state = self.state
        if state.chance() is not None:
            raise NoDecisionError(f"a {state.chance()} is due, not a decision")
        if state.to_act() is None:
            raise NoDecisionError("the match is over; start the next match")
        raise IllegalActionError(action, self._why_illegal(action, legal))

    def supply(self, outcome: Deal | LeadDraw) -> None:
        """Supply the chance outcome that is due (a rigged deal, a replayed lead draw)."""
        if self.state.chance() is None:
            raise NoDecisionError("no chance step is due")
        trial = self.state.clone()
        trial.apply_chance(outcome)  # raises InvalidDealError and changes nothing
        self._append(outcome)
        self.state = trial
        self._snapshot()
        self._resolve_chance()

    def next_match(self) -> None:
        """Start the next match once this one is over (MT-20, CU-12, JA-9)."""
        if not self.state.match_over():
            raise NoDecisionError("the match is not over yet")
        self._append(NextMatch())
        self.state.next_match()
        self._resolve_chance()

    def undo(self) -> bool:
        """Take back the last decision and the chance steps that followed it."""
        for i in range(self._cursor - 1, -1, -1):
            if isinstance(self._log[i], Action):
                self._rewind(i)
                return True
        return False

    def redo(self) -> bool:
        """Re-apply the next undone decision and the chance steps after it."""
        entry = self._log[self._cursor] if self._cursor < len(self._log) else None
        if not isinstance(entry, Action):
            return False
        self.state.apply_action(entry)
        self._cursor += 1
        while self._cursor < len(self._log) and not isinstance(self._log[self._cursor], Action):
            self._apply_entry(self._log[self._cursor])
            self._cursor += 1
        return True

    def can_undo(self) -> bool:
        return any(isinstance(e, Action) for e in self._log[: self._cursor])

    def can_redo(self) -> bool:
        return self._cursor < len(self._log) and isinstance(self._log[self._cursor], Action)

    @property
    def cursor(self) -> int:
        return self._cursor

    def forget_past(self) -> None:
        """Make the current position the start of the log: undo and restart stop here.

        Selfplay over many matches calls it at each new match, so its memory
        stays bounded (the log and the undo snapshots would grow with every deal).
        Such a session can no longer be saved: its log does not start the match.
        """
        if self._cursor < len(self._log):
            raise NoDecisionError("there is a redo tail; the past can only be forgotten at the end of the log")
        self._log = []
        self._cursor = 0
        self._cuts = []
        self._snapshots = {0: self.state.clone()}

    def cuts_since(self, mark: int) -> tuple[int | None, int]:
        """The lowest log position rewritten since ``mark`` (None: none) and the next mark.

        A new entry after an undo replaces the redo tail from the cursor on (UX-6);
        a journal of the log (``rules.save.Journal``) writes only what changed.
        """
        cuts = self._cuts[mark:]
        return (min(cuts) if cuts else None), len(self._cuts)

    def restart_deal(self) -> None:
        """Back to the start of this deal's play (MT-20, CU-12, JA-9).

        The hands, the boneyard order and the start search are the same, and
        earlier deals' scores stay.  The decisions taken before the first play
        (the acceptances of CU-4, the choice of leader or poser of CU-5/JA-3)
        are kept, so the hand restarts with the same leader (CU-12); the rest
        waits in the redo tail.
        """
        for i in range(self._cursor - 1, -1, -1):
            if isinstance(self._log[i], Deal):
                start = i + 1
                while start < self._cursor:
                    entry = self._log[start]
                    if not (isinstance(entry, Action) and entry.kind in SETUP_KINDS):
                        break
                    start += 1
                self._rewind(start)
                return
        raise NoDecisionError("no deal has been dealt yet")

    def view_at(self, position: int, seat: int) -> View:
        """What ``seat`` could see at ``position`` in the log (UX-4), leaving the session as it is.

        A pure read for the screens that show the past (a deal's end while the next deal is
        already dealt, a replay): the state is rebuilt from the nearest snapshot on a copy.
        """
        if position == self._cursor:
            return self.state.view(seat)
        return self.state_at(position).view(seat)

    def state_at(self, position: int) -> GameState:
        """A copy of the whole state at ``position`` in the log, leaving the session as it is.

        Hidden hands included: for the referee's own readers only, such as the coach once
        a deal is over (issue 15); a player is shown views (``view_at``), never this.
        """
        if not 0 <= position <= len(self._log):
            raise ValueError(f"position {position} is outside the log")
        base = max(k for k in self._snapshots if k <= position)
        state = self._snapshots[base].clone()
        for entry in self._log[base:position]:
            apply_entry(state, entry)
        return state

    def seek(self, position: int) -> None:
        """Move the cursor to ``position`` in the log (0 .. len(full log))."""
        if not 0 <= position <= len(self._log):
            raise ValueError(f"position {position} is outside the log")
        self._rewind(position)

    # ------------------------------------------------------------ internals

    def _append(self, entry: Entry) -> None:
        if self._cursor < len(self._log):
            self._cuts.append(self._cursor)
            del self._log[self._cursor:]
            for key in [k for k in self._snapshots if k > self._cursor]:
                del self._snapshots[key]
        self._log.append(entry)
        self._cursor += 1

    def _apply_entry(self, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.state.apply_action(entry)
        elif isinstance(entry, NextMatch):
            self.state.next_match()
        else:
            self.state.apply_chance(entry)
            self._snapshot(self._cursor + 1)

    def _snapshot(self, position: int | None = None) -> None:
        self._snapshots[self._cursor if position is None else position] = self.state.clone()

    def _resolve_chance(self) -> None:
        if self.chance_mode != "seeded":
            return
        while self.state.chance() is not None:
            outcome = self.state.sample_chance(self.config.seed)
            self._append(outcome)
            self.state.apply_chance(outcome)
            self._snapshot()

    def _rewind(self, position: int) -> None:
        base = max(k for k in self._snapshots if k <= position)
        self.state = self._snapshots[base].clone()
        self._cursor = base
        while self._cursor < position:
            self._apply_entry(self._log[self._cursor])
            self._cursor += 1

    @staticmethod
    def _why_illegal(action: object, legal: list[Action]) -> str:
        if not isinstance(action, Action):
            return "not an Action"
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            return f"a {action.kind} is not allowed now; allowed: {', '.join(kinds)}"
        if action.kind == "play":
            tiles = {a.tile for a in legal if a.kind == "play"}
            if action.tile not in tiles:
                return f"{action.tile} cannot be played now"
            return f"{action.tile} cannot go there"
        return "not allowed now"
