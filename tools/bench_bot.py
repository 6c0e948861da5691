"""Strength and speed of the computer player (issue 4), printed as JSON.

Strength, at the normal level unless ``--level`` says otherwise:
- Mexican Train, 4 seats: one bot against three greedy (or random) players,
  the bot's seat rotating, over whole 13-deal matches.  The figure is the ratio
  of the bot's mean penalty per deal to the other players' (lower is better),
  with a 95% confidence interval by the delta method over matches.
- Cuban and Jamaican: a team of bots (seats 1 and 3, or 2 and 4 in every other
  hand) against a team of greedy (or random) players.  The figure is the share
  of decided hands the bots' team won (ties are counted apart), with a Wilson
  95% interval.
For scale, the same share for two reference teams: a greedy team against
random players (``reference_greedy_vs_random``), and a team that sees every
hand and the opponents' policy (``reference_peeking_vs_*``,
``tools/peeking_team.py``).  What even the peeking team loses is the deal's
share, which bounds every figure a fair player can reach.
Expert (issue 16): a team of expert bots against greedy players (Cuban,
Jamaican; hands won), and one expert against three hard bots in Mexican Train
(the expert's mean penalty per deal over theirs).
OpenSpiel (issue 16, with the optional ``bench`` extra): a team of our bots
against a team of OpenSpiel's ``ISMCTSBot`` (100 and 1000 simulations,
random rollouts) on Jamaican hands played through ``team_dominoes``
(``tools/openspiel_jamaican.py``: the [6|6] pose, the Jamaican result, hidden
hands resampled consistently with the ISMCTS player's knowledge).  Every deal
is played twice, the teams swapped; the figure is our share of hands won with
a Wilson interval, and both sides' decision times.
Speed: wall time per decision with two or more legal actions, p50 and p99 per
level and game, with distribution-free 95% intervals from order statistics.

The clock is read here, by the benchmark only: the bot itself counts nodes.
Usage: ``python tools/bench_bot.py [--quick] [--jobs N] [--out FILE] [--hands N] [--matches N]
[--expert-hands N] [--expert-matches N] [--openspiel-deals N100,N1000] [--openspiel-levels L,L]
[--only main|openspiel]``
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import peeking_team  # noqa: E402
from rules.bots import choose_policy  # noqa: E402
from rules.policies import POLICIES  # noqa: E402
from rules.line import team_of  # noqa: E402
from rules.rng import stream  # noqa: E402
from rules.session import Config, Session  # noqa: E402
from rules.variants import GAMES  # noqa: E402

Z = 1.959963984540054
PARTNERSHIP = ("cuban", "jamaican")
#: the clock of a decision: wall time, or with ``--cpu-clock`` the process's CPU time, which a
#: machine shared with other work does not inflate (every decision runs in one thread)
CLOCK = [time.perf_counter]
#: the reference team that sees every hand (tools/peeking_team.py)
PEEKING = "peeking"


# ------------------------------------------------------------------ statistics

#: The expert's hands a game in a ``--quick`` smoke run (each costs it about 3.5 s).
QUICK_EXPERT_HANDS = 10

#: ``--smoke``: the quick run's every figure from the fewest samples that still give an
#: interval, for the test that checks the benchmark's shape (tests/tools/test_bot_bench.py); its
#: figures say nothing of strength.  Its expert timings are the expert's own decisions in
#: the expert figures (no match of its own), and OpenSpiel's searches are small (10 and 20
#: simulations for the 100 and 1000 of a real run): the ISMCTS-1000 hands were a quarter of it.
#: Its expert's Mexican Train "matches" are their first ``expert_mt_deals`` deals (a whole
#: match of 13 was a third of the smoke run).
SMOKE = {"hands": 8, "chunk": 4, "matches": 2, "expert_hands": 2, "expert_chunk": 2, "expert_matches": 2,
         "expert_mt_deals": 2, "speed_mt": 1, "speed_hands": 4, "openspiel_deals": "1,1",
         "ismcts_sims": (10, 20)}
#: ISMCTS's simulations per decision in a real run: the weaker and the stronger searcher
ISMCTS_SIMS = (100, 1000)

def ratio_ci(num: list[float], den: list[float]) -> dict:
    """mean(num)/mean(den) with a delta-method 95% interval over paired samples."""
    n = len(num)
    mn, md = sum(num) / n, sum(den) / n
    r = mn / md if md else float("inf")
    if n < 2 or not md:
        return {"value": r, "ci95": [None, None], "n": n}
    d = [(a - r * b) / md for a, b in zip(num, den)]
    mean_d = sum(d) / n
    sd = math.sqrt(sum((x - mean_d) ** 2 for x in d) / (n - 1))
    half = Z * sd / math.sqrt(n)
    return {"value": round(r, 4), "ci95": [round(r - half, 4), round(r + half, 4)], "n": n}


def means_ratio_ci(num: list[float], den: list[float]) -> dict:
    """mean(num)/mean(den) of two independent samples (our decisions and ISMCTS's), with a
    delta-method 95% interval: the ratio's relative error is the two means' added in
    quadrature.  ``n`` is the smaller sample."""
    n = min(len(num), len(den))
    if n < 2:
        return {"value": None, "ci95": [None, None], "n": n}

    def mean_se(xs: list[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
    (ma, sa), (mb, sb) = mean_se(num), mean_se(den)
    if not (ma and mb):
        return {"value": None, "ci95": [None, None], "n": n}
    r = ma / mb
    half = Z * r * math.sqrt((sa / ma) ** 2 + (sb / mb) ** 2)
    return {"value": round(r, 4), "ci95": [round(max(0.0, r - half), 4), round(r + half, 4)], "n": n}


def wilson(k: int, n: int) -> dict:
    if n == 0:
        return {"value": None, "ci95": [None, None], "n": 0}
    p = k / n
    den = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / den
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / den
    return {"value": round(p, 4), "ci95": [round(centre - half, 4), round(centre + half, 4)], "n": n}


def quantile_ci(samples: list[float], q: float) -> dict:
    """The q-quantile with a distribution-free 95% interval (binomial order statistics)."""
    xs = sorted(samples)
    n = len(xs)
    if n == 0:
        return {"value": None, "ci95": [None, None], "n": 0}
    k = min(n - 1, max(0, math.ceil(q * n) - 1))
    half = Z * math.sqrt(n * q * (1 - q))
    lo = min(n - 1, max(0, math.floor(n * q - half) - 1))
    hi = min(n - 1, max(0, math.ceil(n * q + half)))
    ms = lambda x: round(x * 1000, 3)  # noqa: E731
    return {"value": ms(xs[k]), "ci95": [ms(xs[lo]), ms(xs[hi])], "n": n}


def mean_ci(xs: list[float]) -> dict:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n) if n > 1 else 0.0
    return {"value": round(m, 3), "ci95": [round(m - half, 3), round(m + half, 3)], "n": n}


# ------------------------------------------------------------------ matches

def _policy(name: str):
    return choose_policy(name) if name.startswith("bot") else POLICIES[name]


def timed_choice(bot, view, rng, times: list[float]):
    """The bot's action; its time is recorded when there was a real choice."""
    t0 = CLOCK[0]()
    action = bot(view, rng)
    if len(view.legal) > 1:
        times.append(CLOCK[0]() - t0)
    return action


def mexican_match(args: tuple) -> tuple[float, float, list[float]]:
    """One 13-deal match: the bot at one seat, ``opponent`` elsewhere.

    ``args``: (seed, bot, opponent) or (seed, bot, opponent, deals): then only the match's
    first ``deals`` deals are played (the smoke run's expert).
    Returns the bot's mean penalty per deal, the others' and the bot's decision times.
    """
    seed, bot_name, opponent, *cap = args
    max_deals = cap[0] if cap else None
    players = 4
    bot_seat = seed % players + 1
    bot, other = _policy(bot_name), _policy(opponent)
    session = Session(Config("mexican_train", players, seed))
    rngs = [stream(seed, "bench", s) for s in range(players + 1)]
    times: list[float] = []
    while not session.match_over():
        if max_deals is not None and session.state.deal_no > max_deals:
            break  # the next deal is dealt: the first ``max_deals`` are scored
        seat = session.to_act()
        view = session.view(seat)
        if seat == bot_seat:
            action = timed_choice(bot, view, rngs[seat], times)
        else:
            action = other(view, rngs[seat])
        session.apply(action)
    totals = session.state.totals
    deals = session.state.deal_no if max_deals is None else min(session.state.deal_no, max_deals)
    mine = totals[bot_seat] / deals
    rest = sum(totals[s] for s in range(1, players + 1) if s != bot_seat) / (players - 1) / deals
    return mine, rest, times


def partnership_hands(args: tuple[str, int, int, str, str]) -> tuple[int, int, int, list[float]]:
    """``hands`` decided hands of a partnership game, bots on one team; (won, lost, tied, times).

    Matches follow one another at one table; the bots are seats 1 and 3 in one
    hand and 2 and 4 in the next.  Redeals (CU-4) are not hands.
    """
    game, seed, hands, bot_name, opponent = args
    other = _policy(opponent)
    if bot_name == PEEKING:
        def bot(view, rng):  # reads the whole table: a reference, never a player (UX-4)
            return peeking_team.choose(session.state, opponent, rng)
    else:
        bot = _policy(bot_name)
    won = lost = tied = 0
    times: list[float] = []
    session = Session(Config(game, 4, seed))
    rngs = [stream(seed, "bench", s) for s in range(5)]
    seen = len(session.state.records)
    h = 0
    while won + lost + tied < hands:
        if session.match_over():
            session.next_match()
            continue
        bot_team = 1 + h % 2
        seat = session.to_act()
        view = session.view(seat)
        if (1 if seat % 2 else 2) == bot_team:
            action = timed_choice(bot, view, rngs[seat], times)
        else:
            action = other(view, rngs[seat])
        session.apply(action)
        records = session.state.records
        for r in records[seen:]:
            if "deal_end" not in r:
                continue
            end = r["deal_end"]
            if end["reason"] == "redeal":
                continue
            h += 1
            if end["winner_team"] is None:
                tied += 1
            elif end["winner_team"] == bot_team:
                won += 1
            else:
                lost += 1
        seen = len(records)
    return won, lost, tied, times


# ------------------------------------------------------------------ OpenSpiel

def openspiel_hands(args: tuple[int, int, str, int]) -> tuple[int, int, int, list[float], list[float]]:
    """Deals ``first .. first+count-1``, each played twice (our team on seats 1 and 3, then 2 and 4)
    by our ``level`` against ISMCTS with ``sims`` simulations; (won, lost, tied, our times, theirs)."""
    import openspiel_jamaican as oj  # needs the optional bench extra
    first, count, level, sims = args
    won = lost = tied = 0
    ours_t: list[float] = []
    theirs_t: list[float] = []
    bot = choose_policy(f"bot:{level}")
    for seed in range(first, first + count):
        for our_team in (1, 2):
            table = oj.Table(seed)
            rngs = [stream(seed, "openspiel", our_team, s) for s in range(5)]
            searchers = {s: oj.ismcts_bot(table.game, sims, seed * 10 + our_team * 5 + s) for s in (1, 2, 3, 4)}
            while not table.over():
                seat = table.to_act()
                legal = table.ours.legal_actions()
                t0 = CLOCK[0]()
                if team_of(seat) == our_team:
                    action = bot(table.ours.view(seat), rngs[seat])
                    times = ours_t
                else:
                    action = table.to_ours(int(searchers[seat].step(table.spiel)))
                    times = theirs_t
                if len(legal) > 1:
                    times.append(CLOCK[0]() - t0)
                table.apply(action)
            winner = table.winner_team()
            if winner is None:
                tied += 1
            elif winner == our_team:
                won += 1
            else:
                lost += 1
    return won, lost, tied, ours_t, theirs_t


def openspiel_run(pool, plan: list[tuple[int, int, list[str], int]], first: int = 20000) -> dict:
    """Our levels against ISMCTS on Jamaican hands (issue 16).

    ``plan``: (simulations, deals, our levels, deals per task) for each ISMCTS strength.
    """
    try:
        import openspiel_jamaican  # noqa: F401
    except ImportError as e:
        return {"available": False, "reason": f"open_spiel is not importable ({e}); "
                "install the bench extra: pip install -e .[bench]"}
    out: dict = {"available": True, "deals": {f"ismcts_{sims}": n for sims, n, _, _ in plan},
                 "note": "each deal played twice, teams swapped; ISMCTSBot uct_c 2, random rollouts, "
                         "worlds resampled consistently with its player's knowledge"}
    for sims, n_deals, levels, chunk in plan:
        for level in levels if n_deals else ():
            tasks = [(first + c, min(chunk, n_deals - c), level, sims)
                     for c in range(0, n_deals, chunk)]
            t0 = time.perf_counter()
            res = list(pool.map(openspiel_hands, tasks))
            won, lost, tied = (sum(r[i] for r in res) for i in range(3))
            ours_t = [t for r in res for t in r[3]]
            theirs_t = [t for r in res for t in r[4]]
            out[f"{level}_vs_ismcts_{sims}"] = {
                "hands_won": dict(wilson(won, won + lost + tied), won=won, lost=lost, tied=tied),
                "decision_ms_ours": {"p50": quantile_ci(ours_t, 0.5), "p99": quantile_ci(ours_t, 0.99),
                                     "mean": round(1000 * sum(ours_t) / max(1, len(ours_t)), 2)},
                "decision_ms_ismcts": {"p50": quantile_ci(theirs_t, 0.5), "p99": quantile_ci(theirs_t, 0.99),
                                       "mean": round(1000 * sum(theirs_t) / max(1, len(theirs_t)), 2)},
                "seconds": round(time.perf_counter() - t0, 1),
            }
            # the "a quarter of its decision time or less": mean time per real decision
            out[f"{level}_vs_ismcts_{sims}"]["time_ratio_ours_over_ismcts"] = means_ratio_ci(ours_t, theirs_t)
    return out


# ------------------------------------------------------------------ runs

def partnership_share(pool, game: str, hands_total: int, chunk: int, team: str, opponent: str,
                      base: int = 5000) -> tuple[dict, list[float]]:
    """Hands won by ``team`` against ``opponent`` over ``hands_total`` hands; (figure, team's times)."""
    tasks = [(game, base + c, min(chunk, hands_total - c * chunk), team, opponent)
             for c in range((hands_total + chunk - 1) // chunk)]
    res = list(pool.map(partnership_hands, tasks))
    won, lost, tied = (sum(r[i] for r in res) for i in range(3))
    return dict(wilson(won, won + lost + tied), won=won, lost=lost, tied=tied), [t for r in res for t in r[3]]


def mexican_ratio(pool, matches: int, bot: str, opponent: str, times: list[float] | None = None,
                  deals: int | None = None) -> dict:
    """The bot's mean penalty per deal over the others'; ``times`` gets the bot's decision times.

    ``deals``: each match's first deals only (the smoke run), else whole matches."""
    cap = () if deals is None else (deals,)
    res = list(pool.map(mexican_match, [(1000 + i, bot, opponent, *cap) for i in range(matches)]))
    if times is not None:
        times += [t for r in res for t in r[2]]
    return dict(
        ratio_ci([r[0] for r in res], [r[1] for r in res]),
        bot_penalty_per_deal=mean_ci([r[0] for r in res]),
        others_penalty_per_deal=mean_ci([r[1] for r in res]),
    )


def speed(lvl: str, mt_matches: int, hands: int) -> dict:
    """Decision times of one level against greedy players, in this process alone."""
    name = f"bot:{lvl}"
    times: list[float] = []
    for i in range(mt_matches):
        times += mexican_match((7000 + i, name, "greedy"))[2]
    out = {"mexican_train": {"p50": quantile_ci(times, 0.5), "p99": quantile_ci(times, 0.99)}}
    for game in PARTNERSHIP:
        if game in GAMES:
            times = partnership_hands((game, 9000, hands, name, "greedy"))[3]
            out[game] = {"p50": quantile_ci(times, 0.5), "p99": quantile_ci(times, 0.99)}
    return out


def expert_run(pool, hands: int, chunk: int, mt_matches: int, games: tuple[str, ...] = PARTNERSHIP,
               base: int = 5000, mt_deals: int | None = None) -> dict:
    """Issue 16: the expert's team against greedy players (Cuban, Jamaican), and one expert
    against three hard bots in Mexican Train (its mean penalty over theirs).

    ``base``: the first session seed; chunk c of the hands plays seed ``base + c``.
    ``mt_deals``: the Mexican Train matches' first deals only (the smoke run).
    """
    out: dict = {}
    for game in games:
        if hands:
            out[f"{game}_hands_won_vs_greedy"], times = partnership_share(pool, game, hands, chunk,
                                                                          "bot:expert", "greedy", base)
            # the expert's own decisions in these hands (the clock of a shared machine)
            out[f"{game}_decision_ms"] = {"p50": quantile_ci(times, 0.5), "p99": quantile_ci(times, 0.99)}
    if mt_matches:
        times: list[float] = []
        out["mexican_train_penalty_ratio_vs_hard"] = mexican_ratio(pool, mt_matches, "bot:expert", "bot:hard", times,
                                                                   mt_deals)
        if mt_deals is not None:
            out["mexican_train_deals_per_match"] = mt_deals
        out["mexican_train_decision_ms"] = {"p50": quantile_ci(times, 0.5), "p99": quantile_ci(times, 0.99)}
    return out


def run(quick: bool, jobs: int, level: str, expert_hands: int | None = None,
        expert_matches: int | None = None, hands: int | None = None, matches: int | None = None,
        smoke: bool = False) -> dict:
    t_start = time.perf_counter()
    if smoke:
        quick = True
        hands, matches = hands or SMOKE["hands"], matches or SMOKE["matches"]
        expert_hands = SMOKE["expert_hands"] if expert_hands is None else expert_hands
        expert_matches = SMOKE["expert_matches"] if expert_matches is None else expert_matches
    mt_matches = matches or (8 if quick else 200)
    hands_total = hands or (40 if quick else 2000)
    chunk = SMOKE["chunk"] if smoke else 20 if quick else 100
    bot = f"bot:{level}"
    out: dict = {"level": level, "quick": quick, "games": sorted(GAMES), "hands": hands_total,
                 "matches": mt_matches, "strength": {}, "decision_ms": {}}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for opponent in ("greedy", "random"):
            key = f"vs_{opponent}"
            out["strength"].setdefault(key, {})["mexican_train_penalty_ratio"] = mexican_ratio(
                pool, mt_matches, bot, opponent)
            for game in PARTNERSHIP:
                out["strength"][key][f"{game}_hands_won"] = partnership_share(
                    pool, game, hands_total, chunk, bot, opponent)[0]
        # For scale: how much a plain greedy team wins against random players, and
        # how much a team that sees every hand wins: the deal's share of each hand.
        references = [("reference_greedy_vs_random", "greedy", "random")]
        references += [(f"reference_peeking_vs_{o}", PEEKING, o) for o in ("greedy", "random")]
        for key, team, opponent in references:
            for game in PARTNERSHIP:
                out["strength"].setdefault(key, {})[f"{game}_hands_won"] = partnership_share(
                    pool, game, hands_total, chunk, team, opponent)[0]
        # a quick run's expert hands are few: each costs about 3.5 s of the expert's thought
        e_hands = expert_hands if expert_hands is not None else (QUICK_EXPERT_HANDS if quick else 400)
        e_matches = expert_matches if expert_matches is not None else (4 if quick else 40)
        e_chunk = SMOKE["expert_chunk"] if smoke else 10 if quick else 25
        out["strength"]["expert"] = expert_run(pool, e_hands, e_chunk, e_matches,
                                               mt_deals=SMOKE["expert_mt_deals"] if smoke else None)
    # Speed: one process, bot levels in turn, against greedy players.
    speed_mt = SMOKE["speed_mt"] if smoke else 2 if quick else 8
    speed_hands = SMOKE["speed_hands"] if smoke else 20 if quick else 200
    for lvl in ("easy", "normal", "hard"):
        out["decision_ms"][lvl] = speed(lvl, speed_mt, speed_hands)
    if smoke:  # the expert's decisions in its strength figures: the shape, without another match
        expert = out["strength"]["expert"]
        out["decision_ms"]["expert"] = {game: expert[f"{game}_decision_ms"] for game in ("mexican_train",) + PARTNERSHIP}
    else:  # the expert thinks up to a second: fewer hands give the same order statistics' room
        out["decision_ms"]["expert"] = speed("expert", speed_mt, 6 if quick else 60)
    out["targets"] = {
        "partnership_hands_won_vs_greedy": ">= 0.60",
        "mexican_train_penalty_ratio_vs_greedy": "<= 0.85",
        "hands_won_vs_random": ">= 0.85",
        "expert": {"cuban_hands_won_vs_greedy": ">= 0.62", "jamaican_hands_won_vs_greedy": ">= 0.75",
                   "mexican_train_penalty_ratio_vs_hard": "<= 0.85"},
        "p99_ms": {"normal": "<= 50", "hard": "<= 250", "expert": "<= 1500"},
    }
    out["seconds"] = round(time.perf_counter() - t_start, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="a short run: a few matches and hands")
    p.add_argument("--smoke", action="store_true",
                   help="the quick run's shape from the fewest samples (for the benchmark's own test)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--level", default="normal", choices=["easy", "normal", "hard", "expert"])
    p.add_argument("--hands", type=int, help="hands per partnership figure (default 2000, quick 40)")
    p.add_argument("--matches", type=int, help="Mexican Train matches per figure (default 200, quick 8)")
    p.add_argument("--expert-hands", type=int, help="hands per partnership game for the expert figures")
    p.add_argument("--expert-matches", type=int, help="Mexican Train matches for the expert figure")
    p.add_argument("--openspiel-deals", default=None,
                   help="deals against ISMCTS-100 and -1000, e.g. 300,60 (default 300,60; quick 2,1)")
    p.add_argument("--openspiel-levels", default="normal,hard,expert",
                   help="our levels against ISMCTS-100")
    p.add_argument("--openspiel-seed", type=int, default=20000, help="the first deal's seed")
    p.add_argument("--openspiel-levels-1000", default="hard,expert", help="our levels against ISMCTS-1000")
    p.add_argument("--only", choices=["main", "expert", "openspiel", "speed"], help="run one part of the benchmark")
    p.add_argument("--expert-games", default="cuban,jamaican", help="with --only expert: the partnership games")
    p.add_argument("--expert-seed", type=int, default=5000,
                   help="with --only expert: the first session seed (20 hands a seed), to split a long run")
    p.add_argument("--speed-hands", type=int, default=60, help="with --only speed: hands per partnership game")
    p.add_argument("--cpu-clock", action="store_true",
                   help="time decisions by the process's CPU time, not the wall clock (a shared machine)")
    p.add_argument("--out", help="also write the JSON to this file")
    args = p.parse_args(argv)
    jobs = max(1, args.jobs)
    result: dict = {}
    if args.cpu_clock:
        CLOCK[0] = time.process_time
        result["clock"] = "process CPU time"
    if args.only == "speed":
        result["decision_ms"] = {lvl: speed(lvl, 2, args.speed_hands) for lvl in ("normal", "hard", "expert")}
    elif args.only == "expert":
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            e_hands = args.expert_hands if args.expert_hands is not None else (QUICK_EXPERT_HANDS if args.quick else 400)
            e_matches = args.expert_matches if args.expert_matches is not None else (4 if args.quick else 40)
            games = tuple(g for g in args.expert_games.split(",") if g in PARTNERSHIP)
            result["expert"] = expert_run(pool, e_hands, 10 if args.quick else 20, e_matches, games,
                                          args.expert_seed)
            result["expert"]["first_seed"] = args.expert_seed
    elif args.only != "openspiel":
        result = run(args.quick, jobs, args.level, args.expert_hands, args.expert_matches,
                     args.hands, args.matches, smoke=args.smoke)
    if args.only in (None, "openspiel"):
        try:
            default = SMOKE["openspiel_deals"] if args.smoke else "2,1" if args.quick else "300,60"
            n100, n1000 = (int(x) for x in (args.openspiel_deals or default).split(","))
        except ValueError:
            p.error("--openspiel-deals takes two counts, e.g. 300,60")
        levels = [x for x in args.openspiel_levels.split(",") if x]
        levels_1000 = [x for x in args.openspiel_levels_1000.split(",") if x]
        if args.quick or args.smoke:  # a short run: ISMCTS-1000 meets one level only
            levels_1000 = levels_1000[-1:]
        weak, strong = SMOKE["ismcts_sims"] if args.smoke else ISMCTS_SIMS
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            short = args.quick or args.smoke
            result["openspiel"] = openspiel_run(pool, [(weak, n100, levels, 2 if short else 10),
                                                       (strong, n1000, levels_1000, 1 if short else 4)],
                                                first=args.openspiel_seed)
            result["openspiel"]["first_seed"] = args.openspiel_seed
        result["openspiel"]["targets"] = {"expert_vs_ismcts_1000": ">= 0.55 at <= 1/4 of its decision time",
                                          "expert_vs_ismcts_100": ">= 0.62", "hard_vs_ismcts_100": ">= 0.58"}
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
