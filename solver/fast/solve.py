"""The exact fast path (DESIGN principle 3): transportation problems without a CP-SAT model.

``solve_fast(compiled, objectives)`` answers a compiled problem exactly when it is a flow problem
over the six mana types and returns ``None`` otherwise (the caller then builds the CP-SAT model).
Infeasible problems of the class get ``Solution("infeasible", optimal=True)``: the search below
is exhaustive, so the caller explains them as it does after CP-SAT. ``ENABLED = False`` makes
``solver.queries.pay`` skip this path (the profile compares both).

**The class**, decided conservatively from the compiled IR:

- one total cost variant, no generic reduction, no life or energy in the cost itself, X absent,
  fixed, or ``"max"`` with ``max_x`` the first objective (then the largest X that pays is found
  by bisection over exact answers at fixed X);
- acceptance by type: every option of every symbol accepts exactly the kinds of some set of mana
  types (``{S}`` only where snow doesn't split a type). Mana whose ``only`` restriction allows
  this cost is like any other of its type; mana it forbids is left out of the supply, as if never
  made (an activation with several units, some of them forbidden and some not, is left to CP-SAT);
  colored, ``{C}``, generic, hybrid, ``{C/W}``, ``{2/W}`` and Phyrexian symbols;
- every mana ability taps, has no mana cost, no sacrifice and no energy; life and damage are
  allowed (a source may have several abilities, like a pain land). Abilities that sacrifice are
  left out of the supply when no payment with a sacrifice can be better (``min_sacrifices``
  before every objective but ``min_life`` and ``min_energy``), and the path declines when the
  board without them can't pay, or pays only with life while ``min_life`` comes first;
- no objective at all (``"objective": []``: only whether the cost can be paid), where the first
  payment the search finds answers (every payment is optimal for no objective), and abilities
  that sacrifice or have a mana cost are left out unless the board can't pay without them; or
- objectives among ``min_life``, ``min_sacrifices``, ``min_energy``, ``min_sources``,
  ``min_waste`` and ``max_x`` (the last three are constants here: 0, 0 and the fixed X), after
  ``max_colors`` or ``min_colors`` if one comes first (sets of colors are then tried, see
  ``_best_colors``; not ``max_colors`` with ``{2/W}``).

**The model.** An activation makes a fixed tuple of *units*, each one mana of a type from a set.
Activations making one unit ("singles": lands, dorks, any-color rocks) are a plain supply of
copies; sources that are alike are merged into classes (principle 2). Activations making several
units ("multis": Sol Ring, bounce lands, ``any_color: 2``) are enumerated, and so is how many
``{2/W}`` symbols are paid with their color (one unit) rather than generic (two). For one such
*choice*, paying is a b-matching between supply classes (pool mana per type, multi units, single
copies grouped by what they make, and 2 life per Phyrexian symbol as a seventh "type") and
demand rows (symbols grouped by the set of types they accept).

- Without life to weigh, a min-cost flow with unit costs by stage is exact: singles cost more
  than all pool and multi units together, pool mana (and life) more than multi units. It spends
  as many pool-or-multi units as possible (fewest singles, so fewest sources) and among those as
  many multi units as possible (least waste); both optima hold at once (bases of a transversal
  matroid), so augmenting paths stage by stage find it without building a graph
  (:func:`_staged_flow`).
- With life to weigh (``min_life`` requested, and a pain land's colors, City of Brass or a
  Phyrexian symbol present): if ``min_life`` comes first, the same flow without the options that
  cost life; if it pays, life 0 is optimal. Otherwise each choice is a min-cost flow with the
  objectives scalarized in their lexicographic order; each weight exceeds the range of every
  later objective, so it is exact.

**The compiled core.** :mod:`solver.fast.core` is tried first: the common class (sources that
only tap and make one unit of a type from a set or a fixed multiset; colored, ``{C}``, generic,
hybrid and Phyrexian symbols; fixed X) searched in C arrays, with the same exactness argument as
below (its docstring). What it declines continues here. ``fast_core.ENABLED = False`` skips it.

**The modules.** The search is four parts, one module each, each an object that owns its state
and is handed the parts it reads: :mod:`solver.fast.demand` reads the cost into demand rows,
:mod:`solver.fast.supply` the board into supply classes, :mod:`solver.fast.search` searches the
choices, :mod:`solver.fast.objectives` re-runs the search for a color objective or X ``"max"``;
:class:`_Fast` here owns them, and answers or declines. Beside them,
:mod:`solver.fast.tables` reads sources and bounds once per shape, :mod:`solver.fast.flow` pays
one choice (a b-matching, or OR-Tools' min-cost flow), :mod:`solver.fast.hall` scores choices by
Hall's theorem and :mod:`solver.fast.answer` turns the best into a :class:`Solution`.

**The search.** An activation none of whose mana is spent can be dropped (fewer sources, less
waste, same payment), so no optimum has one, nor two partly spent activations of one choice (the
mana spent from one can move to the other): a multi choice is used at most as often as the demand
units each of its units could serve fill its activations (:func:`_most_activations`), and all of
them together at most as often as there are demand units. Choices are taken in order of a cheap
lower bound. Up to :data:`SMALL` of them are each solved as a flow outright; past that, Hall's
theorem over the unions of the rows' type sets scores each (exact sources and waste without life
to weigh, a lower bound with it), and after :data:`HOPELESS_AFTER` choices that can't pay, a
relaxed Hall count checks whether any could. The search stops when the cheap bound can't beat the
best found. Past :data:`MAX_COMBOS` choices (boards of hundreds of rocks and bounce lands), Hall's
count, exact without life to weigh, becomes a small integer program over the counts of
activations and colored halves, whatever the number of copies (:mod:`solver.fast.choice`); with
life to weigh there, or past :data:`MAX_FLOWS` min-cost flows, the fast path declines. If the
optimum breaks a life limit (abilities' life above the player's life, ``keep_life``), it declines
too: another payment might respect it, and CP-SAT weighs that.
"""

