"""A cost's symbols as demands on a board's mana kinds (DESIGN principle 2): identical symbols are
one :class:`_Group` with a count, shared by every cost that has them, and a group's
:class:`Demand` on a board is found again per :class:`_Accept` (which kinds may pay), so a cost
met on a new board mostly finds its demands made. compile.py asks these of a board's layout;
the plain lane (solver/queries/lane_cost.py, plain_lane.py) reads the same groups straight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapwise.models.caches import memo, remember, table
from tapwise.models.mana import (KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID, KIND_ENERGY,
                                 KIND_GENERIC, KIND_HYBRID, KIND_HYBRID_PHYREXIAN, KIND_PHYREXIAN,
                                 KIND_SNOW, KIND_TWOBRID, KIND_X, TYPES, ManaCost, Symbol,
                                 SYMBOL_FACTS, symbol_facts)
from tapwise.models.total_cost import INCREASE, TotalCost
from tapwise.models.values import assemble
from tapwise.solver.contract import Demand, Option, Variant

Spendable = tuple[tuple[int, str, bool, bool], ...]  # (kind, type, snow, may pay generic)
"""(index, type, snow) of each mana kind some purpose may spend: all that acceptance depends on."""


class _Accept:
    """Which mana kinds may pay, given the kinds some purpose may spend (106.6): sets of kind
    indices, each worked out once. There is one per spendable tuple (:func:`_accept`), shared by
    every board and purpose that spend alike, so its sets (and the demands made of them) are
    found again rather than rebuilt when a cost meets a board layout it hasn't met before."""

    __slots__ = ("spendable", "_sets")

    def __init__(self, spendable: Spendable) -> None:
        self.spendable = spendable
        self._sets: dict[tuple[str, bool, bool], frozenset[int]] = {}

    def kinds(self, types: str, snow: bool = False, generic: bool = False) -> frozenset[int]:
        """Kinds of one of ``types`` (a string of type letters), only snow ones if ``snow``, only
        those that may pay generic mana if ``generic`` (tapwise's ``only.not_generic``)."""
        key = (types, snow, generic)
        got = self._sets.get(key)
        return got if got is not None else _kinds_at(self, key)


def _kinds_at(accept: _Accept, key: tuple[str, bool, bool]) -> frozenset[int]:
    """:meth:`_Accept.kinds` of ``key`` (types, snow, generic) met first: kept under ``key``
    itself (a group's own key tuple, :func:`_demand_on`, so a new accept keeps no key of its
    own), the set being the one object of its value (:data:`_SETS`: most accepts share theirs)."""
    types, snow, generic = key
    found = []  # (a loop, not a generator: a board's first cost asks a few of these)
    for i, t, s, g in accept.spendable:
        if t in types and (s or not snow) and (g or not generic):
            found.append(i)
    got = frozenset(found)
    kept = _SETS.get(got)
    if kept is None:
        kept = remember(_SETS, got, got, 4096)
    accept._sets[key] = kept
    return kept


# a set of kind indices -> itself: one object per value, whatever the accepts that have it
_SETS: dict[frozenset[int], frozenset[int]] = table(4096)


def _accept(spendable: Spendable) -> _Accept:
    """The shared :class:`_Accept` of ``spendable`` (kept under the tuple itself, which the
    accept holds: a memo would keep a tuple of its arguments beside it)."""
    got = _ACCEPTS.get(spendable)
    return got if got is not None else remember(_ACCEPTS, spendable, _Accept(spendable), 1024)


_ACCEPTS: dict[Spendable, _Accept] = table(1024)


OptionKey = tuple[int, str, bool, int, "str | None", str]
"""An :class:`Option` with its acceptance named by type: (units, types, snow only, life,
generic, half); :meth:`_Accept.kinds` of (types, snow only) is its accept set."""


