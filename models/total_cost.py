"""The total cost (601.2f): which cost is paid, plus additional costs and increases, minus
reductions (118.7a–g), as a pure function of the problem.

Some choices are the player's and interact with how mana is spent (which half of a hybrid a
colored reduction removes, whether to use an alternative cost). ``total_costs`` lists every
structurally different total cost the player may end up with; the solver picks among them.
Generic reductions stay symbolic (``generic_reduction``) because which generic they remove (X,
Achroma's colorless-only generic, an increase) is a choice best made together with the payment.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from tapwise.models.caches import memo, remember, table
from itertools import permutations, product
from typing import Iterator

from tapwise.models.mana import (KIND_ENERGY, KIND_GENERIC, KIND_X, SYMBOL_FACTS, Kind, ManaCost,
                                 Symbol,
                                 generic_symbol, symbol_facts, symbol_sort_key)
from tapwise.models.problem import Problem
from tapwise.models.statics import cost_changes
from tapwise.models.values import assemble, cached

OWN = "own"
INCREASE = "increase"


class CostError(ValueError):
    """A cost the rules can't apply (for example ``{X}`` as a reduction)."""


@dataclass(frozen=True, slots=True)
class Term:
    """One symbol of the total cost and where it came from: Achroma limits only the object's own
    generic (702.86e), so generic added by an increase is marked ``increase``."""

    symbol: Symbol
    origin: str = OWN

    def __str__(self) -> str:
        return str(self.symbol)


@dataclass(frozen=True)
class TotalCost:
    """One way the total cost can come out. ``terms`` still holds ``{X}`` (its value is chosen
    with the payment) and generic reductions are pending in ``generic_reduction``."""

    terms: tuple[Term, ...]
    variant: str = "cost"  # "cost", "alternative" or "free"
    generic_reduction: int = 0
    life: int = 0  # life_cost plus Phyrexian symbols a reduction left payable only with life
    x_forced_zero: bool = False

    # Total costs are shared between calls (``total_costs`` remembers them), so what is derived
    # from one is worked out once.

    # (``_usual`` fills these four in as it makes the usual total cost, in one pass.)

    @cached
    def energy(self) -> int:
        return sum(1 for t in self.terms if t.symbol.kind is KIND_ENERGY)

    @cached
    def x_symbols(self) -> int:
        return sum(1 for t in self.terms if t.symbol.kind is KIND_X)

    @cached
    def generic(self) -> int:
        """Numbered generic mana, before the reduction."""
        return sum(t.symbol.amount for t in self.terms if t.symbol.kind is KIND_GENERIC)

    @cached
    def symbol_counts(self) -> dict[str, int]:
        """How many of each symbol other than generic and ``{X}``, by its text."""
        out: dict[str, int] = {}
        for t in self.terms:
            if t.symbol.kind is not KIND_GENERIC and t.symbol.kind is not KIND_X:
                text = symbol_facts(t.symbol)[1]
                out[text] = out.get(text, 0) + 1
        return out

    def concrete(self, generic_removed: int = 0) -> ManaCost:
        """The total cost to print: generic merged and reduced by ``generic_removed`` (the part
        of the generic reduction that fell on numbered generic), ``{X}`` kept as announced; the
        cost :meth:`printed` writes (notation round-trips)."""
        return ManaCost.parse(self.printed(generic_removed))

    def printed(self, generic_removed: int = 0) -> str:
        """The total cost as answers print it (:meth:`concrete`'s text), made from the symbols'
        texts and sort keys in one sort of tuples: every paid answer prints its total cost, and a
        cost met for the first time prints it once. Remembered per amount removed."""
        got = self._printed.get(generic_removed)
        if got is None:
            got = self._printed[generic_removed] = self._make_printed(generic_removed)
        return got

    @cached
    def _printed(self) -> dict[int, str]:
        return {}

    def _make_printed(self, generic_removed: int) -> str:
        # ManaCost.canonical's order: {X} (rank 0) first, then the generic merged (rank 1), then
        # the rest by sort key, equal keys in the order given (the index keeps the sort stable)
        facts = SYMBOL_FACTS
        keyed = []
        for i, t in enumerate(self.terms):
            s = t.symbol
            if s.kind is KIND_GENERIC:
                continue
            f = facts.get(id(s)) or symbol_facts(s)
            # (no key: not a symbol of section 1, and its sort_key says what is wrong)
            keyed.append((f[2] if f[2] is not None else symbol_sort_key(s), i, f[1]))
        generic = self.generic - generic_removed
        if generic > 0:
            g = generic_symbol(generic)
            f = facts.get(id(g)) or symbol_facts(g)
            keyed.append((f[2], -1, f[1]))
        if not keyed:
            return "{0}"
        keyed.sort()
        return "".join([k[2] for k in keyed])


