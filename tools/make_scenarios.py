"""Write the hand-built replay scenarios in tests/scenarios/ (issue 7).

Each scenario is a transcript of deals and actions only: no legal lists, no
deal ends, no totals.  ``python -m rules replay`` fills those in, and
tests/rules/test_replay.py checks that the filled-in result is what the rule named
in the file name requires.

The deals are rigged: the tiles a scenario is about are placed by hand and the
rest of each hand is topped up with tiles that avoid the numbers the scenario
needs to keep quiet.  Every action is applied through the engine while the
file is written, so a scenario that stops being legal fails here, loudly.

Run once after changing a scenario:  .venv/bin/python tools/make_scenarios.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.actions import Action, canonical  # noqa: E402
from rules.chance import Deal, LeadDraw  # noqa: E402
from rules.session import Config, Session  # noqa: E402
from rules.tiles import Tile, tile  # noqa: E402

OUT = ROOT / "tests" / "scenarios"


def tiles(text: str) -> list[Tile]:
    """``"12-4 4-4"`` -> [[4|12], [4|4]]."""
    return [tile(*map(int, word.split("-"))) for word in text.split()]


class Scenario:
    """A session with external chance plus the transcript lines written so far."""

    def __init__(self, game: str, players: int, seed: int = 0) -> None:
        self.session = Session(Config(game, players, seed), chance="external")
        self.lines: list[dict] = [{"transcript": 1, "game": game, "players": players, "seed": seed},
                                  {"match": 1}]

    @property
    def players(self) -> int:
        return self.session.config.players

    def deal(self, hands: dict[int, str], stock: str = "", hand_size: int | None = None,
             quiet: Iterable[int] = (), stock_last: str = "") -> Deal:
        """Rig the next deal: named tiles where given, fillers avoiding ``quiet`` numbers."""
        full = list(self.session.state.full_set)
        named = {s: tiles(h) for s, h in hands.items()}
        first, last = tiles(stock), tiles(stock_last)
        used = [t for h in named.values() for t in h] + first + last
        assert len(used) == len(set(used)), "a tile is named twice"
        quiet = set(quiet)
        free = [t for t in full if t not in used]
        calm = [t for t in free if t[0] not in quiet and t[1] not in quiet]
        pool = calm + [t for t in free if t not in calm]
        state = self.session.state
        size = hand_size or (state.hand_sizes()[0] if hasattr(state, "hand_sizes") else state.hand_size)
        dealt = []
        for seat in range(1, self.players + 1):
            hand = list(named.get(seat, []))
            while len(hand) < size:
                hand.append(pool.pop(0))
            dealt.append(tuple(hand))
        deal = Deal(tuple(dealt), tuple(first + pool + last))
        self.supply(deal)
        return deal

    def supply(self, outcome: Deal | LeadDraw) -> None:
        records_before = len(self.session.state.records)
        self.session.supply(outcome)
        for record in self.session.state.records[records_before:]:
            if "deal" in record or "lead_draw" in record:
                self.lines.append(record)

    def act(self, seat: int, kind: str, tile_text: str | None = None, *,
            train: int | str | None = None, end: str | None = None, lead: int | None = None) -> None:
        """Apply one decision, checking it is ``seat``'s turn."""
        assert self.session.to_act() == seat, f"seat {self.session.to_act()} is to act, not {seat}"
        t = tiles(tile_text)[0] if tile_text else None
        self._apply(Action(kind, t, train, end, lead))

    def _apply(self, action: Action) -> None:
        seat = self.session.to_act()
        self.session.apply(action)
        self.lines.append({"seat": seat, "action": action.to_json()})

    def auto(self, choose: Callable[[list[Action]], Action], until: Callable[[Session], bool]) -> None:
        """Let ``choose`` pick decisions until ``until(session)`` holds."""
        while not until(self.session):
            self._apply(choose(self.session.legal_actions()))

    def write(self, name: str) -> Path:
        path = OUT / name
        path.write_text("".join(json.dumps(line) + "\n" for line in self.lines), encoding="utf-8")
        return path


def quickest(legal: list[Action]) -> Action:
    """End a turn as soon as the rules allow: stop a chain, pass, else the first play."""
    by_text = sorted(legal, key=lambda a: canonical(a.to_json()))
    for kind in ("end_chain", "pass", "accept"):
        for a in by_text:
            if a.kind == kind:
                return a
    return by_text[0]


