"""The fast path's choice of multi-mana activations when there are too many to enumerate.

Boards of hundreds of Sol Rings, Thran Dynamos and bounce lands have millions of ways to choose
how often each multi-mana choice is activated (and how many ``{2/W}`` symbols take their color),
so :mod:`solver.fast.solve` can't try them one by one. Without life to weigh, Hall's theorem gives
the
least sources and the least waste of a choice exactly (see ``_Hall`` there), and both are linear
in the choice but for a maximum over the type sets ``T``:

- paying is possible iff for every ``T`` the demand accepting only types in ``T`` is at most the
  supply meeting ``T`` (pool, multi units and the single copies the multis leave);
- sources = activations + max over ``T`` of (demand inside ``T`` - pool and multi units meeting
``T``);
- waste = multi units - demand + max over ``T`` of (demand inside ``T`` - multi units meeting
``T``).

So the best choice is a small integer program: one variable per multi choice and per ``{2/W}``
demand, three constraints per type set that can bind, whatever the number of copies. CP-SAT solves
it
(one worker, fixed seed: the same problem gets the same choice), and the fast path then builds
that choice's flow, which must agree with the count. The inputs are plain numbers, so this
module knows nothing of the fast path's types.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from tapwise.solver.sat import linear_text, new_model, set_objective, thread_solver
import tapwise.solver.deadline as deadlines

BUDGET = 1.0
"""CP-SAT's deterministic time for the choice (about a second; these take milliseconds). A
deterministic limit keeps each problem on the same path every time; past it, the fast path
declines and the full model decides."""


class Undecided(Exception):
    """No optimum was proved within the budget or the time limit."""


@dataclass(frozen=True)
class ChoiceProblem:
    """What Hall's count reads, per type set ``T`` (index ``i``) and per dimension ``j``."""

    bounds: tuple[int, ...]  # per multi choice: the most activations an optimum uses
    units: tuple[int, ...]  # per multi choice: units an activation makes
    class_of: tuple[int, ...]  # per multi choice: its source class
    # (class, the most activations of all its choices together)
    class_caps: tuple[tuple[int, int], ...]
    sets: tuple[int, ...]  # [i]: the type set T as a mask
    # [j][i]: (its units meeting T, single copies it takes)
    meets: tuple[tuple[tuple[int, int], ...], ...]
    inside: tuple[int, ...]  # [i]: fixed demand accepting only types in T
    twobrid: tuple[int, ...]  # per {2/W} demand: how many symbols
    twobrid_inside: tuple[tuple[tuple[bool, bool], ...], ...]  # [i][k]: colored half, generic in T
    pool: tuple[int, ...]  # [i]: pool mana (and life, when it may pay) meeting T
    singles: tuple[int, ...]  # [i]: single copies meeting T, at full budget
    fixed_units: int  # demand units other than {2/W}
    most_activations: int  # all multi activations together


Choice = tuple[tuple[int, ...], tuple[int, ...]]
"""Activations per multi choice, and colored halves per {2/W} demand."""