# What a symbol becomes when the player announces that it is *not* paid with ``t`` (its t half
# can't be chosen): used when a colored reduction finds no t-component left (118.7c).
def _without(symbol: Symbol, t: str) -> Symbol | None:
    k, c = symbol.kind, symbol.colors
    if k is Kind.HYBRID:
        return Symbol(Kind.COLORED, c.replace(t, ""))
    if k is Kind.HYBRID_PHYREXIAN:
        return Symbol(Kind.PHYREXIAN, c.replace(t, ""))
    if k is Kind.TWOBRID:
        return Symbol(Kind.GENERIC, "", 2)
    if k is Kind.COLORLESS_HYBRID:
        return Symbol(Kind.COLORLESS) if t != "C" else Symbol(Kind.COLORED, c)
    if k is Kind.PHYREXIAN:
        return None  # paid with 2 life
    return symbol


def _pure(symbol: Symbol, t: str) -> bool:
    """The symbol is part of the ``t`` component whatever the player announces."""
    if t == "C":
        return symbol.kind is Kind.COLORLESS
    return symbol.kind is Kind.COLORED and symbol.colors == t


def _capable(symbol: Symbol, t: str) -> bool:
    """The player may announce this symbol's ``t`` half (601.2b), putting it in the t component."""
    k = symbol.kind
    if t == "C":
        return k is Kind.COLORLESS_HYBRID
    return k in (Kind.HYBRID, Kind.HYBRID_PHYREXIAN, Kind.TWOBRID, Kind.COLORLESS_HYBRID,
                 Kind.PHYREXIAN) and t in symbol.colors


def _reduction_choices(reduce: tuple[ManaCost, ...]) -> Iterator[tuple[dict[str, int], int]]:
    """Each way to read the reductions: (mana of each type to reduce, generic to reduce)."""
    options: list[list[tuple[str | None, int]]] = []
    for cost in reduce:
        for s in cost.symbols:
            k = s.kind
            if k is Kind.GENERIC:
                options.append([(None, s.amount)])
            elif k is Kind.SNOW:  # 118.7g
                options.append([(None, 1)])
            elif k is Kind.COLORED or k is Kind.PHYREXIAN:  # 118.7f
                options.append([(s.colors, 1)])
            elif k is Kind.COLORLESS:
                options.append([("C", 1)])
            elif k in (Kind.HYBRID, Kind.HYBRID_PHYREXIAN):  # 118.7e: the player picks a half
                options.append([(c, 1) for c in s.colors])
            elif k is Kind.COLORLESS_HYBRID:
                options.append([("C", 1), (s.colors, 1)])
            elif k is Kind.TWOBRID:
                options.append([(s.colors, 1), (None, 2)])
            else:
                raise CostError(f"{s} can't be a cost reduction")
    seen: set[tuple[tuple[tuple[str, int], ...], int]] = set()

    def walk(i: int, typed: dict[str, int], generic: int) -> Iterator[tuple[dict[str, int], int]]:
        if i == len(options):
            key = (tuple(sorted(typed.items())), generic)
            if key not in seen:
                seen.add(key)
                yield dict(typed), generic
            return
        for t, n in options[i]:
            if t is None:
                yield from walk(i + 1, typed, generic + n)
            else:
                typed[t] = typed.get(t, 0) + n
                yield from walk(i + 1, typed, generic)
                typed[t] -= n
                if not typed[t]:
                    del typed[t]

    yield from walk(0, {}, 0)


