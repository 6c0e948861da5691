"""Settings: language, computer speed, fullscreen, interface size, tiles, colours, sound.

Every change applies at once and is saved (game.storage); the language
re-translates every screen, the interface size rebuilds the widgets.
The rows are laid out by ``WidgetScene.setting_grid`` (issue 11): any number of
rows fits every interface size, in two columns or over pages when they must.
"""
from __future__ import annotations

from functools import partial

import pygame

from .. import i18n
from ..phones import port_choices
from .menu import WidgetScene
from .title import draw_felt

SPEEDS = ("slow", "normal", "fast", "instant")
UI_SCALES = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
TILE_STYLES = ("auto", "pips", "numerals")
PALETTES = ("standard", "colour_blind")
VOLUMES = tuple(range(0, 101, 10))


class SettingsScene(WidgetScene):
    """The settings screen (from the title or the in-game menu)."""

    pauses_play = True

    def rows(self) -> list[tuple[str, list, object, str]]:
        """(label key, options, current value, setting) for every row, in order."""
        st = self.app.settings
        return [
            ("ui.language", [(c, i18n.language_name(c)) for c in i18n.LANGUAGES],
             i18n.language(), "language"),
            ("ui.computer_speed", [(v, i18n.t(f"ui.speed_{v}")) for v in SPEEDS],
             st.get("computer_speed", "normal"), "computer_speed"),
            ("ui.fullscreen", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(self.app.fullscreen), "fullscreen"),
            ("ui.ui_scale", [(v, i18n.t("ui.percent", value=round(v * 100))) for v in UI_SCALES],
             _nearest(st.get("ui_scale", 1.0)), "ui_scale"),
            ("ui.tile_style", [(v, i18n.t(f"ui.tile_style_{v}")) for v in TILE_STYLES],
             st.get("tile_style", "auto"), "tile_style"),
            ("ui.palette", [(v, i18n.t(f"ui.palette_{v}")) for v in PALETTES],
             st.get("palette", "standard"), "palette"),
            ("tv.setting", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("tv", False)), "tv"),
            ("motion.reduced", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("reduced_motion", False)), "reduced_motion"),
            ("reading.setting", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("reading", False)), "reading"),
            ("ui.volume", [(v, i18n.t("ui.percent", value=v)) for v in VOLUMES],
             min(VOLUMES, key=lambda v: abs(v - int(st.get("volume", 70)))), "volume"),
            ("ui.effects", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("effects", True)), "effects"),
            ("speech.setting", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("speech", False)), "speech"),
            ("speech.detail_setting", [(v, i18n.t(f"speech.detail_{v}")) for v in ("brief", "normal", "full")],
             st.get("speech_detail", "normal"), "speech_detail"),
            ("speech.rate_setting", [(v, i18n.t("speech.rate", count=v)) for v in (130, 170, 220, 280)],
             st.get("speech_rate", 170), "speech_rate"),
            ("speech.voice_setting", [("own", i18n.t("speech.voice_own")), ("screen_reader", i18n.t("speech.voice_reader"))],
             st.get("speech_voice", "own"), "speech_voice"),
            ("phone.port_setting", [(p, str(p) if p else i18n.t("phone.port_any")) for p in port_choices(
                st.get("phones_port", 0))], st.get("phones_port", 0), "phones_port"),
        ]

    def build(self) -> None:
        rows = self.rows()
        grid = self.setting_grid([i18n.t(key) for key, *_ in rows],
                                 [[words for _, words in options] for _, options, *_ in rows])
        settings = [setting for *_, setting in rows]
        if self.focus_key in settings:  # the focused row stays in view (a new size re-pages)
            self.page = grid.places[settings.index(self.focus_key)].page
        self.page = max(0, min(self.page, grid.pages - 1))
        self.pages = grid.pages
        self.label(grid.title, i18n.t("ui.settings_title"), "#heading", "@heading")
        for (key, options, current, setting), place in zip(rows, grid.places):
            if place.page != self.page:
                continue
            self.label(place.label, i18n.t(key), "#left" if grid.stacked else "#right")
            control = self.choice(place.control, options, current,
                                  partial(self.app.set_setting, setting),
                                  wrap=setting not in ("ui_scale", "computer_speed", "volume"))
            control.key = setting
            self.focus.add_row(control)
        back = self.button(grid.back, i18n.t("ui.back"), self.back, class_id="@primary")
        back.key = "back"
        if grid.pages > 1 and grid.pager is not None:
            pages = [(n, i18n.t("keys.page", page=n + 1, pages=grid.pages)) for n in range(grid.pages)]
            turn = self.choice(grid.pager, pages, self.page, self._turn, wrap=False)
            turn.key = "page"
            self.focus.add_row(turn, back)
        else:
            self.focus.add_row(back)

    def _turn(self, page: int) -> None:
        self.page = page
        self.rebuild()

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        draw_felt(surface)


def _nearest(v: float) -> float:
    return min(UI_SCALES, key=lambda s: abs(s - float(v)))
