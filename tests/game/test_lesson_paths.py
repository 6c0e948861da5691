"""Issue 38: every allowed path through a lesson reaches its end, and every card shown is
true of the position it is shown in.

Each lesson is walked without a window (``game.lessons.walk``): along its own moves; then,
at each of the learner's decisions on that path, with every other legal choice there (a
seeded sample where there are many) and the lesson's moves after it; along random
choices; and undoing at every card that offers Undo.  Every card shown is checked by
``CLAIMS``, which read the position in their own way (the hands, the line, the trains,
the revealed hands at the deal's end), not through the lesson's conditions.  Cost: about
2 s for the three lessons.
"""
from __future__ import annotations

import random

import pytest

from game.lessons import GAMES, LEARNER, lesson_for
from game.lessons.walk import Walk, along_lesson, at_random, chooser, deviating, walk

PARTNER = 3


def pips(hand) -> int:
    return sum(a + b for a, b in hand)


def same(t, u) -> bool:
    return t is not None and tuple(sorted(t)) == tuple(sorted(u))


class Seen:
    """The position a card is shown in, read straight from the session."""

    def __init__(self, play, params: dict) -> None:
        self.play = play
        self.params = params
        self.view = play.session.view(LEARNER)
        self.legal = tuple(play.legal()) if play.session.to_act() == LEARNER else ()
        self.kinds = {a.kind for a in self.legal}
        self.history = list(self.view.history)

    def mine(self, kind: str) -> list:
        return [e for e in self.history if e.kind == kind and getattr(e, "seat", None) == LEARNER]

    def end(self):
        """The lesson's deal (hand) end: its revealed hands are what the result is read from."""
        return next(e for e in self.history if e.kind == "deal_end")

    def playable(self, t) -> bool:
        return any(a.kind == "play" and same(a.tile, t) for a in self.legal)

    def train(self, key):
        return next(tr for tr in self.view.trains if tr.key == key)

    def last_double(self):
        return [e for e in self.mine("play") if e.tile[0] == e.tile[1] and not same(e.tile, (12, 12))][-1]


def tile_of(text: str) -> tuple[int, int]:
    """A card's "[a|b]" parameter as a tile."""
    a, b = text.strip("[]").split("|")
    return int(a), int(b)


def their_open_double(s: Seen):
    """The oldest open double (MT-14) as (train key, tile), when the computer placed it."""
    if not s.view.obligations:
        return None
    key = s.view.obligations[0]
    d = s.train(key).tiles[-1]
    placed = [e for e in s.history if e.kind == "play" and e.train == key and same(e.tile, d)]
    return (key, d) if d[0] == d[1] and placed and placed[-1].seat == 2 else None


def covered_theirs(s: Seen) -> bool:
    """The learner's last play went on a double the computer had placed."""
    last = s.mine("play")[-1]
    tiles = list(s.train(last.train).tiles)
    at = next(i for i, t in enumerate(tiles) if same(t, last.tile))
    d = tiles[at - 1] if at > 0 else None
    return d is not None and d[0] == d[1] and any(
        e.kind == "play" and e.seat == 2 and same(e.tile, d) for e in s.history)


def out(s: Seen) -> int | None:
    """The seat that went out at the lesson's deal end (its revealed hand is empty)."""
    hands = s.end().hands
    return next((seat for seat in range(1, len(hands)) if not hands[seat]), None)


def blocked_low(s: Seen) -> tuple[int, list[int]]:
    """At a block: the lowest count and the seats holding it."""
    hands = s.end().hands
    counts = {seat: pips(hands[seat]) for seat in range(1, len(hands))}
    low = min(counts.values())
    return low, [seat for seat, c in counts.items() if c == low]


def opponents_pips(s: Seen) -> int:
    hands = s.end().hands
    return pips(hands[2]) + pips(hands[4])


def ours_pips(s: Seen) -> int:
    hands = s.end().hands
    return pips(hands[1]) + pips(hands[3])


