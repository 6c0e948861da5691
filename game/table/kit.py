"""The interface every table kit offers the game-generic core (see ``game.kits``)."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Hashable, NamedTuple, Sequence, TypeVar

from rules.actions import Action
from rules.events import Event
from rules.state import View
from rules.tiles import Tile

from ..i18n import t
from ..queries import DealEndInfo, MatchEndInfo
from .camera import ANY_FELT, Camera, Felt
from .contract import DealSheet, Layout, MatchSheet, PlayerFigures, Rect4, TablePlay
from .sprites import Sprites

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from ..motion import Flight


@dataclass
class Marks:
    """What the play state wants lit on the table this frame (every kit reads the same)."""

    targets: tuple = ()  # target keys where the selected tile may go
    focused_target: Hashable | None = None  # the keyboard cursor's (or the pointer's) target
    ghost: Any = None  # the previewed tile where it would lie (the kit's own form)
    #: UX-9: the ghost is a phone's preview, shown face down (where the move goes, not what)
    ghost_face_down: bool = False
    recent: tuple = ()  # the latest plays, newest last (the kit's own form)
    arrival: float | None = None  # seconds since the newest play landed
    hidden: frozenset = frozenset()  # tiles (low, high) still in flight to the table (game.motion)
    active_seat: int | None = None  # whose turn it is: highlighted where the eyes are (the felt)
    #: the smallest a seat's name on the felt is drawn, px: it grows with the interface size and
    #: the TV setting, however far the view is zoomed out (issue 11: names read from the couch)
    name_px: int = 0
    #: UX-3: every hand left at a deal's or hand's end, by seat (index 0 unused), to draw face
    #: up on the felt while the score screen is up (issue 28); None while any hand is hidden
    revealed: tuple | None = None


class RulePicture(NamedTuple):
    """A rules screen's picture (issue 31): a small hand-written position that the kit draws
    with its own renderer, so it stays right when the art changes."""

    #: (width, height, sprites) -> the picture, exactly that size
    draw: Callable[[int, int, Sprites], "pygame.Surface"]
    #: its caption, in the current language
    caption: Callable[[], str]
    #: the width against the height it reads best at
    aspect: float = 2.0


_CUE_WORDS = {"pass": "motion.pass", "mark": "motion.marker_up", "unmark": "motion.marker_off",
              "draw": "motion.drew", "search": "motion.drew"}


#: the family's view (``MexicanTrainView``, ``PartnershipView``), its layout in world coordinates
#: and what draws it for one table scene: each kit names its own three (``TableKit[V, L, R]``)
V = TypeVar("V", bound=View)
L = TypeVar("L", bound=Layout)
R = TypeVar("R")


class TableKit(Generic[V, L, R]):
    """One family's table.  Subclasses set ``game`` and override the hooks.

    Typed against what the kit is handed (``game.table.contract``): the play state's queries
    (``TablePlay``), the family's own view ``V`` and layout ``L`` and renderer ``R``.  The core
    holds a kit without knowing its family (``TableKit``): what ``layout`` returns it hands back
    to ``target_at``, ``ghost`` and the rest unopened."""

    game = ""
    #: The decision buttons the cursor goes to first when no tile can be played.
    focus_first: tuple[str, ...] = ()
    #: Deals (or hands) of a match when it has a fixed number, for the status bar.
    deals: int | None = None
    #: The replay viewer's buttons to the previous and next deal (locale keys), in each
    #: game's own word for a deal (a Cuban «кон»).
    replay_step_keys: tuple[str, str] = ("replay.deal_back", "replay.deal_forward")
    #: What the table says while a selected tile waits for its target (a train, an end).
    choose_target_key = "table.choose_target"
    #: The family's ticker clauses (``game.kits.<family>.ticker``): how its events are told.
    ticker: Any = None

    def deal_words(self, number: int) -> str:
        """A deal's name in this game, for the status bar and the replay: "Deal 3 of 13"."""
        return t("table.deal_of", deal=number, deals=self.deals or number)

    # ------------------------------------------------------------ decisions

    def target(self, action: Action) -> Hashable:
        """The target key of a play action: where the player points to make it."""
        raise NotImplementedError

    def decision_buttons(self, view: V) -> list[tuple[str, Action]]:
        """The decision buttons to show now, in order, each with the action it stands for."""
        raise NotImplementedError

    def button_label(self, bid: str, play: TablePlay[V]) -> str:
        """A decision button's words (its id from ``decision_buttons``)."""
        raise NotImplementedError

    # ------------------------------------------------------------ the world

    def layout(self, view: V, play: TablePlay[V], felt: Felt = ANY_FELT) -> L:
        """Where everything lies in world coordinates; has ``content`` (x, y, w, h).
        ``felt`` is the clear table area on screen that the automatic view fits it into."""
        raise NotImplementedError

    def target_at(self, lay: L, play: TablePlay[V], wx: float, wy: float) -> Hashable | None:
        """The lit target under a world point, or None."""
        raise NotImplementedError

    def target_rect(self, lay: L, key: Hashable) -> Rect4:
        """The world rectangle to keep on screen when ``key`` has the cursor."""
        raise NotImplementedError

    def ghost(self, lay: L, view: V, action: Action) -> object:
        """The previewed play where it would lie (UX-1), in the form ``draw_world`` reads."""
        raise NotImplementedError

    def recent(self, view: V, me: int | None) -> tuple:
        """The plays since ``me``'s own last decision, newest last."""
        return ()

    def follow_point(self, lay: L, view: V, me: int | None) -> tuple[float, float] | None:
        """The world point the automatic view follows (the latest play), or None."""
        return None

    def must_see(self, lay: L, view: V, play: TablePlay[V]) -> Rect4 | None:
        """A world rectangle the player must see now (an open double to cover), or None."""
        return None

    def tile_place(self, lay: L, tile: Tile) -> object:
        """Where a tile on the table lies (a ``layout.Placed``), or None (game.motion)."""
        return None

    def seat_point(self, lay: L, view: V, play: TablePlay[V], seat: int) -> tuple[float, float] | None:
        """The world point of a seat's place at the table: a computer's play leaves from here,
        its drawn tiles go here, and a cue at that seat is shown here."""
        return None

    def cue_point(self, lay: L, view: V, play: TablePlay[V], seat: int) -> tuple[float, float] | None:
        """Where a cue at ``seat`` (a pass, a marker) is shown: its seat's point unless the kit
        knows a place clearer of the names and tiles (Mexican Train's, issue 28)."""
        return self.seat_point(lay, view, play, seat)

    def cue_below(self, lay: L, view: V, play: TablePlay[V], seat: int) -> bool:
        """Whether the cue's bubble hangs under ``cue_point`` (a seat whose tiles lie above it,
        the line's bottom seat) rather than over it."""
        return False

    def pile_point(self, lay: L) -> tuple[float, float]:
        """The world point the boneyard and the deal's tiles come from."""
        x, y, w, h = lay.content
        return (x + w / 2, y + h / 2)

    def cue_word(self, event: Event) -> str | None:
        """The word shown for a moment at the seat of a public history event (a pass, a
        marker going up or coming off), or None for an event that gets no cue."""
        key = _CUE_WORDS.get(event.kind)
        return t(key) if key else None

    #: Issue 42: whether ``draw_world`` draws nothing but what its arguments name, the clock
    #: only for a ghost's pulse and an arrival's ring (the table scene then keeps a still
    #: frame's felt and world and copies them while nothing of them changes: ``StillWorld``)
    still_world: bool = False

    def renderer(self, sprites: Sprites) -> R:
        """What draws the world for one table scene (it may keep state between frames)."""
        raise NotImplementedError

    def draw_world(self, renderer: R, surface: pygame.Surface, camera: Camera, lay: L, view: V,
                   play: TablePlay[V], marks: Marks, clock: float) -> None:
        """The world (the table's tiles, the seats' names and cues) through ``camera``."""
        raise NotImplementedError

    def bottom_seat(self, play: TablePlay[V]) -> int | None:
        """The seat whose side of the table is at the bottom of the screen (its revealed hand
        is the one the tray shows at a deal's end): the device's holder, by default; None
        when no seat is at the device."""
        return play.viewer or play.holder or play.curtain_for or (play.humans[0] if play.humans else None)

    def name_box(self, renderer: R, seat: int) -> pygame.Rect | None:
        """The screen rectangle of a seat's name as ``renderer`` last drew the world, or None
        (the thinking dots sit just above it)."""
        return None

    def seat_rects(self, renderer: R) -> list[pygame.Rect]:
        """The screen rectangles of every seat's name, tiles and marks as ``renderer`` last
        drew them: a cue's bubble keeps clear of them (``motion.draw_cue``)."""
        return []

    def keep_in_view(self, lay: L) -> Rect4 | None:
        """What the automatic view keeps in sight when the whole table is not readable at once
        (a world rectangle), or None: then the table is fitted whole, as far as it reads."""
        return None

    # ------------------------------------------------------------ chrome

    def status_parts(self, play: TablePlay[V], view: V) -> list[str]:
        """The pieces of the status bar's left side."""
        raise NotImplementedError

    def panel_width(self, play: TablePlay[V], u: float) -> int:
        """The players panel's width at scale ``u``."""
        raise NotImplementedError

    def render_panel(self, play: TablePlay[V], view: V, u: float, sprites: Sprites) -> pygame.Surface:
        """The players (or teams) panel in the table's top left corner."""
        raise NotImplementedError

    def panel_point(self, play: TablePlay[V], seat: int, u: float) -> tuple[int, int, int] | None:
        """Where the panel shows a seat's cues (its row's right end, centre line and height, in
        the panel), for a seat the layout leaves off the felt (``seat_point`` None); None where
        every seat is on the felt."""
        return None

    def prompt(self, play: TablePlay[V]) -> str:
        """What the on-screen player is asked to do now."""
        raise NotImplementedError

    def preview_text(self, play: TablePlay[V], action: Action) -> str:
        """UX-1: what the previewed decision will do, and that it waits for a confirm."""
        raise NotImplementedError

    def over_words(self) -> str:
        """The status bar's words while a deal's (or hand's) end is shown."""
        return t("table.deal_over")

    def restart_words(self) -> tuple[str, str]:
        """The menu's "restart deal" (or hand) and its question (MT-20, CU-12, JA-9)."""
        return t("ui.restart_deal"), t("ui.restart_deal_confirm")

    #: Mexican Train's words for its match (a «партия», a «sessione»); each game that calls
    #: a match otherwise (a Cuban «матч», «partita») says them in its own words (issue 30).
    MATCH_WORDS = {"match_over_title": "table.match_over_title", "next_match": "table.next_match",
                   "see_result": "table.see_result", "log_match": "ui.log_match"}

    def match_words(self, word: str, **params: int) -> str:
        """The match-end title, the next-match and see-the-result buttons, the log's match line."""
        return t(self.MATCH_WORDS[word], **params)

    def setup(self, view: V) -> Action | None:
        """UX-1: the step of the deal's start that the view's seat confirms before its first
        decision (Mexican Train: placing the engine it holds, MT-4), as a pseudo-action the
        rules have already carried out; or None."""
        return None

    def fresh_tile(self, view: V) -> Tile | None:
        """A tile just drawn by the view's seat (UX-2), shown apart in the hand; or None."""
        return None

    # ------------------------------------------------------------ ends and the log

    def draw_deal_end(self, sheet: DealSheet, play: TablePlay[V], surface: pygame.Surface, info: DealEndInfo,
                      u: float) -> None:
        """The deal's (or hand's) end panel, laid out on what the score screen lends (``sheet``)."""
        raise NotImplementedError

    def draw_match_end(self, sheet: MatchSheet, play: TablePlay[V], surface: pygame.Surface,
                       info: MatchEndInfo, u: float) -> None:
        """The match's end panel, laid out on what the score screen lends (``sheet``)."""
        raise NotImplementedError

    def hand_result(self, play: TablePlay[V], info: DealEndInfo) -> str:
        """Who won the deal (or hand) and why, in one line (the replay's words): the seat that
        went out, or a blocked deal."""
        if info.reason == "out":
            out = next((s for s in range(1, len(info.hands)) if not info.hands[s]), None)
            if out is not None:
                return t("table.deal_won", name=play.name(out))
        return t("table.deal_blocked")

    def hand_numbers(self, history: Sequence[Event]) -> list[int] | None:
        """For each event of ``history``, the number of the deal (or hand) the log heads it
        with; None: the deals' own numbers (``deal_no``)."""
        return None

    def stats_words(self, stats: PlayerFigures) -> list[str]:
        """A player's statistics over this game's finished matches (game.history.PlayerStats),
        in this game's own terms: its hands won, and what else the game counts."""
        raise NotImplementedError

    def cost_words(self, loss: float) -> str:
        """A decision's cost as the coach says it, in this game's units (issue 15)."""
        raise NotImplementedError

    def own_flight(self, event: Event, start: float, seconds: float, lay: L, view: V,
                   play: TablePlay[V]) -> Flight | None:
        """The ``game.motion.Flight`` of an event only this family has (MT-4: the engine to the
        station), starting at ``start`` and lasting about ``seconds``; None: no flight."""
        return None

    def play_words(self, action: Action, tile: str, name_of: Callable[[int], str]) -> str:
        """A play in the coach's words, ``tile`` being its "[6|4]": where it went (issue 15)."""
        return tile

    def log_line(self, event: Event, who: Callable[[int], str], tile_text: Callable[[Tile], str]) -> str | None:
        """One public history event as a line of the log (HTML), or None to use the core's."""
        return None

    # ------------------------------------------------------------ the rules screen

    def rule_pictures(self) -> dict[str, RulePicture]:
        """The rules screen's pictures of this kit's game, by section name (issue 31): from the
        ``rule_pictures`` module of the kit's own folder (its ``PICTURES[game]``); none when
        the folder has no such module."""
        folder = type(self).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{folder}.rule_pictures")
        except ModuleNotFoundError as e:
            if e.name != f"{folder}.rule_pictures":
                raise
            return {}
        return dict(module.PICTURES.get(self.game, {}))
