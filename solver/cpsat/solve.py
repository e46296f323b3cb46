"""The CP-SAT model's solve strategy: lexicographic objectives in weighted groups, the quick
try without presolve on small models, the last try for any payment past the time limit, and
the minimal infeasible core of a relaxed model. Only the solver's parameters and the model's
objective and hint change here; the model's variables and constraints come from its build.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

import tapwise.solver.deadline as deadlines
from tapwise.solver.contract import Solution
from tapwise.solver.sat import _SOLVERS, Terms, _neg, set_objective, thread_solver  # noqa: F401 (re-exported)

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

MINIMIZE = {"min_colors", "min_life", "min_energy", "min_sacrifices", "min_sources", "min_waste",
            "min_drawbacks", "min_cards", "min_counters", "plan_fewest_colors"}


class Strategy:
    """The solving half of :class:`tapwise.solver.cpsat.model.Model` (it reads ``quantities`` and
    ``bounds`` from the build and calls ``_read`` after each solve)."""

    def core(self, time_limit: float) -> list[str] | None:
        """The cost symbols of a minimal infeasible core, or None if the relaxed model is
        feasible with all of them (then the trouble is elsewhere)."""
        solver = thread_solver()
        # within the request's (solver/deadline.py)
        deadline = time.monotonic() + deadlines.left(time_limit)
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

    def solve(self, objectives: tuple[str, ...], time_limit: float,
              late_payment: bool = False) -> Solution:
        """Lexicographic optimization (principle 7): consecutive objectives are merged into one
        weighted sum while their bounds keep it exact (each weight exceeds everything after it);
        each group's optimum is fixed before the next group is solved. With ``late_payment``,
        a limit reached with nothing found gets :meth:`_first_feasible` (a payment whose
        objective values the caller measures; a plan, whose costs may all go unpaid, does not)."""
        # within the request's (solver/deadline.py)
        deadline = time.monotonic() + deadlines.left(time_limit)
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
            # the payment itself (solver.queries.pay fills them in from the verifier's replay).
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
