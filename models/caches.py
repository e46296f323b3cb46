"""Every memo of the package, bounded and known, so a long-running process keeps its memory flat.

The solver remembers what comes back on every board (parsed costs, compiled tables, loaded
sources). Each memo is bounded on its own, but together they can hold a lot: a server answering
thousands of different boards would grow until all of them are full. Two kinds, both registered
here so that :func:`entries` counts them and :func:`clear` empties them all at once:

- :func:`memo`: ``functools.lru_cache`` with a required bound (no ``maxsize=None``);
- :func:`table`: a plain ``dict`` for memos keyed by hand (plain, so lookups stay C-speed in the
  compiled build), filled through :func:`remember`, which empties it when it is full.

``tapwise serve --cache-entries N`` empties every memo once their entries pass ``N``
(:func:`clear_past`): memos are only shortcuts, so emptying one never changes an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_SIZE = 4096
"""The bound of a memo that names none: the same few thousand values come back on every board."""

_MEMOS: list[Any] = []  # the lru_cache wrappers
_TABLES: list[tuple[dict[Any, Any], int]] = []  # each table with its bound


def memo(maxsize: int = DEFAULT_SIZE) -> Callable[[F], F]:
    """Decorator: ``functools.lru_cache(maxsize)``, registered; ``maxsize`` must be a bound."""
    if type(maxsize) is not int or maxsize < 1:
        raise ValueError(f"a memo needs a bound of at least 1 entry, not {maxsize!r}")

    def wrap(f: F) -> F:
        cached = lru_cache(maxsize=maxsize)(f)
        _MEMOS.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def table(limit: int = DEFAULT_SIZE) -> dict[Any, Any]:
    """A new registered dict memo holding at most ``limit`` entries (fill it with :func:`remember`)."""
    if type(limit) is not int or limit < 1:
        raise ValueError(f"a memo needs a bound of at least 1 entry, not {limit!r}")
    d: dict[Any, Any] = {}
    _TABLES.append((d, limit))
    return d


def remember(memo_table: dict[Any, Any], key: Any, value: Any, limit: int = DEFAULT_SIZE) -> Any:
    """Put ``value`` under ``key`` in ``memo_table``, emptying it first when it holds ``limit``
    entries (no order to keep: a full memo of values that come back refills at once). Returns
    ``value``."""
    if len(memo_table) >= limit:
        memo_table.clear()
    memo_table[key] = value
    return value


def entries() -> int:
    """How many entries all the memos hold together."""
    return sum(m.cache_info().currsize for m in _MEMOS) + sum(len(d) for d, _ in _TABLES)


def bound() -> int:
    """The most entries all the memos can hold together (each at its own bound)."""
    return sum(m.cache_info().maxsize for m in _MEMOS) + sum(limit for _, limit in _TABLES)


def clear() -> None:
    """Empty every memo."""
    for m in _MEMOS:
        m.cache_clear()
    for d, _ in _TABLES:
        d.clear()


def clear_past(limit: int) -> bool:
    """Empty every memo if together they hold more than ``limit`` entries; whether it did."""
    if entries() > limit:
        clear()
        return True
    return False
