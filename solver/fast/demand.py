"""The fast path's first layer: the cost read from the compiled IR into demand rows.

Checks that the cost is in the fast class (one variant, acceptance by type, X fixed or searched)
and groups its symbols into rows (type mask, units, what, demand, category) and ``{2/W}``
demands. The other parts (:mod:`solver.fast.supply`, :mod:`solver.fast.search`,
:mod:`solver.fast.objectives`) are handed this one; :class:`solver.fast.solve._Fast` owns them all.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from tapwise.solver.contract import Compiled
from tapwise.solver.fast.flow import LIFE
from tapwise.solver.fast.tables import BIT, _accepted_types, _Out

_TYPE_OF = attrgetter("type")
ALLOWED = frozenset({"min_life", "min_sacrifices", "min_energy", "min_sources", "min_waste",
                     "max_x"})

# What a demand row records in the Solution (fast_flow defines the {2/W} halves' rows too).
OPT, GEN = 0, 1


class Demand:
    """The cost of one compiled problem as demand rows, read at the X searched (``x``)."""

    def __init__(self, c: Compiled, objectives: tuple[str, ...]) -> None:
        self.c = c
        self.objectives = objectives
        if c.unpayable or len(c.variants) != 1:
            raise _Out
        # A color objective first (sunburst, converge, eclipse): solve() tries sets of colors.
        self.colors = objectives[0] if objectives[:1] in (("max_colors",), ("min_colors",)) else ""
        if not ALLOWED.issuperset(objectives[1:] if self.colors else objectives):
            raise _Out
        v = c.variants[0]
        tc = v.total
        if tc.generic_reduction or tc.life or v.energy:
            raise _Out
        # Each kind's type bit; 0 if it can't be spent on this cost (106.6): as if never made.
        spendable = c.spendable
        kind_bit = list(map(BIT.__getitem__, map(_TYPE_OF, c.kinds)))
        self.restricted = len(spendable) != len(kind_bit)  # some kind can't pay this cost
        if self.restricted:
            for i in range(len(kind_bit)):
                if i not in spendable:
                    kind_bit[i] = 0
        self.kind_bit = tuple(kind_bit)
        # X: fixed or absent (the CP-SAT model's rules; its infeasible corners are left to it).
        x = c.problem.x
        fixed = x if x != "max" else None
        self.x_max = False  # X "max" with max_x first: solve() searches for the largest X
        if v.x_symbols and not v.x_zero:
            if fixed is None:
                if objectives[:1] != ("max_x",):
                    raise _Out
                self.x_max = True
                fixed = 0
            self.x = fixed
        else:
            if fixed and (v.x_symbols or tc.variant == "free"):
                raise _Out
            self.x = 0
        self.read_rows(v)

    def _amask(self, accept: frozenset[int]) -> int:
        """The type mask an accept set stands for; out of class unless acceptance is by type."""
        m = _accepted_types(accept, self.kind_bit)
        if m is None:
            raise _Out
        return m

    def read_rows(self, v) -> None:
        """Rows (mask, units, what, demand, category) and the {2/W} demands."""
        rows: list[tuple[int, int, int, int, Any]] = []
        twobrid: list[tuple[int, int, int, int]] = []  # (demand, count, colored mask, generic mask)
        self.option_masks: dict[int, list[int]] = {}
        self.phyrexian = 0  # symbols that may be paid with life
        for di, d in enumerate(v.demands):
            opts = d.options
            phyrexian = False
            for o in opts:
                if (o.units <= 0) == (o.life == 0) or (o.life and o.life != 2):
                    raise _Out
                if o.life:
                    phyrexian = True
            if phyrexian:  # one mana of its color(s), or 2 life
                if not all(o.life or (o.units == 1 and not o.generic) for o in opts):
                    raise _Out
                masks = [1 << LIFE if o.life else self._amask(o.accept) for o in opts]
                self.option_masks[di] = masks
                union = 0
                for m in masks:
                    union |= m
                rows.append((union, d.count, OPT, di, None))
                self.phyrexian += d.count
            elif len(opts) == 1 and opts[0].generic:
                o = opts[0]
                rows.append((self._amask(o.accept), d.count * o.units, GEN, di, o.generic))
            elif all(o.units == 1 and not o.generic for o in opts):
                masks = [self._amask(o.accept) for o in opts]
                self.option_masks[di] = masks
                union = 0
                for m in masks:
                    union |= m
                rows.append((union, d.count, OPT, di, None))
            elif (len(opts) == 2 and opts[0].units == 1 and not opts[0].generic
                  and opts[1].units == 2 and opts[1].generic in ("twobrid", "achroma_twobrid")):
                twobrid.append((di, d.count, self._amask(opts[0].accept),
                                self._amask(opts[1].accept)))
            else:
                raise _Out
        if v.x_symbols and self.x:
            rows.append((self._amask(v.x_accept), self.x * v.x_symbols, GEN, -1, "x"))
        self.set_rows(rows, twobrid)

    def set_rows(self, rows: list[tuple[int, int, int, int, Any]],
                  twobrid: list[tuple[int, int, int, int]]) -> None:
        """Demand rows and {2/W} demands to search with, and what the search reads of them."""
        self.rows = rows
        self.twobrid = twobrid
        live: list[tuple[int, int, int, int, Any]] = []  # the rows with demand
        reach: list[tuple[int, int]] = []  # (mask, demand units) for all of them, {2/W} both ways
        fixed = 0
        for r in rows:
            n = r[1]
            if n:
                live.append(r)
                reach.append((r[0], n))
                fixed += n
        dmax = fixed
        for _, n, mc, mg in twobrid:
            reach += [(mc, n), (mg, 2 * n)]
            dmax += 3 * n
        self.live_rows = live
        self.reach = reach
        self.fixed_units = fixed
        self.dmax = dmax

    def mana_needed(self) -> int:
        """The least mana the symbols take that can't be paid with life ({2/W} at one)."""
        return (sum(n for m, n, *_ in self.rows if not m >> LIFE & 1)
                + sum(n for _, n, _, _ in self.twobrid))
