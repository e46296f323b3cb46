"""The exact fast path (DESIGN principle 3): transportation problems without a CP-SAT model.

``solve_fast(compiled, objectives)`` answers a compiled problem exactly when it is a flow problem
over the six mana types and returns ``None`` otherwise (the caller then builds the CP-SAT model).
Infeasible problems of the class get ``Solution("infeasible", optimal=True)``: the search below
is exhaustive, so the caller explains them as it does after CP-SAT. ``ENABLED = False`` makes
``solver.pay`` skip this path (the profile compares both).

**The class**, decided conservatively from the compiled IR:

- one total cost variant, no generic reduction, no life or energy in the cost itself, X absent
  or fixed (not ``"max"``);
- acceptance by type: every option of every symbol accepts exactly the kinds of some set of mana
  types (``{S}`` only where snow doesn't split a type). Mana whose ``only`` restriction allows
  this cost is like any other of its type; mana it forbids is left out of the supply, as if never
  made (an activation with several units, some of them forbidden, is left to CP-SAT);
  colored, ``{C}``, generic, hybrid, ``{C/W}``, ``{2/W}`` and Phyrexian symbols;
- every mana ability taps, has no mana cost, no sacrifice and no energy; life and damage are
  allowed (a source may have several abilities, like a pain land);
- objectives among ``min_life``, ``min_sacrifices``, ``min_energy``, ``min_sources``,
  ``min_waste`` and ``max_x`` (the last three are constants here: 0, 0 and the fixed X).

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

**The search.** An activation none of whose mana is spent can be dropped (fewer sources, less
waste, same payment), so no optimum has one: a multi choice is used at most as often as there are
demand units it could serve, and all of them together at most as often as there are demand
units. Choices are taken in order of a cheap lower bound. Up to :data:`SMALL` of them are each
solved as a flow outright; past that, Hall's theorem over the unions of the rows' type sets
scores each (exact sources and waste without life to weigh, a lower bound with it), and after
:data:`HOPELESS_AFTER` choices that can't pay, a relaxed Hall count checks whether any could. The
search stops when the cheap bound can't beat the best found. Past
:data:`MAX_COMBOS` choices, or :data:`MAX_FLOWS` min-cost flows, the fast path declines. If the
optimum breaks a life limit (abilities' life above the player's life, ``keep_life``), it declines
too: another payment might respect it, and CP-SAT weighs that.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import Any

from ortools.graph.python import min_cost_flow

from models.mana import TYPES, type_mask
from solver.compile import Compiled
from solver.cpsat import Solution

BIT = {t: 1 << i for i, t in enumerate(TYPES)}
TI = {t: i for i, t in enumerate(TYPES)}
LIFE = 6  # Phyrexian symbols: paid with 2 life, as if with a seventh type of "mana"
BITS_OF = [tuple(i for i in range(7) if m >> i & 1) for m in range(128)]

ALLOWED = frozenset({"min_life", "min_sacrifices", "min_energy", "min_sources", "min_waste", "max_x"})
VARYING = ("min_life", "min_sources", "min_waste")
ENABLED = True
"""``solver.pay`` tries this path first; set to False to force CP-SAT (the profile compares)."""
MAX_COMBOS = 1024
"""Most choices (multi activations x colored {2/W} halves) the fast path will enumerate."""
MAX_FLOWS = 16
"""Most of them it will solve as min-cost flows before leaving the problem to CP-SAT."""
SMALL = 6
"""Up to this many choices, each is solved as a flow rather than counted first."""
HOPELESS_AFTER = 8
"""After this many choices that can't pay and none that can, check whether any choice could."""

# What a demand row records in the Solution.
OPT, GEN, TB_COLOR, TB_GENERIC = 0, 1, 2, 3
# Supply stages: multi units, pool mana, single copies.
MULTI, POOL, SINGLE = 0, 1, 2


class _Out(Exception):
    """The problem is outside the fast class."""


def solve_fast(c: Compiled, objectives: tuple[str, ...]) -> Solution | None:
    """An exact optimal :class:`Solution` for problems in the fast class, else ``None``."""
    try:
        return _Fast(c, objectives).solve()
    except _Out:
        return None


@lru_cache(maxsize=256)
def _orders(objectives: tuple[str, ...]) -> tuple[tuple[str, ...], Any, bool]:
    """The varying objectives in the order they count (the rest break ties), a function putting
    (life, sources, waste) in that order, and whether life comes first; once per objective list."""
    given = [o for o in objectives if o in VARYING]
    order = tuple(given + [o for o in VARYING if o not in given])
    pos = {o: i for i, o in enumerate(VARYING)}
    return order, itemgetter(*[pos[o] for o in order]), bool(given) and given[0] == "min_life"


