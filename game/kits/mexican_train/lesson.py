"""The Mexican Train lesson: one rigged deal, the learner (seat 1) against one computer.

The deal is built so that a beginner meets the rules in the order of the issue
(31): the engine (MT-4), the first turn's chain on one's own train (MT-8), a
draw and a pass that put the marker up (MT-11, MT-12), the Mexican train (the
computer starts it), a drawn tile that must be played and takes the marker down,
a double the computer leaves open, which the learner must cover before anything
else (MT-13, MT-14), the learner's own double and its extra tile, going out and
the penalty (MT-16, MT-17), then what the 13 deals are (MT-3, MT-18).

- Learner: [12|12] and a chain of eight, 12-11-10-0-1-2-3-4-5; then the tiles
  of 7, 8 and 9, which fit nothing until a 7 comes; [3|6], which fits the
  Mexican train once the computer has started it (its end shows 3); and [4|9],
  which fits only the computer's train (its end shows 4) once a pass has marked
  it (MT-10, MT-12: played there by doing, issue 38).
- Computer: [12|3] and [12|4] (its train, then the Mexican train), [9|9] and
  tiles that never fit: no 3, 4, 5, 6, 9 or 12.  Once the learner's [4|9] ends its
  marked train, [9|9] is its only play, and nothing covers it (MT-13): it draws,
  passes and leaves the double open, which the learner covers with [7|9] or [8|9]
  (MT-14: the only plays allowed), by doing (issue 38).
- Boneyard: [8|9] (the learner's draw that does not fit, a pass), two tiles the
  computer draws and cannot play, [5|7] (the learner's next draw, which fits and
  must be played), then tiles the computer cannot play.
"""
from __future__ import annotations

from rules.actions import Action
from rules.chance import Deal
from rules.tiles import Tile, double_set, tile

from ...lessons import LEARNER, Anchor, Card, Ctx, Lesson, same_tile

ENGINE: Tile = tile(12, 12)
CHAIN = [tile(11, 12), tile(10, 11), tile(0, 10), tile(0, 1), tile(1, 2), tile(2, 3), tile(3, 4),
         tile(4, 5)]
#: The tile the learner plays on the Mexican train once the computer has started it (its
#: end shows 3), which leaves 6 there: a number the computer never holds.
ON_MEXICAN = tile(3, 6)
LATER = [tile(7, 7), tile(7, 8), tile(8, 8), tile(7, 9), tile(4, 9), ON_MEXICAN]
#: The tile the learner plays on the computer's marked train (its end shows 4).
ON_MARKED = tile(4, 9)
NO_FIT = tile(8, 9)  # the first draw: fits nowhere, so the learner passes (MT-11)
FITS = tile(5, 7)  # the second draw: fits the learner's own train (MT-11: it must be played)
COMPUTER_TRAIN = [tile(3, 12), tile(4, 12)]
#: The double the computer must play on its train once its end shows 9, and cannot cover.
COMPUTER_DOUBLE = tile(9, 9)
#: The tile the lesson covers it with: [8|9] is kept to cover the learner's own [8|8] later.
COVER = tile(7, 9)
OWN_LATER = tile(8, 8)
#: Numbers the computer's other tiles and its draws never show (they would fit).
QUIET = {3, 4, 5, 6, 9, 12}


def deal() -> Deal:
    learner = [ENGINE, *CHAIN, *LATER]
    named = set(learner) | set(COMPUTER_TRAIN) | {COMPUTER_DOUBLE, NO_FIT, FITS}
    free = [t for t in double_set(12) if t not in named]
    calm = [t for t in free if not QUIET & set(t)]
    loud = [t for t in free if QUIET & set(t)]
    computer = COMPUTER_TRAIN + [COMPUTER_DOUBLE] + calm[:12]
    # the computer draws twice between the learner's two draws: at its first pass, and after [9|9]
    stock = [NO_FIT, calm[12], calm[13], FITS] + calm[14:] + loud
    return Deal((tuple(learner), tuple(computer)), tuple(stock))


def next_deal() -> Deal:
    """Deal 2 (MT-3: [11|11]): a fixed shuffle where the learner holds the engine, so the
    card about the 13 deals shows it placed, with no start search of 18 draws first."""
    import random
    tiles = list(double_set(12))
    random.Random(31).shuffle(tiles)
    engine = tile(11, 11)
    at = tiles.index(engine)
    tiles[0], tiles[at] = tiles[at], tiles[0]
    return Deal((tuple(tiles[:15]), tuple(tiles[15:30])), tuple(tiles[30:]))


# ---------------------------------------------------------------- what the cards read


def train(ctx: Ctx, key):
    for tr in ctx.view.trains:
        if tr.key == key:
            return tr
    return None