#: What each card claims, as a check of the position it is shown in.
CLAIMS = {
    # Mexican Train
    "learn.mt.engine": lambda s: s.play.setup is not None and same(s.play.setup.tile, (12, 12)),
    "learn.mt.chain": lambda s: s.view.first_round and s.playable((11, 12)),
    "learn.mt.own_train": lambda s: s.view.first_round and bool(s.train(LEARNER).tiles),
    "learn.mt.chain_auto": lambda s: s.view.first_round and len(s.mine("play")) >= 3 and "play" in s.kinds,
    "learn.mt.end_chain": lambda s: s.kinds == {"end_chain"},
    "learn.mt.draw": lambda s: "draw" in s.kinds and "play" not in s.kinds,
    "learn.mt.pass": lambda s: s.kinds == {"pass"} and s.view.drawn,
    "learn.mt.marker_up": lambda s: s.train(LEARNER).marked and bool(s.mine("pass")),
    "learn.mt.mexican": lambda s: next(e for e in s.history if e.kind == "play" and e.train == "mexican").seat != LEARNER,
    "learn.mt.draw_again": lambda s: "draw" in s.kinds and "play" not in s.kinds and bool(s.mine("draw")),
    "learn.mt.must_play": lambda s: s.view.drawn and any(a.kind == "play" and a.train == LEARNER for a in s.legal),
    "learn.mt.marker_down": lambda s: not s.train(LEARNER).marked and bool(s.mine("pass"))
    and s.mine("play")[-1].train == LEARNER,
    "learn.mt.double": lambda s: s.params["tile"][1] == s.params["tile"][3]
    and s.playable((int(s.params["tile"][1]), int(s.params["tile"][3]))),
    "learn.mt.extra": lambda s: s.view.extra,
    "learn.mt.obligation": lambda s: s.train(s.last_double().train).tiles[-1] != s.last_double().tile,
    "learn.mt.obligation_open": lambda s: s.train(s.last_double().train).tiles[-1] == s.last_double().tile,
    "learn.mt.on_mexican": lambda s: any(
        a.kind == "play" and a.train == "mexican" and same(a.tile, (int(s.params["tile"][1]), int(s.params["tile"][3])))
        for a in s.legal),
    "learn.mt.marker_stays": lambda s: s.train(LEARNER).marked and s.mine("play")[-1].train == "mexican",
    "learn.mt.on_marked": lambda s: any(
        a.kind == "play" and a.train == 2 and same(a.tile, (int(s.params["tile"][1]), int(s.params["tile"][3])))
        for a in s.legal) and s.train(2).marked and not s.view.obligations,  # no double binds the play
    "learn.mt.must_play_other": lambda s: s.train(LEARNER).marked,
    # MT-14: the computer's open double, the learner to cover it with the card's tile (its
    # only plays are onto it), and the other cover taken instead
    "learn.mt.cover_plain": lambda s: their_open_double(s) is not None
    and s.params["double"] == "[%d|%d]" % tuple(their_open_double(s)[1])
    and any(a.kind == "play" and a.train == their_open_double(s)[0] and same(a.tile, tile_of(s.params["tile"]))
            for a in s.legal)
    and all(a.train == their_open_double(s)[0] for a in s.legal if a.kind == "play"),
    "learn.mt.cover": lambda s: CLAIMS["learn.mt.cover_plain"](s)
    and {tile_of(s.params["keep"]), tile_of(s.params["own"])} <= set(s.view.hand)
    and tile_of(s.params["own"])[0] == tile_of(s.params["own"])[1]
    and tile_of(s.params["own"])[0] in tile_of(s.params["keep"]) and s.params["keep"] != s.params["tile"],
    "learn.mt.cover_other": lambda s: covered_theirs(s) and tile_of(s.params["tile"]) in s.view.hand
    and not same(s.mine("play")[-1].tile, tile_of(s.params["tile"])),
    "learn.mt.double_other": lambda s: any(a == b for a, b in s.view.hand),
    "learn.mt.go_out": lambda s: len(s.view.hand) == 1 and s.playable(s.view.hand[0]),
    "learn.mt.penalty": lambda s: out(s) == LEARNER and s.params["count"] == pips(s.end().hands[2]),
    "learn.mt.penalty_you": lambda s: out(s) == 2 and s.params["count"] == pips(s.end().hands[1]),
    "learn.mt.penalty_block": lambda s: out(s) is None and s.params["count"] == pips(s.end().hands[1])
    and s.params["theirs"] == pips(s.end().hands[2]),
    "learn.mt.deals": lambda s: s.view.deal_no == 2 and s.play.phase != "deal_end",
    # Cuban
    "learn.cu.lead_draw": lambda s: (s.params["mine"], s.params["theirs"]) == tuple(
        f"[{t[0]}|{t[1]}]" for t in next((e.first, e.second) for e in s.history if e.kind == "lead_draw")),
    "learn.cu.redeal": lambda s: "redeal" in s.kinds and sum(a == b for a, b in s.view.hand) >= 5,
    "learn.cu.redealt": lambda s: bool(s.mine("redeal")),
    "learn.cu.accept": lambda s: s.kinds == {"accept"} and sum(a == b for a, b in s.view.hand) < 5,
    "learn.cu.leader": lambda s: any(a.kind == "lead" and a.seat == LEARNER for a in s.legal),
    "learn.cu.first": lambda s: not s.view.line and (5, 9) in s.view.hand
    and max(a + b for a, b in s.view.hand) == 14 and sum(a + b == 14 for a, b in s.view.hand) == 1,  # the heaviest
    "learn.cu.first_any": lambda s: not s.view.line and "play" in s.kinds,
    "learn.cu.both_ends": lambda s: (1, 9) in s.view.hand and {s.view.left_end, s.view.right_end} == {1, 9},
    "learn.cu.both_ends_other": lambda s: not s.view.left_end == s.view.right_end == 9,
    "learn.cu.pass": lambda s: s.kinds == {"pass"},
    "learn.cu.out_you": lambda s: out(s) == LEARNER and s.params["count"] == opponents_pips(s),
    "learn.cu.out_partner": lambda s: out(s) == PARTNER and s.params["count"] == opponents_pips(s),
    "learn.cu.out_them": lambda s: out(s) in (2, 4) and s.params["count"] == ours_pips(s),
    "learn.cu.block": lambda s: out(s) is None and blocked_low(s)[1] == [LEARNER]
    and s.params["count"] == opponents_pips(s),
    "learn.cu.block_partner": lambda s: out(s) is None and blocked_low(s)[1] == [PARTNER]
    and s.params["count"] == opponents_pips(s),
    "learn.cu.block_them": lambda s: out(s) is None and set(blocked_low(s)[1]) <= {2, 4}
    and s.params["count"] == ours_pips(s),
    "learn.cu.block_tie": lambda s: out(s) is None and {x % 2 for x in blocked_low(s)[1]} == {0, 1},
    "learn.cu.hundred": lambda s: s.end().totals[1] >= 100 and s.end().totals[2] == 0,
    "learn.cu.hundred_not": lambda s: (s.params["ours"], s.params["theirs"]) == tuple(s.end().totals[1:3])
    and (s.end().totals[1] < 100 or s.end().totals[2] > 0),
    # Jamaican
    "learn.ja.pose": lambda s: not s.view.line and (6, 6) in s.view.hand and s.playable((6, 6)),
    "learn.ja.ends": lambda s: bool(s.view.line) and "play" in s.kinds,
    "learn.ja.pass": lambda s: s.kinds == {"pass"},
    "learn.ja.hard": lambda s: {s.params["left"], s.params["right"]} == {s.view.left_end, s.view.right_end}
    and all(sum((a == n) + (b == n) for a, b in s.view.line) == 7 for n in (s.view.left_end, s.view.right_end)),
    "learn.ja.key": lambda s: len(s.view.hand) == 1 and set(s.view.hand[0]) == {s.view.left_end, s.view.right_end},
    "learn.ja.won": lambda s: out(s) == LEARNER and s.params["count"] in (1, 2),
    "learn.ja.won_partner": lambda s: out(s) == PARTNER and s.params["count"] in (1, 2),
    "learn.ja.lost": lambda s: out(s) in (2, 4) and s.params["count"] in (1, 2),
    "learn.ja.block_won": lambda s: out(s) is None and set(blocked_low(s)[1]) <= {1, 3},
    "learn.ja.block_lost": lambda s: out(s) is None and set(blocked_low(s)[1]) <= {2, 4},
    "learn.ja.block_tie": lambda s: out(s) is None and {x % 2 for x in blocked_low(s)[1]} == {0, 1},
    "learn.ja.poser": lambda s: any(a.kind == "lead" and a.seat == LEARNER for a in s.legal),
}
#: Cards that claim nothing of the position: welcomes, rules in general, the explanations of
#: another move, the recaps.
GENERAL = {"learn.mt.welcome", "learn.common.other_move", "learn.cu.reading", "learn.cu.welcome", "learn.ja.welcome", "learn.ja.six_love",
           "learn.mt.recap", "learn.cu.recap", "learn.ja.recap"}
