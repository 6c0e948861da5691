"""Issue 15, item 3: the match history keeps every finished match and counts them right.

The statistics are checked against figures computed a second way: from the
transcript records the referee writes (``state.records``: each deal end's
penalties or winning team and points, the match end's totals), not from the
public history events the history reads; and a few against numbers written out.
"""
from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime, timezone

import pytest

from game import history
from game.seats import COMPUTER, SeatConfig
from rules import Config, Session
from rules.line import team_of
from rules.policies import greedy_policy, random_policy
from rules.rng import decision_stream


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINO_TABLE_HOME", str(tmp_path / "home"))


def finished(game: str, seed: int, players: int = 4, policy=greedy_policy) -> Session:
    session = Session(Config(game, players, seed))
    while not session.match_over():
        view = session.view(session.to_act())
        session.apply(policy(view, decision_stream(seed, session.cursor)))
    return session


def seated(names: list[str]) -> list[SeatConfig]:
    return [SeatConfig(n, COMPUTER if n.startswith("Computer") else "human") for n in names]


def when(minute: int) -> datetime:
    return datetime(2026, 12, 1, 12, minute, tzinfo=timezone.utc)


def went_out(session: Session) -> list[set[int]]:
    """Mexican Train: per deal, the seats whose own view shows an empty hand at the deal's end."""
    from rules.actions import Action
    log = session.log
    ends = [i + 1 for i, e in enumerate(log) if isinstance(e, Action) and (i + 1 == len(log)
                                                                         or not isinstance(log[i + 1], Action))]
    n = session.config.players
    return [{s for s in range(1, n + 1) if not session.view_at(p, s).hand} for p in ends]


def oracle(matches: list[tuple[Session, list[SeatConfig]]]) -> dict:
    """Per (game, name), from the referee's transcript records and the seats' own views."""
    out: dict = defaultdict(lambda: defaultdict(int))
    for session, seats in matches:
        game = session.config.game
        records = session.state.records
        ends = [r for r in records if "deal_end" in r and r["deal_end"]["reason"] != "redeal"]
        final = next(r["match_end"] for r in records if "match_end" in r)
        out_seats = went_out(session) if game == "mexican_train" else []
        for s, seat in enumerate(seats, start=1):
            row = out[(game, seat.name)]
            row["matches"] += 1
            side = team_of(s) if game != "mexican_train" else s
            row["won"] += side in final["winners"]
            row["hands"] += len(ends)
            for k, r in enumerate(ends):
                d = r["deal_end"]
                if game == "mexican_train":
                    row["penalty"] += d["penalties"][str(s)]
                    row["hands_won"] += d["reason"] == "out" and s in out_seats[k]
                elif d["winner_team"] is not None:
                    mine = d["winner_team"] == team_of(s)
                    row["hands_won"] += mine
                    row["for" if mine else "against"] += d["points"]
            if game == "jamaican":
                loser = final["totals"]["1" if side == 2 else "2"] if side in final["winners"] \
                    else final["totals"][str(side)]
                row["given" if side in final["winners"] else "taken"] += loser == 0
    return out


def test_statistics_over_three_recorded_matches_match_the_referees_records():
    """Ann and Bob swap seats between three Mexican Train matches; the figures add up per name."""
    names = [["Ann", "Bob", "Computer 3", "Computer 4"], ["Bob", "Ann", "Computer 3", "Computer 4"],
             ["Computer 3", "Ann", "Bob", "Computer 4"]]
    played = [(finished("mexican_train", seed), seated(n)) for seed, n in zip((3, 8, 21), names)]
    for k, (session, seats) in enumerate(played):
        assert history.record(session, seats, when(k)) is not None
    listing = history.load_all()
    assert listing.problems == [] and len(listing.entries) == 3
    stats = {(s.game, s.name): s for s in history.statistics(listing.entries)}
    expected = oracle(played)
    assert set(stats) == set(expected)
    for key, row in expected.items():
        got = stats[key]
        assert (got.matches, got.matches_won, got.hands_won) == (row["matches"], row["won"], row["hands_won"]), key
        assert got.mean_penalty == pytest.approx(row["penalty"] / row["hands"]), key
    ann = stats[("mexican_train", "Ann")]
    assert ann.matches == 3 and ann.deals == 39


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_line_games_count_points_and_six_love(game):
    names = [["Ann", "Bob", "Cleo", "Dan"], ["Bob", "Ann", "Dan", "Cleo"], ["Dan", "Cleo", "Bob", "Ann"]]
    played = [(finished(game, seed, policy=random_policy), seated(n)) for seed, n in zip((1, 2, 6), names)]
    for k, (session, seats) in enumerate(played):
        history.record(session, seats, when(k))
    stats = {(s.game, s.name): s for s in history.statistics(history.load_all().entries)}
    for key, row in oracle(played).items():
        got = stats[key]
        assert (got.matches, got.matches_won, got.hands, got.hands_won) == (
            row["matches"], row["won"], row["hands"], row["hands_won"]), key
        if game == "cuban":
            assert (got.points_for, got.points_against) == (row["for"], row["against"]), key
        else:
            assert (got.six_love_given, got.six_love_taken) == (row["given"], row["taken"]), key
            assert got.six_love_given + got.six_love_taken == got.matches  # JA-7: every match ends 6-0


