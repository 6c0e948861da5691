"""What a table kit is handed (issue 39): the small, typed faces of the core that the hooks of
``game.table.kit.TableKit`` read, so that a kit sees what it needs and nothing more.

- ``TablePlay``: what a kit reads of the play state (``game.play.PlayState``) or of the replay
  viewer's position (``game.scenes.replay_model.ReplayPlay``): names, the view, the phase, the
  seats at the device and the decision being picked.  Read only: a kit never writes it.
- ``Layout``: what the core reads of a kit's layout in world coordinates (its ``content``);
  the rest of a layout is the kit's own, typed in the kit (``TableKit``'s second parameter).
- ``ScoreSheet``, ``DealSheet`` and ``MatchSheet``: what the deal's and the match's end
  screens lend a kit to lay its panel out on (a framed panel, fitted text, the buttons at the
  foot), instead of the screen itself.  The screens in ``game.scenes`` provide them.

The view a kit reads is its variant's own (``rules.state.View`` and what the family adds:
``MexicanTrainView``, ``PartnershipView``), the first parameter of ``TableKit``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence, TypeVar

from rules.actions import Action
from rules.state import View
from rules.tiles import Tile

from ..queries import DealEndInfo, MatchEndInfo
from ..seats import SeatConfig

if TYPE_CHECKING:  # pragma: no cover
    import pygame

#: a family's view (what one seat may know), as the kit reads it
V_co = TypeVar("V_co", bound=View, covariant=True)

Rect4 = tuple[float, float, float, float]


class Turns(Protocol):
    """The one question a kit asks of the match itself: whose decision is due."""

    def to_act(self) -> int | None: ...


class TablePlay(Protocol[V_co]):
    """What a kit reads of a table's play state (the live one or a replay's position)."""

    @property
    def session(self) -> Turns: ...
    @property
    def seats(self) -> Sequence[SeatConfig]: ...
    @property
    def phase(self) -> str: ...
    #: the seats of humans at this device, the one whose hand is on screen, the one holding it,
    #: and the one the curtain waits for (UX-3)
    @property
    def humans(self) -> list[int]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def holder(self) -> int | None: ...
    @property
    def curtain_for(self) -> int | None: ...
    #: the hand tile picked, and the decision previewed (UX-1)
    @property
    def selected(self) -> Tile | None: ...
    @property
    def pending(self) -> Action | None: ...
    #: UX-1: the deal's start step the holder confirms first (Mexican Train's engine, MT-4)
    @property
    def setup(self) -> Action | None: ...

    def view(self) -> V_co: ...
    def hand_seat(self) -> int | None: ...
    def name(self, seat: int) -> str: ...
    def is_human(self, seat: int | None) -> bool: ...
    def my_turn(self) -> bool: ...
    def legal(self) -> tuple[Action, ...]: ...
    def targets(self, t: Tile | None = None) -> list: ...
    def score_log(self) -> list[tuple[int, tuple[int, ...]]]: ...
    def last_deal_end(self) -> DealEndInfo | None: ...


class PlayerFigures(Protocol):
    """A player's figures over one game's finished matches (``game.history.PlayerStats``), as a
    kit words them (``TableKit.stats_words``)."""

    @property
    def hands(self) -> int: ...
    @property
    def hands_won(self) -> int: ...
    @property
    def points_for(self) -> int: ...
    @property
    def points_against(self) -> int: ...
    @property
    def six_love_given(self) -> int: ...
    @property
    def six_love_taken(self) -> int: ...
    @property
    def mean_penalty(self) -> float | None: ...


class Layout(Protocol):
    """What the core reads of a kit's layout: the world rectangle all of it lies in."""

    @property
    def content(self) -> Rect4: ...


class TextBoxes(Protocol):
    """Text drawn into a box it never leaves (``game.scenes.textbox.Boxes``, issue 11)."""

    #: the readable floor: no text is drawn smaller
    @property
    def least(self) -> int: ...

    def px(self, design: float, u: float) -> int: ...

    def put(self, surface: pygame.Surface, words: str, box: pygame.Rect, px: int, *,
            colour: tuple[int, int, int] = ..., bold: bool = False,
            outline: tuple[int, int, int] | None = None, align: str = "left") -> pygame.Rect: ...


class ScoreSheet(Protocol):
    """What a score screen lends a kit to lay out its panel on (``game.scenes.score_panel``)."""

    @property
    def boxes(self) -> TextBoxes: ...

    def fit_scale(self, u: float, surface: pygame.Surface, design_w: float, design_h: float) -> float: ...
    def draw_panel(self, surface: pygame.Surface, width: int, height: int) -> tuple[pygame.Rect, float]: ...
    def title_line(self, surface: pygame.Surface, panel: pygame.Rect, words: str, px: int, u: float) -> int: ...
    def centred_line(self, surface: pygame.Surface, words: str, inner: pygame.Rect, y: int, px: int, *,
                     colour: tuple[int, int, int] = ..., bold: bool = False,
                     outline: tuple[int, int, int] | None = None) -> int: ...
    def names_px(self, names: list[str], width: int, px: int) -> int: ...
    def buttons_height(self, labels: list[tuple[str, str]], width: int, u: float, fpx: int) -> int: ...
    def draw_buttons(self, surface: pygame.Surface, panel: pygame.Rect, labels: list[tuple[str, str]],
                     u: float, fpx: int, primary: str) -> None: ...


class DealSheet(ScoreSheet, Protocol):
    """The deal's (or hand's) end screen: its buttons and a revealed hand in a cell (UX-3)."""

    def labels_with_undo(self, info: DealEndInfo, next_words: str) -> list[tuple[str, str]]: ...
    def hand_cell(self, surface: pygame.Surface, hand: Sequence[Tile], cell: pygame.Rect, fpx: int) -> None: ...


class MatchSheet(ScoreSheet, Protocol):
    """The match's end screen: its title and winners' line at the panel's top."""

    def match_top(self, surface: pygame.Surface, panel: pygame.Rect, info: MatchEndInfo, line: str,
                  u: float) -> tuple[pygame.Rect, int]: ...
    def match_top_height(self, u: float, width: int | None = None) -> int: ...
