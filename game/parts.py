"""Attributes of a composed object reached through its owner (``PlayState.delay`` is
``PlayState.pace.delay``): callers that read or set them on the owner before it was carved
into parts keep working, and the value lives in one place only."""
from __future__ import annotations

from typing import Any


class Alias:
    """A data descriptor for ``owner.<name>`` that is ``owner.<part>.<field>``."""

    def __init__(self, part: str, field: str) -> None:
        self.part = part
        self.field = field

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.field)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(getattr(obj, self.part), self.field, value)
