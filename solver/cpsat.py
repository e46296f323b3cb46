"""The CP-SAT back end: integer counts per class, never a boolean per copy and symbol.

Variables are activation counts per (ability class, output choice, level), splits of flexible
units (hybrid or any-color output) per type, option counts per demand class (which half of a
hybrid, mana or life for a Phyrexian symbol) and flows per (mana kind, demand). Abilities with a
mana cost (filter lands, Signets) sit on levels 1..L and may only spend mana made on lower
levels or held in the pool, so no ability pays for itself and no cycle pays for itself.
Objectives are optimized lexicographically, each optimum fixed before the next (principle 7).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from tapwise.models.values import assemble
from tapwise.solver import deadline as deadlines
from tapwise.solver.doubling import add_doubling, doubling_bound
from tapwise.solver.compile import Compiled, Variant, mana_upper_bound

EXACT_LEVELS = 12
"""Up to this many activations of mana-cost abilities, every legal order is modelled."""
SMALL_MODEL = 300
"""Below this many variables a model first gets the quick try without presolve. With the quick
try's parameters (see ``_solve_quick_then_full``) it wins on rich boards up to ~270 variables:
models of 150-270 variables went from 15-50 ms to 4-20 ms; one in 300 falls back to presolve."""
QUICK_TRY = 0.005
"""Deterministic time (CP-SAT's own work units) for the try without presolve. On rich boards
99 % of quick tries finish within 0.003; one that needs presolve wastes the whole budget
(40-75 ms of wall time for 0.01 on the ``large`` scenario)."""
LAST_TRY = 0.02
"""Seconds the search for any payment at all may take once the time limit passed with none
found (``Model._first_feasible``): a small limit costs little and still pays when it can."""

_SOLVERS = threading.local()
class _CpModel(cp_model.CpModel):
    """A CpModel without the CamelCase aliases OR-Tools adds to each new model (~1.4 ms each,
    a quarter of building a small model); this module uses the snake_case API only."""

    def _add_pre_pep8_methods(self) -> None:
        pass


def new_model() -> cp_model.CpModel:
    """An empty model, without the CamelCase aliases (see :class:`_CpModel`)."""
    return _CpModel()


def thread_solver() -> cp_model.CpSolver:
    """This thread's solver with the base parameters: one worker and a fixed seed, so the same
    problem gets the same answer (principle 6). A CpSolver costs ~1.5 ms to create, so each
    thread keeps one and resets its parameters."""
    solver = getattr(_SOLVERS, "solver", None)
    if solver is None:
        solver = _SOLVERS.solver = cp_model.CpSolver()
        _SOLVERS.base = cp_model.CpSolver().parameters
        _SOLVERS.base.num_workers = 1
        _SOLVERS.base.random_seed = 0
    solver.parameters.copy_from(_SOLVERS.base)
    return solver


MINIMIZE = {"min_colors", "min_life", "min_energy", "min_sacrifices", "min_sources", "min_waste",
            "min_drawbacks", "min_cards", "min_counters", "plan_fewest_colors"}


@dataclass
class Solution:
    """Counts read back from a solved model: everything the answer builder needs."""

    status: str  # "paid", "infeasible", "unknown"
    optimal: bool = False
    objective: dict[str, int] = field(default_factory=dict)
    variant: int = 0
    x: int = 0
    acts: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (producer, level, choice)
    splits: dict[tuple[int, int, str], dict[str, int]] = field(default_factory=dict)  # (producer, level, unit)
    # (producer, level, demand, option) -> (symbols paid this way, {kind: units})
    ability_pay: dict[tuple[int, int, int, int], tuple[int, dict[int, int]]] = field(default_factory=dict)
    # (demand, option) -> (symbols paid this way, {kind: units}) for the chosen variant
    cost_pay: dict[tuple[int, int], tuple[int, dict[int, int]]] = field(default_factory=dict)
    generic_pay: dict[str, dict[int, int]] = field(default_factory=dict)  # category -> {kind: units}
    reduced: dict[str, int] = field(default_factory=dict)  # category -> generic removed
    levels: int = 0
    victims: dict[tuple[int, int], int] = field(default_factory=dict)  # (producer, source) -> copies taken (9.2)
    keywords: dict[str, Any] | None = None  # 9.3: who paid with convoke, improvise, delve, other_costs

    @staticmethod
    def paid(x: int) -> Solution:
        """A paid, optimal solution of variant 0 without levels, nothing counted yet: the fast
        path makes one per call, so without the generated ``__init__`` and its default factories
        (every field as above; tests/test_fast.py checks they stay in step)."""
        return assemble(Solution, {"status": "paid", "optimal": True, "objective": {}, "variant": 0, "x": x,
                                   "acts": {}, "splits": {}, "ability_pay": {}, "cost_pay": {}, "generic_pay": {},
                                   "reduced": {}, "levels": 0, "victims": {}, "keywords": None})


class _Block:
    """The variables of one total cost in a model: one literal per variant, how each symbol
    class is paid (terms per (variant, demand, option)), flows per (variant, demand, option,
    kind), generic flows per (variant, category, kind), reductions per (variant, category), the
    mana spent per type, and in a plan the literal that says the cost is paid."""

    __slots__ = ("sel", "cost_y", "cost_f", "gen_f", "red", "spent_by_type", "paid")

    def __init__(self) -> None:
        self.sel: list[int] = []
        self.cost_y: dict[tuple[int, int, int], Terms] = {}
        self.cost_f: dict[tuple[int, int, int, int], int] = {}
        self.gen_f: dict[tuple[int, str, int], int] = {}
        self.red: dict[tuple[int, str], int] = {}
        self.spent_by_type: dict[str, Terms] = {t: [] for t in "WUBRGC"}
        self.paid = -1


@dataclass(frozen=True)
class Plan:
    """Several costs paid from one board, each compiled against it (the same mana kinds and
    producers), with the mana value each adds when paid and how many X its mana cost counts;
    ``prefix``: only a prefix of them may be paid ("order": "given")."""

    costs: tuple[Compiled, ...]
    mana_values: tuple[int, ...]
    x_in_value: tuple[int, ...]
    prefix: bool


PLAN_SUMMED = ("min_life", "min_sacrifices", "min_sources", "min_waste")
"""The spec's default objectives (section 5), each summed over a plan's payments."""
PLAN_OBJECTIVES = ("plan_paid", "plan_mana_value", "plan_most_colors", "plan_fewest_colors") + PLAN_SUMMED
PLAN_SUMMED_V2 = ("min_life", "min_sacrifices", "min_drawbacks", "min_cards", "min_counters", "min_sources",
                  "min_waste")
"""Section 9.6's default objectives, summed, for a plan on a version-2 board."""
PLAN_OBJECTIVES_V2 = PLAN_OBJECTIVES[:4] + PLAN_SUMMED_V2
"""A plan's order of preference (spec section 7): most costs, most mana value, the colors the
costs' keywords ask for, then the spec's default objectives summed over the payments."""


def level_count(c: Compiled) -> int:
    """How many levels of mana-cost abilities to model. Each level lets already-made mana pay
    for the next abilities, so chains of filters and rocks fit; see README for the bound."""
    converters = [p for p in c.producers if p.is_converter]
    if not converters:
        return 0
    total = sum(p.max_activations for p in converters)
    if total <= EXACT_LEVELS:
        return total  # one activation per level fits any legal order: exact
    return max(EXACT_LEVELS, 2 + len(converters) + max(p.max_activations for p in converters).bit_length())


Terms = list[tuple[int, int]]
"""A linear expression without constant: (variable index, coefficient) pairs."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _neg(terms: Terms, k: int = 1) -> Terms:
    """``terms`` times ``-k``."""
    return [(v, -k * a) for v, a in terms]


def _generic_bound(c: Compiled, v: Variant, cat: str) -> int:
    """Most generic mana a category of a variant of ``c`` can ask for."""
    if cat == "x":
        return v.x_symbols * c.x_upper
    return sum(d.count * o.units for d in v.demands for o in d.options if o.generic == cat)


def _cost_life_bound(c: Compiled) -> int:
    """Most life a total cost of ``c`` can ask for."""
    return max((v.total.life + sum(2 * d.count for d in v.demands if any(o.life for o in d.options))
                for v in c.variants), default=0)


def _not(lit: int) -> int:
    """The negation of a Boolean variable, as CP-SAT numbers literals."""
    return -lit - 1


def _ints(xs) -> str:
    return ",".join(map(str, xs))


def _flat(terms: Terms) -> tuple[list[int], list[int]]:
    """Variables (in increasing order, as OR-Tools writes them) and coefficients, repeated
    variables merged and zeros dropped."""
    coef: dict[int, int] = {}
    for v, a in terms:
        coef[v] = coef.get(v, 0) + a
    vs = sorted(v for v, a in coef.items() if a)
    return vs, [coef[v] for v in vs]


def linear_text(terms: Terms, lo: int, hi: int, enforce: tuple[int, ...] = ()) -> str:
    """lo <= terms <= hi, if every literal of ``enforce`` holds, in CP-SAT's text format
    (repeated variables merged, zero coefficients dropped)."""
    coef: dict[int, int] = {}
    get = coef.get
    for v, a in terms:
        coef[v] = get(v, 0) + a
    if 0 in coef.values():
        coef = {v: a for v, a in coef.items() if a}
    enf = f"enforcement_literal:[{_ints(enforce)}]" if enforce else ""
    return (f"constraints{{{enf}linear{{vars:[{_ints(coef)}]coeffs:[{_ints(coef.values())}]"
            f"domain:[{lo},{hi}]}}}}")


def set_objective(proto: Any, terms: Terms) -> None:
    """Minimize ``terms``: the model's objective replaced."""
    objective = proto.objective
    objective.vars.clear()
    objective.coeffs.clear()
    vs, cs = _flat(terms)
    objective.vars.extend(vs)
    objective.coeffs.extend(cs)
    objective.offset = 0
    objective.scaling_factor = 1.0


class Model:
    """One CP-SAT model of a compiled problem.

    The model is written as CP-SAT's text format and parsed in one call: variables are plain
    indices and expressions lists of (index, coefficient), so building costs Python list
    operations rather than a call into OR-Tools per variable, term and constraint. Values are
    read back in one call after each solve. With the smaller model (see ``_build``) this took
    building a rich board's model from 1.4 to 0.7 ms at the median (docs/profile.md)."""

    def __init__(self, c: Compiled, relax: bool = False, plan: Plan | None = None) -> None:
        """``relax`` puts each cost symbol class behind an assumption literal, so an infeasible
        model can name the symbols that can't be paid together (an infeasible core). ``plan``
        models several costs paid from ``c``'s board (spec section 7), each one optional."""
        self.c = c
        self.relax = relax
        self.plan = plan
        self.costs = plan.costs if plan is not None else (c,)
        self.plan_solutions: list[Solution | None] = []  # in a plan, each cost's share of the last solution
        self.assumptions: list[tuple[int, list[str]]] = []
        self.m = new_model()
        self.L = level_count(c)
        self._ubs: list[int] = []  # upper bound of each variable (all are >= 0)
        self._cts: list[str] = []  # constraints not yet in the proto, as text
        self._build()
        self._flush()
        self.bounds = self._bounds()

    # -- construction --------------------------------------------------------------------

    def _int(self, ub: int) -> int:
        self._ubs.append(max(0, ub))
        return len(self._ubs) - 1

    def _ub(self, terms: Terms) -> int:
        """Largest value of ``terms`` (coefficients >= 0) the variable bounds allow."""
        ubs = self._ubs
        return sum(ubs[v] * a for v, a in terms)

    def _bool(self) -> int:
        self._ubs.append(1)
        return len(self._ubs) - 1

    def _linear(self, terms: Terms, lo: int, hi: int, enforce: tuple[int, ...] = ()) -> None:
        """lo <= terms <= hi, if every literal of ``enforce`` holds."""
        self._cts.append(linear_text(terms, lo, hi, enforce))

    def _flush(self) -> None:
        """Variables and constraints made since the last flush go into the proto."""
        proto = self.m.proto
        n = len(proto.variables)
        parts = [f"variables{{domain:[0,{ub}]}}" for ub in self._ubs[n:]]
        parts += self._cts
        if parts:
            proto.merge_text_format("".join(parts))
        self._cts = []

    def _require(self, on, off, labels: list[str]) -> int | None:
        """Add ``on`` (and ``off`` when relaxed away), each (terms, lo, hi); in relax mode
        behind a new assumption, whose literal is returned."""
        if not self.relax:
            if on is not None:
                self._linear(*on)
            return None
        lit = self._bool()
        self.assumptions.append((lit, labels))
        if on is not None:
            self._linear(*on, enforce=(lit,))
            self._linear(*off, enforce=(_not(lit),))
        return lit

    def _both(self, sel: int, label: str) -> int:
        """``sel``, or in relax mode ``sel`` and a new assumption that this part is required."""
        lit = self._require(None, None, [label])
        if lit is None:
            return sel
        both = self._bool()
        self._cts.append(f"constraints{{enforcement_literal:[{both}]bool_and{{literals:[{sel},{lit}]}}}}")
        self._cts.append(f"constraints{{enforcement_literal:[{_not(both)}]"
                         f"bool_or{{literals:[{_not(sel)},{_not(lit)}]}}}}")
        return both

    def _min_equality(self, target: Terms, exprs: list[Terms]) -> None:
        """target == min(exprs), as CP-SAT writes it: -target == max(-exprs)."""
        def text(name: str, terms: Terms) -> str:
            vs, cs = _flat(terms)
            return f"{name}{{vars:[{_ints(vs)}]coeffs:[{_ints(-a for a in cs)}]}}"
        body = " ".join([text("target", target)] + [text("exprs", e) for e in exprs])
        self._cts.append(f"constraints{{lin_max{{{body}}}}}")

    def core(self, time_limit: float) -> list[str] | None:
        """The cost symbols of a minimal infeasible core, or None if the relaxed model is
        feasible with all of them (then the trouble is elsewhere)."""
        solver = thread_solver()
        deadline = time.monotonic() + deadlines.left(time_limit)  # within the request's (solver/deadline.py)
        lits = [lit for lit, _ in self.assumptions]
        assumptions = self.m.proto.assumptions

        def infeasible(active: list[int]) -> list[int] | None:
            """The part of ``active`` a proof of infeasibility used, or None (feasible, or no
            proof before the deadline: then nothing may be dropped)."""
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            solver.parameters.max_time_in_seconds = remaining
            assumptions.clear()
            assumptions.extend(active)
            if solver.solve(self.m) != cp_model.INFEASIBLE:
                return None
            found = set(solver.sufficient_assumptions_for_infeasibility())
            return [lit for lit in active if lit in found]

        core = infeasible(lits)
        if core is None:
            return None
        for lit in list(core):  # deletion: drop what the conflict doesn't need
            if lit not in core:
                continue  # already dropped with an earlier one
            rest = [other for other in core if other != lit]
            smaller = infeasible(rest)
            if smaller is not None:
                core = smaller if len(smaller) < len(rest) else rest
        labels = dict(self.assumptions)
        return [name for lit in core for name in labels[lit]]

    def _build(self) -> None:
        c = self.c
        lin = self._linear
        n_kinds = len(c.kinds)
        # Most mana of each kind any payment can make: a producer activates at most
        # max_activations times over all levels (its source's copy limit).
        most = [c.pool_units.get(k, 0) for k in range(n_kinds)]
        for p in c.producers:
            per_kind: dict[int, int] = {}
            for choice in p.choices:
                here: dict[int, int] = {}
                for unit in choice:
                    for k in {p.kind_of_type[t] for t in unit}:
                        here[k] = here.get(k, 0) + 1
                for k, n in here.items():
                    per_kind[k] = max(per_kind.get(k, 0), n)
            for k, n in per_kind.items():
                most[k] += n * p.max_activations
        doubling_bound(c, most)  # 9.2 Doubling Cube: what it may add (solver/doubling.py)
        self._most = most
        self.xs = [self._int(cost.x_upper) for cost in self.costs]  # X of each cost
        self.x = self.xs[0]
        prob = c.problem
        # production[level][kind] and consumption[level][kind] as lists of terms
        # Level 0 makes mana without spending any; levels 1..L are mana-cost abilities; the
        # total cost is paid on level L+1, after every activation.
        prod: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        cons: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        # Activation counts, and the options a converter's cost is paid with, are terms: a
        # variable each, or the sum that defines them where a variable would only be tied to
        # it by an equality (a single "any color" unit; a cost symbol with one way to pay).
        self.acts: dict[tuple[int, int, int], Terms] = {}
        self.splits: dict[tuple[int, int, str, str], int] = {}
        self.ability_y: dict[tuple[int, int, int, int], Terms] = {}
        self.ability_f: dict[tuple[int, int, int, int, int], int] = {}
        self.activations: list[Terms] = [[] for _ in c.producers]
        ability_life_terms: Terms = []
        for pi, p in enumerate(c.producers):
            levels = range(0 if p.anywhere else 1, self.L + 1) if p.is_converter else (0,)
            # One choice of one unit of several types (Treasure, Birds of Paradise): its
            # activations are the sum of its splits per type; the source's copy limit, which
            # every producer has (max_activations is that limit), bounds the sum.
            single = len(p.choices) == 1 and len(p.choices[0]) == 1 and len(p.choices[0][0]) > 1
            for lv in levels:
                if single:
                    unit = p.choices[0][0]
                    parts: Terms = []
                    for t in unit:
                        s = self._int(p.max_activations)
                        self.splits[(pi, lv, unit, t)] = s
                        parts.append((s, 1))
                        prod[lv][p.kind_of_type[t]].append((s, 1))
                    self.acts[(pi, lv, 0)] = parts
                    self.activations[pi] += parts
                else:
                    unit_totals: dict[str, Terms] = {}
                    for ci, choice in enumerate(p.choices):
                        a = self._int(1 if p.double else p.max_activations)  # a Cube: once per level
                        self.acts[(pi, lv, ci)] = [(a, 1)]
                        self.activations[pi].append((a, 1))
                        for unit in dict.fromkeys(choice):
                            mult = choice.count(unit)
                            if len(unit) == 1:
                                prod[lv][p.kind_of_type[unit]].append((a, mult))
                            else:
                                unit_totals.setdefault(unit, []).append((a, mult))
                    for unit, terms in unit_totals.items():
                        parts = []
                        for t in unit:
                            s = self._int(p.max_activations * 8)
                            self.splits[(pi, lv, unit, t)] = s
                            parts.append((s, 1))
                            prod[lv][p.kind_of_type[t]].append((s, 1))
                        lin(parts + _neg(terms), 0, 0)
                if p.is_converter:
                    count = [t for ci in range(len(p.choices)) for t in self.acts[(pi, lv, ci)]]
                    for di, d in enumerate(p.cost):
                        ys: Terms = []
                        for oi, o in enumerate(d.options):
                            if len(d.options) == 1:
                                y = _neg(count, -d.count)
                            else:
                                y = [(self._int(p.max_activations * d.count), 1)]
                                ys += y
                            self.ability_y[(pi, lv, di, oi)] = y
                            if o.life:
                                ability_life_terms += _neg(y, -o.life)
                            if o.units:
                                fs: Terms = []
                                for k in sorted(o.accept):
                                    f = self._int(min(p.max_activations * d.count * o.units, most[k]))
                                    self.ability_f[(pi, lv, di, oi, k)] = f
                                    fs.append((f, 1))
                                    cons[lv][k].append((f, 1))
                                lin(fs + _neg(y, o.units), 0, 0)
                        if ys:
                            lin(ys + _neg(count, d.count), 0, 0)
        add_doubling(self, c, prod, cons)  # 9.2 Doubling Cube: alone on its level, doubling the pool
        # Copy limits per source entry: taps, sacrifices, uses (spec section 8, "Copies").
        # A source's copies used are a variable only when it has abilities that don't tap;
        # otherwise every copy used is tapped and the count is the sum of its taps (a copy
        # sacrificed is tapped too), exactly what minimizing a variable >= it would give.
        # Limits the activation bounds already imply are left out.
        self.used: Terms = []
        self.sacrifices: Terms = []
        self.cards: Terms = []  # cards used as costs (9.6 min_cards)
        self.counter_terms: Terms = []  # counters removed or put (9.6 min_counters)
        self.drawback_terms: Terms = []  # activations with a drawback (9.6 min_drawbacks)
        self.copies_used: dict[int, int] = {}  # per source whose copies don't all tap: its copies used
        card_use = {"discard": [], "exile": [], "mill": []}  # cards used as costs, bounded by the zones (9.2)
        for pi, p in enumerate(c.producers):
            for key in card_use:
                n = getattr(p, key)
                if n:
                    card_use[key] += _neg(self.activations[pi], -n)
                    self.cards += _neg(self.activations[pi], -n)
            if p.drawback:
                self.drawback_terms += self.activations[pi]
            if p.counters:
                self.counter_terms += _neg(self.activations[pi], -p.counters)
            if p.removed:
                levels = range(0 if p.anywhere else 1, self.L + 1) if p.is_converter else (0,)
                budget: Terms = []
                for lv in levels:
                    for ci, r in enumerate(p.removed):
                        if r and (pi, lv, ci) in self.acts:
                            self.counter_terms += _neg(self.acts[(pi, lv, ci)], -r)
                            budget += _neg(self.acts[(pi, lv, ci)], -r)
                if p.budget is not None and budget:  # without {T}: one copy's counters, shared (9.2)
                    lin(budget, INT_MIN, p.budget)
        for key, limit in (("discard", prob.hand), ("exile", prob.graveyard), ("mill", prob.library)):
            if card_use[key] and limit is not None:
                lin(card_use[key], INT_MIN, limit)
        life_terms: Terms = list(ability_life_terms)
        damage_terms: Terms = []
        energy_terms: Terms = []
        by_source: dict[int, list[int]] = {}
        for pi, p in enumerate(c.producers):
            by_source.setdefault(p.source, []).append(pi)
        kills, tapped_by = self._others(c, by_source)
        self.kw = None  # 9.3's keywords and other costs (solver/cpsat_keywords.py); not in a plan yet
        if prob.payment is not None and self.plan is None:
            from tapwise.solver.cpsat_keywords import KeywordPart

            self.kw = KeywordPart(self, c)
            self.kw.add_taps(tapped_by)
        for si in list(kills) + list(tapped_by):
            by_source.setdefault(si, [])  # a permanent with no mana ability may still pay a cost
        for si, pis in by_source.items():
            src = prob.sources[si]
            total = {pi: self.activations[pi] for pi in pis}
            taps = [t for pi in pis if c.producers[pi].tap for t in total[pi]]
            sacs = [t for pi in pis if c.producers[pi].sacrifice for t in total[pi]]
            all_tap = len(taps) == sum(len(total[pi]) for pi in pis)
            # 9.2: copies tapped by another's cost can't tap for mana; a copy is sacrificed once
            # (after it made its mana: sacrifice_other comes after the other level-0 activations),
            # but not after activating an ability with a mana cost (those come later).
            taps_all = taps + tapped_by.get(si, [])
            if taps_all and self._ub(taps_all) > src.count - src.tapped:
                lin(taps_all, INT_MIN, src.count - src.tapped)
            caps: dict[str, tuple[int, Terms]] = {}  # 9.4: the copy an "on" extra enchants, and the rest
            for pi in pis:
                cap = c.producers[pi].cap
                if cap is not None:
                    caps.setdefault(cap[0], (cap[1], []))[1].extend(total[pi])
            for bound, terms in caps.values():
                if self._ub(terms) > bound:
                    lin(terms, INT_MIN, bound)
            if si in kills:
                killed = kills[si]
                lin(killed + sacs, INT_MIN, src.count)
                later = [t for pi in pis if c.producers[pi].is_converter or (c.producers[pi].reads or "-")[0] == "late"
                         for t in total[pi]]
                if later:
                    lin(killed + later, INT_MIN, src.count)
                self.sacrifices += killed  # min_sacrifices counts permanents sacrificed (9.7)
            counted = self.cards if src.zone == "hand" else self.sacrifices  # exiled from hand: a card (9.1)
            if all_tap:
                self.used += taps_all
                counted += sacs
            else:
                u = self._int(src.count)
                self.copies_used[si] = u
                if taps_all:
                    lin([(u, 1)] + _neg(taps_all), 0, INT_MAX)
                if sacs:
                    if self._ub(sacs) > src.count:
                        lin(sacs, INT_MIN, src.count)
                    lin([(u, 1)] + _neg(sacs), 0, INT_MAX)
                    counted += sacs
                for pi in pis:
                    p = c.producers[pi]
                    if not p.tap:
                        if self._ub(total[pi]) > p.uses * src.count:
                            lin(total[pi], INT_MIN, p.uses * src.count)
                        lin([(u, p.uses)] + _neg(total[pi]), 0, INT_MAX)
                self.used.append((u, 1))
            for pi in pis:
                p = c.producers[pi]
                if p.life:
                    life_terms += _neg(total[pi], -p.life)
                if p.damage:
                    damage_terms += _neg(total[pi], -p.damage)
                if p.energy:
                    energy_terms += _neg(total[pi], -p.energy)
        self._late_reads(c, by_source, kills)
        # Each total cost: one variant chosen (in a plan, none for a cost left unpaid).
        final = self.L + 1
        cost_life_terms: Terms = []
        self.blocks = [self._cost_block(bi, cost, most, cons[final], cost_life_terms, energy_terms)
                       for bi, cost in enumerate(self.costs)]
        b0 = self.blocks[0]
        # Mana balance: lower levels pay higher ones; everything fits in the end.
        self.waste_terms: Terms = []
        for k in range(n_kinds):
            pool = c.pool_units.get(k, 0)
            made: Terms = list(prod[0][k])
            used: Terms = []
            for lv in range(1, self.L + 1):
                used += cons[lv][k]
                if cons[lv][k]:  # levels that spend nothing new are implied by the one before
                    lin(used + _neg(made), INT_MIN, pool)
                made += prod[lv][k]
            used += cons[self.L + 1][k]
            if used:
                lin(used + _neg(made), INT_MIN, pool)
            if not c.kinds[k].pool and made:
                self.waste_terms += made + _neg(used)
        if self.kw is not None:
            self.kw.finish()
        # Life (601.2g–h, 118.3) and energy.
        player = prob.player
        life = player.life
        if life_terms:
            lin(life_terms, INT_MIN, max(0, life))
        if cost_life_terms:
            paying = self._bool()
            lin(cost_life_terms, INT_MIN, 0, (_not(paying),))
            lin(cost_life_terms + life_terms + damage_terms, INT_MIN, life, (paying,))
        lost_total = life_terms + damage_terms + cost_life_terms
        if player.keep_life is not None and lost_total:
            loses = self._bool()
            lin(lost_total, INT_MIN, 0, (_not(loses),))
            lin(_neg(lost_total), player.keep_life - life, INT_MAX, (loses,))  # life - lost >= keep
        if energy_terms:
            lin(energy_terms, INT_MIN, player.energy)
        # Colors spent on the total cost (609.4b), modelled only when an objective counts them.
        self.color_spent: list[int] = []
        if self.plan is None and {"max_colors", "min_colors"} & set(prob.objective):
            self.color_spent = self._colors(b0.spent_by_type)
        colors = [(b, 1) for b in self.color_spent]
        # Each quantity as terms; an empty list is the constant 0.
        self.quantities: dict[str, Terms] = {
            "max_x": [(self.x, 1)],
            "max_colors": colors,
            "min_colors": colors,
            "min_life": lost_total,
            "min_energy": energy_terms,
            "min_sacrifices": self.sacrifices,
            "min_drawbacks": self.drawback_terms,
            "min_cards": self.cards,
            "min_counters": self.counter_terms,
            "min_sources": self.used,
            "min_waste": self.waste_terms,
        }
        if self.plan is not None:
            self._plan_quantities(lost_total)

    def _others(self, c: Compiled, by_source: dict[int, list[int]]) -> tuple[dict[int, Terms], dict[int, Terms]]:
        """Section 9.2's ``sacrifice_other`` and ``tap_other``: how many copies of each source
        each such activation takes, as variables (``self.victims``), and per source the terms
        of its copies sacrificed and tapped this way. Tapping ones come first, then sacrificing
        ones in producer order; one may sacrifice a copy of a source whose own sacrificing
        abilities come after it only if it is its own source (the copy acts, then goes)."""
        kills: dict[int, Terms] = {}
        tapped_by: dict[int, Terms] = {}
        self.victims: dict[tuple[int, int], int] = {}
        sources = c.problem.sources
        own: dict[tuple[int, str], Terms] = {}
        for pi, p in enumerate(c.producers):
            if p.others is None:
                continue
            kind, n, victims, self_ok = p.others
            xs: Terms = []
            for q in victims:
                if kind == "sac" and q != p.source and any(
                        c.producers[r].others is not None and c.producers[r].others[0] == "sac" and r > pi
                        for r in by_source.get(q, [])):
                    continue  # it would have to act after it is gone
                x = self._int(min(n * p.max_activations, sources[q].count))
                self.victims[(pi, q)] = x
                xs.append((x, 1))
                (kills if kind == "sac" else tapped_by).setdefault(q, []).append((x, 1))
                if q == p.source and not self_ok:
                    own.setdefault((q, kind), []).append((x, 1))
            self._linear(xs + _neg(self.activations[pi], n), 0, 0)
        for (q, kind), terms in own.items():
            if kind == "sac":  # without "self", the last copy standing can't sacrifice itself
                self._linear(terms, INT_MIN, sources[q].count - 1)
        return kills, tapped_by

    def _late_reads(self, c: Compiled, by_source: dict[int, list[int]], kills: dict[int, Terms]) -> None:
        """9.1 ``counts``: an ability reading a fact after level 0's sacrifices reads the given
        value less what the copies sacrificed counted toward it; a reading at value v may be used
        only when that is what the sacrifices leave."""
        late: dict[tuple[str, int], Terms] = {}
        for pi, p in enumerate(c.producers):
            if p.reads is not None and p.reads[0] == "late":
                late.setdefault(p.reads[1:], []).extend(self.activations[pi])
        if not late:
            return
        prob = c.problem
        drop: dict[str, Terms] = {}
        for q, src in enumerate(prob.sources):
            gone = kills.get(q, []) + [t for pi in by_source.get(q, []) if c.producers[pi].sacrifice
                                       and not c.producers[pi].is_converter for t in self.activations[pi]]
            for f, n in src.counts:
                drop.setdefault(f, []).extend(_neg(gone, -n))
        for (f, v), terms in late.items():
            b = self._bool()
            self._linear(terms, INT_MIN, 0, (_not(b),))
            given = prob.fact_map[f]
            self._linear(drop.get(f, []) or [(b, 0)], given - v, given - v, (b,))

    def _colors(self, spent_by_type: dict[str, Terms]) -> list[int]:
        """A literal per color, true when mana of that color is spent (``spent_by_type``)."""
        out = []
        lin = self._linear
        for t in "WUBRG":
            b = self._bool()
            terms = spent_by_type[t]
            if terms:
                lin(terms, 1, INT_MAX, (b,))
                lin(terms, 0, 0, (_not(b),))
            else:
                lin([(b, 1)], 0, 0)
            out.append(b)
        return out

    def _plan_quantities(self, lost_total: Terms) -> None:
        """What a plan optimizes (spec section 7): how many costs it pays, their total mana value
        (202.3, X as chosen: 202.3e), then the colors keywords ask for, summed over the costs
        (sunburst and converge: most; eclipse: fewest), then the quantities of every payment."""
        plan = self.plan
        assert plan is not None
        lin = self._linear
        paid = [b.paid for b in self.blocks]
        if plan.prefix:  # "order": "given": what is paid is a prefix of the costs
            for before, after in zip(paid, paid[1:]):
                lin([(after, 1), (before, -1)], INT_MIN, 0)
        player = self.c.problem.player
        if lost_total and (player.keep_life is None or player.keep_life < 0):
            # Life is paid at each step of the plan with what earlier steps left: this keeps
            # every such payment affordable, whatever comes after it (README: plan).
            lin(lost_total, INT_MIN, max(0, player.life))
        value: Terms = []
        most_colors: Terms = []
        fewest_colors: Terms = []
        for bi, (b, cost) in enumerate(zip(self.blocks, self.costs)):
            value.append((b.paid, plan.mana_values[bi]))
            if plan.x_in_value[bi]:
                value.append((self.xs[bi], plan.x_in_value[bi]))
            keywords = cost.problem.keywords
            if "sunburst" in keywords or "converge" in keywords:
                most_colors += [(lit, 1) for lit in self._colors(b.spent_by_type)]
            if "eclipse" in keywords:
                fewest_colors += [(lit, 1) for lit in self._colors(b.spent_by_type)]
        self.quantities["plan_paid"] = [(lit, 1) for lit in paid]
        self.quantities["plan_mana_value"] = value
        self.quantities["plan_most_colors"] = most_colors
        self.quantities["plan_fewest_colors"] = fewest_colors

    def _cost_block(self, bi: int, c: Compiled, most: list[int], cons_final: list[Terms],
                    cost_life_terms: Terms, energy_terms: Terms) -> _Block:
        """The variables and constraints of one total cost ``c`` (the ``bi``-th): which variant,
        how each symbol class is paid, X, generic and its reductions; its mana is spent after
        every activation (``cons_final``), its life and energy go into the terms given."""
        lin = self._linear
        b = _Block()
        sels = b.sel = [self._bool() for _ in c.variants]
        x = self.xs[bi]
        if self.plan is None:
            self._cts.append(f"constraints{{exactly_one{{literals:[{_ints(sels)}]}}}}")
        else:  # a cost of a plan may be left unpaid: then no variant, and X is 0
            b.paid = self._bool()
            lin([(sel, 1) for sel in sels] + [(b.paid, -1)], 0, 0)
            lin([(x, 1)], 0, 0, (_not(b.paid),))
        cost_y, cost_f, gen_f, red, spent_by_type = b.cost_y, b.cost_f, b.gen_f, b.red, b.spent_by_type
        prob = c.problem
        x_fixed = prob.x if prob.x != "max" else None
        for vi, v in enumerate(c.variants):
            sel = sels[vi]
            generic: dict[str, Terms] = {}
            accept_of: dict[str, frozenset[int]] = {}
            for di, d in enumerate(v.demands):
                ys = []
                # A symbol with one way to pay (and no assumption to relax it) is paid d.count
                # times exactly when its variant is chosen: no variable needed.
                fixed = len(d.options) == 1 and not self.relax
                for oi, o in enumerate(d.options):
                    y = [(sel, d.count)] if fixed else [(self._int(d.count), 1)]
                    cost_y[(vi, di, oi)] = y
                    ys += y
                    if o.life:
                        cost_life_terms += _neg(y, -o.life)
                    if o.generic:
                        generic.setdefault(o.generic, []).extend(_neg(y, -o.units))
                        accept_of[o.generic] = o.accept
                    elif o.units:
                        fs = []
                        for k in sorted(o.accept):
                            f = self._int(min(d.count * o.units, most[k]))
                            cost_f[(vi, di, oi, k)] = f
                            fs.append((f, 1))
                            cons_final[k].append((f, 1))
                            spent_by_type[c.kinds[k].type].append((f, 1))
                        kw = self.kw.option(vi, di, oi, d, o) if self.kw is not None else []
                        lin(fs + kw + _neg(y, o.units), 0, 0)
                if not fixed:
                    self._require((ys + [(sel, -d.count)], 0, 0), (ys, 0, 0), [str(d.symbol)] * d.count)
            # X: a bounded integer; its mana is generic of its own category (x_color, Achroma).
            if v.x_symbols:
                xu = self._int(v.x_symbols * c.x_upper)
                lin([(xu, 1), (x, -v.x_symbols)], 0, 0, (sel,))
                lin([(xu, 1)], 0, 0, (_not(sel),))
                generic.setdefault("x", []).append((xu, 1))
                accept_of["x"] = v.x_accept
            if v.x_zero or not v.x_symbols:
                if c.x_upper > 0:  # else X's domain is {0} already
                    lin([(x, 1)], 0, 0, (sel,))
                if v.total.variant == "free" and x_fixed:
                    lin([(sel, 1)], 0, 0)  # 107.3b: without paying its mana cost, X is 0
            if x_fixed is not None and v.x_symbols and not v.x_zero:
                lit = self._require(None, None, ["{X}"] * v.x_symbols)
                lin([(x, 1)], x_fixed, x_fixed, (sel, lit) if lit is not None else (sel,))
            if v.x_symbols and v.x_zero and x_fixed:
                lin([(sel, 1)], 0, 0)
            # Generic reductions: remove min(R, generic) from the categories the player picks.
            size_ub = {cat: _generic_bound(c, v, cat) for cat in generic}
            if v.total.generic_reduction and generic:
                for cat, size in generic.items():
                    r = self._int(size_ub[cat])
                    red[(vi, cat)] = r
                    lin([(r, 1)] + _neg(size), INT_MIN, 0)
                self._min_equality([(red[(vi, cat)], 1) for cat in generic],
                                   [[(sel, v.total.generic_reduction)], [t for size in generic.values() for t in size]])
            for cat, size in generic.items():
                fs = []
                for k in sorted(accept_of[cat]):
                    f = self._int(min(size_ub[cat], most[k]))
                    gen_f[(vi, cat, k)] = f
                    fs.append((f, 1))
                    cons_final[k].append((f, 1))
                    spent_by_type[c.kinds[k].type].append((f, 1))
                r = red.get((vi, cat))
                if self.kw is not None:
                    fs += self.kw.generic(vi, cat, size_ub[cat])
                lin(fs + _neg(size) + ([(r, 1)] if r is not None else []), 0, 0)
            if v.total.life:
                cost_life_terms.append((self._both(sel, f"{v.total.life} life"), v.total.life))
            if v.energy:
                energy_terms.append((self._both(sel, "".join(["{E}"] * v.energy)), v.energy))
        return b

    def _bounds(self) -> dict[str, int]:
        """Upper bounds of the quantities (all are >= 0): they make weighted sums exact."""
        c, prob = self.c, self.c.problem
        made = mana_upper_bound(c)  # (with what Doubling Cubes may add)
        ability_life = sum((p.life + p.damage) * p.max_activations
                           + sum(2 * d.count * p.max_activations for d in p.cost if any(o.life for o in d.options))
                           for p in c.producers)
        cost_life = _cost_life_bound(c)
        copies = sum(s.count for s in prob.sources)
        bounds = {"max_x": c.x_upper, "max_colors": 5, "min_colors": 5, "min_life": ability_life + cost_life,
                  "min_energy": prob.player.energy, "min_sacrifices": copies, "min_sources": copies,
                  "min_waste": made, "min_drawbacks": sum(p.max_activations for p in c.producers if p.drawback),
                  "min_cards": copies + prob.hand + prob.graveyard + sum(
                      p.mill * p.max_activations for p in c.producers),
                  "min_counters": sum((p.counters + max(p.removed, default=0)) * p.max_activations
                                      for p in c.producers)}
        if self.kw is not None:
            bounds["min_cards"] += self.kw.bound_cards()
        if self.plan is not None:
            plan = self.plan
            bounds["min_life"] = ability_life + sum(_cost_life_bound(cost) for cost in self.costs)
            bounds["plan_paid"] = len(self.costs)
            bounds["plan_mana_value"] = sum(plan.mana_values) + sum(
                n * cost.x_upper for n, cost in zip(plan.x_in_value, self.costs))
            bounds["plan_most_colors"] = bounds["plan_fewest_colors"] = 5 * len(self.costs)
        return bounds

    # -- solving ------------------------------------------------------------------------

    def solve(self, objectives: tuple[str, ...], time_limit: float, late_payment: bool = False) -> Solution:
        """Lexicographic optimization (principle 7): consecutive objectives are merged into one
        weighted sum while their bounds keep it exact (each weight exceeds everything after it);
        each group's optimum is fixed before the next group is solved. With ``late_payment``,
        a limit reached with nothing found gets :meth:`_first_feasible` (a payment whose
        objective values the caller measures; a plan, whose costs may all go unpaid, does not)."""
        deadline = time.monotonic() + deadlines.left(time_limit)  # within the request's (solver/deadline.py)
        solver = thread_solver()
        optimal = True
        last: Solution | None = None
        groups = self._groups(objectives) or [()]
        for group in groups:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                optimal = False
                break
            solver.parameters.max_time_in_seconds = remaining
            if group:
                weight, terms = 1, []
                for name in reversed(group):
                    terms += _neg(self.quantities[name], -weight if name in MINIMIZE else weight)
                    weight *= self.bounds[name] + 1
                self._minimize(terms)
            status = self._solve_quick_then_full(solver, remaining)
            if status == cp_model.INFEASIBLE:
                return Solution("infeasible", optimal=True)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                optimal = False
                break
            if status == cp_model.FEASIBLE:
                optimal = False
            last = self._read(solver)
            if group is not groups[-1]:
                self._hint()
                for name in group:
                    value = self._last_values[name]
                    self._linear(self.quantities[name], value, value)
                self._flush()
        if last is None and late_payment:
            last = self._first_feasible(solver, deadline)
            if last is None:
                return Solution("unknown")
            # Unminimized, the model's quantities are bounds, not values: the caller measures
            # the payment itself (solver.pay fills them in from the verifier's replay).
            last.optimal = False
            last.objective = {}
            return last
        if last is None:
            return Solution("unknown")
        last.optimal = optimal
        last.objective = {name: self._last_values[name] for name in objectives}
        return last

    def _first_feasible(self, solver: cp_model.CpSolver, deadline: float) -> Solution | None:
        """Past the time limit with nothing found: any payment at all, searched without the
        objective until the first one, for what is left of the limit but at least
        :data:`LAST_TRY` seconds (so a payment is returned whenever a quick one exists), or
        None. It is reported as not optimal."""
        self.m.proto.clear_objective()
        params = solver.parameters
        params.copy_from(_SOLVERS.base)
        params.stop_after_first_solution = True
        params.max_time_in_seconds = max(deadline - time.monotonic(), LAST_TRY)
        status = solver.solve(self.m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return self._read(solver)

    def _minimize(self, terms: Terms) -> None:
        set_objective(self.m.proto, terms)

    def _solve_quick_then_full(self, solver: cp_model.CpSolver, remaining: float) -> int:
        """Small models first get a short try without presolve (most finish in a few ms); one
        that doesn't finish within a deterministic budget is solved again with presolve, which
        turns the hard ones from seconds into milliseconds. Deterministic budgets keep the same
        problem on the same path every time."""
        params = solver.parameters
        spent = 0.0
        if len(self._ubs) < SMALL_MODEL:
            params.cp_model_presolve = False
            params.linearization_level = 2  # stronger LP: measured 6.0 -> 3.8 ms on rich boards
            # On models this small the LP does the proving: all of it from the start, and no
            # time on symmetry detection, probing or the costlier cut families (solve median
            # 3.3 -> 1.4 ms, 90th percentile 8 -> 4.5 ms on rich boards).
            params.symmetry_level = 0
            params.cp_model_probing_level = 0
            params.add_lp_constraints_lazily = False
            params.cut_level = 0
            params.max_deterministic_time = QUICK_TRY
            status = solver.solve(self.m)
            if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
                return status
            spent = solver.wall_time
        params.copy_from(_SOLVERS.base)
        params.cp_model_presolve = True
        params.linearization_level = 1
        params.max_deterministic_time = float("inf")
        params.max_time_in_seconds = max(remaining - spent, 0.001)
        return solver.solve(self.m)

    def _groups(self, objectives: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Split the objective list into runs whose weighted sum stays well inside int64."""
        groups: list[list[str]] = []
        span = 0
        for name in objectives:
            if not self.quantities[name]:
                continue  # constant here (for example no sacrifice abilities)
            size = self.bounds[name] + 1
            if groups and span * size < 2**48:
                groups[-1].append(name)
                span *= size
            else:
                groups.append([name])
                span = size
        return [tuple(g) for g in groups]

    def _hint(self) -> None:
        """The last solution, complete, as the hint for the next group."""
        hint = self.m.proto.solution_hint
        hint.vars.clear()
        hint.values.clear()
        hint.vars.extend(range(len(self._values)))
        hint.values.extend(self._values)

    def _read(self, solver: cp_model.CpSolver) -> Solution:
        v = self._values = list(solver.response_proto.solution)

        def val(terms: Terms) -> int:
            return sum(v[i] * a for i, a in terms)

        sol = Solution("paid", levels=self.L)
        self._last_values = {k: val(terms) for k, terms in self.quantities.items()}
        sol.x = v[self.x]
        for k, a in self.acts.items():
            n = val(a)
            if n:
                sol.acts[k] = n
        for (pi, lv, unit, t), s in self.splits.items():
            if v[s]:
                sol.splits.setdefault((pi, lv, unit), {})[t] = v[s]
        flows: dict[tuple, dict[int, int]] = {}
        for (pi, lv, di, oi, k), f in self.ability_f.items():
            if v[f]:
                flows.setdefault((pi, lv, di, oi), {})[k] = v[f]
        for key, y in self.ability_y.items():
            n = val(y)
            if n:
                sol.ability_pay[key] = (n, flows.get(key, {}))
        for key, x in self.victims.items():
            if v[x]:
                sol.victims[key] = v[x]
        if self.plan is None:
            b0 = self.blocks[0]
            sol.variant = next(i for i, s in enumerate(b0.sel) if v[s])
            self._read_cost(b0, sol)
            if self.kw is not None:
                self.kw.read(v, sol)
            return sol
        self.plan_solutions = []
        for bi, b in enumerate(self.blocks):
            if not v[b.paid]:
                self.plan_solutions.append(None)
                continue
            one = Solution("paid", levels=self.L, acts=sol.acts, splits=sol.splits, ability_pay=sol.ability_pay,
                           variant=next(i for i, s in enumerate(b.sel) if v[s]), x=v[self.xs[bi]])
            self._read_cost(b, one)
            self.plan_solutions.append(one)
        return sol

    def _read_cost(self, b: _Block, sol: Solution) -> None:
        """How ``sol``'s variant of the cost of block ``b`` is paid, from the last values."""
        v = self._values
        vi = sol.variant
        flows: dict[tuple[int, int], dict[int, int]] = {}
        for (vj, di, oi, k), f in b.cost_f.items():
            if vj == vi and v[f]:
                flows.setdefault((di, oi), {})[k] = v[f]
        for (vj, di, oi), y in b.cost_y.items():
            if vj == vi:
                n = sum(v[i] * a for i, a in y)
                if n:
                    sol.cost_pay[(di, oi)] = (n, flows.get((di, oi), {}))
        for (vj, cat, k), f in b.gen_f.items():
            if vj == vi and v[f]:
                sol.generic_pay.setdefault(cat, {})[k] = v[f]
        for (vj, cat), r in b.red.items():
            if vj == vi and v[r]:
                sol.reduced[cat] = v[r]


def solve(c: Compiled, objectives: tuple[str, ...], time_limit: float, late_payment: bool = False) -> Solution:
    return Model(c).solve(objectives, time_limit, late_payment)
