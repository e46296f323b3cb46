"""The fast path's third layer: the search over choices (multi activations and {2/W} halves),
each paid as a flow, scored by Hall's counts, or chosen by the integer program past
:data:`MAX_COMBOS`; and the weights making a min-cost flow lexicographic."""

from __future__ import annotations

from itertools import chain, product
from operator import itemgetter, mul
from typing import Any

from tapwise.models.caches import memo
from tapwise.models.mana import type_mask
from tapwise.solver.fast.choice import ChoiceProblem, Undecided, best_choice
from tapwise.solver.fast.flow import (BITS_OF, LIFE, MULTI, POOL, SINGLE, TB_COLOR, TB_GENERIC,
                                      _cheapest_flow,
                                      _staged_flow, _weighted_cost)
from tapwise.solver.fast.hall import _Hall
from tapwise.solver.fast.demand import Demand
from tapwise.solver.fast.supply import Supply
from tapwise.solver.fast.tables import _most_activations, _multi_units, _Out, _vectors

VARYING = ("min_life", "min_sources", "min_waste")
MAX_COMBOS = 1024
"""Most choices (multi activations x colored {2/W} halves) the fast path will enumerate; past it,
the choice is an integer program (or, with life to weigh, left to CP-SAT)."""
MAX_FLOWS = 16
"""Most of them it will solve as min-cost flows before leaving the problem to CP-SAT."""
SMALL = 6
"""Up to this many choices, each is solved as a flow rather than counted first."""
HOPELESS_AFTER = 8
"""After this many choices that can't pay and none that can, check whether any choice could."""


@memo(256)
def _orders(objectives: tuple[str, ...]) -> tuple[tuple[str, ...], Any, bool]:
    """The varying objectives in the order they count (the rest break ties), a function putting
    (life, sources, waste) in that order, and whether life comes first; once per objective list."""
    given = [o for o in objectives if o in VARYING]
    order = tuple(given + [o for o in VARYING if o not in given])
    pos = {o: i for i, o in enumerate(VARYING)}
    return order, itemgetter(*[pos[o] for o in order]), bool(given) and given[0] == "min_life"


