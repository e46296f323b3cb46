"""The current request's deadline, where the bottom layer can read it.

``solver/deadline.py`` opens and closes a request's deadline; the loader (models/problem.py)
only asks whether it has passed, so that a board of tens of thousands of entries stops loading
once its ``time_limit`` is over instead of running on. The value lives here, below both, so
that models/ never imports solver/.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

CURRENT: ContextVar[float | None] = ContextVar("tapwise_deadline", default=None)  # time.monotonic()
"""The current request's deadline; each thread (each server connection) has its own."""


def passed() -> bool:
    """Is the current request's deadline past? (False outside any request.)"""
    at = CURRENT.get()
    return at is not None and time.monotonic() >= at
