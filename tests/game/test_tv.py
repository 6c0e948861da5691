"""Issue 11, the ten-foot interface: the TV setting's safe area and text size, a table that
grows with the interface size, and score screens that step aside from the final layout."""
from __future__ import annotations

import pygame
import pytest

from table_fixtures import FakeApp, make_play, play_until

from game import intents as I
from game.intents import Intent
from game.play import DEAL_END
from game.safe_area import OVERSCAN, TV_SCALE, safe_rect
from game.scenes.deal_end import DealEndScene
from game.scenes.table import TableScene
from game.table.layout import TILE_W


def table(size=(1920, 1080), tv=False, ui=1.0, kinds="hccc", seed=7, players_moves=0):
    app = FakeApp(size)
    app.settings.update(tv=tv, ui_scale=ui)
    app.ui_scale = ui * (TV_SCALE if tv else 1.0)
    play = make_play(kinds, seed)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    scene.camera.update(10.0)
    return app, play, scene


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 600)])
def test_the_tv_setting_keeps_everything_inside_the_safe_area(size):
    app, play, scene = table(size, tv=True)
    safe = safe_rect(app.settings, size)
    assert safe.x == round(size[0] * OVERSCAN) and safe.y == round(size[1] * OVERSCAN)
    # the scene lays itself out in the safe area's own coordinates
    w, h = safe.size
    for b in scene.buttons + scene.camera_buttons:
        assert pygame.Rect(0, 0, w, h).contains(b.rect), b.id
    for r in scene.hand_rect_list:
        assert pygame.Rect(0, 0, w, h).contains(r)
    # and nothing but the rail is drawn in the margin: the margin's pixels are the rail's colour
    from game.safe_area import RAIL
    for x, y in ((2, 2), (size[0] - 3, size[1] // 2), (size[0] // 2, size[1] - 3)):
        assert tuple(app.screen.get_at((x, y)))[:3] == RAIL


def test_a_tap_on_a_tv_is_read_in_the_safe_area():
    app, play, scene = table(tv=True)
    safe = safe_rect(app.settings, (1920, 1080))
    while not (play.my_turn() and play.playable_tiles()):
        if not play.step_computer():
            play._apply(play.legal()[0])
    app.frame()
    tile = sorted(play.playable_tiles())[0]
    local = scene.hand_rect_list[scene.hand_tiles.index(tile)].center
    app.stack.handle(Intent(I.TAP, pos=(local[0] + safe.x, local[1] + safe.y)))
    assert play.selected == tile


def test_tv_text_is_about_32_px_at_1080p():
    _, _, plain = table()
    _, _, tv = table(tv=True)
    assert plain.font_px == 19
    assert 30 <= tv.font_px <= 34


@pytest.mark.parametrize("ui", [1.5, 2.0])
def test_the_interface_size_grows_the_table_tiles_too(ui):
    """At 150% and more the table's tiles are never smaller than at 100% on a table that
    no longer fits whole: the view follows the play instead (Fit all still shows all)."""
    app, play, scene = table(ui=1.0, kinds="hccccccccc", seed=3)
    for _ in range(200):  # a full ten-seat table
        if play.my_turn():
            play._apply(play.legal()[0])
        elif not play.step_computer():
            break
        if play.phase == DEAL_END:
            break
    app.frame()
    scene.fit()
    scene.camera.update(10.0)
    small = round(TILE_W * scene.camera.draw_zoom)
    big_app, big_play, big = table(ui=ui, kinds="hccccccccc", seed=3)
    big.play = play
    big.kit = play.kit
    big._layout = None
    big._size = None
    big.whole = False
    big._geometry(big._surface_size())
    big._fit(big._layout_now(), animate=False)
    assert round(TILE_W * big.camera.draw_zoom) >= min(small * ui * 0.9, 16 * big.u)
    big.fit()  # Fit all: the whole table, whatever the tile size
    big.camera.update(10.0)
    x, y, w, h = big._layout_now().content
    vx, vy, vw, vh = big.camera.visible_world()
    assert vx <= x + 1 and vy <= y + 1 and vx + vw >= x + w - 1 and vy + vh >= y + h - 1


def test_the_deal_end_steps_aside_and_comes_back():
    app, play, scene = table(kinds="hccc")
    play_until(play, DEAL_END)
    for _ in range(200):
        app.frame(1 / 60)
        if isinstance(app.stack.top, DealEndScene):
            break
    end = app.stack.top
    assert isinstance(end, DealEndScene)
    app.frame()
    assert end.corner is not None and not end.aside
    app.stack.handle(Intent(I.TAP, pos=end.corner.rect.center))
    assert end.aside
    app.frame()
    assert [b.id for b in end.buttons] == ["aside"] and end.corner is None
    app.stack.handle(Intent(I.CONFIRM, device="keyboard"))  # Enter brings the scores back
    assert not end.aside and play.phase == DEAL_END
    app.stack.handle(Intent(I.FIT, device="keyboard"))  # F moves them aside again
    assert end.aside


def test_magnify_brings_the_last_play_close_and_back():
    """Issue 11: the last play magnified on request (Z, or the Magnify button), and back."""
    app, play, scene = table(kinds="hccc", seed=7)
    while not play.my_turn():
        play.step_computer()
    while sum(len(t.tiles) for t in play.view().trains) < 6:
        if play.my_turn():
            play._apply(play.legal()[0])
        else:
            play.step_computer()
    app.frame()
    scene.camera.update(10.0)
    zoom = scene.camera.draw_zoom
    app.stack.handle(Intent(I.MAGNIFY, device="keyboard"))
    scene.camera.update(10.0)
    assert scene.magnified and scene.camera.draw_zoom >= max(1.6, 1.9 * zoom)
    point = scene.kit.follow_point(scene._layout_now(), play.view(), None)
    assert abs(scene.camera.cx - point[0]) < 1 and abs(scene.camera.cy - point[1]) < 1
    app.frame()
    assert next(b for b in scene.camera_buttons if b.id == "magnify").lit
    app.stack.handle(Intent(I.TAP, pos=next(b for b in scene.camera_buttons if b.id == "magnify").rect.center))
    scene.camera.update(10.0)
    assert not scene.magnified and abs(scene.camera.draw_zoom - zoom) < 1e-6


def test_the_menus_keep_out_of_the_tv_overscan():
    """Issue 11: with the TV setting every menu widget lies inside the 5% safe area.
    (The three screens in one program: a program each was two starts more, issue 26.)"""
    from game.scenes.new_game import NewGameScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    from shell_driver import frames, running_app
    with running_app(size=(1920, 1080)) as app:
        app.set_setting("tv", True)
        for screen, kind in (("title", TitleScene), ("settings", SettingsScene), ("new_game", NewGameScene)):
            if screen == "settings":
                app.open_settings()
            elif screen == "new_game":
                app.new_game()  # the title again, the form over it
            frames(app, 1)  # the widgets are laid out when built; one frame settles them (issue 26)
            scene = app.stack.top
            assert isinstance(scene, kind), (screen, type(scene).__name__)
            safe = safe_rect(app.settings, app.size)
            rects = [el.rect for c in scene._controls for el in c.elements()]
            assert rects, screen
            outside = [r for r in rects if not safe.contains(r)]
            assert not outside, (screen, outside)
        app.set_setting("tv", False)


@pytest.mark.parametrize("kinds", ["h" + "c" * 9, "hcch"])
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 600)])
def test_the_players_panel_stays_on_the_table_at_the_tv_size(kinds, size):
    """Ten seats at the TV's scale ran the players panel past the bottom of the table (issue 11)."""
    app, play, scene = table(size, tv=True, kinds=kinds)
    panel = scene.players._surface
    vx, vy, vw, vh = scene.camera.viewport
    inner = pygame.Rect(vx, vy, vw, vh).inflate(-2 * scene.rail, -2 * scene.rail)
    pad = round(8 * scene.u)
    assert pygame.Rect(inner.x + pad, inner.y + pad, *panel.get_size()).bottom <= inner.bottom


