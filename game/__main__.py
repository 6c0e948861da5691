"""Start the table program: ``python -m game``, ``domino-table`` or ``make play``.

Flags:
  --seed N               the seed the new-game form offers (a match is reproducible from it)
  --lang en|ru|uk|it     the language (otherwise the saved setting, else the OS language)
  --fullscreen           start fullscreen (F11 or Alt+Enter toggles)
  --size WxH             the window's size (windowed)
  --game NAME            mexican_train (default), cuban or jamaican: the game of --demo,
                         --screenshot and --smoke-test
  --demo SEED            watch computer players only, from SEED (--players N, default 4)
  --screenshot OUT.png   render one deterministic frame and exit (with --after N decisions
                         of the demo, or --scene title|new_game|settings|rules|log|menu;
                         --scene deal_end|match_end: the next deal's reveal or the match's end
                         after those decisions)
  --replay FILE          watch a finished match again: a save file, a finished match from the
                         history or a transcript (python -m rules selfplay); with --screenshot,
                         save the viewer's first frame (--after N: at move N) and exit (a file
                         that is no match: one line on stderr and a non-zero exit)
  --smoke-test N         run a computer-only demo for N frames with real rendering; exit 0,
                         or non-zero on any error
  --learn GAME           the lesson of GAME; with --walk lesson|hints|first|random:SEED, walked
                         without a window (--lesson-log FILE: the key of every card shown, one
                         a line): exit 0 at the lesson's recap, 1 if it stalls (issue 38)
  --set KEY=VALUE        a setting for a screenshot or smoke test, which otherwise use the
                         defaults (not the user's file): --set tv=true --set ui_scale=2.0
  --speech               speak at the table for this run (issue 41; the Settings row keeps it)
  --speech-log FILE      write every line the table says, one a line (with speech off too;
                         with --demo --after --screenshot: the lines of those decisions)
"""
from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from rules.variants import PLAYERS  # noqa: E402 - pure Python; pygame loads later, quietly

from .kits import CLI_GAMES, CLI_PLAYERS, DEFAULT_GAME  # noqa: E402 - the registry alone: no pygame

LANGS = ("en", "ru", "uk", "it")
SCENES = ("title", "new_game", "settings", "rules", "log", "menu", "table", "deal_end", "match_end")


