"""Every string a player sees, in English, Russian, Ukrainian and Italian.

Locale files use pygame_gui's layout: ``locales/NAMESPACE.LOCALE.json`` holding
``{"LOCALE": {"key": "text" | {"one": .., "few": .., "many": .., "other": ..}}}``.
Keys are used as ``NAMESPACE.key`` (``ui.new_game``, ``table.draw``) and texts
carry ``%{name}`` placeholders.  Every namespace file found is loaded, so the
table's strings live beside the menus' without any registration.

A game brings its own words in its own files (issue 39): ``locales/games/GAME.LOCALE.json``
in the same layout, holding whole keys of any namespace (``ui.game_GAME``,
``rules.GAME.goal``, ``ticker.GAME_scored``), so a new game edits no shared file.  A key
is defined in one file only: one a game's file defines again is refused (``ValueError``).

Plural forms follow CLDR, not python-i18n (whose rules give Russian and
Ukrainian the wrong form for 5, 11 and 21): English and Italian have
one/other, Russian and Ukrainian one/few/many/other.
"""
from __future__ import annotations

import json
import logging
import re
import sys
from decimal import Decimal
from pathlib import Path
from typing import Callable, NamedTuple

LANGUAGES = ("en", "ru", "uk", "it")
DEFAULT = "en"
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")

#: Each language written in itself, for the language pickers.
NATIVE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "it": "Italiano"}

_log = logging.getLogger(__name__)
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_language = DEFAULT
_catalog: dict[str, dict[str, str | dict[str, str]]] | None = None
_listeners: list[Callable[[str], None]] = []


def locales_dir() -> Path:
    """The locales/ folder, next to the package from source or inside a frozen build."""
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "locales"
    return Path(__file__).resolve().parents[1] / "locales"


#: the folder of the games' own files, inside locales/
GAMES_DIR = "games"


class LocaleFile(NamedTuple):
    """One locale file: its language, the prefix of its keys (``"NAMESPACE."``; ``""`` for
    a game's own file, whose keys are whole) and the game it belongs to (None: shared)."""

    path: Path
    code: str
    prefix: str
    game: str | None


def files(directory: Path | None = None) -> list[LocaleFile]:
    """Every locale file: the namespaces' (``NAMESPACE.LOCALE.json``), then the games' own
    (``games/GAME.LOCALE.json``).  The tests that check the texts read them all through this."""
    directory = directory or locales_dir()
    out: list[LocaleFile] = []
    for path in sorted(directory.glob("*.*.json")):
        namespace, code = path.name[: -len(".json")].rsplit(".", 1)
        out.append(LocaleFile(path, code, f"{namespace}.", None))
    for path in sorted((directory / GAMES_DIR).glob("*.*.json")):
        game, code = path.name[: -len(".json")].rsplit(".", 1)
        out.append(LocaleFile(path, code, "", game))
    return out


def entries(file: LocaleFile) -> dict[str, str | dict[str, str]]:
    """One file's texts by their whole keys (``"namespace.key"``)."""
    with file.path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    found = {f"{file.prefix}{key}": text for key, text in data.get(file.code, {}).items()}
    bare = sorted(key for key in found if "." not in key)
    if bare:
        raise ValueError(f"{file.path}: keys name no namespace ('ui.', 'rules.' ...): {bare}")
    return found


def load(directory: Path | None = None) -> dict[str, dict[str, str | dict[str, str]]]:
    """Read every locale file (``files``): {locale: {"namespace.key": text or plural dict}}."""
    catalog: dict[str, dict[str, str | dict[str, str]]] = {code: {} for code in LANGUAGES}
    for file in files(directory):
        table = catalog.setdefault(file.code, {})
        found = entries(file)
        if file.game is not None:
            twice = sorted(set(found) & set(table))
            if twice:
                raise ValueError(f"{file.path}: keys already defined in another locale file: {twice}")
        table.update(found)
    return catalog


