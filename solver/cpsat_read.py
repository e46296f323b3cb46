"""Reading a solved CP-SAT model back: the counts of :class:`Solution`, everything the answer
builder needs, from the values of the model's variables after one solve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ortools.sat.python import cp_model

from tapwise.models.values import assemble
from tapwise.solver.cpsat_text import Terms

if TYPE_CHECKING:
    from tapwise.solver.cpsat_costs import _Block


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
    # (producer, source, level) -> copies taken after abilities with a mana cost (9.2)
    late_victims: dict[tuple[int, int, int], int] = field(default_factory=dict)
    keywords: dict[str, Any] | None = None  # 9.3: who paid with convoke, improvise, delve, other_costs

    @staticmethod
    def paid(x: int) -> Solution:
        """A paid, optimal solution of variant 0 without levels, nothing counted yet: the fast
        path makes one per call, so without the generated ``__init__`` and its default factories
        (every field as above; tests/test_fast.py checks they stay in step)."""
        return assemble(Solution, {"status": "paid", "optimal": True, "objective": {}, "variant": 0, "x": x,
                                   "acts": {}, "splits": {}, "ability_pay": {}, "cost_pay": {}, "generic_pay": {},
                                   "reduced": {}, "levels": 0, "victims": {}, "late_victims": {},
                                   "keywords": None})


class Reader:
    """The reading half of :class:`tapwise.solver.cpsat.Model`: what the build recorded
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
            one = Solution("paid", levels=self.L, acts=sol.acts, splits=sol.splits, ability_pay=sol.ability_pay,
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
