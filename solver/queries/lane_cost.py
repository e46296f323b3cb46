"""The plain lane's cost reader (issue 43): a cost text of the class straight to what the lane needs.

A board of the plain class meets a cost text it has never met at most every call (an engine asks
every spell of every hand), so this read is on the lane's hot path. The text is parsed by the
loader's own parser (``models.abilities._cost``: bodies found in a memo, no tokenizer for the
usual braced text), and then read in one pass over its symbols into:

- the symbols grouped as compiling groups them (identical symbols by their printed text, in
  order of first sight, ``compile._groups``), each group the shared ``compile._Group`` whose
  demands are remembered per board layout: so :func:`variant` is a tuple of shared demands and
  one :class:`Variant`, with no total-cost shapes or per-cost compile;
- per group, how the answer prints each of its options (``build._rows``' row, worked out once
  per symbol, not once per cost);
- the count's own reading (``plain_lane._counted``): per symbol text, how many, the types that
  may pay it and whether 2 life may, and the generic mana.

Anything outside the class (X, {S}, {2/W}, {E}, {0}, a bad text) is ``None``: the usual path
reads it, and words its errors.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.abilities import _cost
from tapwise.models.caches import remember, table
from tapwise.models.loader import _problem_defaults
from tapwise.models.mana import (KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID,
                                  KIND_GENERIC, KIND_HYBRID, KIND_HYBRID_PHYREXIAN,
                                  KIND_PHYREXIAN, SYMBOL_FACTS, TYPES, symbol_facts)
from tapwise.models.problem import ProblemError
from tapwise.models.total_cost import CostError, total_costs
from tapwise.models.values import assemble
from tapwise.solver.contract import Variant
from tapwise.solver.front.compile import _group, _option_keys

# the symbols of the class (106.1, 107.4): no X, {S}, {2/W}, {E}
_SYMBOL_KINDS = (KIND_COLORED, KIND_COLORLESS, KIND_GENERIC, KIND_HYBRID, KIND_COLORLESS_HYBRID,
                 KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN)
_LIFE_KINDS = (KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN)
# the half is announced (601.2b): build._HALVES within the class
_HALVES = (KIND_HYBRID, KIND_COLORLESS_HYBRID, KIND_HYBRID_PHYREXIAN)


class LaneCost:
    """A cost text of the class, read (:func:`read`)."""

    __slots__ = ("cost", "total", "groups", "rows", "symbols", "generic", "_variants")

    def __init__(self, cost: Any, total: Any, groups: tuple, rows: tuple,
                 symbols: dict[str, list[Any]], generic: int) -> None:
        self.cost = cost  # the parsed ManaCost (the lane's problem's cost)
        self.total = total  # its one TotalCost (total_costs: shared, remembered by the cost)
        self.groups = groups  # per demand: compile's shared _Group
        self.rows = rows  # per demand, per option: build's Row
        self.symbols = symbols  # the count's reading: text -> [count, types, life?]
        self.generic = generic  # generic mana ({1} and the like, summed)
        self._variants: dict[int, tuple[Any, Variant]] = {}  # id(accept) -> (accept, variant)


# symbol text as printed -> (Row per option, the count's types, life?); the class has few
_SYMBOLS: dict[str, tuple] = table(256)
# cost text -> LaneCost, or False outside the class
_READ: dict[str, Any] = table(4096)


def read(text: str) -> LaneCost | None:
    """The cost ``text`` read, or None outside the class (remembered per text)."""
    got = _READ.get(text)
    if got is None:
        got = remember(_READ, text, _read(text), 4096)
    return got or None


def _read(text: str) -> LaneCost | bool:
    try:
        cost = _cost(text, "cost")
    except (ProblemError, CostError, ValueError):
        return False
    facts = SYMBOL_FACTS
    grouped: dict[str, list[Any]] = {}  # printed text -> [symbol, count, its facts]
    generic = 0
    for s in cost.symbols:
        f = facts.get(id(s)) or symbol_facts(s)
        kind = f[3]
        if kind not in _SYMBOL_KINDS:
            return False
        if kind is KIND_GENERIC:
            if s.amount <= 0:
                return False
            generic += s.amount
        got = grouped.get(f[1])
        if got is None:
            grouped[f[1]] = [s, 1, f]
        else:
            got[1] += 1
    if not grouped:
        return False
    groups = []
    rows = []
    symbols: dict[str, list[Any]] = {}
    for text_s, (s, n, f) in grouped.items():
        groups.append(_group(s, text_s, n, False, None))
        info = _SYMBOLS.get(text_s)
        if info is None:
            info = remember(_SYMBOLS, text_s, _symbol(s, f), 256)
        rows.append(info[0])
        if f[3] is not KIND_GENERIC:
            symbols[text_s] = [n, info[1], info[2]]
    totals = total_costs(_CostOnly(cost))
    if len(totals) != 1:
        return False
    return LaneCost(cost, totals[0], tuple(groups), tuple(rows), symbols, generic)


def _symbol(s: Any, f: tuple) -> tuple:
    """A symbol's rows (``build._rows``, per option: symbol, life, half announced, generic
    category, units, the payment's ``half``) and the count's reading of it (the types that
    may pay it; whether 2 life may)."""
    _, text, _, kind, colors = f
    options = _option_keys(s, False, None)
    halves = kind in _HALVES
    rows = tuple([(text, life, "{%s}" % half if halves else None, generic, units,
                   "{%s}" % half if half and len(options) > 1 else None)
                  for units, _, _, life, generic, half in options])
    types = "C" if kind is KIND_COLORLESS else colors
    if kind is KIND_COLORLESS_HYBRID:
        types += "C"
    if kind is KIND_GENERIC:
        types = TYPES
    return rows, types, kind in _LIFE_KINDS


class _CostOnly:
    """What ``total_costs`` reads of a problem whose only cost field is its mana cost (every
    other at :class:`Problem`'s default)."""

    __slots__ = ("cost",)

    def __init__(self, cost: Any) -> None:
        self.cost = cost


for _name, _value in _problem_defaults().items():
    if _name != "cost":
        setattr(_CostOnly, _name, _value)


def variant(lc: LaneCost, accept: Any) -> Variant:
    """The cost's one :class:`Variant` on a board whose kinds ``accept`` (``compile._Accept``)
    names: what ``compile._variants`` makes of it (no Achroma, spend_as or X), its demands the
    groups' shared ones."""
    got = lc._variants.get(id(accept))
    if got is None:
        key = id(accept)
        demands = []
        for g in lc.groups:  # (g.demand(accept), its memo read here: no method call)
            d = g._by_accept.get(key)
            demands.append(d[1] if d is not None else g.demand(accept))
        tc = lc.total
        v = assemble(Variant, {"total": tc, "demands": tuple(demands), "x_symbols": 0,
                               "x_accept": accept.kinds(TYPES, False, True), "x_zero": False,
                               "energy": 0})
        # (the entry holds the accept: its id isn't reused while it stands)
        got = remember(lc._variants, key, (accept, v), 64)
    return got[1]
