"""One device's gestures at the table, for the whole-match tests of all three games.

Every decision is made the way a player's device would make it: a tap (mouse or
touch) on the tile and its target or on the decision's button, or the arrows and
Enter alone; each is previewed first and then confirmed (UX-1, UX-7).
"""
from __future__ import annotations

import pygame

from game.play import PREVIEW
from shell_driver import button, centre, click, key, read, touch

GAME_BUTTONS = {"cuban": "Cuban dominoes", "jamaican": "Jamaican partner dominoes"}


def button_of(play, action) -> str:
    """The decision button that stands for ``action`` (accept, redeal, lead:N, pass)."""
    return next(bid for bid, a in play.decision_buttons() if a == action)


def key_until(app, k: int, reached, most: int) -> None:
    """Press ``k`` until ``reached()`` holds, ``most`` presses at the most (the caller checks
    where the focus ended when it matters)."""
    for _ in range(most):
        if reached():
            return
        key(app, k)


def target_point(scene, key_):
    x, y, w, h = scene.kit.target_rect(scene._layout_now(), key_)
    return tuple(round(v) for v in scene.camera.world_to_screen(x + w / 2, y + h / 2))


class Pointer:
    def __init__(self, press) -> None:
        self.press = press

    def start_game(self, app, game: str = "mexican_train") -> None:
        """From the title: New game, the game (the form starts on Mexican Train), Start."""
        self.press(app, centre(button(app.stack.top, "New game")))
        if game != "mexican_train":
            self.press(app, centre(button(app.stack.top, GAME_BUTTONS[game])))
        self.press(app, centre(button(app.stack.top, "Start")))

    def decide(self, app, scene, play, action) -> None:
        if action.kind == "play":
            self.press(app, scene.hand_rect_list[scene.hand_tiles.index(action.tile)].center)
            if not (play.phase == PREVIEW and play.pending == action):
                scene.camera.update(10.0)
                self.press(app, target_point(scene, scene.kit.target(action)))
        else:
            bid = button_of(play, action)
            self.press(app, next(b for b in scene.buttons if b.id == bid).rect.center)
        assert play.phase == PREVIEW and play.pending == action  # UX-1: a preview first
        self.press(app, next(b for b in scene.buttons if b.id == "confirm").rect.center)

    def overlay_button(self, app, overlay, bid: str) -> None:
        self.press(app, next(b for b in overlay.buttons if b.id == bid).rect.center)


class Keyboard:
    def start_game(self, app, game: str = "mexican_train") -> None:
        key(app, pygame.K_RETURN)  # New game is the title's first button
        if game == "mexican_train":
            key(app, pygame.K_RETURN)  # a fresh form has the focus on Start
            return
        form = app.stack.top
        wanted = button(form, GAME_BUTTONS[game])
        # down from Start goes round to the top of the settings' column: the games (issue 40)
        key_until(app, pygame.K_DOWN, lambda: form.focus.current is wanted, 40)
        assert form.focus.current is wanted
        key(app, pygame.K_RETURN)
        form = app.stack.top
        start, back = button(form, "Start"), button(form, "Back")
        key_until(app, pygame.K_DOWN, lambda: form.focus.current in (start, back), 40)
        key_until(app, pygame.K_RIGHT, lambda: form.focus.current is start, 3)
        assert form.focus.current is start
        key(app, pygame.K_RETURN)

    def decide(self, app, scene, play, action) -> None:
        read(app)  # the decision just came up (issue 40: a press at once is a second press)
        if action.kind == "play":
            while play.focus != "hand":
                key(app, pygame.K_DOWN)
            key_until(app, pygame.K_RIGHT, lambda: play.focused() == action.tile, len(play.hand()))
            assert play.focused() == action.tile
            key(app, pygame.K_RETURN)
            for _ in range(12):
                if play.phase == PREVIEW and play.pending == action:
                    break
                assert play.focus == "targets"
                key(app, pygame.K_RIGHT)  # the cursor walks the lit ends, previewing each
        else:
            bid = button_of(play, action)
            while play.focus != "buttons":
                key(app, pygame.K_UP)
            key_until(app, pygame.K_RIGHT, lambda: play.focused() == bid, len(play.focus_items()))
            key(app, pygame.K_RETURN)
        assert play.phase == PREVIEW and play.pending == action
        key(app, pygame.K_RETURN)

    def overlay_button(self, app, overlay, bid: str) -> None:
        read(app)
        key_until(app, pygame.K_RIGHT, lambda: overlay.buttons[overlay.focus % len(overlay.buttons)].id == bid,
                  len(overlay.buttons))
        key(app, pygame.K_RETURN)


DEVICES = {"mouse": lambda: Pointer(click), "keyboard": Keyboard, "touch": lambda: Pointer(touch)}


def play_a_match(app, dev, scene, play, rng, on_reveal, on_match_end) -> tuple[int, int]:
    """The human's every decision by ``dev`` (a random legal one from ``rng``) until the
    match-end screen, each reveal continued; ``on_reveal(play, n)`` checks the n-th reveal
    and ``on_match_end(play)`` the match's end before Next match is pressed.
    Returns (decisions made, reveals seen)."""
    from game.play import AWAY
    from game.scenes.deal_end import DealEndScene
    from game.scenes.match_end import MatchEndScene
    from shell_driver import frames

    decisions = reveals = 0
    for _ in range(60000):
        frames(app)
        top = app.stack.top
        if isinstance(top, DealEndScene):
            reveals += 1
            on_reveal(play, reveals)
            frames(app)  # the reveal is drawn (its buttons laid out)
            dev.overlay_button(app, top, "continue")
            assert app.stack.top is not top
            continue
        if isinstance(top, MatchEndScene):
            frames(app)
            on_match_end(play)
            dev.overlay_button(app, top, "next_match")
            return decisions, reveals
        if play.phase == AWAY or not play.my_turn():
            continue
        legal = play.legal()
        action = legal[rng.randrange(len(legal))]
        cursor = play.session.cursor
        dev.decide(app, scene, play, action)
        # placing the engine (MT-4) is confirmed at the table; the rules placed it with the deal
        assert play.session.cursor > cursor or action.kind == "place_engine", "the confirm did nothing"
        decisions += action.kind != "place_engine"  # a rules decision (MT-4 is confirmed, not decided)
    raise AssertionError("the match never reached its end screen")


def on_table(view) -> set:
    """Every tile face the table itself shows: the trains and the engine, or the line."""
    if hasattr(view, "trains"):
        return {t for train in view.trains for t in train.tiles} | {(view.engine, view.engine)}
    return {tuple(sorted(t)) for t in view.line}


def watch_faces(app, recorder, before_draw=None) -> None:
    """After every drawn frame: no face of a hand that is not revealed (UX-3, UX-4); at a
    deal's end only the table and the revealed hands.  ``before_draw`` runs before each."""
    from game.play import DEAL_END, MATCH_END
    inner = app.draw

    def draw(alpha=1.0):
        if before_draw is not None:
            before_draw()
        inner(alpha)
        play = app.play_state
        faces = set(recorder.faces)
        recorder.clear()
        if play is None:
            return
        if play.phase in (DEAL_END, MATCH_END):
            info = play.last_deal_end()
            revealed = {t for h in info.hands[1:] for t in h} if info else set()
            assert faces <= on_table(play.view()) | revealed, "a face off the ended deal was drawn"
            return
        state = play.session.state
        hidden = {t for s in range(1, state.n + 1) if s != play.hand_seat() for t in state.hands[s]}
        assert not faces & hidden, "a face of a hidden hand was drawn"

    app.draw = draw