class _Fast:
    def __init__(self, c: Compiled, objectives: tuple[str, ...]) -> None:
        self.c = c
        self.objectives = objectives
        if c.unpayable or len(c.variants) != 1:
            raise _Out
        for name in objectives:
            if name not in ALLOWED:
                raise _Out
        v = c.variants[0]
        tc = v.total
        if tc.generic_reduction or tc.life or v.energy:
            raise _Out
        kind_bit = []
        per_type = [0] * 6
        for i, k in enumerate(c.kinds):
            if i not in c.spendable:
                kind_bit.append(0)  # can't be spent on this cost (106.6): as if never made
                continue
            b = BIT[k.type]
            kind_bit.append(b)
            per_type[b.bit_length() - 1] += 1
        self.kind_bit = kind_bit
        self.per_type = per_type
        # X: fixed or absent (the CP-SAT model's rules; its infeasible corners are left to it).
        x = c.problem.x
        fixed = x if x != "max" else None
        if v.x_symbols and not v.x_zero:
            if fixed is None:
                raise _Out
            self.x = fixed
        else:
            if fixed and (v.x_symbols or tc.variant == "free"):
                raise _Out
            self.x = 0
        self._masks: dict[frozenset[int], int] = {}
        self._demand_rows(v)
        self._supply()
        self.order, self.ordered, self.life_first = _orders(objectives)

    # -- reading the IR -------------------------------------------------------------------

    def _amask(self, accept: frozenset[int]) -> int:
        """The type mask an accept set stands for; out of class unless acceptance is by type."""
        m = self._masks.get(accept)
        if m is None:
            m = 0
            kb = self.kind_bit
            for k in accept:
                m |= kb[k]
            if len(accept) != sum(self.per_type[i] for i in BITS_OF[m]):
                raise _Out
            self._masks[accept] = m
        return m

    def _demand_rows(self, v) -> None:
        """Rows (mask, units, what, demand, category) and the {2/W} demands."""
        rows: list[tuple[int, int, int, int, Any]] = []
        twobrid: list[tuple[int, int, int, int]] = []  # (demand, count, colored mask, generic mask)
        self.option_masks: dict[int, list[int]] = {}
        self.phyrexian = 0  # symbols that may be paid with life
        for di, d in enumerate(v.demands):
            opts = d.options
            for o in opts:
                if (o.units <= 0) == (o.life == 0) or (o.life and o.life != 2):
                    raise _Out
            if any(o.life for o in opts):  # Phyrexian: one mana of its color(s), or 2 life
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
                  and opts[1].units == 2 and opts[1].generic == "twobrid"):
                twobrid.append((di, d.count, self._amask(opts[0].accept), self._amask(opts[1].accept)))
            else:
                raise _Out
        if v.x_symbols and self.x:
            rows.append((self._amask(v.x_accept), self.x * v.x_symbols, GEN, -1, "x"))
        self.rows = rows
        self.twobrid = twobrid
        self.fixed_units = sum(r[1] for r in rows)

    def _supply(self) -> None:
        c = self.c
        pool = [0] * 6
        self.pool_kinds: list[list[list[int]]] = [[] for _ in range(6)]  # per type: [kind, units]
        kind_bit = self.kind_bit
        for k, n in c.pool_units.items():
            if n and kind_bit[k]:
                ti = TI[c.kinds[k].type]
                pool[ti] += n
                self.pool_kinds[ti].append([k, n])
        self.pool = pool
        self.pool_total = sum(pool)
        # Per source: budget, the cheapest one-unit way to make each type, and multi choices;
        # then sources that are alike (same life per type made, same multi choices) are merged
        # into one class with the sum of their budgets (principle 2).
        # source -> [budget, {type: (pay, pi, ci, unit)}, multis, life per type]
        per_source: dict[int, list[Any]] = {}
        has_cost = self.phyrexian > 0
        for pi, p in enumerate(c.producers):
            if p.cost or not p.tap or p.sacrifice or p.energy:
                raise _Out
            s = per_source.get(p.source)
            if s is None:
                s = per_source[p.source] = [p.max_activations, {}, [], [None] * 6]
            pay = p.life + p.damage
            if pay:
                has_cost = True
            best, pays = s[1], s[3]
            made = p.kind_of_type
            singles, multis = _choice_table(p.choices)
            for ti, t, ci, unit in singles:
                if not kind_bit[made[t]]:
                    continue  # mana of this type from here can't be spent on this cost
                old = pays[ti]
                if old is None or pay < old:
                    pays[ti] = pay
                    best[ti] = (pay, pi, ci, unit)
            for ci, choice, types in multis:
                for t in types:
                    if not kind_bit[made[t]]:
                        raise _Out  # an activation that makes some mana this cost can't use
                s[2].append((pi, ci, choice, pay))
        classes: dict[tuple, list[Any]] = {}  # signature -> [budget, profile, multis, members]
        for si, (budget, single, multis, pays) in per_source.items():
            profile = tuple(pays)
            shape = tuple([(choice, pay) for _, _, choice, pay in multis]) if multis else ()
            cl = classes.get((profile, shape))
            if cl is None:
                cl = classes[(profile, shape)] = [0, profile, shape, []]
            cl[0] += budget
            cl[3].append((si, budget, single, multis))
        self.classes = list(classes.values())
        self.has_cost = has_cost
        self._group_cache: dict[str, list] = {}

    # -- search ---------------------------------------------------------------------------

    def solve(self) -> Solution:
        self.hopeless = None  # found out only when there are many choices to try
        if not self.has_cost or "min_life" not in self.objectives:
            best = self._search("plain")
        elif self.life_first:
            best = self._search("free") or (None if self.hopeless else self._search("cost"))
        else:
            best = self._search("cost")
        if best is None:
            return Solution("infeasible", optimal=True)
        return self._solution(best)

    def _hopeless(self) -> bool:
        """A quick proof that no choice pays: some set T of types must pay for more symbols
        (those accepting only types in T, with each {2/W} at its cheapest reading) than all the
        supply could make in T even if every copy made its most there (Hall's condition,
        relaxed). Saves enumerating every choice only to find that none pays."""
        masks = {m for m, n, *_ in self.rows if n}
        for _, _, mc, mg in self.twobrid:
            masks |= {mc, mg}
        cands = {0}
        for m in masks:
            cands |= {c | m for c in cands}
        classes = []
        for budget, profile, shape, _ in self.classes:
            single = 0
            for ti, p in enumerate(profile):
                if p is not None:
                    single |= 1 << ti
            classes.append((budget, single, [[type_mask(u) for u in choice] for choice, _ in shape]))
        for T in cands:
            need = sum(n for m, n, *_ in self.rows if n and not m & ~T)
            for _, n, mc, mg in self.twobrid:
                need += min(n if not mc & ~T else 0, 2 * n if not mg & ~T else 0)
            if not need:
                continue
            have = sum(self.pool[ti] for ti in BITS_OF[T & 63]) + (self.phyrexian if T >> LIFE & 1 else 0)
            for budget, single, multis in classes:
                most = 1 if single & T else 0
                for ums in multis:
                    most = max(most, sum(1 for um in ums if um & T))
                have += budget * most
            if have < need:
                return True
        return False

    def _search(self, mode: str):
        """The best choice and its flow, or None when no choice pays. ``mode``: "plain" (life
        not weighed), "free" (only options that cost no life), "cost" (min-cost flow)."""
        free = mode == "free"
        rows, twobrid = self.rows, self.twobrid
        reach = [(m, n) for m, n, *_ in rows]
        for _, n, mc, mg in twobrid:
            reach += [(mc, n), (mg, 2 * n)]
        dmax = sum(n for _, n in reach)
        # Multi dimensions: (class, index of the multi choice in it, units, pay).
        dims: list[tuple[int, int, tuple[str, ...], int]] = []
        per_class: list[tuple[list[int], list[tuple[int, ...]]]] = []
        n_y = 1
        for ki, (budget, _, shape, _) in enumerate(self.classes):
            mine, bounds = [], []
            for jl, (choice, pay) in enumerate(shape):
                if free and pay:
                    continue
                m = 0
                for unit in choice:
                    m |= type_mask(unit)
                bound = min(budget, sum(n for dm, n in reach if dm & m))
                if bound > 0:
                    mine.append(len(dims))
                    bounds.append(bound)
                    dims.append((ki, jl, choice, pay))
            if mine:
                vecs = _vectors(bounds, min(budget, dmax), MAX_COMBOS)
                per_class.append((mine, vecs))
                n_y *= len(vecs)
                if n_y > MAX_COMBOS:
                    raise _Out
        if not dims and not twobrid:
            return self._flow(mode, dims, (), ())
        n_t = 1
        for _, n, _, _ in twobrid:
            n_t *= n + 1
        if n_y * n_t > MAX_COMBOS:
            raise _Out
        # Every choice with a cheap lower bound on its objectives, best first. Hall's theorem
        # then scores them in that order (exact sources and waste when life isn't weighed, a
        # better bound when it is) until the cheap bound can't beat the best found.
        ordered = self.ordered
        lifecap = self.phyrexian if mode != "free" else 0
        free_supply = self.pool_total + lifecap
        ts = []
        for t in product(*(range(n + 1) for _, n, _, _ in twobrid)):
            ts.append((t, self.fixed_units + sum(2 * n - k for (_, n, _, _), k in zip(twobrid, t))))
        combos = []
        for parts in product(*(vecs for _, vecs in per_class)):
            y = [0] * len(dims)
            for (mine, _), vec in zip(per_class, parts):
                for j, n in zip(mine, vec):
                    y[j] = n
            acts = sum(y)
            if acts > dmax:
                continue
            units = life = 0
            for j, n in enumerate(y):
                if n:
                    units += n * len(dims[j][2])
                    life += n * dims[j][3]
            y = tuple(y)
            for t, d in ts:
                lb = (life if mode == "cost" else 0, acts + max(0, d - free_supply - units), max(0, units - d))
                combos.append((ordered(lb), y, t))
        combos.sort(key=lambda co: co[0])
        if len(combos) <= SMALL:  # a flow or two is cheaper than Hall's counts
            best = None
            for lb, y, t in combos:
                if best is not None and lb >= best[0]:
                    break
                got = self._flow(mode, dims, y, t)
                if got is not None and (best is None or got[0] < best[0]):
                    best = got
            return best
        hall = _Hall(self, mode, dims)
        best = best_key = None
        flows = failures = 0
        for lb, y, t in combos:
            if best_key is not None and lb >= best_key:
                break
            got = hall.score(y, t)
            if got is None:  # can't pay
                failures += 1
                if best_key is None and failures == HOPELESS_AFTER:
                    if self.hopeless is None:
                        self.hopeless = self._hopeless()
                    if self.hopeless:
                        return None  # rather than try every choice
                continue
            key = ordered(got)
            if best_key is not None and key >= best_key:
                continue
            if mode != "cost":
                best, best_key = (got, y, t), key
                continue
            flows += 1
            if flows > MAX_FLOWS:
                raise _Out  # the bounds don't cut enough: CP-SAT is the better tool here
            got = self._flow(mode, dims, y, t)
            if got is not None and (best_key is None or got[0] < best_key):
                best, best_key = got, got[0]
        if mode == "cost" or best is None:
            return best
        counted, y, t = best
        got = self._flow(mode, dims, y, t)
        if got is None or got[6][1:] != counted[1:]:
            raise AssertionError(f"fast path: Hall's count {counted} disagrees with the flow {got and got[6]}")
        return got

    def _flow(self, mode: str, dims, y, t):
        """The flow of one choice: (key, dims, y, rows, left, flow, values) or None when it can't pay."""
        rows = [r for r in self.rows if r[1]]
        for (di, n, mc, mg), k in zip(self.twobrid, t):
            if k:
                rows.append((mc, k, TB_COLOR, di, None))
            if n - k:
                rows.append((mg, 2 * (n - k), TB_GENERIC, di, None))
        need_total = sum(r[1] for r in rows)
        # Left nodes: [cap, mask, stage, life per type index (None: can't), tag]
        left: list[list[Any]] = []
        used: dict[int, int] = {}
        fixed_life = acts = multi_units = 0
        multi_cap: dict[tuple[int, int, str], int] = {}
        for j, n in enumerate(y):
            if n:
                ki, jl, choice, pay = dims[j]
                used[ki] = used.get(ki, 0) + n
                fixed_life += pay * n
                acts += n
                multi_units += n * len(choice)
                for unit in choice:
                    multi_cap[(ki, jl, unit)] = multi_cap.get((ki, jl, unit), 0) + n
        for (ki, jl, unit), n in multi_cap.items():
            left.append([n, type_mask(unit), MULTI, None, ("multi", ki, jl, unit)])
        for ti in range(6):
            if self.pool[ti]:
                left.append([self.pool[ti], 1 << ti, POOL, None, ("pool", ti)])
        if self.phyrexian and mode != "free":
            left.append([self.phyrexian, 1 << LIFE, POOL, None, ("life",)])
        for profile, m, members in self._groups(mode):
            if used:
                members = [(ki, cap - used.get(ki, 0)) for ki, cap in members if cap > used.get(ki, 0)]
                if not members:
                    continue
            left.append([sum(cap for _, cap in members), m, SINGLE, profile, ("single", members)])
        if mode == "cost":
            flow = _cheapest_flow(left, rows, _weighted_cost(self._weights(need_total)))
        else:
            flow = _staged_flow(left, rows)
        if flow is None:
            return None
        life = fixed_life
        singles = multi_matched = 0
        for li, l in enumerate(left):
            stage = l[2]
            for (ri, ti), n in flow[li].items():
                if stage == SINGLE:
                    singles += n
                    life += l[3][ti] * n
                elif stage == MULTI:
                    multi_matched += n
                elif ti == LIFE:
                    life += 2 * n
        values = (life, acts + singles, multi_units - multi_matched)
        return self.ordered(values), dims, y, rows, left, flow, values

    def _groups(self, mode: str) -> list[tuple[tuple, int, list[tuple[int, int]]]]:
        """Single-unit supply grouped by what a copy makes at what life: (life per type index or
        None, type mask, [(class, copies)]); in "free" mode, options costing life are left out."""
        got = self._group_cache.get(mode)
        if got is not None:
            return got
        free = mode == "free"
        groups: dict[tuple, tuple[tuple, int, list[tuple[int, int]]]] = {}
        for ki, (budget, profile, _, _) in enumerate(self.classes):
            profile, m = _profile_mask(profile, free)
            if not m:
                continue
            g = groups.get(profile)
            if g is None:
                g = groups[profile] = (profile, m, [])
            g[2].append((ki, budget))
        got = self._group_cache[mode] = list(groups.values())
        return got

    def _weights(self, units: int) -> list[int]:
        """Per-unit cost weights (life, source, not-a-multi-unit) making the scalar cost order
        the lexicographic one: each weight exceeds the most all later objectives can add."""
        max_pay = max([p for cl in self.classes for p in cl[1] if p is not None] + [2 if self.phyrexian else 0])
        ranges = {"min_life": units * max_pay + 1, "min_sources": units + 1, "min_waste": units + 1}
        weight = {}
        w = 1
        for o in reversed(self.order):
            weight[o] = w
            w *= ranges[o] + 1
        return [weight["min_life"], weight["min_sources"], weight["min_waste"]]

    # -- the Solution ---------------------------------------------------------------------

    def _solution(self, best) -> Solution:
        key, dims, y, rows, left, flow, values = best
        c = self.c
        producers = c.producers
        sol = Solution("paid", optimal=True, variant=0, x=self.x, levels=0)
        acts = sol.acts
        splits = sol.splits
        produced: list[dict[int, int]] = [{} for _ in range(6)]  # per type: kind -> units spent
        made = 0
        # Multi activations of a class go to its sources in order, as their budgets allow.
        budget_left = {si: b for cl in self.classes for si, b, _, _ in cl[3]}
        chunks: dict[tuple[int, int, str], list[list[int]]] = {}  # multi node -> [[producer, units]]
        for j, n in enumerate(y):
            if not n:
                continue
            ki, jl, choice, _ = dims[j]
            made += n * len(choice)
            for si, _, _, multis in self.classes[ki][3]:
                take = min(n, budget_left[si])
                if not take:
                    continue
                budget_left[si] -= take
                n -= take
                pi, ci = multis[jl][0], multis[jl][1]
                _add(acts, (pi, 0, ci), take)
                for unit in set(choice):
                    chunks.setdefault((ki, jl, unit), []).append([pi, take * choice.count(unit)])
                if not n:
                    break
        row_types = [[0] * 7 for _ in rows]
        for li, l in enumerate(left):
            spent_here = flow[li]
            if not spent_here and l[4][0] == "single":
                continue
            by_type: dict[int, int] = {}
            for (ri, ti), n in spent_here.items():
                by_type[ti] = by_type.get(ti, 0) + n
                row_types[ri][ti] += n
            tag = l[4]
            if tag[0] == "multi":
                _, ki, jl, unit = tag
                spare = l[0] - sum(by_type.values())
                parts = [(ti, by_type[ti], True) for ti in sorted(by_type)]
                if spare:  # made and not spent: any type it may be
                    parts.append((BIT[unit[0]].bit_length() - 1, spare, False))
                queue = chunks[(ki, jl, unit)]
                at = 0
                for ti, n, spent in parts:
                    tt = TYPES[ti]
                    while n:
                        chunk = queue[at]
                        if not chunk[1]:
                            at += 1
                            continue
                        take = n if n < chunk[1] else chunk[1]
                        chunk[1] -= take
                        n -= take
                        pi = chunk[0]
                        if len(unit) > 1:
                            _add(splits.setdefault((pi, 0, unit), {}), tt, take)
                        if spent:
                            _add(produced[ti], producers[pi].kind_of_type[tt], take)
            elif tag[0] == "single":
                members = [(si, single) for ki, _ in tag[1] for si, _, single, _ in self.classes[ki][3]]
                at = 0
                for ti in sorted(by_type):
                    n = by_type[ti]
                    tt = TYPES[ti]
                    while n:
                        si, single = members[at]
                        room = budget_left[si]
                        if not room:
                            at += 1
                            continue
                        take = n if n < room else room
                        budget_left[si] -= take
                        n -= take
                        _, pi, ci, unit = single[ti]
                        _add(acts, (pi, 0, ci), take)
                        if len(unit) > 1:
                            _add(splits.setdefault((pi, 0, unit), {}), tt, take)
                        _add(produced[ti], producers[pi].kind_of_type[tt], take)
                        made += take
        # Spend: for each row and type, mana made by activations first, then pool mana.
        spent_made = 0
        cost_life = 0
        pool_left = [[kn[:] for kn in kns] if kns else kns for kns in self.pool_kinds]
        made_left = [[[k, n] for k, n in sorted(kn.items())] if kn else [] for kn in produced]
        demands = c.variants[0].demands
        for ri, (m, n, what, di, cat) in enumerate(rows):
            got: dict[int, int] = {}
            for ti, want in enumerate(row_types[ri]):
                if not want or ti == LIFE:
                    continue
                for store, is_made in ((made_left[ti], True), (pool_left[ti], False)):
                    for kn in store:
                        if not want:
                            break
                        take = want if want < kn[1] else kn[1]
                        if take:
                            kn[1] -= take
                            want -= take
                            got[kn[0]] = got.get(kn[0], 0) + take
                            if is_made:
                                spent_made += take
            if what == GEN:
                g = sol.generic_pay.setdefault(cat, {})
                for k, u in got.items():
                    _add(g, k, u)
                if di >= 0:
                    sol.cost_pay[(di, 0)] = (demands[di].count, {})
            elif what == OPT:
                masks = self.option_masks[di]
                if row_types[ri][LIFE]:
                    cost_life += 2 * row_types[ri][LIFE]
                    oi = masks.index(1 << LIFE)
                    sol.cost_pay[(di, oi)] = (row_types[ri][LIFE], {})
                for k, u in sorted(got.items()):
                    b = self.kind_bit[k]
                    oi = next(i for i, om in enumerate(masks) if om & b)
                    cnt, fl = sol.cost_pay.get((di, oi), (0, {}))
                    fl[k] = fl.get(k, 0) + u
                    sol.cost_pay[(di, oi)] = (cnt + u, fl)
            elif what == TB_COLOR:
                sol.cost_pay[(di, 0)] = (n, got)
            else:
                sol.cost_pay[(di, 1)] = (n // 2, {})
                g = sol.generic_pay.setdefault("twobrid", {})
                for k, u in got.items():
                    _add(g, k, u)
        life = damage = 0
        for (pi, _, _), n in acts.items():
            p = producers[pi]
            life += p.life * n
            damage += p.damage * n
        sources = sum(acts.values())
        waste = made - spent_made
        lost = life + damage + cost_life
        if (lost, sources, waste) != values:
            raise AssertionError(f"fast path bookkeeping: {values} but built {sources}, {waste}, {lost}")
        player = c.problem.player
        if (life > max(0, player.life) or (cost_life and cost_life > player.life - life - damage)
                or (lost > 0 and player.keep_life is not None and player.life - lost < player.keep_life)):
            raise _Out  # the optimum breaks a life limit: CP-SAT weighs the alternatives
        got_values = {"min_life": lost, "min_sacrifices": 0, "min_energy": 0, "min_sources": sources,
                      "min_waste": waste, "max_x": self.x}
        sol.objective = {name: got_values[name] for name in self.objectives}
        return sol


class _Hall:
    """Hall's theorem for one search: the most demand units a supply can cover is the minimum
    over sets T of types of (D - demand accepting only types in T + supply making some type in
    T); T ranges over unions of row masks (no other T is tighter). ``score(y, t)`` gives, for
    multis ``y`` and colored {2/W} halves ``t``: (least life, least sources, least waste), or
    None if the choice can't pay. Multi units alone give the least waste (most of them spent),
    pool and multi units the least sources (fewest singles needed). Life is exactly 0 except in
    "cost" mode, where it is bounded below: the life of the multis, plus the cheapest life
    payment for each unit the supply that costs no life can't cover."""

    def __init__(self, fast: _Fast, mode: str, dims) -> None:
        self.fast = fast
        self.dims = dims
        rows = [(m, n) for m, n, *_ in fast.rows if n]
        masks = {m for m, _ in rows}
        for _, _, mc, mg in fast.twobrid:
            masks |= {mc, mg}
        cands = {0}
        for m in masks:
            cands |= {c | m for c in cands}
        cands = sorted(cands)
        self.n = len(cands)
        groups = fast._groups(mode)
        class_mask = {}
        for _, gm, members in groups:
            for ki, _ in members:
                class_mask[ki] = gm
        lifecap = fast.phyrexian if mode != "free" else 0
        self.inside = []  # per T: fixed demand inside T
        self.flags = []  # per T: which {2/W} halves are inside T
        self.pool = []  # per T: pool mana (and life for Phyrexian symbols) meeting T
        self.singles = []  # per T: single copies meeting T
        for T in cands:
            self.inside.append(sum(n for m, n in rows if not m & ~T))
            self.flags.append([(not mc & ~T, not mg & ~T) for _, _, mc, mg in fast.twobrid])
            self.pool.append(sum(fast.pool[ti] for ti in BITS_OF[T & 63]) + (lifecap if T >> LIFE & 1 else 0))
            self.singles.append(sum(sum(b for _, b in members) for _, gm, members in groups if gm & T))
        self.per_dim = []  # per multi dimension, per T: (its units meeting T, single copies it takes)
        for ki, _, choice, _ in dims:
            ums = [type_mask(u) for u in choice]
            gm = class_mask.get(ki, 0)
            self.per_dim.append([(sum(1 for um in ums if um & T), 1 if gm & T else 0) for T in cands])
        self.cost = mode == "cost"
        if self.cost:  # the supply that costs no life, for the life bound
            free_groups = fast._groups("free")
            free_mask = {ki: gm for _, gm, members in free_groups for ki, _ in members}
            self.free = [sum(fast.pool[ti] for ti in BITS_OF[T & 63])
                         + sum(sum(b for _, b in members) for _, gm, members in free_groups if gm & T)
                         for T in cands]
            self.free_loss = [[1 if free_mask.get(ki, 0) & T else 0 for T in cands] for ki, _, _, _ in dims]
            self.min_pay = min([p for cl in fast.classes for p in cl[1] if p]
                               + ([2] if fast.phyrexian else []))
        self._t: dict[tuple, tuple[int, list[int]]] = {}
        self._y: dict[tuple, tuple] = {}

    def _for_t(self, t):
        got = self._t.get(t)
        if got is None:
            twobrid = self.fast.twobrid
            d = self.fast.fixed_units + sum(2 * n - k for (_, n, _, _), k in zip(twobrid, t))
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


@lru_cache(maxsize=1024)
def _profile_mask(profile: tuple[int | None, ...], free: bool) -> tuple[tuple[int | None, ...], int]:
    """A class's life per type made (None: it can't make the type), with the types that cost
    life left out when ``free``, and the mask of the types it still makes."""
    if free:
        profile = tuple(None if p else p for p in profile)
    m = 0
    for ti, p in enumerate(profile):
        if p is not None:
            m |= 1 << ti
    return profile, m


@lru_cache(maxsize=4096)
def _choice_table(choices: tuple[tuple[str, ...], ...]):
    """A mana ability's choices read once per shape: for each type, the first one-unit choice
    making it, (type index, type, choice index, unit); and the choices making several units,
    (choice index, choice, every type they may make)."""
    singles: dict[int, tuple[int, str, int, str]] = {}
    multis = []
    for ci, choice in enumerate(choices):
        if len(choice) == 1:
            unit = choice[0]
            for t in unit:
                if TI[t] not in singles:
                    singles[TI[t]] = (TI[t], t, ci, unit)
        else:
            multis.append((ci, choice, "".join(sorted(set("".join(choice))))))
    return tuple(singles.values()), tuple(multis)


def _add(d: dict, k, n: int) -> None:
    d[k] = d.get(k, 0) + n


def _vectors(bounds: list[int], cap: int, limit: int) -> list[tuple[int, ...]]:
    """Every vector ``0 <= v[j] <= bounds[j]`` with ``sum(v) <= cap``; out of class past ``limit``."""
    out: list[tuple[int, ...]] = []

    def walk(j: int, left: int, prefix: tuple[int, ...]) -> None:
        if j == len(bounds):
            out.append(prefix)
            if len(out) > limit:
                raise _Out
            return
        for n in range(min(bounds[j], left) + 1):
            walk(j + 1, left - n, prefix + (n,))

    walk(0, cap, ())
    return out


def _staged_flow(left, rows):
    """Fill every row from the left nodes, stage by stage: as much from multi units as can be
    placed, then pool mana and life, then single copies, each stage by augmenting paths that
    never take back what an earlier stage placed. That is the greedy algorithm on the
    transversal matroid of matchable supply units, so the result is a min-cost flow for the
    costs of :func:`_staged_cost` (fewest singles, and among those the most multi units), found
    without building a graph. Same result shape as :func:`_cheapest_flow`; an edge takes the
    first type both ends allow, as it does there when all types cost the same."""
    need = [r[1] for r in rows]
    unmet = sum(need)
    if not unmet:
        return [{} for _ in left]
    row_masks = [r[0] for r in rows]
    n_rows = len(rows)
    flows: list[dict[int, int]] = [{} for _ in left]  # left node -> {row: units}
    into: list[dict[int, int]] = [{} for _ in rows]  # row -> {left node: units}
    for i in sorted(range(len(left)), key=lambda i: left[i][2]):
        room, mask = left[i][0], left[i][1]
        while room:
            path = _augmenting_path(i, mask, left, row_masks, need, into, n_rows)
            if path is None:
                break  # never again: later paths can't reach what this node can't (max-flow)
            end = path[-1][1]
            push = min(room, need[end])
            for (_, before), (li, _) in zip(path, path[1:]):
                push = min(push, into[before][li])  # li gives up units it sent to before
            room -= push
            need[end] -= push
            unmet -= push
            prev = None
            for li, ri in path:
                if prev is not None:  # li hands prev (its old row) to the one before it
                    _move(flows, into, li, prev, -push)
                _move(flows, into, li, ri, push)
                prev = ri
            if not unmet:
                break
        if not unmet:
            break
    if unmet:
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    for li, out in enumerate(flows):
        lm = left[li][1]
        for ri, n in out.items():
            if n:
                m = lm & row_masks[ri]
                result[li][(ri, (m & -m).bit_length() - 1)] = n
    return result


def _move(flows, into, li, ri, n) -> None:
    got = flows[li].get(ri, 0) + n
    flows[li][ri] = got
    into[ri][li] = got


def _augmenting_path(start, mask, left, row_masks, need, into, n_rows):
    """A path start -> row, then (left node giving up units it sends to that row -> another
    row) ..., ending at a row still in need: [(left, row), ...], or None. Depth first."""
    for ri in range(n_rows):
        if need[ri] and mask & row_masks[ri]:
            return [(start, ri)]
    seen_rows = set()
    seen_left = {start}
    stack = [(start, mask, [])]
    while stack:
        li, lm, path = stack.pop()
        for ri in range(n_rows):
            if ri in seen_rows or not lm & row_masks[ri]:
                continue
            here = path + [(li, ri)]
            if need[ri]:
                return here
            seen_rows.add(ri)
            for lj, n in into[ri].items():
                if n and lj not in seen_left:
                    seen_left.add(lj)
                    stack.append((lj, left[lj][1], here))
    return None


def _staged_cost(total: int):
    """Per-unit cost that spends multi-mana activations first, then the pool and life, then
    single-mana sources: the fewest sources, then the least waste, for a fixed set of
    activations (an unspent unit of a multi-mana activation is waste; of the pool is not).
    :func:`_staged_flow` minimizes it without a graph; the tests check it against this."""
    stage_cost = (0, 1, total + 1)

    def cost_of(l, ti):
        return stage_cost[l[2]]

    return cost_of


def _weighted_cost(weights):
    """Per-unit cost: life x w0 + (single) x w1 + (not a multi unit) x w2 (see ``_weights``)."""
    wl, ws, ww = weights

    def cost_of(l, ti):
        stage = l[2]
        if stage == MULTI:
            return 0
        if stage == POOL:
            return ww + (2 * wl if l[4][0] == "life" else 0)
        p = l[3][ti]
        return None if p is None else p * wl + ws + ww

    return cost_of


def _cheapest_flow(left, rows, cost_of):
    """Fill every row from the left nodes at least cost (OR-Tools' min-cost flow). Returns per
    left node {(row, type index): units}, or None when the rows can't all be filled. An edge
    takes the cheapest type both ends allow (the first, when all cost the same)."""
    total = 0
    for r in rows:
        total += r[1]
    if not total:
        return [{} for _ in left]
    flow = min_cost_flow.SimpleMinCostFlow()
    add = flow.add_arc_with_capacity_and_unit_cost
    n_left = len(left)
    source = n_left + len(rows)
    sink = source + 1
    arcs = []
    for li, l in enumerate(left):
        cap, lm, _, pays = l[0], l[1], l[2], l[3]
        add(source, li, cap, 0)
        uniform = pays is None or len({p for p in pays if p is not None}) == 1
        for ri, r in enumerate(rows):
            m = lm & r[0]
            if not m:
                continue
            if uniform:
                ti = (m & -m).bit_length() - 1
                cost = cost_of(l, ti)
            else:
                cost = None
                for tj in BITS_OF[m]:
                    cst = cost_of(l, tj)
                    if cst is not None and (cost is None or cst < cost):
                        cost, ti = cst, tj
            arcs.append((add(li, n_left + ri, cap, cost), li, ri, ti))
    for ri, r in enumerate(rows):
        add(n_left + ri, sink, r[1], 0)
    flow.set_node_supply(source, total)
    flow.set_node_supply(sink, -total)
    if flow.solve() != flow.OPTIMAL:
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    get = flow.flow
    for arc, li, ri, ti in arcs:
        n = get(arc)
        if n:
            result[li][(ri, ti)] = n
    return result
