"""Fuzz of the save loader (issue 13, item 1): any damage gives a SaveFileError, never another exception.

Thousands of seeded mutations of real saves of the three games (values of any
JSON type put anywhere, entries dropped, duplicated or swapped, bytes flipped,
files cut) go through ``rules.save.loads``: each either loads (the mutation
kept it a valid save) or raises ``SaveFileError`` with a known ``problem`` and
a one-line message.  A journal gets the same treatment through
``apply_journal``.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from rules import Config, SaveFileError, Session
from rules import save as rules_save
from session_probe import random_step

PROBLEMS = {"unreadable", "too_big", "corrupt", "foreign", "newer", "damaged", "invalid"}
ODD_VALUES = [None, True, False, 0, -1, 1, 3, 13, 2**31, 2**64, -2**70, 1.5, float("nan"), float("inf"), "",
              "x", "deal", "play", "mexican", "L", "R", [], {}, [12, 12], [[1, 2]], [[[1]]], {"kind": "play"},
              {"kind": "deal", "hands": [], "stock": []}, "9" * 300, [None] * 5]


def _save(game: str, seed: int) -> dict:
    session = Session(Config(game, 4, seed))
    rng = random.Random(seed)
    for _ in range(40):
        random_step(session, rng)
    session.undo()
    return json.loads(rules_save.dumps(session, {"seats": []}))


def _places(data, path=()):
    """Every (container, key) inside ``data``."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield data, k
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield data, i
            yield from _places(v, path + (i,))


def mutate(good: dict, rng: random.Random) -> bytes:
    data = json.loads(json.dumps(good))
    for _ in range(rng.choice((1, 1, 2, 3))):
        places = list(_places(data))
        container, key = rng.choice(places)
        roll = rng.random()
        if roll < 0.6:
            container[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif roll < 0.75 and isinstance(container, list) and container:
            del container[key]
        elif roll < 0.85 and isinstance(container, list):
            container.insert(key, json.loads(json.dumps(container[key])))
        elif roll < 0.95 and isinstance(container, dict):
            container[rng.choice(["extra", "kind", "tile", "hands"])] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif isinstance(container, list) and len(container) > 1:
            j = rng.randrange(len(container))
            container[key], container[j] = container[j], container[key]
    text = json.dumps(data).encode()
    if rng.random() < 0.1:
        cut = bytearray(text)
        cut[rng.randrange(len(cut))] = rng.randrange(256)
        text = bytes(cut)
    return text


def _check(attempt) -> None:
    try:
        attempt()
    except SaveFileError as e:
        assert e.problem in PROBLEMS and "\n" not in str(e) and len(str(e)) < 500, str(e)


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_mutated_saves_raise_only_save_file_errors(game):
    good = _save(game, 4)
    rng = random.Random(game)
    for _ in range(400):
        content = mutate(good, rng)
        _check(lambda content=content: rules_save.loads(content))


def test_mutated_journals_raise_only_save_file_errors():
    session = Session(Config("mexican_train", 3, 2))
    snapshot = rules_save.dumps(session).encode()
    rng = random.Random(2)
    lines = [rules_save._journal_header(rules_save._token(snapshot))]
    for _ in range(30):
        random_step(session, rng)
        if rng.random() < 0.2:
            session.undo()
        lines.append(json.dumps({"at": len(session._log) - 1,
                                 "add": [rules_save.entry_to_json(session._log[-1])], "cursor": session.cursor}))
    for _ in range(300):
        mutated = list(lines)
        i = rng.randrange(1, len(mutated))
        record = json.loads(mutated[i])
        mutated[i] = mutate(record, rng).decode("utf-8", "replace")

        def attempt(mutated=mutated):
            data = rules_save.check_structure(json.loads(snapshot))
            rules_save.apply_journal(data, snapshot, ("\n".join(mutated) + "\n").encode())
            rules_save.build(data)

        _check(attempt)