def catalog() -> dict[str, dict[str, str | dict[str, str]]]:
    """The loaded texts (loaded on first use)."""
    global _catalog
    if _catalog is None:
        _catalog = load()
    return _catalog


def reload() -> None:
    """Forget the loaded texts so the next lookup reads locales/ again."""
    global _catalog
    _catalog = None


def _operands(n: int | float | str | Decimal) -> tuple[int, int]:
    """CLDR operands i (integer digits) and v (number of visible fraction digits)."""
    d = Decimal(str(n))
    sign, digits, exponent = abs(d).as_tuple()
    v = max(0, -int(exponent))
    return int(abs(d)), v


def plural_category(code: str, n: int | float | str | Decimal) -> str:
    """The CLDR plural category of ``n`` in language ``code``.

    en, it: one (i = 1 and v = 0), other.
    ru, uk: one (v = 0, i%10 = 1, i%100 != 11); few (v = 0, i%10 in 2..4,
    i%100 not in 12..14); many (v = 0 and i%10 = 0, or i%10 in 5..9, or
    i%100 in 11..14); other (fractions).
    """
    i, v = _operands(n)
    if code in ("ru", "uk"):
        if v != 0:
            return "other"
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if i == 1 and v == 0 else "other"


def language() -> str:
    """The current language code."""
    return _language


def set_language(code: str) -> None:
    """Switch every text to ``code`` and tell the listeners (scenes rebuild their widgets)."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    changed = code != _language
    _language = code
    if changed:
        for callback in list(_listeners):
            callback(code)


def on_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(code)`` after each language change; returns a function that unsubscribes."""
    _listeners.append(callback)

    def unsubscribe() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return unsubscribe


def has(key: str, code: str | None = None) -> bool:
    return key in catalog().get(code or _language, {})


def _lookup(key: str, code: str) -> str | dict[str, str] | None:
    cat = catalog()
    text = cat.get(code, {}).get(key)
    if text is None and code != DEFAULT:
        text = cat.get(DEFAULT, {}).get(key)
    return text


def t(key: str, count: int | float | None = None, **params: object) -> str:
    """The text for ``key`` in the current language, with ``%{name}`` filled in.

    ``count`` picks the CLDR plural form and is also available as ``%{count}``.
    A missing key falls back to English and then to the key itself (logged).
    """
    code = _language
    text = _lookup(key, code)
    if text is None:
        _log.warning("missing text %s", key)
        return key
    if isinstance(text, dict):
        form = plural_category(code, count if count is not None else 0)
        text = text.get(form) or text.get("other") or next(iter(text.values()))
    if count is not None:
        params.setdefault("count", count)
    if not params:
        return text
    return _PLACEHOLDER.sub(lambda m: _shown(params.get(m.group(1), m.group(0))), text)


def _shown(value: object) -> str:
    """A placeholder's value as text: a fraction in the language's own way (0,4 in ru, uk, it)."""
    return number(value) if isinstance(value, (float, Decimal)) else str(value)


def number(value: int | float | Decimal) -> str:
    """``value`` written with the current language's decimal separator (``ui.decimal_separator``:
    a comma in Russian, Ukrainian and Italian), so "0.4 очка" reads «0,4 очка»."""
    text = str(value)
    if isinstance(value, (float, Decimal)):
        sep = _lookup("ui.decimal_separator", _language)
        if isinstance(sep, str):
            text = text.replace(".", sep)
    return text


def language_name(code: str) -> str:
    """A language's own name for itself ("Русский"), for the language buttons and choices."""
    name = catalog()[code].get("ui.language_name", code)
    return name if isinstance(name, str) else code


def placeholders(text: str | dict[str, str]) -> set[str]:
    """The ``%{name}`` placeholders a text (or every form of a plural text) uses."""
    if isinstance(text, dict):
        found: set[str] = set()
        for form in text.values():
            found |= set(_PLACEHOLDER.findall(form))
        return found
    return set(_PLACEHOLDER.findall(text))
