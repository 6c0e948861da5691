"""A child for the kill test: resume the autosave, then play and autosave in a loop until killed.

Usage: ``python tests/game/autosave_child.py SEED`` with ``DOMINO_TABLE_HOME`` set.
Before each save it prints ``about <fingerprint>``, after it ``saved
<fingerprint>`` (flushed), so the parent knows what was committed and what was
being written when it killed the child.  Play mixes decisions with undo, redo
and now and then a resume, so the journal's cuts and cursor moves (UX-6) and
the snapshot's rewrite are all killed in the middle at some point.
"""
from __future__ import annotations

import hashlib
import random
import sys

from game import storage
from rules import Config, Session
from rules.save import entry_to_json
from session_probe import random_step


def fingerprint(session: Session) -> str:
    """The whole log (redo tail included) and the cursor, as a short hash."""
    text = repr((session.cursor, [entry_to_json(e) for e in session._log]))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def step(session: Session, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.12 and session.undo():
        return
    if roll < 0.2 and session.redo():
        return
    random_step(session, rng)


def main(seed: int) -> None:
    result = storage.load_game()
    if result.problem:
        print(f"problem {result.problem}: {result.reason}", flush=True)
        sys.exit(3)
    session = result.session or Session(Config(("mexican_train", "cuban", "jamaican")[seed % 3], 4, seed))
    rng = random.Random(seed)
    while True:
        print(f"about {fingerprint(session)}", flush=True)
        if not storage.save_game(session, {"seats": [], "n": session.cursor}):
            print("failed", flush=True)
            sys.exit(4)
        print(f"saved {fingerprint(session)}", flush=True)
        if rng.random() < 0.03:  # as a restart does: the next save rewrites the snapshot
            session = storage.load_game().session
        step(session, rng)


if __name__ == "__main__":
    main(int(sys.argv[1]))
