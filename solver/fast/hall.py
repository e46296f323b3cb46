"""Hall's theorem for the fast path's search (:mod:`solver.fast.solve`): scores a choice of multi
activations and {2/W} halves without solving its flow."""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import type_mask
from tapwise.solver.fast.flow import BITS_OF, LIFE


class _Hall:
    """Hall's theorem for one search: the most demand units a supply can cover is the minimum
    over sets T of types of (D - demand accepting only types in T + supply making some type in
    T); T ranges over unions of row masks (no other T is tighter). ``score(y, t)`` gives, for
    multis ``y`` and colored {2/W} halves ``t``: (least life, least sources, least waste), or
    None if the choice can't pay. Multi units alone give the least waste (most of them spent),
    pool and multi units the least sources (fewest singles needed). Life is exactly 0 except in
    "cost" mode, where it is bounded below: the life of the multis, plus the cheapest life
    payment for each unit the supply that costs no life can't cover."""

    def __init__(self, demand: Any, supply: Any, sets: list[int], mode: str, dims) -> None:
        self.demand = demand
        self.dims = dims
        rows = [(m, n) for m, n, *_ in demand.live_rows]
        cands = self.sets = sets  # the type sets T (Search.type_sets), in this order everywhere
        self.n = len(cands)
        nodes, where = supply.singles(mode)
        class_mask = {ki: nodes[gi][1] for ki, gi in where.items()}
        lifecap = demand.phyrexian if mode != "free" else 0
        self.inside = []  # per T: fixed demand inside T
        self.flags = []  # per T: which {2/W} halves are inside T
        self.pool = []  # per T: pool mana (and life for Phyrexian symbols) meeting T
        self.singles = []  # per T: single copies meeting T
        for T in cands:
            self.inside.append(sum(n for m, n in rows if not m & ~T))
            self.flags.append([(not mc & ~T, not mg & ~T) for _, _, mc, mg in demand.twobrid])
            self.pool.append(sum(supply.pool[ti] for ti in BITS_OF[T & 63]) + (lifecap
                                                                             if T >> LIFE & 1
                                                                             else 0))
            self.singles.append(sum(node[0] for node in nodes if node[1] & T))
        # per multi dimension, per T: (its units meeting T, single copies it takes)
        self.per_dim = []
        for ki, _, choice, _ in dims:
            ums = [type_mask(u) for u in choice]
            gm = class_mask.get(ki, 0)
            self.per_dim.append([(sum(1 for um in ums if um & T), 1 if gm & T else 0)
                                 for T in cands])
        self.cost = mode == "cost"
        if self.cost:  # the supply that costs no life, for the life bound
            free_nodes, free_where = supply.singles("free")
            free_mask = {ki: free_nodes[gi][1] for ki, gi in free_where.items()}
            self.free = [sum(supply.pool[ti] for ti in BITS_OF[T & 63])
                         + sum(node[0] for node in free_nodes if node[1] & T)
                         for T in cands]
            self.free_loss = [[1 if free_mask.get(ki, 0) & T else 0 for T in cands] for ki, _, _,
                              _ in dims]
            # 0 when only multis cost life (their life is counted per choice): a weaker bound
            self.min_pay = min([p for cl in supply.classes for p in cl[1] if p]
                               + ([2] if demand.phyrexian else []), default=0)
        self._t: dict[tuple, tuple[int, list[int]]] = {}
        self._y: dict[tuple, tuple] = {}

    def _for_t(self, t):
        got = self._t.get(t)
        if got is None:
            twobrid = self.demand.twobrid
            d = self.demand.fixed_units + sum(2 * n - k for (_, n, _, _), k in zip(twobrid, t))
            slack = []
            for inside, flags in zip(self.inside, self.flags):
                for (c_in, g_in), (_, n, _, _), k in zip(flags, twobrid, t):
                    inside += (k if c_in else 0) + (2 * (n - k) if g_in else 0)
                slack.append(d - inside)
            got = self._t[t] = (d, slack)
        return got

    def _for_y(self, y):
        got = self._y.get(y)
        if got is None:
            n_c = self.n
            acts = units = life = 0
            multi = [0] * n_c
            loss = [0] * n_c
            for j, n in enumerate(y):
                if n:
                    _, _, choice, pay = self.dims[j]
                    acts += n
                    units += n * len(choice)
                    life += n * pay
                    for i, (u, lo) in enumerate(self.per_dim[j]):
                        multi[i] += n * u
                        loss[i] += n * lo
            pm = [m + p for m, p in zip(multi, self.pool)]
            everything = [a + s - lo for a, s, lo in zip(pm, self.singles, loss)]
            free = None
            if self.cost:
                free = [m + f for m, f in zip(multi, self.free)]
                for j, n in enumerate(y):
                    if n:
                        free = [f - n * lo for f, lo in zip(free, self.free_loss[j])]
            got = self._y[y] = (acts, units, life, multi, pm, everything, free)
        return got

    def score(self, y, t) -> tuple[int, int, int] | None:
        d, slack = self._for_t(t)
        acts, units, life, multi, pm, everything, free = self._for_y(y)
        if min(map(int.__add__, slack, everything)) < d:
            return None
        r_pm = min(map(int.__add__, slack, pm))
        r_m = min(map(int.__add__, slack, multi))
        if free is not None:
            life += (d - min(map(int.__add__, slack, free))) * self.min_pay
        return (life, acts + d - r_pm, units - r_m)
