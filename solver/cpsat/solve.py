"""The CP-SAT model's solve strategy, as functions ``cpsat.Model`` calls: lexicographic
objectives in weighted groups, the quick try without presolve on small models, the last try for
any payment past the time limit. Only the solver's parameters and the model's objective and
hint change here; the model's variables and constraints come from its build.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from tapwise.solver.sat import _SOLVERS, Terms, _neg, thread_solver  # noqa: F401 (re-exported)

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


def solve_quick_then_full(solver: cp_model.CpSolver, m: cp_model.CpModel, n_vars: int,
                          remaining: float) -> int:
    """Small models (``n_vars`` variables) first get a short try without presolve (most finish
    in a few ms); one that doesn't finish within a deterministic budget is solved again with
    presolve, which turns the hard ones from seconds into milliseconds. Deterministic budgets
    keep the same problem on the same path every time."""
    params = solver.parameters
    spent = 0.0
    if n_vars < SMALL_MODEL:
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
        status = solver.solve(m)
        if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            return status
        spent = solver.wall_time
    params.copy_from(_SOLVERS.base)
    params.cp_model_presolve = True
    params.linearization_level = 1
    params.max_deterministic_time = float("inf")
    params.max_time_in_seconds = max(remaining - spent, 0.001)
    return solver.solve(m)


def groups(objectives: tuple[str, ...], quantities: dict[str, Terms],
           bounds: dict[str, int]) -> list[tuple[str, ...]]:
    """Split the objective list into runs whose weighted sum stays well inside int64 (an
    objective whose quantity is constant here, for example no sacrifice abilities, is left
    out)."""
    out: list[list[str]] = []
    span = 0
    for name in objectives:
        if not quantities[name]:
            continue
        size = bounds[name] + 1
        if out and span * size < 2**48:
            out[-1].append(name)
            span *= size
        else:
            out.append([name])
            span = size
    return [tuple(g) for g in out]


def weighted(group: tuple[str, ...], quantities: dict[str, Terms],
             bounds: dict[str, int]) -> Terms:
    """One group's objectives as one weighted sum to minimize: each weight exceeds everything
    after it, so the sum's optimum is the group's lexicographic optimum."""
    weight, terms = 1, []
    for name in reversed(group):
        terms += _neg(quantities[name], -weight if name in MINIMIZE else weight)
        weight *= bounds[name] + 1
    return terms


def first_feasible(solver: cp_model.CpSolver, m: cp_model.CpModel, deadline: float) -> bool:
    """Past the time limit with nothing found: any payment at all, searched without the
    objective until the first one, for what is left of the limit but at least
    :data:`LAST_TRY` seconds (so a payment is found whenever a quick one exists). Whether one
    was found (then the solver holds it)."""
    m.proto.clear_objective()
    params = solver.parameters
    params.copy_from(_SOLVERS.base)
    params.stop_after_first_solution = True
    params.max_time_in_seconds = max(deadline - time.monotonic(), LAST_TRY)
    return solver.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def set_hint(m: cp_model.CpModel, values: list[int]) -> None:
    """``values`` (a whole solution) as the hint for the next solve."""
    hint = m.proto.solution_hint
    hint.vars.clear()
    hint.values.clear()
    hint.vars.extend(range(len(values)))
    hint.values.extend(values)