from __future__ import annotations

from tapwise.solver.fast import core as fast_core
from tapwise.solver.contract import Compiled
from tapwise.solver.contract import Solution
from tapwise.solver.fast.answer import solution
from tapwise.solver.fast.demand import ALLOWED, GEN, OPT  # noqa: F401 (re-exported)
from tapwise.solver.fast.demand import Demand
from tapwise.solver.fast.objectives import ObjectiveSearch
from tapwise.solver.fast.search import Search
from tapwise.solver.fast.supply import Supply
from tapwise.solver.fast.search import VARYING  # noqa: F401 (re-exported)
from tapwise.solver.fast.tables import _fewest_copies, _Out

ENABLED = True
"""``solver.queries.pay`` tries this path first; set to False to force CP-SAT (the profile
compares)."""


def solve_fast(c: Compiled, objectives: tuple[str, ...]) -> Solution | None:
    """An exact optimal :class:`Solution` for problems in the fast class, else ``None``
    (spec 9.3's keywords and other costs are never in it: CP-SAT answers those)."""
    if c.problem.payment is not None:
        return None
    if fast_core.ENABLED:  # the common class, compiled (solver/fast/core.py)
        sol = fast_core.solve(c, objectives)
        if sol is not None:
            return sol
    try:
        return _Fast(c, objectives).solve()
    except _Out:
        return None


class _Fast:
    """The fast path on one compiled problem: it owns the parts (the cost read, the supply, the
    search, the objectives that search again) and answers, or declines with the checks that may
    still send the problem to CP-SAT."""

    def __init__(self, c: Compiled, objectives: tuple[str, ...]) -> None:
        self.demand = Demand(c, objectives)
        self.supply = Supply(c, self.demand)
        self.search = Search(self.demand, self.supply)
        self.objective_search = ObjectiveSearch(self.demand, self.supply, self.search)

    def solve(self) -> Solution:
        d, s = self.demand, self.supply
        best = (self.objective_search.best_colors() if d.colors
                else self.objective_search.best_x() if d.x_max else self.search.best())
        if best is None:
            if s.unsacrificed or s.unconverted:
                raise _Out  # a sacrifice, a filter land or a Signet might pay: CP-SAT weighs it
            return Solution("infeasible", optimal=True)
        sol = solution(d, s, best)
        if s.unsacrificed == "skip if no life" and sol.objective["min_life"]:
            raise _Out  # life came first: a sacrifice might have saved it
        if s.unconverted and d.objectives and not self._converters_idle(best):
            raise _Out  # a filter land or Signet might do better: CP-SAT weighs it
        return sol

    def _converters_idle(self, best) -> bool:
        """Whether a payment found without the abilities that have a mana cost (filter lands,
        Signets) is best with them too. It is when it costs no life, wastes nothing and taps no
        more sources than a bound every payment obeys; every objective is then at its least over
        all payments, so it is best in any order of them.

        The bound is conservation of mana, blind to types and restrictions, so it holds for any
        payment, with or without converters: the mana a payment makes (all the pool's mana, of
        any restriction, plus what its activations add) is at least the mana it spends (the
        symbols that can't be paid with life, ``{2/W}`` at one, plus each activation's own cost
        at its least mana, a Phyrexian symbol of it at 0 since life may pay it, 118.3). So the
        copies it uses must add, net of their activations' least mana costs, at least the need
        less the whole pool; a copy taps once and uses its other abilities up to their ``uses``
        (sources count copies, spec section 8), so the fewest copies whose largest nets cover
        that is a lower bound. Counting more than a payment can do (every pool unit, tapped
        copies' tap abilities, a Phyrexian cost at no mana) only weakens the bound: the path
        then declines and CP-SAT decides."""
        lost, sources, waste = best[6]
        if lost or waste:
            return False
        need = self.demand.mana_needed() - sum(self.demand.c.pool_units.values())
        if need <= 0:
            return sources == 0
        least = _fewest_copies(self.demand.c, need)
        return least is not None and sources == least