def _reduce_type(terms: list[Term], t: str, amount: int) -> Iterator[tuple[list[Term], int, int]]:
    """Ways to reduce ``amount`` mana of type ``t`` (118.7b–d): (terms left, overflow to generic,
    extra life from Phyrexian symbols left payable only with life)."""
    pure = [i for i, term in enumerate(terms) if _pure(term.symbol, t)]
    take = pure[:amount]
    rest = amount - len(take)
    remaining = [term for i, term in enumerate(terms) if i not in set(take)]
    if rest == 0:
        yield remaining, 0, 0
        return
    capable = [i for i, term in enumerate(remaining) if _capable(term.symbol, t)]
    # Symbols of one class are interchangeable: choose how many of each class to announce as t.
    classes: dict[Symbol, list[int]] = {}
    for i in capable:
        classes.setdefault(remaining[i].symbol, []).append(i)
    keys = list(classes)

    def split(j: int, left: int) -> Iterator[dict[Symbol, int]]:
        if j == len(keys):
            yield {}
            return
        for n in range(min(left, len(classes[keys[j]])) + 1):
            for tail in split(j + 1, left - n):
                yield {keys[j]: n, **tail}

    for chosen in split(0, rest):
        m = sum(chosen.values())
        removed = {i for s, n in chosen.items() for i in classes[s][:n]}
        overflow = rest - m
        out: list[Term] = []
        life = 0
        for i, term in enumerate(remaining):
            if i in removed:
                continue
            if overflow and i in capable:  # no t component left: these were announced otherwise
                new = _without(term.symbol, t)
                if new is None:
                    life += 2
                    continue
                out.append(replace(term, symbol=new))
            else:
                out.append(term)
        yield out, overflow, life


def _apply_reductions(terms: list[Term], reduce: tuple[ManaCost, ...]) -> Iterator[tuple[list[Term],
                                                                                         int, int]]:
    for typed, generic in _reduction_choices(reduce):
        order = [t for t in "WUBRGC" if typed.get(t)]
        for perm in permutations(order) if len(order) > 1 else [tuple(order)]:
            states = [(terms, generic, 0)]
            for t in perm:
                states = [(out, g + over, life + extra)
                          for ts, g, life in states
                          for out, over, extra in _reduce_type(ts, t, typed[t])]
            yield from states


def _terms(cost: ManaCost, origin: str = OWN) -> list[Term]:
    return [Term(s, origin) for s in cost.symbols if not (s.kind is KIND_GENERIC and s.amount == 0)]


_OWN: dict[int, tuple[Symbol, Term]] = table()
"""Per symbol (by id): (the symbol, its own :class:`Term`)."""


def _usual(cost: ManaCost, life_cost: int) -> TotalCost:
    """The total cost of ``cost`` alone (no alternative, additional cost, increase or
    reduction), made in one pass: each symbol's :class:`Term` is shared (found by the symbol's
    identity; the entry holds the symbol, so its id isn't reused while it stands), and what the
    cached properties would count is counted on the way."""
    terms = []
    x = energy = generic = 0
    counts: dict[str, int] = {}
    facts = SYMBOL_FACTS  # each symbol's text and kind (models/mana.py)
    for s in cost.symbols:
        got = _OWN.get(id(s))
        if got is None:
            got = remember(_OWN, id(s), (s, Term(s, OWN)))
        known = facts.get(id(s)) or symbol_facts(s)
        kind = known[3]
        if kind is KIND_GENERIC:
            if s.amount == 0:
                continue
            generic += s.amount
        elif kind is KIND_X:
            x += 1
        else:
            text = known[1]
            counts[text] = counts.get(text, 0) + 1
            if kind is KIND_ENERGY:
                energy += 1
        terms.append(got[1])
    return assemble(TotalCost, {"terms": tuple(terms), "variant": "cost", "generic_reduction": 0,
                                "life": life_cost,
                                "x_forced_zero": False, "energy": energy, "x_symbols": x,
                                "generic": generic,
                                "symbol_counts": counts})


