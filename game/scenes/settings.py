"""Settings: language, computer speed, fullscreen, interface size, tiles, colours, sound.

Every change applies at once and is saved (game.storage); the language
re-translates every screen, the interface size rebuilds the widgets.
"""
from __future__ import annotations

import pygame

from .. import i18n
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

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        st = self.app.settings
        rows = [
            ("ui.language", [(c, i18n.catalog()[c].get("ui.language_name", c)) for c in i18n.LANGUAGES],
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
            ("ui.volume", [(v, i18n.t("ui.percent", value=v)) for v in VOLUMES],
             min(VOLUMES, key=lambda v: abs(v - int(st.get("volume", 70)))), "volume"),
            ("ui.effects", [(False, i18n.t("ui.off")), (True, i18n.t("ui.on"))],
             bool(st.get("effects", True)), "effects"),
        ]
        rh, gap = px(50), px(14)
        total = px(80) + len(rows) * (rh + gap) + px(30) + rh
        top = max(px(10), (h - total) // 2)
        self.label(pygame.Rect(0, top - px(6), w, px(72)), i18n.t("ui.settings_title"), "#heading", "@title")
        y = top + px(80)
        # The label column is as wide as its longest label, and the whole block is centred.
        font = self.app.ui.get_theme().get_font(["label"])
        longest = max(font.size(i18n.t(key))[0] for key, *_ in rows)
        cw = min(px(440), w - px(60))
        lw = min(longest + px(24), max(px(60), w - cw - px(40)))
        width = lw + cw
        x = (w - width) // 2
        for key, options, current, setting in rows:
            self.label(pygame.Rect(x, y, lw - px(16), rh), i18n.t(key), "#right")
            control = self.choice(pygame.Rect(x + lw, y, cw, rh), options, current,
                                  lambda v, k=setting: self.app.set_setting(k, v),
                                  wrap=setting not in ("ui_scale", "computer_speed", "volume"))
            self.focus.add_row(control)
            y += rh + gap
        y += px(30) - gap
        bw = min(px(300), width)
        self.focus.add_row(self.button(pygame.Rect((w - bw) // 2, y, bw, rh), i18n.t("ui.back"),
                                       self.back, class_id="@primary"))

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        draw_felt(surface)


def _nearest(v: float) -> float:
    return min(UI_SCALES, key=lambda s: abs(s - float(v)))
