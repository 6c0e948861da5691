"""Issue 31: each lesson walked from the title to its end by keyboard, by controller, by mouse
and by touch.

Headless, with real posted events (``shell_driver``): the learner's moves are the
lesson's own suggestions, made the way a player makes them (arrows and Enter; the d-pad
and A; clicks or taps on the tile, the train and Confirm), the cards are read with Enter,
A or Next.
The walk counts the cards shown and the learner's decisions, and the finished
lesson is ticked in the settings and on the Learn menu.
"""
from __future__ import annotations

import pygame
import pytest

from shell_driver import button, centre, click, frames, key, make_app, post, read, touch

from game import safe_area
from game.lessons import DONE_KEY, GAMES, Guide, lesson_for, suggestion
from game.scenes.deal_end import DealEndScene
from game.scenes.lesson import LearnScene, LessonTableScene, done_games
from game.scenes.match_end import MatchEndScene

#: (cards shown, learner's decisions) of each lesson walked on its suggested path.
COUNTS = {"mexican_train": (24, 21), "cuban": (13, 14), "jamaican": (10, 9)}
#: How each lesson's first deal or hand ends on that path: (reason, points of the hand or None).
OUTCOME = {"mexican_train": ("out", None), "cuban": ("out", None), "jamaican": ("out", 2)}
ARROW = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}
#: The controller's d-pad, as SDL's game controller reports it (``game.input``).
DPAD = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN}
#: The ways that move a cursor and press what it is on (the others point at things).
STEPPED = ("keyboard", "controller")


def offset(app) -> tuple[int, int]:
    r = safe_area.safe_rect(app.settings, app.size)
    return r.x, r.y


def at(app, rect) -> tuple[int, int]:
    """A rectangle drawn in the safe area, as a window position."""
    dx, dy = offset(app)
    return rect.centerx + dx, rect.centery + dy


def press(app, how: str, pos) -> None:
    (touch if how == "touch" else click)(app, pos)


def pad(app, b: int, n: int = 1) -> None:
    """A controller button pressed (the CONTROLLER events are the ones the input reads)."""
    for _ in range(n):
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=b)
        post(pygame.CONTROLLERBUTTONUP, instance_id=3, button=b)
        frames(app, 2)


def arrow(app, direction: str, n: int = 1, how: str = "keyboard") -> None:
    if how == "controller":
        pad(app, DPAD[direction], n)
    else:
        key(app, ARROW[direction], n=n)


def enter(app, how: str = "keyboard") -> None:
    """Enter, or the controller's A."""
    if how == "controller":
        pad(app, pygame.CONTROLLER_BUTTON_A)
    else:
        key(app, pygame.K_RETURN)


def open_lesson(app, game: str, how: str) -> LessonTableScene:
    """From the title: Learn to play, then the game, by ``how``."""
    if how in STEPPED:
        arrow(app, "down", 2, how)  # New game, Settings, then the row of Rules and Learn to play
        arrow(app, "right", 1, how)
        enter(app, how)
        assert isinstance(app.stack.top, LearnScene)
        from game.lessons import GAMES
        arrow(app, "down", GAMES.index(game), how)
        enter(app, how)
    else:
        press(app, how, centre(button(app.stack.top, "Learn to play")))
        assert isinstance(app.stack.top, LearnScene)
        from game import i18n
        press(app, how, centre(button(app.stack.top, i18n.t(f"ui.game_{game}"))))
    scene = app.stack.top
    assert isinstance(scene, LessonTableScene)
    return scene


def keyboard_move(app, scene: LessonTableScene, action, how: str = "keyboard") -> None:
    """``action`` made with the arrows and Enter (or the d-pad and A)."""
    play = scene.play
    if action.kind == "play" or action == play.setup:
        while play.focus != "hand":
            arrow(app, "down", 1, how)
        hand = play.focus_items("hand")
        want = hand.index(action.tile)
        arrow(app, "right", (want - play.focus_index) % len(hand), how)
        enter(app, how)  # the tile: selected, or previewed where it has one place
        if play.pending != action:
            targets = play.focus_items("targets")
            arrow(app, "right", (targets.index(play.kit.target(action)) - play.focus_index) % len(targets), how)
            if play.pending != action:  # the cursor was on it already: Enter previews it
                enter(app, how)
        assert play.pending == action
        enter(app, how)
        return
    bid = next(b for b, a in play.decision_buttons() if a == action)
    while play.focus != "buttons":
        arrow(app, "up", 1, how)
    items = play.focus_items("buttons")
    arrow(app, "right", (items.index(bid) - play.focus_index) % len(items), how)
    enter(app, how)  # previewed
    assert play.pending == action
    enter(app, how)  # a second press confirms


