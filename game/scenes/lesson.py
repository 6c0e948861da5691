"""Learn to play (issue 31): a lesson on the real table, and the menu of the three lessons.

``LessonTableScene`` is the table scene as it is, with the lesson's card drawn
over it: one short card at a time, pointing at the place it talks about (a hand
tile, a button, a train or an end, the players panel).  A card to read waits
for Next (the computers wait too); a card that asks for a move lets the table
take every input, and goes when the learner decides.  Back, on every card,
leaves the lesson.  The lesson's match is never autosaved and never replaces
the match in progress: leaving puts that one back (``on_exit``).
"""
from __future__ import annotations

from typing import Any

import pygame

from .. import assets
from .. import i18n
from .. import intents as I
from .. import safe_area
from ..lessons import DONE_KEY, GAMES, LEARNER, Guide, Lesson, lesson_for, play_suggestion, suggestion
from ..phases import AWAY, DEAL_END, MATCH_END
from ..table.widgets import Button
from .game_list import GameListScene
from .table import TableScene

#: The card's colours: the table's dark face and gold edge, a warmer face to stand out.
CARD_FACE = (28, 44, 38)
CARD_EDGE = (226, 192, 104)
CARD_TEXT = (247, 241, 227)
RING = (255, 214, 102)
#: Intents a card to read lets through to the table: looking round, the menus, the window.
LOOKING = frozenset({I.ZOOM, I.PAN, I.FIT, I.FOLLOW, I.MAGNIFY, I.MENU, I.RULES, I.LOG,
                     I.RESIZE, I.HOVER, I.MUTE, I.READING})


def done_games(settings: dict) -> set[str]:
    """The lessons finished, from the settings (anything odd there: none)."""
    raw = settings.get(DONE_KEY)
    return {g for g in raw if g in GAMES} if isinstance(raw, list) else set()


