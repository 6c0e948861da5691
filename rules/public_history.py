"""The public history of a game state, shared between its clones (issue 29, item 12).

Every game keeps the public history of the whole session (every match), and a
session keeps a clone of its state at every chance step (a snapshot per deal,
for undo and seek).  With a plain list each of those clones copied the whole
history, and so did every view (``history=tuple(...)``): a long session's
memory grew without a plateau and each action cost more than the one before.

``History`` is the state's list: append-only, and shared with its clones
until one of them appends past a point the other has reached (then that one
copies its own prefix: copy on write).  ``FrozenHistory`` is what a view holds:
the first ``n`` events of such a list, immutable, made in O(1); it compares,
hashes and prints like the tuple views used to hold.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload

from .events import Event


class _Prefix(Sequence):
    """The first ``_n`` items of a list that may grow beyond them but never changes them."""

    __slots__ = ("_items", "_n")

    _items: list
    _n: int

    def __len__(self) -> int:
        return self._n

    def _index(self, i: int) -> int:
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("history index out of range")
        return i

    def _slice(self, s: slice) -> list:
        start, stop, step = s.indices(self._n)
        if step == 1:
            return self._items[start:stop] if stop > start else []
        return [self._items[k] for k in range(start, stop, step)]

    def __iter__(self) -> Iterator[Event]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[Event]:
        items = self._items
        for k in range(self._n - 1, -1, -1):
            yield items[k]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Prefix) and other._items is self._items:
            return other._n == self._n
        if isinstance(other, (_Prefix, list, tuple)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other))
        return NotImplemented


class History(_Prefix):
    """A state's public history: ``append``/``extend`` like a list; ``clone`` shares it."""

    __slots__ = ()

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._items = list(events)
        self._n = len(self._items)

    def _own(self) -> None:
        if self._n != len(self._items):  # a clone appended past our end: copy our prefix
            self._items = self._items[: self._n]

    def append(self, event: Event) -> None:
        items = self._items
        n = self._n
        if n != len(items):  # ``_own`` inlined: a play appends once per decision
            items = self._items = items[:n]
        items.append(event)
        self._n = n + 1

    def extend(self, events: Iterable[Event]) -> None:
        self._own()
        self._items.extend(events)
        self._n = len(self._items)

    def clone(self) -> History:
        other = History.__new__(History)
        other._items, other._n = self._items, self._n
        return other

    def frozen(self) -> FrozenHistory:
        return FrozenHistory(self._items, self._n)

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...
    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return self._slice(i)  # a list, as a list's slice is
        return self._items[self._index(i)]

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return repr(list(self))


class FrozenHistory(_Prefix):
    """A view's history: the first ``n`` events, fixed; behaves like a tuple."""

    __slots__ = ()

    def __init__(self, items: list, n: int) -> None:
        self._items, self._n = items, n

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self._slice(i))
        return self._items[self._index(i)]

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple:
        return FrozenHistory, (list(self), self._n)


def share(history: Sequence[Event]) -> History:
    """The history for a clone: shared when it is a ``History`` (a plain list is copied)."""
    return history.clone() if isinstance(history, History) else History(history)


def freeze(history: Sequence[Event]) -> FrozenHistory:
    """The history for a view, in O(1) for a ``History``."""
    if isinstance(history, History):
        return history.frozen()
    items = list(history)
    return FrozenHistory(items, len(items))