def best_choice(p: ChoiceProblem, sources_first: bool, time_limit: float) -> Choice | None:
    """The activations per multi choice and colored halves per ``{2/W}`` demand of a choice with
    the fewest sources then the least waste (or the reverse), or None when no choice pays.
    Raises :class:`Undecided` when CP-SAT proves nothing within :data:`BUDGET` or ``time_limit``
    seconds.

    Most type sets never bind, so the model starts with the single types and the set of all
    types, and the sets the optimum found breaks are added until it breaks none: the model
    relaxes the full one (fewer constraints, the maxima over fewer sets), so an optimum of it
    that the full model allows, at the same values, is an optimum of the full one. The model is
    written in CP-SAT's text format, as :mod:`solver.cpsat.model` writes its own."""
    n_y, n_t = len(p.bounds), len(p.twobrid)
    most_units = sum(b * u for b, u in zip(p.bounds, p.units))
    most_demand = p.fixed_units + 2 * sum(p.twobrid)
    # Variables: y (activations per multi choice), t (colored halves per {2/W} demand), then
    # short (max over T of demand - pool and multi units) and unspent (max over T of demand -
    # multi units); all >= 0, as T = {} gives 0 for both.
    ubs = list(p.bounds) + list(p.twobrid) + [most_demand, most_demand]
    ys = range(n_y)
    short, unspent = n_y + n_t, n_y + n_t + 1
    parts = [f"variables{{domain:[0,{ub}]}}" for ub in ubs]
    for ki, cap in p.class_caps:
        parts.append(linear_text([(j, 1) for j in ys if p.class_of[j] == ki], 0, cap))
    parts.append(linear_text([(j, 1) for j in ys], 0, p.most_activations))
    sets = {i: _set_row(p, i) for i in _binding(p)}
    full = max(p.sets)
    added = [i for i in sets if p.sets[i] & (p.sets[i] - 1) == 0 or p.sets[i] == full]
    for i in added:
        parts += _constraints(sets[i], short, unspent)
    # sources = sum y + short; waste = sum y units + sum t + unspent - fixed demand (a constant).
    # Lexicographic by weights: the first objective's weight exceeds the second's whole range.
    if sources_first:
        w_sources, w_waste = most_units + most_demand + 1, 1
    else:
        w_sources, w_waste = 1, sum(p.bounds) + most_demand + 1
    objective = [(j, w_sources + w_waste * p.units[j]) for j in ys]
    objective += [(k, w_waste) for k in range(n_y, n_y + n_t)] + [(short, w_sources), (unspent,
                                                                                       w_waste)]
    model = new_model()
    proto = model.proto
    proto.merge_text_format("".join(parts))
    set_objective(proto, objective)
    solver = thread_solver()
    params = solver.parameters
    params.cp_model_presolve = False  # measured: median 33 -> 9 ms on large boards
    params.max_deterministic_time = BUDGET
    # within the request's (solver/deadline.py)
    params.max_time_in_seconds = deadlines.left(time_limit)
    while True:
        status = solver.solve(model)
        if status == cp_model.INFEASIBLE:
            return None  # the relaxation can't pay, so nothing can
        if status != cp_model.OPTIMAL:
            raise Undecided
        values = list(solver.response_proto.solution)
        broken = [i for i, row in sets.items() if _breaks(row, values, short, unspent)]
        if not broken:
            return tuple(values[:n_y]), tuple(values[n_y:n_y + n_t])
        proto.merge_text_format("".join(c for i in broken for c in _constraints(sets[i], short,
                                                                                unspent)))


Row = tuple[int, int, int, list[int], list[int], list[int]]
"""A type set's constraints: (fixed demand inside it, pool, pool and singles) as constants;
coefficients of t in the demand inside it, of y in the multi units meeting it, and of y in what
the multis leave to pay in it (their units less the single copies they take)."""


def _set_row(p: ChoiceProblem, i: int) -> Row:
    flags = p.twobrid_inside[i]
    # demand inside T = inside + sum 2n g + sum t (c - 2g), for each {2/W} demand's halves
    fixed = p.inside[i] + sum(2 * n for n, (_, g) in zip(p.twobrid, flags) if g)
    need = [int(c) - 2 * int(g) for c, g in flags]
    multi = [m[i][0] for m in p.meets]
    left = [m[i][0] - m[i][1] for m in p.meets]
    return fixed, p.pool[i], p.pool[i] + p.singles[i], need, multi, left


def _constraints(row: Row, short: int, unspent: int) -> list[str]:
    """Hall's condition in the set, and the set's bounds under short and unspent."""
    fixed, pool, supply, need, multi, left = row
    vs = range(len(multi) + len(need))  # y, then t
    lo = -2**60
    hall = list(zip(vs, [-a for a in left] + need))
    made = list(zip(vs, [-a for a in multi] + need))
    return [linear_text(hall, lo, supply - fixed),
            linear_text(made + [(short, -1)], lo, pool - fixed),
            linear_text(made + [(unspent, -1)], lo, -fixed)]


def _breaks(row: Row, values: list[int], short: int, unspent: int) -> bool:
    """Whether ``values`` break one of the set's constraints."""
    fixed, pool, supply, need, multi, left = row
    n_y = len(multi)
    t_part = sum(a * v for a, v in zip(need, values[n_y:]))
    demand = fixed + t_part
    made = sum(a * v for a, v in zip(multi, values))
    return (demand > supply + sum(a * v for a, v in zip(left, values))
            or demand - pool - made > values[short] or demand - made > values[unspent])


def _binding(p: ChoiceProblem) -> list[int]:
    """The type sets whose constraints can bind. A set no symbol lies inside asks for nothing,
    and a set ``T`` holding a smaller set ``T'`` with the same demand inside (for every {2/W}
    choice) is never tighter: everything meeting ``T'`` meets ``T``, and a class of single copies
    counted in ``T`` but not in ``T'`` still has every copy its multis leave."""
    by_demand: dict[tuple, list[int]] = {}  # the sets with the same demand inside
    for i in range(len(p.sets)):
        if not p.inside[i] and not any(c or g for c, g in p.twobrid_inside[i]):
            continue
        by_demand.setdefault((p.inside[i], p.twobrid_inside[i]), []).append(i)
    keep = []
    for members in by_demand.values():
        for i in members:
            T = p.sets[i]
            if not any(p.sets[j] != T and p.sets[j] & ~T == 0 for j in members):
                keep.append(i)
    return sorted(keep)