@pytest.mark.parametrize("kinds", ["hccc", "cuban:hccc", "jamaican:hccc"])
def test_seat_names_on_the_felt_grow_with_the_tv_setting(kinds, monkeypatch):
    """The names at the seats were drawn at the world's zoom alone: about 13 px on a TV at
    1080p, where body text is 32 px.  They have a floor that grows with the interface size."""
    from game.kits.line import render as line_render
    from game.kits.mexican_train import render
    sizes: list[int] = []

    def recording(real):
        def pill(s, size, *a, **kw):
            sizes.append(size)
            return real(s, size, *a, **kw)
        return pill
    monkeypatch.setattr(render, "text_pill", recording(render.text_pill))
    monkeypatch.setattr(line_render, "text_pill", recording(line_render.text_pill))
    game, _, seats = kinds.rpartition(":")
    app, play, scene = table(tv=True, kinds=seats) if not game else _line_table(game, seats)
    scene.camera.zoom = scene.camera.zoom / 4  # far out: the world's own size would be tiny
    sizes.clear()
    app.frame()
    assert sizes and min(sizes) >= 24  # the floor: 14 px x the TV scale


def _line_table(game: str, kinds: str, size=(1920, 1080)):
    from game.play import PlayState
    from rules import Config, Session
    from table_fixtures import seats_of
    app = FakeApp(size)
    app.settings.update(tv=True)
    app.ui_scale = TV_SCALE
    play = PlayState(Session(Config(game, 4, 7)), seats_of(kinds), delay=0.0)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    return app, play, scene


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_seat_of_a_line_game_is_in_view_on_a_tv(game, size):
    """On a TV the felt is a wide strip between the ticker and the prompt (282 px at 1080p).
    The seats' strips stacked above and below the line overflowed it at a readable size, and
    the viewer's name sat under the prompt; laid out for the clear felt's shape, in one row
    each, the four seats all stand clear of the ticker band and the prompt, all hand long."""
    from game.kits.line import layout as LL
    app, play, scene = _line_table(game, "hccc", size)
    for _ in range(12):
        if play.my_turn():
            play._apply(play.legal()[0])
        elif not play.step_computer():
            break
        app.frame()
        scene.camera.update(10.0)
        lay = scene._layout_now()
        assert lay.compact
        left, top, right, bottom = scene.camera.safe
        vx, vy, vw, vh = scene.camera.viewport
        clear = pygame.Rect(vx + left, vy + top, vw - left - right, vh - top - bottom).inflate(4, 4)
        for seat, place in LL.seat_places(play.viewer or 1, lay.table, LL.ROWS).items():
            area = LL.seat_area(place, LL.ROWS)
            cx, cy = scene.camera.world_to_screen(area[0] + area[2] / 2, area[1] + area[3] / 2)
            assert clear.collidepoint(cx, cy), (seat, place[2], (cx, cy), clear)
            if place[2] in ("top", "bottom"):
                x0, y0 = scene.camera.world_to_screen(area[0], area[1])
                x1, y1 = scene.camera.world_to_screen(area[0] + area[2], area[1] + area[3])
                assert clear.top <= y0 and y1 <= clear.bottom, (seat, place[2], (y0, y1), clear)


