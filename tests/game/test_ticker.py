"""game.ticker (issue 14): a line for every entry, in every language, never a drawn tile's face."""
from __future__ import annotations

import io
import random
import re
from typing import Literal, NamedTuple

import pytest

from game import i18n
from game.cues import groups
from game.kits import kit_for
from game.kits.line.ticker import LineWords
from game.ticker import Item, fold, items, line, recent, text, tile_text
from game.ticker import item as _item
from rules import events, selfplay
from rules.actions import Action
from rules.chance import Deal
from rules.events import as_event
from rules.session import Config, Session, apply_entry
from session_probe import random_step

NAMES = ["Ana", "Ben", "Cara", "Dan", "Eva", "Fil", "Gus", "Hal", "Ida", "Jo"]
GAMES = [("mexican_train", 2), ("mexican_train", 6), ("mexican_train", 10), ("cuban", 4), ("jamaican", 4)]
TILE = re.compile(r"\[(\d+)\|(\d+)\]")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def played_match(game: str, players: int, seed: int) -> Session:
    policy = selfplay.resolve_policy("greedy" if seed % 2 else "random")
    return selfplay.run(Config(game, players, seed), 1, [policy], io.StringIO())


def item(group: tuple, game: str, first_play: bool = False) -> Item | None:
    """``game.ticker.item`` of a group written out by hand, as the records the games append (rules.events)."""
    return _item(tuple(as_event(e) for e in group), game, first_play)


def say(code: str, it: Item, names=NAMES) -> str:
    i18n.set_language(code)
    return text(it, names)


@pytest.fixture(scope="module")
def matches() -> list[Session]:
    return [played_match(game, players, seed) for game, players in GAMES for seed in (1, 2)]


@pytest.fixture(scope="module")
def matches_items(matches) -> list[list[Item | None]]:
    """Each match's ``items`` of its whole history, once: they name no words (``text`` does,
    in the language of the moment), so every language's test reads the same (issue 26)."""
    return [items(s.view(1).history, s.game) for s in matches]


def test_the_matches_cover_thousands_of_entries_and_every_kind(matches):
    kinds = {e[0] for s in matches for e in s.view(1).history}
    assert sum(len(s.log) for s in matches) > 3000
    assert {"play", "draw", "pass", "mark", "unmark", "end_chain", "search", "accept", "lead", "lead_draw",
            "deal", "deal_end", "match_end"} <= kinds


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_entry_gets_a_whole_line_in_every_language(matches, matches_items, code):
    i18n.set_language(code)
    for session, found in zip(matches, matches_items):
        names = NAMES[: session.config.players]
        assert len(found) == len(session.log)
        for entry, it in zip(session.log, found):
            assert it is not None, entry  # every entry of the three games says something
            words = text(it, names)
            assert words and "%{" not in words and "ticker." not in words, (entry, words)
        for it in fold(found):
            assert text(it, names)


@pytest.mark.rule("UX-2")
def test_a_drawn_tile_is_never_named(matches):
    """UX-2, UX-3: a draw's line (and a start search's) names no tile but the public engine."""
    for session in matches:
        history = session.view(1).history
        # the log replayed once, forward (as ``Session.state_at`` rebuilds a position, without
        # rebuilding every position from its snapshot again: issue 26)
        state = session.state_at(0)
        for entry, group in zip(session.log, groups(history)):
            drew = isinstance(entry, Action) and entry.kind == "draw"
            searched = isinstance(entry, Deal) and any(e[0] == "search" for e in group)
            if not (drew or searched):
                apply_entry(state, entry)
                continue
            seats = [group[0][1]] if drew else list(range(1, session.config.players + 1))
            before = {seat: set(state.view(seat).hand) for seat in seats}
            apply_entry(state, entry)
            new = set()
            for seat in seats:
                new |= set(state.view(seat).hand) - before[seat]
            engine = {e[2] for e in group if e[0] == "engine"}
            it = item(group, session.game)
            for code in i18n.LANGUAGES:
                words = say(code, it, NAMES[: session.config.players])
                shown = {tuple(sorted(map(int, m))) for m in TILE.findall(words)}
                assert not (shown & (new - engine)), (words, new)
                if drew:
                    assert not shown, words