def total_costs(problem: Problem) -> tuple[TotalCost, ...]:
    """Every total cost the player may choose for ``problem`` (601.2b, 601.2f), without
    duplicates; empty when there is no mana cost to pay (118.6). A pure function of the cost
    fields, so it is remembered for them: the same few costs come back on every board."""
    p = problem
    cost = p.cost
    increase, reduce = p.increase, p.reduce
    colored: tuple[ManaCost, ...] = ()
    optional: tuple[tuple[ManaCost, bool, int], ...] = ()
    if p.statics:  # 9.8: the board's cost changes that apply to this object (601.2f)
        more, less, colored, optional = cost_changes(p.statics, p._purpose)
        increase, reduce = increase + more, reduce + less
    if optional:  # the Defilers: each taken (its life paid) or not, the player's choice
        out: dict[TotalCost, None] = {}
        kinds = list(dict.fromkeys(optional))  # copies of one card: how many taken, not which
        for counts in product(*(range(optional.count(o) + 1) for o in kinds)):
            taken = [o for o, n in zip(kinds, counts) for _ in range(n)]
            out.update(dict.fromkeys(_total_costs(
                cost, p.alternative, p.free, p.additional,
                p.life_cost + sum(life for _, _, life in taken), increase,
                reduce + tuple(c for c, only, _ in taken if not only),
                colored + tuple(c for c, only, _ in taken if only))))
        return tuple(out)
    if (cost is not None and p.alternative is None and not p.free and not p.additional
        and not increase
            and not reduce and not colored):
        # the usual case, found by the cost's identity (parsed costs are shared): a new cost's
        # hash would walk its symbols, two Python-level calls each; the entry holds the cost, so
        # its id isn't reused while the entry stands
        key = (id(cost), p.life_cost)
        got = _USUAL.get(key)
        if got is None:
            got = remember(_USUAL, key, (cost, (_usual(cost, p.life_cost),)))
        return got[1]
    return _total_costs(cost, p.alternative, p.free, p.additional, p.life_cost, increase, reduce,
                        colored)


_USUAL: dict[tuple[int, int], tuple[ManaCost, tuple[TotalCost, ...]]] = table()


@memo(4096)
def _total_costs(cost: ManaCost | None, alternative: ManaCost | None, free: bool,
                 additional: tuple[ManaCost, ...],
                 life_cost: int, increase: tuple[ManaCost, ...], reduce: tuple[ManaCost, ...],
                 colored: tuple[ManaCost, ...] = ()) -> tuple[TotalCost, ...]:
    """``colored``: the reductions of colored mana only (9.8 ``colored_only``: Edgewalker's "This
    effect reduces only the amount of colored mana you pay"), applied before the others: 601.2f
    lets the player apply reductions in any order, and this one first never leaves more to pay
    (what it can't take is lost, where a later ordinary reduction's excess still reduces
    generic, 118.7c)."""
    if (cost is not None and alternative is None and not free and not additional
            and not increase and not reduce and not colored):
        return (_usual(cost, life_cost),)  # the usual case
    bases: list[tuple[str, ManaCost]] = []
    if alternative is not None:
        bases.append(("alternative", alternative))
    if free:
        bases.append(("free", ManaCost(())))
    if not bases and cost is not None:
        bases.append(("cost", cost))
    extra: list[Term] = [t for c in additional for t in _terms(c)]
    extra += [t for c in increase for t in _terms(c, INCREASE)]
    out: list[TotalCost] = []
    seen: set[tuple] = set()
    for variant, base in bases:
        starts = ([(t, life) for t, _lost, life in _apply_reductions(_terms(base) + extra,
                                                                      colored)]
                  if colored else [(_terms(base) + extra, 0)])
        for start, first_life in starts:
            for reduced, generic, life in _apply_reductions(start, reduce):
                tc = TotalCost(tuple(reduced), variant, generic, life_cost + first_life + life,
                               x_forced_zero=variant == "free")
                key = (tuple(sorted((str(t), t.origin) for t in tc.terms)), tc.generic_reduction,
                       tc.life, tc.x_forced_zero)
                if key not in seen:
                    seen.add(key)
                    out.append(tc)
    return tuple(out)

