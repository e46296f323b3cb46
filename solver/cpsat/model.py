"""The CP-SAT back end: integer counts per class, never a boolean per copy and symbol.

Variables are activation counts per (ability class, output choice, level), splits of flexible
units (hybrid or any-color output) per type, option counts per demand class (which half of a
hybrid, mana or life for a Phyrexian symbol) and flows per (mana kind, demand). Abilities with a
mana cost (filter lands, Signets) sit on levels 1..L and may only spend mana made on lower
levels or held in the pool, so no ability pays for itself and no cycle pays for itself.
Objectives are optimized lexicographically, each optimum fixed before the next (principle 7).

:class:`Model` is put together by composition: it owns a writer (solver/sat.py's ``Writer``),
has its board built by a ``BoardBuilder`` (cpsat/build.py, which calls one function per family
of constraints: cpsat/levels.py, front/doubling.py, copies.py, order.py, keywords.py, costs.py), takes
the quantities' bounds from cpsat/bounds.py, solves with cpsat/solve.py's strategy and reads
each solution back with cpsat/read.py. The names other modules use are importable from here.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

import tapwise.solver.deadline as deadlines
from tapwise.solver.contract import Compiled, Solution
from tapwise.solver.cpsat.bounds import bounds
from tapwise.solver.cpsat.build import EXACT_LEVELS, BoardBuilder, level_count
from tapwise.solver.cpsat.levels import reads_between
from tapwise.solver.cpsat.costs import (PLAN_OBJECTIVES, PLAN_OBJECTIVES_V2, PLAN_SUMMED,
                                        PLAN_SUMMED_V2, Plan)
from tapwise.solver.cpsat.read import read
from tapwise.solver.cpsat.solve import (LAST_TRY, MINIMIZE, QUICK_TRY, SMALL_MODEL, first_feasible,
                                        groups, set_hint, solve_quick_then_full, thread_solver,
                                        weighted)
from tapwise.solver.sat import (INT_MAX, INT_MIN, Terms, Writer, _neg, _not, linear_text,
                                new_model, set_objective)

__all__ = ["EXACT_LEVELS", "INT_MAX", "INT_MIN", "LAST_TRY", "MINIMIZE", "Model", "PLAN_OBJECTIVES",
           "PLAN_OBJECTIVES_V2", "PLAN_SUMMED", "PLAN_SUMMED_V2", "Plan", "QUICK_TRY",
           "SMALL_MODEL", "Solution", "Terms", "_neg", "_not", "level_count", "linear_text",
           "new_model", "set_objective", "solve", "thread_solver"]


class Model:
    """One CP-SAT model of a compiled problem.

    The model is written as CP-SAT's text format and parsed in one call: variables are plain
    indices and expressions lists of (index, coefficient), so building costs Python list
    operations rather than a call into OR-Tools per variable, term and constraint. Values are
    read back in one call after each solve. With the smaller model (see cpsat/build.py) this
    took building a rich board's model from 1.4 to 0.7 ms at the median (docs/profile.md)."""

    def __init__(self, c: Compiled, relax: bool = False, plan: Plan | None = None) -> None:
        """``relax`` puts each cost symbol class behind an assumption literal, so an infeasible
        model can name the symbols that can't be paid together (an infeasible core). ``plan``
        models several costs paid from ``c``'s board (spec section 7), each one optional."""
        self.c = c
        self.plan = plan
        self.w = Writer(relax)
        self.board = self._build(c, plan)
        self.w.flush()
        self.quantities = self.board.quantities
        self.bounds = bounds(self.board)
        # in a plan, each cost's share of the last solution
        self.plan_solutions: list[Solution | None] = []
        self._values: list[int] = []  # the last solution's values, per variable
        self._last_values: dict[str, int] = {}  # and of each quantity

    def _build(self, c: Compiled, plan: Plan | None) -> BoardBuilder:
        """The board the model solves (a keep model adds its kept parts beside it)."""
        return BoardBuilder(self.w, c, plan)

    def core(self, time_limit: float) -> list[str] | None:
        """The cost symbols of a minimal infeasible core, or None if the relaxed model is
        feasible with all of them (then the trouble is elsewhere)."""
        solver = thread_solver()
        # within the request's (solver/deadline.py)
        deadline = time.monotonic() + deadlines.left(time_limit)
        m = self.w.m
        lits = [lit for lit, _ in self.w.assumptions]
        assumptions = m.proto.assumptions

        def infeasible(active: list[int]) -> list[int] | None:
            """The part of ``active`` a proof of infeasibility used, or None (feasible, or no
            proof before the deadline: then nothing may be dropped)."""
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            solver.parameters.max_time_in_seconds = remaining
            assumptions.clear()
            assumptions.extend(active)
            if solver.solve(m) != cp_model.INFEASIBLE:
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
        labels = dict(self.w.assumptions)
        return [name for lit in core for name in labels[lit]]

    def solve(self, objectives: tuple[str, ...], time_limit: float,
              late_payment: bool = False) -> Solution:
        """Lexicographic optimization (principle 7): consecutive objectives are merged into one
        weighted sum while their bounds keep it exact (each weight exceeds everything after it);
        each group's optimum is fixed before the next group is solved. With ``late_payment``,
        a limit reached with nothing found gets cpsat/solve.py's ``first_feasible`` (a payment
        whose objective values the caller measures; a plan, whose costs may all go unpaid, does
        not)."""
        # within the request's (solver/deadline.py)
        deadline = time.monotonic() + deadlines.left(time_limit)
        solver = thread_solver()
        w, m = self.w, self.w.m
        optimal = True
        last: Solution | None = None
        runs = groups(objectives, self.quantities, self.bounds) or [()]
        for group in runs:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                optimal = False
                break
            solver.parameters.max_time_in_seconds = remaining
            if group:
                set_objective(m.proto, weighted(group, self.quantities, self.bounds))
            status = solve_quick_then_full(solver, m, len(w), remaining)
            if status == cp_model.INFEASIBLE:
                return Solution("infeasible", optimal=True)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                optimal = False
                break
            if status == cp_model.FEASIBLE:
                optimal = False
            last = self._read(solver)
            if group is not runs[-1]:
                set_hint(m, self._values)
                for name in group:
                    value = self._last_values[name]
                    w.linear(self.quantities[name], value, value)
                w.flush()
        if last is None and late_payment:
            last = self._read(solver) if first_feasible(solver, m, deadline) else None
            if last is None:
                return Solution("unknown")
            # Unminimized, the model's quantities are bounds, not values: the caller measures
            # the payment itself (solver.queries.pay fills them in from the verifier's replay).
            last.optimal = False
            last.objective = {}
            return last
        if last is None:
            return Solution("unknown")
        # a fact read between two sacrifices of a level may waste less (cpsat/levels.py)
        last.optimal = optimal and not ("min_waste" in objectives and reads_between(self.c))
        last.objective = {name: self._last_values[name] for name in objectives}
        return last

    def _read(self, solver: cp_model.CpSolver) -> Solution:
        """The last solution of ``solver``: its values kept, the board's counts read back."""
        self._values = list(solver.response_proto.solution)
        got = read(self.board, self._values)
        self._last_values = got.quantities
        self.plan_solutions = got.plan_solutions
        return got.solution


def solve(c: Compiled, objectives: tuple[str, ...], time_limit: float,
          late_payment: bool = False) -> Solution:
    return Model(c).solve(objectives, time_limit, late_payment)