def own(ctx: Ctx):
    return train(ctx, LEARNER)


def plays(ctx: Ctx) -> list[Action]:
    return [a for a in ctx.view.legal if a.kind == "play"] if ctx.to_act else []


def at_own(ctx: Ctx) -> Anchor:
    return Anchor("target", LEARNER)


def button(bid: str):
    return lambda ctx: Anchor("button", bid)


def later(ctx: Ctx) -> bool:
    return ctx.to_act and not ctx.view.first_round


def mine(ctx: Ctx, kind: str) -> list:
    """The learner's events of ``kind`` this match (plays, draws, passes)."""
    return [e for e in ctx.events(kind) if getattr(e, "seat", None) == LEARNER]


def marked(ctx: Ctx) -> bool:
    tr = own(ctx)
    return bool(tr and tr.marked)


def is_double(a) -> bool:
    return a.tile is not None and a.tile[0] == a.tile[1]


def cannot_play(ctx: Ctx) -> bool:
    """The learner is to act with no tile to play (MT-11: draw, or pass)."""
    return later(ctx) and not plays(ctx) and bool(ctx.legal_kinds() & {"draw", "pass"})


def my_double(ctx: Ctx):
    """The learner's last double played after the first round (its play event), or None."""
    doubles = [e for e in mine(ctx, "play") if e.tile[0] == e.tile[1] and e.tile != ENGINE]
    return doubles[-1] if doubles else None


def covered(ctx: Ctx) -> bool:
    """The learner's last double has a tile on it (it no longer ends its train)."""
    d = my_double(ctx)
    tr = train(ctx, d.train) if d is not None else None
    return tr is not None and d.tile in tr.tiles and tr.tiles[-1] != d.tile


def cover_plays(ctx: Ctx) -> list[Action]:
    d = my_double(ctx)
    return [a for a in plays(ctx) if d is not None and a.train == d.train]


def their_double(ctx: Ctx):
    """The open double the learner must cover now (MT-14: the oldest obligation) when another
    player left it open, as (train key, double); else None."""
    if not later(ctx) or ctx.view.extra or not ctx.view.obligations:
        return None
    key = ctx.view.obligations[0]
    tr = train(ctx, key)
    if tr is None or not tr.tiles:
        return None
    d = tr.tiles[-1]
    by = [e.seat for e in ctx.events("play") if e.train == key and e.tile == d]
    return (key, d) if by and by[-1] != LEARNER else None


def can_cover_theirs(ctx: Ctx) -> bool:
    """Another player's double is open and the lesson's [7|9] covers it (the card asks for it)."""
    open_ = their_double(ctx)
    return open_ is not None and any(a.train == open_[0] and same_tile(a, COVER) for a in plays(ctx))


def cover_params(ctx: Ctx) -> dict:
    open_ = their_double(ctx)
    d = open_[1] if open_ is not None else COMPUTER_DOUBLE
    return {"tile": f"[{COVER[0]}|{COVER[1]}]", "double": f"[{d[0]}|{d[1]}]"}


def cover_words(ctx: Ctx) -> tuple[str, dict]:
    """The cover card, with the why of [7|9] where the hand holds them: [8|9], the other
    cover, is kept because it can cover the learner's own [8|8] later."""
    params = cover_params(ctx)
    if not {NO_FIT, OWN_LATER} <= set(ctx.view.hand):
        return "learn.mt.cover_plain", params
    return "learn.mt.cover", {**params, **{k: f"[{t[0]}|{t[1]}]" for k, t in (("keep", NO_FIT), ("own", OWN_LATER))}}


def mexican_by_other(ctx: Ctx) -> bool:
    first = next((e for e in ctx.events("play") if e.train == "mexican"), None)
    return first is not None and first.seat != LEARNER


def result_words(ctx: Ctx) -> tuple[str, dict]:
    """Who went out and what was counted, read from the deal's end (MT-16, MT-17)."""
    end, out = ctx.result()
    mine_, theirs = end.counts[LEARNER], sum(end.counts[2:])
    if out == LEARNER:
        return "learn.mt.penalty", {"count": theirs}
    if out is not None:
        return "learn.mt.penalty_you", {"count": mine_}
    return "learn.mt.penalty_block", {"count": mine_, "theirs": theirs}