def deal_over(session: Session) -> bool:
    return session.pending_chance() is not None or session.match_over()


# ---------------------------------------------------------------- Mexican Train


def mt5_incomplete_group() -> Path:
    """MT-5 at 10 players: deal 2's start search begins at seat 2 and ends in the incomplete group.

    Deal 1: seat 1 holds the engine and chains out its whole hand in the first
    round (MT-8, MT-9), so deal 1 ends after everyone's first turn.  Deal 2:
    nobody holds [11|11]; the 11 boneyard tiles go out in one complete group of
    10 (seats 2..10, then 1) and an incomplete group of one tile, to seat 2,
    which is the [11|11].  So seat 2 places the engine and leads, the
    boneyard is empty, seat 2 holds 9 tiles after placing it and every other
    seat 9.
    """
    sc = Scenario("mexican_train", 10)
    sc.deal({1: "12-12 12-0 0-1 1-2 2-3 3-4 4-5 5-6"}, quiet=[12])
    for t in "12-0 0-1 1-2 2-3 3-4 4-5 5-6".split():
        sc.act(1, "play", t, train=1)
    sc.auto(quickest, deal_over)
    sc.deal({}, stock_last="11-11", quiet=[11])
    sc.auto(quickest, lambda s: s.state.first_round is False)
    return sc.write("mt5_incomplete_search_group_10p.jsonl")


def mt9_out_in_first_round() -> Path:
    """MT-9: a double left open in the first round, and a player who goes out in it.

    Seat 1 (engine holder) leaves [5|5] open on its train.  Seat 2 chains all
    15 tiles and empties its hand, but the deal goes on: seat 3 still has its
    first turn, may not touch the [5|5] (it holds [5|7]) and plays on its own
    train.  Only then does the deal end, with seat 2 out.
    """
    sc = Scenario("mexican_train", 3)
    trail = "12-0 0-1 1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11 11-0 0-2 2-4"
    sc.deal({1: "12-12 12-5 5-5", 2: trail, 3: "12-3 5-7"}, quiet=[12, 5])
    sc.act(1, "play", "12-5", train=1)
    sc.act(1, "play", "5-5", train=1)
    sc.act(1, "end_chain")
    for t in trail.split():
        sc.act(2, "play", t, train=2)
    sc.act(3, "play", "12-3", train=3)
    sc.act(3, "end_chain")
    assert deal_over(sc.session)
    return sc.write("mt9_out_in_first_round.jsonl")


def mt9_first_round_doubles() -> Path:
    """MT-9: first-round doubles become obligations in the real order they were placed.

    Seat 2 holds the engine, so the first round runs 2, 3, 1.  Each leaves a
    double open: [3|3] on train 2, [7|7] on train 3, [9|9] on train 1.  After
    the first round the oldest is seat 2's [3|3] even though seat 1 has the
    lowest number; seat 3 holds a 9 but must answer the [7|7] first.
    """
    sc = Scenario("mexican_train", 3)
    sc.deal({1: "12-9 9-9 9-11", 2: "12-12 12-3 3-3 3-8", 3: "12-7 7-7 7-10 9-10"},
            quiet=[12, 3, 7, 9])
    sc.act(2, "play", "12-3", train=2)
    sc.act(2, "play", "3-3", train=2)
    sc.act(2, "end_chain")
    sc.act(3, "play", "12-7", train=3)
    sc.act(3, "play", "7-7", train=3)
    sc.act(3, "end_chain")
    sc.act(1, "play", "12-9", train=1)
    sc.act(1, "play", "9-9", train=1)
    sc.act(1, "end_chain")
    sc.act(2, "play", "3-8", train=2)
    sc.act(3, "play", "7-10", train=3)
    sc.act(1, "play", "9-11", train=1)
    return sc.write("mt9_first_round_doubles_in_order.jsonl")