def pointer_move(app, scene: LessonTableScene, action, how: str) -> None:
    play = scene.play
    if action.kind == "play" or action == play.setup:
        rect = dict(zip(scene.hand_tiles, scene.hand_rect_list))[action.tile]
        press(app, how, at(app, rect))
        if play.pending != action:
            lay = scene._layout_now()
            x, y, w, h = scene.camera.world_rect_to_screen(play.kit.target_rect(lay, play.kit.target(action)))
            press(app, how, at(app, pygame.Rect(x, y, w, h)))
    else:
        bid = next(b for b, a in play.decision_buttons() if a == action)
        press(app, how, at(app, next(b.rect for b in scene.buttons if b.id == bid)))
    assert play.pending == action
    press(app, how, at(app, next(b.rect for b in scene.buttons if b.id == "confirm")))


def walk(app, game: str, how: str) -> Guide:
    """The lesson of ``game`` from the title to its end; returns its guide."""
    scene = open_lesson(app, game, how)
    guide, play = scene.guide, scene.play
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, LearnScene):
            return guide
        if isinstance(top, (DealEndScene, MatchEndScene)):
            frames(app, 30)  # the reveal turns over
            read(app)
            if how in STEPPED:
                for _ in range(len(top.buttons)):
                    if top.buttons[top.focus % len(top.buttons)].id in ("continue", "next_match"):
                        break
                    arrow(app, "right", 1, how)
                enter(app, how)
            else:
                dx, dy = offset(app)
                rect = next(b.rect for b in top.buttons if b.id in ("continue", "next_match"))
                press(app, how, (rect.centerx + dx, rect.centery + dy))
            continue
        assert top is scene, f"unexpected screen {type(top).__name__}"
        if guide.reading:
            if how in STEPPED:
                read(app)
                enter(app, how)
            else:
                frames(app)
                press(app, how, at(app, next(b.rect for b in scene.card_buttons if b.id == "next")))
            continue
        if play.my_turn() and play.phase != "curtain":
            action = suggestion(scene.lesson, play)
            if action is not None:
                before = guide.decisions
                if how in STEPPED:
                    read(app)
                    keyboard_move(app, scene, action, how)
                else:
                    pointer_move(app, scene, action, how)
                frames(app)
                assert guide.decisions == before + 1, f"{action} was not made"
                continue
        frames(app)
    raise AssertionError(f"the {game} lesson did not end (card {guide.index}, phase {play.phase})")


@pytest.fixture()
def lesson_app():
    app = make_app(size=(1280, 720))
    app.start(resume=False)
    app.set_setting("computer_speed", "instant")
    app.set_setting("reduced_motion", True)
    frames(app, 2)
    yield app
    app.close()


@pytest.mark.parametrize("how", ["keyboard", "mouse", "touch"])
@pytest.mark.parametrize("game", sorted(COUNTS))
def test_lesson_walked_to_its_end(lesson_app, game, how):
    app = lesson_app
    guide = walk(app, game, how)
    assert guide.finished
    assert (guide.cards_shown, guide.decisions) == COUNTS[game]
    first_end = next(e for e in guide.play.session.view(1).history if e.kind == "deal_end")
    reason, points = OUTCOME[game]
    assert first_end.reason == reason  # the going out (MT-16, CU-7) ...
    assert points is None or first_end.points == points  # ... the key win (JA-6)
    assert game in done_games(app.settings)  # ticked ...
    from game import i18n
    button(app.stack.top, i18n.t("learn.menu_done", game=i18n.t(f"ui.game_{game}")))  # ... on the menu
    assert app.play_state is None  # the lesson took no match's place