#: The result card each lesson must show on every path (one of these keys).
RESULTS = {
    "mexican_train": {"learn.mt.penalty", "learn.mt.penalty_you", "learn.mt.penalty_block"},
    "cuban": {"learn.cu.out_you", "learn.cu.out_partner", "learn.cu.out_them", "learn.cu.block",
              "learn.cu.block_partner", "learn.cu.block_them", "learn.cu.block_tie"},
    "jamaican": {"learn.ja.won", "learn.ja.won_partner", "learn.ja.lost", "learn.ja.block_won",
                 "learn.ja.block_lost", "learn.ja.block_tie"},
}


def checked(game: str, choose, undo=None) -> Walk:
    """``game``'s lesson walked with ``choose``; every card is checked as it comes."""
    lesson = lesson_for(game)
    wrong: list[str] = []

    def on_card(guide, play) -> None:
        key, params = guide.log[-1]
        if key in GENERAL or (guide.explaining is not None and key not in CLAIMS):
            return  # another move explained by the rule alone
            return
        claim = CLAIMS.get(key)
        if claim is None:
            wrong.append(f"{key}: no claim written for it")
        elif not claim(Seen(play, params)):
            wrong.append(f"{key} {params} is false here")

    result = walk(lesson, choose, on_card=on_card, undo=undo)
    keys = [k for k, _ in result.cards]
    assert result.finished, f"{game}: the lesson stalled after {keys}"
    assert wrong == [], f"{game}: {wrong} (cards {keys})"
    assert keys[-1] == lesson.cards[-1].key  # the recap, last
    assert len(RESULTS[game] & set(keys)) == 1, f"{game}: no result card in {keys}"
    return result