def wrap(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """``words`` broken into lines no wider than ``width`` (a word too long stands alone)."""
    lines: list[str] = []
    for para in words.split("\n"):
        line = ""
        # plain spaces only: a no-break space keeps a dash on its word's line (ru, uk)
        for word in filter(None, para.split(" ")):
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


class LessonTableScene(TableScene):
    """The table of a lesson: the table scene, plus the lesson's card (module docstring)."""

    def __init__(self, app, play, lesson: Lesson, previous: tuple[Any, list] | None = None) -> None:
        super().__init__(app, play)
        self.lesson = lesson
        self.guide = Guide(lesson, play)
        #: The match in progress before the lesson (its play state and seats), put back after.
        self.previous = previous
        self.card_rect: pygame.Rect | None = None
        self.card_buttons: list[Button] = []
        self.card_focus = "next"
        self._card_key: tuple | None = None
        self._drawn_key: tuple | None = None
        self.left = False
        #: The card whose recommended button the cursor was put on (once per card).
        self._pointed: tuple | None = None
        # the hint inside a lesson previews the lesson's own move (issue 38)
        play.pick.hint_move = lambda: suggestion(lesson, play)
        self._point_cursor()

    # ------------------------------------------------------------ the match waits

    @property
    def showing_move(self) -> bool:
        """The computers wait while a card is read, as they wait for a tile in flight
        (``match_held``); not "paused", which the table words as a rules screen being open."""
        return bool(TableScene.showing_move.fget(self)) or self.reading_card  # type: ignore[attr-defined]

    @property
    def reading_card(self) -> bool:
        return getattr(self, "guide", None) is not None and self.guide.reading and not self.guide.finished

    # ------------------------------------------------------------ input

    def handle(self, intent: I.Intent) -> None:
        if not self.guide.guard.admits(intent, self.play.now()):
            return  # issue 40: a press meant for the move or the card before, not this card
        local = safe_area.local(intent, self.app.settings, self.app.screen.get_size())
        if intent.kind == I.TAP and local.pos is not None and self.card_rect is not None:
            for b in self.card_buttons:
                if b.hit(local.pos):
                    self._press_card(b.id)
                    return
            if self.card_rect.collidepoint(local.pos):
                return  # a tap on the card's words does nothing on the table beneath
        if self.guide.reading:
            if intent.kind == I.UNDO and self.guide.can_undo:
                self._press_card("undo")
                return
            if intent.kind == I.CONFIRM:
                self._press_card(self.card_focus)
                return
            if intent.kind == I.MOVE and intent.direction in ("left", "right", "up", "down"):
                ids = [b.id for b in self.card_buttons]
                if self.card_focus in ids and len(ids) > 1:
                    step = 1 if intent.direction in ("right", "down") else -1
                    self.card_focus = ids[(ids.index(self.card_focus) + step) % len(ids)]
                self._drawn_key = None
                return
            if intent.kind == I.CANCEL:
                self.card_focus = "back"  # Esc points at Back; a second Enter leaves
                self._drawn_key = None
                return
            if intent.kind not in LOOKING and not (intent.kind == I.DRAG and not self.play.my_turn()):
                return  # the table waits for Next
        super().handle(intent)
        self.guide.observe()
        self._point_cursor()

    def _point_cursor(self) -> None:
        """A new card that asks for a button's decision puts the cursor on that button (the
        option it recommends), once: the learner may move it anywhere after."""
        g = self.guide
        shown = (g.index, g.cards_shown)
        if g.showing is None or not g.showing.act or shown == self._pointed or not self.play.my_turn():
            return
        self._pointed = shown
        anchor = g.anchor()
        if anchor.kind == "button" and anchor.key in self.play.focus_items("buttons"):
            self.play.cursor.place("buttons", anchor.key)

    def results_held(self) -> bool:
        """A card on the hand's result is read over the table, the counted tiles still on it,
        before the score screen comes up (issue 38)."""
        return self.reading_card and self.play.phase in (DEAL_END, MATCH_END)

    def _press_card(self, bid: str) -> None:
        if bid == "back":
            self.leave()
        elif bid == "again":
            self._tick()
            self.left = True
            self.app.to_title()  # ``on_exit`` puts the match in progress back first
            start_lesson(self.app, self.lesson.game)
        elif bid == "play":
            self._tick()
            self.left = True
            self.app.to_title()
            self.app.start_match(*real_game(self.lesson))
        elif bid == "undo":
            self.guide.undo()
            self.card_focus = "next"
            self._point_cursor()
        elif bid == "next":
            self.guide.next()
            self.card_focus = "next"
            if self.guide.finished:
                self.finish()

    # ------------------------------------------------------------ the lesson's end

    def finish(self) -> None:
        """The lesson's last card was read: ticked on the title, then back to the lessons."""
        self._tick()
        self.leave()

    def _tick(self) -> None:
        done = done_games(self.app.settings) | {self.lesson.game}
        self.app.set_setting(DONE_KEY, [g for g in GAMES if g in done])

    def leave(self) -> None:
        """Back to the title and the lessons' menu; the match in progress comes back."""
        if self.left:
            return
        self.left = True
        self.app.to_title()  # ``on_exit`` puts the previous match back first
        self.app.stack.push(LearnScene(self.app))

    def on_exit(self) -> None:
        super().on_exit()
        if self.app.play_state is self.play:
            if self.previous is not None:
                self.app.put_match(self.previous[0], self.previous[1])
            else:
                self.app.put_match(None, [])

    # ------------------------------------------------------------ frames

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.stack.top is self:
            self.guide.observe()
            self._point_cursor()
            if self.guide.finished and not self.left:
                self.finish()

    def spoken(self) -> str | None:
        return self.guide.spoken()

    def resting(self) -> bool:
        if self._drawn_key != self._card_state():
            return False
        if super().resting():
            return True
        # a computer waiting for a card to be read: still, unless something moves
        camera = getattr(self, "camera", None)
        return (self.reading_card and self.play.phase in (AWAY, DEAL_END, MATCH_END)
                and not TableScene.showing_move.fget(self)  # type: ignore[attr-defined]
                and not getattr(camera, "moving", False))

    def _card_state(self) -> tuple:
        g = self.guide
        return (g.index, g.explaining, g.reading, self.card_focus, self.play.session.cursor,
                self.play.phase, self.play.selected, self._size)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        super().draw(surface, alpha)
        self._drawn_key = self._card_state()
        self.card_rect = None
        self.card_buttons = []
        if self.app.stack.top is not self or self.guide.finished:
            return
        if self.guide.card is None and self.guide.explaining is None:
            return
        area = safe_area.area(surface, self.app.settings)
        try:
            target = self.anchor_rect()
        except Exception:  # the card still shows; it points nowhere
            target = None
        self._draw_card(area, target)

    # ------------------------------------------------------------ where the card points

    def anchor_rect(self) -> pygame.Rect | None:
        """The screen rectangle (safe-area coordinates) of what the card talks about."""
        anchor = self.guide.anchor()
        self._ensure_geometry()
        if anchor.kind == "hand":
            tiles = list(getattr(self, "hand_tiles", []))
            rects = list(getattr(self, "hand_rect_list", []))
            if anchor.key is not None:
                for t, r in zip(tiles, rects):
                    if tuple(sorted(t)) == tuple(sorted(anchor.key)):
                        return pygame.Rect(r)
            return pygame.Rect(self.hand_panel)
        if anchor.kind == "button":
            for b in self.buttons:
                if b.id == anchor.key:
                    return pygame.Rect(b.rect)
            return None
        if anchor.kind == "target":
            lay = self._layout_now() if hasattr(self, "_layout_now") else self.kit.layout(self.play.view(), self.play)
            x, y, w, h = self.camera.world_rect_to_screen(self.kit.target_rect(lay, anchor.key))
            rect = pygame.Rect(x, y, max(1, w), max(1, h))
            view = pygame.Rect(self.camera.viewport)
            return rect.clip(view) if rect.colliderect(view) else None
        if anchor.kind == "panel":
            vx, vy, vw, vh = self.camera.viewport
            pad = round(8 * self.u)
            w, h = self.kit.render_panel(self.play, self.play.view(), self.panel_u, self.sprites).get_size()
            return pygame.Rect(vx + pad + self.rail, vy + pad + self.rail, w, min(h, vh))
        return None

    # ------------------------------------------------------------ drawing the card

    def _draw_card(self, area: pygame.Surface, target: pygame.Rect | None) -> None:
        u = self.u
        key, params = self.guide.words()
        words = i18n.t(key, **params)
        reading = self.guide.reading
        last = reading and self.guide.explaining is None and self.guide.index == len(self.lesson.cards) - 1
        # the recap: again, or on to a real game of this one, or done (issue 38)
        labels = ([("again", i18n.t("learn.again")), ("play", i18n.t("learn.play_real"))] if last
                  else [("back", i18n.t("learn.back"))])
        if self.guide.can_undo:
            labels.append(("undo", i18n.t("learn.undo")))
        if reading:
            labels.append(("next", i18n.t("learn.finish" if last else "learn.next")))
        shape = self._card_shape(words, labels, target)
        rect, lines, font, bw, bh, side = shape
        pad = round(14 * u)
        self.card_rect = rect
        if target is not None:
            self._draw_pointer(area, rect, target)
        pygame.draw.rect(area, CARD_FACE, rect, border_radius=round(12 * u))
        pygame.draw.rect(area, CARD_EDGE, rect, max(2, round(3 * u)), border_radius=round(12 * u))
        y = rect.y + pad
        line_h = font.get_linesize()
        for line in lines:
            area.blit(font.render(line, True, CARD_TEXT), (rect.x + pad, y))
            y += line_h
        shown = (self.guide.index, self.guide.explaining)
        if shown != self._card_key:  # a new card: the cursor starts on Next
            self._card_key = shown
            self.card_focus = "next"
        keys_on = self.show_focus or getattr(getattr(self.app, "input", None), "last_device", "") in ("keyboard", "controller")
        gap = round(10 * u)
        places = {}
        if side:  # the buttons in a column at the card's right: Next above Back
            x = rect.right - pad - bw
            ids = [b for b, _ in labels][::-1]
            for n, bid in enumerate(ids):
                places[bid] = pygame.Rect(x, rect.y + pad + n * (bh + gap), bw, bh)
        else:  # in a row under the words: Back on the left, Next on the right, the others before it
            by = rect.bottom - pad - bh
            right = rect.right - pad
            for bid, _ in reversed(labels):
                if bid == "back":
                    places[bid] = pygame.Rect(rect.x + pad, by, bw, bh)
                else:
                    places[bid] = pygame.Rect(right - bw, by, bw, bh)
                    right -= bw + gap
        for bid, label in labels:
            b = Button(bid, places[bid], label, primary=bid == "next",
                       focused=reading and keys_on and bid == self.card_focus)
            b.draw(area, font.get_height() * 9 // 10)
            self.card_buttons.append(b)
        if not reading:
            img = assets.font(max(11, font.get_height() * 8 // 10)).render(i18n.t("learn.your_move"), True, CARD_EDGE)
            back = places["back"]
            if side:
                spot = img.get_rect(midtop=(back.centerx, back.bottom + gap // 2))
            else:
                spot = img.get_rect(midright=(rect.right - pad, back.centery))
            if rect.contains(spot) and not spot.colliderect(back):
                area.blit(img, spot)

    def _card_shape(self, words: str, labels, target):
        """The card's rectangle, its lines, font, button size and whether the buttons stand
        beside the words (a short view: a small window, the TV's large interface).  Where the
        card at its size can stand nowhere clear of what it points at and of the open ends (a
        TV at 1024x600 leaves a felt a quarter of the window tall), its type gets smaller
        until it can, down to 12 px."""
        ends = self._open_ends()
        first = None
        sizes = range(max(13, round(20 * self.u)), 11, -1)
        # smaller type beside the players panel down to 16 px, then the whole width over the
        # panel (the scores matter less than the ends), then the smallest type
        tries = ([(px, False) for px in sizes if px >= 16] + [(px, True) for px in sizes]
                 + [(px, False) for px in sizes if px < 16])
        for px, wide in tries:
            shape = self._shape_at(px, words, labels, wide=wide)
            if shape is None:
                continue  # too tall at this size
            width, height, lines, font, bw, bh, side = shape
            rect, clash = self._place_card(width, height, target, ends)
            if first is None:
                first = rect, lines, font, bw, bh, side
            if not clash:
                return rect, lines, font, bw, bh, side
        if first is None:  # too tall even at 12 px: the smallest, wherever it clashes least
            width, height, lines, font, bw, bh, side = self._shape_at(12, words, labels, fits=False)
            first = self._place_card(width, height, target, ends)[0], lines, font, bw, bh, side
        return first

    def _shape_at(self, px: int, words: str, labels, fits: bool = True, wide: bool = False):
        """The card's width, height, lines, font, button size and layout with ``px`` type, or
        None where it would be taller than about half the view (``fits``: asked); ``wide``:
        as wide as the view, over the players panel."""
        u = self.u
        vx, vy, vw, vh = self.camera.viewport
        pad = round(14 * u)
        left_room = self.kit.panel_width(self.play, self.panel_u) + 3 * pad + self.rail
        roomy_w = vw - 2 * pad - self.rail * 2
        font = assets.font(px)
        line_h = font.get_linesize()
        bh = max(round(40 * u), font.get_height() + 2 * round(7 * u))
        bw = max(round(120 * u), max(font.size(s)[0] for _, s in labels) + 2 * pad)
        width = roomy_w if wide else min(roomy_w, max(round(520 * u), vw // 2))
        lines = wrap(words, font, width - 2 * pad)
        height = pad + len(lines) * line_h + pad + bh + pad
        gap = round(10 * u)
        # too tall, or the buttons' row is wider than the card: the buttons go beside the words
        side = len(labels) * (bw + gap) - gap + 2 * pad > width
        if side or height > vh * 0.42:  # too tall: use the width, and put the buttons beside
            side = True
            width = roomy_w if wide else max(width, min(roomy_w, vw - left_room - pad))
            lines = wrap(words, font, width - 3 * pad - bw)
            height = 2 * pad + max(len(lines) * line_h, len(labels) * (bh + round(10 * u)) + font.get_height())
        # at most about half the view, so what the card points at still shows beside it
        if fits and height > max(vh * 0.55, min(vh - 2 * pad, round(150 * u))):
            return None
        return width, height, lines, font, bw, bh, side

    def _place_card(self, card_w: int, card_h: int, target: pygame.Rect | None,
                    ends: list[pygame.Rect]) -> tuple[pygame.Rect, bool]:
        """Above the tray or at the top of the felt, whichever keeps clear of what it points at
        (the nearer of the two); clear of the players panel on the left where there is room.
        Also whether even the best place covers the target or an open end."""
        vx, vy, vw, vh = self.camera.viewport
        pad = round(12 * self.u)
        view = pygame.Rect(vx, vy, vw, vh)
        left_room = self.kit.panel_width(self.play, self.panel_u) + 2 * pad + self.rail
        x = vx + (vw - card_w) // 2
        if x < vx + left_room and vx + left_room + card_w <= view.right - pad:
            x = vx + left_room
        x = max(vx + pad, min(x, view.right - pad - card_w))
        # the low one stands above the table's prompt line at the foot of the felt
        foot = self.rail + round(44 * self.u)
        low = pygame.Rect(x, max(vy + pad, view.bottom - foot - pad - card_h), card_w, card_h)
        # the top one stands below the ticker of the last moves (three lines at the top)
        ticker = int(getattr(self, "ticker_px", round(15 * self.u)))
        ticker_h = 3 * (ticker + round(10 * self.u)) + round(8 * self.u)
        high = pygame.Rect(x, vy + self.rail + ticker_h + pad, card_w, card_h)
        if high.bottom > low.top:  # a short view: the top one stands at the view's top
            high.y = vy + pad
        # each also at the left (clear of the players panel) and at the right of the view
        xs = [x] + [a for a in (max(x, vx + left_room), view.right - pad - card_w) if a != x and a >= vx + pad]
        places = [pygame.Rect(cx, r.y, card_w, card_h) for r in (low, high) for cx in xs]
        looking = [b.rect for b in getattr(self, "camera_buttons", [])]

        def cost(r: pygame.Rect) -> tuple:
            """Clear of what it points at first, then of the places the learner may play at,
            then of the camera's buttons, then where it stands by default (left to right),
            then the nearer to the target."""
            return (_area(r.clip(target)) if target is not None else 0,
                    sum(_area(r.clip(e)) for e in ends), sum(_area(r.clip(b)) for b in looking), r.x != x,
                    abs(r.centery - target.centery) if target is not None else 0)

        best = min(places, key=cost)
        covered, ends_covered = cost(best)[:2]
        return best, covered + ends_covered > 0

    def _open_ends(self) -> list[pygame.Rect]:
        """The places on screen the learner may play a tile at now (the lit targets of the
        legal plays): a card should not hide them."""
        play = self.play
        if not play.my_turn():
            return []
        try:
            lay = self._layout_now()
            keys = {play.kit.target(a) for a in play.legal() if a.kind == "play"}
            rects = [self.camera.world_rect_to_screen(play.kit.target_rect(lay, k)) for k in keys]
        except Exception:  # a kit without targets for these: nothing to keep clear
            return []
        return [pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h))) for x, y, w, h in rects]

    def _draw_pointer(self, area: pygame.Surface, card: pygame.Rect, target: pygame.Rect) -> None:
        """A gold ring round what the card talks about and a line from the card to it."""
        u = self.u
        ring = target.inflate(round(10 * u), round(10 * u))
        width = max(2, round(4 * u))
        start = (max(card.left, min(card.right, ring.centerx)),
                 card.top if ring.centery < card.centery else card.bottom)
        end = (ring.centerx, ring.bottom if ring.centery < card.centery else ring.top)
        if not card.colliderect(ring):
            pygame.draw.line(area, RING, start, end, width)
            pygame.draw.circle(area, RING, end, width * 2)
        pygame.draw.rect(area, RING, ring, width, border_radius=round(8 * u))


def _area(r: pygame.Rect) -> int:
    return r.w * r.h


def lesson_seats(lesson: Lesson) -> list:
    """The seats of ``lesson``'s table (the learner, and computers at the lesson's level)."""
    from ..seats import COMPUTER, HUMAN, SeatConfig
    seats = []
    for i, level in enumerate(lesson.levels, 1):
        if level == "human":
            seats.append(SeatConfig(i18n.t("ui.default_human_name", n=i), HUMAN))
        else:
            seats.append(SeatConfig(i18n.t("ui.default_computer_name", n=i), COMPUTER, level))
    return seats


def real_game(lesson: Lesson) -> tuple[Any, list]:
    """A real match of the lesson's game after it (issue 38): one human and computers at
    the lesson's level, a fresh seed as the new-game form takes one; (session, seats)."""
    from rules import Config, Session
    from rules.rng import fresh_seed
    return Session(Config(lesson.game, lesson.players, fresh_seed())), lesson_seats(lesson)


def start_lesson(app, game: str) -> LessonTableScene:
    """Open the lesson of ``game`` on the table (``--learn``, the Learn menu)."""
    from ..play import PlayState, computer_delay
    lesson = lesson_for(game)
    seats = lesson_seats(lesson)
    previous = (app.play_state, list(app.seats)) if app.play_state is not None else None
    # no autosave (on_change): the lesson never takes the place of the match in progress
    play = PlayState(lesson.session(), seats, delay=computer_delay(app.settings.get("computer_speed", "normal")),
                     now=lambda: app.time)
    app.put_match(play, seats)
    scene = LessonTableScene(app, play, lesson, previous)
    app.stack.replace(scene)
    return scene


class LearnScene(GameListScene):
    """Learn to play: the three lessons, each ticked once finished, and Back."""

    def heading(self) -> str:
        return i18n.t("learn.title")

    def note(self) -> str | None:
        return i18n.t("learn.menu_note")

    def games(self) -> list[str]:
        return list(GAMES)

    def words(self, game: str) -> str:
        name = i18n.t(f"ui.game_{game}")
        return i18n.t("learn.menu_done", game=name) if game in done_games(self.app.settings) else name

    def picked(self, game: str) -> None:
        start_lesson(self.app, game)


__all__ = ["LEARNER", "LearnScene", "LessonTableScene", "done_games", "play_suggestion", "start_lesson"]


# ---------------------------------------------------------------- --learn GAME


def advance_lesson(scene: LessonTableScene, steps: int) -> int:
    """``steps`` steps of the lesson at once (a card read, a move of the lesson's, a computer's
    decision, a deal's end left), as ``--after`` does for the demo; returns how many."""
    from ..lessons.walk import REFUSED, WAITING, step
    play, guide = scene.play, scene.guide
    done = 0
    for _ in range(steps * 4 + 100):
        if done >= steps or guide.finished:
            break
        outcome = step(guide, play, lambda: play_suggestion(play, suggestion(scene.lesson, play)))
        if outcome == REFUSED:
            break
        if outcome != WAITING:
            done += 1
    if done:  # the steps show at once, as after an undo: no motion or sound of moves long made
        scene.staging.history_state = None
    return done


