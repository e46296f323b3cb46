"""Answers whose size does not grow with the amount of mana (issue 21).

Spec section 6 lists ``left_over`` as one string per mana left and ``payments`` as one entry per
symbol of the total cost. Both stay as they are for the answers engines see every turn (up to
:data:`LIST_MAX` entries); past that bound:

- ``left_over`` is left out, and ``left_over_counts`` (in every paid answer: the mana left per
  type, ``{"G": 999}``) says what is left;
- consecutive payments of one symbol made the same way (the same half, life, or mana of one
  type from one place) are one entry with a ``count``, its ``mana`` all of theirs, as an
  activation's ``paid`` already groups the payments of its repeated cost.

- an infeasible answer's ``conflict`` names each symbol once, in the order they first come,
  and ``conflict_counts`` says how many of each are in conflict (``{"{1}": 100000}``); ``why``
  writes them the same way (``100,000 x {1}``).

So an answer's size follows the activations, the distinct symbols and the places mana came
from, never the number of mana. The verifier checks what is left per type in either form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tapwise.models.mana import TYPES

LIST_MAX = 64
"""The most entries ``left_over`` and the total cost's ``payments`` list one by one."""


def left_over_fields(counts: dict[str, int], listed: Callable[[], list[str]]) -> dict[str, Any]:
    """The answer's fields for the mana left: ``left_over`` (``listed()``, one string per mana)
    while at most :data:`LIST_MAX` mana are left, and always ``left_over_counts``, per type in
    WUBRGC order, types with none left out."""
    by_type: dict[str, int] = {}
    total = 0
    of: dict[str, int] = counts if type(counts) is dict else dict(counts)  # (plan's Counter)
    types: str = TYPES
    for t in types:  # (a loop, not a comprehension and sum: this runs for every paid answer)
        n = of.get(t)
        if n:
            by_type[t] = n
            total += n
    out: dict[str, Any] = {}
    if total <= LIST_MAX:
        out["left_over"] = listed()
    out["left_over_counts"] = by_type
    return out


def group_long_payments(payments: list[dict[str, Any]],
                        group: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """``payments`` as given while at most :data:`LIST_MAX`, else grouped by ``group``
    (consecutive identical payments as one with a ``count``: solver.answer.build's grouping)."""
    return payments if len(payments) <= LIST_MAX else group(payments)


def symbols_text(symbols: list[str]) -> str:
    """Symbols for a ``why`` sentence: written one after another (``{1}{1}{G}``) while at most
    :data:`LIST_MAX`, else each once with its count (``100,000 x {1}, 2 x {G}``)."""
    if len(symbols) <= LIST_MAX:
        return "".join(symbols)
    return ", ".join(f"{n:,} x {s}" for s, n in _counts(symbols).items())


def bounded_conflict(found: dict[str, Any]) -> dict[str, Any]:
    """An explanation (``why``, ``conflict``) with its ``conflict`` as given while at most
    :data:`LIST_MAX` symbols, else each symbol once and ``conflict_counts`` beside it."""
    conflict = found.get("conflict")
    if conflict is not None and len(conflict) > LIST_MAX:
        counts = _counts(conflict)
        found["conflict"] = list(counts)
        found["conflict_counts"] = counts
    return found


def _counts(symbols: list[str]) -> dict[str, int]:
    """How many of each symbol, in the order they first come."""
    counts: dict[str, int] = {}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    return counts
