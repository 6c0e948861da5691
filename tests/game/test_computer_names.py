"""Issue 40: a computer's default name already says "computer", so the table never adds
"(computer)" after it ("Computer 3 to play (computer)", "Компьютер 4 (компьютер) делает ход");
a computer the players named ("Ada") still gets it, in every language."""
from __future__ import annotations

from game import i18n
from game.phases import AWAY
from game.seats import COMPUTER, SeatConfig, says_computer
from game.table import prompts, status
from rules import Config, Session
from shell_driver import make_app

#: The word "computer" as each language's table says it.
WORD = {"en": "computer", "ru": "компьютер", "uk": "комп’ютер", "it": "computer"}


def computers(text: str) -> int:
    """How many times ``text`` says "computer", in any language (a default name keeps the
    language it was made in: "Computer 1" on a Russian table)."""
    return sum(text.lower().count(word) for word in set(WORD.values()))


def test_a_default_name_is_one_in_any_language_and_nothing_else_is():
    for code in i18n.LANGUAGES:
        template = i18n.catalog()[code]["ui.default_computer_name"]
        assert says_computer(template.replace("%{n}", "3"))
        assert says_computer(template.replace("%{n}", "10"))
    for name in ("Ada", "Computer", "Computer 3b", "Player 3", "Игрок 1", "My computer 3x"):
        assert not says_computer(name), name


def test_the_turn_and_the_thinking_line_say_computer_once():
    app = make_app(size=(1024, 600), persist=False)
    app.start(resume=False)
    try:
        seats = [SeatConfig("Computer 1", COMPUTER), SeatConfig("Ada", COMPUTER)]
        app.start_match(Session(Config("mexican_train", 2, 7)), seats)
        play = app.play_state
        seen = set()
        while len(seen) < 2:  # each seat once on turn, away at the table (a computer's move)
            seat = play.session.to_act()
            if seat is not None and seat not in seen and play.phase == AWAY:
                seen.add(seat)
                for code in i18n.LANGUAGES:
                    i18n.set_language(code)
                    turn = status.turn_words(play, seat)
                    lines = " ".join(text for text, _ in prompts.message_lines(play, False))
                    # "Computer 1" says it in its name; Ada's "(computer)" says it
                    assert computers(turn) == 1, (code, turn)
                    assert computers(lines) == 1, (code, lines)
                    assert (f"({WORD[code]})" in turn) == (play.name(seat) == "Ada"), (code, turn)
                i18n.set_language("en")
            assert play.step_computer() or play.phase != AWAY
    finally:
        i18n.set_language("en")
        app.close()
