"""Mexican Train's spoken words (issue 41): the trains as targets, every train's open end and
marker, the double that must be covered, the totals and the boneyard (MT-7, MT-12, MT-14,
MT-17).

``game.speech.words`` asks these through ``family_part(game, "speech")``; each reads the
view of the seat on screen (UX-4) and says numbers in words (``speech.pips_N``).
"""
from __future__ import annotations

from ...i18n import t
from .prompts import train_phrase


def _pips(n: int) -> str:
    return t(f"speech.pips_{n}")


def target_words(play, key) -> str:
    """MT-7: a tile goes on a train: yours, the Mexican train or another player's."""
    return train_phrase(play, key)


def prompt_words(play) -> str:
    """The kit's prompt as it is (its doubles, "6|6", are said as tiles by the speech)."""
    return play.kit.prompt(play)


def table_words(play) -> str:
    """The engine, then every train's open end, and its marker (MT-12)."""
    view = play.view()
    trains = []
    for train in view.trains:
        key = "speech.train_marked" if train.marked else "speech.train_end"
        trains.append(t(key, train=train_phrase(play, train.key), number=_pips(train.open_end)))
    return t("speech.engine", tile=t("speech.double", a=_pips(view.engine))) + " " + "; ".join(trains)


def must_words(play, seat: int) -> str:
    """MT-14: the oldest open double must be covered first."""
    view = play.view()
    if not view.obligations:
        return ""
    key = view.obligations[0]
    end = view.train(key).open_end
    return t("speech.must_cover", name=play.name(seat), tile=t("speech.double", a=_pips(end)),
             train=train_phrase(play, key))


def score_words(play) -> str:
    """MT-17: every seat's penalty total so far (the lowest wins, MT-18)."""
    view = play.view()
    return "; ".join(t("speech.total_of", name=play.name(s), count=view.totals[s])
                     for s in range(1, len(play.seats) + 1))


def stock_words(play) -> str:
    """MT-11: the tiles left in the boneyard."""
    return t("table.boneyard", count=play.view().boneyard)