def test_a_seat_is_told_by_name_and_the_train_by_its_owner():
    it = item((("play", 2, (4, 6), "mexican"),), "mexican_train")
    assert say("en", it) == "Ben played [4|6] on the Mexican train"
    assert say("ru", it) == "Ben: [4|6] на общий поезд"
    assert say("uk", it) == "Ben: [4|6] на спільний потяг"
    assert say("it", it) == "Ben ha giocato [4|6] sul treno pubblico"
    own = item((("play", 1, (5, 6), 1), ("unmark", 1)), "mexican_train")
    assert say("en", own) == "Ana played [5|6] on their own train; their marker is off"
    other = item((("play", 3, (2, 5), 1),), "mexican_train")
    assert say("en", other) == "Cara played [2|5] on Ana's train"
    assert say("it", other) == "Cara ha giocato [2|5] sul treno (Ana)"


@pytest.mark.rule("MT-11")
def test_a_draw_then_a_pass_folds_into_one_line():
    seq = [item((("draw", 2),), "mexican_train"), item((("pass", 2), ("mark", 2)), "mexican_train"),
           item((("draw", 3),), "mexican_train"), item((("play", 3, (1, 7), "mexican"),), "mexican_train"),
           item((("draw", 4),), "mexican_train")]
    folded = fold(seq)
    assert len(folded) == 3
    assert say("en", folded[0]) == "Ben drew and passed; their train is open"
    assert say("ru", folded[0]) == "Ben: добор, пас; поезд отмечен, открыт для всех"
    assert say("uk", folded[0]) == "Ben: добір, пас; потяг позначено, відкрито для всіх"
    assert say("it", folded[0]) == "Ben ha pescato e ha passato; il suo treno è segnato, aperto a tutti"
    assert say("en", folded[1]) == "Cara drew and played [1|7] on the Mexican train"
    assert say("en", folded[2]) == "Dan drew a tile"
    # another seat's pass is never folded into a draw
    assert len(fold([item((("draw", 2),), "mexican_train"), item((("pass", 3),), "mexican_train")])) == 2


@pytest.mark.rule("CU-6")
def test_line_plays_name_the_end_and_the_first_tile_is_led_or_posed():
    right = item((("play", 1, (3, 5), "R", (5, 3)),), "cuban")
    assert say("en", right) == "Ana played [5|3] on the right end"
    assert say("ru", right) == "Ana: [5|3] на правый конец"
    assert say("it", right) == "Ana ha giocato [5|3] sull’estremità destra"
    left = item((("play", 2, (5, 5), "L", (5, 5)),), "jamaican")
    assert say("en", left) == "Ben played [5|5] on the left end"
    assert say("en", item((("play", 3, (6, 6), "L", (6, 6)),), "jamaican", first_play=True)) == "Cara posed [6|6]"
    assert say("en", item((("play", 3, (2, 6), "L", (2, 6)),), "cuban", first_play=True)) == "Cara led with [2|6]"
    assert say("en", item((("pass", 4),), "cuban")) == "Dan passed"


