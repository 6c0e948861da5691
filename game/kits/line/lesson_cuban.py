"""The Cuban lesson: the learner (seat 1) and a computer partner (seat 3) against two computers.

It brings up, in order (issue 31): the lead draw (CU-2), five doubles and the
redeal (CU-4), the team with the right choosing its leader (CU-5), playing on
both ends (CU-6), a block and its count (CU-7, CU-8), and the points to 100
(CU-10).

- Lead draw: the learner's [4|5] beats [1|2]: team 1 has the right to lead.
- Deal 1: the learner holds five doubles and may demand the redeal.
- Deal 2: every computer has exactly one tile that fits when its turn comes, so
  the line goes [5|9], [5|3], [3|6], [6|1]; the learner's [1|9] fits both ends
  and, on the 1, makes both ends 9.  Every other 9 lies among the 15 unused
  tiles, so everyone passes: a block, which the learner's low count wins.
"""
from __future__ import annotations

from rules.actions import Action
from rules.chance import Deal, LeadDraw
from rules.tiles import Tile, double_set, tile

from ...lessons import LEARNER, Anchor, Card, Ctx, Lesson, NOWHERE, same_tile

TILES = double_set(9)
LEAD_DRAW = LeadDraw((tile(4, 5), tile(1, 2)))
FIVE_DOUBLES = [tile(0, 0), tile(1, 1), tile(2, 2), tile(3, 3), tile(4, 4)]
LEAD = tile(5, 9)
BOTH_ENDS = tile(1, 9)
#: Each computer's one tile that fits when its turn comes, and the numbers it may not hold else.
FORCED = {2: (tile(3, 5), {5, 9}), 3: (tile(3, 6), {3, 9}), 4: (tile(1, 6), {6, 9})}
LEARNER_LOW = [tile(0, 0), tile(0, 2), tile(0, 3), tile(0, 4), tile(2, 2), tile(0, 5), tile(2, 3), tile(0, 6)]


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


def second_deal() -> Deal:
    learner = [LEAD, BOTH_ENDS] + LEARNER_LOW
    taken = set(learner) | {t for t, _ in FORCED.values()}
    free = sorted((t for t in TILES if t not in taken), key=lambda t: (t[0] + t[1], t))
    hands: dict[int, list[Tile]] = {1: learner, **{s: [t] for s, (t, _) in FORCED.items()}}
    # in turns, the opponents take the lowest tiles they may hold and the partner the highest:
    # the learner's count is still the lowest, and the opponents' two make less than 100
    while any(len(hands[s]) < 10 for s in FORCED):
        for seat, (_, quiet) in FORCED.items():
            if len(hands[seat]) < 10:
                order = reversed(free) if seat == 3 else free
                pick = next(t for t in order if not quiet & set(t))
                hands[seat].append(pick)
                free.remove(pick)
    return Deal(tuple(tuple(hands[s]) for s in (1, 2, 3, 4)), tuple(free))


# ---------------------------------------------------------------- what the cards read


def plays(ctx: Ctx) -> list[Action]:
    return [a for a in ctx.view.legal if a.kind == "play"] if ctx.to_act else []


def button(bid: str):
    return lambda ctx: Anchor("button", bid)


def hand_end(ctx: Ctx):
    ends = ctx.events("deal_end")
    return ends[-1] if ends else None


def block_params(ctx: Ctx) -> dict:
    end = hand_end(ctx)
    return {"count": end.points if end is not None else 0}


def suggest(ctx: Ctx) -> Action | None:
    legal = list(ctx.view.legal)
    if not legal:
        return None
    for a in legal:
        if a.kind == "redeal" or (a.kind == "lead" and a.seat == LEARNER):
            return a
    if ctx.view.left_end is None:
        return next((a for a in legal if same_tile(a, LEAD)), legal[0])
    for a in legal:
        if same_tile(a, BOTH_ENDS) and a.end == closing_end(ctx):
            return a
    return legal[0]


def closing_end(ctx: Ctx) -> str:
    """The end showing 1: [1|9] laid there leaves 9 at both ends."""
    return "L" if ctx.view.left_end == 1 else "R"


def scored(ctx: Ctx) -> bool:
    return ctx.reveal_seen()


CARDS = (
    Card("learn.cu.welcome"),
    Card("learn.cu.lead_draw", anchor=lambda ctx: Anchor("panel"),
         params=lambda ctx: {"mine": "[4|5]", "theirs": "[1|2]"}),
    Card("learn.cu.redeal", anchor=button("redeal"), act=True,
         when=lambda ctx: ctx.to_act and "redeal" in ctx.legal_kinds(),
         expect=lambda e, ctx: e.kind == "redeal", other="learn.cu.redeal_other"),
    Card("learn.cu.redealt", when=lambda ctx: bool(ctx.events("redeal")) and ctx.to_act,
         skip=lambda ctx: not ctx.events("redeal") and ctx.view.phase != "accept" or ctx.deal_ended()),
    Card("learn.cu.accept", anchor=button("accept"), act=True,
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"accept"}),
    Card("learn.cu.leader", anchor=button(f"lead:{LEARNER}"), act=True,
         when=lambda ctx: ctx.to_act and "lead" in ctx.legal_kinds(),
         expect=lambda e, ctx: e.chosen == LEARNER, other="learn.cu.leader_other",
         skip=lambda ctx: ctx.view.phase == "play" or ctx.deal_ended()),
    Card("learn.cu.first", anchor=lambda ctx: Anchor("hand", LEAD), act=True,
         when=lambda ctx: ctx.to_act and ctx.view.left_end is None and bool(plays(ctx)),
         expect=lambda e, ctx: same_tile(e, LEAD),
         skip=lambda ctx: ctx.view.left_end is not None or ctx.deal_ended()),
    Card("learn.cu.both_ends", anchor=lambda ctx: Anchor("target", closing_end(ctx)), act=True,
         when=lambda ctx: ctx.to_act and ctx.view.left_end is not None and bool(plays(ctx)),
         expect=lambda e, ctx: ctx.view.left_end == ctx.view.right_end == 9, other="learn.cu.both_ends_other"),
    Card("learn.cu.pass", anchor=button("pass"), act=True,
         when=lambda ctx: ctx.to_act and ctx.legal_kinds() == {"pass"}),
    Card("learn.cu.block", anchor=lambda ctx: Anchor("panel"), when=scored, skip=lambda ctx: False,
         params=block_params),
    Card("learn.cu.hundred", anchor=lambda ctx: NOWHERE, skip=lambda ctx: False),
)


def lesson() -> Lesson:
    return Lesson("cuban", 4, 31, [LEAD_DRAW, first_deal(), second_deal()], CARDS, suggest,
                  ("human", "normal", "normal", "normal"))
