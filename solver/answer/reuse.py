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
"""An answer's containers as :func:`copied` reads them (:func:`frame_of`), flat, in the order a
walk meets them: per container its type (``dict`` or ``list``: a JSON value is never a type, so
a type in a frame is a container's start) and length, then per item its key (a dict's) and its
value, a container among them as its own frame, inline."""


def frame_of(value: Any) -> Frame:
    """The :data:`Frame` of ``value``, a dict or list of JSON values, for :func:`copied`: made
    once, when an answer is kept (one tuple, read in order)."""
    out: list[Any] = []
    _frame_into(value, out)
    return tuple(out)


def _frame_into(value: Any, out: list[Any]) -> None:
    if type(value) is dict:
        d = value
        out.append(dict)
        out.append(len(d))
        for k, v in d.items():
            out.append(k)
            if type(v) is dict or type(v) is list:
                _frame_into(v, out)
            else:
                out.append(v)
    else:
        items = value
        out.append(list)
        out.append(len(items))
        for v in items:
            if type(v) is dict or type(v) is list:
                _frame_into(v, out)
            else:
                out.append(v)


_IN_C = type(frame_of).__name__ != "function"
"""Whether this module runs compiled (Cython's functions are not Python's ``function``): then
:func:`copied` walks in C (reuse.pxd). Read from a function, not ``__file__``, so a package
installed without its sources (only ``.pyc`` files) still runs the pure walk."""


def copied(answer: Any, frame: Frame) -> bool:
    """Whether ``answer`` is, unchanged, a copy ``copy_shaped`` made of the value ``frame`` was
    made of, with at most an ``id`` added at its end (as a repeated ask hands one out): every
    key and scalar the same object in the same place, every container a dict or list of the
    same length. One pass over each container and the frame in order, no hashing: True proves
    the copy unchanged (:func:`unchanged` would say so too); False may be a copy changed,
    reordered or rebuilt equal, which :func:`unchanged` then tells apart."""
    if type(answer) is not dict or frame[0] is not dict:
        return False
    extra = len(answer) - frame[1]  # 1: the asker's id, which must then come last
    if extra != 0 and extra != 1:
        return False
    if _IN_C:  # the same walk in C (reuse.pxd), without counting references
        return _copied_in_c(answer, frame, 0, extra) > 0  # noqa: F821 (declared in reuse.pxd)
    return _copied(answer, frame, 0, extra) > 0


def _copied(value: Any, frame: Frame, at: int, extra: int) -> int:
    """The place in ``frame`` after the container starting at ``at``, if ``value`` is still it
    (with ``extra`` keys more, the last an ``id``); else -1."""
    kind = frame[at]
    n = frame[at + 1]
    at += 2
    if kind is dict:
        if type(value) is not dict:
            return -1
        d = value
        if len(d) != n + extra:
            return -1
        i = 0
        for k, w in d.items():
            if i == n:  # the one key more: the asker's id, last
                return at if type(k) is str and k == "id" else -1
            if k is not frame[at]:
                return -1
            v = frame[at + 1]
            if v is dict or v is list:
                at = _copied(w, frame, at + 1, 0)
                if at < 0:
                    return -1
            elif w is not v:
                return -1
            else:
                at += 2
            i += 1
        return at
    if type(value) is not list:
        return -1
    items = value
    if len(items) != n:
        return -1
    for i in range(n):
        w = items[i]
        v = frame[at]
        if v is dict or v is list:
            at = _copied(w, frame, at, 0)
            if at < 0:
                return -1
        elif w is not v:
            return -1
        else:
            at += 1
    return at