@pytest.mark.rule("CU-8")
def test_hand_ends_and_match_ends_of_the_line_games():
    won = item((("play", 2, (1, 4), "L", (4, 1)),
                ("deal_end", "out", (0, 5, 0, 9, 12), (0, 0, 23), ((), (), (), (), ()), 2, 23)), "cuban")
    assert say("en", won) == "Ben played [4|1] on the left end; team 2 scores 23 points"
    assert say("ru", won).endswith("команда 2: +23 очка")
    assert say("uk", won).endswith("команда 2: +23 очки")  # uk 2-4: «очки» (issue 30)
    blocked = item((("pass", 4), ("deal_end", "block", (0,) * 5, (0, 0, 0), (), None, 0)), "jamaican")
    assert say("en", blocked) == "Dan passed; the hand is blocked; a tie, no points"
    reset = item((("play", 1, (2, 3), "R", (2, 3)), ("deal_end", "out", (0,) * 5, (0, 0, 0), (), 1, 1),
                  ("reset", 1)), "jamaican")
    assert say("en", reset).endswith("team 1 won the hand: six love, both totals go back to 0")
    assert "«шесть\u00a0— ноль»" in say("ru", reset) and "«sei a zero»" in say("it", reset)
    match = item((("play", 1, (2, 3), "R", (2, 3)), ("deal_end", "out", (0,) * 5, (0, 104, 0), (), 1, 30),
                  ("match_end", (1,), (0, 104, 0), "pollona")), "cuban")
    assert say("en", match).endswith("team 1 wins the match: Pollona!")
    assert say("ru", match).endswith("матч выиграла команда 1: Pollona!")  # the verb agrees with «команда»
    assert say("uk", match).endswith("матч виграла команда 1: Pollona!")
    ja = item((("play", 1, (2, 3), "R", (2, 3)), ("deal_end", "out", (0,) * 5, (0, 6, 0), (), 1, 2),
               ("match_end", (1,), (0, 6, 0), None)), "jamaican")
    assert say("ru", ja).endswith("пара 1: +2 очка; матч выиграла пара 1")
    assert say("it", ja).endswith("la coppia 1 prende 2 punti; la coppia 1 vince la partita")


@pytest.mark.rule("MT-16")
def test_mexican_train_deal_and_match_ends_list_names_after_a_colon():
    out = item((("play", 3, (1, 1), 3), ("deal_end", "out", (0, 4, 9, 0), (0, 4, 9, 0), ((), (1, 3), (4, 5), ())),
                ("match_end", (3,), (0, 40, 50, 12))), "mexican_train")
    for code in i18n.LANGUAGES:
        assert say(code, out).endswith(": Cara"), code
    assert say("en", out) == ("Cara played [1|1] on their own train; the deal is over, out of tiles: Cara; "
                              "the match is over, lowest total: Cara")
    block = item((("pass", 2), ("deal_end", "block", (0, 4, 9), (0, 4, 9), ((), (1, 3), (4, 5)))), "mexican_train")
    assert say("en", block) == "Ben passed; the deal is over: the game is blocked"


@pytest.mark.rule("MT-5")
@pytest.mark.parametrize("count,ru,uk,en", [
    (1, "добрав с базара 1 кость", "добравши зі стосу 1 кісточку", "drawing 1 tile"),
    (2, "добрав с базара 2 кости", "добравши зі стосу 2 кісточки", "drawing 2 tiles"),
    (5, "добрав с базара 5 костей", "добравши зі стосу 5 кісточок", "drawing 5 tiles"),
    (11, "добрав с базара 11 костей", "добравши зі стосу 11 кісточок", "drawing 11 tiles"),
    (21, "добрав с базара 21 кость", "добравши зі стосу 21 кісточку", "drawing 21 tiles"),
    (22, "добрав с базара 22 кости", "добравши зі стосу 22 кісточки", "drawing 22 tiles"),
])
def test_the_start_search_counts_tiles_with_cldr_plurals_and_agreement(count, ru, uk, en):
    group = (("deal", 3, 10), *[("search", s) for s in (2, 3) for _ in range(count)], ("engine", 3, (10, 10)))
    it = item(group, "mexican_train")
    assert say("en", it) == f"Deal 3: Cara found the engine [10|10] after {en}"
    assert say("ru", it).endswith(ru) and say("uk", it).endswith(uk)
    assert "Cara" in say("it", it) and "[10|10]" in say("it", it)
    plain = item((("deal", 1, 12), ("engine", 2, (12, 12))), "mexican_train")
    assert say("en", plain) == "Deal 1: Ben places the engine [12|12]"


