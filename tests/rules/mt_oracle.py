"""An independent Mexican Train referee, written from shared/RULES.md alone, for tests.

It shares no code with ``rules/``: tiles are ``(a, b)`` tuples, actions are the
transcript's JSON objects.  ``check_transcript`` follows a selfplay transcript
(shared/TRANSCRIPT.md) deal by deal from its ``deal`` lines and compares, at
every decision, the seat to act and the complete legal list; at every
``deal_end`` the reason, the penalties and the totals.  Any disagreement raises
``AssertionError`` naming the line.
"""
from __future__ import annotations

import json

MEXICAN = "mexican"
HAND_SIZE = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}  # MT-2


def key_text(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class Deal:
    """One deal of Mexican Train (MT-3..MT-17) for ``n`` players."""

    def __init__(self, n: int, deal_no: int, hands: dict[int, list], stock: list) -> None:
        self.n = n
        self.engine = 13 - deal_no  # MT-3
        self.hands = {s: [tuple(t) for t in hands[s]] for s in range(1, n + 1)}
        self.stock = [tuple(t) for t in stock]
        self.pos = 0
        self.trains = {k: [] for k in [MEXICAN, *range(1, n + 1)]}  # MT-7
        self.ends = {k: self.engine for k in self.trains}
        self.marked: set[int] = set()
        self.double_at_end: dict[object, int] = {}  # train -> when its end double was placed
        self.clock = 0
        self.obligations: list[object] = []
        self.first_turns_done = 0
        self.chain = 0
        self.drawn = False
        self.ended: str | None = None
        engine = (self.engine, self.engine)
        # MT-5: the start search, in complete groups from the search seat.
        order = [(deal_no - 1 + i) % n + 1 for i in range(n)]
        while self.holder(engine) is None:
            group = order[: min(n, len(self.stock) - self.pos)]
            assert group, "MT-5: the engine is nowhere after the start search"
            for s in group:
                self.hands[s].append(self.stock[self.pos])
                self.pos += 1
        self.turn = self.holder(engine)  # MT-6
        self.hands[self.turn].remove(engine)  # MT-4

    def holder(self, t: tuple) -> int | None:
        return next((s for s, h in self.hands.items() if t in h), None)

    @property
    def first_round(self) -> bool:
        return self.first_turns_done < self.n

    def _plays(self, seat: int) -> list[dict]:
        hand = self.hands[seat]
        if self.first_round:  # MT-8: own train only
            targets = [seat]
        elif self.obligations:  # MT-14: only the oldest open double
            targets = [self.obligations[0]]
        else:  # MT-10
            targets = [seat, MEXICAN] + sorted(s for s in self.marked if s != seat)
        out = []
        for t in hand:
            for k in targets:
                if self.ends[k] in t:
                    out.append({"kind": "play", "tile": list(t), "train": k})
        return out

    def legal(self) -> list[dict]:
        seat = self.turn
        plays = self._plays(seat)
        if self.first_round:
            if self.chain:
                return plays + [{"kind": "end_chain"}]
            return plays or [{"kind": "pass"}]  # MT-8: pass without drawing
        if plays:
            return plays  # MT-11: a possible play is mandatory
        if not self.drawn and self.pos < len(self.stock):
            return [{"kind": "draw"}]
        return [{"kind": "pass"}]

    def apply(self, action: dict) -> None:
        seat = self.turn
        kind = action["kind"]
        if kind == "draw":
            self.hands[seat].append(self.stock[self.pos])
            self.pos += 1
            self.drawn = True
            return
        if kind in ("pass", "end_chain"):
            if kind == "pass":
                self.marked.add(seat)  # MT-8, MT-11
            return self._end_turn()
        t = tuple(action["tile"])
        k = action["train"]
        self.hands[seat].remove(t)
        end = self.ends[k]
        self.ends[k] = t[1] if t[0] == end else t[0]
        self.trains[k].append(t)
        self.clock += 1
        self.double_at_end.pop(k, None)
        if t[0] == t[1]:
            self.double_at_end[k] = self.clock
        if k == seat:
            self.marked.discard(seat)  # MT-12: only the owner's play
        self.drawn = False
        if not self.hands[seat]:
            return self._end_turn()  # MT-15
        if self.first_round:
            self.chain += 1
        elif t[0] != t[1]:
            self._end_turn()
        # else MT-13: a double asks for one more tile in the same turn

    def _end_turn(self) -> None:
        self.chain = 0
        self.drawn = False
        if self.first_round:
            self.first_turns_done += 1
        if not self.first_round:  # MT-9: nothing is checked before the first round is over
            if any(not h for h in self.hands.values()):
                self.ended = "out"
                return
            self.obligations = [k for k, _ in sorted(self.double_at_end.items(), key=lambda kv: kv[1])]
            if self.pos >= len(self.stock) and self._blocked():
                self.ended = "block"
                return
        self.turn = self.turn % self.n + 1

    def _blocked(self) -> bool:
        """MT-16 (b): no tile in any hand could ever be played."""
        tiles = [t for h in self.hands.values() for t in h]
        if self.obligations:
            number = self.ends[self.obligations[0]]
            return not any(number in t for t in tiles)
        ends = set(self.ends.values())
        return not any(t[0] in ends or t[1] in ends for t in tiles)

    def penalties(self) -> dict[str, int]:
        return {str(s): sum(a + b for a, b in self.hands[s]) for s in range(1, self.n + 1)}  # MT-17


def check_transcript(text: str) -> int:
    """Follow a Mexican Train transcript; return the number of decisions checked."""
    lines = [json.loads(x) for x in text.splitlines()]
    n = lines[0]["players"]
    assert lines[0]["game"] == "mexican_train"
    deal: Deal | None = None
    totals: dict[str, int] = {}
    checked = 0
    for no, line in enumerate(lines[1:], start=2):
        if "match" in line:
            totals = {str(s): 0 for s in range(1, n + 1)}
        elif "deal" in line:
            assert deal is None, f"line {no}: a new deal before the last one ended"
            hands = {int(s): h for s, h in line["hands"].items()}
            assert all(len(h) == HAND_SIZE[n] for h in hands.values()), f"line {no}: MT-2"
            deal = Deal(n, line["deal"], hands, line["stock"])
        elif "seat" in line:
            assert deal is not None and deal.ended is None, f"line {no}: a decision after the deal ended"
            assert line["seat"] == deal.turn, f"line {no}: seat {line['seat']} acts, the rules say seat {deal.turn}"
            mine = sorted(key_text(a) for a in deal.legal())
            theirs = sorted(key_text(a) for a in line["legal"])
            if mine != theirs:
                raise AssertionError(f"line {no}: legal lists differ; only the engine offers "
                                     f"{sorted(set(theirs) - set(mine))}, only the rules offer "
                                     f"{sorted(set(mine) - set(theirs))}")
            assert key_text(line["action"]) in mine
            deal.apply(line["action"])
            checked += 1
        elif "deal_end" in line:
            assert deal is not None and deal.ended, f"line {no}: the deal ends, the rules say it goes on"
            end = line["deal_end"]
            assert end["reason"] == deal.ended, f"line {no}: reason {end['reason']}, the rules say {deal.ended}"
            assert end["penalties"] == deal.penalties(), f"line {no}: MT-17 penalties"
            for s, p in end["penalties"].items():
                totals[s] += p
            assert line["totals"] == totals, f"line {no}: totals"
            deal = None
        elif "match_end" in line:
            best = min(totals.values())
            assert line["match_end"] == {"winners": [int(s) for s, v in totals.items() if v == best],
                                         "totals": totals}, f"line {no}: MT-18"
        if deal is not None and deal.ended and no < len(lines):
            nxt = lines[no]  # the next line (0-based index no is line no+1)
            assert "deal_end" in nxt, f"line {no + 1}: the rules end the deal ({deal.ended}) here"
    return checked
