"""Menu scenes built from pygame_gui widgets, with a keyboard and controller focus layer.

pygame_gui has no keyboard focus navigation (NOTES.md), so every menu keeps a
grid of its controls: MOVE intents walk the grid (up/down between rows,
left/right within a row, or through a choice's values when it is alone on its
row), CONFIRM presses the focused control, CANCEL goes back.  The mouse and
touch reach the same controls through pygame_gui's own clicks, so every menu
works with the keyboard alone, the mouse alone and touch alone.

A scene builds its widgets in ``build`` inside one full-window panel, so the
App can hide a covered scene with one call, and rebuilds them on a RESIZE
intent (window size, UI scale or language changed).
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox, UITextEntryLine

from .. import i18n, navigation, safe_area
from .. import intents as I
from ..intents import Intent
from ..scene import Scene
from ..table.render import FOCUS_COLOUR, FOCUS_SHADOW  # the focus ring: the table's too (issue 40)

#: Below this window size menus show no widgets (nothing readable fits).
MIN_SIZE = (240, 180)
log = logging.getLogger(__name__)


class Control:
    """Something the focus layer can land on.

    ``key`` names it across rebuilds: the focus stays on the control with the same
    key when a screen is laid out again (a new interface size moves rows about).
    """

    enabled = True
    key: str | None = None

    def elements(self) -> list:
        return []

    def rect(self) -> pygame.Rect:
        rects = [e.rect for e in self.elements()]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def activate(self) -> None:
        """CONFIRM on this control."""

    def step(self, delta: int) -> bool:
        """LEFT/RIGHT on a control alone in its row; True if it used it."""
        return False

    def owns(self, element) -> bool:
        return element in self.elements()

    def pressed(self, element) -> None:
        """A pygame_gui click on one of this control's elements."""
        self.activate()

    def set_focus(self, on: bool) -> None:
        for e in self.elements():
            if isinstance(e, UIButton) and e.is_enabled:
                e.select() if on else e.unselect()

    def words(self) -> str:
        """What it is, read aloud when the focus lands on it (issue 41)."""
        return ""


class Button(Control):
    def __init__(self, element: UIButton, on_press: Callable[[], object], enabled: bool = True) -> None:
        self.element = element
        self.on_press = on_press
        self.enabled = enabled
        if not enabled:
            element.disable()

    def elements(self) -> list:
        return [self.element]

    def activate(self) -> None:
        if self.enabled:
            self.on_press()

    def words(self) -> str:
        text = self.element.text
        return text if self.enabled else i18n.t("speech.unavailable", what=text)


class Choice(Control):
    """A value with ‹ and › buttons: a click on the value or Enter takes the next one."""

    def __init__(self, prev: UIButton, value: UIButton, nxt: UIButton,
                 options: Sequence[tuple[Any, str]], index: int,
                 on_change: Callable[[Any], None], wrap: bool = True) -> None:
        self.prev, self.value, self.next = prev, value, nxt
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.wrap = wrap
        self._show()

    def elements(self) -> list:
        return [self.prev, self.value, self.next]

    @property
    def current(self) -> Any:
        return self.options[self.index][0]

    #: the row's label, said before the value ("Language: Русский")
    name = ""

    def words(self) -> str:
        value = self.options[self.index][1] if self.options else ""
        return f"{self.name}: {value}" if self.name else value

    def _show(self) -> None:
        self.value.set_text(self.options[self.index][1])
        if not self.wrap:
            self.prev.enable() if self.index > 0 else self.prev.disable()
            self.next.enable() if self.index < len(self.options) - 1 else self.next.disable()

    def step(self, delta: int) -> bool:
        n = len(self.options)
        new = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if new != self.index:
            self.index = new
            self._show()
            self.on_change(self.current)
        return True

    def activate(self) -> None:
        self.step(1)

    def pressed(self, element) -> None:
        self.step(-1 if element is self.prev else 1)

    def set_focus(self, on: bool) -> None:
        if self.value.is_enabled:
            self.value.select() if on else self.value.unselect()


