"""The on-screen keyboard: text with the d-pad and A/B, for a controller or a device without keys.

Issue 11 ("controller everywhere"): a text field activated from a controller
or by touch opens this over the form.  The d-pad walks the keys, A presses
one, B cancels (the field keeps its text), X erases a letter, Y changes the
case and Start is OK.  A real keyboard still types into it.

Three layouts cover the four languages: Latin with the Italian accented
vowels, Cyrillic with the Russian and the Ukrainian letters (і ї є ґ), and
digits; the seed's keyboard has digits only.  A letter at the start of a word
comes capitalised (names), Shift turns the next letters the other way.
"""
from __future__ import annotations

from functools import partial

from typing import Callable

import pygame

from .. import i18n
from .. import intents as I
from ..intents import Intent
from .menu import WIDGET_INSET, Button
from .overlays import OverlayScene

LATIN = "abcdefghijklmnopqrstuvwxyzàèéìíòóù'-."
CYRILLIC = "абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюя'-"
DIGITS = "1234567890"
LAYOUTS = {"latin": LATIN, "cyrillic": CYRILLIC, "digits": DIGITS}
#: What the key that switches to each layout says.
LAYOUT_NAMES = {"latin": "keys.layout_latin", "cyrillic": "keys.layout_cyrillic", "digits": "keys.layout_digits"}
#: Keys on one row of letters.
COLUMNS = 10


def default_layout(digits: bool = False) -> str:
    """Digits for the seed; else the script of the language being shown."""
    if digits:
        return "digits"
    return "cyrillic" if i18n.language() in ("ru", "uk") else "latin"


