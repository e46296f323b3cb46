"""A solution's count keys in order, for the answer writers (issue 43).

The answer reads a solution's counts in the order of their keys: ``cost_pay``'s (demand,
option), ``acts``' (producer, level, choice). ``sorted(d)`` lists the keys through the dict's
iterator and compares tuples element by element, a rich comparison each, about 2,000
instructions for the two or three keys most answers have (callgrind, compiled); an insertion
sort of their integer fields from C costs a fraction of that. Past a few keys, ``sorted``.
"""

from __future__ import annotations

from typing import Any

FEW = 8
"""The most keys put in order by insertion (quadratic); more are sorted."""


def in_order(d: dict[Any, Any]) -> list[Any]:
    """The keys of ``d`` (tuples of integers, all of one length) in ascending order:
    ``sorted(d)``."""
    if len(d) > FEW:
        return sorted(d)
    keys: list[Any] = []
    for key in d:
        i = len(keys)
        keys.append(key)
        while i and _after(keys[i - 1], key):
            keys[i] = keys[i - 1]
            i -= 1
        keys[i] = key
    return keys


def _after(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether ``a`` sorts after ``b`` (tuples of integers of one length)."""
    for j in range(len(a)):
        x = a[j]
        y = b[j]
        if x != y:
            return x > y
    return False
