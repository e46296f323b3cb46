"""Reading a solved CP-SAT model back: the counts of :class:`Solution`, everything the answer
builder needs, from the values of the model's variables after one solve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tapwise.solver.contract import Solution
from tapwise.solver.sat import Terms

if TYPE_CHECKING:
    from tapwise.solver.cpsat.costs import _Block


class Read:
    """What one solution says (what :func:`read` made): the :class:`Solution`, the value of
    each quantity, and in a plan each cost's share of it (None when unpaid)."""

    __slots__ = ("solution", "quantities", "plan_solutions")

    def __init__(self, solution: Solution, quantities: dict[str, int],
                 plan_solutions: list[Solution | None]) -> None:
        self.solution = solution
        self.quantities = quantities
        self.plan_solutions = plan_solutions


def read(board: Any, v: list[int]) -> Read:
    """The counts of ``board`` (a built ``BoardBuilder``: ``acts``, ``splits``, flows,
    ``blocks``, ``quantities``) valued by ``v``, the values of the model's variables."""

    def val(terms: Terms) -> int:
        return sum(v[i] * a for i, a in terms)

    sol = Solution("paid", levels=board.L)
    values = {k: val(terms) for k, terms in board.quantities.items()}
    sol.x = v[board.x]
    for k, a in board.acts.items():
        n = val(a)
        if n:
            sol.acts[k] = n
    for (pi, lv, unit, t), s in board.splits.items():
        if v[s]:
            sol.splits.setdefault((pi, lv, unit), {})[t] = v[s]
    flows: dict[tuple, dict[int, int]] = {}
    for (pi, lv, di, oi, k), f in board.ability_f.items():
        if v[f]:
            flows.setdefault((pi, lv, di, oi), {})[k] = v[f]
    for key, y in board.ability_y.items():
        n = val(y)
        if n:
            sol.ability_pay[key] = (n, flows.get(key, {}))
    for key, x in board.victims.items():
        if v[x]:
            sol.victims[key] = v[x]
    for key, x in board.late_victims.items():
        if v[x]:
            sol.late_victims[key] = v[x]
    if board.plan is None:
        b0 = board.blocks[0]
        sol.variant = next(i for i, s in enumerate(b0.sel) if v[s])
        _read_cost(b0, sol, v)
        if board.kw is not None:
            board.kw.read(v, sol)
        return Read(sol, values, [])
    shares: list[Solution | None] = []
    for bi, b in enumerate(board.blocks):
        if not v[b.paid]:
            shares.append(None)
            continue
        one = Solution("paid", levels=board.L, acts=sol.acts, splits=sol.splits,
                       ability_pay=sol.ability_pay,
                       variant=next(i for i, s in enumerate(b.sel) if v[s]), x=v[board.xs[bi]])
        _read_cost(b, one, v)
        part = board.kw_parts.get(bi)
        if part is not None:
            part.read(v, one)
        shares.append(one)
    return Read(sol, values, shares)


def _read_cost(b: _Block, sol: Solution, v: list[int]) -> None:
    """How ``sol``'s variant of the cost of block ``b`` is paid, from the values ``v``."""
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