def _option_keys(sym: Symbol, achroma_own: bool, spend_as: str | None) -> tuple[OptionKey, ...]:
    """How one symbol may be paid (107.4, 702.86, 118.14)."""
    k, c = sym.kind, sym.colors
    any_type = spend_as == "any_type"
    # 702.86a: Achroma's own generic only with colorless mana
    generic = "C" if achroma_own and not any_type else TYPES
    if k is KIND_COLORED:
        return ((1, _of(c, spend_as), False, 0, None, c),)
    if k is KIND_COLORLESS:
        return ((1, _of("C", spend_as), False, 0, None, "C"),)
    if k is KIND_GENERIC:
        return ((sym.amount, generic, False, 0, "achroma" if achroma_own else "any", ""),)
    life = (0, "", False, 2, None, "P")  # 2 life instead of the mana
    if k is KIND_HYBRID:
        return tuple([(1, _of(t, spend_as), False, 0, None, t) for t in c])
    if k is KIND_COLORLESS_HYBRID:
        return ((1, _of("C", spend_as), False, 0, None, "C"),
                (1, _of(c, spend_as), False, 0, None, c))
    if k is KIND_TWOBRID:
        # Achroma's own {2/W} halves (colorless only) are a category apart from an increase's
        return ((1, _of(c, spend_as), False, 0, None, c),
                (2, generic, False, 0, "achroma_twobrid" if achroma_own else "twobrid", "2"))
    if k is KIND_PHYREXIAN:
        return ((1, _of(c, spend_as), False, 0, None, c), life)
    if k is KIND_HYBRID_PHYREXIAN:
        return tuple([(1, _of(t, spend_as), False, 0, None, t) for t in c]) + (life,)
    if k is KIND_SNOW:  # 702.86d: Achroma's own {S} only with colorless snow mana
        return ((1, "C" if achroma_own and not any_type else TYPES, True, 0, None, ""),)
    raise ValueError(f"{sym} is not paid with mana")


def _of(types: str, spend_as: str | None) -> str:
    """The types that may pay an option of ``types`` as ``spend_as`` has it (a function of the
    module, not a closure: a closure and its scope are a cycle the collector alone frees)."""
    if spend_as == "any_type" or (spend_as == "any_color" and types != "C"):
        return TYPES
    return types


class _Group:
    """``count`` identical symbols (with the same Achroma flag) and how each may be paid,
    acceptance named by type: a :class:`Demand` before a board says which kinds those types are.
    Groups are shared by every cost that has them (:func:`_group`), and their demands are
    remembered per accept sets, which boards of different layouts often share: so a cost met
    for the first time mostly finds its demands again. Hashed by identity (the default), so keys
    holding it don't hash the symbol."""

    __slots__ = ("symbol", "count", "text", "options", "_keys", "_demands", "_by_accept")

    def __init__(self, symbol: Symbol, count: int, options: tuple[OptionKey, ...],
                 text: str) -> None:
        self.symbol = symbol
        self.count = count
        self.text = text
        self.options = options
        # per option, its accept set's key in _Accept.kinds: (types, snow only, generic), an
        # option being generic with a generic category, or {S} (snow only: generic, 107.4h)
        self._keys = tuple([_one((o[1], o[2], o[4] is not None or o[2])) for o in options])
        self._demands: dict[tuple[frozenset[int], ...], Demand] = {}
        # per shared _Accept (hashed by identity: no tuple or id per entry)
        self._by_accept: dict[_Accept, Demand] = {}

    def demand(self, accept: _Accept) -> Demand:
        """The demand these symbols make on the kinds of ``accept``: met first, its option's
        accept sets read from the accept's own (its ``kinds`` called only for a set it hasn't
        worked out), then the demand of those sets, shared by every accept that has them."""
        got = self._by_accept.get(accept)
        return got if got is not None else _demand_on(self, accept)

    def _demand(self, sets: tuple[frozenset[int], ...]) -> Demand:
        """The demand of accept ``sets`` (one per option) met first."""
        if len(self._demands) >= 256:
            self._demands.clear()
        options = tuple([_option(units, s, life, generic, half)
                         for (units, _, _, life, generic, half), s in zip(self.options, sets)])
        got = self._demands[sets] = Demand(self.symbol, self.count, options, self.text)
        return got


def _demand_on(g: _Group, accept: _Accept) -> Demand:
    """:meth:`_Group.demand` met first on ``accept`` (typed in ``groups.pxd``: a board's first
    cost makes one per symbol group)."""
    known = accept._sets
    sets = []
    for key in g._keys:
        s = known.get(key)
        sets.append(s if s is not None else _kinds_at(accept, key))
    sets_t = tuple(sets)
    demands = g._demands
    d = demands.get(sets_t)
    if d is None:
        d = g._demand(sets_t)
    remember(g._by_accept, accept, d, 256)
    return d


@memo(4096)
def _option(units: int, accept: frozenset[int], life: int, generic: str | None,
            half: str) -> Option:
    """Options are values, and costs met on new boards ask for the same few again: a frozen
    dataclass's ``__init__`` costs about 8,000 instructions, a remembered one a few hundred."""
    return Option(units, accept, life, generic, half)