class _OneLineParser(argparse.ArgumentParser):
    """Bad arguments: one clear line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


#: ``--seats`` words: a human at the screen, a human on a phone, a computer (with its level).
SEAT_WORDS = ("device", "phone", "computer")


def _seat_list(text: str) -> list[tuple[str, str]]:
    """"phone,computer:expert,device" -> [("phone", "normal"), ("computer", "expert"), ...]."""
    from .seats import LEVELS
    seats = []
    for word in text.split(","):
        kind, _, level = word.strip().lower().partition(":")
        if kind not in SEAT_WORDS:
            raise argparse.ArgumentTypeError(f"{word!r} is no seat: use device, phone or computer[:LEVEL]")
        if level and (kind != "computer" or level not in LEVELS):
            raise argparse.ArgumentTypeError(f"{word!r}: a level goes with computer only, one of {', '.join(LEVELS)}")
        seats.append((kind, level or "normal"))
    return seats


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port number (0 to 65535)")
    return value


def match_seats(kinds: list[tuple[str, str]]):
    """The seats ``--seats`` names, with the default names of humans and computers."""
    from . import i18n
    from .seats import COMPUTER, HUMAN, PHONE, SeatConfig
    seats = []
    for i, (kind, level) in enumerate(kinds, 1):
        if kind == "computer":
            seats.append(SeatConfig(i18n.t("ui.default_computer_name", n=i), COMPUTER, level))
        else:
            seats.append(SeatConfig(i18n.t("ui.default_human_name", n=i), PHONE if kind == "phone" else HUMAN))
    return seats


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (1 <= w <= 16384 and 1 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"{text!r} is out of range")
    return w, h


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = _OneLineParser(prog="domino-table", description=f"Domino Table: {CLI_GAMES} for friends in one room.")
    p.add_argument("--seed", type=_positive, help="seed offered for a new game")
    p.add_argument("--lang", choices=LANGS, help="language")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1920x1080")
    p.add_argument("--demo", type=_positive, metavar="SEED", help="computer players only, from SEED")
    p.add_argument("--game", choices=tuple(PLAYERS), default=DEFAULT_GAME,
                   help="the game of the demo, the screenshot or the smoke test")
    p.add_argument("--players", type=int, choices=range(2, 11), default=4, metavar="2..10",
                   help=f"players in the demo ({CLI_PLAYERS})")
    p.add_argument("--screenshot", metavar="OUT.png", help="save one frame and exit")
    p.add_argument("--after", type=_positive, default=0, metavar="N",
                   help="decisions of the demo before the screenshot")
    p.add_argument("--scene", choices=SCENES, help="the screen to capture with --screenshot")
    p.add_argument("--replay", metavar="FILE", help="watch a finished match (a save, history or transcript file)")
    p.add_argument("--resume", metavar="FILE", help="go on with the match saved in FILE (a rescue copy)")
    p.add_argument("--seats", type=_seat_list, metavar="KINDS",
                   help="start a match of --game at once with these seats, e.g. "
                        "phone,computer,device,computer:expert (device: a human at this screen)")
    p.add_argument("--phones-port", type=_port, metavar="PORT",
                   help="the port phones join on (0 or unset: a free one)")
    p.add_argument("--phones-host", metavar="ADDRESS",
                   help="the address phones join on (default: this machine's address on the network)")
    p.add_argument("--phones-file", metavar="JOIN.json",
                   help="once the phone server listens, write each phone seat's join address here")
    p.add_argument("--learn", choices=tuple(PLAYERS), metavar="GAME", help="open the lesson of GAME (issue 31)")
    p.add_argument("--walk", type=_walk_mode, metavar="MODE",
                   help="with --learn: walk the lesson without a window, choosing along the lesson, "
                        "the hints, the first decision or random:SEED (issue 38)")
    p.add_argument("--lesson-log", metavar="FILE", help="with --walk: write the key of every card shown")
    p.add_argument("--smoke-test", type=_positive, metavar="N", dest="smoke",
                   help="computer-only demo for N frames, then exit")
    p.add_argument("--set", type=_setting, action="append", default=[], metavar="KEY=VALUE", dest="settings",
                   help="a setting for a --screenshot, --smoke-test or --learn --screenshot run, which "
                        "otherwise use the defaults, e.g. --set tv=true --set ui_scale=2.0 (repeatable)")
    p.add_argument("--speech", action="store_true", help="speak at the table (issue 41), for this run")
    p.add_argument("--speech-log", metavar="FILE", help="write every line the table says to FILE, one a line")
    args = p.parse_args(argv)
    if args.seats is not None:
        args.players = len(args.seats)
        if args.demo is not None or args.replay is not None or args.screenshot is not None:
            p.error("--seats starts a match to play: not with --demo, --replay or --screenshot")
    elif args.phones_port is not None or args.phones_file is not None or args.phones_host is not None:
        p.error("--phones-port, --phones-host and --phones-file go with --seats")
    fewest, most = PLAYERS[args.game]
    if not fewest <= args.players <= most:
        p.error(f"{args.game} is played by {fewest} players" if fewest == most
                else f"{args.game} is played by {fewest} to {most} players")
    if args.learn is not None:
        from .lessons import GAMES as LESSONS  # a new game may come before its lesson (issue 39)
        if args.learn not in LESSONS:
            p.error(f"{args.learn} has no lesson yet; lessons: {', '.join(LESSONS)}")
    if (args.walk is not None or args.lesson_log is not None) and args.learn is None:
        p.error("--walk and --lesson-log go with --learn")
    if args.lesson_log is not None and args.walk is None:
        p.error("--lesson-log needs --walk")
    if args.after and args.screenshot is None:
        p.error("--after needs --screenshot")
    if args.replay is not None and (args.scene or args.demo is not None or args.smoke is not None):
        p.error("--replay goes with --screenshot, --after, --size, --lang and --fullscreen only")
    if args.scene and args.screenshot is None:
        p.error("--scene needs --screenshot")
    if args.settings and args.screenshot is None and args.smoke is None:
        p.error("--set goes with --screenshot or --smoke-test (a window reads the settings file)")
    if args.speech_log is not None and not _writable(args.speech_log):
        p.error(f"--speech-log {args.speech_log} cannot be written (is its folder there and writable?)")
    if args.screenshot is not None and not args.screenshot.lower().endswith((".png", ".bmp", ".tga", ".jpg")):
        p.error("--screenshot needs a .png (or .bmp/.jpg/.tga) file name")
    _check_limits(p, args)
    return args


#: Upper bounds of the numeric options (issue 13, item 4): past any real use, short of hours or gigabytes.
LIMITS = {"seed": 2**63 - 1, "demo": 2**63 - 1, "after": 100_000, "smoke": 1_000_000}
MAX_WINDOW_SIDE = 8192


def _check_limits(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One clear line for a number past its bound or a screenshot that cannot be written."""
    for name, bound in LIMITS.items():
        value = getattr(args, name)
        if value is not None and value > bound:
            flag = "--smoke-test" if name == "smoke" else f"--{name}"
            p.error(f"{flag} must be at most {bound}")
    if max(args.size) > MAX_WINDOW_SIDE:
        p.error(f"--size must be at most {MAX_WINDOW_SIDE}x{MAX_WINDOW_SIDE}")
    if args.screenshot is not None:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if os.path.isdir(args.screenshot) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            p.error(f"--screenshot {args.screenshot} cannot be written (is its folder there and writable?)")


