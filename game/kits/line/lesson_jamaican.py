"""The Jamaican lesson: the learner (seat 1) and a computer partner (seat 3) against two computers.

It brings up, in order (issue 31): the [6|6] pose of a session's first hand
(JA-2), passing (JA-4: no drawing), the key win worth 2 (JA-6), the poser
chosen by the winners (JA-3) and six love (JA-7, JA-8).

The first hand is a fixed deal found by playing it: with the lesson's moves
(``SCRIPT``, the normal computer's own choices for the learner) the learner
poses [6|6], passes once, and goes out with [5|6], the only unplayed tile
matching two hard ends: a key win.  The next hand is the seed's.
"""
from __future__ import annotations

from rules.actions import Action
from rules.chance import Deal
from rules.tiles import Tile, tile

from ...lessons import LEARNER, Anchor, Card, Ctx, Lesson, NOWHERE, same_tile

HANDS = (
    ((4, 4), (6, 6), (0, 5), (2, 6), (2, 5), (5, 6), (1, 1)),
    ((0, 1), (0, 0), (1, 5), (0, 4), (0, 6), (4, 5), (2, 4)),
    ((1, 3), (1, 4), (2, 3), (3, 5), (1, 6), (1, 2), (4, 6)),
    ((3, 3), (0, 3), (3, 6), (5, 5), (0, 2), (2, 2), (3, 4)),
)
#: The learner's moves of the first hand, in order: (kind, tile, end).
SCRIPT = (("play", (6, 6), "L"), ("play", (2, 5), "L"), ("pass", None, None), ("play", (1, 1), "L"),
          ("play", (2, 6), "R"), ("play", (4, 4), "R"), ("play", (0, 5), "R"), ("play", (5, 6), "L"))
DOUBLE_SIX: Tile = tile(6, 6)
KEY: Tile = tile(5, 6)
PARTNER = 3


def deal() -> Deal:
    return Deal(tuple(tuple(tile(a, b) for a, b in hand) for hand in HANDS), ())


# ---------------------------------------------------------------- what the cards read


def plays(ctx: Ctx) -> list[Action]:
    return [a for a in ctx.view.legal if a.kind == "play"] if ctx.to_act else []


def button(bid: str):
    return lambda ctx: Anchor("button", bid)


def shown(view, n: int) -> int:
    """Appearances of ``n`` on the table (a double's count twice): 7 of 8 make a hard end."""
    return sum((a == n) + (b == n) for a, b in view.line)


def key_ready(ctx: Ctx) -> bool:
    """The learner's last tile is a key: a non-double matching two different hard ends (JA-6)."""
    v = ctx.view
    if not ctx.to_act or len(v.hand) != 1 or v.left_end is None or v.left_end == v.right_end:
        return False
    last = v.hand[0]
    return (last[0] != last[1] and {last[0], last[1]} == {v.left_end, v.right_end}
            and shown(v, v.left_end) == 7 and shown(v, v.right_end) == 7)


def first_hand(ctx: Ctx) -> bool:
    return ctx.view.deal_no == 1 and not ctx.deal_ended()


def suggest(ctx: Ctx) -> Action | None:
    legal = list(ctx.view.legal)
    if not legal:
        return None
    for a in legal:
        if a.kind == "lead" and a.seat == LEARNER:
            return a
    if ctx.view.deal_no == 1:
        done = sum(1 for e in ctx.view.history if getattr(e, "seat", None) == LEARNER
                   and e.kind in ("play", "pass"))
        if done < len(SCRIPT):
            kind, t, end = SCRIPT[done]
            for a in legal:
                if a.kind == kind and (t is None or (same_tile(a, t) and a.end == end)):
                    return a
    return legal[0]


def result_words(ctx: Ctx) -> tuple[str, dict]:
    """Who won the hand, how, and what it scored, read from its end (JA-5, JA-6)."""
    end, out = ctx.result()
    params = {"count": end.points}
    if out is not None:
        key = "learn.ja.won" if out == LEARNER else "learn.ja.won_partner" if out == PARTNER else "learn.ja.lost"
        return key, params
    if end.winner_team is None:
        return "learn.ja.block_tie", params
    return ("learn.ja.block_won" if end.winner_team == 1 else "learn.ja.block_lost"), params


def choosing(ctx: Ctx) -> bool:
    return ctx.to_act and "lead" in ctx.legal_kinds()


CARDS = (
    Card("learn.ja.welcome"),
    Card("learn.ja.pose", anchor=lambda ctx: Anchor("hand", DOUBLE_SIX), act=True,
         when=lambda ctx: ctx.to_act and first_hand(ctx) and not ctx.view.line and DOUBLE_SIX in ctx.view.hand,
         skip=lambda ctx: bool(ctx.view.line) or ctx.deal_ended()),
    Card("learn.ja.ends", anchor=lambda ctx: Anchor("target", "L"),
         when=lambda ctx: ctx.to_act and first_hand(ctx) and bool(ctx.view.line) and bool(plays(ctx))),
    Card("learn.ja.pass", anchor=button("pass"), act=True,
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"pass"},
         skip=lambda ctx: ctx.deal_ended() or any(e.seat == LEARNER for e in ctx.events("pass"))),
    Card("learn.ja.hard", anchor=lambda ctx: Anchor("target", "L"), when=key_ready,
         params=lambda ctx: {"left": ctx.view.left_end, "right": ctx.view.right_end}),
    Card("learn.ja.key", after=("learn.ja.hard",), anchor=lambda ctx: Anchor("hand", ctx.view.hand[0] if ctx.view.hand else None), act=True,
         when=key_ready),
    Card("learn.ja.won", anchor=lambda ctx: Anchor("panel"), when=Ctx.result_due, words=result_words,
         skip=lambda ctx: ctx.reveal_seen()),
    Card("learn.ja.poser", anchor=button(f"lead:{LEARNER}"), act=True, after=("learn.ja.won",),
         when=choosing, expect=lambda e, ctx: e.chosen == LEARNER, other="learn.ja.poser_other",
         skip=lambda ctx: ctx.reveal_seen() and not choosing(ctx) and ctx.view.phase == "play"),
    Card("learn.ja.six_love", anchor=lambda ctx: NOWHERE, after=("learn.ja.won",),
         when=lambda ctx: ctx.reveal_seen(), skip=lambda ctx: False),
    Card("learn.ja.recap", skip=lambda ctx: False),
)


def lesson() -> Lesson:
    return Lesson("jamaican", 4, 31, [deal()], CARDS, suggest, ("human", "normal", "normal", "normal"))