class Search:
    """The best payment of ``demand``'s rows from ``supply`` (at the X the demand is read at)."""

    def __init__(self, demand: Demand, supply: Supply) -> None:
        self.demand = demand
        self.supply = supply
        self.order, self.ordered, self.life_first = _orders(demand.objectives)
        self.hopeless = None

    def best(self):
        """The best payment at this X (see :meth:`_search`), or None when none exists."""
        self.hopeless = None  # found out only when there are many choices to try
        if not self.supply.has_cost or "min_life" not in self.demand.objectives:
            return self._search("plain")
        if self.life_first:
            return self._search("free") or (None if self.hopeless else self._search("cost"))
        return self._search("cost")

    def _hopeless(self) -> bool:
        """A quick proof that no choice pays: some set T of types must pay for more symbols
        (those accepting only types in T, with each {2/W} at its cheapest reading) than all the
        supply could make in T even if every copy made its most there (Hall's condition,
        relaxed). Saves enumerating every choice only to find that none pays."""
        classes = []
        for budget, profile, shape, _ in self.supply.classes:
            single = 0
            for ti, p in enumerate(profile):
                if p is not None:
                    single |= 1 << ti
            classes.append((budget, single, [[type_mask(u) for u in choice] for choice,
                                             _ in shape]))
        for T in self.type_sets():
            need = sum(n for m, n, *_ in self.demand.rows if n and not m & ~T)
            for _, n, mc, mg in self.demand.twobrid:
                need += min(n if not mc & ~T else 0, 2 * n if not mg & ~T else 0)
            if not need:
                continue
            have = sum(self.supply.pool[ti] for ti in BITS_OF[T & 63])
            if T >> LIFE & 1:
                have += self.demand.phyrexian
            for budget, single, multis in classes:
                most = 1 if single & T else 0
                for ums in multis:
                    most = max(most, sum(1 for um in ums if um & T))
                have += budget * most
            if have < need:
                return True
        return False

    def type_sets(self) -> list[int]:
        """The sets T of types that Hall's condition needs checking for: the unions of the demand
        rows' masks, {2/W} both ways (no other T is tighter)."""
        cands = {0}
        for m in {m for m, _ in self.demand.reach}:
            cands |= {c | m for c in cands}
        return sorted(cands)

    def _search(self, mode: str):
        """The best choice and its flow, or None when no choice pays. ``mode``: "plain" (life
        not weighed), "free" (only options that cost no life), "cost" (min-cost flow)."""
        free = mode == "free"
        twobrid, reach, dmax = self.demand.twobrid, self.demand.reach, self.demand.dmax
        # Multi dimensions: (class, index of the multi choice in it, units, pay).
        dims: list[tuple[int, int, tuple[str, ...], int]] = []
        per_class: list[tuple[tuple[int, ...], ...]] = []  # per class with multis: its vectors
        n_y = 1
        dim_units: list[int] = []  # per dimension: units an activation makes
        dim_life: list[int] = []  # and the life it costs
        dim_bounds: list[int] = []  # and the most activations an optimum uses
        for ki in self.supply.multi_classes:
            budget, _, shape, _ = self.supply.classes[ki]
            bounds = []
            for jl, (choice, pay) in enumerate(shape):
                if free and pay:
                    continue
                bound = min(budget, _most_activations(choice, reach))
                if bound > 0:
                    bounds.append(bound)
                    dims.append((ki, jl, choice, pay))
                    dim_units.append(len(choice))
                    dim_life.append(pay)
            if bounds:
                dim_bounds += bounds
                if n_y <= MAX_COMBOS:  # else there are too many already
                    try:
                        vecs = _vectors(tuple(bounds), min(budget, dmax), MAX_COMBOS)
                    except _Out:
                        n_y = MAX_COMBOS + 1
                    else:
                        per_class.append(vecs)
                        n_y *= len(vecs)
        if not dims and not twobrid:
            return self._flow(mode, dims, (), ())
        n_t = 1
        for _, n, _, _ in twobrid:
            n_t *= n + 1
        if n_y * n_t > MAX_COMBOS:
            if mode == "cost":
                raise _Out  # Hall's count only bounds life: CP-SAT weighs it
            return self._chosen(mode, dims, dim_bounds, dim_units)
        # Every choice with a cheap lower bound on its objectives, best first. Hall's theorem
        # then scores them in that order (exact sources and waste when life isn't weighed, a
        # better bound when it is) until the cheap bound can't beat the best found.
        ordered = self.ordered
        cost = mode == "cost"
        free_supply = self.supply.pool_total + (self.demand.phyrexian if not free else 0)
        ts = []
        for t in product(*(range(n + 1) for _, n, _, _ in twobrid)):
            ts.append((t, self.demand.fixed_units
                       + sum(2 * n - k for (_, n, _, _), k in zip(twobrid, t))))
        combos = []
        for parts in product(*per_class):
            y = tuple(chain.from_iterable(parts))  # the classes' dimensions come in class order
            acts = sum(y)
            if acts > dmax:
                continue
            units = sum(map(mul, y, dim_units))
            life = sum(map(mul, y, dim_life)) if cost else 0
            for t, d in ts:
                lb = (life, acts + max(0, d - free_supply - units), max(0, units - d))
                combos.append((ordered(lb), y, t))
        combos.sort(key=itemgetter(0))
        if len(combos) <= SMALL:  # a flow or two is cheaper than Hall's counts
            best = None
            for lb, y, t in combos:
                if best is not None and lb >= best[0]:
                    break
                got = self._flow(mode, dims, y, t)
                if got is not None and not self.demand.objectives:
                    return got  # feasibility only: the first payment found answers it
                if got is not None and (best is None or got[0] < best[0]):
                    best = got
            return best
        hall = _Hall(self.demand, self.supply, self.type_sets(), mode, dims)
        best = best_key = None
        flows = failures = 0
        for lb, y, t in combos:
            if best_key is not None and lb >= best_key:
                break
            got = hall.score(y, t)
            if got is None:  # can't pay
                failures += 1
                if best_key is None and failures == HOPELESS_AFTER:
                    if self.hopeless is None:
                        self.hopeless = self._hopeless()
                    if self.hopeless:
                        return None  # rather than try every choice
                continue
            key = ordered(got)
            if best_key is not None and key >= best_key:
                continue
            if mode != "cost":
                best, best_key = (got, y, t), key
                if not self.demand.objectives:
                    break  # feasibility only: the first choice that pays answers it
                continue
            flows += 1
            if flows > MAX_FLOWS:
                raise _Out  # the bounds don't cut enough: CP-SAT is the better tool here
            got = self._flow(mode, dims, y, t)
            if got is not None and (best_key is None or got[0] < best_key):
                best, best_key = got, got[0]
        if mode == "cost" or best is None:
            return best
        counted, y, t = best
        return self._counted_flow(mode, dims, y, t, counted)

    def _counted_flow(self, mode: str, dims, y, t, counted):
        """The flow of a choice Hall's count scored (sources and waste, exact here): they must
        agree."""
        got = self._flow(mode, dims, y, t)
        if counted is None or got is None or got[6][1:] != counted[1:]:
            raise AssertionError(f"fast path: Hall's count {counted} disagrees with the flow "
                                 f"{got and got[6]}")
        return got

    def _chosen(self, mode: str, dims, bounds: list[int], units: list[int]):
        """The best choice when there are too many to enumerate ("plain" or "free" mode, where
        Hall's count is exact): an integer program over the counts (:mod:`solver.fast.choice`),
        then that choice's flow, which must agree with the count."""
        hall = _Hall(self.demand, self.supply, self.type_sets(), mode, dims)
        caps = {}  # per class with multis: the most activations of its choices together
        for ki, _, _, _ in dims:
            caps[ki] = min(self.supply.classes[ki][0], self.demand.dmax)
        problem = ChoiceProblem(
            bounds=tuple(bounds), units=tuple(units), class_of=tuple(d[0] for d in dims),
            class_caps=tuple(caps.items()), sets=tuple(hall.sets),
            meets=tuple(tuple(per_t) for per_t in hall.per_dim), inside=tuple(hall.inside),
            twobrid=tuple(n for _, n, _, _ in self.demand.twobrid),
            twobrid_inside=tuple(tuple(f) for f in hall.flags),
            pool=tuple(hall.pool), singles=tuple(hall.singles), fixed_units=self.demand.fixed_units,
            most_activations=self.demand.dmax)
        order = self.order
        sources_first = order.index("min_sources") < order.index("min_waste")
        try:
            chosen = best_choice(problem, sources_first, self.demand.c.problem.time_limit)
        except Undecided:
            raise _Out from None
        if chosen is None:
            return None
        y, t = chosen
        return self._counted_flow(mode, dims, y, t, hall.score(y, t))

    def _flow(self, mode: str, dims, y, t):
        """The flow of one choice: (key, dims, y, rows, left, flow, values) or None when it can't
        pay."""
        rows = self.demand.live_rows
        if self.demand.twobrid:
            rows = list(rows)
            for (di, n, mc, mg), k in zip(self.demand.twobrid, t):
                if k:
                    rows.append((mc, k, TB_COLOR, di, None))
                if n - k:
                    rows.append((mg, 2 * (n - k), TB_GENERIC, di, None))
        # Left nodes, in stage order: (cap, mask, stage, life per type index (None: can't), tag)
        left: list[tuple] = []
        used: dict[int, int] = {}
        fixed_life = acts = multi_units = 0
        for j, n in enumerate(y):
            if n:
                ki, jl, choice, pay = dims[j]
                used[ki] = used.get(ki, 0) + n
                fixed_life += pay * n
                acts += n
                multi_units += n * len(choice)
                for unit, k, um in _multi_units(choice)[1]:
                    left.append((n * k, um, MULTI, None, ("multi", ki, jl, unit)))
        left += self.supply.pool_nodes
        if self.demand.phyrexian and mode != "free":
            left.append((self.demand.phyrexian, 1 << LIFE, POOL, None, ("life",)))
        nodes, where = self.supply.singles(mode)
        if used:  # the copies multi activations take are not there to make one unit
            nodes = list(nodes)
            classes = self.supply.classes
            for gi in {where[ki] for ki in used if ki in where}:
                _, m, _, profile, tag = nodes[gi]
                cap = sum(classes[ki][0] - used.get(ki, 0) for ki, g in where.items() if g == gi)
                nodes[gi] = (cap, m, SINGLE, profile, tag) if cap else None
            left.extend(filter(None, nodes))  # None: a group whose copies are all taken
        else:
            left += nodes
        if mode == "cost":
            flow = _cheapest_flow(left, rows, _weighted_cost(self._weights(sum(r[1]
                                                                               for r in rows))))
        else:
            flow = _staged_flow(left, rows)
        if flow is None:
            return None
        life = fixed_life
        singles = multi_matched = 0
        for l, out in zip(left, flow):
            if not out:
                continue
            stage = l[2]
            if stage == SINGLE:
                pays = l[3]
                for (_, ti), n in out.items():
                    singles += n
                    life += pays[ti] * n
            elif stage == MULTI:
                multi_matched += sum(out.values())
            elif l[1] == 1 << LIFE:
                life += 2 * sum(out.values())
        values = (life, acts + singles, multi_units - multi_matched)
        return self.ordered(values), dims, y, rows, left, flow, values

    def _weights(self, units: int) -> list[int]:
        """Per-unit cost weights (life, source, not-a-multi-unit) making the scalar cost order
        the lexicographic one: each weight exceeds the most all later objectives can add."""
        max_pay = max([p for cl in self.supply.classes for p in cl[1] if p is not None]
                      + [2 if self.demand.phyrexian else 0])
        ranges = {"min_life": units * max_pay + 1, "min_sources": units + 1, "min_waste": units + 1}
        weight = {}
        w = 1
        for o in reversed(self.order):
            weight[o] = w
            w *= ranges[o] + 1
        return [weight["min_life"], weight["min_sources"], weight["min_waste"]]