def _writable(path: str) -> bool:
    folder = os.path.dirname(os.path.abspath(path))
    return not os.path.isdir(path) and os.path.isdir(folder) and os.access(folder, os.W_OK)


def speech_options(app, args) -> None:
    """``--speech`` (on for this run, not saved) and ``--speech-log FILE`` (issue 41)."""
    if getattr(args, "speech", False):
        app.settings["speech"] = True
        app.speech.configure(app.settings)
    if getattr(args, "speech_log", None):
        app.speech.open_log(args.speech_log)


def demo_seats(n: int):
    levels = ("normal", "hard", "easy")
    return match_seats([("computer", levels[i % 3]) for i in range(n)])


def start_demo(app, seed: int, players: int, game: str = DEFAULT_GAME) -> None:
    from rules import Config, Session
    app.start_match(Session(Config(game, players, seed)), demo_seats(players))


def advance_demo(app, decisions: int) -> int:
    """Apply ``decisions`` computer decisions at once (deal ends acknowledged); returns how many."""
    from . import play
    ps = app.play_state
    done = 0
    guard = 0
    while done < decisions and guard < decisions * 4 + 100:
        guard += 1
        if ps.phase == play.DEAL_END:
            ps.continue_after_deal()
            continue
        if ps.phase == play.MATCH_END:
            if not ps.next_match():
                break
            continue
        if ps.step_computer():
            done += 1
    return done


def advance_to(app, phase: str) -> bool:
    """Computer decisions (deal ends acknowledged on the way) until the demo reaches ``phase``."""
    from . import play
    ps = app.play_state
    for _ in range(100000):
        if ps.phase == phase:
            return True
        if ps.phase == play.DEAL_END:
            ps.continue_after_deal()
        elif not ps.step_computer():
            return False
    return False


def screenshot(args) -> int:

    from .app import App
    app = App(size=args.size, fullscreen=False, language=args.lang, strict=True, persist=False,
              settings=_fresh_settings(args))
    app.default_seed = args.seed
    speech_options(app, args)
    app.input.last_device = "keyboard"  # show the focus ring in captures of menus
    scene = args.scene or ("table" if args.demo is not None or args.after else "title")
    app.start(resume=False)
    if scene in ("table", "log", "menu", "rules", "deal_end", "match_end") and (
            args.demo is not None or scene != "rules"):
        start_demo(app, args.demo if args.demo is not None else (args.seed or 1), args.players, args.game)
        advance_demo(app, args.after)
        if app.play_state is not None:
            app.play_state.paused = True
    if scene in ("deal_end", "match_end"):
        from .scenes.deal_end import DealEndScene
        from .scenes.match_end import MatchEndScene
        if not advance_to(app, scene):
            raise RuntimeError(f"the demo never reached {scene}")
        shown = DealEndScene if scene == "deal_end" else MatchEndScene
        app.stack.push(shown(app, app.play_state, app.stack.top))
    if scene == "new_game":
        from .scenes.new_game import NewGameScene
        app.stack.push(NewGameScene(app))
    elif scene == "settings":
        app.open_settings()
    elif scene == "rules":
        from . import navigation
        navigation.push(app, "rules", game=args.game)  # any game's rules, with or without --demo
    elif scene == "log":
        app.open_log()
    elif scene == "menu":
        app.open_menu()
    return capture(app, args.screenshot)