@pytest.mark.parametrize("game", sorted(COUNTS))
def test_lesson_walked_to_its_end_by_controller_alone(lesson_app, game):
    """The d-pad and A only, as SDL's game controller reports them: the title's Learn to
    play, the game, every card and every decision, the deal's end, to the ticked menu."""
    app = lesson_app
    seen: list[int] = []
    feed = app.input.feed

    def watched(event):  # every event the program's input layer is given
        seen.append(event.type)
        return feed(event)

    app.input.feed = watched
    guide = walk(app, game, "controller")
    assert guide.finished
    assert (guide.cards_shown, guide.decisions) == COUNTS[game]
    assert game in done_games(app.settings)
    from game import i18n
    button(app.stack.top, i18n.t("learn.menu_done", game=i18n.t(f"ui.game_{game}")))
    pointers = {pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN}
    assert pygame.CONTROLLERBUTTONDOWN in seen and not pointers & set(seen)


def test_back_leaves_at_once_and_the_match_in_progress_comes_back(lesson_app):
    app = lesson_app
    from rules import Config, Session
    from game.__main__ import match_seats
    app.start_match(Session(Config("cuban", 4, 5)), match_seats([("device", "")] + [("computer", "normal")] * 3))
    before = app.play_state
    app.to_title()
    frames(app, 2)
    scene = open_lesson(app, "mexican_train", "mouse")
    assert app.play_state is scene.play
    frames(app)
    click(app, at(app, next(b.rect for b in scene.card_buttons if b.id == "back")))
    assert isinstance(app.stack.top, LearnScene)
    assert app.play_state is before
    assert "mexican_train" not in done_games(app.settings)


def test_a_card_to_read_holds_the_computers(lesson_app):
    """The match waits while a card is read: the computer to act does not play on under it."""
    from game.scenes.lesson import advance_lesson
    app = lesson_app
    scene = open_lesson(app, "mexican_train", "mouse")
    for _ in range(60):
        card = scene.guide.card
        if card is not None and card.key == "learn.mt.marker_up":
            break
        advance_lesson(scene, 1)
    assert scene.guide.card.key == "learn.mt.marker_up" and scene.guide.reading
    assert scene.play.phase == "away"  # the computer is to act ...
    cursor = scene.play.session.cursor
    frames(app, 60)
    assert scene.play.session.cursor == cursor  # ... and waits
    click(app, at(app, next(b.rect for b in scene.card_buttons if b.id == "next")))
    frames(app, 60)
    assert scene.play.session.cursor > cursor  # Next: it plays on


def test_a_wrong_but_legal_move_is_allowed_and_explained():
    """The card asks for the double [7|7]; a learner who plays [7|8] instead is let, told why
    (``mt.double_other``), and the lesson still goes on to its end."""
    from game.play import PlayState
    from game.seats import COMPUTER, HUMAN, SeatConfig
    from game.scenes.lesson import play_suggestion
    lesson = lesson_for("mexican_train")
    play = PlayState(lesson.session(), [SeatConfig("A", HUMAN), SeatConfig("B", COMPUTER)], delay=0)
    guide = Guide(lesson, play)
    explained = []
    for _ in range(400):
        if guide.finished:
            break
        if guide.reading:
            if guide.explaining is not None:
                explained.append(guide.explaining[0])
            guide.next()
            continue
        if play.phase == "deal_end":
            play.continue_after_deal()
        elif play.my_turn():
            action = suggestion(lesson, play)
            if guide.card is not None and guide.card.key == "learn.mt.double":
                action = next(a for a in play.legal() if a.kind == "play" and a.tile[0] != a.tile[1])
            assert play_suggestion(play, action)
        else:
            play.step_computer()
        guide.observe()
    assert explained == ["learn.mt.double_other"]
    assert guide.finished


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_learn_menu_fits_at_every_size_language_and_tv(size):
    """The Learn menu's buttons (a finished lesson's longer words too) fit and stay in the
    window at every interface size, in every language, with the TV setting on and off."""
    from test_screens_fit import problems_everywhere
    app = make_app(size=size, persist=False, settings={"language": "en", DONE_KEY: list(GAMES)})
    app.start(resume=False)
    try:
        found = problems_everywhere(app, LearnScene)
    finally:
        app.close()
    assert found == [], "\n".join(found[:20])


def _to_card(scene, key: str, limit: int = 80) -> None:
    """The lesson's own steps until the card ``key`` shows."""
    from game.scenes.lesson import advance_lesson
    for _ in range(limit):
        if scene.guide.card is not None and scene.guide.card.key == key:
            return
        advance_lesson(scene, 1)
    raise AssertionError(f"{key} never came (at {scene.guide.card})")


