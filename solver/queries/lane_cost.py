"""The plain lane's cost reader (issue 43): a cost text of the class straight to what the lane needs.

A board of the plain class meets a cost text it has never met at most every call (an engine asks
every spell of every hand), so this read is on the lane's hot path. A text of braced symbols
(``{2}{W}{U/G}``) is split on ``}{`` and each body found in a memo of the few dozen bodies, each
read once by the loader's own parser (``models.abilities._cost``) and kept with all that is
per symbol (its term, rows, the count's reading, its sort key); any other text (spaces, the
short form ``2WU``) is parsed whole by that parser. Then one pass over the symbols gives
(typed in ``lane_cost.pxd``: dicts and lists read without method calls):

- the symbols grouped as compiling groups them (identical symbols by their printed text, in
  order of first sight, ``compile._groups``), each group the shared ``compile._Group`` whose
  demands are remembered per board layout: so :func:`read_on` gives a tuple of shared demands
  and the core's rows of them, with no total-cost shapes, per-cost compile or
  :class:`Variant` (:func:`variant` makes one only to explain an infeasible cost);
- per group, how the answer prints each of its options (``build._rows``' row, worked out once
  per symbol, not once per cost);
- the count's own reading (``plain_lane._counted``): per symbol text, how many, the types that
  may pay it and whether 2 life may, and the generic mana;
- its one total cost, as ``total_cost._usual`` makes a cost without changes (its terms each
  symbol's own, kept per body), which prints the answer's ``total_cost`` and which the core and
  the count's explanation of an infeasible cost read; its printed text made from the groups
  (a sort of a few groups, not a sort of every symbol in ``TotalCost.printed``).

Anything outside the class (X, {S}, {2/W}, {E}, {0}, a bad text) is ``None``: the usual path
reads it, and words its errors.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.abilities import _cost
from tapwise.models.caches import remember, table
from tapwise.models.mana import (KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID,
                                  KIND_GENERIC, KIND_HYBRID, KIND_HYBRID_PHYREXIAN,
                                  KIND_PHYREXIAN, SYMBOL_FACTS, TYPES, ManaCost, generic_symbol,
                                  symbol_facts)
from tapwise.models.problem import ProblemError
from tapwise.models.total_cost import OWN, CostError, Term, TotalCost
from tapwise.models.values import assemble
from tapwise.solver.contract import Variant
from tapwise.solver.fast import core
from tapwise.solver.front.compile import _GROUPS, _group, _option_keys

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
        self.cost = cost  # the ManaCost of its symbols (the lane's problem's cost)
        self.total = total  # its one TotalCost
        self.groups = groups  # per demand: compile's shared _Group
        self.rows = rows  # per demand, per option: build's Row
        self.symbols = symbols  # the count's reading: text -> [count, types, life?]
        self.generic = generic  # generic mana ({1} and the like, summed)
        # id(accept) -> (accept, demands, the core's reading of them)
        self._variants: dict[int, tuple[Any, tuple, Any]] = {}


# symbol text as printed -> (Row per option, the count's types, life?); the class has few
_SYMBOLS: dict[str, tuple] = table(256)
# a symbol's body (``W/U`` of ``{W/U}``) -> its _info, False outside the class, None when the
# loader reads it otherwise
_BODIES: dict[str, Any] = table(256)
# cost text -> LaneCost, or False outside the class
_READ: dict[str, Any] = table(4096)


def read(text: str) -> LaneCost | None:
    """The cost ``text`` read, or None outside the class (remembered per text)."""
    memo = _READ
    got = memo.get(text)
    if got is None:
        got = remember(memo, text, _read(text), 4096)
    return got or None


def _read(text: str) -> LaneCost | bool:
    # one pass over the symbols: per body its memo entry (_info's, the parse done once per
    # body), grouped by printed text in order of first sight
    if text[:1] == "{" and text[-1:] == "}":
        infos: list[Any] | None = []
        bodies = _BODIES
        for body in text[1:-1].split("}{"):
            info = bodies.get(body)
            if info is None:
                info = remember(bodies, body, _body(body), 256)
                if info is None:  # (a body the loader reads otherwise: so is the whole text)
                    infos = None
                    break
            if info is False:
                return False
            infos.append(info)
    else:
        infos = None
    if infos is None:  # not braced symbols one after the other: the loader's parser reads it
        try:
            cost = _cost(text, "cost")
        except (ProblemError, CostError, ValueError):
            return False
        infos = []
        for s in cost.symbols:
            info = _info(s)
            if not info:
                return False
            infos.append(info)
    grouped: dict[str, list[Any]] = {}  # printed text -> [its info, count]
    terms = []
    symbols_t = []
    generic = 0
    for info in infos:
        symbols_t.append(info[0])
        terms.append(info[3])
        if info[2]:
            generic += info[2]
        got = grouped.get(info[1])
        if got is None:
            grouped[info[1]] = [info, 1]
        else:
            got[1] += 1
    groups = []
    rows = []
    symbols: dict[str, list[Any]] = {}
    counts: dict[str, int] = {}  # (TotalCost.symbol_counts: the symbols but generic ones)
    keyed = []
    shared = _GROUPS
    for text_s, (info, n) in grouped.items():
        g = shared.get((text_s, n, False, None))  # (compile._group's memo, read without a call)
        groups.append(g if g is not None else _group(info[0], text_s, n, False, None))
        rows.append(info[4])
        if not info[2]:
            counts[text_s] = n
            symbols[text_s] = [n, info[5], info[6]]
            keyed.append((info[7], text_s * n))
    # the printed total (TotalCost.printed's text): the symbols by sort key, the generic merged
    # first; within the class a sort key names one printed text, so sorting the groups sorts
    # the symbols (tests/test_plain_lane.py compares it with the loader's)
    keyed.sort()
    printed = "".join([k[1] for k in keyed])
    if generic > 0:
        g = generic_symbol(generic)
        printed = (SYMBOL_FACTS.get(id(g)) or symbol_facts(g))[1] + printed
    elif not printed:
        printed = "{0}"
    # the one total cost, as total_cost._usual makes it (no life cost, X, energy or changes),
    # its printed text remembered as TotalCost.printed would remember it
    total = assemble(TotalCost, {"terms": tuple(terms), "variant": "cost",
                                 "generic_reduction": 0, "life": 0, "x_forced_zero": False,
                                 "energy": 0, "x_symbols": 0, "generic": generic,
                                 "symbol_counts": counts, "_printed": {0: printed}})
    cost = assemble(ManaCost, {"symbols": tuple(symbols_t)})
    return LaneCost(cost, total, tuple(groups), tuple(rows), symbols, generic)


def _body(body: str) -> tuple | bool | None:
    """A body's :func:`_info`, False outside the class, or None when the loader's parser reads
    it otherwise (in its context: the whole text goes to it)."""
    if "{" in body or "}" in body or body.split() != [body]:
        return None
    try:
        cost = _cost("{%s}" % body, "cost")
    except (ProblemError, CostError, ValueError):
        return None  # (the loader's parser words it, or reads it in its context)
    if len(cost.symbols) != 1:
        return None
    return _info(cost.symbols[0])


def _info(s: Any) -> tuple | bool:
    """A symbol of the class as (symbol, printed text, generic amount or 0, its Term, its rows,
    the count's types, life?, sort key: :func:`_symbol`'s), or False (X, {S}, {2/W}, {E},
    {0})."""
    f = SYMBOL_FACTS.get(id(s)) or symbol_facts(s)
    kind = f[3]
    if kind not in _SYMBOL_KINDS:
        return False
    amount = 0
    if kind is KIND_GENERIC:
        amount = s.amount
        if amount <= 0:
            return False
    got = _SYMBOLS.get(f[1])
    if got is None:
        got = remember(_SYMBOLS, f[1], _symbol(s), 256)
    return (s, f[1], amount, Term(s, OWN)) + got + (f[2],)


def _symbol(s: Any) -> tuple:
    """A symbol's rows (``build._rows``, per option: symbol, life, half announced, generic
    category, units, the payment's ``half``) and the count's reading of it (the types that
    may pay it; whether 2 life may)."""
    _, text, _, kind, colors = SYMBOL_FACTS.get(id(s)) or symbol_facts(s)
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


def read_on(lc: LaneCost, accept: Any, kind_bit: tuple[int, ...]) -> tuple[tuple, Any]:
    """The cost's demands on a board whose kinds ``accept`` (``compile._Accept``) names, the
    groups' shared ones, and the core's reading of them on kinds ``kind_bit`` (the same kinds:
    ``core.read_plain_cost``, None outside its class); remembered per accept."""
    got = lc._variants.get(id(accept))
    if got is None:
        key = id(accept)
        demands = []
        for g in lc.groups:  # (g.demand(accept), its memo read here: no method call)
            d = g._by_accept.get(key)
            demands.append(d[1] if d is not None else g.demand(accept))
        demands_t = tuple(demands)
        # (the entry holds the accept: its id isn't reused while it stands)
        got = remember(lc._variants, key,
                       (accept, demands_t, core.read_plain_cost(demands_t, kind_bit)), 64)
    return got[1], got[2]


def variant(lc: LaneCost, accept: Any, demands: tuple) -> Variant:
    """The cost's one :class:`Variant` (its ``demands`` on a board whose kinds ``accept``
    names, :func:`read_on`'s): what ``compile._variants`` makes of it (no Achroma, spend_as or
    X). The core doesn't read it (``read_on`` gave it the demands); the count's explanation of
    an infeasible cost does."""
    return assemble(Variant, {"total": lc.total, "demands": demands, "x_symbols": 0,
                              "x_accept": accept.kinds(TYPES, False, True), "x_zero": False,
                              "energy": 0})