def test_a_wide_strip_lays_the_seats_in_rows_and_a_plain_screen_does_not():
    from game.kits.line import layout as LL
    assert LL.layout_line([], 5.0, capacity=40).compact
    plain = LL.layout_line([], 2.6, capacity=40)
    assert not plain.compact
    wide = LL.layout_line([], 5.0, capacity=40)
    assert wide.content[3] < plain.content[3] - (LL.SEAT_TOP_H - LL.COMPACT_TOP_H)


def _until_a_pass(play, app, scene) -> int:
    """Drive a line game until a seat has just passed and a computer is to act; that seat."""
    from game.play import AWAY
    for _ in range(400):
        history = play.view().history
        if history and history[-1][0] == "pass" and play.phase == AWAY:
            play.delay, play.timer = 60.0, 0.0  # the frame draws the pass; the computer waits
            app.frame()
            return history[-1][1]
        if play.phase == DEAL_END:
            play.continue_after_deal()
        elif play.my_turn():
            play._apply(play.legal()[0])
        else:
            play.step_computer()
    raise AssertionError("no pass in 400 steps")


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_a_felt_too_short_for_the_seats_leaves_them_to_the_panel(game):
    """The TV setting on a 1024x600 screen leaves a strip of felt 122 px tall.  The seats in
    rows round the line fitted it only far under a readable size, so the camera cut them: the
    partner under the ticker, a side seat under the players panel.  There the felt holds the
    line alone, whole, at a readable size, and the players panel shows the seats."""
    from game.kits.line import layout as LL
    from game.table.camera import FLOOR_SLACK
    app, play, scene = _line_table(game, "hccc", (1024, 600))
    _until_a_pass(play, app, scene)
    scene.camera.update(10.0)
    lay = scene._layout_now()
    assert lay.seats == LL.PANEL
    assert LL.seat_places(1, lay.table, lay.seats) == {}
    assert scene.camera.draw_zoom >= scene._readable_zoom() * FLOOR_SLACK
    left, top, right, bottom = scene.camera.safe
    vx, vy, vw, vh = scene.camera.viewport
    clear = pygame.Rect(vx + left, vy + top, vw - left - right, vh - top - bottom)
    shown = pygame.Rect(scene.camera.world_rect_to_screen(lay.content))
    assert clear.inflate(2, 2).contains(shown), (shown, clear)
    # the same game at 1280x720 still has its seats on the felt, in rows
    assert _line_table(game, "hccc", (1280, 720))[2]._layout_now().seats == LL.ROWS


