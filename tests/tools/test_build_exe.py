"""The standalone program (issue 6): tools/build_exe.py freezes it with PyInstaller and
the frozen program runs its smoke test headless.

The build takes 15-60 s, so those tests are ``slow`` (``make test`` runs them);
one onedir build is shared by the module.  game/frozen.py's stream handling
for windowed builds is tested directly (a Linux build always has a console).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import frozen

ROOT = Path(__file__).resolve().parents[2]
BUILD_TOOL = ROOT / "tools" / "build_exe.py"
sys.path.insert(0, str(ROOT / "tools"))
import build_exe  # noqa: E402
EXE = "domino-table" + (".exe" if sys.platform == "win32" else "")
UNUSED_FONT_PREFIXES = ("NotoSansJP-", "NotoSansKR-", "NotoSansSC-", "NotoSansArabic-", "NotoSansHebrew-")
#: one worker runs the module (``--dist loadgroup``): two would each build the program
pytestmark = pytest.mark.xdist_group("build_exe")


# ------------------------------------------------------------ game/frozen.py


def test_prepare_gives_a_windowed_build_a_stderr_in_the_user_log_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINO_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "stdout", None)
    path = frozen.prepare()
    try:
        assert path == tmp_path / "log" / frozen.STDERR_LOG
        assert sys.stderr is not None and sys.stdout is sys.stderr
        print("Traceback: something broke", file=sys.stderr)
        print("smoke test: 3 frames")
        assert path.read_text(encoding="utf-8") == "Traceback: something broke\nsmoke test: 3 frames\n"
    finally:
        sys.stderr.close()


def test_prepare_leaves_console_streams_alone_and_hides_the_pygame_prompt(monkeypatch):
    monkeypatch.delenv("PYGAME_HIDE_SUPPORT_PROMPT", raising=False)
    out, err = sys.stdout, sys.stderr
    assert frozen.prepare() is None
    assert (sys.stdout, sys.stderr) == (out, err)
    assert os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] == "1"


def test_running_from_source_is_not_frozen():
    assert not frozen.is_frozen()


# ----------------------------------------------------------------- the build


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Path:
    """One onedir build (the platform's default console/windowed mode), as the README builds it.

    Kept for the worker's whole session, not the module's: pytest-xdist tore a module
    fixture down between two of this module's tests and the program was built twice (a
    minute of the test run, issue 26); ``xdist_group`` keeps the module on one worker."""
    base = tmp_path_factory.mktemp("exe")
    done = subprocess.run(
        [sys.executable, str(BUILD_TOOL), "--dist", str(base / "dist"), "--work", str(base / "build"), "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "onedir:" in done.stdout and "MB on disk" in done.stdout
    folder = base / "dist" / "domino-table"
    assert (folder / EXE).is_file()
    return folder


def run_frozen(bundle: Path, home: Path, *args: str, env: dict | None = None,
               **popen) -> subprocess.CompletedProcess:
    """The frozen program, from a folder that is neither the checkout nor the bundle."""
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "DOMINO_TABLE_HOME": str(home), **(env or {})}
    return subprocess.run([str(bundle / EXE), *args], cwd=home, env=environ,
                          capture_output=True, text=True, timeout=300, **popen)


def _close_stdio() -> None:
    """In the child: no stdout/stderr at all, as a windowed build starts (Python sets them to None)."""
    os.close(1)
    os.close(2)


def _resources(bundle: Path) -> Path:
    return bundle / "_internal" if (bundle / "_internal").is_dir() else bundle


@pytest.mark.slow
def test_bundle_holds_our_resources_and_none_of_the_unused_fonts(bundle):
    res = _resources(bundle)
    for folder in ("art", "fonts", "locales"):  # art/sounds/ too (issue 14)
        shipped = sorted(str(p.relative_to(res / folder)) for p in (res / folder).rglob("*") if p.is_file())
        assert shipped == sorted(str(p.relative_to(ROOT / folder)) for p in (ROOT / folder).rglob("*") if p.is_file()), folder
    gui_data = res / "pygame_gui" / "data"
    fonts = {p.name for p in gui_data.iterdir()}
    assert "NotoSans-Regular.ttf" in fonts  # pygame_gui's default font stays
    assert not [f for f in fonts if f.startswith(UNUSED_FONT_PREFIXES)]
    assert not list(res.rglob("babel/locale-data/de.dat"))  # Babel, if ever bundled, keeps our locales only


@pytest.mark.slow
def test_bundle_leaves_out_what_the_program_never_imports(bundle):
    """Issue 42 (93 MB, goal 80): no OpenSpiel, none of numpy's lazily imported subpackages,
    the CJK codecs, readline, lzma or bz2; our Noto Sans files may be links to pygame_gui's
    identical copies, and read the same bytes."""
    res = _resources(bundle)
    assert not [p for p in res.rglob("*") if "spiel" in p.name.lower()]
    for folder in ("random", "fft", "polynomial", "ma", "testing"):
        assert not (res / "numpy" / folder).exists(), folder
    compiled = {p.name.split(".")[0] for p in res.rglob("*") if p.suffix in (".so", ".pyd")}
    assert "_multiarray_umath" in compiled and "unicodedata" in compiled  # what is used stays
    assert not compiled & {"readline", "_codecs_jp", "_codecs_cn", "_multibytecodec", "_lzma", "_bz2",
                           "_multiarray_tests"}
    for font in (ROOT / "fonts").glob("*.ttf"):
        assert (res / "fonts" / font.name).read_bytes() == font.read_bytes(), font.name


@pytest.mark.slow
def test_frozen_program_runs_its_smoke_test_headless(bundle, tmp_path):
    done = run_frozen(bundle, tmp_path, "--smoke-test", "120")
    assert done.returncode == 0, done.stdout + done.stderr
    if sys.platform not in ("win32", "darwin"):  # a console build: the summary is on stdout
        assert "smoke test: 120 frames" in done.stdout and "no errors" in done.stdout
        assert "pygame-ce" not in done.stdout  # the support prompt is hidden
    # The program found its user dirs (here DOMINO_TABLE_HOME) and logged there.
    assert (tmp_path / "log" / "domino-table.log").is_file()


@pytest.mark.slow
def test_frozen_program_serves_the_phone_page_and_a_phone_joins(bundle):
    """Issue 27: the executable serves the phones too.  Started with a phone seat and a
    computer on loopback (``--phones-file``), it serves the join page and its script, and
    a phone that joins over a WebSocket is sent its seat's state: aiohttp, its compiled
    parts and the page's files are all in the bundle (and ssl, excluded, is not needed)."""
    facts = build_exe.phone_check(bundle / EXE)
    assert [e["seat"] for e in facts["entries"]] == [1]
    assert facts["entries"][0]["url"].startswith("http://127.0.0.1:")
    assert facts["page_status"] == 200 and facts["page_type"].startswith("text/html")
    assert facts["page_links_script"]
    assert facts["script_status"] == 200 and "javascript" in facts["script_type"] and facts["script_bytes"] > 1000
    welcome = facts["welcome"]
    english = json.loads((ROOT / "locales" / "phone.en.json").read_text(encoding="utf-8"))["en"]
    assert welcome["seat"] == 1 and welcome["strings"]["phone.confirm"] == english["confirm"]  # the locales are there
    state = facts["state"]["state"]
    assert state["seat"] == 1 and state["game"] == "mexican_train" and len(state["hand"]) > 0
    assert facts["ended"]  # terminated once checked


