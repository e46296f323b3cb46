"""The CP-SAT back end: integer counts per class, never a boolean per copy and symbol.

Variables are activation counts per (ability class, output choice, level), splits of flexible
units (hybrid or any-color output) per type, option counts per demand class (which half of a
hybrid, mana or life for a Phyrexian symbol) and flows per (mana kind, demand). Abilities with a
mana cost (filter lands, Signets) sit on levels 1..L and may only spend mana made on lower
levels or held in the pool, so no ability pays for itself and no cycle pays for itself.
Objectives are optimized lexicographically, each optimum fixed before the next (principle 7).

The model is one class, :class:`Model`, put together from one part per job: writing the model
(solver/sat.py), building the board (cpsat/build.py) and the total costs
(cpsat/costs.py), the quantities' bounds (cpsat/bounds.py), the solve strategy
(cpsat/solve.py) and reading the solution back (cpsat/read.py). The names other modules use
are importable from here.
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled
from tapwise.solver.cpsat.bounds import Bounds
from tapwise.solver.cpsat.build import EXACT_LEVELS, BoardBuilder, level_count
from tapwise.solver.cpsat.costs import (PLAN_OBJECTIVES, PLAN_OBJECTIVES_V2, PLAN_SUMMED,
                                        PLAN_SUMMED_V2, CostBlocks,
                                        Plan)
from tapwise.solver.cpsat.read import Reader
from tapwise.solver.contract import Solution
from tapwise.solver.cpsat.solve import (LAST_TRY, MINIMIZE, QUICK_TRY, SMALL_MODEL, Strategy,
                                        thread_solver)
from tapwise.solver.sat import (INT_MAX, INT_MIN, Terms, Writer, _neg, _not, linear_text, new_model,
                                       set_objective)

__all__ = ["EXACT_LEVELS", "INT_MAX", "INT_MIN", "LAST_TRY", "MINIMIZE", "Model", "PLAN_OBJECTIVES",
           "PLAN_OBJECTIVES_V2", "PLAN_SUMMED", "PLAN_SUMMED_V2", "Plan", "QUICK_TRY",
           "SMALL_MODEL", "Solution",
           "Terms", "_neg", "_not", "level_count", "linear_text", "new_model", "set_objective",
           "solve",
           "thread_solver"]


class Model(BoardBuilder, CostBlocks, Bounds, Strategy, Reader, Writer):
    """One CP-SAT model of a compiled problem.

    The model is written as CP-SAT's text format and parsed in one call: variables are plain
    indices and expressions lists of (index, coefficient), so building costs Python list
    operations rather than a call into OR-Tools per variable, term and constraint. Values are
    read back in one call after each solve. With the smaller model (see ``_build``) this took
    building a rich board's model from 1.4 to 0.7 ms at the median (docs/profile.md)."""

    def __init__(self, c: Compiled, relax: bool = False, plan: Plan | None = None) -> None:
        """``relax`` puts each cost symbol class behind an assumption literal, so an infeasible
        model can name the symbols that can't be paid together (an infeasible core). ``plan``
        models several costs paid from ``c``'s board (spec section 7), each one optional."""
        BoardBuilder.__init__(self, c, plan)
        self.relax = relax
        # in a plan, each cost's share of the last solution
        self.plan_solutions: list[Solution | None] = []
        self.assumptions: list[tuple[int, list[str]]] = []
        self.m = new_model()
        self._ubs: list[int] = []  # upper bound of each variable (all are >= 0)
        self._cts: list[str] = []  # constraints not yet in the proto, as text
        self._build()
        self._flush()
        self.bounds = self._bounds()



def solve(c: Compiled, objectives: tuple[str, ...], time_limit: float,
          late_payment: bool = False) -> Solution:
    return Model(c).solve(objectives, time_limit, late_payment)
