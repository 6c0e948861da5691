"""``python -m rules replay`` (issue 7, TRANSCRIPT.md "Replay").

- Every registered game: selfplay, then replay, gives a byte-identical file.
- A transcript stripped to deals and actions is filled in to the same file.
- Hand-written scenarios (tests/scenarios/, made by tools/make_scenarios.py)
  replay and are filled in with what the rule in their name requires.
- Corrupt or disagreeing input gives one clear stderr line naming the line,
  a non-zero exit, and never a traceback.
"""
from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.policies import POLICIES
from rules.replay import ReplayError, replay
from rules.selfplay import run
from rules.session import Config
from rules.variants import GAMES, PLAYERS

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
GAME_NAMES = sorted(GAMES)


def selfplay_text(game: str, players: int, seed: int, matches: int = 1, policy: str = "random") -> str:
    out = io.StringIO()
    run(Config(game, players, seed), matches, [POLICIES[policy]], out)
    return out.getvalue()


def replay_text(text: str):
    out = io.StringIO()
    session = replay(text.splitlines(), out)
    return out.getvalue(), session


def table_sizes(game: str) -> list[int]:
    lo, hi = PLAYERS[game]
    return list(range(lo, hi + 1))


# ------------------------------------------------------- selfplay round trip


def check_round_trips(game: str, seeds: range) -> None:
    sizes = table_sizes(game)
    for seed in seeds:
        players = sizes[seed % len(sizes)]
        policy = ("random", "greedy")[seed % 2]
        matches = 2 if seed % 8 == 0 else 1
        text = selfplay_text(game, players, seed, matches, policy)
        again, session = replay_text(text)
        assert again == text, f"{game} {players}p seed {seed} {policy}"
        assert session.match_over()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_selfplay_transcripts_replay_byte_identical(game):
    check_round_trips(game, range(12))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
def test_selfplay_transcripts_replay_byte_identical_over_many_seeds(game):
    # 18 seeds meet every table size with both policies (Mexican Train's 9 sizes x 2 policies
    # repeat every 18 seeds) and three two-match runs (1000, 1008, 1016); 24 cost five seconds
    # more and 48 half a minute more (issue 26)
    check_round_trips(game, range(1000, 1018))


def strip_to_scenario(text: str) -> str:
    """Keep only what a hand-written scenario needs: deals, lead draws, actions."""
    kept = []
    for line in text.splitlines():
        obj = json.loads(line)
        if "deal_end" in obj or "match_end" in obj:
            continue
        obj.pop("legal", None)
        obj.pop("engine", None)
        kept.append(json.dumps(obj))
    return "\n".join(kept) + "\n"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_stripped_transcript_is_filled_in_exactly(game):
    sizes = table_sizes(game)
    for seed in (101, 102, 103):
        text = selfplay_text(game, sizes[seed % len(sizes)], seed, matches=2)
        stripped = strip_to_scenario(text)
        assert '"legal"' not in stripped and "deal_end" not in stripped
        filled, _ = replay_text(stripped)
        assert filled == text


@pytest.mark.parametrize("game", GAME_NAMES)
def test_partly_omitted_records_are_filled_in(game):
    """Any of legal, deal_end/totals, match_end and the first match line may be left out on its own."""
    text = selfplay_text(game, PLAYERS[game][0], 7, matches=2)
    lines = text.splitlines()
    variants = [
        [line for line in lines if "deal_end" not in json.loads(line)],
        [line for line in lines if "match_end" not in json.loads(line)],
        lines[:1] + lines[2:],
    ]
    for variant in variants:
        assert len(variant) < len(lines)
        filled, _ = replay_text("\n".join(variant) + "\n")
        assert filled == text