@pytest.mark.slow
def test_frozen_program_fails_loudly(bundle, tmp_path):
    assert run_frozen(bundle, tmp_path, "--smoke-test", "many").returncode == 2
    broken = run_frozen(bundle, tmp_path, "--smoke-test", "5", env={"SDL_VIDEODRIVER": "no-such-driver"})
    assert broken.returncode == 1


@pytest.mark.slow
def test_without_stdio_the_frozen_program_writes_to_the_user_log_dir(bundle, tmp_path):
    """A windowed build (Windows, macOS) has no console: what it prints, a traceback above
    all, goes to the user log dir.  On POSIX the test starts the program with stdout and
    stderr closed; a Windows build is windowed already."""
    closed = {"preexec_fn": _close_stdio} if os.name == "posix" else {}
    stream_log = tmp_path / "log" / frozen.STDERR_LOG
    ok = run_frozen(bundle, tmp_path, "--smoke-test", "5", **closed)
    assert ok.returncode == 0
    if os.name == "posix" or not ok.stdout:
        assert "smoke test: 5 frames" in stream_log.read_text(encoding="utf-8")
    broken = run_frozen(bundle, tmp_path, "--smoke-test", "5", env={"SDL_VIDEODRIVER": "no-such-driver"},
                        **closed)
    assert broken.returncode == 1
    if os.name == "posix" or not broken.stderr:
        text = stream_log.read_text(encoding="utf-8")
        assert "Traceback" in text and "no-such-driver" in text


@pytest.mark.slow
def test_frozen_program_answers_help(bundle, tmp_path):
    done = run_frozen(bundle, tmp_path, "--help")
    assert done.returncode == 0
    if sys.platform not in ("win32", "darwin"):
        assert "--smoke-test" in done.stdout


def _pixels(path: Path) -> bytes:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


@pytest.mark.slow
@pytest.mark.parametrize("scene, lang, more", [
    ("title", "en", ()), ("new_game", "uk", ()), ("rules", "ru", ()),
    # 12 computer decisions: the bundle has the bots (rules.bots is imported by name).
    ("table", "it", ("--demo", "3", "--players", "3", "--after", "12")),
])
def test_frozen_program_draws_what_the_source_draws(bundle, tmp_path, scene, lang, more):
    """Same fonts, art, theme, translations and bots in the bundle: a screen renders as from source."""
    frozen_png, source_png = tmp_path / "frozen.png", tmp_path / "source.png"
    args = ("--screenshot", "--scene", scene, "--lang", lang, "--seed", "7", *more)
    done = run_frozen(bundle, tmp_path, args[0], str(frozen_png), *args[1:])
    assert done.returncode == 0, done.stdout + done.stderr
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "DOMINO_TABLE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "game", args[0], str(source_png), *args[1:]],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    frozen_px, source_px = _pixels(frozen_png), _pixels(source_png)
    assert len(set(frozen_px[i:i + 3] for i in range(0, len(frozen_px), 3))) > 50  # a real screen, not a blank
    differing = sum(frozen_px[i:i + 3] != source_px[i:i + 3] for i in range(0, len(frozen_px), 3))
    assert len(frozen_px) == len(source_px) and differing <= len(frozen_px) // 3 // 1000, differing
