"""The naive CP-SAT model, as a baseline: one boolean per (source copy, output, cost unit).

This is the model DESIGN.md's principle 2 warns against, written the way one first writes
it: every copy is its own set of variables (so identical copies are symmetric and the
search sees them all), every mana of the cost is its own unit, and ``y[copy, output, type,
unit]`` says that this copy's output pays that unit with mana of that type. It is exact, so
on small boards it also checks tapwise's optimum; objectives are solved one at a time
(min life, sacrifices, sources, waste by default), each optimum fixed before the next.
"""

from __future__ import annotations

import time
from typing import Any

from ortools.sat.python import cp_model

from tapwise.models.mana import Kind

from . import GENERIC_FITS, IDX, TYPES, Timeout, accepts, read_problem, result

MAX_BOOLEANS = 400_000
"""Past this the model is not built at all (recorded as a timeout): it would only swap."""


def _units(cost: Any, model: cp_model.CpModel) -> tuple[list[tuple[str, Any]], list[Any]]:
    """Cost units as (types that can pay it, literal saying the unit must be paid by mana),
    and the Phyrexian "paid with 2 life" literals."""
    units: list[tuple[str, Any]] = []
    life_lits: list[Any] = []
    for s in cost:
        if s.kind is Kind.GENERIC:
            units += [(accepts(s), 1)] * s.amount
        elif s.kind is Kind.TWOBRID:
            colored = model.new_bool_var(f"colored {s}")
            units.append((accepts(s), colored))
            units += [(GENERIC_FITS, ~colored)] * 2
        elif s.kind in (Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN):
            life = model.new_bool_var(f"life {s}")
            life_lits.append(life)
            units.append((accepts(s), ~life))
        else:
            units.append((accepts(s), 1))
    return units, life_lits


def _spend(model: cp_model.CpModel, units: list, paying: list[list[Any]], t: str, available: Any) -> list[Any]:
    """One boolean per cost unit that mana of type ``t`` could pay, at most ``available`` true."""
    ys = []
    for u, (fits, _) in enumerate(units):
        if t in fits:
            y = model.new_bool_var("")
            paying[u].append(y)
            ys.append(y)
    model.add(sum(ys) <= available)
    return ys


def pay(problem: dict[str, Any], *, budget: float = 5.0, workers: int = 1,
        max_booleans: int = MAX_BOOLEANS) -> dict[str, Any]:
    """Exact lexicographic payment by the naive model; raises :class:`Timeout` when the
    model is too big to build or nothing is found within ``budget`` seconds."""
    start = time.perf_counter()
    board = read_problem(problem)
    if board.life_budget < 0:
        return result("infeasible")
    n_units = sum(s.amount if s.kind is Kind.GENERIC else 3 if s.kind is Kind.TWOBRID else 1
                  for s in board.cost)
    size = sum(e.count * sum(sum(1 for t in TYPES if o.mana[IDX[t]]) for o in e.outputs)
               for e in board.entries) * max(1, n_units)
    if size > max_booleans:
        raise Timeout(f"about {size} booleans, over {max_booleans}", skipped=True)

    model = cp_model.CpModel()
    units, life_lits = _units(board.cost, model)
    paying: list[list[Any]] = [[] for _ in units]  # booleans that can pay each unit
    active, made, sources_life, sacrificed = [], [], [], []
    mana_from_sources: list[Any] = []
    for e in board.entries:
        for c in range(e.count):
            chosen = [model.new_bool_var(f"{e.id}#{c} makes {o.mana}") for o in e.outputs]
            model.add_at_most_one(chosen)
            for a, o in zip(chosen, e.outputs):
                active.append(a)
                made.append(o.total * a)
                sources_life.append(o.life * a)
                if o.sacrifice:
                    sacrificed.append(a)
                for t, n in zip(TYPES, o.mana):
                    if n:
                        mana_from_sources += _spend(model, units, paying, t, n * a)
    for t, n in zip(TYPES, board.pool):
        if n:
            _spend(model, units, paying, t, n)
    for (fits, needed), ys in zip(units, paying):
        if not ys and isinstance(needed, int):
            return result("infeasible")  # nothing can make a type this unit accepts
        model.add(sum(ys) == needed)

    life = sum(sources_life) + 2 * sum(life_lits)
    model.add(life <= board.life_budget)
    expressions = {"min_life": life + board.life_cost, "min_sacrifices": sum(sacrificed),
                   "min_sources": sum(active), "min_waste": sum(made) - sum(mana_from_sources),
                   "min_energy": 0}

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 0
    values: dict[str, int] = {}
    proved = 0
    for name in board.objectives:
        remaining = budget - (time.perf_counter() - start)
        if remaining <= 0:
            break
        solver.parameters.max_time_in_seconds = remaining
        model.minimize(expressions[name])
        status = solver.solve(model)
        if status == cp_model.INFEASIBLE:
            return result("infeasible")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        values = {n: int(solver.value(expressions[n])) for n in board.objectives}
        if status != cp_model.OPTIMAL:
            break
        proved += 1
        model.add(expressions[name] == values[name])
    if not values:
        raise Timeout(f"nothing found in {budget:g}s")
    return result("paid", values, optimal=proved == len(board.objectives))
