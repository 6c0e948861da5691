"""The title screen: continue, new game, settings, rules, finished matches, quit, and the language."""
from __future__ import annotations

import logging
from functools import partial
from typing import Callable

import pygame
from pygame_gui.elements import UILabel

from .. import i18n, navigation, safe_area
from .menu import WIDGET_INSET, WidgetScene

log = logging.getLogger(__name__)

#: Tiles scattered on the title's felt: (low, high, x, y as fractions of the window, angle).
DECOR = ((6, 6, 0.11, 0.2, -18), (3, 5, 0.1, 0.8, 12), (12, 12, 0.88, 0.22, 20),
         (0, 9, 0.9, 0.8, -10), (4, 11, 0.06, 0.5, 80), (2, 7, 0.94, 0.5, -75))


def felt(name: str, fallback: tuple[int, int, int]) -> pygame.Color:
    try:
        from .. import assets
        return assets.table_colour(name)
    except Exception:
        return pygame.Color(fallback)


def draw_felt(surface: pygame.Surface) -> None:
    """The table's felt and rail behind every menu (a soft darker border if the art is missing)."""
    try:
        from .. import assets
        surface.blit(assets.table_surface(surface.get_size()), (0, 0))
        return
    except (OSError, pygame.error, KeyError):
        pass
    surface.fill(felt("felt", (27, 94, 67)))
    w, h = surface.get_size()
    edge = felt("felt_dark", (20, 70, 47))
    band = max(1, min(w, h) // 14)
    for i in range(band):
        c = edge.lerp(felt("felt", (27, 94, 67)), i / band)
        pygame.draw.rect(surface, c, (i, i, w - 2 * i, h - 2 * i), 1)


def continue_words(play) -> str:
    """The Continue button: the match's game and where it stands, in that game's own words
    (its kit's status: "Deal 4 of 13", a Cuban "Hand 3"), or that the match is over."""
    text = i18n.t("ui.continue")
    try:
        view = play.view()
        if play.session.match_over():
            where = i18n.t("table.match_over_title", match=view.match_no)
        else:
            where = play.kit.status_parts(play, view)[0]
        game = i18n.t(f"ui.game_{play.session.config.game}")
        return i18n.t("ui.continue_match", game=game, where=where)
    except Exception:  # a match the kit cannot describe still continues
        log.warning("the Continue button could not name the match", exc_info=True)
        return text


def tagline_words() -> list[str]:
    """The line under the title: the games this program offers (every kit's), by name; then
    the names alone, for a window too narrow for the sentence."""
    from ..kits import KITS
    names = [i18n.t(f"ui.game_{g}") for g in KITS]
    return [i18n.t("ui.tagline_games", games=", ".join(names)), "  \u00b7  ".join(names)]


class TitleScene(WidgetScene):
    """The first screen."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._decor: dict = {}
        #: The title, tagline and keys hint: the corner tiles keep clear of their words.
        self._words: list[UILabel] = []

    def build(self) -> None:
        """The buttons in a column; every height from the theme's fonts, so all sizes fit (issue 11)."""
        w, h = self.area_size
        px = self.px
        ps = self.app.play_state
        items: list[tuple[str, Callable[[], object], str | None]] = []
        if ps is not None:
            items.append((continue_words(ps), self.app.continue_match, "@primary"))
        items += [(i18n.t("ui.new_game"), self.new_game, None if ps else "@primary"),
                  (i18n.t("ui.settings"), self.app.open_settings, None),
                  (i18n.t("ui.rules"), self.rules, None),
                  (i18n.t("history.title"), self.finished_matches, None),
                  (i18n.t("ui.quit"), self.app.request_quit, None)]
        hint_h = self.line_height("@small", "label") + px(4)
        felt_rect = self._felt()  # the footer stands on the felt, inside the rail (issue 28)
        foot = felt_rect.bottom
        lang_h = self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(8)
        bh_min = self.line_height("@primary", "button") + 2 * WIDGET_INSET + px(4)
        # The largest title, gaps and tagline that leave every button its room; last, the keys
        # hint gives its line up rather than lie over the languages (issue 40: TV at 200%).
        for title_class, gap, tagline, hint in (("@title", px(12), True, True), ("@title", px(6), True, True),
                                                ("@heading", px(6), True, True), ("@heading", px(4), False, True),
                                                ("@heading", px(4), False, False)):
            room = foot - (hint_h if hint else 0) - px(8)
            title_h = self.line_height(title_class, "label") + px(4)
            tag_h = self.line_height("label") + px(4) if tagline else 0
            fixed = title_h + tag_h + px(24) + px(16) + lang_h
            bh = max(bh_min, min(px(52), (room - fixed + gap) // len(items) - gap))
            total = fixed + len(items) * (bh + gap) - gap
            if total <= room:
                break
        y = max(px(8) if total + px(8) <= room else 0, min(h // 2 - px(250), room - total))
        need = self.text_width([t for t, *_ in items], "@primary", "button")
        need = max(need, 2 * self.text_width([i18n.t("ui.rules"), i18n.t("learn.title")], "@primary", "button") + px(24))
        bw = min(max(px(400), need), w - px(40))
        x = (w - bw) // 2
        self._words = [self.label(pygame.Rect(0, y, w, title_h), i18n.t("ui.app_title"), "#title", title_class)]
        y += title_h
        fitting = [words for words in tagline_words() if self.text_width([words], "label") <= w - px(20)]
        if tagline and fitting:
            self._words.append(self.label(pygame.Rect(0, y, w, tag_h), fitting[0], "#tagline"))
        y += tag_h + px(24)
        for text, action, class_id in items:
            if action == self.rules:  # issue 31: the rules and Learn to play share a row
                half = (bw - gap) // 2
                self.focus.add_row(self.button(pygame.Rect(x, y, half, bh), text, action, class_id=class_id),
                                   self.button(pygame.Rect(x + bw - half, y, half, bh), i18n.t("learn.title"), self.learn))
            else:
                self.focus.add_row(self.button(pygame.Rect(x, y, bw, bh), text, action, class_id=class_id))
            y += bh + gap
        y += px(16) - gap
        # The language, one press away from the first screen, each name in itself.
        names = [i18n.language_name(c) for c in i18n.LANGUAGES]
        lw = max(min(px(170), (w - px(40)) // 4), self.text_width(names, "@primary", "button"))
        lgap = min(gap, max(0, (w - 4 * lw) // 5))
        lx = (w - 4 * lw - 3 * lgap) // 2
        langs = []
        for i, code in enumerate(i18n.LANGUAGES):
            current = code == i18n.language()
            control = self.button(pygame.Rect(lx + i * (lw + lgap), y, lw, lang_h), names[i],
                                  partial(self.app.set_language, code),
                                  class_id="@primary" if current else "@small")
            langs.append(control)
        self.focus.add_row(*langs)
        if hint:
            self._words.append(self.label(pygame.Rect(felt_rect.x, foot - hint_h - px(4), felt_rect.width, hint_h),
                                          i18n.t("ui.nav_hint"), "#hint", "@small"))

    def _felt(self) -> pygame.Rect:
        """The felt inside the rail, in the widgets' coordinates: the felt is drawn in the
        widgets' area (with the TV setting the safe area, as the table keeps it, issue 40)."""
        whole = pygame.Rect((0, 0), self.area_size)
        try:
            from .. import assets
            return assets.inside_rail(whole)
        except Exception:  # no art: no rail to keep clear of
            return whole

    def new_game(self) -> None:
        navigation.push(self.app, "new_game")

    def rules(self) -> None:
        """The rules of any game: which one first (``game.scenes.game_list``)."""
        navigation.push(self.app, "rules_menu")

    def learn(self) -> None:
        """Issue 31: Learn to play, a guided first hand of each game (``game.scenes.lesson``)."""
        navigation.push(self.app, "learn")

    def finished_matches(self) -> None:
        """The history of finished matches, their statistics and the replay viewer (issue 15)."""
        navigation.push(self.app, "history")

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a button, never an accident."""

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        surface = safe_area.area(surface, self.app.settings)  # the TV's margin is rail, as at the table
        draw_felt(surface)
        for img, rect in self.decor_places(surface.get_size()):
            surface.blit(img, rect)

    def decor_places(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The scattered tiles and where they go in the felt of ``size``: only those clear of
        every button and line of text (issue 40: at 200% two sat behind the language buttons)."""
        w, h = size
        tile = max(8, round(34 * self.s))
        taken = [el.rect.move(-self.area.x, -self.area.y) for c in self._controls for el in c.elements()]
        taken += [_words_rect(el).move(-self.area.x, -self.area.y) for el in self._words]
        out = []
        for low, high, fx, fy, angle in DECOR:
            key = (low, high, tile, angle)
            img = self._decor.get(key)
            if img is None:
                img = self._decor[key] = _decor_tile(low, high, tile, angle)
            if img is None:
                continue
            rect = img.get_rect(center=(round(fx * w), round(fy * h)))
            if rect.collidelist(taken) < 0:
                out.append((img, rect))
        return out


def _decor_tile(low: int, high: int, size: int, angle: float) -> pygame.Surface | None:
    try:
        from .. import assets
        img = assets.tile_surface(low, high, size, orientation="v")
    except Exception:
        return None
    img = pygame.transform.rotozoom(img, angle, 1.0)
    img.set_alpha(150)
    return img


def _words_rect(label: UILabel) -> pygame.Rect:
    """The part of a label's row its centred words cover (all of it if the font is not known)."""
    font = getattr(label, "font", None)
    if font is None:
        return label.rect
    width = font.size(label.text)[0]
    return pygame.Rect(0, 0, min(width, label.rect.width), label.rect.height).move(
        label.rect.centerx - min(width, label.rect.width) // 2, label.rect.y)