def mt14_two_doubles_owed() -> Path:
    """MT-13/MT-14: one turn leaves two doubles open; they are owed oldest first.

    Seat 1 plays [4|4] on its own train and, as the extra tile, [6|6] on the
    Mexican train; it has nothing for the second extra tile, draws [0|1], which
    does not fit, and passes (its train is marked).  Now [4|4] and [6|6] are
    owed.  Seat 2 holds a 6 but no 4: it may only try the [4|4], so it draws
    [0|2] and passes.  Seat 3 answers the [4|4] with [4|9]; then seat 1, which
    holds no 6, draws [6|10] and must play it on the [6|6].
    """
    sc = Scenario("mexican_train", 3)
    sc.deal({1: "12-12 12-4 12-6 4-4 6-6", 2: "12-1 1-2 6-11", 3: "12-2 2-3 4-9"},
            stock="0-1 0-2 6-10", quiet=[12, 4, 6, 1, 2, 3])
    sc.act(1, "play", "12-4", train=1)
    sc.act(1, "end_chain")
    sc.act(2, "play", "12-1", train=2)
    sc.act(2, "end_chain")
    sc.act(3, "play", "12-2", train=3)
    sc.act(3, "end_chain")
    sc.act(1, "play", "12-6", train="mexican")
    sc.act(2, "play", "1-2", train=2)
    sc.act(3, "play", "2-3", train=3)
    sc.act(1, "play", "4-4", train=1)
    sc.act(1, "play", "6-6", train="mexican")
    sc.act(1, "draw")
    sc.act(1, "pass")
    sc.act(2, "draw")
    sc.act(2, "pass")
    sc.act(3, "play", "4-9", train=1)
    sc.act(1, "draw")
    sc.act(1, "play", "6-10", train="mexican")
    return sc.write("mt14_two_doubles_owed.jsonl")


# ------------------------------------------------------------------- Cuban


def cu4_declined_redeal() -> Path:
    """CU-4: seat 2 holds five doubles and may demand a redeal, but accepts; the hand is played.

    The lead draw ties first ([1|2] against [0|3], both 3) and is drawn again
    (CU-2): [4|5] beats [0|1], so team 1 has the right and seat 1 chooses the
    leader (CU-5).
    """
    sc = Scenario("cuban", 4)
    sc.supply(LeadDraw((tile(1, 2), tile(0, 3))))
    sc.supply(LeadDraw((tile(4, 5), tile(0, 1))))
    sc.deal({2: "0-0 1-1 2-2 3-3 4-4"})
    sc.act(1, "accept")
    sc.act(2, "accept")  # the redeal was on offer and is declined
    sc.act(3, "accept")
    sc.act(4, "accept")
    sc.act(1, "lead", lead=3)
    sc.auto(quickest, deal_over)
    return sc.write("cu4_declined_redeal.jsonl")


def cu4_redeal_demanded() -> Path:
    """CU-4: seat 3 shows six doubles and demands a redeal; team 2 keeps the right to lead."""
    sc = Scenario("cuban", 4)
    sc.supply(LeadDraw((tile(0, 2), tile(4, 4))))
    sc.deal({3: "0-0 1-1 2-2 3-3 4-4 5-5", 2: "6-6"})
    sc.act(1, "accept")
    sc.act(2, "accept")
    sc.act(3, "redeal")
    sc.deal({1: "9-9 8-8"})
    for seat in (1, 2, 3, 4):
        sc.act(seat, "accept")
    sc.act(2, "lead", lead=4)
    return sc.write("cu4_redeal_demanded.jsonl")


# ---------------------------------------------------------------- Jamaican


def ja6_key_win(tries: int = 5000) -> Path:
    """JA-6: the first hand of a session won by going out with the key tile, worth 2.

    Found by search rather than by hand: seeded shuffles and seeded random
    play until the first hand ends with a 2-point win; the deal and the
    actions of the first such hand are written.  The test checks the two hard
    ends itself.
    """
    from rules.rng import stream

    for n in range(tries):
        sc = Scenario("jamaican", 4)
        full = list(sc.session.state.full_set)
        stream(n, "ja6-scenario", "deal").shuffle(full)
        sc.supply(Deal(tuple(tuple(full[i * 7:(i + 1) * 7]) for i in range(4)), ()))
        rng = stream(n, "ja6-scenario", "play")
        sc.auto(lambda legal, rng=rng: legal[rng.randrange(len(legal))], deal_over)
        end = next(r for r in sc.session.state.records if "deal_end" in r)
        if end["deal_end"]["points"] == 2:
            return sc.write("ja6_key_tile_two_points.jsonl")
    raise SystemExit("no key-tile win found")


SCENARIOS = [mt5_incomplete_group, mt9_out_in_first_round, mt9_first_round_doubles, mt14_two_doubles_owed,
             cu4_declined_redeal, cu4_redeal_demanded, ja6_key_win]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for make in SCENARIOS:
        print(make().relative_to(ROOT))


if __name__ == "__main__":
    main()
