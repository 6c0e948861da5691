"""The match host: the match in progress on the App's screen (issue 26, carved out of the App).

It starts a match (its PlayState and table), resumes the autosave, writes the
autosave after every action (a disk that refuses is said once, and the mark of
``game.save_guard`` stays while it does), ticks the match's clock under the
scene stack (UX-5), and hooks the match's phone seats to their phones.  The App
owns one ``MatchHost`` and answers for it (``App.play_state``, ``App.start_match``
...), so scenes and tests see no change.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeGuard

import pygame

from . import i18n, navigation, storage
from .host import Host
from .scene import Scene
from .seats import PHONE, SeatConfig, seats_from

if TYPE_CHECKING:  # pragma: no cover - the play state loads with the first match
    from .play import PlayState

log = logging.getLogger("game")


class Shell(Host, Protocol):
    """What the match host uses of the App beyond what scenes may (``Host``)."""

    persist: bool
    #: The fixed-step clock (``App.time``).
    time: float
    #: The phone server's options (``--phones-*``) and whether a scripted start begins by itself.
    phones_options: dict[str, Any]
    phones_autostart: bool

    def notify(self, text: str) -> None: ...

    def wake(self) -> None: ...


class MatchHost:
    """The match in progress and what keeps it (see the module docstring)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: The match in progress: its PlayState, and its seats (for the autosave's meta).
        self.play_state: PlayState | None = None
        self.seats: list[SeatConfig] = []
        #: The phones of the match's phone seats (``game.phones.host``), made with the first
        #: match that has one: a program with no phone seat never loads the server.
        self.phones: Any = None
        #: The phones' codes of a resumed match (its autosave's meta), so phones rejoin as they were.
        self.phone_codes: dict[int, str] = {}
        #: The port a resumed match's phones had (its autosave's meta): taken again if free.
        self.phone_port: int | None = None
        #: The last autosave failed (issue 29: said once, then a lasting mark).
        self.save_failing = False

    def start(self, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> None:
        """Put ``session`` on the table: PlayState + TableScene, autosaved after every action."""
        self.seats = list(seats)
        scene = make_table_scene(self, session, self.seats, reveals_seen)
        self.app.stack.replace(scene)
        self.autosave(session)
        if self.phones is not None and not self.phones.all_here():
            self.open_join()

    def open_join(self) -> None:
        """The phones' join screen over the table; play waits while it is open (issue 27).
        A scripted start (``--seats``) starts by itself once every phone is here."""
        navigation.push(self.app, "join", start_when_joined=self.app.phones_autostart)

    def resume(self) -> bool:
        """Back to the table of the match in progress, if there is one."""
        if self.play_state is None:
            return False
        self.start(self.play_state.session, self.seats, self.play_state.reveals_seen)
        return True

    def autosave_meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"seats": [s.to_json() for s in self.seats], "app": "domino-table"}
        if self.play_state is not None:
            meta["reveals_seen"] = self.play_state.reveals_seen  # resume where the player was
        if self.phones is not None and self.phones.codes:
            meta["phones"] = {str(seat): code for seat, code in self.phones.codes.items()}
            if self.phones.server is not None and self.phones.server.port:
                meta["phones_port"] = self.phones.server.port  # a restart takes it again (issue 37)
        return meta

    def autosave(self, session=None) -> None:
        """Called by the PlayState after every applied action: one journal line, fsynced.

        When the disk refuses, the player is told once and play goes on; every
        later action tries again, and the first that succeeds says so.
        """
        if not self.app.persist:
            return
        session = session or (self.play_state.session if self.play_state else None)
        if session is None:
            return
        saved = storage.save_game(session, self.autosave_meta())
        if saved == self.save_failing:
            self.app.notify(i18n.t("save.write_ok" if saved else "save.write_failed"))
        self.save_failing = not saved

    def start_new(self, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> None:
        """A new match on the table; the autosave's unfinished match is kept aside first.  Its
        speech says it from its deal on (issue 41)."""
        if self.app.persist:
            self.keep_unfinished()
        if getattr(self.app, "speech", None) is not None:
            self.app.speech.fresh(session)
        self.start(session, seats, reveals_seen)

    def keep_unfinished(self) -> None:
        """Issue 37: a start never writes over a match.  The match in progress (or, before
        any, the autosave's) is kept in ``game.kept`` if unfinished, and the player told."""
        from . import kept
        if self.play_state is not None:
            old, meta = self.play_state.session, self.autosave_meta()
        else:
            result = storage.load_game()
            old, meta = result.session, result.meta
        if old is None or not kept.worth_keeping(old):
            return
        path = kept.keep(old, meta)
        game = i18n.t(f"ui.game_{old.config.game}")
        self.app.notify(i18n.t("kept.kept" if path is not None else "kept.not_kept", game=game))

    def resume_kept(self, path) -> bool:
        """An unfinished match kept aside (``game.kept``) back on the table; the match in
        progress is kept aside in its turn.  A kept file that is no match is set aside."""
        from . import history, kept
        from rules.errors import SaveFileError
        try:
            session, meta = kept.read(path)
        except SaveFileError as e:
            log.warning("a kept match cannot be resumed: %s", e)
            history.set_aside(path, str(e))
            self.app.show_message(i18n.t("kept.title"), i18n.t("kept.cannot_resume"))
            return False
        if self.app.persist:
            self.keep_unfinished()
        self.start(session, *self._from_meta(session, meta))
        kept.remove(path)
        self.app.notify(i18n.t("kept.resumed", game=i18n.t(f"ui.game_{session.config.game}")))
        return True

    def resume_for_seats(self, game: str, seats: list[SeatConfig]) -> bool:
        """``--seats``: the same command after a kill or a power cut resumes its match.  The
        autosave is resumed when it holds an unfinished match of ``game`` with the same seat
        kinds (and computer levels); otherwise nothing is touched and False returned."""
        def kinds(table: list[SeatConfig]) -> list[tuple[str, str]]:
            return [(s.kind, "" if s.is_human else s.level) for s in table]

        def same_table(result: storage.LoadResult) -> bool:
            session = result.session
            if session is None or session.config.game != game or session.match_over():
                return False
            return kinds(seats_from(result.meta.get("seats"), session.config.players)) == kinds(seats)
        return self.resume_autosave(want=same_table)

    def _from_meta(self, session, meta: dict[str, Any]) -> tuple[list[SeatConfig], int | None]:
        """The seats and the reveals seen that a save's ``meta`` gives ``session`` (the seats
        are details: wrong ones give default names, not a lost game); its phones' codes and
        port are kept for the phones, so they come back as they were (issues 27, 37)."""
        reveals, port = meta.get("reveals_seen"), meta.get("phones_port")
        self.phone_codes = phone_codes(meta.get("phones"))
        self.phone_port = port if _whole(port) and 0 < port < 65536 else None
        return seats_from(meta.get("seats"), session.config.players), reveals if _whole(reveals) else None

    def resume_autosave(self, want: Callable[[storage.LoadResult], bool] | None = None) -> bool:
        """Resume the autosave if there is one; a bad one gets a message and is kept aside.
        ``want`` (a ``LoadResult`` -> bool) may decline a good one: it is then left as it is."""
        result = storage.load_game()
        if result.session is not None and want is not None and not want(result):
            return False
        if result.session is not None:
            seats, reveals = self._from_meta(result.session, result.meta)
            try:
                self.start(result.session, seats, reveals)
                # A save this version's table cannot draw must not fail in every frame.
                table = self.app.stack.top
                assert table is not None  # start pushed it
                table.draw(pygame.Surface(self.app.size))
                if result.recovered:  # issue 29: say what a damaged save kept and where the rest is
                    from .save_guard import tell_recovered
                    tell_recovered(self.app, result)
                return True
            except Exception as e:
                log.warning("could not put the saved game on the table: %r", e)
                log.info("the table's error", exc_info=True)  # the details go to the log file only
                self.play_state = None
                self.app.to_title()
                result = storage.set_aside_game("cannot_show", f"the table cannot show it: {e!r}")
        if result.problem:
            self.show_save_problem(result)
        return False

    def show_save_problem(self, result) -> None:
        """What was wrong, in words, and truthfully where the file is now (kept aside or not)."""
        key = f"save.{result.problem}"
        reason = i18n.t(key) if i18n.has(key, i18n.DEFAULT) else i18n.t("save.invalid")
        if result.moved_to is not None:
            text = i18n.t("save.kept_aside", reason=reason, file=str(result.moved_to))
        else:
            where = str(result.path or storage.autosave_path())
            text = i18n.t("save.not_moved" if result.remembered else "save.not_moved_again",
                          reason=reason, file=where)
        self.app.show_message(i18n.t("save.title"), text)

    def tick(self, dt: float) -> None:
        """The one owner of the match's clock: the computers' pace, the demo's reading time.

        UX-5: the computers act only while their table (or its deal's end) is the top
        screen and no screen that pauses play (rules, log, menu, settings) is open.
        """
        speech = getattr(self.app, "speech", None)
        if self.play_state is not None:
            if self.phones is not None:
                self.phones.sync()
            pace_match(self.play_state, self.app.stack, dt)
            if self.phones is not None:
                self.phones.publish()  # a move just made reaches the next phone in this step
            if speech is not None:
                speech.tick(self.app)  # issue 41: what changed at the table, said (never waits)
        if speech is not None:  # then a screen's own words (a lesson's card, the rules)
            speech.screen(self.app.stack)

    def apply_speed(self) -> None:
        """The computers' speed setting, applied to the match in progress."""
        try:
            from .play import computer_delay
            if self.play_state is None:
                return
            self.play_state.delay = computer_delay(self.app.settings.get("computer_speed", "normal"))
        except Exception as e:
            log.warning("computer speed not applied: %s", e)

    # ------------------------------------------------------------------ phones

    def prepare_phones(self, seats: list[SeatConfig]) -> None:
        """Before a table with phone seats is made: the phones' host (which registers the
        phone seats' decision source, ``game.sources.SOURCES``)."""
        if self.phones is None and any(s.kind == PHONE for s in seats):
            from .phones.host import PhonesHost
            # the settings' port unless --phones-port gave one (issue 27)
            options = {k: v for k, v in self.app.phones_options.items() if v is not None}
            port = self.app.settings.get("phones_port", 0)
            remembered = self.phone_port is not None and not options.get("port")
            if remembered:  # a resumed match's phones come back to the port they had (issue 37)
                port, options["port"] = self.phone_port, self.phone_port
            self.phones = PhonesHost(language=i18n.language(), wake=self.app.wake,
                                     **{"port": port, **options})
            if remembered:
                self.phones.port_notice = "phone.port_moved"

    def hand_seat_over(self, seat: int, kind: str) -> None:
        """Issue 27: a phone seat goes to the device (``HUMAN``) or to a computer, for the rest
        of the match; its phone is let go, and the autosave keeps the new seat."""
        play = self.play_state
        if play is None:
            return
        old = play.seats[seat - 1]
        play.change_seat(seat, SeatConfig(old.name, kind, old.level))
        self.seats = list(play.seats)
        if self.phones is not None:
            self.phones.release(seat)
        self.autosave()

    def attach_phones(self, play) -> None:
        """Link the match's phone seats to their phones, or stop the server when it has none."""
        if self.phones is None:
            return
        codes, self.phone_codes = self.phone_codes, {}
        self.phones.attach(play, codes)

    def close(self) -> None:
        if getattr(self.app, "speech", None) is not None:
            self.app.speech.close()
        if self.phones is not None:
            self.phones.stop("quit")  # the phones are told; a resumed match takes the same codes


def _whole(value: object) -> TypeGuard[int]:
    """A whole number as a save's JSON holds one (True and False are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def pace_match(play, stack, dt: float) -> None:
    """One fixed step of a match's clock under the scene stack ``stack`` (App.tick_match)."""
    play.paused = match_paused(stack)
    play.held = match_held(stack)
    play.update(dt)


def match_held(stack) -> bool:
    """Issue 14: a scene still shows the last move travelling, so the next computer waits."""
    return any(s.showing_move for s in stack)


def match_paused(stack) -> bool:
    """UX-5: whether the match waits: its table is not on top, or a pausing screen is open."""
    top = stack.top
    return top is None or not top.runs_match or any(s.pauses_play for s in stack)


def make_table_scene(match: MatchHost, session, seats: list[SeatConfig], reveals_seen: int | None = None) -> Scene:
    """The one way a match reaches the screen: the table helper's PlayState and TableScene.

    The PlayState calls ``match.autosave`` after every applied action (DESIGN.md:
    saved after every action) and runs the computers at the speed in the settings.
    """
    from .play import PlayState, computer_delay
    app = match.app
    match.prepare_phones(seats)
    play = PlayState(session, seats, on_change=match.autosave,
                     delay=computer_delay(app.settings.get("computer_speed", "normal")),
                     now=lambda: app.time, reveals_seen=reveals_seen)
    match.play_state = play
    match.attach_phones(play)
    return navigation.make(app, "table", play)


def phone_codes(raw: object) -> dict[int, str]:
    """The phones' codes kept in an autosave's meta ({"2": "K7M2QX9PTA"}); anything else: none
    (the phones then scan new codes; the codes are details, never a reason to lose a game)."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, str] = {}
    for key, code in raw.items():
        if isinstance(key, str) and key.isdigit() and isinstance(code, str):
            out[int(key)] = code
    return out
