"""Issue 37: a start never writes over a match.  A new match started while another is
unfinished keeps the old one aside (``game.kept``); Finished matches lists it, marked
unfinished, and one press puts it back on the table, its moves all there."""
from __future__ import annotations

from game import kept
from game.scenes.history import HistoryScene
from game.seats import COMPUTER, HUMAN, SeatConfig
from rules.actions import Action
from rules.session import Config, Session
from shell_driver import centre, click, frames, running_app


def _seats(n: int) -> list[SeatConfig]:
    return [SeatConfig("Ann", HUMAN)] + [SeatConfig(f"C{i}", COMPUTER) for i in range(2, n + 1)]


def _decisions(session: Session) -> int:
    return sum(isinstance(e, Action) for e in session.log[:session.cursor])


def test_a_new_match_keeps_the_unfinished_one_and_finished_matches_resumes_it():
    with running_app() as app:
        app.set_setting("computer_speed", "instant")
        app.start_match(Session(Config("jamaican", 4, 21)), _seats(4))
        play = app.play_state
        for _ in range(200):  # a few decisions into the hand
            if play.my_turn() and play.legal():
                play.apply(play.legal()[0])
            frames(app, 1)
            if _decisions(play.session) >= 6:
                break
        first = list(play.session.log[:play.session.cursor])
        app.start_match(Session(Config("mexican_train", 3, 5)), _seats(3))  # New game's Start
        assert any("unfinished" in text.lower() for text, _ in app.notices)
        [entry] = kept.listing()
        assert entry.game == "jamaican" and entry.decisions == sum(isinstance(e, Action) for e in first) >= 6

        scene = HistoryScene(app)
        app.stack.push(scene)
        frames(app, 2)
        row = next(b for b in scene._controls if "Jamaican" in getattr(getattr(b, "element", None), "text", ""))
        click(app, centre(row))
        frames(app, 2)
        back = app.play_state.session
        assert back.config.game == "jamaican" and list(back.log[:back.cursor]) == first
        assert all(k.game != "jamaican" for k in kept.listing())  # it is the autosave's again