class TextField(Control):
    """A text entry: CONFIRM starts editing (typing goes in), Enter or Esc ends it."""

    def __init__(self, entry: UITextEntryLine, on_change: Callable[[str], None], scene=None, *,
                 digits: bool = False, limit: int = 24) -> None:
        self.entry = entry
        self.on_change = on_change
        self.scene = scene
        self.digits = digits
        self.limit = limit
        #: What the on-screen keyboard's heading says (the field's own label).
        self.title = ""

    def elements(self) -> list:
        return [self.entry]

    def activate(self) -> None:
        """Typing goes in; from a controller or a touch screen, the on-screen keyboard opens."""
        if self.scene is not None and self.scene.app.input.last_device in ("controller", "touch"):
            self.scene.open_keyboard(self)
            return
        # Through the manager, so pygame_gui's own focus set agrees (a bare focus() is undone).
        self.entry.ui_manager.set_focus_set(self.entry)
        self.entry.edit_position = len(self.entry.get_text())

    def pressed(self, element) -> None:
        pass

    def set_focus(self, on: bool) -> None:
        pass

    def words(self) -> str:
        text = self.entry.get_text()
        return f"{self.title}: {text}" if self.title else text


class FocusGrid:
    """The rows of controls of one menu and which one has the focus."""

    def __init__(self) -> None:
        self.rows: list[list[Control]] = []
        #: Each row's flow (a column of the screen, ``add_row``); ``SHARED`` rows belong to all.
        self.flows: list[int] = []
        self.row = 0
        self.col = 0

    def add_row(self, *controls: Control, flow: int = 0) -> None:
        """A row of controls, left to right.  ``flow`` names the screen column it stands in
        (a form with columns side by side): up and down stay in the column, then reach the
        ``SHARED`` rows (a row of Back and Start under them all), issue 40."""
        self.rows.append([c for c in controls if c is not None])
        self.flows.append(flow)

    @property
    def current(self) -> Control | None:
        if not self.rows or not self.rows[self.row]:
            return None
        return self.rows[self.row][min(self.col, len(self.rows[self.row]) - 1)]

    def _usable(self, r: int) -> bool:
        return any(c.enabled for c in self.rows[r])

    def place(self, row: int, col: int) -> None:
        """Focus (row, col), or the nearest usable control after it."""
        if not self.rows:
            return
        row = max(0, min(row, len(self.rows) - 1))
        for r in list(range(row, len(self.rows))) + list(range(row - 1, -1, -1)):
            if self._usable(r):
                self.row = r
                enabled = [i for i, c in enumerate(self.rows[r]) if c.enabled]
                self.col = min(enabled, key=lambda i: abs(i - col))
                return

    def focus_control(self, control: Control) -> None:
        for r, row in enumerate(self.rows):
            if control in row:
                self.row, self.col = r, row.index(control)

    def move(self, direction: str) -> None:
        if not self.rows:
            return
        if direction in ("up", "down"):
            step = -1 if direction == "up" else 1
            flow, n = self.flows[self.row], len(self.rows)
            ahead = [(self.row + k * step) % n for k in range(1, n + 1)]  # wrapping round
            # issue 40: up and down stay in a column; off its top up goes round to the shared
            # row under the columns (Back, Start), off its end down goes on to the next column
            same = [r for r in ahead if self.flows[r] == flow and (r - self.row) * step > 0 and self._usable(r)]
            if flow != SHARED and same:
                ahead = same
            elif flow != SHARED and step < 0 and SHARED in self.flows:
                ahead = [r for r in ahead if self.flows[r] == SHARED]
            r = next((r for r in ahead if self._usable(r)), self.row)
            self.row = r
            row = self.rows[r]
            self.col = min(self.col, len(row) - 1)
            if not row[self.col].enabled:
                self.place(r, self.col)
            return
        row = self.rows[self.row]
        delta = -1 if direction == "left" else 1
        enabled = [c for c in row if c.enabled]
        if len(enabled) == 1 and enabled[0].step(delta):
            return
        c = self.col + delta
        while 0 <= c < len(row) and not row[c].enabled:
            c += delta
        if 0 <= c < len(row):
            self.col = c
        elif isinstance(row[self.col], Choice):
            row[self.col].step(delta)
        elif delta < 0 and self.flows[self.row] > 0:
            self._to_column(self.flows[self.row] - 1)

    def _to_column(self, flow: int) -> None:
        """Left off a row's first control: the row of the column at its left level with it."""
        here = self.current.rect().centery if self.current is not None else 0
        rows = [r for r in range(len(self.rows)) if self.flows[r] == flow and self._usable(r)]
        if rows:
            r = min(rows, key=lambda r: abs(self.rows[r][0].rect().centery - here))
            self.place(r, len(self.rows[r]) - 1)


