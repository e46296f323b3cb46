"""Reading a solved CP-SAT model back: the counts of :class:`Solution`, everything the answer
builder needs, from the values of the model's variables after one solve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

from tapwise.solver.contract import Solution
from tapwise.solver.sat import Terms

if TYPE_CHECKING:
    from tapwise.solver.cpsat.costs import _Block


class Reader:
    """The reading half of :class:`tapwise.solver.cpsat.model.Model`: what the build recorded
    (``acts``, ``splits``, flows, ``blocks``, ``quantities``) valued from the last solution."""

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
        for key, x in self.late_victims.items():
            if v[x]:
                sol.late_victims[key] = v[x]
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
            one = Solution("paid", levels=self.L, acts=sol.acts, splits=sol.splits,
                           ability_pay=sol.ability_pay,
                           variant=next(i for i, s in enumerate(b.sel) if v[s]), x=v[self.xs[bi]])
            self._read_cost(b, one)
            part = self.kw_parts.get(bi)
            if part is not None:
                part.read(v, one)
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