@pytest.mark.parametrize("game", ["cuban", "jamaican"])
def test_the_players_panel_marks_who_passed(game):
    """Who passed since the last play (CU-6, JA-4): the tile count on a gold pill in the
    panel, whether or not the seats are on the felt; nobody else's."""
    from game.kits.line.kit import PASS_COLOUR
    app, play, scene = _line_table(game, "hccc", (1024, 600))
    passed = _until_a_pass(play, app, scene)
    view = play.view()
    panel = scene.kit.render_panel(play, view, scene.panel_u, scene.sprites)
    _fpx, row_h, _pad, tops = scene.kit._panel_rows(scene.panel_u)

    def gold_in_row(seat: int) -> bool:
        y = tops[seat] + row_h // 2
        return any(tuple(panel.get_at((x, y)))[:3] == PASS_COLOUR for x in range(panel.get_width()))
    assert gold_in_row(passed)
    others = [s for s in range(1, 5) if s != passed and s not in
              [e[1] for e in view.history[-3:] if e[0] == "pass"]]
    assert others and not any(gold_in_row(s) for s in others)


@pytest.mark.parametrize("size, seats", [((1024, 600), "panel"), ((1920, 1080), "rows")])
def test_the_thinking_cue_shows_where_the_seat_is(size, seats):
    """A computer's thinking dots (issue 16: the search runs off the frame) stand at its seat
    on the felt, or in its row of the players panel when the seats are not on the felt."""
    app, play, scene = _line_table("jamaican", "hccc", size)
    _until_a_pass(play, app, scene)
    seat = play.session.to_act()
    # a slow computer, well into its wait, once the tiles in flight have landed (motion.busy)
    scene.motion.skip(scene.clock)
    play.delay, play.timer = 10.0, 3.0
    app.frame()
    lay = scene._layout_now()
    assert lay.seats == seats
    if seats == "panel":
        px, py = scene._panel_pos()
        right, y, _h = scene.kit.panel_point(play, seat, scene.panel_u)
        where = pygame.Rect(px, py + y - 6, right, 12)
    else:  # just above the seat's name (issue 28: at the seat's point they sat on it)
        name = scene.renderer.seat_boxes[seat]["name"]
        where = pygame.Rect(name.centerx - 40, name.top - 40, 80, 40)
    safe = safe_rect(app.settings, size)  # the scene draws in the TV's safe area's coordinates

    def rim_shown() -> bool:
        return any(tuple(app.screen.get_at((x + safe.x, y + safe.y)))[:3] == (255, 214, 90)
                   for x in range(where.left, where.right) for y in range(where.top, where.bottom))
    assert rim_shown(), (seat, where)
    play.timer = 0.0  # at the start of its wait the computer shows no dots yet
    app.frame()
    assert not rim_shown()