def suggest(ctx: Ctx) -> Action | None:
    """The lesson's move: on the own train first (the chain, the marker down), a double
    before its other tiles, the extra tile on the double; else draw, pass, end the chain."""
    legal = list(ctx.view.legal)
    if not legal:
        return None
    if ctx.view.extra and cover_plays(ctx):
        return cover_plays(ctx)[0]
    if can_cover_theirs(ctx):  # [7|9]: [8|9] stays to cover the learner's own [8|8] later
        return next(a for a in plays(ctx) if same_tile(a, COVER))
    on_own = [a for a in legal if a.kind == "play" and a.train == LEARNER]
    if ctx.view.first_round:  # the chain as dealt: it branches nowhere
        return next((a for a in on_own if any(same_tile(a, t) for t in CHAIN)), on_own[0] if on_own else legal[0])
    doubles = sorted((a for a in legal if a.kind == "play" and is_double(a)), key=lambda a: a.train != LEARNER)
    if doubles:  # a double first, on the own train where it can go there (the card on doubles)
        return doubles[0]
    mexican = [a for a in legal if a.kind == "play" and a.train == "mexican"]
    if mexican and not ctx.view.extra and not any(e.train == "mexican" for e in mine(ctx, "play")):
        return mexican[0]
    marked_others = on_marked_other(ctx)
    if marked_others and not ctx.view.extra:
        return marked_others[0]
    if on_own:
        return on_own[0]
    others = [a for a in legal if a.kind == "play"]
    if others:
        return others[0]
    for kind in ("draw", "end_chain", "pass"):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


def double_params(ctx: Ctx) -> dict:
    t = next((a.tile for a in plays(ctx) if a.tile is not None and is_double(a)), LATER[0])
    return {"tile": f"[{t[0]}|{t[1]}]"}


def on_marked_other(ctx: Ctx) -> list[Action]:
    """The learner's plays on another player's marked train (MT-10, MT-12)."""
    return [a for a in plays(ctx) if a.train not in (LEARNER, "mexican")
            and bool(train(ctx, a.train) and train(ctx, a.train).marked)]


def tile_params(t) -> dict:
    return {"tile": f"[{t[0]}|{t[1]}]"}


def marked_other_params(ctx: Ctx) -> dict:
    return tile_params(next((a.tile for a in on_marked_other(ctx) if a.tile is not None), ON_MARKED))


def first_turn_over(ctx: Ctx) -> bool:
    return not ctx.view.first_round or bool(mine(ctx, "end_chain")) or ctx.deal_ended()


