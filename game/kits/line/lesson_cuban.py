"""The Cuban lesson: the learner (seat 1) and a computer partner (seat 3) against two computers.

It brings up, in order (issues 31, 38): the lead draw (CU-2), five doubles and
the redeal (CU-4), the team with the right choosing its leader (CU-5), playing
on both ends (CU-6), a pass, going out and its count (CU-7, CU-8), and the
points to 100 (CU-10).

- Lead draw: the learner's [4|5] beats [1|2]: team 1 has the right to lead.
- Deal 1: the learner holds five doubles and may demand the redeal.
- Deal 2 (``SECOND``, found by playing it): the learner leads [5|9], its
  heaviest tile; [1|9] fits both ends and, on the 1, makes both ends 9; the
  learner passes once and goes out, winning the hand by playing every tile.
"""
from __future__ import annotations

from rules.actions import Action
from rules.chance import Deal, LeadDraw
from rules.tiles import Tile, double_set, tile

from ...lessons import LEARNER, Anchor, Card, Ctx, Lesson, same_tile

TILES = double_set(9)
LEAD_DRAW = LeadDraw((tile(4, 5), tile(1, 2)))
FIVE_DOUBLES = [tile(0, 0), tile(1, 1), tile(2, 2), tile(3, 3), tile(4, 4)]
LEAD = tile(5, 9)
BOTH_ENDS = tile(1, 9)
PARTNER = 3


def first_deal() -> Deal:
    """The learner's five doubles (CU-4); the others hold fewer, so they accept."""
    learner = FIVE_DOUBLES + [tile(0, 1), tile(0, 2), tile(0, 3), tile(1, 2), tile(1, 3)]
    rest = [t for t in TILES if t not in learner]
    singles = [t for t in rest if t[0] != t[1]]
    doubles = [t for t in rest if t[0] == t[1]]
    hands = [learner]
    for _ in range(3):  # two doubles each at most: nobody else may demand
        hand = doubles[:2]
        doubles = doubles[2:]
        need = 10 - len(hand)
        hand += singles[:need]
        singles = singles[need:]
        hands.append(hand)
    return Deal(tuple(tuple(h) for h in hands), tuple(doubles + singles))


#: Deal 2, found by playing it (a search over shuffles): with the lesson's moves the
#: learner leads [5|9], closes both ends on 9 with [1|9], passes once and goes out with
#: all ten tiles played.
SECOND = (
    ((5, 9), (1, 9), (5, 5), (1, 6), (2, 3), (0, 2), (3, 4), (3, 5), (3, 8), (0, 3)),
    ((8, 9), (5, 6), (0, 6), (1, 8), (1, 1), (1, 5), (1, 7), (3, 9), (5, 8), (7, 7)),
    ((7, 8), (7, 9), (2, 6), (6, 8), (0, 8), (0, 0), (2, 4), (8, 8), (0, 1), (1, 2)),
    ((6, 9), (2, 9), (4, 4), (0, 4), (4, 7), (0, 9), (4, 6), (0, 5), (9, 9), (6, 7)),
)
UNUSED = ((4, 8), (2, 2), (4, 5), (0, 7), (3, 6), (5, 7), (3, 3), (1, 3), (2, 5), (2, 7), (2, 8), (4, 9),
          (3, 7), (6, 6), (1, 4))


def second_deal() -> Deal:
    return Deal(tuple(tuple(tile(a, b) for a, b in hand) for hand in SECOND),
                tuple(tile(a, b) for a, b in UNUSED))


# ---------------------------------------------------------------- what the cards read


def plays(ctx: Ctx) -> list[Action]:
    return [a for a in ctx.view.legal if a.kind == "play"] if ctx.to_act else []


def button(bid: str):
    return lambda ctx: Anchor("button", bid)


def fmt(t: Tile) -> str:
    return f"[{t[0]}|{t[1]}]"


def lead_draw_params(ctx: Ctx) -> dict:
    drawn = ctx.events("lead_draw")
    first, second = (drawn[0].first, drawn[0].second) if drawn else LEAD_DRAW.tiles
    return {"mine": fmt(first), "theirs": fmt(second)}


def result_words(ctx: Ctx) -> tuple[str, dict]:
    """Who won the hand and how, read from its end (CU-7, CU-8): the card never assumes it."""
    end, out = ctx.result()
    params = {"count": end.points}
    if out is not None:
        key = ("learn.cu.out_you" if out == LEARNER else "learn.cu.out_partner" if out == PARTNER
               else "learn.cu.out_them")
        return key, params
    if end.winner_team is None:
        return "learn.cu.block_tie", params
    low = min(end.counts[1:])
    if end.winner_team == 1:
        return ("learn.cu.block" if end.counts[LEARNER] == low else "learn.cu.block_partner"), params
    return "learn.cu.block_them", params


