# cython: boundscheck=False, wraparound=False
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


def unchanged(value: Any, kept: Any) -> bool:
    """Whether ``value`` (a copy of ``kept`` the caller held) is still ``kept``: the same JSON
    value with the same types all the way down, so a bool for an int (``True == 1``), a float
    for an int (``1.0 == 1``) or a tuple for a list is a change, as the verifier reads it. A leaf
    the copy still shares with ``kept`` (copy_shaped shares every scalar) is passed by identity,
    so an unchanged copy costs a walk over its containers, not a comparison of every value."""
    if value is kept:
        return True
    t = type(kept)
    if type(value) is not t:
        return False
    if t is dict:
        return _same_items(value, kept, 0)
    if t is list:
        return _same_list(value, kept)
    return bool(value == kept)  # a scalar of the same type, not shared: equal?


def unchanged_answer(answer: Any, kept: dict[str, Any]) -> bool:
    """:func:`unchanged` for an answer handed out as a copy of ``kept`` with the asker's
    ``id`` added (a kept answer has none): ``answer`` is ``kept`` with, at most, an ``id``."""
    if type(answer) is not dict:
        return False
    return _same_items(answer, kept, 1 if "id" in answer and "id" not in kept else 0)


def _same_items(value: dict[str, Any], kept: dict[str, Any], extra: int) -> bool:
    """``value`` holds ``kept``'s keys, each unchanged, and ``extra`` more keys."""
    if len(value) != len(kept) + extra:
        return False
    for k, v in kept.items():
        w = value.get(k)
        if w is v:
            if w is None and k not in value:
                return False  # missing, not None
            continue
        if not unchanged(w, v):
            return False
    return True


def _same_list(value: list[Any], kept: list[Any]) -> bool:
    n = len(kept)
    if len(value) != n:
        return False
    for i in range(n):
        w = value[i]
        v = kept[i]
        if w is not v and not unchanged(w, v):
            return False
    return True


Frame = tuple[Any, ...]
"""An answer's containers as :func:`copied` reads them (:func:`frame_of`): per container, its
keys (None for a list) and its values, each container among them as its own frame (a tuple: a
JSON value holds none, so a tuple there is a frame)."""


def frame_of(value: Any) -> Frame:
    """The :data:`Frame` of ``value``, a dict or list of JSON values, for :func:`copied`: made
    once, when an answer is kept."""
    if type(value) is dict:
        keys = tuple(value)
        vals = list(value.values())
    else:
        keys = None
        vals = list(value)
    for i in range(len(vals)):
        v = vals[i]
        if type(v) is dict or type(v) is list:
            vals[i] = frame_of(v)
    return (keys, tuple(vals))


def copied(answer: Any, frame: Frame) -> bool:
    """Whether ``answer`` is, unchanged, a copy ``copy_shaped`` made of the value ``frame`` was
    made of, with at most an ``id`` added at its end (as a repeated ask hands one out): every
    key and scalar the same object in the same place, every container a dict or list of the
    same length. One pass over each container in order, no hashing: True proves the copy
    unchanged (:func:`unchanged` would say so too); False may be a copy changed, reordered or
    rebuilt equal, which :func:`unchanged` then tells apart."""
    if type(answer) is not dict or frame[0] is None:
        return False
    return _copied_dict(answer, frame, 1 if "id" in answer and "id" not in frame[0] else 0)


def _copied_dict(value: dict[str, Any], frame: Frame, extra: int) -> bool:
    keys = frame[0]
    vals = frame[1]
    n = len(keys)
    if len(value) != n + extra:
        return False
    i = 0
    for k, w in value.items():
        if i == n:  # the one key more: the asker's id, last
            return type(k) is str and k == "id"
        if k is not keys[i]:
            return False
        v = vals[i]
        if w is not v and (type(v) is not tuple or not _copied(w, v)):
            return False
        i += 1
    return True


def _copied(value: Any, frame: Frame) -> bool:
    if frame[0] is not None:
        return type(value) is dict and _copied_dict(value, frame, 0)
    if type(value) is not list:
        return False
    items = value
    vals = frame[1]
    n = len(vals)
    if len(items) != n:
        return False
    for i in range(n):
        w = items[i]
        v = vals[i]
        if w is not v and (type(v) is not tuple or not _copied(w, v)):
            return False
    return True