CARDS = (
    Card("learn.mt.welcome"),
    Card("learn.mt.engine", anchor=lambda ctx: Anchor("hand", ENGINE), act=True,
         when=lambda ctx: ctx.play.setup is not None,
         skip=lambda ctx: ctx.play.setup is None),
    Card("learn.mt.chain", anchor=at_own, act=True,
         when=lambda ctx: ctx.to_act and ctx.view.first_round and any(same_tile(a, CHAIN[0]) for a in plays(ctx)),
         expect=lambda e, ctx: same_tile(e, CHAIN[0]), other="learn.mt.chain_other",
         skip=lambda ctx: first_turn_over(ctx) or bool(own(ctx) and own(ctx).tiles)),
    Card("learn.mt.own_train", anchor=at_own, after=("learn.mt.chain",),
         when=lambda ctx: ctx.view.first_round and bool(own(ctx) and own(ctx).tiles) and bool(plays(ctx)),
         skip=first_turn_over),
    Card("learn.mt.chain_auto", anchor=at_own, after=("learn.mt.own_train",),
         when=lambda ctx: ctx.view.first_round and len(mine(ctx, "play")) >= 3 and bool(plays(ctx)),
         auto=lambda ctx: ctx.to_act and ctx.view.first_round and bool(plays(ctx)), skip=first_turn_over),
    Card("learn.mt.end_chain", anchor=button("end_chain"), act=True,
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"end_chain"}, skip=first_turn_over),
    Card("learn.mt.draw", anchor=button("draw"), act=True,
         when=lambda ctx: cannot_play(ctx) and "draw" in ctx.legal_kinds(),
         skip=lambda ctx: ctx.deal_ended() or bool(mine(ctx, "draw"))),
    Card("learn.mt.pass", anchor=button("pass"), act=True,
         when=lambda ctx: cannot_play(ctx) and ctx.legal_kinds() == {"pass"} and ctx.view.drawn,
         skip=lambda ctx: ctx.deal_ended() or bool(mine(ctx, "pass"))),
    Card("learn.mt.marker_up", anchor=at_own, after=("learn.mt.pass",),
         when=lambda ctx: marked(ctx) and bool(mine(ctx, "pass"))),
    Card("learn.mt.mexican", anchor=lambda ctx: Anchor("target", "mexican"), when=mexican_by_other,
         skip=lambda ctx: ctx.deal_ended() or (bool(ctx.events("play")) and any(
             e.train == "mexican" for e in ctx.events("play")) and not mexican_by_other(ctx))),
    Card("learn.mt.on_mexican", anchor=lambda ctx: Anchor("target", "mexican"), act=True,
         after=("learn.mt.mexican",),
         when=lambda ctx: later(ctx) and not ctx.view.extra and any(a.train == "mexican" for a in plays(ctx)),
         params=lambda ctx: tile_params(next((a.tile for a in plays(ctx) if a.train == "mexican"), ON_MEXICAN)),
         expect=lambda e, ctx: getattr(e, "train", None) == "mexican",
         skip=lambda ctx: ctx.deal_ended() or any(e.train == "mexican" for e in mine(ctx, "play"))),
    Card("learn.mt.marker_stays", anchor=at_own, after=("learn.mt.on_mexican",),
         when=lambda ctx: marked(ctx) and any(e.train == "mexican" for e in mine(ctx, "play")),
         skip=lambda ctx: ctx.deal_ended() or not marked(ctx)),
    Card("learn.mt.on_marked", anchor=lambda ctx: Anchor("target", on_marked_other(ctx)[0].train), act=True,
         when=lambda ctx: later(ctx) and not ctx.view.extra and bool(on_marked_other(ctx))
         and not any(is_double(a) for a in plays(ctx)) and their_double(ctx) is None,
         params=marked_other_params, expect=lambda e, ctx: getattr(e, "train", None) not in (LEARNER, "mexican")),
    Card("learn.mt.cover", anchor=lambda ctx: Anchor("target", their_double(ctx)[0]), act=True,
         when=can_cover_theirs, params=cover_params, words=cover_words,
         expect=lambda e, ctx: same_tile(e, COVER), other="learn.mt.cover_other"),
    Card("learn.mt.draw_again", anchor=button("draw"), act=True, after=("learn.mt.marker_up",),
         when=lambda ctx: cannot_play(ctx) and "draw" in ctx.legal_kinds() and marked(ctx),
         skip=lambda ctx: ctx.deal_ended() or (bool(mine(ctx, "pass")) and not marked(ctx))),
    Card("learn.mt.must_play", anchor=at_own, act=True, after=("learn.mt.marker_up",),
         when=lambda ctx: later(ctx) and ctx.view.drawn and marked(ctx)
         and any(a.train == LEARNER for a in plays(ctx)),
         expect=lambda e, ctx: getattr(e, "train", None) == LEARNER, other="learn.mt.must_play_other",
         skip=lambda ctx: ctx.deal_ended() or (bool(mine(ctx, "pass")) and not marked(ctx))),
    Card("learn.mt.marker_down", anchor=at_own, after=("learn.mt.marker_up",),
         when=lambda ctx: bool(mine(ctx, "pass")) and not marked(ctx)),
    Card("learn.mt.double", anchor=lambda ctx: Anchor("hand", next(
        (a.tile for a in plays(ctx) if is_double(a)), None)), act=True,
         when=lambda ctx: later(ctx) and not ctx.view.extra and any(is_double(a) for a in plays(ctx)),
         params=double_params,
         expect=lambda e, ctx: is_double(e), other="learn.mt.double_other",
         skip=lambda ctx: ctx.deal_ended() or my_double(ctx) is not None),
    Card("learn.mt.extra", anchor=lambda ctx: Anchor("target", my_double(ctx).train), act=True,
         when=lambda ctx: later(ctx) and ctx.view.extra and bool(cover_plays(ctx)),
         expect=lambda e, ctx: covered(ctx), other="learn.mt.extra_other",
         skip=lambda ctx: ctx.deal_ended() or (my_double(ctx) is not None and not ctx.view.extra)),
    Card("learn.mt.obligation", anchor=lambda ctx: Anchor("target", my_double(ctx).train),
         when=lambda ctx: my_double(ctx) is not None and not (ctx.to_act and ctx.view.extra),
         words=lambda ctx: ("learn.mt.obligation" if covered(ctx) else "learn.mt.obligation_open", {})),
    Card("learn.mt.go_out", anchor=lambda ctx: Anchor("hand"), act=True,
         when=lambda ctx: later(ctx) and len(ctx.view.hand) == 1 and bool(plays(ctx))),
    Card("learn.mt.penalty", anchor=lambda ctx: Anchor("panel"), when=Ctx.result_due, words=result_words,
         skip=lambda ctx: ctx.reveal_seen()),
    Card("learn.mt.deals", anchor=lambda ctx: Anchor("hand", tile(11, 11)),
         when=lambda ctx: ctx.reveal_seen(), skip=lambda ctx: False),
    Card("learn.mt.recap", skip=lambda ctx: False),
)


def lesson(game: str) -> Lesson:
    return Lesson("mexican_train", 2, 31, [deal(), next_deal()], CARDS, suggest, ("human", "normal"))