#: The flow of a row that stands under every column of a form (``FocusGrid.add_row``).
SHARED = -1

#: Pixels a button's border and shadow take on each side (the theme's widths, not scaled).
WIDGET_INSET = 4
#: Free pixels a text keeps from its widget's inner edge on each side.
TEXT_MARGIN = 8


@dataclass
class Place:
    """Where one labelled row goes: its page, its label and its control."""

    page: int
    label: pygame.Rect
    control: pygame.Rect


@dataclass
class Grid:
    """A screen of labelled rows (``WidgetScene.setting_grid``)."""

    title: pygame.Rect
    places: list[Place] = field(default_factory=list)
    back: pygame.Rect = field(default_factory=pygame.Rect)
    pager: pygame.Rect | None = None
    pages: int = 1
    stacked: bool = False


def focus_words(control: Control | None) -> str:
    """A menu's words for speech (issue 41): the control the focus is on ("Language:
    English": a row's label names the control laid out after it, ``Choice.name``)."""
    return control.words() if control is not None else ""


class WidgetScene(Scene):
    """A scene made of pygame_gui widgets in one full-window panel, with a FocusGrid."""

    #: "#screen" (transparent, the scene draws its own background) or "#dim" for overlays.
    panel_id = "#screen"
    #: UX-5: computer players wait while a scene with this flag is on the stack.
    pauses_play = False
    #: A screen whose rows do not fit shows them in pages (issue 11): the one shown, of how
    #: many.  The last focus row (Back, the page control ...) is on every page.
    page = 0
    pages = 1

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel: UIPanel | None = None
        self.focus = FocusGrid()
        self._controls: list[Control] = []
        self._generation: int | None = None
        self._container: UIPanel | None = None
        self.focus_key: str | None = None
        #: A RESIZE came while a full screen covered this one: rebuild when it is on top again.
        self._stale = False
        self.spoken_name = self._row_label = ""  # the heading, the last row label (issue 41)

    # ----------------------------------------------------------- building

    @property
    def s(self) -> float:
        return self.app.menu_scale

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def initial_focus(self) -> tuple[int, int]:
        """Where the focus starts on the first build (row, column)."""
        return 0, 0

    def font(self, *ids: str):
        """The theme's font for an element of these ids (most specific first)."""
        return self.app.ui.get_theme().get_font(list(ids))

    def text_width(self, texts: Sequence[str], *ids: str) -> int:
        """The widest of ``texts`` in the font of ``ids``, plus what a widget needs round it."""
        font = self.font(*ids)
        return max((font.size(t)[0] for t in texts), default=0) + 2 * (WIDGET_INSET + TEXT_MARGIN)

    def line_height(self, *ids: str) -> int:
        return self.font(*ids).size("ÁgЙ")[1]

    def setting_grid(self, labels: Sequence[str], options: Sequence[Sequence[str]]) -> Grid:
        """Lay out labelled choice rows so that any number of them fits the window.

        Rows are as tall as designed when they fit; else a second column when the
        window is wide enough; else shorter rows down to what the text needs; else
        pages (``Grid.pages``, the last row gets a page control beside Back).  A
        window too narrow for a label beside its choice puts the label above it.
        """
        w, h = self.area_size
        px = self.px
        m, gap, side, colgap = px(16), px(10), px(16), px(40)
        line_v, line_l = self.line_height("#value", "button"), self.line_height("label")
        title = pygame.Rect(0, m // 2, w, self.line_height("@heading", "label") + px(8))
        top = title.bottom + px(6)
        rh_max = max(px(50), line_v + 2 * WIDGET_INSET + px(6))
        rh_min = line_v + 2 * WIDGET_INSET + px(2)
        arrow = px(40)
        label_need = self.text_width(labels, "label") + px(4)
        control_need = self.text_width([o for row in options for o in row], "#value", "button") \
            + 2 * arrow + px(8)
        avail_w = w - 2 * m
        stacked = label_need + side + control_need > avail_w
        col_need = max(label_need, control_need) if stacked else label_need + side + control_need
        cols_max = 2 if 2 * col_need + colgap <= avail_w else 1
        back_y = h - m - rh_max
        avail_h = back_y - px(12) - top
        extra = line_l + px(2) if stacked else 0

        def per_col(rh: int) -> int:
            return max(1, (avail_h + gap) // (rh + gap + extra))

        n = max(1, len(labels))
        rh, cols = rh_max, 1
        if per_col(rh_max) < n:
            cols = cols_max
            while rh > rh_min and cols * per_col(rh) < n:
                rh -= 1
        rows_per_col = per_col(rh)
        per_page = cols * rows_per_col
        pages = math.ceil(n / per_page)
        if pages == 1:
            rows_per_col = math.ceil(n / cols)
        col_w = (avail_w - (cols - 1) * colgap) // cols
        col_w = min(col_w, max(col_need, (label_need + side + px(440)) if not stacked else px(440)))
        x0 = (w - (cols * col_w + (cols - 1) * colgap)) // 2
        unit = rh + gap + extra
        used = min(n, per_page)
        block = math.ceil(used / cols) * unit - gap
        y0 = top + max(0, (avail_h - block) // 2)
        grid = Grid(title=title, pages=pages, stacked=stacked)
        for i in range(len(labels)):
            page, j = divmod(i, per_page)
            c, r = divmod(j, rows_per_col)
            x, y = x0 + c * (col_w + colgap), y0 + r * unit
            if stacked:
                grid.places.append(Place(page, pygame.Rect(x, y, col_w, line_l),
                                         pygame.Rect(x, y + extra, col_w, rh)))
            else:
                lw = label_need
                grid.places.append(Place(page, pygame.Rect(x, y, lw, rh),
                                         pygame.Rect(x + lw + side, y, col_w - lw - side, rh)))
        back_w = min(max(px(300), self.text_width([i18n.t("ui.back")], "@primary", "button")), avail_w)
        if pages > 1:
            pager_need = self.text_width([i18n.t("keys.page", page=pages, pages=pages)], "#value", "button") + 2 * arrow + px(8)
            total = min(avail_w, pager_need + side + back_w)
            x = (w - total) // 2
            grid.pager = pygame.Rect(x, back_y, total - back_w - side, rh_max)
            grid.back = pygame.Rect(x + total - back_w, back_y, back_w, rh_max)
        else:
            grid.back = pygame.Rect((w - back_w) // 2, back_y, back_w, rh_max)
        return grid

    def rebuild(self) -> None:
        first = self._generation is None
        row, col = self.focus.row, self.focus.col
        #: The key of the control that had the focus, for ``build`` and to focus it again.
        self.focus_key = getattr(self.focus.current, "key", None)
        self.kill()
        self.focus = FocusGrid()
        self._controls = []
        w, h = self.area_size
        self._container = None
        # Each scene's widgets lie above every scene below it on the stack.
        scenes = list(self.app.stack)
        depth = scenes.index(self) if self in scenes else len(scenes)
        self.panel = UIPanel(self.area, starting_height=10 + 20 * depth,
                             manager=self.app.ui, object_id=ObjectID(self.panel_id))
        self._generation = self.app.ui_generation
        self._stale = False
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            # A window dragged to a sliver: nothing fits, so show no widgets until it grows.
            return
        try:
            self.build()
        except RuntimeError as e:  # pygame_gui's "Row longer than layout" on odd sizes
            log.warning("%s could not lay out at %dx%d: %s", type(self).__name__, w, h, e)
            self.kill()
            self.panel = UIPanel(self.area, manager=self.app.ui, object_id=ObjectID(self.panel_id))
            self._controls = []
            self.focus = FocusGrid()
            return
        if first:
            row, col = self.initial_focus()
        self.focus.place(row, col)
        keyed = [c for r in self.focus.rows for c in r if c.key is not None and c.key == self.focus_key]
        if keyed and keyed[0].enabled:
            self.focus.focus_control(keyed[0])
        self._show_focus()

    def build(self) -> None:
        """Create the widgets (subclasses)."""

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def set_ui_visible(self, visible: bool) -> None:
        if self.panel is not None and bool(self.panel.visible) != visible:
            self.panel.show() if visible else self.panel.hide()

    def on_enter(self) -> None:
        if self.panel is None or self._generation != self.app.ui_generation or self._stale:
            self.rebuild()
        else:
            self.panel.show()

    def on_exit(self) -> None:
        self.kill()

    # ------------------------------------------------------------ widgets

    @property
    def area(self) -> pygame.Rect:
        """Where the widgets go: the window, or with the TV setting its safe area (issue 11:
        nothing essential in the 5% a TV's overscan may crop).  Widgets are laid out in
        this rectangle's own coordinates (their panel is placed at it)."""
        return safe_area.safe_rect(self.app.settings, self.app.size)

    @property
    def area_size(self) -> tuple[int, int]:
        return self.area.size

    @property
    def container(self):
        return self._container or self.panel

    def dialog(self, width: int, height: int) -> pygame.Rect:
        """A centred dialog panel that takes the widgets made after it; returns its inner rect."""
        w, h = self.area_size
        width, height = min(width, w - self.px(16)), min(height, h - self.px(16))
        rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self._container = UIPanel(rect, starting_height=1, manager=self.app.ui,
                                  container=self.panel, object_id=ObjectID("#dialog"))
        return pygame.Rect(0, 0, width, height)

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None,
              class_id: str | None = None) -> UILabel:
        if object_id in ("#heading", "#title"):  # said with the focus (issue 41)
            self.spoken_name = text
        elif object_id in ("#left", "#right"):
            self._row_label = text
        return UILabel(rect, text, manager=self.app.ui, container=self.container,
                       object_id=ObjectID(object_id, class_id))

    def spoken(self) -> str | None:
        return focus_words(self.focus.current) or self.spoken_name or None

    def text_box(self, rect: pygame.Rect, html: str) -> UITextBox:
        return UITextBox(html, rect, manager=self.app.ui, container=self.container)

    def button(self, rect: pygame.Rect, text: str, on_press: Callable[[], object], *,
               enabled: bool = True, object_id: str | None = None,
               class_id: str | None = None) -> Button:
        el = UIButton(rect, text, manager=self.app.ui, container=self.container,
                      object_id=ObjectID(object_id, class_id))
        control = Button(el, on_press, enabled)
        self._controls.append(control)
        return control

    def choice(self, rect: pygame.Rect, options: Sequence[tuple[Any, str]], current: Any,
               on_change: Callable[[Any], None], wrap: bool = True) -> Choice:
        arrow = min(rect.height, self.px(40))
        prev = UIButton(pygame.Rect(rect.x, rect.y, arrow, rect.height), "‹", manager=self.app.ui,
                        container=self.container)
        value = UIButton(pygame.Rect(rect.x + arrow + self.px(4), rect.y,
                                     rect.width - 2 * arrow - self.px(8), rect.height), "",
                         manager=self.app.ui, container=self.container,
                         object_id=ObjectID("#value"))
        nxt = UIButton(pygame.Rect(rect.right - arrow, rect.y, arrow, rect.height), "›",
                       manager=self.app.ui, container=self.container)
        values = [v for v, _ in options]
        index = values.index(current) if current in values else 0
        control = Choice(prev, value, nxt, options, index, on_change, wrap)
        self._controls.append(control)
        control.name, self._row_label = self._row_label, ""
        return control

    def text_field(self, rect: pygame.Rect, text: str, on_change: Callable[[str], None], *,
                   placeholder: str = "", limit: int = 24, allowed: str | None = None) -> TextField:
        entry = UITextEntryLine(rect, manager=self.app.ui, container=self.container,
                                placeholder_text=placeholder)
        if allowed:
            entry.set_allowed_characters(allowed)
        entry.set_text_length_limit(limit)
        entry.set_text(text)
        control = TextField(entry, on_change, self, digits=allowed == "numbers", limit=limit)
        self._controls.append(control)
        control.title, self._row_label = self._row_label, ""
        return control

    def open_keyboard(self, field: TextField) -> None:
        """Issue 11: the on-screen keyboard for ``field``; OK puts its text in the field."""
        def done(text: str) -> None:
            field.entry.set_text(text)
            field.on_change(field.entry.get_text())

        self._refocus_ui()
        self.focus.focus_control(field)
        navigation.push(self.app, "keyboard", field.entry.get_text(), done, digits=field.digits,
                        limit=field.limit, title=field.title)

    # -------------------------------------------------------------- input

    def resting(self) -> bool:
        return self.editing() is None  # a text field's cursor blinks

    def editing(self) -> TextField | None:
        for c in self._controls:
            if isinstance(c, TextField) and c.entry.is_focused:
                return c
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for control in self._controls:
                if control.owns(event.ui_element):
                    self.focus.focus_control(control)
                    self._show_focus()
                    control.pressed(event.ui_element)
                    return True
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for control in self._controls:
                if isinstance(control, TextField) and control.entry is event.ui_element:
                    control.on_change(control.entry.get_text())
                    return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            field = self.editing()
            if field is not None:
                field.entry.unfocus()
                self._refocus_ui()
            return True
        field = self.editing()
        if field is not None and event.type == pygame.KEYDOWN:
            # While a name is typed, keys are text: only Esc, Tab and up/down leave the field.
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                field.entry.unfocus()
                self._refocus_ui()
                self.focus.focus_control(field)
                if event.key in (pygame.K_UP, pygame.K_DOWN):
                    self.focus.move("up" if event.key == pygame.K_UP else "down")
                self._show_focus()
            return True
        if field is not None and event.type == pygame.TEXTINPUT:
            return True
        return False

    def _refocus_ui(self) -> None:
        try:
            self.app.ui.set_focus_set(None)
        except Exception:
            pass

    def covered(self) -> bool:
        """True if a full (not overlay) scene above this one hides it."""
        scenes = list(self.app.stack)
        if self not in scenes:
            return False
        return any(not getattr(s, "overlay", False) for s in scenes[scenes.index(self) + 1:])

    def handle(self, intent: Intent) -> None:
        if intent.kind == I.RESIZE:
            # Issue 11: a hidden screen is laid out when it shows again, not on every size step.
            self._stale = self.covered()
            if not self._stale:
                self.rebuild()
        elif intent.kind == I.MOVE and intent.direction:
            if not self._page_step(intent.direction):
                self.focus.move(intent.direction)
            self._show_focus()
        elif intent.kind == I.CONFIRM:
            control = self.focus.current
            if control is not None and control.enabled:
                control.activate()
        elif intent.kind == I.CANCEL:
            self.back()
        elif intent.kind == I.MENU:
            self.back()

    def _page_step(self, direction: str) -> bool:
        """Down from a page's last row shows the next page's first, up from its first the one before."""
        if self.pages <= 1 or direction not in ("up", "down"):
            return False
        down = direction == "down"
        step = 1 if down else -1
        last = len(self.focus.rows) - 1  # the row on every page
        if self.focus.row != (last - 1 if down else 0) or not 0 <= self.page + step < self.pages:
            return False
        self.page += step
        self.focus = FocusGrid()  # no focused row to keep: it is on the page left
        self.rebuild()
        self.focus.place(0 if down else max(0, len(self.focus.rows) - 2), 0)
        return True

    def _show_focus(self) -> None:
        current = self.focus.current
        for control in self._controls:
            control.set_focus(control is current and self._keyboard_mode())

    def _keyboard_mode(self) -> bool:
        return self.app.input.last_device in ("keyboard", "controller")

    def update(self, dt: float) -> None:
        field = self.editing()
        if field is not None and self.app.input.last_device == "touch" and self.app.stack.top is self:
            field.entry.unfocus()
            self.open_keyboard(field)  # a finger on a text field: no keys to type with
            return
        mode = self._keyboard_mode()
        if mode != getattr(self, "_last_mode", None):
            self._last_mode = mode
            self._show_focus()

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A ring round the focused control, over the widgets (keyboard and controller only)."""
        if not self._keyboard_mode() or self.editing() is not None:
            return
        control = self.focus.current
        if control is None or not control.enabled:
            return
        width = max(4, self.px(5))
        ring = control.rect().inflate(2 * width + self.px(4), 2 * width + self.px(4))
        radius = self.px(10) + width
        pygame.draw.rect(surface, FOCUS_SHADOW, ring.inflate(4, 4), width + 4, border_radius=radius + 2)
        pygame.draw.rect(surface, FOCUS_COLOUR, ring, width, border_radius=radius)

    def back(self) -> None:
        """CANCEL: leave this scene (subclasses may ask first)."""
        if len(self.app.stack) > 1:
            self.app.stack.pop()
