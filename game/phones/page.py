"""The phone page's files and the headers of every response (issue 27, "Security and privacy").

The page's files are read from the package once and looked up by name, never by path, so
no URL reaches any other file; every response forbids framing and outside scripts.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from aiohttp import web

#: The page's own files; the only ones served, looked up by name (never by path).
STATIC_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(html|css|js|svg|png|wav)$")
CONTENT_TYPES = {"html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                 "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
                 "png": "image/png", "wav": "audio/wav"}
_HOST = re.compile(r"^[A-Za-z0-9.\-:\[\]]{1,80}$")


def static_dir() -> Path:
    """The page's folder inside the package (from source, or inside a frozen build)."""
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "game" / "phones" / "static"
    return Path(__file__).resolve().parent / "static"


def _sound_file() -> Path:
    base = getattr(sys, "_MEIPASS", None)
    root = Path(base) if base else Path(__file__).resolve().parents[2]
    return root / "art" / "sounds" / "turn.wav"


class PageFiles:
    """The page's files in memory, their two routes and the headers middleware."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[bytes, str]] = {}

    def load(self) -> None:
        files: dict[str, tuple[bytes, str]] = {}
        folder = static_dir()
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.is_file() and STATIC_NAME.match(path.name):
                files[path.name] = (path.read_bytes(), CONTENT_TYPES[path.suffix[1:]])
        sound = _sound_file()
        if sound.is_file() and "turn.wav" not in files:
            files["turn.wav"] = (sound.read_bytes(), CONTENT_TYPES["wav"])
        self.files = files

    def add_routes(self, app: web.Application) -> None:
        if not self.files:
            self.load()
        app.router.add_get("/j/{code}", self.page)
        app.router.add_get("/static/{name}", self.static)

    @staticmethod
    @web.middleware
    async def headers(request: web.Request, handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = web.Response(status=exc.status, text=exc.reason or "", content_type="text/plain")
        host = request.host if _HOST.match(request.host or "") else ""
        connect = f" ws://{host}" if host else ""
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"media-src 'self'; connect-src 'self'{connect}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'")
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    async def page(self, request: web.Request) -> web.Response:
        """Every join address serves the same page; its code is checked when the page joins."""
        found = self.files.get("index.html")
        if found is None:
            raise web.HTTPNotFound()
        return web.Response(body=found[0], content_type="text/html", charset="utf-8")

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", "")
        found = self.files.get(name) if STATIC_NAME.match(name) else None
        if found is None or name == "index.html":
            raise web.HTTPNotFound()
        body, ctype = found
        response = web.Response(body=body)
        response.headers["Content-Type"] = ctype
        return response