def decision_points(game: str) -> list[int]:
    """How many legal choices the learner had at each decision along the lesson's moves."""
    counts: list[int] = []

    def choose(play, guide, legal):
        counts.append(len(legal))
        return along_lesson(play, guide, legal)
    checked(game, choose)
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_path_shows_every_card_in_order(game):
    """Along the lesson's own moves no card goes missing: each comes once, in order."""
    result = checked(game, chooser("lesson"))
    lesson = lesson_for(game)
    keys = [k for k, _ in result.cards]
    assert keys == [c.key for c in lesson.cards]


@pytest.mark.parametrize("game", GAMES)
def test_every_other_choice_at_every_decision_reaches_the_end(game):
    """At each decision of the lesson's path, every other legal choice there (six at most,
    seeded), then the lesson's moves: the lesson still ends, every card true."""
    rng = random.Random(38)
    for at, n in enumerate(decision_points(game)):
        picks = range(n) if n <= 6 else rng.sample(range(n), 6)
        for pick in picks:
            keys = [k for k, _ in checked(game, deviating(at, pick)).cards]
            # only the one other choice is explained: the lesson's own moves after it are
            # the ones its cards ask for
            assert sum(k.endswith("_other") or k == "learn.common.other_move" for k in keys) <= 1, keys


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_random_choices_reach_the_end_with_true_cards(game, seed):
    checked(game, at_random(seed))


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_and_the_first_choices_reach_the_end(game):
    checked(game, chooser("hints"))
    checked(game, chooser("first"))


def undo_once():
    """Undo at the first card that offers it, never again."""
    done: list[bool] = []

    def undo(guide) -> bool:
        if done:
            return False
        done.append(True)
        return True
    return undo


@pytest.mark.parametrize("game", GAMES)
def test_undo_at_another_move_asks_again(game):
    """The first move other than the one a card asks for, then Undo on its explanation: the
    card that asked comes again, and the lesson's own move after it gives the lesson's path."""
    path = [k for k, _ in checked(game, chooser("lesson")).cards]
    for at, n in enumerate(decision_points(game)):
        for pick in range(n):
            result = checked(game, deviating(at, pick), undo=undo_once())
            if not result.undone:
                continue
            keys = [k for k, _ in result.cards]
            i = next(i for i, k in enumerate(keys) if k.endswith("_other") or k == "learn.common.other_move")
            assert keys[i + 1] == keys[i - 1]  # asked again
            assert keys[:i] + keys[i + 2:] == path
            return
    pytest.fail("no card offered Undo")