def test_the_line_is_laid_out_again_when_the_interface_size_changes_the_felt():
    """The layout was kept by the window's size, so a larger interface (a bigger players
    panel, ticker and floor in the same window) kept the seats in rows on a felt that had
    no room left for them.  It follows the felt itself."""
    from game.kits.line import layout as LL
    app, play, scene = _line_table("jamaican", "hccc", (1280, 720))
    assert scene._layout_now().seats == LL.ROWS
    app.ui_scale = TV_SCALE * 1.5
    app.frame()
    felt = scene.camera.felt(scene._readable_zoom())
    # the whole hand's room (what the seats' place is chosen for), not the first tile's
    view = play.view()
    assert not felt.shows(LL.layout_line(LL.plays_of(view), felt.aspect, capacity=LL.capacity_of(view)).content)
    assert scene._layout_now().seats == LL.PANEL


@pytest.mark.parametrize("size, lang", [((1920, 1080), "ru"), ((1024, 600), "uk"), ((1920, 1080), "en")])
def test_the_title_on_a_tv_at_200_keeps_the_margin_and_nothing_lies_on_a_button(size, lang):
    """Issue 40: TV on and 200%: the keys hint lay over the language buttons, two corner tiles
    behind buttons, and the title's felt filled the margin the table keeps as rail."""
    from game.safe_area import RAIL
    from shell_driver import frames, label_texts, running_app
    with running_app(size=size, settings={"language": lang, "ui_scale": 2.0, "tv": True}) as app:
        frames(app, 1)
        scene = app.stack.top
        safe = safe_rect(app.settings, app.size)
        buttons = [el.rect for c in scene._controls for el in c.elements()]
        labels = [el for el in scene.panel.get_container().elements if el.rect not in buttons]
        assert labels and label_texts(scene)
        for el in labels:
            hit = [r for r in buttons if r.colliderect(el.rect)]
            assert not hit, (getattr(el, "text", el), el.rect, hit)
        tiles = [rect.move(safe.topleft) for _img, rect in scene.decor_places(safe.size)]
        assert tiles, "some corner tiles still show"
        assert not [t for t in tiles if t.collidelist(buttons) >= 0]
        for x, y in ((2, 2), (size[0] - 3, size[1] // 2), (size[0] // 2, size[1] - 3)):
            assert tuple(app.screen.get_at((x, y)))[:3] == RAIL, (x, y)


def _small_line_table(game: str, kinds: str, seed: int, size=(1024, 600), ui=1.75):
    """A line game at a large interface size on a small screen, without the TV setting."""
    from game.play import PlayState
    from rules import Config, Session
    from table_fixtures import seats_of
    app = FakeApp(size)
    app.settings.update(ui_scale=ui)
    app.ui_scale = ui
    play = PlayState(Session(Config(game, 4, seed)), seats_of(kinds), delay=0.0)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    return app, play, scene


def _covered(scene, box: pygame.Rect, but: str = "pass") -> list:
    """What of the line's tiles and the seats' names and tiles ``box`` covers."""
    lay = scene._layout_now()
    tiles = [("tile", r) for p in lay.tiles if (r := pygame.Rect(scene.camera.world_rect_to_screen(p.rect))).colliderect(box)]
    return tiles + [(seat, what, r) for seat, drawn in scene.renderer.seat_boxes.items()
                    for what, r in drawn.items() if what != but and r is not None and r.colliderect(box)]


def test_a_pass_pill_in_a_seat_row_covers_no_tile_and_no_name():
    """Issue 40: at 1024x600 and 175% the seats stand in one row each, and the bottom seat's
    "Pass" pill stood on the line's side of its row: over the line's middle tiles (Jamaican,
    seed 3: 4 of its 5 passes).  It stands at the left of the seat's own row."""
    from game.play import AWAY
    app, play, scene = _small_line_table("jamaican", "hccc", 3)
    checked = 0
    for _ in range(300):
        history = play.view().history
        if history and history[-1][0] == "pass" and play.phase == AWAY:
            play.delay, play.timer = 60.0, 0.0  # the frame draws the pass; the computer waits
            app.frame()
            scene.camera.update(10.0)
            app.frame()
            for seat, drawn in scene.renderer.seat_boxes.items():
                if drawn.get("pass") is not None:
                    checked += 1
                    assert not _covered(scene, drawn["pass"]), (seat, drawn)
        if play.phase == DEAL_END:
            break
        if play.my_turn():
            play._apply(play.legal()[0])
        else:
            play.step_computer()
        app.frame()
    assert scene._layout_now().compact and checked >= 3


@pytest.mark.parametrize("game, size, ui", [("cuban", (1280, 720), 1.0), ("jamaican", (1024, 600), 1.75)])
def test_a_cue_bubble_covers_no_seat_name_or_tiles(game, size, ui):
    """Issue 40: a computer's "pass" bubble rose from its seat's centre over its name and tiles,
    and Cuban's "Accept" over a side seat's column; each stands clear of every seat, on the
    felt (seed 3: 8 cues each in the first hand)."""
    from game.motion import anchor_mapper, draw_cue
    app, play, scene = _small_line_table(game, "cccc", 3, size, ui)
    play.delay = 0.35
    scratch = pygame.Surface(size, pygame.SRCALPHA)
    room = pygame.Rect(scene.camera.viewport)
    seen = set()
    for _ in range(2500):
        app.frame(1 / 15)
        for c in scene.motion.cues:
            if c.start <= scene.clock < c.end and c not in seen:
                seen.add(c)
                for k in (0.0, 0.5, 0.99):  # as it rises (or sinks) and fades
                    box = draw_cue(scratch, c, c.start + k * c.duration, anchor_mapper(scene.camera),
                                   scene.kit.seat_rects(scene.renderer), room)
                    assert not _covered(scene, box, but=""), (c.word, c.seat, k, box)
                    assert room.contains(box), (c.word, k, box, room)
        if play.phase == DEAL_END:
            break
    assert len(seen) >= 6


def test_both_open_ends_of_a_cuban_line_stay_clear_of_the_panel_on_a_tv_at_200():
    """Issue 40: on a 1080p TV at 200% the larger readable floor left one open end of the
    Cuban line under the players panel (seed 3: 8 of the hand's first 12 plays), and tile
    edges between the rail and the panel.  Both ends beat the larger tiles, down to the
    plain readable floor."""
    from game.play import PlayState
    from rules import Config, Session
    from table_fixtures import seats_of
    app = FakeApp((1920, 1080))
    app.settings.update(tv=True, ui_scale=2.0)
    app.ui_scale = 2.0 * TV_SCALE
    play = PlayState(Session(Config("cuban", 4, 3)), seats_of("cccc"), delay=0.0)
    scene = TableScene(app, play)
    app.stack.push(scene)
    app.frame()
    left, top, right, bottom = scene.camera.safe
    vx, vy, vw, vh = scene.camera.viewport
    clear = pygame.Rect(vx + left, vy + top, vw - left - right, vh - top - bottom).inflate(2, 2)
    checked = 0
    while play.phase != DEAL_END and checked < 12:
        play.step_computer()
        app.frame()
        scene.camera.update(10.0)
        lay = scene._layout_now()
        if scene.kit.keep_in_view(lay) is None:
            continue
        checked += 1
        for end, slot in lay.ends.items():
            shown = pygame.Rect(scene.camera.world_rect_to_screen(slot.rect))
            assert clear.contains(shown), (checked, end, shown, clear)
        assert scene.camera.draw_zoom >= scene._readable_zoom(large=False) * 0.99
    assert checked == 12