def test_the_result_card_shows_before_the_score_screen(lesson_app):
    """Issue 38: the card on what the deal scored is read over the table while the counted
    tiles are still on it; the score screen waits for Next, then comes."""
    app = lesson_app
    scene = open_lesson(app, "mexican_train", "mouse")
    _to_card(scene, "learn.mt.penalty")
    assert scene.play.phase == "deal_end" and scene.guide.reading
    frames(app, 150)  # well past the table's reveal delay
    assert app.stack.top is scene
    click(app, at(app, next(b.rect for b in scene.card_buttons if b.id == "next")))
    frames(app, 90)
    assert isinstance(app.stack.top, DealEndScene)


def test_the_hint_in_a_lesson_previews_the_lessons_move(lesson_app):
    """Issue 38: H inside the Jamaican lesson previews the lesson's move, where the table's
    hint (the hinting bot) would have chosen another one."""
    from game.hints import suggestion as bot_hint
    from game.scenes.lesson import advance_lesson
    app = lesson_app
    scene = open_lesson(app, "jamaican", "keyboard")
    play = scene.play
    for _ in range(80):
        if play.my_turn() and not scene.guide.reading:
            ours = suggestion(scene.lesson, play)
            if ours != bot_hint(play.session, play.view()):
                break
        advance_lesson(scene, 1)
    else:
        raise AssertionError("the lesson's moves never differed from the hint's")
    key(app, pygame.K_h)
    assert play.pending == ours and play.pending_is_hint


def test_another_choice_offers_undo_and_the_card_asks_again(lesson_app):
    """Issue 38: Accept instead of Redeal at five doubles: the card says what it cost and
    offers Undo; Undo (clicked on the card) takes the choice back and the card asks again;
    the cursor starts on the option a card recommends."""
    app = lesson_app
    scene = open_lesson(app, "cuban", "mouse")
    _to_card(scene, "learn.cu.redeal")
    play = scene.play
    frames(app)
    assert play.focused() == "redeal"  # the cursor on what the card asks for
    accept = next(a for a in play.legal() if a.kind == "accept")
    pointer_move(app, scene, accept, "mouse")
    frames(app)
    assert scene.guide.explaining is not None and scene.guide.explaining[0] == "learn.cu.redeal_other"
    click(app, at(app, next(b.rect for b in scene.card_buttons if b.id == "undo")))
    frames(app)
    assert scene.guide.card.key == "learn.cu.redeal" and scene.guide.explaining is None
    assert "redeal" in {a.kind for a in play.legal()}
    _to_card(scene, "learn.cu.leader")
    frames(app)
    assert play.focused() == "lead:1"  # choose yourself, as the card asks


@pytest.mark.parametrize("choice", ["play", "again"])
def test_the_recap_leads_on_to_a_real_game_or_the_lesson_again(lesson_app, choice):
    """Issue 38: the recap's buttons: a real match of that game (one human, computers at the
    lesson's level, a match of its own that is autosaved), or the same lesson from the start."""
    app = lesson_app
    scene = open_lesson(app, "jamaican", "mouse")
    _to_card(scene, "learn.ja.recap", limit=200)
    frames(app)
    assert {b.id for b in scene.card_buttons} == {"again", "play", "next"}
    click(app, at(app, next(b.rect for b in scene.card_buttons if b.id == choice)))
    frames(app, 2)
    top = app.stack.top
    assert "jamaican" in done_games(app.settings)
    if choice == "again":
        assert isinstance(top, LessonTableScene) and top is not scene
        assert top.guide.card.key == "learn.ja.welcome"
    else:
        assert type(top).__name__ == "TableScene"
        play = app.play_state
        assert play is not None and play.session.config.game == "jamaican"
        assert [s.kind for s in play.seats] == ["human", "computer", "computer", "computer"]


def test_r_shows_the_reading_panel_while_its_card_is_read(lesson_app):
    """Issue 38: the Cuban card on the table reading panel asks to try R: the key works while
    the card is read (the match still waits), and R again hides the panel."""
    app = lesson_app
    scene = open_lesson(app, "cuban", "keyboard")
    _to_card(scene, "learn.cu.reading")
    assert scene.guide.reading and not app.settings.get("reading", False)
    key(app, pygame.K_r)
    assert app.settings.get("reading") is True and scene.guide.card.key == "learn.cu.reading"
    key(app, pygame.K_r)
    assert app.settings.get("reading") is False
