"""A plan's shortcut: all its costs paid as one (DESIGN principle 3, the exact fast path).

Mana made for one cost of a plan and not spent stays in the pool for the next (118.3a), so a
set of costs can be paid one after another exactly when all their symbols can be paid at once.
When nothing but their symbols tells the costs apart (one total cost each, no X, no reduction,
no keyword of 9.3 or 9.4, no ``spend_as`` or ``x_color``, and no restricted mana on the board, for
which each
cost's own purpose would count), the best plan that pays every cost is the best payment of their
symbols together: the plan's first two objectives are then constants (every cost, all their mana
value) and the rest are the spec's default objectives of that one payment. So ``pay``'s own path
(the exact fast path, or CP-SAT) pays the concatenated cost, and its payment is dealt out to the
costs, symbol by symbol. When the costs don't all fit, the plan's own model decides which do.

``ENABLED = False`` sends every plan to the model (the tests compare both).
"""

from __future__ import annotations

from dataclasses import replace

from tapwise.models.mana import ManaCost
from tapwise.models.problem import Problem
from tapwise.solver.fast import solve as fast
from tapwise.solver.contract import Compiled
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.contract import Solution
from tapwise.solver.cpsat.model import solve

ENABLED = True


def all_at_once(problems: list[Problem], compiled: list[Compiled],
                time_limit: float) -> tuple[Solution, list[Solution]] | None:
    """The joint payment of every cost and each cost's share of it, or None when the costs
    aren't all of the kind above or can't all be paid together."""
    if not ENABLED or not _alike(problems, compiled):
        return None
    first = problems[0]
    symbols = tuple(t.symbol for c in compiled for t in c.variants[0].total.terms)
    joint = replace(first, cost=ManaCost(symbols), alternative=None, free=False, additional=(),
                    life_cost=sum(c.variants[0].total.life for c in compiled), increase=(),
                    reduce=(), x=0,
                    _objective_list=None, id=None)
    jc = compile_problem(joint)
    if jc.unpayable or jc.kinds != compiled[0].kinds or len(jc.variants) != 1:
        return None
    # version 1 only
    sol = fast.solve_fast(jc, joint.objective) if fast.ENABLED and not jc._v2 else None
    if sol is None:
        sol = solve(jc, joint.objective, time_limit)
    if sol.status != "paid":
        return None
    return sol, _shares(jc, sol, compiled)


def _alike(problems: list[Problem], compiled: list[Compiled]) -> bool:
    """Nothing but their symbols tells these costs apart (see the module docstring)."""
    for p, c in zip(problems, compiled):
        if c.unpayable or len(c.variants) != 1:
            return False
        v = c.variants[0]
        if (v.x_symbols or p.x != 0 or v.total.generic_reduction or p.keywords or p.spend_as
            or p.x_color
                or p.payment is not None):
            return False
    keep = problems[0].player.keep_life
    if keep is None or keep < 0:
        return False  # a plan keeps life at 0 or more at every step; one payment needn't
    return all(kind.only is None for kind in compiled[0].kinds)


def _take(flows: dict[int, int], units: int) -> dict[int, int]:
    """``units`` of ``flows`` (kind -> units), kinds in index order; taken out of ``flows``."""
    out: dict[int, int] = {}
    for k in sorted(flows):
        if units <= 0:
            break
        n = min(flows[k], units)
        if n:
            out[k] = n
            flows[k] -= n
            units -= n
    return out


def _shares(jc: Compiled, sol: Solution, compiled: list[Compiled]) -> list[Solution]:
    """Each cost's part of the joint payment ``sol`` of ``jc``: its symbols take, in order, the
    ways the joint symbols of the same kind were paid, and its generic the generic mana."""
    joint = jc.variants[0]
    by_symbol = {d.symbol: di for di, d in enumerate(joint.demands)}
    left = {key: [n, dict(flows)] for key, (n, flows) in sol.cost_pay.items()}
    generic_left = {cat: dict(flows) for cat, flows in sol.generic_pay.items()}
    out = []
    for c in compiled:
        own = Solution.paid(0)
        own.optimal, own.levels = sol.optimal, sol.levels
        own.acts, own.splits, own.ability_pay = sol.acts, sol.splits, sol.ability_pay
        generic: dict[str, int] = {}
        for di, d in enumerate(c.variants[0].demands):
            ji = by_symbol[d.symbol]
            # one board, one purpose: the same ways to pay
            assert joint.demands[ji].options == d.options
            need = d.count
            for oi, o in enumerate(d.options):
                entry = left.get((ji, oi))
                if not need or entry is None or not entry[0]:
                    continue
                n = min(need, entry[0])
                entry[0] -= n
                need -= n
                if o.generic:
                    generic[o.generic] = generic.get(o.generic, 0) + n * o.units
                    own.cost_pay[(di, oi)] = (n, {})
                else:
                    own.cost_pay[(di, oi)] = (n, _take(entry[1], n * o.units) if o.units else {})
            assert need == 0
        for cat, units in generic.items():
            own.generic_pay[cat] = _take(generic_left[cat], units)
        out.append(own)
    return out
