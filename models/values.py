"""How domain values are made and derived cheaply: ``pay()`` makes hundreds of them per call.

- ``cached``: a property worked out on first read and kept. ``functools.cached_property`` in
  Python 3.11 takes a lock shared by every instance on each first read (3.12 removed it, as it
  serialized unrelated instances); with its Python-level ``__get__`` that costs about 3,000
  instructions, and a fresh problem, cost and variant have several such reads on every call.
  The values are pure functions of frozen fields, so two threads racing compute the same value
  twice at worst. As with ``cached_property`` the value goes into the instance's ``__dict__``,
  which attribute lookup reads before a non-data descriptor like this one.
- ``assemble``: a dataclass value from all its fields, without its generated ``__init__``.
- ``evolve``: a copy with some fields changed, without ``__init__`` and without what was derived.
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


def assemble(cls: type, state: dict[str, Any]) -> Any:
    """A dataclass value made from all of its fields without its generated ``__init__``, which
    for a frozen class sets each field through ``object.__setattr__`` (3.5 µs for a Source,
    paid for every entry of every board) and calls each default factory. Only for values just
    checked or computed. ``state`` (every field by name) becomes the value's own ``__dict__``,
    so the caller hands over a fresh dict; classes with ``__slots__`` can't be made this way."""
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", state)
    return new


def evolve(value: Any, **changes: Any) -> Any:
    """A copy of a frozen value with some fields changed. Unlike ``dataclasses.replace`` it
    doesn't run ``__init__`` again: the value was validated when loaded, and the hot path makes
    such copies on every call. What was derived from the old fields (``cached``) is left out."""
    cls = type(value)
    derived = _DERIVED.get(cls)
    if derived is None:
        derived = _DERIVED[cls] = tuple(n for n, a in vars(cls).items() if isinstance(a, cached))
    new = object.__new__(cls)
    state = new.__dict__
    state.update(value.__dict__)
    for name in derived:
        state.pop(name, None)
    state.update(changes)
    return new


_DERIVED: dict[type, tuple[str, ...]] = {}
