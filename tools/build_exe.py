"""Build the standalone Domino Table program with PyInstaller.

The same command on Linux, macOS and Windows (from the checkout, with the
virtual environment's Python; ``make exe`` does this on Linux and macOS)::

    .venv/bin/python tools/build_exe.py              # Linux, macOS
    .venv\\Scripts\\python tools\\build_exe.py         # Windows

The result is a folder, ``dist/domino-table/``, holding ``domino-table``
(``domino-table.exe`` on Windows); on macOS also ``dist/Domino Table.app``.
``--onefile`` also makes one self-extracting file, ``dist/onefile/domino-table``
(smaller to hand around, slower to start: it unpacks itself on every launch).  Windows and macOS builds are windowed (no console; errors go
to the user log dir, see game/frozen.py); Linux builds keep the console
(``--windowed`` / ``--console`` override).

``--check`` then runs the built program's smoke test (a computer-only demo with
real rendering under the dummy video driver), measures its start-up time, and checks
that it serves the phones (issue 27): started with one phone seat and a computer on
loopback, it serves the join page and its script, and a phone that joins over a
WebSocket is sent its state (``phone_check``).
The build time and the size on disk are always printed.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "domino-table.spec"
NAME = "domino-table"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def executable(dist: Path, onefile: bool = False) -> Path:
    """Where a build into ``dist`` puts the program."""
    if onefile:
        return dist / "onefile" / (NAME + EXE_SUFFIX)
    return dist / NAME / (NAME + EXE_SUFFIX)


def size_on_disk(path: Path) -> int:
    """Bytes the file or folder takes on disk (allocated blocks where the OS reports them)."""
    paths = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    total = 0
    for p in paths:
        st = p.stat()
        blocks = getattr(st, "st_blocks", None)
        total += blocks * 512 if blocks is not None else st.st_size
    return total


def build(dist: Path, work: Path, *, onefile: bool = False, windowed: bool | None = None,
          quiet: bool = False, clean: bool = False) -> tuple[Path, float]:
    """Run PyInstaller on packaging/domino-table.spec; returns the program's path and seconds taken."""
    import PyInstaller.__main__

    # PyInstaller's analysis imports pygame (its hook); keep the support prompt out of the log.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    spec_args = ["--onefile"] if onefile else []
    if windowed is not None:
        spec_args.append("--windowed" if windowed else "--console")
    args = [str(SPEC), "--noconfirm",
            "--distpath", str(dist / "onefile" if onefile else dist),
            "--workpath", str(work / ("onefile" if onefile else "onedir"))]
    if quiet:
        args += ["--log-level", "WARN"]
    if clean:  # also empties PyInstaller's shared cache: not while another build runs
        args.append("--clean")
    start = time.perf_counter()
    PyInstaller.__main__.run(args + ["--", *spec_args])
    return executable(dist, onefile), time.perf_counter() - start