def test_walk_from_the_command_line_writes_every_card(tmp_path):
    """``python -m game --learn GAME --walk MODE --lesson-log FILE`` (in process): the keys of
    the cards shown, one a line, ending at the recap, and exit 0."""
    import game.__main__ as cli
    log = tmp_path / "cards.txt"
    assert cli.main(["--learn", "jamaican", "--walk", "random:3", "--lesson-log", str(log)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines == [k for k, _ in checked("jamaican", at_random(3)).cards]
    assert lines[-1] == "learn.ja.recap"


def test_a_lesson_that_stalls_is_reported():
    """A card whose moment never comes and is never dropped: the walk ends unfinished."""
    from dataclasses import replace
    from game.lessons import Card
    lesson = lesson_for("cuban")
    stuck = replace(lesson, cards=(Card("learn.cu.welcome", when=lambda ctx: False, skip=lambda ctx: False),
                                   *lesson.cards[1:]))
    assert not walk(stuck, chooser("lesson"), limit=300).finished


def test_the_first_turn_is_three_tiles_then_played_for_the_learner():
    """Issue 38: the Mexican Train first turn teaches the chain with three tiles; after the
    card that says so, the rest of the chain is played for the learner, who then ends it."""
    result = checked("mexican_train", chooser("lesson"))
    keys = [k for k, _ in result.cards]
    at = keys.index("learn.mt.chain_auto")
    made = result.decisions
    assert [a.kind for a in made[:5]] == ["place_engine", "play", "play", "play", "end_chain"]
    assert keys[at + 1] == "learn.mt.end_chain"


@pytest.mark.rule("MT-14")
def test_the_computers_open_double_is_covered_by_doing():
    """Issue 38: the computer must leave [9|9] open on its train (nothing of its own covers
    it); the card asks the learner, whose only plays are onto it, to cover it with [7|9].
    Covering with [8|9] instead is allowed, explained (the card's tile stays in hand) with
    Undo, and the lesson still ends with true cards."""
    seen: list = []

    def on_card(guide, play) -> None:
        if guide.log[-1][0] == "learn.mt.cover":
            v = play.session.view(LEARNER)
            seen.append((v.obligations, v.trains[2].tiles[-1], v.trains[2].marked,
                         sorted((a.tile, a.train) for a in play.legal() if a.kind == "play")))
    path = walk(lesson_for("mexican_train"), chooser("lesson"), on_card=on_card)
    assert seen == [((2,), (9, 9), True, [((7, 9), 2), ((8, 9), 2)])]
    made = [d for d in path.decisions if d.kind == "play" and d.train == 2]
    assert [d.tile for d in made] == [(4, 9), (7, 9)]

    def other_cover(play, guide, legal):
        if guide.card is not None and guide.card.key == "learn.mt.cover":
            return next(a for a in legal if a.tile == (8, 9))
        return along_lesson(play, guide, legal)
    keys = [k for k, _ in checked("mexican_train", other_cover).cards]
    assert keys[keys.index("learn.mt.cover") + 1] == "learn.mt.cover_other"
    undone = [k for k, _ in checked("mexican_train", other_cover, undo=undo_once()).cards]
    at = undone.index("learn.mt.cover_other")
    assert undone[at + 1] == "learn.mt.cover"


def test_the_marked_train_card_waits_while_an_open_double_binds():
    """Random walk 193 reaches the computer's marked train with the computer's double open on
    it: the card on playing on a marked train ("anyone may play on it") does not show while
    the double binds (MT-14: only a cover is allowed), and the walk ends with true cards."""
    checked("mexican_train", at_random(193))


@pytest.mark.rule("MT-14")
@pytest.mark.parametrize("seed, key", [(13, "learn.mt.cover"), (31, "learn.mt.cover_plain"),
                                       (33, "learn.mt.cover_other")])
def test_random_walks_meet_the_computers_open_double(seed, key):
    """Random walks that reach the computer's open double with [7|9] in hand: the card comes
    (with the why of [7|9] only while [8|9] and [8|8] are both in hand: 31 has not), true."""
    assert key in [k for k, _ in checked("mexican_train", at_random(seed)).cards]
