"""``rules selfplay`` over many matches runs in bounded memory (issue 13, item 3).

The past is forgotten at each new match (log, undo snapshots, written
records, earlier matches' history), and the transcript is byte for byte the
one written when everything is kept.
"""
from __future__ import annotations

import io

import pytest

from rules import selfplay
from rules.policies import POLICIES
from rules.session import Config


def _run(game: str, matches: int, policy: str = "random"):
    out = io.StringIO()
    session = selfplay.run(Config(game, 4, 5), matches, [POLICIES[policy]], out)
    return session, out.getvalue()


@pytest.mark.parametrize("game", ["mexican_train", "cuban", "jamaican"])
def test_after_many_matches_only_the_current_match_is_kept(game, monkeypatch):
    session, text = _run(game, 4)
    assert text.count('{"match":') == 4
    state = session.state
    assert state.records == []  # written, then dropped
    assert sum(1 for e in state.history if e[0] == "match") <= 1
    with monkeypatch.context() as m:
        m.setattr(selfplay, "_forget_past_matches", lambda session: None)
        full, _ = _run(game, 4)
    kept = len(session._log)
    assert 0 < kept < len(full._log) and session._log == full._log[-kept:]  # the last match only
    last_match = max(i for i, e in enumerate(full._log) if type(e).__name__ == "NextMatch")
    assert kept < len(full._log) - last_match
    assert len(session._snapshots) < len(full._snapshots)
    assert len(state.history) < len(full.state.history)


@pytest.mark.parametrize("game,policy", [("mexican_train", "greedy"), ("cuban", "random"), ("jamaican", "greedy")])
def test_forgetting_the_past_changes_nothing_in_the_transcript(game, policy, monkeypatch):
    _, forgetting = _run(game, 3, policy)
    monkeypatch.setattr(selfplay, "_forget_past_matches", lambda session: None)
    _, keeping = _run(game, 3, policy)
    assert forgetting == keeping