def run_smoke(program: Path, frames: int, *, timeout: float = 300) -> tuple[int, float, str]:
    """Run ``program --smoke-test frames`` headless; returns (exit code, seconds, output)."""
    env = {**os.environ, **HEADLESS}
    start = time.perf_counter()
    done = subprocess.run([str(program), "--smoke-test", str(frames)], env=env, cwd=program.parent.parent,
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, time.perf_counter() - start, done.stdout + done.stderr


def startup_seconds(program: Path, runs: int = 3) -> float:
    """Median wall time from launch to the first frame drawn and the program gone (``--smoke-test 1``)."""
    times = []
    for _ in range(runs):
        code, seconds, output = run_smoke(program, 1)
        if code != 0:
            raise RuntimeError(f"{program} --smoke-test 1 exited {code}:\n{output}")
        times.append(seconds)
    return statistics.median(times)


#: The phone check's program: one phone seat beside a computer, the server on loopback.
PHONE_SEATS = ("--seats", "phone,computer", "--phones-host", "127.0.0.1", "--phones-port", "0")


def _get(url: str, timeout: float) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 - our own loopback server
        return response.status, response.headers.get("Content-Type", ""), response.read()


async def _join_phone(url: str, timeout: float) -> tuple[dict, dict]:
    """Join ``url``'s seat as the page does; returns the welcome and the first state message."""
    import aiohttp
    base, _, code = url.rpartition("/j/")
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(base.replace("http://", "ws://") + "/ws", origin=base) as ws:
            await ws.send_str(json.dumps({"type": "join", "code": code, "lang": "en"}))
            got: dict[str, dict] = {}
            end = time.monotonic() + timeout
            while not (got.get("state") or {}).get("state"):  # a state of the match, not the empty one
                msg = await ws.receive(timeout=max(0.1, end - time.monotonic()))
                if msg.type != aiohttp.WSMsgType.TEXT:
                    raise RuntimeError(f"the WebSocket ended before a state came ({msg.type!r})")
                data = json.loads(msg.data)
                if data.get("type") == "error":
                    raise RuntimeError(f"the server refused the phone: {data.get('key')}")
                if data.get("type") == "state":
                    got["state"] = data
                else:
                    got.setdefault(data.get("type", "?"), data)
            return got.get("welcome", {}), got["state"]


def phone_check(program: Path, *, timeout: float = 60.0) -> dict[str, Any]:
    """Start ``program`` with a phone seat and a computer (``--phones-file``), fetch the join
    page and /static/app.js, join the phone seat over a WebSocket and wait for its state;
    then terminate the program.  Returns what was seen; raises RuntimeError on any failure.
    Its settings, autosave and log go to a temporary folder (``DOMINO_TABLE_HOME``)."""
    facts: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="domino-phones-", ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp)
        join = folder / "join.json"
        env = {**os.environ, **HEADLESS, "DOMINO_TABLE_HOME": str(folder / "home")}
        with open(folder / "output.txt", "w+", encoding="utf-8", errors="replace") as output:
            proc = subprocess.Popen([str(program), *PHONE_SEATS, "--phones-file", str(join), "--lang", "en",
                                     "--size", "800x600"], cwd=folder, env=env, stdout=output, stderr=subprocess.STDOUT)

            def said() -> str:
                output.flush()
                output.seek(0)
                return output.read()[-3000:]
            try:
                end = time.monotonic() + timeout
                while not join.exists():
                    if proc.poll() is not None:
                        raise RuntimeError(f"the program exited {proc.returncode} before it listened:\n{said()}")
                    if time.monotonic() > end:
                        raise RuntimeError(f"no {join.name} after {timeout:.0f} s:\n{said()}")
                    time.sleep(0.05)
                entries = json.loads(join.read_text(encoding="utf-8"))
                url = entries[0]["url"]
                status, page_type, page = _get(url, timeout)
                base = url.rpartition("/j/")[0]
                js_status, js_type, script = _get(base + "/static/app.js", timeout)
                welcome, state = asyncio.run(_join_phone(url, timeout))
                facts |= {"entries": entries, "page_status": status, "page_type": page_type,
                         "page_links_script": b"/static/app.js" in page, "script_status": js_status,
                         "script_type": js_type, "script_bytes": len(script), "welcome": welcome,
                         "state": state}
                hand = (state.get("state") or {}).get("hand")
                if not (status == 200 and "text/html" in page_type and facts["page_links_script"]
                        and js_status == 200 and "javascript" in js_type and script
                        and welcome.get("seat") == entries[0]["seat"] and hand):
                    seen = {k: v for k, v in facts.items() if k not in ("welcome", "state")}
                    raise RuntimeError(f"the phone check saw something wrong: {seen}")
                if proc.poll() is not None:
                    raise RuntimeError(f"the program exited {proc.returncode} while serving:\n{said()}")
                return facts
            except OSError as e:  # urllib's and aiohttp's connection errors
                raise RuntimeError(f"the phone check could not reach the program: {e!r}\n{said()}") from e
            finally:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(10)
                facts["ended"] = proc.returncode is not None  # terminated: nothing listens any more


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--onefile", action="store_true", help="also build one self-extracting file")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="windowed", action="store_true", default=None,
                      help="no console (default on Windows and macOS)")
    mode.add_argument("--console", dest="windowed", action="store_false",
                      help="keep a console (default on Linux)")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's work folder")
    p.add_argument("--check", type=int, nargs="?", const=120, metavar="FRAMES",
                   help="run the built program's smoke test (default 120 frames) and time its start-up")
    p.add_argument("--quiet", action="store_true", help="PyInstaller warnings only")
    p.add_argument("--clean", action="store_true", help="rebuild from scratch (PyInstaller --clean)")
    args = p.parse_args(argv)

    builds = [False, True] if args.onefile else [False]
    for onefile in builds:
        kind = "onefile" if onefile else "onedir"
        program, seconds = build(args.dist.resolve(), args.work.resolve(), onefile=onefile,
                                 windowed=args.windowed, quiet=args.quiet, clean=args.clean)
        where = program if onefile else program.parent
        print(f"{kind}: {where}  built in {seconds:.1f} s, {_mb(size_on_disk(where))} on disk", flush=True)
        if args.check is not None:
            code, took, output = run_smoke(program, args.check)
            print(output.rstrip())
            if code != 0:
                print(f"{kind}: smoke test FAILED (exit {code})", file=sys.stderr)
                return 1
            print(f"{kind}: smoke test passed ({args.check} frames in {took:.1f} s); "
                  f"start-up to the first frame {startup_seconds(program):.2f} s (median of 3)", flush=True)
            try:
                facts = phone_check(program)
            except RuntimeError as e:
                print(f"{kind}: phone check FAILED: {e}", file=sys.stderr)
                return 1
            print(f"{kind}: phone check passed (the join page, /static/app.js ({facts['script_bytes']} bytes), "
                  f"and seat {facts['welcome']['seat']}'s phone joined and was sent its state)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
