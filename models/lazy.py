"""``cached``: a value's property worked out on first use and kept, without a lock.

``functools.cached_property`` in Python 3.11 takes a lock shared by every instance on each first
use (removed in 3.12 because it serialized unrelated instances); a fresh problem, cost and
variant read several such properties on every ``pay()``, and the lock, a Python-level
``__get__``, costs about 3,000 instructions each. The values here are pure functions of frozen
fields, so two threads racing compute the same value twice at worst. As with
``cached_property``, the value goes into the instance's ``__dict__``, which attribute lookup
reads before a non-data descriptor like this one: later reads never call it.
"""

from __future__ import annotations

from typing import Any, Callable


class cached:
    """Decorator: ``@cached`` on a method of a class whose instances have a ``__dict__``."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
