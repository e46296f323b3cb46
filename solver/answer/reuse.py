"""An answer handed out again (a kept answer, solver/queries/pay.py's ``Kept``): copied by the
shape of its containers, so the copy costs a few microseconds and nothing the caller does to
it reaches the kept one."""

from __future__ import annotations

from typing import Any

Shape = Any
"""Where an answer's containers are (:func:`shape_of`): for a dict, (key, shape) per value that is
a dict or list; for a list, a shape per element (None for a scalar), or None when all are."""


def shape_of(value: Any) -> Shape:
    """The :data:`Shape` of ``value``, a JSON value (dicts, lists, scalars), for
    :func:`copy_shaped`."""
    if type(value) is dict:
        return tuple([(k, shape_of(v)) for k, v in value.items() if type(v) is dict
                      or type(v) is list])
    if type(value) is list:
        shapes = [shape_of(v) if type(v) is dict or type(v) is list else None for v in value]
        return tuple(shapes) if any(s is not None for s in shapes) else None
    return None


def copy_shaped(value: Any, shape: Shape) -> Any:
    """A deep copy of ``value``, a dict or list of the :data:`Shape` ``shape``: nothing shared
    with it, each container copied whole (``dict.copy``) and only its containers visited, so an
    answer is copied in a few µs (a kept answer handed out again, solver/queries/pay.py's Kept)."""
    if type(value) is dict:
        d = value
        copied = d.copy()
        for key, sub in shape:
            copied[key] = copy_shaped(d[key], sub)
        return copied
    items = value
    out = items.copy()
    if shape is not None:
        for i, sub in enumerate(shape):
            if sub is not None:
                out[i] = copy_shaped(items[i], sub)
    return out
