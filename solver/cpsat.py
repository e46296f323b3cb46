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

from solver.compile import Compiled

EXACT_LEVELS = 12
"""Up to this many activations of mana-cost abilities, every legal order is modelled."""
SMALL_MODEL = 150
"""Below this many variables presolve usually costs more than it saves (9 ms -> 2 ms);
above it (large boards) the quick try mostly wastes time (p90 89 -> 40 ms measured)."""
QUICK_TRY = 0.01
"""Deterministic time (CP-SAT's own work units) for the try without presolve."""

_SOLVERS = threading.local()
def _sum(terms) -> Any:
    """One expression node for a sum, not one per "+" as the builtin makes."""
    return cp_model.LinearExpr.sum(list(terms))


class _CpModel(cp_model.CpModel):
    """A CpModel without the CamelCase aliases OR-Tools adds to each new model (~1.4 ms each,
    a quarter of building a small model); this module uses the snake_case API only."""

    def _add_pre_pep8_methods(self) -> None:
        pass

MINIMIZE = {"min_colors", "min_life", "min_energy", "min_sacrifices", "min_sources", "min_waste"}


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


class Model:
    """One CP-SAT model of a compiled problem."""

    def __init__(self, c: Compiled, relax: bool = False) -> None:
        """``relax`` puts each cost symbol class behind an assumption literal, so an infeasible
        model can name the symbols that can't be paid together (an infeasible core)."""
        self.c = c
        self.relax = relax
        self.assumptions: list[tuple[Any, list[str]]] = []
        self.m = _CpModel()
        self.L = level_count(c)
        self._build()
        self.bounds = self._bounds()

    # -- construction --------------------------------------------------------------------

    def _require(self, on, off, labels: list[str]):
        """Add ``on`` (and ``off`` when relaxed away); in relax mode behind a new assumption."""
        if not self.relax:
            if on is not None:
                self.m.add(on)
            return None
        lit = self.m.new_bool_var(f"need{len(self.assumptions)}")
        self.assumptions.append((lit, labels))
        if on is not None:
            self.m.add(on).only_enforce_if(lit)
            self.m.add(off).only_enforce_if(lit.negated())
        return lit

    def _both(self, sel, label: str):
        """``sel``, or in relax mode ``sel`` and a new assumption that this part is required."""
        lit = self._require(None, None, [label])
        if lit is None:
            return sel
        both = self.m.new_bool_var("")
        self.m.add_bool_and([sel, lit]).only_enforce_if(both)
        self.m.add_bool_or([sel.negated(), lit.negated()]).only_enforce_if(both.negated())
        return both

    def core(self, time_limit: float) -> list[str] | None:
        """The cost symbols of a minimal infeasible core, or None if the relaxed model is
        feasible with all of them (then the trouble is elsewhere)."""
        solver = self._solver()
        deadline = time.monotonic() + time_limit
        lits = [lit for lit, _ in self.assumptions]

        def infeasible(active: list) -> list | None:
            """The part of ``active`` a proof of infeasibility used, or None (feasible, or no
            proof before the deadline: then nothing may be dropped)."""
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            solver.parameters.max_time_in_seconds = remaining
            self.m.clear_assumptions()
            self.m.add_assumptions(active)
            if solver.solve(self.m) != cp_model.INFEASIBLE:
                return None
            found = set(solver.sufficient_assumptions_for_infeasibility())
            return [lit for lit in active if lit.index in found]

        core = infeasible(lits)
        if core is None:
            return None
        for lit in list(core):  # deletion: drop what the conflict doesn't need
            if all(other is not lit for other in core):
                continue  # already dropped with an earlier one
            rest = [other for other in core if other is not lit]
            smaller = infeasible(rest)
            if smaller is not None:
                core = smaller if len(smaller) < len(rest) else rest
        labels = {lit.index: names for lit, names in self.assumptions}
        return [name for lit in core for name in labels[lit.index]]

    def _generic_bound(self, v, cat: str) -> int:
        """Most generic mana a category of a variant can ask for."""
        if cat == "x":
            return v.x_symbols * self.c.x_upper
        return sum(d.count * o.units for d in v.demands for o in d.options if o.generic == cat)

    def _solver(self) -> cp_model.CpSolver:
        """One worker and a fixed seed: the same problem gets the same answer (principle 6).
        A CpSolver costs ~1.5 ms to create, so each thread keeps one and resets its parameters."""
        solver = getattr(_SOLVERS, "solver", None)
        if solver is None:
            solver = _SOLVERS.solver = cp_model.CpSolver()
            _SOLVERS.base = cp_model.CpSolver().parameters
            _SOLVERS.base.num_workers = 1
            _SOLVERS.base.random_seed = 0
        solver.parameters.copy_from(_SOLVERS.base)
        return solver

    def _int(self, ub: int, name: str = "") -> cp_model.IntVar:
        return self.m.new_int_var(0, max(0, ub), name)

    def _build(self) -> None:
        c, m = self.c, self.m
        n_kinds = len(c.kinds)
        self.x = self._int(c.x_upper, "x")
        prob = c.problem
        # production[level][kind] and consumption[level][kind] as lists of terms
        # Level 0 makes mana without spending any; levels 1..L are mana-cost abilities; the
        # total cost is paid on level L+1, after every activation.
        prod: list[list[Any]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        cons: list[list[Any]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        self.acts: dict[tuple[int, int, int], cp_model.IntVar] = {}
        self.splits: dict[tuple[int, int, str, str], cp_model.IntVar] = {}
        self.ability_y: dict[tuple[int, int, int, int], cp_model.IntVar] = {}
        self.ability_f: dict[tuple[int, int, int, int, int], cp_model.IntVar] = {}
        self.activations: list[list[Any]] = [[] for _ in c.producers]
        ability_life_terms: list[Any] = []
        for pi, p in enumerate(c.producers):
            levels = range(1, self.L + 1) if p.is_converter else (0,)
            for lv in levels:
                unit_totals: dict[str, list[Any]] = {}
                for ci, choice in enumerate(p.choices):
                    a = self._int(p.max_activations, f"a{pi}_{lv}_{ci}")
                    self.acts[(pi, lv, ci)] = a
                    self.activations[pi].append(a)
                    for unit in set(choice):
                        mult = choice.count(unit)
                        if len(unit) == 1:
                            prod[lv][p.kind_of_type[unit]].append(mult * a)
                        else:
                            unit_totals.setdefault(unit, []).append(mult * a)
                for unit, terms in unit_totals.items():
                    parts = []
                    for t in unit:
                        s = self._int(p.max_activations * 8, f"s{pi}_{lv}_{unit}_{t}")
                        self.splits[(pi, lv, unit, t)] = s
                        parts.append(s)
                        prod[lv][p.kind_of_type[t]].append(s)
                    m.add(_sum(parts) == _sum(terms))
                if p.is_converter:
                    count = _sum(self.acts[(pi, lv, ci)] for ci in range(len(p.choices)))
                    for di, d in enumerate(p.cost):
                        ys = []
                        for oi, o in enumerate(d.options):
                            y = self._int(p.max_activations * d.count, f"ay{pi}_{lv}_{di}_{oi}")
                            self.ability_y[(pi, lv, di, oi)] = y
                            ys.append(y)
                            if o.life:
                                ability_life_terms.append(o.life * y)
                            if o.units:
                                fs = []
                                for k in sorted(o.accept):
                                    f = self._int(p.max_activations * d.count * o.units, f"af{pi}_{lv}_{di}_{oi}_{k}")
                                    self.ability_f[(pi, lv, di, oi, k)] = f
                                    fs.append(f)
                                    cons[lv][k].append(f)
                                m.add(_sum(fs) == o.units * y)
                        m.add(_sum(ys) == d.count * count)
        # Copy limits per source entry: taps, sacrifices, uses (spec section 8, "Copies").
        self.used: list[Any] = []
        self.sacrifices: list[Any] = []
        life_terms, damage_terms, energy_terms = list(ability_life_terms), [], []
        by_source: dict[int, list[int]] = {}
        for pi, p in enumerate(c.producers):
            by_source.setdefault(p.source, []).append(pi)
        for si, pis in by_source.items():
            src = prob.sources[si]
            total = {pi: _sum(self.activations[pi]) for pi in pis}
            taps = [total[pi] for pi in pis if c.producers[pi].tap]
            sacs = [total[pi] for pi in pis if c.producers[pi].sacrifice]
            u = self._int(src.count, f"used{si}")
            if taps:
                m.add(_sum(taps) <= src.count - src.tapped)
                m.add(u >= _sum(taps))
            if sacs:
                m.add(_sum(sacs) <= src.count)
                m.add(u >= _sum(sacs))
                self.sacrifices.extend(sacs)
            for pi in pis:
                p = c.producers[pi]
                if not p.tap:
                    m.add(total[pi] <= p.uses * src.count)
                    m.add(u * p.uses >= total[pi])
                if p.life:
                    life_terms.append(p.life * total[pi])
                if p.damage:
                    damage_terms.append(p.damage * total[pi])
                if p.energy:
                    energy_terms.append(p.energy * total[pi])
            self.used.append(u)
        # The total cost: one variant chosen.
        self.sel = [m.new_bool_var(f"variant{vi}") for vi in range(len(c.variants))]
        m.add_exactly_one(self.sel)
        self.cost_y: dict[tuple[int, int, int], cp_model.IntVar] = {}
        self.cost_f: dict[tuple[int, int, int, int], cp_model.IntVar] = {}
        self.gen_f: dict[tuple[int, str, int], cp_model.IntVar] = {}
        self.red: dict[tuple[int, str], cp_model.IntVar] = {}
        cost_life_terms: list[Any] = []
        final = self.L + 1
        spent_by_type: dict[str, list[Any]] = {t: [] for t in "WUBRGC"}
        x_fixed = prob.x if prob.x != "max" else None
        for vi, v in enumerate(c.variants):
            sel = self.sel[vi]
            generic: dict[str, list[Any]] = {}
            accept_of: dict[str, frozenset[int]] = {}
            for di, d in enumerate(v.demands):
                ys = []
                for oi, o in enumerate(d.options):
                    y = self._int(d.count, f"y{vi}_{di}_{oi}")
                    self.cost_y[(vi, di, oi)] = y
                    ys.append(y)
                    if o.life:
                        cost_life_terms.append(o.life * y)
                    if o.generic:
                        generic.setdefault(o.generic, []).append(o.units * y)
                        accept_of[o.generic] = o.accept
                    elif o.units:
                        fs = []
                        for k in sorted(o.accept):
                            f = self._int(d.count * o.units, f"f{vi}_{di}_{oi}_{k}")
                            self.cost_f[(vi, di, oi, k)] = f
                            fs.append(f)
                            cons[final][k].append(f)
                            spent_by_type[c.kinds[k].type].append(f)
                        m.add(_sum(fs) == o.units * y)
                self._require(_sum(ys) == d.count * sel, _sum(ys) == 0, [str(d.symbol)] * d.count)
            # X: a bounded integer; its mana is generic of its own category (x_color, Achroma).
            xu = self._int(v.x_symbols * c.x_upper, f"xu{vi}")
            if v.x_symbols:
                m.add(xu == v.x_symbols * self.x).only_enforce_if(sel)
                m.add(xu == 0).only_enforce_if(sel.negated())
                generic.setdefault("x", []).append(xu)
                accept_of["x"] = v.x_accept
            if v.x_zero or not v.x_symbols:
                m.add(self.x == 0).only_enforce_if(sel)
                if v.total.variant == "free" and x_fixed:
                    m.add(sel == 0)  # 107.3b: without paying its mana cost, X is 0
            if x_fixed is not None and v.x_symbols and not v.x_zero:
                lit = self._require(None, None, ["{X}"] * v.x_symbols)
                m.add(self.x == x_fixed).only_enforce_if([sel, lit] if lit is not None else [sel])
            if v.x_symbols and v.x_zero and x_fixed:
                m.add(sel == 0)
            # Generic reductions: remove min(R, generic) from the categories the player picks.
            sizes = {cat: _sum(terms) for cat, terms in generic.items()}
            size_ub = {cat: self._generic_bound(v, cat) for cat in sizes}
            if v.total.generic_reduction and sizes:
                for cat in sizes:
                    r = self._int(size_ub[cat], f"r{vi}_{cat}")
                    self.red[(vi, cat)] = r
                    m.add(r <= sizes[cat])
                m.add_min_equality(_sum(self.red[(vi, cat)] for cat in sizes),
                                   [v.total.generic_reduction * sel, _sum(sizes.values())])
            for cat, size in sizes.items():
                fs = []
                for k in sorted(accept_of[cat]):
                    f = self._int(size_ub[cat], f"g{vi}_{cat}_{k}")
                    self.gen_f[(vi, cat, k)] = f
                    fs.append(f)
                    cons[final][k].append(f)
                    spent_by_type[c.kinds[k].type].append(f)
                m.add(_sum(fs) == size - self.red.get((vi, cat), 0))
            if v.total.life:
                cost_life_terms.append(v.total.life * self._both(sel, f"{v.total.life} life"))
            if v.energy:
                energy_terms.append(v.energy * self._both(sel, "".join(["{E}"] * v.energy)))
        # Mana balance: lower levels pay higher ones; everything fits in the end.
        self.waste_terms: list[Any] = []
        for k in range(n_kinds):
            pool = c.pool_units.get(k, 0)
            made: list[Any] = list(prod[0][k])
            used: list[Any] = []
            for lv in range(1, self.L + 1):
                used += cons[lv][k]
                if cons[lv][k]:  # levels that spend nothing new are implied by the one before
                    m.add(_sum(used) <= pool + _sum(made))
                made += prod[lv][k]
            used += cons[self.L + 1][k]
            if used:
                m.add(_sum(used) <= pool + _sum(made))
            if not c.kinds[k].pool and made:
                self.waste_terms.append(_sum(made) - _sum(used))
        # Life (601.2g–h, 118.3) and energy.
        player = prob.player
        life = player.life
        self.ability_life = _sum(life_terms) if life_terms else 0
        self.damage = _sum(damage_terms) if damage_terms else 0
        self.cost_life = _sum(cost_life_terms) if cost_life_terms else 0
        if life_terms:
            m.add(self.ability_life <= max(0, life))
        if cost_life_terms:
            paying = m.new_bool_var("pays_life")
            m.add(self.cost_life <= 0).only_enforce_if(paying.negated())
            m.add(self.cost_life <= life - self.ability_life - self.damage).only_enforce_if(paying)
        lost_total = self.ability_life + self.damage + self.cost_life
        if player.keep_life is not None and (life_terms or damage_terms or cost_life_terms):
            loses = m.new_bool_var("loses_life")
            m.add(lost_total <= 0).only_enforce_if(loses.negated())
            m.add(life - lost_total >= player.keep_life).only_enforce_if(loses)
        self.energy = _sum(energy_terms) if energy_terms else 0
        if energy_terms:
            m.add(self.energy <= player.energy)
        # Colors spent on the total cost (609.4b), modelled only when an objective counts them.
        self.color_spent = []
        wanted = {"max_colors", "min_colors"} & set(prob.objective)
        for t in "WUBRG" if wanted else "":
            b = m.new_bool_var(f"spent_{t}")
            terms = spent_by_type[t]
            if terms:
                m.add(_sum(terms) >= 1).only_enforce_if(b)
                m.add(_sum(terms) == 0).only_enforce_if(b.negated())
            else:
                m.add(b == 0)
            self.color_spent.append(b)
        self.quantities = {
            "max_x": self.x,
            "max_colors": _sum(self.color_spent) if self.color_spent else 0,
            "min_colors": _sum(self.color_spent) if self.color_spent else 0,
            "min_life": self.ability_life + self.damage + self.cost_life,
            "min_energy": self.energy,
            "min_sacrifices": _sum(self.sacrifices) if self.sacrifices else 0,
            "min_sources": _sum(self.used) if self.used else 0,
            "min_waste": _sum(self.waste_terms) if self.waste_terms else 0,
        }

    def _bounds(self) -> dict[str, int]:
        """Upper bounds of the quantities (all are >= 0): they make weighted sums exact."""
        c, prob = self.c, self.c.problem
        made = sum(c.pool_units.values()) + sum(max((len(ch) for ch in p.choices), default=0) * p.max_activations
                                               for p in c.producers)
        ability_life = sum((p.life + p.damage) * p.max_activations
                           + sum(2 * d.count * p.max_activations for d in p.cost if any(o.life for o in d.options))
                           for p in c.producers)
        cost_life = max((v.total.life + sum(2 * d.count for d in v.demands if any(o.life for o in d.options))
                         for v in c.variants), default=0)
        copies = sum(s.count for s in prob.sources)
        return {"max_x": c.x_upper, "max_colors": 5, "min_colors": 5, "min_life": ability_life + cost_life,
                "min_energy": prob.player.energy, "min_sacrifices": copies, "min_sources": copies,
                "min_waste": made}

    # -- solving ------------------------------------------------------------------------

    def solve(self, objectives: tuple[str, ...], time_limit: float) -> Solution:
        """Lexicographic optimization (principle 7): consecutive objectives are merged into one
        weighted sum while their bounds keep it exact (each weight exceeds everything after it);
        each group's optimum is fixed before the next group is solved."""
        m = self.m
        deadline = time.monotonic() + time_limit
        solver = self._solver()
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
                    q = self.quantities[name]
                    terms.append((weight if name in MINIMIZE else -weight) * q)
                    weight *= self.bounds[name] + 1
                m.minimize(sum(terms))
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
                self._hint(solver)
            for name in group:
                m.add(self.quantities[name] == self._last_values[name])
        if last is None:
            return Solution("unknown")
        last.optimal = optimal
        last.objective = {name: self._last_values[name] for name in objectives}
        return last

    def _solve_quick_then_full(self, solver: cp_model.CpSolver, remaining: float) -> int:
        """Small models first get a short try without presolve (most finish in a few ms); one
        that doesn't finish within a deterministic budget is solved again with presolve, which
        turns the hard ones from seconds into milliseconds. Deterministic budgets keep the same
        problem on the same path every time."""
        params = solver.parameters
        if len(self.m.proto.variables) < SMALL_MODEL:
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
        params.copy_from(_SOLVERS.base)
        params.cp_model_presolve = True
        params.linearization_level = 1
        params.max_deterministic_time = float("inf")
        params.max_time_in_seconds = max(remaining - solver.wall_time, 0.001)
        return solver.solve(self.m)

    def _groups(self, objectives: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Split the objective list into runs whose weighted sum stays well inside int64."""
        groups: list[list[str]] = []
        span = 0
        for name in objectives:
            if isinstance(self.quantities[name], int):
                continue  # constant here (for example no sacrifice abilities)
            size = self.bounds[name] + 1
            if groups and span * size < 2**48:
                groups[-1].append(name)
                span *= size
            else:
                groups.append([name])
                span = size
        return [tuple(g) for g in groups]

    def _hint(self, solver: cp_model.CpSolver) -> None:
        m = self.m
        m.clear_hints()
        for var in self._all_vars():
            m.add_hint(var, solver.value(var))

    def _all_vars(self):
        yield self.x
        yield from self.acts.values()
        yield from self.splits.values()
        yield from self.ability_y.values()
        yield from self.ability_f.values()
        yield from self.cost_y.values()
        yield from self.cost_f.values()
        yield from self.gen_f.values()
        yield from self.red.values()
        yield from self.sel

    def _read(self, solver: cp_model.CpSolver) -> Solution:
        v = solver.value
        sol = Solution("paid", levels=self.L)
        self._last_values = {k: (v(e) if not isinstance(e, int) else e) for k, e in self.quantities.items()}
        sol.variant = next(i for i, s in enumerate(self.sel) if v(s))
        sol.x = v(self.x)
        sol.acts = {k: v(a) for k, a in self.acts.items() if v(a)}
        for (pi, lv, unit, t), s in self.splits.items():
            if v(s):
                sol.splits.setdefault((pi, lv, unit), {})[t] = v(s)
        for (pi, lv, di, oi), y in self.ability_y.items():
            n = v(y)
            if n:
                flows = {k: v(f) for (a, b, c_, d, k), f in self.ability_f.items()
                         if (a, b, c_, d) == (pi, lv, di, oi) and v(f)}
                sol.ability_pay[(pi, lv, di, oi)] = (n, flows)
        vi = sol.variant
        for (vj, di, oi), y in self.cost_y.items():
            if vj != vi or not v(y):
                continue
            flows = {k: v(f) for (a, b, c_, k), f in self.cost_f.items() if (a, b, c_) == (vj, di, oi) and v(f)}
            sol.cost_pay[(di, oi)] = (v(y), flows)
        for (vj, cat, k), f in self.gen_f.items():
            if vj == vi and v(f):
                sol.generic_pay.setdefault(cat, {})[k] = v(f)
        for (vj, cat), r in self.red.items():
            if vj == vi and v(r):
                sol.reduced[cat] = v(r)
        return sol


def solve(c: Compiled, objectives: tuple[str, ...], time_limit: float) -> Solution:
    return Model(c).solve(objectives, time_limit)
