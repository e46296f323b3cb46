"""The fast path's fourth layer: the objectives that re-run the search, a color objective first
(sets of colors tried, :meth:`ObjectiveSearch.best_colors`) and X ``"max"`` (bisection over exact
answers at fixed X, :meth:`ObjectiveSearch.best_x`)."""

from __future__ import annotations

from itertools import combinations

from tapwise.models.mana import type_mask
from tapwise.solver.fast.flow import BITS_OF, LIFE
from tapwise.solver.fast.demand import Demand
from tapwise.solver.fast.search import Search
from tapwise.solver.fast.supply import Supply
from tapwise.solver.fast.tables import _carvings, _Out

MAX_COLOR_TRIES = 64
"""Most sets of colors (and ways to spend each) a color objective may try before CP-SAT decides."""


class ObjectiveSearch:
    """The objectives that search again: each try reads ``demand``'s rows anew (colors kept, X
    changed) and asks ``search`` for the best payment of them from ``supply``."""

    def __init__(self, demand: Demand, supply: Supply, search: Search) -> None:
        self.demand = demand
        self.supply = supply
        self.search = search

    def best_colors(self):
        """The best payment spending the fewest (``min_colors``) or most (``max_colors``) colors,
        then the other objectives. Fewest: the least k for which some set S of k colors pays
        with its colors and colorless mana alone (rows masked to S); the best over those S.
        Most: the largest k for which some set S of k colors can each be spent at least once,
        one unit of each taken from a row accepting it (a row of its own accepting only that
        color) in every way; the best over those S and ways. Colors every payment spends (a
        row of one color) are in every S. Exact: every smaller (larger) k was tried and none
        paid. Leaves the rows of the answer returned."""
        rows, twobrid = self.demand.rows, self.demand.twobrid
        fewest = self.demand.colors == "min_colors"
        if twobrid and not fewest:
            raise _Out  # a {2/W} spends its color only when paid so: not counted here
        made = 0  # the colors the supply may make
        for ti in self.supply.pool_kinds:
            made |= 1 << ti
        for (_, _, shape, _), masks in zip(self.supply.classes, self.supply.profile_masks):
            made |= masks[0][1]  # what its one-unit choices make
            for choice, _ in shape:
                for u in choice:
                    made |= type_mask(u)
        made &= 31
        forced = 0
        for m, n, *_ in rows:
            if n and m & 31 == m and m & (m - 1) == 0:
                forced |= m
        if forced & ~made:
            return None  # a symbol of a color nothing makes
        optional = BITS_OF[made & ~forced]
        sizes = range(len(optional) + 1) if fewest else range(len(optional), -1, -1)
        tries = 0
        for size in sizes:
            best = best_at = None
            for picked in combinations(optional, size):
                s_mask = forced
                for ti in picked:
                    s_mask |= 1 << ti
                if fewest:
                    keep = s_mask | 1 << 5 | 1 << LIFE  # its colors, colorless, life
                    ways = [([(r[0] & keep, *r[1:]) for r in rows],
                             [(di, n, mc & keep, mg & keep) for di, n, mc, mg in twobrid])]
                else:
                    ways = _carvings(rows, [ti for ti in BITS_OF[s_mask] if not forced >> ti & 1])
                for way in ways:
                    tries += 1
                    if tries > MAX_COLOR_TRIES:
                        raise _Out  # too many ways: CP-SAT weighs them at once
                    self.demand.set_rows(*way)
                    got = self.search.best()
                    if got is not None and (best is None or got[0] < best[0]):
                        best, best_at = got, way
            if best is not None:
                self.demand.set_rows(*best_at)
                return best
        return None

    def best_x(self):
        """The best payment at the largest X that can be paid ("x": "max" with ``max_x`` first),
        found by bisection: if X can be paid, so can any smaller X (the same payment with less
        mana spent; mana made and not spent is allowed, 106.4), and each X is exact. The first
        probe is the most the supply could pay after the symbols that need mana, which is often
        the answer. Leaves the rows at the X returned."""
        v = self.demand.c.variants[0]
        most = self.supply.pool_total
        for (budget, _, shape, _), masks in zip(self.supply.classes, self.supply.profile_masks):
            units = 1 if masks[0][1] else 0  # a one-unit choice, or its largest multi choice
            for choice, _ in shape:
                units = max(units, len(choice))
            most += budget * units
        # can't be paid
        most_x = max(0, most - self.demand.mana_needed()) // v.x_symbols
        bad = min(self.demand.c.x_upper, most_x) + 1
        good, best = -1, None  # the largest X known to pay, and its payment
        probe = bad - 1
        while bad - good > 1:
            self.demand.x = probe
            self.demand.read_rows(v)
            got = self.search.best()
            if got is None:
                bad = probe
            else:
                good, best = probe, got
            probe = (good + bad) // 2
        if best is not None and self.demand.x != good:
            self.demand.x = good
            self.demand.read_rows(v)
        return best
