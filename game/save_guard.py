"""Nothing lost without a word (issue 29): what the App says about its autosave.

- ``tell_recovered``: a damaged autosave was resumed as far as it could be read
  (``storage.LoadResult.recovered``): how many moves were kept, how many could
  not be read, and where the damaged files were set aside.

- while saves fail (``MatchHost.save_failing``) with a match in progress: a mark
  that stays on screen (``draw_unsaved_mark``), and Quit or closing the window
  (``hold_quit``) warns first and offers to save the match as a named file in
  the home folder, to quit anyway, or to go back.

Kept apart from ``game.app`` so that the App only calls in at a few places.
"""
from __future__ import annotations

import html
import logging
import os
import time
from pathlib import Path
from typing import Any

import pygame

from rules import save as rules_save

from . import i18n
from .scenes.overlays import OverlayScene

log = logging.getLogger(__name__)


def recovered_text(result) -> str:
    """The message for a ``LoadResult`` with ``recovered`` set, in the current language."""
    kept = i18n.t("save.recovered_kept", count=result.kept)
    lost = i18n.t("save.recovered_lost", count=result.lost) if result.lost else ""
    if result.moved_to is not None:
        return i18n.t("save.recovered", kept=kept, lost=lost, file=str(result.moved_to)).replace(" \n", "\n")
    return i18n.t("save.recovered_not_moved", kept=kept, lost=lost,
                  file=str(result.path)).replace(" \n", "\n")


def tell_recovered(app, result) -> None:
    """Show what a damaged autosave kept, over the resumed table."""
    app.show_message(i18n.t("save.recovered_title"), recovered_text(result))


# ------------------------------------------------------- while saves fail

#: The mark's colours: the notices' dark green behind, a warning red round it.
MARK_FILL = (120, 30, 26)
MARK_EDGE = (247, 241, 227)


def unsaved(app) -> bool:
    """Saves are failing and a match is in progress: quitting now would lose moves."""
    return app.match.save_failing and app.play_state is not None


def mark_rect(app, surface: pygame.Surface) -> tuple[pygame.Rect, pygame.Surface]:
    """Where the lasting "not saved" mark goes (the bottom right corner) and its text."""
    from . import assets
    scale = app.menu_scale
    font = assets.font(max(12, round(16 * scale)))
    img = font.render(i18n.t("save.unsaved_mark"), True, MARK_EDGE)
    pad = round(8 * scale)
    box = img.get_rect().inflate(pad * 2, pad)
    box.bottomright = (surface.get_width() - pad, surface.get_height() - pad)
    return box, img


def draw_unsaved_mark(app, surface: pygame.Surface) -> None:
    """A mark that stays on screen for as long as saves fail (the notice alone goes after 3.5 s)."""
    if not unsaved(app):
        return
    box, img = mark_rect(app, surface)
    radius = max(2, box.height // 4)
    pygame.draw.rect(surface, MARK_FILL, box, border_radius=radius)
    pygame.draw.rect(surface, MARK_EDGE, box, 1, border_radius=radius)
    surface.blit(img, img.get_rect(center=box.center))


def hold_quit(app) -> bool:
    """Quit (the button, the window's close) while saves fail: warn instead and return True.

    The warning offers to save the match in the home folder and quit, to quit
    anyway, or to go back; a second quit while it is open changes nothing.
    """
    if not unsaved(app):
        return False
    if not any(isinstance(s, UnsavedQuitScene) for s in app.stack):
        app.stack.push(UnsavedQuitScene(app))
    return True


def rescue_path(now: float | None = None) -> Path:
    """A file in the home folder that does not exist yet: ``domino-table-YYYY-MM-DD-HHMMSS.json``."""
    home = Path.home()
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(now))
    path = home / f"domino-table-{stamp}.json"
    n = 2
    while os.path.lexists(path):
        path = home / f"domino-table-{stamp}-{n}.json"
        n += 1
    return path


def build_dialog(scene, height: int, title: str, text: str, rows: list[tuple[str, Any, str | None]]) -> None:
    """A dialog of ``height`` design px: a title, a text and a column of buttons, each row
    (words, action, class); the save dialogs' one look (the Quit warning, the rescue offer)."""
    px = scene.px
    m, bh, gap = px(24), px(50), px(10)
    inner = scene.dialog(px(800), px(height))
    scene.label(pygame.Rect(m, px(10), inner.width - 2 * m, px(48)), title, "#heading", "@heading")
    buttons_top = inner.height - m - len(rows) * bh - (len(rows) - 1) * gap
    scene.text_box(pygame.Rect(m, px(66), inner.width - 2 * m, buttons_top - px(66) - gap), html.escape(text))
    for i, (words, action, class_id) in enumerate(rows):
        rect = pygame.Rect(m, buttons_top + i * (bh + gap), inner.width - 2 * m, bh)
        scene.focus.add_row(scene.button(rect, words, action, class_id=class_id))


class UnsavedQuitScene(OverlayScene):
    """Quit while the autosave fails: save elsewhere and quit, quit anyway, or back to the game."""

    pauses_play = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.path = rescue_path()
        self.failed = False

    def build(self) -> None:
        text = i18n.t("save.quit_unsaved", file=str(self.path))
        if self.failed:
            text += "\n\n" + i18n.t("save.quit_save_failed", file=str(self.path))
        build_dialog(self, 500, i18n.t("save.quit_unsaved_title"), text,
                     [(i18n.t("save.quit_back"), self.back, "@primary"),
                      (i18n.t("save.quit_save_elsewhere"), self.save_and_quit, None),
                      (i18n.t("save.quit_anyway"), self.quit_anyway, "@danger")])

    def save_and_quit(self) -> None:
        play = self.app.play_state
        if play is None:
            self.quit_anyway()
            return
        try:
            rules_save.save(play.session, self.path, self.app.autosave_meta())
        except OSError as e:
            log.error("could not save the match to %s either: %s", self.path, e)
            self.failed = True
            self.rebuild()
            return
        log.warning("the autosave failed; the match was saved to %s instead", self.path)
        self.app.running = False

    def quit_anyway(self) -> None:
        log.warning("quit while the autosave failed: the moves since the last save are lost")
        self.app.running = False
