"""Issue 30: a Cuban or Jamaican screen speaks that game's own words.

The line games' match-end screens once borrowed Mexican Train's keys
(``table.match_over_title``, ``table.next_match``, ``ui.log_match``): "Партия 1
окончена", "Prossima sessione" under a top bar saying "Матч 1", "Partita 1",
and in Italian Jamaican a wrong rule (a new *session* forces the [6|6] pose,
JA-9; this button starts the next *match*).  Here the real screens are drawn
(``--screenshot`` of a computer-only match: table, hand end, match end, log,
rules) with every key looked up recorded, and each key must be the game's own
(``locales/glossary.json`` "games") or shared by all games, and its text in
every language must keep that game's glossary.
"""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import i18n
from game.__main__ import main
from game.kits import KITS, kit_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_locales_glossary import LANGUAGES, owner_of, strings, violations  # noqa: E402

#: the games the line kit's folder draws (``game.kits.KITS``): each has its own ``line.GAME.*`` words
LINE_GAMES = tuple(game for game, (module, _) in KITS.items() if module.split(".")[0] == "line")
SCENES = ("table", "deal_end", "match_end", "log", "rules")


def record(monkeypatch) -> set[str]:
    """Every key ``game.i18n`` looks up from now on (``t`` always goes through ``_lookup``)."""
    seen: set[str] = set()
    lookup = i18n._lookup

    def recording(key: str, code: str):
        seen.add(key)
        return lookup(key, code)

    monkeypatch.setattr(i18n, "_lookup", recording)
    return seen


#: one worker runs the module (``--dist loadgroup``): ``shown`` takes a demo match's screenshots
pytestmark = pytest.mark.xdist_group("locales_games")


@pytest.fixture(scope="module")
def shown(tmp_path_factory) -> dict[str, set[str]]:
    """The keys each line game's screens look up, from real screenshots of a demo match."""
    out: dict[str, set[str]] = {}
    folder = tmp_path_factory.mktemp("shots")
    with pytest.MonkeyPatch.context() as mp:
        for game in LINE_GAMES:
            seen = record(mp)
            for scene in SCENES:
                shot = folder / f"{game}_{scene}.png"
                assert main(["--screenshot", str(shot), "--scene", scene, "--demo", "4", "--game", game,
                             "--size", "960x540", "--after", "30", "--lang", "ru"]) == 0
            out[game] = set(seen)
            mp.undo()
    i18n.set_language("en")
    return out


@pytest.mark.rule("CU-10")
@pytest.mark.rule("JA-8")
@pytest.mark.parametrize("game", LINE_GAMES)
def test_the_match_end_says_the_games_own_words(game, shown):
    own = {f"line.{game}.{word}" for word in ("match_over_title", "next_match", "team_wins", "log_match")}
    assert own <= shown[game], sorted(own - shown[game])


@pytest.mark.parametrize("game", LINE_GAMES)
def test_a_line_game_screen_shows_no_other_games_words(game, shown):
    foreign = sorted(k for k in shown[game] if owner_of(k) not in (None, game))
    assert foreign == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", LINE_GAMES)
def test_every_text_a_line_game_shows_keeps_its_glossary(game, code, shown):
    """Each text, read as if it were one of the game's own (``line.GAME.``), keeps the game's
    words: a borrowed «Партия» fails the Cuban «матч», a borrowed «sessione» the «partita»."""
    texts = strings(code)
    # the names of the games (ui.game_*: the title's and the form's «Domino giamaicano a coppie»)
    # name the other games in their own words
    as_own = {f"line.{game}.~{key}": text for key, text in texts.items()
              if key.split("#")[0] in shown[game] and not key.startswith("ui.game_")}
    assert violations(code, as_own) == []


@pytest.mark.parametrize("game", LINE_GAMES)
def test_the_last_hands_button_says_see_the_match_result_in_the_games_words(game, monkeypatch):
    """The hand-end screen of a match's last hand (DealEndScene.labels_with_undo)."""
    from game.scenes.deal_end import DealEndScene
    seen = record(monkeypatch)
    play = SimpleNamespace(kit=kit_for(game), session=SimpleNamespace(match_over=lambda: True),
                           can_undo=lambda: False)
    labels = DealEndScene.labels_with_undo(SimpleNamespace(play=play), None, "next")
    assert labels == [("continue", i18n.t(f"line.{game}.see_result"))]
    assert "table.see_result" not in seen


def test_mexican_train_keeps_its_own_match_words():
    kit = kit_for("mexican_train")
    i18n.set_language("it")
    try:
        assert kit.match_words("next_match") == i18n.t("table.next_match") == "Prossima sessione"
        assert kit_for("jamaican").match_words("next_match") == "Prossima partita"
    finally:
        i18n.set_language("en")
