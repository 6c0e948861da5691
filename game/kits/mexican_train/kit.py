"""The Mexican Train table kit: the station and the trains (MT-4, MT-7), markers (MT-12),
obligations (MT-14), the boneyard, per-seat penalties (MT-17) and the shared win (MT-18).

The world's geometry is ``layout`` beside it and its drawing ``render``;
this module is the one place the game-generic core reaches them through.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from rules.actions import DRAW, END_CHAIN, PASS, Action
from rules.events import Event, TrainDeal, TrainDealEnd, TrainPlay, seat_of
from rules.tiles import Tile
from rules.variants.mexican_train import MexicanTrainView

from ...i18n import t
from ...phases import DEAL_END, MATCH_END
from . import layout as L
from ...table.camera import ANY_FELT, Camera, Felt
from . import prompts as P
from ...queries import DealEndInfo, MatchEndInfo
from ...table.contract import DealSheet, MatchSheet, PlayerFigures, Rect4, TablePlay
from ...table.kit import Marks, TableKit
from ...table.sprites import Sprites
from . import scores, staging, status
from . import ticker as ticker_words
from .render import TableRenderer

if TYPE_CHECKING:  # pragma: no cover
    from ...motion import Flight

DEALS = 13  # MT-3
BUTTON_TEXT = {"draw": "table.draw", "pass": "table.pass", "end_chain": "table.end_chain",
               "place_engine": "play.place_engine"}
#: The pseudo-action of placing the engine (MT-4): the rules place it with the deal; the
#: holder at the device previews and confirms it before the first play (UX-1).
PLACE_ENGINE = "place_engine"
#: World units from a lane's head to a cue at that seat: past the name (``L.LABEL_W``) and
#: half the cue's bubble at the smallest zoom.
CUE_OUT = L.LABEL_W + 100
_DECISIONS = [("draw", DRAW), ("pass", PASS), ("end_chain", END_CHAIN)]


def view_obligation(view: MexicanTrainView) -> int | str | None:
    """The train of the oldest open double (MT-14), or None."""
    return view.obligations[0] if view.obligations else None


class MexicanTrainKit(TableKit[MexicanTrainView, L.TableLayout, TableRenderer]):
    game = "mexican_train"
    ticker = ticker_words.MEXICAN_TRAIN
    focus_first = ("end_chain", "draw", "pass")
    deals = DEALS

    # ------------------------------------------------------------ decisions

    def target(self, action: Action) -> Hashable:
        return action.train

    def decision_buttons(self, view: MexicanTrainView) -> list[tuple[str, Action]]:
        return _DECISIONS

    def button_label(self, bid: str, play: TablePlay[MexicanTrainView]) -> str:
        return t(BUTTON_TEXT[bid])

    # ------------------------------------------------------------ the world

    def layout(self, view: MexicanTrainView, play: TablePlay[MexicanTrainView], felt: Felt = ANY_FELT) -> L.TableLayout:
        return L.layout_table(view.trains, view.players)

    def renderer(self, sprites: Sprites) -> TableRenderer:
        return TableRenderer(sprites)

    def target_at(self, lay: L.TableLayout, play: TablePlay[MexicanTrainView], wx: float, wy: float) -> Hashable | None:
        """The legal target train under a world point (its whole lane is the tap area)."""
        targets = play.targets()
        best = None
        for key in targets:
            x, y, w, h = lay.lanes[key].rect
            if x <= wx <= x + w and y <= wy <= y + h:
                best = key
        if best is None:
            # near the next slot of a target counts too (the slot may hang past the lane edge)
            for key in targets:
                x, y, w, h = lay.lanes[key].next_slot.rect
                m = L.TILE_W
                if x - m <= wx <= x + w + m and y - m <= wy <= y + h + m:
                    best = key
        return best

    def target_rect(self, lay: L.TableLayout, key: Hashable) -> Rect4:
        return lay.lanes[key].next_slot.rect

    def ghost(self, lay: L.TableLayout, view: MexicanTrainView, action: Action) -> object:
        assert action.tile is not None, action  # a play and the engine's placing name their tile
        if action.kind == PLACE_ENGINE:  # on the station, lying across like the engine
            e = action.tile[0]
            return (None, L.Placed(0, e, e, (-L.TILE_L / 2, -L.TILE_W / 2, L.TILE_L, L.TILE_W), False, e, e))
        assert action.train is not None, action  # a play names its train
        lane = lay.lanes[action.train]
        train = view.train(action.train)
        near = train.open_end
        far = action.tile[1] if action.tile[0] == near else action.tile[0]
        x_start = lane.head[0] + lane.side * L.MARKER_W
        return (action.train, L.ghost_slot(train.placed, near, far, lane.side, x_start, lane.y0, lay.row_len))

    def tile_place(self, lay: L.TableLayout, tile: Tile) -> object:
        low, high = min(tile), max(tile)
        for key in lay.order:
            for p in lay.lanes[key].tiles:
                if min(p.first, p.second) == low and max(p.first, p.second) == high:
                    return p
        return None

    def seat_point(self, lay: L.TableLayout, view: MexicanTrainView, play: TablePlay[MexicanTrainView],
                   seat: int) -> tuple[float, float] | None:
        lane = lay.lanes.get(seat)
        return None if lane is None else lane.label_pos

    def cue_point(self, lay: L.TableLayout, view: MexicanTrainView, play: TablePlay[MexicanTrainView],
                  seat: int) -> tuple[float, float] | None:
        """A cue ("marker up", "pass") in the seat's name row, well beyond the name: at the
        lane's head it covered the engine and the name (issue 28)."""
        lane = lay.lanes.get(seat)
        if lane is None:
            return None
        x, y = lane.label_pos
        return (x + lane.side * CUE_OUT, y)

    def pile_point(self, lay: L.TableLayout) -> tuple[float, float]:
        return (0.0, 0.0)  # the station: the boneyard lies beside it

    def recent(self, view: MexicanTrainView, me: int | None) -> tuple:
        """(train, index) of the plays since ``me``'s own last decision."""
        found: list[tuple] = []
        for e in reversed(view.history):
            if e.kind in ("deal", "match"):
                break
            if e.kind in ("play", "draw", "pass", "end_chain") and me is not None and seat_of(e) == me and found:
                break
            if isinstance(e, TrainPlay):
                key, tile_ = e.train, e.tile
                tiles = view.train(key).tiles
                if tile_ in tiles:
                    found.append((key, tiles.index(tile_)))
                if len(found) >= 12:
                    break
        return tuple(reversed(found))

    def follow_point(self, lay: L.TableLayout, view: MexicanTrainView, me: int | None) -> tuple[float, float] | None:
        recent = self.recent(view, me)
        if not recent:
            return None
        key, index = recent[-1]
        return lay.lanes[key].tiles[index].centre

    def must_see(self, lay: L.TableLayout, view: MexicanTrainView, play: TablePlay[MexicanTrainView]) -> Rect4 | None:
        key = view_obligation(view)
        if key is None or not play.my_turn():
            return None
        tile = lay.last_tile(key)
        return tile.rect if tile is not None else None

    def name_box(self, renderer: TableRenderer, seat: int) -> pygame.Rect | None:
        return renderer.name_boxes.get(seat)

    still_world = True  # TableRenderer.draw: the clock only pulses the ghost

    def draw_world(self, renderer: TableRenderer, surface: pygame.Surface, camera: Camera, lay: L.TableLayout,
                   view: MexicanTrainView, play: TablePlay[MexicanTrainView], marks: Marks,
                   clock: float) -> None:
        names: dict[str | int, str] = {L.MEXICAN: t("table.mexican_train")}
        for seat in range(1, len(play.seats) + 1):
            names[seat] = play.name(seat)
        renderer.draw(surface, camera, lay, view, names, marks, clock)

    # ------------------------------------------------------------ chrome

    def status_parts(self, play: TablePlay[MexicanTrainView], view: MexicanTrainView) -> list[str]:
        ended = play.last_deal_end() if play.phase in (DEAL_END, MATCH_END) else None
        if ended is not None:
            # the reveal is about the deal that just ended (the next one is already dealt behind it)
            engine = DEALS - ended.deal_no  # MT-3
            parts = [self.deal_words(ended.deal_no),
                     t("table.engine", engine=f"{engine}|{engine}")]
        else:
            parts = [self.deal_words(view.deal_no),
                     t("table.engine", engine=f"{view.engine}|{view.engine}"),
                     t("table.boneyard", count=view.boneyard)]
        parts.append(t("table.match_no", match=view.match_no))
        return parts

    def panel_width(self, play: TablePlay[MexicanTrainView], u: float) -> int:
        return status.metrics(play, u)[-1]

    def render_panel(self, play: TablePlay[MexicanTrainView], view: MexicanTrainView, u: float,
                     sprites: Sprites) -> pygame.Surface:
        return status.render_panel(play, view, u, sprites)

    def prompt(self, play: TablePlay[MexicanTrainView]) -> str:
        view = play.view()
        drew = self.searched(view, view.seat)
        setup = play.setup
        if setup is not None:  # MT-4 (after MT-5's start search, perhaps)
            assert setup.tile is not None, setup  # the engine to place
            tile = f"[{setup.tile[0]}|{setup.tile[1]}]"
            if drew:
                return t("play.prompt_place_engine_search", count=drew, tile=tile)
            return t("play.prompt_place_engine", tile=tile)
        if drew and not self._decided_this_deal(view):  # say why the hand grew (MT-5)
            return t("play.searched", count=drew) + " " + P.prompt(play)
        return P.prompt(play)

    @staticmethod
    def _decided_this_deal(view: MexicanTrainView) -> bool:
        for e in reversed(view.history):
            if e.kind == "deal":
                return False
            if e.kind in ("play", "draw", "pass", "end_chain") and seat_of(e) == view.seat:
                return True
        return False

    def preview_text(self, play: TablePlay[MexicanTrainView], action: Action) -> str:
        if action.kind == PLACE_ENGINE and action.tile is not None:
            return t("play.confirm_place_engine", tile=f"[{action.tile[0]}|{action.tile[1]}]")
        return P.preview_text(play, action)

    def fresh_tile(self, view: MexicanTrainView) -> Tile | None:
        return P.fresh_tile(view)

    def setup(self, view: MexicanTrainView) -> Action | None:
        """MT-4, MT-5: the engine this seat holds (found in the start search, perhaps), to
        place on the station; None once the deal has a decision."""
        for e in reversed(view.history):
            if e.kind in ("play", "draw", "pass", "end_chain"):
                return None
            if e.kind == "engine":
                return Action(PLACE_ENGINE, tile=e.tile) if e.seat == view.seat else None
            if e.kind == "deal":
                return None
        return None

    @staticmethod
    def searched(view: MexicanTrainView, seat: int) -> int:
        """MT-5: how many tiles ``seat`` drew in this deal's start search."""
        count = 0
        for e in reversed(view.history):
            if e.kind == "deal":
                break
            count += e.kind == "search" and e.seat == seat
        return count

    # ------------------------------------------------------------ ends and the log

    def log_line(self, event: Event, who: Callable[[int], str], tile_text: Callable[[Tile], str]) -> str | None:
        """One public event as the log says it (MT-4, MT-5, MT-10 .. MT-18); draws stay masked."""
        kind = event.kind
        if isinstance(event, TrainDeal):  # kind == "deal": the deal and its engine (MT-3)
            e = event.engine
            return "<b>" + html.escape(t("ui.log_deal", n=event.deal_no, engine=f"[{e}|{e}]")) + "</b>"
        if event.kind == "engine":
            return t("ui.log_engine", name=who(event.seat), tile=tile_text(event.tile))
        if event.kind == "search":
            return t("ui.log_search", name=who(event.seat))
        if isinstance(event, TrainPlay):
            seat, tile_, train = event.seat, event.tile, event.train
            if train == seat:
                return t("ui.log_play_own", name=who(seat), tile=tile_text(tile_))
            # the Mexican train is the one train no seat owns (its key is "mexican")
            where = t("ui.train_mexican") if isinstance(train, str) else t("ui.train_of", name=who(train))
            return t("ui.log_play", name=who(seat), tile=tile_text(tile_), train=where)
        if kind in ("unmark", "draw", "pass", "mark", "end_chain"):
            by = seat_of(event)
            assert by is not None, event  # each of these kinds is a seat's
            return t(f"ui.log_{kind}", name=who(by))
        if isinstance(event, TrainDealEnd):
            return _deal_end_lines(event, who)
        if event.kind == "match_end":
            return "<b>" + t("ui.log_match_end", names=", ".join(who(s) for s in event.winners)) + "</b>"
        return None

    def stats_words(self, stats: PlayerFigures) -> list[str]:
        words = [t("history.deals_won", count=stats.hands_won, hands=stats.hands)]
        if stats.mean_penalty is not None:
            words.append(t("history.mean_penalty", value=round(stats.mean_penalty, 1)))
        return words

    def cost_words(self, loss: float) -> str:
        return t("coach.cost_pips", count=round(loss) if loss >= 1 else round(loss, 1))  # never "0 pips"

    def own_flight(self, event: Event, start: float, seconds: float, lay: L.TableLayout, view: MexicanTrainView,
                   play: TablePlay[MexicanTrainView]) -> Flight | None:
        """MT-4: the engine flies from its holder's place to the station."""
        if event.kind != "engine":
            return None
        return staging.engine_flight(self, event, start, seconds, lay, view, play)

    def play_words(self, action: Action, tile: str, name_of: Callable[[int], str]) -> str:
        """The coach's words for a play: on the Mexican train, or on a seat's train."""
        if action.train == L.MEXICAN:
            return t("coach.tile_on_mexican", tile=tile)
        if isinstance(action.train, int):
            return t("coach.tile_on_train", tile=tile, name=name_of(action.train))
        return tile

    def draw_deal_end(self, sheet: DealSheet, play: TablePlay[MexicanTrainView], surface: pygame.Surface,
                      info: DealEndInfo, u: float) -> None:
        scores.draw_deal_end(sheet, play, surface, info, u)

    def draw_match_end(self, sheet: MatchSheet, play: TablePlay[MexicanTrainView], surface: pygame.Surface,
                       info: MatchEndInfo, u: float) -> None:
        scores.draw_match_end(sheet, play, surface, info, u)


def _deal_end_lines(event: TrainDealEnd, who) -> str:
    """MT-16, MT-17: how the deal ended, then each seat's penalty and total, one per line."""
    reason, penalties, totals = event.reason, event.counts, event.totals
    if reason == "out":
        out = [s for s in range(1, len(penalties)) if not event.hands[s]]
        lines = ["<b>" + t("ui.log_deal_end_out", name=", ".join(who(s) for s in out) or "?") + "</b>"]
    else:
        lines = ["<b>" + html.escape(t("ui.log_deal_end_block")) + "</b>"]
    for s in range(1, len(penalties)):
        lines.append("    " + t("ui.log_penalty", name=who(s), points=penalties[s], total=totals[s]))
    return "\n".join(lines)



MEXICAN_TRAIN = MexicanTrainKit()
