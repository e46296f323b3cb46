"""One wall-clock deadline per request, shared by every step of it.

``time_limit`` bounds a whole request: loading, the fast path, CP-SAT, the explanation of an
infeasible problem, the verifier; for ``castable`` and ``plan`` all their costs together. A
request opens its deadline with :func:`request`; a request inside another (each cost of a
castable is a ``pay``) gets the sooner of its own and the enclosing one. Each step that can take
long asks :func:`left` how much it may take, so no step needs the deadline passed down to it.

The current deadline is a context variable (models/clock.py, where the loader reads it too, so
that loading stops once the time is over): each thread (each TCP connection of the server)
and each request has its own.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import Token
from typing import Any

from tapwise.models.clock import CURRENT as _CURRENT
from tapwise.models.problem import MAX_TIME_LIMIT, ProblemError

DEFAULT = 10.0
"""The time limit of a request that gives none (spec section 2)."""


def read_time_limit(request: dict[str, Any], path: str = "time_limit") -> float:
    """A query's top-level ``time_limit`` (``castable``, ``plan``), checked as a problem's is:
    a number of seconds above 0, at most :data:`MAX_TIME_LIMIT`; :data:`DEFAULT` if absent."""
    value = request.get("time_limit", DEFAULT)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ProblemError(path, f"must be a number of seconds above 0, not {value!r}")
    if not value <= MAX_TIME_LIMIT:
        raise ProblemError(path, f"must be at most {MAX_TIME_LIMIT:g} seconds, not {value}")
    return float(value)


@contextmanager
def request(seconds: float, started: float | None = None) -> Iterator[float]:
    """Run the block under a deadline ``seconds`` after ``started`` (``time.monotonic()``, by
    default now), or the enclosing request's when that comes sooner; yields the deadline."""
    at, token = enter(seconds, started)
    try:
        yield at
    finally:
        leave(token)


def enter(seconds: float, started: float | None = None) -> tuple[float, Token[float | None]]:
    """:func:`request` without the context manager, for the hot path (a generator-based context
    costs about 2 µs a call, a tenth of what a prepared board's answer may take): the deadline,
    current from now on, and the token that :func:`leave` takes, always, in a ``finally``."""
    at = (time.monotonic() if started is None else started) + seconds
    outer = _CURRENT.get()
    if outer is not None and outer < at:
        at = outer
    return at, _CURRENT.set(at)


def leave(token: Token[float | None]) -> None:
    """The deadline before :func:`enter` gave ``token`` current again."""
    _CURRENT.reset(token)


def current() -> float | None:
    """The current request's deadline (``time.monotonic()``), or None outside any request."""
    return _CURRENT.get()


def left(seconds: float = float("inf")) -> float:
    """How long a step that would take at most ``seconds`` may run: the lesser of ``seconds`` and
    what is left of the current deadline (never below 0; ``seconds`` outside any request)."""
    at = _CURRENT.get()
    if at is None:
        return seconds
    return max(0.0, min(seconds, at - time.monotonic()))


def passed() -> bool:
    """Is the current request's deadline past? (False outside any request.)"""
    at = _CURRENT.get()
    return at is not None and time.monotonic() >= at
