"""What the Mexican Train table says to the player on screen: prompts and previews.

Every text comes from locales/ (``table.*``); the rule behind each prompt is
named (MT-8 first turn, MT-11 draw or pass, MT-13 the extra tile after a
double, MT-14 the oldest open double, UX-1 previews, UX-2 the drawn tile).
"""
from __future__ import annotations

from rules.actions import Action
from rules.tiles import Tile
from rules.variants.mexican_train import MexicanTrainView

from ...i18n import t
from ...table.contract import TablePlay

#: what these words read of the table: the play state's queries and Mexican Train's view
Play = TablePlay[MexicanTrainView]


def train_phrase(play: Play, key: int | str) -> str:
    """A train named for the start of a sentence: the Mexican train, yours, or a player's."""
    if not isinstance(key, int):  # L.MEXICAN: the one train no seat owns
        return t("table.mexican_train")
    if key == play.hand_seat():
        return t("table.train_yours")
    return t("table.train_of", name=play.name(key))


def preview_text(play: Play, action: Action) -> str:
    """UX-1: what the previewed decision will do, and that it waits for a confirm."""
    if action.kind == "play":
        assert action.train is not None and action.tile is not None, action  # a play names both
        return t("table.confirm_play", train=train_phrase(play, action.train),
                 tile=f"[{action.tile[0]}|{action.tile[1]}]")
    return t("table.confirm_" + action.kind)


def fresh_tile(view: MexicanTrainView) -> Tile | None:
    """The tile just drawn by the seat of ``view``, shown once the draw is done (UX-2)."""
    last = view.history[-1] if view.history else None
    if view.drawn and last and last.kind == "draw" and last.seat == view.seat and view.hand:
        return view.hand[-1]  # a draw appends to the hand
    return None


def prompt(play: Play) -> str:
    """What the on-screen player is asked to do now (MT-8, MT-11, MT-13, MT-14)."""
    view = play.view()
    kinds = {a.kind for a in play.legal()}
    fresh = fresh_tile(view)
    if fresh is not None:
        name = f"[{fresh[0]}|{fresh[1]}]"
        return t("table.prompt_drawn" if "play" in kinds else "table.prompt_drawn_pass", tile=name)
    if view.obligations and "play" in kinds:
        key = view.obligations[0]
        return t("table.prompt_obligation", number=view.train(key).open_end, train=train_phrase(play, key))
    if view.obligations and "play" not in kinds:
        key = view.obligations[0]
        return t("table.prompt_obligation_none", number=view.train(key).open_end)
    if view.first_round:
        if view.chain:
            return t("table.prompt_chain_more")
        if "play" in kinds:
            return t("table.prompt_first_turn")
    if view.extra and "play" in kinds:
        return t("table.prompt_extra")
    if kinds == {"draw"}:
        return t("table.prompt_draw")
    if kinds == {"pass"}:
        return t("table.prompt_pass")
    return t("table.prompt_choose")