@pytest.mark.rule("CU-5")
def test_cuban_setup_lines():
    draw = item((("lead_draw", (2, 5), (1, 3)),), "cuban")
    assert say("en", draw) == "Lead draw: Ana [2|5], Ben [1|3]; team 1 has the right to lead"
    again = item((("lead_draw", (2, 5), (3, 4)),), "cuban")
    assert say("en", again) == "Lead draw: Ana [2|5], Ben [3|4]; equal, so they draw again"
    assert say("en", item((("accept", 3),), "cuban")) == "Cara accepted the hand"
    assert say("en", item((("redeal", 2, ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5))),), "cuban")) == \
        "Ben showed [1|1] [2|2] [3|3] [4|4] [5|5] and asked for a redeal"
    assert say("en", item((("lead", 1, 3),), "cuban")) == "Ana chose Cara to lead"
    assert say("en", item((("lead", 1, 1),), "cuban")) == "Ana chose to lead"
    assert say("en", item((("lead", 2, 4),), "jamaican")) == "Ben chose Dan to pose"
    assert say("en", item((("deal", 2),), "cuban")) == "Hand 2 is dealt"
    assert say("ru", item((("deal", 2),), "cuban")) == "Кон 2: кости розданы"
    assert say("ru", item((("deal", 2),), "jamaican")) == "Сдача 2: кости розданы"
    assert say("en", item((("match", 2),), "jamaican")) == "Match 2 begins"
    assert say("ru", item((("match", 2),), "mexican_train")) == "Партия 2"


def test_line_and_recent_read_the_session():
    session, rng = Session(Config("mexican_train", 4, 12)), random.Random(12)
    for _ in range(120):
        random_step(session, rng)
    names = NAMES[:4]
    history = session.view(1).history
    expected = [text(it, names) for it in items(history, session.game)]
    assert [line(session, i, names) for i in range(session.cursor)] == expected
    last = recent(history, session.game, names, count=4)
    assert len(last) == 4 and last == [text(it, names) for it in fold(items(history, session.game))][-4:]
    assert recent(history, session.game, names, count=0) == []
    session.undo()  # the ticker follows the log: the undone entries are gone from it
    after = items(session.view(1).history, session.game)
    assert len(after) == session.cursor and [text(it, names) for it in after] == expected[: session.cursor]
    with pytest.raises(ValueError):
        line(session, session.cursor, names)


def test_tile_text():
    assert tile_text((4, 6)) == "[4|6]"


def test_recent_reads_the_tail_and_says_what_the_whole_history_says(matches, matches_items):
    """The ticker's fast path (the history's tail) gives the lines of the whole fold, at any point."""
    for session, every in zip(matches, matches_items):
        history, names = session.view(1).history, NAMES[: session.config.players]
        ends = [1]
        for g in groups(history):
            ends.append(ends[-1] + len(g))
        step = max(1, len(ends) // 20)
        for k in [*range(0, len(ends), step), len(ends) - 1]:
            end = ends[k]
            prefix = history[:end]
            # the fold of the items up to ``end`` (the first k groups): the whole history's items
            # cut there, each worded from its own past only; the last three lines are worded (issue 26)
            whole = fold(every[:k])
            assert recent(prefix, session.game, names, count=3) == [text(it, names) for it in whole[-3:]], end


class _Scored(NamedTuple):
    """A variant's own kind (issue 39): points a seat scored with a play."""

    kind: Literal["test_ticker_scored"]
    seat: int
    points: int


def test_a_variants_own_kind_is_worded_by_its_kit_or_left_out(monkeypatch):
    monkeypatch.setattr(events, "_OWN", dict(events._OWN))
    monkeypatch.setattr(events, "_RECORDS", dict(events._RECORDS))
    events.register(_Scored)
    group = (("play", 2, (1, 4), "L", (4, 1)), ("test_ticker_scored", 2, 10))
    assert say("en", item(group, "cuban")) == "Ben played [4|1] on the left end"  # no words for it: left out

    class Fives(LineWords):
        def own(self, e):
            return [(None, "ticker.cuban_scores", {"team": e.seat, "count": e.points})]

    monkeypatch.setattr(type(kit_for("cuban")), "ticker", Fives("ticker.cuban_first", "ticker.cuban_deal",
                                                                ("ticker.cuban_lead", "ticker.cuban_lead_self"),
                                                                "ticker.cuban_scores", "ticker.cuban_match_end"))
    assert say("en", item(group, "cuban")) == "Ben played [4|1] on the left end; team 2 scores 10 points"