def test_cli_replays_a_selfplay_file_byte_identically(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(selfplay_text("mexican_train", 5, 42), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "replay", str(src), "--transcript", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert out.read_bytes() == src.read_bytes()


# ------------------------------------------------------------ corrupt input


@functools.lru_cache(maxsize=None)
def _transcript(game: str) -> tuple[str, ...]:
    players = 4 if game != "mexican_train" else 3
    return tuple(selfplay_text(game, players, 3, matches=1).splitlines())


def _lines(game: str) -> list[str]:
    """The lines of one seeded match, played once per game for every corruption (issue 26)."""
    return list(_transcript(game))


def _first(lines: list[str], pred) -> int:
    return next(i for i, line in enumerate(lines) if pred(json.loads(line)))


def _deal_index(lines):
    return _first(lines, lambda o: "hands" in o)


def truncated_json(lines):
    k = _first(lines, lambda o: "seat" in o) + 3
    return lines[:k] + [lines[k][: len(lines[k]) // 2]], k + 1, "truncated JSON"


def tile_that_does_not_exist(lines):
    k = _deal_index(lines)
    deal = json.loads(lines[k])
    top = max(max(t) for h in deal["hands"].values() for t in h)
    deal["hands"]["2"][0] = [top, top + 1]
    return lines[:k] + [json.dumps(deal)] + lines[k + 1:], k + 1, "does not exist"


def tile_held_twice(lines):
    k = _deal_index(lines)
    deal = json.loads(lines[k])
    deal["hands"]["1"][0] = deal["hands"]["2"][0]
    return lines[:k] + [json.dumps(deal)] + lines[k + 1:], k + 1, "held twice"


def hand_one_tile_short(lines):
    """A deal that does not split the set as the rules deal it (MT-2, CU-3, JA-1)."""
    k = _deal_index(lines)
    deal = json.loads(lines[k])
    deal["stock"].append(deal["hands"]["1"].pop())
    return lines[:k] + [json.dumps(deal)] + lines[k + 1:], k + 1, "seat 1 is dealt"


def action_tile_that_does_not_exist(lines):
    deal = json.loads(lines[_deal_index(lines)])
    top = max(max(t) for h in deal["hands"].values() for t in h)
    k = _first(lines, lambda o: "seat" in o and o["action"]["kind"] == "play")
    decision = json.loads(lines[k])
    decision["action"]["tile"] = [top + 1, top + 1]
    return lines[:k] + [json.dumps(decision)] + lines[k + 1:], k + 1, "does not exist"


def action_out_of_turn(lines):
    k = _first(lines, lambda o: "seat" in o)
    decision = json.loads(lines[k])
    decision["seat"] = decision["seat"] % 3 + 1
    return lines[:k] + [json.dumps(decision)] + lines[k + 1:], k + 1, "turn"


def illegal_action(lines):
    """A play of a tile that another seat holds, at the deal's first play."""
    deal = json.loads(lines[_deal_index(lines)])
    k = _first(lines, lambda o: "seat" in o and o["action"]["kind"] == "play")
    decision = json.loads(lines[k])
    other = str(decision["seat"] % len(deal["hands"]) + 1)
    decision["action"]["tile"] = deal["hands"][other][0]
    decision.pop("legal")
    return lines[:k] + [json.dumps(decision)] + lines[k + 1:], k + 1, "illegal"


def wrong_legal_list(lines):
    k = _first(lines, lambda o: "seat" in o and len(o["legal"]) >= 2)
    decision = json.loads(lines[k])
    dropped = decision["legal"].pop()
    if dropped == decision["action"]:
        decision["legal"].insert(0, dropped)
        decision["legal"].pop()
    return lines[:k] + [json.dumps(decision)] + lines[k + 1:], k + 1, "legal list"


def other_totals(lines):
    k = _first(lines, lambda o: "deal_end" in o)
    end = json.loads(lines[k])
    end["totals"]["1"] += 1
    return lines[:k] + [json.dumps(end)] + lines[k + 1:], k + 1, "other totals"


def decision_after_the_deal_ended(lines):
    k = _first(lines, lambda o: "deal_end" in o)
    return lines[:k] + [lines[k - 1]] + lines[k:], k + 1, "ended"


def deal_end_where_the_engine_continues(lines):
    k = _first(lines, lambda o: "deal_end" in o)
    return lines[: k - 1] + lines[k:], k, "continues"


def missing_header(lines):
    return lines[1:], 1, "header"


def wrong_format_version(lines):
    header = json.loads(lines[0])
    header["transcript"] = 2
    return [json.dumps(header)] + lines[1:], 1, "version"


def unknown_key(lines):
    k = _first(lines, lambda o: "seat" in o)
    decision = json.loads(lines[k])
    decision["comment"] = "hi"
    return lines[:k] + [json.dumps(decision)] + lines[k + 1:], k + 1, "unknown keys"


CORRUPTIONS = [truncated_json, tile_that_does_not_exist, tile_held_twice, hand_one_tile_short,
               action_tile_that_does_not_exist, action_out_of_turn,
               illegal_action, wrong_legal_list, other_totals, decision_after_the_deal_ended,
               deal_end_where_the_engine_continues, missing_header, wrong_format_version, unknown_key]


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_corrupt_input_gives_one_clear_line(game, corrupt, tmp_path, capsys):
    lines, line_no, words = corrupt(_lines(game))
    src = tmp_path / "bad.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status = main(["replay", str(src), "--transcript", str(tmp_path / "out.jsonl")])
    err = capsys.readouterr().err
    assert status != 0
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith(f"python -m rules replay: error: line {line_no}: "), err
    assert words in err, err


def test_corrupt_input_through_the_real_cli_has_no_traceback(tmp_path):
    lines, line_no, _ = tile_held_twice(_lines("mexican_train"))
    src = tmp_path / "bad.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "replay", str(src), "--transcript",
                           str(tmp_path / "out.jsonl")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"line {line_no}:" in done.stderr


@pytest.mark.parametrize("argv", [
    ["replay"],
    ["replay", "x.jsonl"],
    ["replay", "/no/such/file.jsonl", "--transcript", "/tmp/never-written.jsonl"],
])
def test_bad_arguments_give_one_line(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as e:
        status = e.code
    err = capsys.readouterr().err
    assert status != 0 and err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ('{"transcript": 1, "game": "mexican_train", "players": 11, "seed": 1}\n', "players"),
    ('{"transcript": 1, "game": "mexican_train", "players": 2, "seed": 1, "seed": 2}\n', "twice"),
    ('[1, 2]\n', "JSON object"),
    ('{"transcript": 1, "game": "mexican_train", "players": 2, "seed": 1}\n{"deal": 1}\n', "needs hands, stock"),
    ('{"transcript": 1, "game": "mexican_train", "players": 2, "seed": 1}\n{"seat": 1, "action": {"kind": "pass"}}\n',
     "expects a deal"),
])
def test_malformed_files_raise_a_replay_error(text, words):
    with pytest.raises(ReplayError) as caught:
        replay(text.splitlines(), io.StringIO())
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_tile_written_high_first_is_refused():
    lines = _lines("mexican_train")
    k = _deal_index(lines)
    deal = json.loads(lines[k])
    a, b = deal["hands"]["1"][0]
    deal["hands"]["1"][0] = [b, a] if a != b else deal["hands"]["1"][0]
    if a == b:
        pytest.skip("first tile is a double")
    with pytest.raises(ReplayError, match="low number first"):
        replay(lines[:k] + [json.dumps(deal)], io.StringIO())


# -------------------------------------------------------------- scenarios


def scenario(name: str):
    """The scenario file's own lines, and its filled-in replay as objects."""
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    given = [json.loads(line) for line in text.splitlines()]
    assert not any("legal" in o or "deal_end" in o or "totals" in o for o in given), "actions only"
    filled, session = replay_text(text)
    again, _ = replay_text(filled)
    assert again == filled  # a filled-in scenario replays to itself
    return given, [json.loads(line) for line in filled.splitlines()], session


def decisions(objs):
    return [o for o in objs if "seat" in o]


def plays_in(legal):
    return [a for a in legal if a["kind"] == "play"]


def pips(tiles) -> int:
    return sum(a + b for a, b in tiles)


def test_scenario_files_are_actions_and_rigged_deals_only():
    files = sorted(SCENARIOS.glob("*.jsonl"))
    assert files
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line)
            assert set(obj) <= {"transcript", "game", "players", "seed", "match", "lead_draw",
                                "deal", "hands", "stock", "engine", "seat", "action"}, path.name


def test_mt5_start_search_ends_in_an_incomplete_group_at_10_players():
    """MT-5: deal 2 searches from seat 2; the 11th boneyard tile, [11|11], goes to seat 2."""
    _, out, _ = scenario("mt5_incomplete_search_group_10p.jsonl")
    header = out[0]
    assert header["players"] == 10
    k = next(i for i, o in enumerate(out) if o.get("deal") == 2)
    deal2 = out[k]
    assert deal2["engine"] == 11
    assert not any([11, 11] in h for h in deal2["hands"].values())
    assert len(deal2["stock"]) == 11 and deal2["stock"][-1] == [11, 11]  # one complete group + 1
    first = out[k + 1]
    assert first["seat"] == 2  # the search seat got the engine in the incomplete group
    # With the boneyard empty after the search, nobody in deal 2 is ever offered a draw.
    assert all(a["kind"] != "draw" for o in decisions(out[k:]) for a in o["legal"])

    # The state right after the search: seat 2 drew twice and placed the engine.
    prefix = "".join(json.dumps(o) + "\n" for o in out[: k + 1])
    _, session = replay_text(prefix)
    view = session.view(2)
    assert view.boneyard == 0
    assert view.hand_counts[1:] == (9,) * 10
    searched = [e[1] for e in view.history if e[0] == "search"]
    assert searched[-11:] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]


def test_mt9_player_out_in_first_round_waits_for_every_first_turn():
    """MT-9: seat 2 empties its hand in the first round; seat 3 still gets its first turn."""
    given, out, session = scenario("mt9_out_in_first_round.jsonl")
    dealt = next(o for o in out if "hands" in o)
    ds = decisions(out)
    last_of_2 = max(i for i, o in enumerate(ds) if o["seat"] == 2)
    after = ds[last_of_2 + 1:]
    assert [o["seat"] for o in after] == [3, 3]
    # seat 3 holds [5|7] and the [5|5] is open on train 1, but in the first round only
    # its own train is allowed and the double creates no obligation yet
    assert [5, 7] in dealt["hands"]["3"]
    for o in after:
        assert all(a["train"] == 3 for a in plays_in(o["legal"]))
    end = next(o for o in out if "deal_end" in o)
    assert out.index(end) == len(out) - 1  # the deal ends only after seat 3's turn
    assert end["deal_end"]["reason"] == "out"
    played = {s: [o["action"]["tile"] for o in ds if o["seat"] == s and o["action"]["kind"] == "play"]
              for s in (1, 2, 3)}
    for s in (1, 2, 3):
        left = [t for t in dealt["hands"][str(s)] if t not in played[s] and t != [12, 12]]
        assert end["deal_end"]["penalties"][str(s)] == pips(left)
    assert end["deal_end"]["penalties"]["2"] == 0
    assert end["totals"] == end["deal_end"]["penalties"]


def test_mt9_first_round_doubles_are_owed_in_the_order_placed():
    """MT-9/MT-14: seat 2 (engine holder) placed [3|3] first, then [7|7], then seat 1's [9|9]."""
    _, out, session = scenario("mt9_first_round_doubles_in_order.jsonl")
    ds = decisions(out)
    first_round, after = ds[:9], ds[9:]
    assert [o["seat"] for o in first_round] == [2, 2, 2, 3, 3, 3, 1, 1, 1]
    expected = [(2, 2, 3), (3, 3, 7), (1, 1, 9)]  # (seat, train of the oldest double, its number)
    for o, (seat, train, number) in zip(after, expected):
        assert o["seat"] == seat
        assert o["legal"] and all(a["kind"] == "play" and a["train"] == train and number in a["tile"]
                                  for a in o["legal"]), o
    # seat 3 held [9|10] but the [9|9] was younger than the [7|7]
    assert {"kind": "play", "tile": [9, 10], "train": 1} not in after[1]["legal"]
    assert not any("deal_end" in o for o in out)


def test_mt14_two_doubles_owed_at_once_oldest_first():
    """MT-13/MT-14: [4|4] then [6|6] in one turn; everyone must answer [4|4] before [6|6]."""
    _, out, session = scenario("mt14_two_doubles_owed.jsonl")
    ds = decisions(out)
    turn = next(i for i, o in enumerate(ds) if o["action"].get("tile") == [4, 4])
    assert [o["action"] for o in ds[turn:turn + 4]] == [
        {"kind": "play", "tile": [4, 4], "train": 1},
        {"kind": "play", "tile": [6, 6], "train": "mexican"},
        {"kind": "draw"},
        {"kind": "pass"},
    ]
    assert ds[turn + 2]["legal"] == [{"kind": "draw"}]  # no extra tile after the second double
    s2_draw, s2_pass, s3, s1_draw, s1_play = ds[turn + 4:turn + 9]
    # seat 2 holds [6|11] and the Mexican train shows the [6|6], but the [4|4] is older
    assert (s2_draw["seat"], s2_draw["legal"]) == (2, [{"kind": "draw"}])
    assert (s2_pass["seat"], s2_pass["legal"]) == (2, [{"kind": "pass"}])
    assert s3["seat"] == 3
    assert s3["legal"] and all(a["train"] == 1 and 4 in a["tile"] for a in s3["legal"])
    # once the [4|4] is answered, the [6|6] is owed: seat 1 draws and must play on it
    assert (s1_draw["seat"], s1_draw["legal"]) == (1, [{"kind": "draw"}])
    assert s1_play["legal"] == [{"kind": "play", "tile": [6, 10], "train": "mexican"}]
    view = session.view(1)
    assert view.obligations == ()
    assert view.train(1).marked and view.train(2).marked and not view.train(3).marked


def remaining_hands(out) -> dict[str, list]:
    """Each seat's dealt tiles (last deal) minus what it played, from a filled-in transcript."""
    k = max(i for i, o in enumerate(out) if "hands" in o)
    left = {s: list(h) for s, h in out[k]["hands"].items()}
    for o in decisions(out[k:]):
        if o["action"]["kind"] == "play":
            left[str(o["seat"])].remove(o["action"]["tile"])
    return left


def test_cu4_declined_redeal_the_hand_is_played_with_those_hands():
    """CU-4: five doubles allow a redeal; seat 2 accepts instead, and the deal stands."""
    _, out, session = scenario("cu4_declined_redeal.jsonl")
    draws = [o["lead_draw"] for o in out if "lead_draw" in o]
    assert len(draws) == 2  # CU-2: equal totals, so drawn again
    assert pips([draws[0]["1"]]) == pips([draws[0]["2"]])
    assert pips([draws[1]["1"]]) > pips([draws[1]["2"]])  # team 1 has the right to lead
    deals = [o for o in out if "hands" in o]
    assert len(deals) == 1
    assert sum(a == b for a, b in deals[0]["hands"]["2"]) >= 5
    ds = decisions(out)
    assert [(o["seat"], o["action"]["kind"]) for o in ds[:4]] == [(1, "accept"), (2, "accept"),
                                                                    (3, "accept"), (4, "accept")]
    assert ds[1]["legal"] == [{"kind": "accept"}, {"kind": "redeal"}]
    assert all(o["legal"] == [{"kind": "accept"}] for o in (ds[0], ds[2], ds[3]))
    # CU-5: team 1's representative, seat 1, chooses the leader; seat 3 then leads
    assert ds[4]["seat"] == 1 and ds[4]["legal"] == [{"kind": "lead", "seat": 1}, {"kind": "lead", "seat": 3}]
    assert ds[5]["seat"] == 3 and ds[5]["action"]["kind"] == "play"
    assert not any(e[0] == "redeal" for e in session.view(1).history)  # nothing was shown
    end = next(o for o in out if "deal_end" in o)
    assert end["deal_end"]["reason"] in ("out", "block")
    winner = end["deal_end"]["winner_team"]
    assert winner in (1, 2)
    # CU-8: the winners score the two opponents' pips only
    left = remaining_hands(out)
    opponents = ("2", "4") if winner == 1 else ("1", "3")
    assert end["deal_end"]["points"] == sum(pips(left[s]) for s in opponents)
    assert end["totals"] == {str(winner): end["deal_end"]["points"], str(3 - winner): 0}


def test_cu4_demanded_redeal_throws_the_hands_in_and_keeps_the_right():
    """CU-4: seat 3 shows six doubles; deal_end "redeal" scores 0, a new deal follows, team 2 still leads."""
    _, out, session = scenario("cu4_redeal_demanded.jsonl")
    k = next(i for i, o in enumerate(out) if "deal_end" in o)
    demand = out[k - 1]
    assert demand["seat"] == 3 and demand["action"] == {"kind": "redeal"}
    assert demand["legal"] == [{"kind": "accept"}, {"kind": "redeal"}]
    assert out[k] == {"deal_end": {"reason": "redeal", "winner_team": None, "points": 0},
                      "totals": {"1": 0, "2": 0}}
    assert out[k + 1]["deal"] == 2
    first_hand = next(o for o in out if o.get("deal") == 1)["hands"]["3"]
    shown = [e for e in session.view(1).history if e[0] == "redeal"]
    assert [(seat, sorted(list(t) for t in tiles)) for _, seat, tiles in shown] == \
        [(3, sorted(t for t in first_hand if t[0] == t[1]))]
    chooser = decisions(out[k:])[4]
    assert chooser["seat"] == 2  # the lead draw gave team 2 the right ([4|4] > [0|2]); a redeal keeps it
    assert chooser["legal"] == [{"kind": "lead", "seat": 2}, {"kind": "lead", "seat": 4}]


def test_ja6_going_out_with_the_key_tile_scores_two():
    """JA-6: the last tile is the only unplayed tile matching two different hard ends: 2 points."""
    _, out, session = scenario("ja6_key_tile_two_points.jsonl")
    end = next(o for o in out if "deal_end" in o)
    ds = decisions(out)
    last = ds[-1]
    team = 2 - last["seat"] % 2
    assert end["deal_end"] == {"reason": "out", "winner_team": team, "points": 2}
    assert end["totals"] == {str(team): 2, str(3 - team): 0}
    key = last["action"]["tile"]
    assert key[0] != key[1]  # a double is never the key
    plays = [e for e in session.view(1).history if e[0] == "play"]
    before = plays[:-1]
    left, right = before[0][4]
    for _, _, _, side, lies in before[1:]:
        if side == "L":
            left = lies[0]
        else:
            right = lies[1]
    assert {left, right} == set(key)
    table = [e[2] for e in before]
    for number in key:  # hard: 7 of the number's 8 appearances are on the table
        assert sum((t[0] == number) + (t[1] == number) for t in table) == 7


# ------------------------------------------------------------------ fuzzing

_ODD_VALUES = [None, -1, 0, 1, 2, 5, 99, "x", "L", "mexican", [], {}, [1], [1, 2, 3], True, 1.5,
               [0, 0], [3, 1], [[0, 0]], {"kind": "pass"}, {"1": [0, 1]}, 10 ** 30]


def _paths(obj, path=()):
    yield path
    children = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for key, value in children:
        yield from _paths(value, path + (key,))


def _mutate(lines: list[str], rng) -> list[str]:
    k = rng.randrange(len(lines))
    if rng.random() < 0.2:  # damage the text itself
        cut = rng.randrange(len(lines[k]))
        return lines[:k] + [lines[k][:cut] + rng.choice(["", "}", "\"", ",", "]]"]) + lines[k][cut + 1:]] + lines[k + 1:]
    obj = json.loads(lines[k])
    path = rng.choice([p for p in _paths(obj) if p])
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    r = rng.random()
    if r < 0.2:
        del parent[path[-1]]
    elif r < 0.25 and isinstance(parent, dict):
        parent["extra"] = 1
    else:
        parent[path[-1]] = json.loads(json.dumps(rng.choice(_ODD_VALUES)))
    return lines[:k] + [json.dumps(obj)] + lines[k + 1:]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_mutated_transcripts_give_a_replay_error_not_a_crash(game):
    """Any damage to a transcript is either harmless or one ReplayError the replayer names itself."""
    from rules.rng import stream

    base = selfplay_text(game, 4, 9).splitlines()[:70]
    rng = stream(1, "replay-fuzz", game)
    for _ in range(400):
        lines = _mutate(base, rng)
        try:
            replay(lines, io.StringIO())
        except ReplayError as e:
            assert "internal error" not in str(e) and "\n" not in str(e), str(e)


def test_at_a_disagreement_the_output_holds_the_engine_version_so_far(tmp_path):
    """OUT keeps the replay up to the disagreement, ending with the engine's own deal end."""
    original = _lines("mexican_train")
    lines, line_no, _ = other_totals(original)
    out = io.StringIO()
    with pytest.raises(ReplayError) as caught:
        replay(lines, out)
    assert caught.value.line == line_no
    assert out.getvalue().splitlines() == original[:line_no]