def capture(app, path: str) -> int:
    """Three frames, then the screen into ``path``; the app closes.

    A file that cannot be written (a name too long, a device, a full disk) is
    one line on stderr and exit status 1, and leaves no partial image.
    """
    import pygame

    from .app import STEP
    for _ in range(3):
        app.frame(dt=STEP)
    try:
        write_image(app.screen, path)
    except (OSError, pygame.error) as e:
        app.close()
        reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
        print(f"domino-table: cannot write the screenshot {path}: {reason}", file=sys.stderr)
        return 1
    app.close()
    print(path)
    return 0


def write_image(surface, path: str) -> None:
    """Save ``surface`` to ``path`` whole or not at all (issue 29, items 5-6).

    The image is encoded in memory (the name's suffix picks the format), written
    to a temporary file beside the target, flushed, fsynced and checked, then
    renamed over the target: a full disk raises instead of leaving a cut-short
    image behind a zero exit status.  A target that is not a regular file (a
    link to /dev/full) is refused rather than written through or replaced.
    """
    import errno
    import io

    import pygame

    from rules.files import write_bytes_atomic

    target = os.path.realpath(path)
    if os.path.lexists(target) and not os.path.isfile(target):
        raise OSError(errno.EINVAL, "it is not a regular file", path)
    if target.lower().endswith(".png"):
        write_bytes_atomic(target, png_bytes(surface))
        return
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, os.path.basename(target))
    write_bytes_atomic(target, buffer.getvalue())


#: Above this many pixels a screenshot's PNG is compressed fast (zlib level 1) rather than
#: small: an 8192x8192 frame took 11 s in ``pygame.image.save`` and takes 2.8 s so (issue 40).
FAST_PNG_PIXELS = 4_000_000


def png_bytes(surface) -> bytes:
    """``surface`` as an RGB PNG: each row unfiltered, the whole deflated at a level that
    keeps a frame of the largest window (``MAX_WINDOW_SIDE``) a matter of seconds."""
    import struct
    import zlib

    import pygame

    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    stride = w * 3
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))
    level = 1 if w * h > FAST_PNG_PIXELS else 6

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, level))
            + chunk(b"IEND", b""))


def smoke_test(args) -> int:
    from .app import STEP, App
    app = App(size=args.size, fullscreen=args.fullscreen, language=args.lang, strict=True,
              persist=False, settings=_fresh_settings(args))
    speech_options(app, args)
    app.start(resume=False)
    start_demo(app, args.demo if args.demo is not None else (args.seed or 1), args.players, args.game)
    for _ in range(args.smoke):
        advance_demo(app, 1)
        app.frame(dt=STEP)
        if not app.running:
            break
    decisions = app.play_state.session.cursor if app.play_state else 0
    app.close()
    print(f"smoke test: {args.smoke} frames, {decisions} actions, no errors")
    return 0


def read_replay(path: str):
    """The match in ``path`` for the viewer; one line on stderr and None when it is no match."""
    from . import history, i18n
    try:
        return history.read_match(path)
    except history.MatchFileError as e:
        reason = i18n.t(history.PROBLEM_TEXT[e.problem])
        print(f"domino-table: {path}: {reason} ({e.detail})", file=sys.stderr)
        return None


def replay_screenshot(args) -> int:
    """``--replay FILE --screenshot OUT.png``: the viewer's first frame, headless."""
    from . import i18n
    from .app import App
    from .scenes.replay import open_replay
    if args.lang:
        i18n.set_language(args.lang)
    record = read_replay(args.replay)
    if record is None:
        return 1
    app = App(size=args.size, fullscreen=False, language=args.lang, strict=True, persist=False,
              settings=_fresh_settings(args))
    app.start(resume=False)
    open_replay(app, record).replay.seek(args.after)
    return capture(app, args.screenshot)


def _fresh_settings(args=None) -> dict:
    """The default settings (a screenshot does not depend on the user's file), with the
    command line's ``--set`` values over them."""
    from . import storage
    return {**storage.DEFAULT_SETTINGS, **dict(args.settings if args is not None else [])}