def match_words(ctx: Ctx) -> tuple[str, dict]:
    """Where the match stands after the hand (CU-10): a Tripollúa only if it was one."""
    end = ctx.events("deal_end")[0]
    ours, theirs = end.totals[1], end.totals[2]
    if ours >= 100 and theirs == 0:
        return "learn.cu.hundred", {}
    return "learn.cu.hundred_not", {"ours": ours, "theirs": theirs}


def first_words(ctx: Ctx) -> tuple[str, dict]:
    return ("learn.cu.first" if LEAD in ctx.view.hand else "learn.cu.first_any"), {}


def both_ends_ready(ctx: Ctx) -> bool:
    """[1|9] in hand with a 1 at one end and a 9 at the other: laid on the 1, both ends show 9."""
    v = ctx.view
    return (ctx.to_act and BOTH_ENDS in v.hand and {v.left_end, v.right_end} == {1, 9}
            and sum(1 for a in plays(ctx) if same_tile(a, BOTH_ENDS)) == 2)


def suggest(ctx: Ctx) -> Action | None:
    legal = list(ctx.view.legal)
    if not legal:
        return None
    for a in legal:
        if a.kind == "redeal" or (a.kind == "lead" and a.seat == LEARNER):
            return a
    if ctx.view.left_end is None:
        return next((a for a in legal if same_tile(a, LEAD)), max(
            legal, key=lambda a: sum(a.tile) if a.tile is not None else -1))
    for a in legal:
        if same_tile(a, BOTH_ENDS) and a.end == closing_end(ctx):
            return a
    return legal[0]


def closing_end(ctx: Ctx) -> str:
    """The end showing 1: [1|9] laid there leaves 9 at both ends."""
    return "L" if ctx.view.left_end == 1 else "R"


def redealt(ctx: Ctx) -> bool:
    return any(e.seat == LEARNER for e in ctx.events("redeal"))


def mine(ctx: Ctx, kind: str) -> list:
    return [e for e in ctx.events(kind) if getattr(e, "seat", None) == LEARNER]


CARDS = (
    Card("learn.cu.welcome"),
    Card("learn.cu.lead_draw", anchor=lambda ctx: Anchor("panel"), params=lead_draw_params),
    Card("learn.cu.redeal", anchor=button("redeal"), act=True,
         when=lambda ctx: ctx.to_act and "redeal" in ctx.legal_kinds(),
         expect=lambda e, ctx: e.kind == "redeal", other="learn.cu.redeal_other"),
    Card("learn.cu.redealt", after=("learn.cu.redeal",), when=lambda ctx: redealt(ctx) and ctx.to_act,
         skip=lambda ctx: not redealt(ctx) or ctx.deal_ended()),
    Card("learn.cu.accept", anchor=button("accept"), act=True, after=("learn.cu.redealt",),
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"accept"},
         skip=lambda ctx: ctx.view.phase != "accept" or ctx.deal_ended()),
    Card("learn.cu.leader", anchor=button(f"lead:{LEARNER}"), act=True,
         when=lambda ctx: ctx.to_act and "lead" in ctx.legal_kinds(),
         expect=lambda e, ctx: e.chosen == LEARNER, other="learn.cu.leader_other",
         skip=lambda ctx: ctx.view.phase == "play" or ctx.deal_ended()),
    Card("learn.cu.first", anchor=lambda ctx: Anchor("hand", LEAD if LEAD in ctx.view.hand else None),
         act=True, words=first_words,
         when=lambda ctx: ctx.to_act and ctx.view.left_end is None and bool(plays(ctx)),
         expect=lambda e, ctx: LEAD not in ctx.view.hand or same_tile(e, LEAD),
         skip=lambda ctx: ctx.view.left_end is not None or ctx.deal_ended()),
    Card("learn.cu.both_ends", anchor=lambda ctx: Anchor("target", closing_end(ctx)), act=True,
         when=both_ends_ready,
         expect=lambda e, ctx: ctx.view.left_end == ctx.view.right_end == 9, other="learn.cu.both_ends_other",
         skip=lambda ctx: ctx.deal_ended() or BOTH_ENDS not in ctx.view.hand),
    Card("learn.cu.reading", after=("learn.cu.both_ends",),
         when=lambda ctx: ctx.to_act and ctx.view.left_end is not None and bool(plays(ctx))),
    Card("learn.cu.pass", anchor=button("pass"), act=True,
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"pass"},
         skip=lambda ctx: ctx.deal_ended() or bool(mine(ctx, "pass"))),
    Card("learn.cu.out_you", anchor=lambda ctx: Anchor("panel"), when=Ctx.result_due, words=result_words,
         skip=lambda ctx: ctx.reveal_seen()),
    Card("learn.cu.hundred_not", after=("learn.cu.out_you",), when=Ctx.result_due, words=match_words,
         skip=lambda ctx: ctx.reveal_seen()),
    Card("learn.cu.recap", skip=lambda ctx: False),
)


def lesson() -> Lesson:
    return Lesson("cuban", 4, 31, [LEAD_DRAW, first_deal(), second_deal()], CARDS, suggest,
                  ("human", "normal", "normal", "normal"))
