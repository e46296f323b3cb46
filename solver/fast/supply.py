"""The fast path's second layer: the supply, pool mana per type and the sources' abilities as
classes of copies alike (principle 2), read once per board key on a prepared board."""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import memo
from tapwise.solver.contract import Compiled
from tapwise.solver.fast.demand import Demand
from tapwise.solver.fast.flow import POOL, SINGLE
from tapwise.solver.fast.tables import BIT, TI, _Out, _source_info


@memo(256)
def _sacrifices_last(objectives: tuple[str, ...]) -> str:
    """Whether abilities that sacrifice (Treasures, Lotus Petal) can be left out of the supply:
    "" if not, "skip" or "skip if no life". When ``min_sacrifices`` comes before every objective
    but ``min_life`` and ``min_energy``, a payment without sacrifices beats every payment with
    one, so the best without them is the best, provided it is found (else one might pay) and,
    if ``min_life`` comes before, costs no life (else a sacrifice might save it). Energy is 0
    throughout the class."""
    if not objectives:
        return "skip"  # any payment answers a feasibility question: one without sacrifices will do
    if "min_sacrifices" not in objectives:
        return ""
    before = objectives[:objectives.index("min_sacrifices")]
    if not {"min_life", "min_energy"}.issuperset(before):
        return ""
    return "skip if no life" if "min_life" in before else "skip"


class Supply:
    """The board of one compiled problem as the search reads it, for the cost ``demand`` read
    (which kinds it may spend, whether life pays part of it)."""

    def __init__(self, c: Compiled, demand: Demand) -> None:
        self.c = c
        self._supply(demand)

    def _supply(self, d: Demand) -> None:
        """The supply (see :meth:`_read_supply`). On a prepared board (``c.shared``) it depends
        only on the board and on what the key names, so it is read once per key and shared by
        the board's costs; nothing reads it but to look (tests/test_prepared.py compares the
        answers with pay()'s)."""
        shared = self.c.shared
        if shared is None:
            self._read_supply(d)
            return
        key = ("fast supply", d.kind_bit, _sacrifices_last(d.objectives), d.x_max
               or bool(d.colors),
               d.phyrexian > 0)
        got = shared.get(key)
        if got is None:
            self._read_supply(d)
            shared[key] = (self.pool, self.pool_kinds, self.pool_total, self.pool_nodes,
                           self.unsacrificed,
                           self.unconverted, self.classes, self.profile_masks, self.multi_classes,
                           self.has_cost,
                           self._single_cache)
            return
        (self.pool, self.pool_kinds, self.pool_total, self.pool_nodes, self.unsacrificed,
         self.unconverted,
         self.classes, self.profile_masks, self.multi_classes, self.has_cost,
         self._single_cache) = got

    def _read_supply(self, d: Demand) -> None:
        """Pool mana per type, and the sources' abilities as classes of copies alike."""
        c = self.c
        pool = [0] * 6
        pool_kinds: dict[int, list[list[int]]] = {}  # per type in the pool: [[kind, units]]
        kind_bit = d.kind_bit
        for k, n in c.pool_units.items():
            if n and kind_bit[k]:
                ti = TI[c.kinds[k].type]
                pool[ti] += n
                pool_kinds.setdefault(ti, []).append([k, n])
        self.pool = pool
        self.pool_kinds = pool_kinds
        self.pool_total = sum(pool)
        self.pool_nodes = [(pool[ti], 1 << ti, POOL, None, ("pool", ti))
                           for ti in sorted(pool_kinds)]
        # Per source: budget, producers and abilities (choices, life, types it may make here);
        # read once per shape into life per type made, the cheapest one-unit way to make each
        # type, and multi choices; then sources that are alike (same life per type made, same
        # multi choices) are merged into one class with the sum of their budgets (principle 2).
        per_source: dict[int, list[Any]] = {}  # source -> [budget, [producer], [ability]]
        restricted = d.restricted
        has_cost = d.phyrexian > 0
        self.unsacrificed = ""  # sacrificing abilities left out: how (see _sacrifices_last)
        self.unconverted = False  # abilities with a mana cost left out (see _converters_idle)
        for pi, p in enumerate(c.producers):
            if p.sacrifice:
                self.unsacrificed = _sacrifices_last(d.objectives)
                if self.unsacrificed:
                    continue
            if p.cost and not p.sacrifice and not p.energy and not d.x_max and not d.colors:
                self.unconverted = True
                continue
            if p.cost or not p.tap or p.sacrifice or p.energy:
                raise _Out
            pay = p.life + p.damage
            if pay:
                has_cost = True
            allowed = 63
            if restricted:  # mana of a type whose kind can't be spent here is as if not made
                allowed = 0
                for t, k in p.kind_of_type.items():
                    if kind_bit[k]:
                        allowed |= BIT[t]
            ability = (p.choices, pay, allowed)
            s = per_source.get(p.source)
            if s is None:
                per_source[p.source] = [p.max_activations, [pi], [ability]]
            else:
                s[1].append(pi)
                s[2].append(ability)
        classes: dict[tuple, list[Any]] = {}  # signature -> [budget, profile, shape, members]
        multi_classes: list[int] = []  # the classes with multi choices
        profile_masks: list[tuple[tuple, tuple]] = []  # per class: _profile_mask both ways
        for si, (budget, pis, abilities) in per_source.items():
            (profile, picks, shape, refs), masks = _source_info(tuple(abilities))
            member = (si, budget, pis, picks, refs)
            key = (profile, shape)
            cl = classes.get(key)
            if cl is None:
                if shape:
                    multi_classes.append(len(classes))
                classes[key] = [budget, profile, shape, [member]]
                profile_masks.append(masks)
            else:
                cl[0] += budget
                cl[3].append(member)
        self.classes = list(classes.values())
        self.profile_masks = profile_masks
        self.multi_classes = multi_classes
        self.has_cost = has_cost
        self._single_cache: dict[str, tuple[list[tuple], dict[int, int]]] = {}

    def singles(self, mode: str) -> tuple[list[list[Any]], dict[int, int]]:
        """Single-unit supply grouped by what a copy makes at what life, as left nodes at full
        budget: [copies, type mask, SINGLE, life per type index or None, ("single", the classes'
        sources in order)], and the node of each class in them; in "free" mode, options costing
        life are left out. Once per mode; the nodes are not changed after."""
        got = self._single_cache.get(mode)
        if got is None:
            free = mode == "free"
            at: dict[tuple, int] = {}  # profile -> node
            nodes: list[list[Any]] = []
            where: dict[int, int] = {}
            for ki, ((budget, _, _, sources), masks) in enumerate(zip(self.classes,
                                                                      self.profile_masks)):
                profile, m = masks[free]
                if not m:
                    continue
                gi = at.get(profile)
                if gi is None:
                    at[profile] = where[ki] = len(nodes)
                    nodes.append([budget, m, SINGLE, profile, ("single", sources)])
                else:
                    node = nodes[gi]
                    node[0] += budget
                    node[4] = ("single", node[4][1] + sources)  # a new list: the classes' stay
                    where[ki] = gi
            got = self._single_cache[mode] = (nodes, where)
        return got