def _setting(text: str) -> tuple[str, object]:
    """``--set KEY=VALUE``: a known setting and a value it accepts (JSON: true, 2.0, "it";
    a bare word is a string)."""
    from . import storage
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or key not in storage.DEFAULT_SETTINGS:
        known = ", ".join(sorted(storage.DEFAULT_SETTINGS))
        raise argparse.ArgumentTypeError(f"{text!r}: give KEY=VALUE with KEY one of {known}")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw.strip()
    if key == "ui_scale" and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not storage.valid_setting(key, value):
        raise argparse.ArgumentTypeError(f"{raw!r} is not a value of the setting {key}")
    return key, value


def _walk_mode(text: str) -> str:
    from .lessons.walk import MODES
    seed = text.split(":", 1)[1] if text.startswith("random:") else None
    if text in MODES or (seed is not None and seed.isdigit() and len(seed) <= 19):
        return text
    raise argparse.ArgumentTypeError(f"{text!r}: lesson, hints, first or random:SEED")


def _walk_lesson(args) -> int:
    """``--learn GAME --walk MODE``: the lesson walked without a window (issue 38)."""
    from .lessons import lesson_for
    from .lessons.walk import chooser, walk
    result = walk(lesson_for(args.learn), chooser(args.walk))
    if args.lesson_log is not None:
        with open(args.lesson_log, "w", encoding="utf-8") as out:
            out.writelines(f"{key}\n" for key, _ in result.cards)
    return 0 if result.finished else 1


def _run_lesson(args, capture) -> int:
    """``python -m game --learn GAME``: the lesson in a window, or (``--screenshot``) one frame
    of it after ``--after`` steps, saved by ``capture`` (``game.__main__``'s)."""
    from .app import App
    from .scenes.lesson import advance_lesson, start_lesson
    shot = args.screenshot is not None
    app = App(size=args.size, fullscreen=None if shot or not args.fullscreen else True,
              language=args.lang, strict=shot, persist=not shot,
              settings=_fresh_settings(args) if shot else None)
    speech_options(app, args)
    app.start(resume=not shot)
    scene = start_lesson(app, args.learn)
    if not shot:
        code = app.run()
        app.close()
        return code
    app.input.last_device = "keyboard"
    advance_lesson(scene, args.after)
    return capture(app, args.screenshot)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.learn is not None:
            return _walk_lesson(args) if args.walk is not None else _run_lesson(args, capture)
        if args.replay is not None and args.screenshot:
            return replay_screenshot(args)
        if args.screenshot:
            return screenshot(args)
        if args.smoke is not None:
            return smoke_test(args)
        record = None
        if args.replay is not None:
            if args.lang:
                from . import i18n
                i18n.set_language(args.lang)
            record = read_replay(args.replay)  # a file that is no match: one line, no window
            if record is None:
                return 1
        from . import rescue
        if args.resume is not None and (why := rescue.problem(args.resume)):
            print(f"domino-table: {why}", file=sys.stderr)  # one line, no window
            return 1
        from .app import App
        app = App(size=args.size, fullscreen=True if args.fullscreen else None, language=args.lang,
                  persist=args.demo is None)
        app.default_seed = args.seed
        speech_options(app, args)
        if record is not None:
            from .scenes.replay import open_replay
            app.start(resume=False)
            open_replay(app, record)
        elif args.demo is not None:
            app.start(resume=False)
            start_demo(app, args.demo, args.players, args.game)
        elif args.seats is not None:
            from rules import Config, Session
            from rules.rng import fresh_seed
            app.phones_options = {"host": args.phones_host, "port": args.phones_port,
                                  "join_file": args.phones_file}
            app.phones_autostart = True
            app.start(resume=False)
            seats = match_seats(args.seats)
            # the same command after a kill resumes its match, codes and port (issue 37); any
            # other unfinished match is kept aside by start_match, never written over
            if not app.match.resume_for_seats(args.game, seats):
                seed = args.seed if args.seed is not None else fresh_seed()
                app.start_match(Session(Config(args.game, len(args.seats), seed)), seats)
        elif args.resume is not None:
            app.start(resume=False)
            rescue.start(app, args.resume)
        else:
            app.start(resume=True)
            rescue.offer(app)  # issue 40: a rescue copy left by a failing save, offered once
        code = app.run()
        app.close()
        return code
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # the smoke test and screenshots are strict: any error fails them
        import traceback
        traceback.print_exc()
        print(f"domino-table: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