class KeyboardScene(OverlayScene):
    """A text being edited with on-screen keys; ``on_done(text)`` is called on OK only."""

    pauses_play = True

    def __init__(self, app, text: str, on_done: Callable[[str], None], *, digits: bool = False,
                 limit: int = 24, title: str = "") -> None:
        super().__init__(app)
        self.text = text[:limit]
        self.on_done = on_done
        self.digits = digits
        self.limit = limit
        self.title_text = title
        self.layout = default_layout(digits)
        self.shift = False

    # ------------------------------------------------------------- layout

    def layouts(self) -> list[str]:
        return ["digits"] if self.digits else ["latin", "cyrillic", "digits"]

    def capital(self) -> bool:
        """Whether the next letter comes out capitalised (a word's first letter, or Shift)."""
        start = not self.text or self.text.endswith(" ")
        return start != self.shift

    def letters(self) -> list[str]:
        keys = LAYOUTS[self.layout]
        return [k.upper() if self.capital() else k for k in keys]

    def build(self) -> None:
        px = self.px
        w, h = self.area_size
        m, gap = px(16), px(6)
        keys = self.letters()
        cols = min(COLUMNS, len(keys))
        rows = [keys[i:i + cols] for i in range(0, len(keys), cols)]
        commands = self.commands()
        line = self.line_height("button")
        kh = max(line + 2 * WIDGET_INSET + px(2), min(px(48), line + 2 * WIDGET_INSET + px(16)))
        kw = max(kh, self.text_width(keys, "button"))
        cmd_w = self.text_width([t for t, _ in commands], "button")
        width = min(w - px(16), max(cols * (kw + gap) - gap, len(commands) * (cmd_w + gap) - gap) + 2 * m)
        per_row = max(1, min(len(commands), (width - 2 * m + gap) // (cmd_w + gap)))
        command_rows = [commands[i:i + per_row] for i in range(0, len(commands), per_row)]
        head_h = self.line_height("@heading", "label") + px(4)
        shown_h = self.line_height("text_entry_line") + 2 * WIDGET_INSET + px(6)
        n_rows = len(rows) + len(command_rows)
        kh_min = line + 2 * WIDGET_INSET + 2
        room = h - px(16) - 2 * m - shown_h
        if room - head_h < n_rows * (kh_min + gap):
            head_h, m, gap = 0, px(8), px(4)  # no heading: the keys need the room
            room = h - px(16) - 2 * m - shown_h
        kh = max(kh_min, min(kh, (room - head_h) // n_rows - gap))
        height = head_h + shown_h + n_rows * (kh + gap) + 2 * m
        inner = self.dialog(width, min(height, h - px(16)))
        if head_h:
            self.label(pygame.Rect(m, px(4), inner.width - 2 * m, head_h),
                       self.title_text or i18n.t("keys.title"), "#heading", "@heading")
        y = head_h + m // 2
        self.shown = self.label(pygame.Rect(m, y, inner.width - 2 * m, shown_h), self._shown(), "#value")
        y += shown_h + gap
        kw = min(kw, (inner.width - 2 * m + gap) // cols - gap)
        x0 = (inner.width - (cols * (kw + gap) - gap)) // 2
        for row in rows:
            controls = []
            for i, key in enumerate(row):
                control = self.button(pygame.Rect(x0 + i * (kw + gap), y, kw, kh), key,
                                      partial(self.type, key))
                control.key = f"key_{row.index(key)}_{rows.index(row)}"
                controls.append(control)
            self.focus.add_row(*controls)
            y += kh + gap
        n = 0
        for chunk in command_rows:
            cw = (inner.width - 2 * m - (len(chunk) - 1) * gap) // len(chunk)
            controls = []
            for i, (words, action) in enumerate(chunk):
                control = self.button(pygame.Rect(m + i * (cw + gap), y, cw, kh), words, action,
                                      class_id="@primary" if action == self.ok else None)
                control.key = f"command_{n}"
                n += 1
                controls.append(control)
            self.focus.add_row(*controls)
            y += kh + gap

    def commands(self) -> list[tuple[str, Callable[[], None]]]:
        """The bottom row: the next layout, Shift, space, erase, Cancel, OK."""
        out: list[tuple[str, Callable[[], None]]] = []
        if len(self.layouts()) > 1:
            nxt = self.layouts()[(self.layouts().index(self.layout) + 1) % len(self.layouts())]
            out.append((i18n.t(LAYOUT_NAMES[nxt]), self.next_layout))
        if self.layout != "digits":
            out += [(i18n.t("keys.shift"), self.toggle_shift), (i18n.t("keys.space"), lambda: self.type(" "))]
        out += [(i18n.t("keys.erase"), self.erase), (i18n.t("keys.cancel"), self.back),
                (i18n.t("ui.ok"), self.ok)]
        return out

    def _shown(self) -> str:
        return self.text + "_"

    # -------------------------------------------------------------- editing

    def type(self, key: str) -> None:
        if len(self.text) >= self.limit or (self.digits and not key.isdigit()):
            return
        if key == " " and (not self.text or self.text.endswith(" ")):
            return  # no leading or double spaces in a name
        was_capital = self.capital()
        self.text += key
        if self.shift and key != " ":
            self.shift = False
        self._changed(was_capital)

    def erase(self) -> None:
        was_capital = self.capital()
        self.text = self.text[:-1]
        self._changed(was_capital)

    def toggle_shift(self) -> None:
        self.shift = not self.shift
        self.relabel()

    def next_layout(self) -> None:
        layouts = self.layouts()
        self.layout = layouts[(layouts.index(self.layout) + 1) % len(layouts)]
        self.shift = False
        self.rebuild()

    def _changed(self, was_capital: bool) -> None:
        self.shown.set_text(self._shown())
        if self.capital() != was_capital:
            self.relabel()

    def relabel(self) -> None:
        """The letter keys in the case the next letter will have (no re-layout)."""
        letters = iter(self.letters())
        for control in self._controls:
            if isinstance(control, Button) and (control.key or "").startswith("key_"):
                key = next(letters, None)
                if key is not None:
                    control.element.set_text(key)
                    control.on_press = partial(self.type, key)

    def ok(self) -> None:
        text = self.text.strip()
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.on_done(text)

    # ---------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        if intent.kind == I.HINT:  # controller X
            self.erase()
        elif intent.kind == I.SORT and not self.digits:  # controller Y
            self.toggle_shift()
        elif intent.kind == I.MENU:  # controller Start
            self.ok()
        else:
            super().handle(intent)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A real keyboard types too: letters, Backspace, Enter (OK) and Esc (cancel)."""
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if ch.isprintable():
                    self.type(ch)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.erase()
            return True
        typed = str(getattr(event, "unicode", "") or "")
        if event.type == pygame.KEYDOWN and typed and typed.isprintable():
            return True  # the letter comes as TEXTINPUT; "h" must not also be X's erase
        return super().handle_event(event)