def test_a_cuban_match_by_hand():
    """Cuban, seed 7, the greedy policy: team 2 (seats 2 and 4) wins both hands, 100 to 0."""
    session = finished("cuban", 7)
    summary = history.summarise(session, seated(["Ann", "Bob", "Cleo", "Dan"]))
    assert summary["winners"] == [2] and summary["totals"] == [0, 100] and summary["deals"] == 2
    bob = summary["seats"][1]
    assert (bob["won"], bob["hands_won"], bob["points_for"], bob["points_against"]) == (True, 2, 100, 0)
    assert summary["seats"][0]["points_against"] == 100


def test_history_survives_corrupt_and_foreign_entries(tmp_path):
    good = [history.record(finished(g, 7), seated(["Ann", "Bob", "Cleo", "Dan"]), when(k))
            for k, g in enumerate(("cuban", "mexican_train"))]
    folder = history.history_dir()
    bad = {"torn.json": good[0].read_bytes()[:200],
           "binary.json": bytes(range(256)),
           "foreign.json": b'{"format": "domino-table-save", "version": 1}',
           "other.json": b'{"hello": "world"}',
           "deep.json": b"[" * 100000 + b"]" * 100000}
    tampered = json.loads(good[1].read_text())
    tampered["summary"]["seats"][0]["won"] = "yes"
    bad["tampered.json"] = json.dumps(tampered).encode()
    for name, data in bad.items():
        (folder / name).write_bytes(data)
    (folder / "big.json").write_bytes(b" " * (history.MAX_FILE_BYTES + 1))
    listing = history.load_all()
    assert sorted(e.path for e in listing.entries) == sorted(good)
    assert sorted(p.name for p in listing.problems) == sorted([*bad, "big.json"])
    assert all(p.moved_to is not None and p.moved_to.exists() and ".corrupt-" in p.moved_to.name
               for p in listing.problems)
    assert history.statistics(listing.entries)
    again = history.load_all()  # set aside once: the next listing is clean
    assert again.problems == [] and len(again.entries) == 2


def test_recording_twice_keeps_one_file_and_an_unfinished_match_none():
    session = finished("cuban", 7)
    seats = seated(["Ann", "Bob", "Cleo", "Dan"])
    first = history.record(session, seats, when(1))
    assert history.record(session, seats, when(2)) == first
    assert len(list(history.history_dir().glob("*.json"))) == 1
    assert history.record(Session(Config("cuban", 4, 7)), seats) is None
    assert first.stat().st_size < 16 * 1024  # a few KB: the seed and the moves


def test_a_13_deal_mexican_train_match_is_a_few_kb():
    path = history.record(finished("mexican_train", 7), seated(["Ann", "Bob", "Cleo", "Dan"]))
    assert path.stat().st_size < 10 * 1024


def test_a_history_file_replays_the_match_it_lists():
    session = finished("jamaican", 5)
    path = history.record(session, seated(["Ann", "Bob", "Cleo", "Dan"]))
    record = history.read_match(path)
    assert record.match_no == 1 and [s.name for s in record.seats] == ["Ann", "Bob", "Cleo", "Dan"]
    assert record.session.log == session.log


def test_a_history_file_with_a_damaged_match_is_refused():
    path = history.record(finished("cuban", 7), seated(["Ann", "Bob", "Cleo", "Dan"]))
    data = json.loads(path.read_text())
    data["save"] = data["save"][:-20] + "AAAA"
    path.write_text(json.dumps(data))
    with pytest.raises(history.MatchFileError) as err:
        history.read_match(path)
    assert err.value.problem in ("not_a_match", "damaged")


def test_a_history_file_that_inflates_past_any_match_is_refused(monkeypatch):
    import base64
    import zlib
    path = history.record(finished("cuban", 7), seated(["Ann", "Bob", "Cleo", "Dan"]))
    data = json.loads(path.read_text())
    data["save"] = base64.b64encode(zlib.compress(b" " * (1 << 20))).decode()
    path.write_text(json.dumps(data))
    monkeypatch.setattr(history.rules_save, "MAX_BYTES", 1 << 16)
    with pytest.raises(history.MatchFileError) as err:
        history.read_match(path)
    assert err.value.problem == "too_big"


@pytest.mark.parametrize("code,forms", [
    ("ru", {1: "1 игра", 2: "2 игры", 5: "5 игр", 11: "11 игр", 21: "21 игра", 22: "22 игры"}),
    ("uk", {1: "1 гра", 3: "3 гри", 5: "5 ігор", 12: "12 ігор", 31: "31 гра", 24: "24 гри"}),
    ("en", {1: "1 match", 2: "2 matches", 21: "21 matches"}),
])
def test_the_match_counts_take_the_cldr_plural_forms(code, forms):
    from game import i18n
    i18n.set_language(code)
    try:
        for n, words in forms.items():
            assert i18n.t("history.matches", count=n, won=0).startswith(words + ","), (n, words)
            assert i18n.t("history.set_aside", count=n, files="x").startswith(f"{n} ")
    finally:
        i18n.set_language("en")
