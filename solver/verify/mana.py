"""The mana texts an answer names, read once: the verifier's own parsing (DESIGN principle 4).

Answers repeat the same few symbols and ``adds`` strings on every board, so each is parsed once
and remembered (bounded memos, models/caches.py). Both the full replay (verify/replay.py) and the
quick
acceptance of plain answers (verify/plain.py) read mana through these functions, so the two
agree on what a text means and what one mana may pay.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from tapwise.models.caches import memo
from tapwise.models.mana import (KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID, KIND_GENERIC,
                                 KIND_SNOW, KIND_X, Kind, ManaCost, Symbol)


@memo(4096)  # per kind of ability and output: the same few on every board
def _one_of_choices(choices: tuple[tuple[str, ...], ...], made: tuple[str, ...]) -> bool:
    """Is ``made`` what one of the choices makes? Each unit of a choice (a set of allowed
    types) must get its own mana: a perfect bipartite matching. Mana of one type all have the
    same neighbours, so Hall's condition need only be checked on sets of types (at most 63 of
    them), with units and mana counted by kind: linear in the output, whatever its size (an
    ``{"any_color": 1000}`` took 5 s by augmenting paths)."""
    made_by_type = Counter(made)
    present = tuple(made_by_type)
    for units in choices:
        if len(units) != len(made):
            continue
        unit_kinds = Counter(units)
        if all(sum(made_by_type[t] for t in subset)
               <= sum(n for unit, n in unit_kinds.items() if any(t in unit for t in subset))
               for size in range(1, len(present) + 1) for subset in combinations(present, size)):
            return True
    return False


@memo(4096)
def _parse_types(text: str) -> tuple[str, ...] | None:
    """The types of mana an ``adds`` string names, or None if it isn't plain mana."""
    try:
        cost = ManaCost.parse(text)
    except ValueError:
        return None
    out = []
    for s in cost.symbols:
        if s.kind is KIND_COLORED:
            out.append(s.colors)
        elif s.kind is KIND_COLORLESS:
            out.append("C")
        else:
            return None
    return tuple(out)


@memo(1024)
def _symbol(text: str) -> Symbol | None:
    """The symbol ``text`` names, or None (answers repeat the same few symbols)."""
    try:
        return Symbol.parse(text)
    except ValueError:
        return None


_COLORED_HALF = (Kind.COLORED, Kind.HYBRID, Kind.TWOBRID, Kind.COLORLESS_HYBRID, Kind.PHYREXIAN,
                 Kind.HYBRID_PHYREXIAN)
"""Symbols with a half that colored mana pays: what spending mana as though any color reaches."""


def _mana_ok(sym: Symbol, t: str, snow: bool, *, achroma_own: bool, spend_as: str | None,
             x_color: str | None = None, generic_half: bool = False) -> bool:
    """Can one mana of type ``t`` go towards ``sym`` (107.4, 702.86, 609.4b)?"""
    k = sym.kind
    if k is KIND_COLORED and spend_as is None and not generic_half:  # the usual case, as at the end
        return t in sym.colors
    any_type = spend_as == "any_type"
    if k is KIND_SNOW:
        return snow and (t == "C" or not achroma_own or any_type)
    if k is KIND_X:
        if any_type:
            return True
        if x_color:
            return t == x_color or spend_as == "any_color"  # 609.4b meets "only <color> mana on X"
        return t == "C" or not achroma_own
    if k is KIND_GENERIC or generic_half:
        return any_type or t == "C" or not achroma_own
    if any_type:
        return True
    if spend_as == "any_color" and k in _COLORED_HALF:
        return True
    if k is KIND_COLORLESS:
        return t == "C"
    if k is KIND_COLORLESS_HYBRID:
        return t == "C" or t == sym.colors
    return t in sym.colors