def _groups(symbols: list[tuple[Symbol, bool]], spend_as: str | None) -> tuple[_Group, ...]:
    """Group identical symbols (with the same Achroma flag) of one cost, in order of first
    sight. A symbol is named by its text, which only it prints (notation round-trips)."""
    grouped: dict[tuple[str, bool], list[Any]] = {}
    facts = SYMBOL_FACTS.get
    for sym, achroma_own in symbols:
        key = ((facts(id(sym)) or symbol_facts(sym))[1], achroma_own)
        got = grouped.get(key)
        if got is None:
            grouped[key] = [sym, 1]
        else:
            got[1] += 1
    out = []
    known = _GROUPS.get
    for (text, achroma_own), (sym, n) in grouped.items():
        group = known((text, n, achroma_own, spend_as))
        out.append(group if group is not None else _group(sym, text, n, achroma_own, spend_as))
    return tuple(out)


_GROUPS: dict[tuple[str, int, bool, str | None], _Group] = table()


def _group(symbol: Symbol, text: str, count: int, achroma_own: bool,
           spend_as: str | None) -> _Group:
    """The shared :class:`_Group` of ``count`` symbols ``symbol`` (printed ``text``, which names
    it: the key is all that decides the group, by value)."""
    key = (text, count, achroma_own, spend_as)
    got = _GROUPS.get(key)
    if got is None:
        options = tuple([_one(o) for o in _option_keys(symbol, achroma_own, spend_as)])
        got = remember(_GROUPS, key, _Group(symbol, count, options, text))
    return got


# an option key or accept key (tuples of str, bool, int, None) -> itself: one object per value,
# whatever the groups that have it (a few dozen values in all), so a new group keeps few
_ONE: dict[tuple, tuple] = table(4096)


def _one(value: tuple) -> tuple:
    """The one object of ``value`` (:data:`_ONE`)."""
    got = _ONE.get(value)
    return got if got is not None else remember(_ONE, value, value, 4096)


@memo(4096)
def _ability_cost(mana: ManaCost, accept: _Accept) -> tuple[Demand, ...]:
    """A mana ability's own cost as demands ({X} aside): the same few on every board."""
    groups = _groups([(sym, False) for sym in mana.symbols if sym.kind is not KIND_X], None)
    return tuple([g.demand(accept) for g in groups])


class _Same:
    """A cache key standing for ``value`` by identity, for values that are remembered where they
    are made (equal ones are then one object): hashing it doesn't walk the value. The key keeps
    the value alive, so its id can't be reused while the key is cached."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


@dataclass(frozen=True, eq=False)
class _Shape:
    """What compiling one total cost doesn't take from the board: its symbol groups, and which
    types may pay {X} (none when X can only be 0)."""

    groups: tuple[_Group, ...]
    x_types: str
    x_zero: bool


@memo(4096)
def _shapes(totals: _Same, achroma: bool, spend_as: str | None,
            x_color: str | None) -> tuple[_Shape, ...]:
    """The shapes of the total costs (``total_costs``, which remembers them, so they are keyed by
    identity): worked out once per cost, whatever boards it meets."""
    return tuple([_shape(tc, achroma, spend_as, x_color) for tc in totals.value])


def _shape(tc: TotalCost, achroma: bool, spend_as: str | None, x_color: str | None) -> _Shape:
    symbols = [(t.symbol, achroma and t.origin != INCREASE) for t in tc.terms
               if t.symbol.kind not in (KIND_X, KIND_ENERGY)]
    x_zero = False
    if x_color and achroma:
        x_types, x_zero = "", True  # 702.86c: X can only be 0
    elif x_color:
        x_types = x_color
    elif achroma:
        x_types = "C"
    else:
        x_types = TYPES
    if not x_zero and (spend_as == "any_type" or (spend_as == "any_color" and x_color)):
        x_types = TYPES  # mana spent as though it were any color meets x_color
    return assemble(_Shape, {"groups": _groups(symbols, spend_as), "x_types": x_types,
                             "x_zero": x_zero})


@memo(4096)
def _variants(totals: _Same, accept: _Accept, achroma: bool, spend_as: str | None,
              x_color: str | None) -> tuple[Variant, ...]:
    """The total costs compiled: a pure function of the cost and of the kinds that may pay it,
    which recur call after call, so each combination is compiled once (and a cost met with new
    kinds is mostly found again: its shapes per cost, its demands per accept sets)."""
    out = []
    for tc, shape in zip(totals.value, _shapes(totals, achroma, spend_as, x_color)):
        demands = []
        for g in shape.groups:  # (g.demand(accept), with its memo read here: no method call)
            got = g._by_accept.get(accept)
            demands.append(got if got is not None else g.demand(accept))
        out.append(assemble(Variant, {"total": tc, "demands": tuple(demands),
                                      "x_symbols": tc.x_symbols,
                                      "x_accept": accept.kinds(shape.x_types, False, True),
                                      "x_zero": shape.x_zero or tc.x_forced_zero,
                                      "energy": tc.energy}))
    return tuple(out)
