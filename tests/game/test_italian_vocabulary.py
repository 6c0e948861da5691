"""The Italian speaks the words of the user's own Italian rules (seeds/002).

The seed calls a deal a "mano" ("13 mani di penalità", "13 mani dal doppio 12"),
the boneyard the "riserva", the Mexican train the public train ("pubblico
sempre aperto"), a marked train "segnato", and the next match the "prossima
sessione" (MT-20).  These checks keep a stray synonym (such as "smazzata") from
coming back into one screen while the others say "mano".
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import i18n

LOCALES = Path(__file__).resolve().parents[2] / "locales"


def italian_strings() -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(LOCALES.glob("*.it.json")):
        ns = path.name.split(".")[0]
        for key, value in json.loads(path.read_text(encoding="utf-8"))["it"].items():
            forms = value.values() if isinstance(value, dict) else [value]
            for i, text in enumerate(forms):
                out[f"{ns}.{key}#{i}"] = text
    return out


@pytest.fixture(autouse=True)
def italian():
    i18n.set_language("it")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("word", ["smazzat", "segnalin"])
def test_no_italian_string_uses_a_word_the_seed_does_not(word):
    found = [k for k, v in italian_strings().items() if word in v.lower()]
    assert found == []


def test_a_deal_is_a_mano_on_every_screen():
    assert i18n.t("table.deal_of", deal=3, deals=13) == "Mano 3 di 13"
    assert i18n.t("table.deal_over_title", deal=4).startswith("Mano 4")
    assert i18n.t("table.next_deal", deal=5).startswith("Prossima mano")
    from game.rules_text import rules_text
    assert "13 mani" in rules_text("mexican_train")


def test_boneyard_public_train_marks_and_the_next_match_follow_the_seed():
    assert i18n.t("table.boneyard", count=1).startswith("Riserva: 1 tessera")
    assert i18n.t("table.boneyard", count=7).startswith("Riserva: 7 tessere")
    assert "pubblico" in i18n.t("table.mexican_train").lower()
    # the log's play line contracts "su il" to "sul", as Italian must
    assert i18n.t("ui.log_play", name="Ann", tile="[1|2]", train=i18n.t("ui.train_mexican")) \
        == "Ann posa [1|2] sul treno pubblico"
    assert i18n.t("ui.log_play", name="Ann", tile="[1|2]", train=i18n.t("ui.train_of", name="Bob")) \
        == "Ann posa [1|2] sul treno (Bob)"
    assert "segnato" in i18n.t("table.prompt_pass")
    assert i18n.t("table.next_match") == "Prossima sessione"
    assert i18n.t("table.match_over_title", match=2).startswith("Sessione 2")


@pytest.mark.rule("JA-9")
def test_the_line_games_play_partite_and_the_cuban_leader_is_primo_di_mano():
    """Issue 30: a Cuban or Jamaican match is a «partita»; a Jamaican «sessione» is what
    forces the [6|6] pose again (JA-9), so its match end must not offer a «Prossima sessione»."""
    from game.kits import kit_for
    for game in ("cuban", "jamaican"):
        kit = kit_for(game)
        assert kit.match_words("next_match") == "Prossima partita"
        assert kit.match_words("match_over_title", match=2) == "Partita 2 finita"
        assert "vince la partita" in kit.w("team_wins", team=1, names="Ann, Bob")
    assert i18n.t("line.cuban.opener", name="Ann") == "Primo di mano: Ann"
    assert "diritto di iniziare" in i18n.t("line.cuban.note_right_to_lead", team=1)
