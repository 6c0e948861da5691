"""Pool paired-screen pieces (issue 16, sixth round): exact, from per-deal pair scores.

The fifth round's 243 deals (seeds 9000-9242) left only aggregates in the docs
(249-230-7, pair mean +0.078, -0.070..+0.227, 90 of 243 differ).  Their pair sum is
wins - losses = 19; the sum of squared pair scores follows from the interval: pair
scores are -2..2, so with k deals at +-2 and 90-k at +-1 the sum of squares is 90 + 3k,
and only k = 83 (339) reproduces the printed interval (k = 82 gives +0.226 at the top, 84 -0.071 at the bottom).
So n, sum and sum of squares are exact, and pooling with the new per-deal scores is exact.
Usage: python tools/pool_screens.py GAME docs/paired-screens/jam_*.json  (prior aggregates only for Jamaican)
"""
import json
import math
import sys

Z = 1.959963984540054


def wilson(won, lost, tied):
    n = won + lost + tied
    p = (won + 0.5 * tied) / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return round(p, 3), round(c - h, 3), round(c + h, 3)


def summary(n, s, ss, won, lost, tied, differ):
    m = s / n
    var = (ss - n * m * m) / (n - 1)
    half = Z * math.sqrt(var / n)
    return {"deals": n, "won_lost_tied": [won, lost, tied], "share": wilson(won, lost, tied),
            "pair_mean": [round(m, 3), round(m - half, 3), round(m + half, 3)], "differ": differ}


game = sys.argv[1]
files = sys.argv[2:]
prior = (243, 19, 339, 249, 230, 7, 90) if game == "jamaican" else (0, 0, 0, 0, 0, 0, 0)
if game == "jamaican":
    print("prior check", summary(*prior))
n, s, ss, won, lost, tied, differ = 0, 0, 0, 0, 0, 0, 0
seeds = []
for f in files:
    d = json.load(open(f))
    seeds.append(d["seeds"])
    for a, b in d["per_deal"]:
        p = a + b
        n += 1
        s += p
        ss += p * p
        differ += p != 0
        for x in (a, b):
            won += x == 1
            lost += x == -1
            tied += x == 0
seeds.sort()
first, last = (seeds[0][0], seeds[-1][1]) if seeds else (None, None)
print("new", first, last, summary(n, s, ss, won, lost, tied, differ))
if game == "jamaican" and n:
    tot = [x + y for x, y in zip(prior, (n, s, ss, won, lost, tied, differ))]
    print("pooled", summary(*tot))
