"""The exact fast path (DESIGN principle 3): transportation problems without a CP-SAT model.

``solve_fast(compiled, objectives)`` answers a compiled problem exactly when it is a flow problem
over the six mana types and returns ``None`` otherwise (the caller then builds the CP-SAT model).
Infeasible problems of the class get ``Solution("infeasible", optimal=True)``: the search below
is exhaustive, so the caller explains them as it does after CP-SAT. ``ENABLED = False`` makes
``solver.pay`` skip this path (the profile compares both).

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
activations and colored halves, whatever the number of copies (:mod:`solver.fast_choice`); with
life to weigh there, or past :data:`MAX_FLOWS` min-cost flows, the fast path declines. If the
optimum breaks a life limit (abilities' life above the player's life, ``keep_life``), it declines
too: another payment might respect it, and CP-SAT weighs that.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations, product
from operator import attrgetter, itemgetter, mul
from typing import Any

from ortools.graph.python import min_cost_flow

from tapwise.models.mana import TYPES, type_mask
from tapwise.solver.compile import Compiled
from tapwise.solver.cpsat import Solution
from tapwise.solver.fast_choice import ChoiceProblem, Undecided, best_choice

BIT = {t: 1 << i for i, t in enumerate(TYPES)}
TI = {t: i for i, t in enumerate(TYPES)}
LIFE = 6  # Phyrexian symbols: paid with 2 life, as if with a seventh type of "mana"
_TYPE_OF = attrgetter("type")
BITS_OF = [tuple(i for i in range(7) if m >> i & 1) for m in range(128)]
FIRST_BIT = [(m & -m).bit_length() - 1 for m in range(128)]  # the first type of a mask

_OPTIMAL = min_cost_flow.SimpleMinCostFlow.OPTIMAL.value
ALLOWED = frozenset({"min_life", "min_sacrifices", "min_energy", "min_sources", "min_waste", "max_x"})
VARYING = ("min_life", "min_sources", "min_waste")
ENABLED = True
"""``solver.pay`` tries this path first; set to False to force CP-SAT (the profile compares)."""
MAX_COMBOS = 1024
"""Most choices (multi activations x colored {2/W} halves) the fast path will enumerate; past it,
the choice is an integer program (or, with life to weigh, left to CP-SAT)."""
MAX_FLOWS = 16
"""Most of them it will solve as min-cost flows before leaving the problem to CP-SAT."""
SMALL = 6
"""Up to this many choices, each is solved as a flow rather than counted first."""
HOPELESS_AFTER = 8
"""After this many choices that can't pay and none that can, check whether any choice could."""
MAX_COLOR_TRIES = 64
"""Most sets of colors (and ways to spend each) a color objective may try before CP-SAT decides."""

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


def _carvings(rows: list[tuple[int, int, int, int, Any]], colors: list[int]):
    """Every way to take one unit for each of ``colors`` (type indices) from a row accepting
    it, as (rows, no {2/W} demands): the unit becomes a row of its own accepting that color
    alone, for the same symbol (a row's payments are added up when the answer is built)."""
    options = [[ri for ri, r in enumerate(rows) if r[1] and r[0] >> ti & 1] for ti in colors]
    for pick in product(*options):
        taken = [0] * len(rows)
        for ri in pick:
            taken[ri] += 1
        if any(t > r[1] for t, r in zip(taken, rows)):
            continue
        out = [(r[0], r[1] - t, *r[2:]) for r, t in zip(rows, taken)]
        out += [(1 << ti, 1, *rows[ri][2:]) for ti, ri in zip(colors, pick)]
        yield out, []


@lru_cache(maxsize=256)
def _sacrifices_last(objectives: tuple[str, ...]) -> str:
    """Whether abilities that sacrifice (Treasures, Lotus Petal) can be left out of the supply:
    "" if not, "skip" or "skip if no life". When ``min_sacrifices`` comes before every objective
    but ``min_life`` and ``min_energy``, a payment without sacrifices beats every payment with
    one, so the best without them is the best, provided it is found (else one might pay) and,
    if ``min_life`` comes before, costs no life (else a sacrifice might save it). Energy is 0
    throughout the class."""
    if "min_sacrifices" not in objectives:
        return ""
    before = objectives[:objectives.index("min_sacrifices")]
    if not {"min_life", "min_energy"}.issuperset(before):
        return ""
    return "skip if no life" if "min_life" in before else "skip"


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
        self._demand_rows(v)
        self._supply()
        self.order, self.ordered, self.life_first = _orders(objectives)

    # -- reading the IR -------------------------------------------------------------------

    def _amask(self, accept: frozenset[int]) -> int:
        """The type mask an accept set stands for; out of class unless acceptance is by type."""
        m = _accepted_types(accept, self.kind_bit)
        if m is None:
            raise _Out
        return m

    def _demand_rows(self, v) -> None:
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
                  and opts[1].units == 2 and opts[1].generic == "twobrid"):
                twobrid.append((di, d.count, self._amask(opts[0].accept), self._amask(opts[1].accept)))
            else:
                raise _Out
        if v.x_symbols and self.x:
            rows.append((self._amask(v.x_accept), self.x * v.x_symbols, GEN, -1, "x"))
        self._set_rows(rows, twobrid)

    def _set_rows(self, rows: list[tuple[int, int, int, int, Any]],
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

    def _supply(self) -> None:
        c = self.c
        pool = [0] * 6
        pool_kinds: dict[int, list[list[int]]] = {}  # per type in the pool: [[kind, units]]
        kind_bit = self.kind_bit
        for k, n in c.pool_units.items():
            if n and kind_bit[k]:
                ti = TI[c.kinds[k].type]
                pool[ti] += n
                pool_kinds.setdefault(ti, []).append([k, n])
        self.pool = pool
        self.pool_kinds = pool_kinds
        self.pool_total = sum(pool)
        self.pool_nodes = [(pool[ti], 1 << ti, POOL, None, ("pool", ti)) for ti in sorted(pool_kinds)]
        # Per source: budget, producers and abilities (choices, life, types it may make here);
        # read once per shape into life per type made, the cheapest one-unit way to make each
        # type, and multi choices; then sources that are alike (same life per type made, same
        # multi choices) are merged into one class with the sum of their budgets (principle 2).
        per_source: dict[int, list[Any]] = {}  # source -> [budget, [producer], [ability]]
        restricted = self.restricted
        has_cost = self.phyrexian > 0
        self.unsacrificed = ""  # sacrificing abilities left out: how (see _sacrifices_last)
        self.unconverted = False  # abilities with a mana cost left out (see _converters_idle)
        for pi, p in enumerate(c.producers):
            if p.sacrifice:
                self.unsacrificed = _sacrifices_last(self.objectives)
                if self.unsacrificed:
                    continue
            if p.cost and not p.sacrifice and not p.energy and not self.x_max and not self.colors:
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

    # -- search ---------------------------------------------------------------------------

    def solve(self) -> Solution:
        best = self._best_colors() if self.colors else self._best_x() if self.x_max else self._best()
        if best is None:
            if self.unsacrificed or self.unconverted:
                raise _Out  # a sacrifice, a filter land or a Signet might pay: CP-SAT weighs it
            return Solution("infeasible", optimal=True)
        sol = self._solution(best)
        if self.unsacrificed == "skip if no life" and sol.objective["min_life"]:
            raise _Out  # life came first: a sacrifice might have saved it
        if self.unconverted and not self._converters_idle(best):
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
        need = self._mana_needed() - sum(self.c.pool_units.values())
        if need <= 0:
            return sources == 0
        least = _fewest_copies(self.c, need)
        return least is not None and sources == least

    def _best(self):
        """The best payment at this X (see :meth:`_search`), or None when none exists."""
        self.hopeless = None  # found out only when there are many choices to try
        if not self.has_cost or "min_life" not in self.objectives:
            return self._search("plain")
        if self.life_first:
            return self._search("free") or (None if self.hopeless else self._search("cost"))
        return self._search("cost")

    def _mana_needed(self) -> int:
        """The least mana the symbols take that can't be paid with life ({2/W} at one)."""
        return (sum(n for m, n, *_ in self.rows if not m >> LIFE & 1)
                + sum(n for _, n, _, _ in self.twobrid))

    def _best_colors(self):
        """The best payment spending the fewest (``min_colors``) or most (``max_colors``) colors,
        then the other objectives. Fewest: the least k for which some set S of k colors pays
        with its colors and colorless mana alone (rows masked to S); the best over those S.
        Most: the largest k for which some set S of k colors can each be spent at least once,
        one unit of each taken from a row accepting it (a row of its own accepting only that
        color) in every way; the best over those S and ways. Colors every payment spends (a
        row of one color) are in every S. Exact: every smaller (larger) k was tried and none
        paid. Leaves the rows of the answer returned."""
        rows, twobrid = self.rows, self.twobrid
        fewest = self.colors == "min_colors"
        if twobrid and not fewest:
            raise _Out  # a {2/W} spends its color only when paid so: not counted here
        made = 0  # the colors the supply may make
        for ti in self.pool_kinds:
            made |= 1 << ti
        for (_, _, shape, _), masks in zip(self.classes, self.profile_masks):
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
                    self._set_rows(*way)
                    got = self._best()
                    if got is not None and (best is None or got[0] < best[0]):
                        best, best_at = got, way
            if best is not None:
                self._set_rows(*best_at)
                return best
        return None

    def _best_x(self):
        """The best payment at the largest X that can be paid ("x": "max" with ``max_x`` first),
        found by bisection: if X can be paid, so can any smaller X (the same payment with less
        mana spent; mana made and not spent is allowed, 106.4), and each X is exact. The first
        probe is the most the supply could pay after the symbols that need mana, which is often
        the answer. Leaves the rows at the X returned."""
        v = self.c.variants[0]
        most = self.pool_total
        for (budget, _, shape, _), masks in zip(self.classes, self.profile_masks):
            units = 1 if masks[0][1] else 0  # a one-unit choice, or its largest multi choice
            for choice, _ in shape:
                units = max(units, len(choice))
            most += budget * units
        bad = min(self.c.x_upper, max(0, most - self._mana_needed()) // v.x_symbols) + 1  # can't be paid
        good, best = -1, None  # the largest X known to pay, and its payment
        probe = bad - 1
        while bad - good > 1:
            self.x = probe
            self._demand_rows(v)
            got = self._best()
            if got is None:
                bad = probe
            else:
                good, best = probe, got
            probe = (good + bad) // 2
        if best is not None and self.x != good:
            self.x = good
            self._demand_rows(v)
        return best

    def _hopeless(self) -> bool:
        """A quick proof that no choice pays: some set T of types must pay for more symbols
        (those accepting only types in T, with each {2/W} at its cheapest reading) than all the
        supply could make in T even if every copy made its most there (Hall's condition,
        relaxed). Saves enumerating every choice only to find that none pays."""
        classes = []
        for budget, profile, shape, _ in self.classes:
            single = 0
            for ti, p in enumerate(profile):
                if p is not None:
                    single |= 1 << ti
            classes.append((budget, single, [[type_mask(u) for u in choice] for choice, _ in shape]))
        for T in self._type_sets():
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

    def _type_sets(self) -> list[int]:
        """The sets T of types that Hall's condition needs checking for: the unions of the demand
        rows' masks, {2/W} both ways (no other T is tighter)."""
        cands = {0}
        for m in {m for m, _ in self.reach}:
            cands |= {c | m for c in cands}
        return sorted(cands)

    def _search(self, mode: str):
        """The best choice and its flow, or None when no choice pays. ``mode``: "plain" (life
        not weighed), "free" (only options that cost no life), "cost" (min-cost flow)."""
        free = mode == "free"
        twobrid, reach, dmax = self.twobrid, self.reach, self.dmax
        # Multi dimensions: (class, index of the multi choice in it, units, pay).
        dims: list[tuple[int, int, tuple[str, ...], int]] = []
        per_class: list[tuple[tuple[int, ...], ...]] = []  # per class with multis: its vectors
        n_y = 1
        dim_units: list[int] = []  # per dimension: units an activation makes
        dim_life: list[int] = []  # and the life it costs
        dim_bounds: list[int] = []  # and the most activations an optimum uses
        for ki in self.multi_classes:
            budget, _, shape, _ = self.classes[ki]
            bounds = []
            for jl, (choice, pay) in enumerate(shape):
                if free and pay:
                    continue
                bound = min(budget, _most_activations(choice, reach))
                if bound > 0:
                    bounds.append(bound)
                    dims.append((ki, jl, choice, pay))
                    dim_units.append(len(choice))
                    dim_life.append(pay)
            if bounds:
                dim_bounds += bounds
                if n_y <= MAX_COMBOS:  # else there are too many already
                    try:
                        vecs = _vectors(tuple(bounds), min(budget, dmax), MAX_COMBOS)
                    except _Out:
                        n_y = MAX_COMBOS + 1
                    else:
                        per_class.append(vecs)
                        n_y *= len(vecs)
        if not dims and not twobrid:
            return self._flow(mode, dims, (), ())
        n_t = 1
        for _, n, _, _ in twobrid:
            n_t *= n + 1
        if n_y * n_t > MAX_COMBOS:
            if mode == "cost":
                raise _Out  # Hall's count only bounds life: CP-SAT weighs it
            return self._chosen(mode, dims, dim_bounds, dim_units)
        # Every choice with a cheap lower bound on its objectives, best first. Hall's theorem
        # then scores them in that order (exact sources and waste when life isn't weighed, a
        # better bound when it is) until the cheap bound can't beat the best found.
        ordered = self.ordered
        cost = mode == "cost"
        free_supply = self.pool_total + (self.phyrexian if not free else 0)
        ts = []
        for t in product(*(range(n + 1) for _, n, _, _ in twobrid)):
            ts.append((t, self.fixed_units + sum(2 * n - k for (_, n, _, _), k in zip(twobrid, t))))
        combos = []
        for parts in product(*per_class):
            y = tuple(chain.from_iterable(parts))  # the classes' dimensions come in class order
            acts = sum(y)
            if acts > dmax:
                continue
            units = sum(map(mul, y, dim_units))
            life = sum(map(mul, y, dim_life)) if cost else 0
            for t, d in ts:
                lb = (life, acts + max(0, d - free_supply - units), max(0, units - d))
                combos.append((ordered(lb), y, t))
        combos.sort(key=itemgetter(0))
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
        return self._counted_flow(mode, dims, y, t, counted)

    def _counted_flow(self, mode: str, dims, y, t, counted):
        """The flow of a choice Hall's count scored (sources and waste, exact here): they must agree."""
        got = self._flow(mode, dims, y, t)
        if counted is None or got is None or got[6][1:] != counted[1:]:
            raise AssertionError(f"fast path: Hall's count {counted} disagrees with the flow {got and got[6]}")
        return got

    def _chosen(self, mode: str, dims, bounds: list[int], units: list[int]):
        """The best choice when there are too many to enumerate ("plain" or "free" mode, where
        Hall's count is exact): an integer program over the counts (:mod:`solver.fast_choice`),
        then that choice's flow, which must agree with the count."""
        hall = _Hall(self, mode, dims)
        caps = {}  # per class with multis: the most activations of its choices together
        for ki, _, _, _ in dims:
            caps[ki] = min(self.classes[ki][0], self.dmax)
        problem = ChoiceProblem(
            bounds=tuple(bounds), units=tuple(units), class_of=tuple(d[0] for d in dims),
            class_caps=tuple(caps.items()), sets=tuple(hall.sets),
            meets=tuple(tuple(per_t) for per_t in hall.per_dim), inside=tuple(hall.inside),
            twobrid=tuple(n for _, n, _, _ in self.twobrid), twobrid_inside=tuple(tuple(f) for f in hall.flags),
            pool=tuple(hall.pool), singles=tuple(hall.singles), fixed_units=self.fixed_units,
            most_activations=self.dmax)
        order = self.order
        sources_first = order.index("min_sources") < order.index("min_waste")
        try:
            chosen = best_choice(problem, sources_first, self.c.problem.time_limit)
        except Undecided:
            raise _Out from None
        if chosen is None:
            return None
        y, t = chosen
        return self._counted_flow(mode, dims, y, t, hall.score(y, t))

    def _flow(self, mode: str, dims, y, t):
        """The flow of one choice: (key, dims, y, rows, left, flow, values) or None when it can't pay."""
        rows = self.live_rows
        if self.twobrid:
            rows = list(rows)
            for (di, n, mc, mg), k in zip(self.twobrid, t):
                if k:
                    rows.append((mc, k, TB_COLOR, di, None))
                if n - k:
                    rows.append((mg, 2 * (n - k), TB_GENERIC, di, None))
        # Left nodes, in stage order: (cap, mask, stage, life per type index (None: can't), tag)
        left: list[tuple] = []
        used: dict[int, int] = {}
        fixed_life = acts = multi_units = 0
        for j, n in enumerate(y):
            if n:
                ki, jl, choice, pay = dims[j]
                used[ki] = used.get(ki, 0) + n
                fixed_life += pay * n
                acts += n
                multi_units += n * len(choice)
                for unit, k, um in _multi_units(choice)[1]:
                    left.append((n * k, um, MULTI, None, ("multi", ki, jl, unit)))
        left += self.pool_nodes
        if self.phyrexian and mode != "free":
            left.append((self.phyrexian, 1 << LIFE, POOL, None, ("life",)))
        nodes, where = self._singles(mode)
        if used:  # the copies multi activations take are not there to make one unit
            nodes = list(nodes)
            classes = self.classes
            for gi in {where[ki] for ki in used if ki in where}:
                _, m, _, profile, tag = nodes[gi]
                cap = sum(classes[ki][0] - used.get(ki, 0) for ki, g in where.items() if g == gi)
                nodes[gi] = (cap, m, SINGLE, profile, tag) if cap else None
            left.extend(filter(None, nodes))  # None: a group whose copies are all taken
        else:
            left += nodes
        if mode == "cost":
            flow = _cheapest_flow(left, rows, _weighted_cost(self._weights(sum(r[1] for r in rows))))
        else:
            flow = _staged_flow(left, rows)
        if flow is None:
            return None
        life = fixed_life
        singles = multi_matched = 0
        for l, out in zip(left, flow):
            if not out:
                continue
            stage = l[2]
            if stage == SINGLE:
                pays = l[3]
                for (_, ti), n in out.items():
                    singles += n
                    life += pays[ti] * n
            elif stage == MULTI:
                multi_matched += sum(out.values())
            elif l[1] == 1 << LIFE:
                life += 2 * sum(out.values())
        values = (life, acts + singles, multi_units - multi_matched)
        return self.ordered(values), dims, y, rows, left, flow, values

    def _singles(self, mode: str) -> tuple[list[list[Any]], dict[int, int]]:
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
            for ki, ((budget, _, _, sources), masks) in enumerate(zip(self.classes, self.profile_masks)):
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
        _, dims, y, rows, left, flow, values = best
        c = self.c
        producers = c.producers
        classes = self.classes
        sol = Solution.paid(self.x)  # variant 0, no levels: no mana-cost abilities
        acts = sol.acts
        splits = sol.splits
        cost_pay = sol.cost_pay
        produced: dict[int, dict[int, list[int]]] = {}  # per type made: kind -> [kind, units spent]
        made = 0
        # Activations of a class go to its sources in order, as their budgets allow.
        budget_left: dict[int, int] = {}  # source -> activations left, once it has some
        chunks: dict[tuple[int, int, str], list[list[int]]] = {}  # multi node -> [[producer, units]]
        for j, n in enumerate(y):
            if not n:
                continue
            ki, jl, choice, _ = dims[j]
            made += n * len(choice)
            units = _multi_units(choice)[1]
            for si, budget, pis, _, refs in classes[ki][3]:
                room = budget_left.get(si, budget)
                take = n if n < room else room
                if not take:
                    continue
                budget_left[si] = room - take
                n -= take
                ai, ci = refs[jl]
                pi = pis[ai]
                _add(acts, (pi, 0, ci), take)
                for unit, k, _ in units:
                    chunks.setdefault((ki, jl, unit), []).append([pi, take * k])
                if not n:
                    break
        row_types: list[dict[int, int]] = [{} for _ in rows]  # per row: type index -> units
        for l, spent_here in zip(left, flow):
            tag = l[4]
            if not spent_here and tag[0] != "multi":
                continue
            by_type: dict[int, int] = {}
            for (ri, ti), n in spent_here.items():
                by_type[ti] = by_type.get(ti, 0) + n
                rt = row_types[ri]
                rt[ti] = rt.get(ti, 0) + n
            if tag[0] == "multi":
                _, ki, jl, unit = tag
                spare = l[0] - sum(by_type.values())
                parts = [(ti, by_type[ti], True) for ti in sorted(by_type)]
                if spare:  # made and not spent: any type it may be
                    parts.append((TI[unit[0]], spare, False))
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
                            _gain(produced.setdefault(ti, {}), producers[pi].kind_of_type[tt], take)
            elif tag[0] == "single":
                members = tag[1]  # exhausted sources (multi activations took them) are skipped
                at = 0
                for ti in sorted(by_type):
                    n = by_type[ti]
                    tt = TYPES[ti]
                    made_here = produced.setdefault(ti, {})
                    while n:
                        si, budget, pis, picks, _ = members[at]
                        room = budget_left.get(si, budget)
                        if not room:
                            at += 1
                            continue
                        take = n if n < room else room
                        budget_left[si] = room - take
                        n -= take
                        ai, ci, unit = picks[ti]
                        pi = pis[ai]
                        _add(acts, (pi, 0, ci), take)
                        if len(unit) > 1:
                            _add(splits.setdefault((pi, 0, unit), {}), tt, take)
                        _gain(made_here, producers[pi].kind_of_type[tt], take)
                        made += take
        # Spend: for each row and type, mana made by activations first, then pool mana.
        spent_made = 0
        cost_life = 0
        pool_left = {ti: [kn[:] for kn in kns] for ti, kns in self.pool_kinds.items()}
        demands = c.variants[0].demands
        spent_types = 0  # the types spent, for a color objective
        counting_colors = bool(self.colors)
        for (m, n, what, di, cat), rt in zip(rows, row_types):
            got: dict[int, int] = {}
            for ti in sorted(rt):
                if ti == LIFE:
                    continue
                want = rt[ti]
                store = produced.get(ti)
                if store:
                    rest = _draw(sorted(store.values()), want, got)  # by kind
                    spent_made += want - rest
                    want = rest
                if want:
                    _draw(pool_left[ti], want, got)  # the rest is in the pool
            if counting_colors:
                for k in got:
                    spent_types |= self.kind_bit[k]
            if what == GEN:
                g = sol.generic_pay.get(cat)
                if g is None:
                    sol.generic_pay[cat] = got  # the category's first row
                else:
                    for k, u in got.items():
                        _add(g, k, u)
                if di >= 0:
                    cost_pay[(di, 0)] = (demands[di].count, {})
            elif what == OPT:
                masks = self.option_masks[di]
                paid_life = rt.get(LIFE)
                if paid_life:
                    cost_life += 2 * paid_life
                    li = masks.index(1 << LIFE)
                    cost_pay[(di, li)] = (cost_pay.get((di, li), (0,))[0] + paid_life, {})
                for k, u in sorted(got.items()):
                    b = self.kind_bit[k]
                    for oi, om in enumerate(masks):
                        if om & b:
                            break
                    cnt, fl = cost_pay.get((di, oi), (0, {}))
                    fl[k] = fl.get(k, 0) + u  # a symbol's rows add up (colors carve some out)
                    cost_pay[(di, oi)] = (cnt + u, fl)
            elif what == TB_COLOR:
                cost_pay[(di, 0)] = (n, got)
            else:
                cost_pay[(di, 1)] = (n // 2, {})
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
        if counting_colors:
            got_values[self.colors] = len(BITS_OF[spent_types & 31])
        sol.objective = dict(zip(self.objectives, map(got_values.__getitem__, self.objectives)))
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
        rows = [(m, n) for m, n, *_ in fast.live_rows]
        cands = self.sets = fast._type_sets()  # the type sets T, in this order everywhere
        self.n = len(cands)
        nodes, where = fast._singles(mode)
        class_mask = {ki: nodes[gi][1] for ki, gi in where.items()}
        lifecap = fast.phyrexian if mode != "free" else 0
        self.inside = []  # per T: fixed demand inside T
        self.flags = []  # per T: which {2/W} halves are inside T
        self.pool = []  # per T: pool mana (and life for Phyrexian symbols) meeting T
        self.singles = []  # per T: single copies meeting T
        for T in cands:
            self.inside.append(sum(n for m, n in rows if not m & ~T))
            self.flags.append([(not mc & ~T, not mg & ~T) for _, _, mc, mg in fast.twobrid])
            self.pool.append(sum(fast.pool[ti] for ti in BITS_OF[T & 63]) + (lifecap if T >> LIFE & 1 else 0))
            self.singles.append(sum(node[0] for node in nodes if node[1] & T))
        self.per_dim = []  # per multi dimension, per T: (its units meeting T, single copies it takes)
        for ki, _, choice, _ in dims:
            ums = [type_mask(u) for u in choice]
            gm = class_mask.get(ki, 0)
            self.per_dim.append([(sum(1 for um in ums if um & T), 1 if gm & T else 0) for T in cands])
        self.cost = mode == "cost"
        if self.cost:  # the supply that costs no life, for the life bound
            free_nodes, free_where = fast._singles("free")
            free_mask = {ki: free_nodes[gi][1] for ki, gi in free_where.items()}
            self.free = [sum(fast.pool[ti] for ti in BITS_OF[T & 63])
                         + sum(node[0] for node in free_nodes if node[1] & T)
                         for T in cands]
            self.free_loss = [[1 if free_mask.get(ki, 0) & T else 0 for T in cands] for ki, _, _, _ in dims]
            # 0 when only multis cost life (their life is counted per choice): a weaker bound
            self.min_pay = min([p for cl in fast.classes for p in cl[1] if p]
                               + ([2] if fast.phyrexian else []), default=0)
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


def _least_mana(demands) -> int:
    """The least mana ``demands`` (a mana ability's own cost) can take: 0 for a symbol that
    life may pay (a Phyrexian one), else its cheapest option's units."""
    total = 0
    for d in demands:
        total += d.count * min(0 if o.life else o.units for o in d.options)
    return total


def _fewest_copies(c: Compiled, need: int) -> int | None:
    """The fewest source copies that could add ``need`` mana net of their activations' least
    mana costs (see :meth:`_Fast._converters_idle`), or None if all of them can't."""
    per_copy: dict[int, list[int]] = {}  # per source entry: [best tapping net, the others' nets x uses]
    for p in c.producers:
        net = p.most_made - _least_mana(p.cost)
        if net <= 0:
            continue
        most = per_copy.setdefault(p.source, [0, 0])
        if p.tap:
            most[0] = max(most[0], net)
        else:
            most[1] += net * p.uses
    sources_of = c.problem.sources
    items = sorted(((tap + other, sources_of[si].count) for si, (tap, other) in per_copy.items()), reverse=True)
    least = 0
    for net, n in items:  # the copies making the most first: the fewest that cover the need
        take = min(n, -(-need // net))
        least += take
        need -= take * net
        if need <= 0:
            return least
    return None


@lru_cache(maxsize=4096)
def _accepted_types(accept: frozenset[int], kind_bit: tuple[int, ...]) -> int | None:
    """The mask of the types whose kinds ``accept`` takes, or None unless it takes every
    spendable kind of those types (acceptance by type); once per shape."""
    m = 0
    for k in accept:
        m |= kind_bit[k]
    if len(accept) != sum(1 for b in kind_bit if b & m):
        return None
    return m


@lru_cache(maxsize=4096)
def _source_info(abilities: tuple[tuple[tuple[tuple[str, ...], ...], int, int], ...]):
    """A source's :func:`_source_table`, with its :func:`_profile_mask` both ways (index 0:
    every type it makes, 1: the types that cost no life): one cached call per source."""
    table = _source_table(abilities)
    return table, (_profile_mask(table[0], False), _profile_mask(table[0], True))


def _profile_mask(profile: tuple[int | None, ...], free: bool) -> tuple[tuple[int | None, ...], int]:
    """A class's life per type made (None: it can't make the type), with the types that cost
    life left out when ``free``, and the mask of the types it still makes (:func:`_source_info`
    remembers it)."""
    if free:
        profile = tuple(None if p else p for p in profile)
    m = 0
    for ti, p in enumerate(profile):
        if p is not None:
            m |= 1 << ti
    return profile, m


def _source_table(abilities: tuple[tuple[tuple[tuple[str, ...], ...], int, int], ...]):
    """A source's abilities, (choices, life, mask of the types whose mana may be spent here),
    read once per shape (:func:`_source_info` remembers it): per type index, the least life a
    one-unit choice making it costs (None: none can) and the first such (ability, choice index,
    unit); its multi choices as (choice, life) and their (ability, choice index). A multi choice
    none of whose mana can be spent here is left out (no optimum activates it); one making some
    that can and some that can't is out of class."""
    pays: list[int | None] = [None] * 6
    picks: list[tuple[int, int, str] | None] = [None] * 6
    shape, refs = [], []
    for ai, (choices, pay, allowed) in enumerate(abilities):
        singles, multis = _choice_table(choices)
        for ti, _, ci, unit in singles:
            if not allowed >> ti & 1:
                continue
            old = pays[ti]
            if old is None or pay < old:
                pays[ti] = pay
                picks[ti] = (ai, ci, unit)
        for ci, choice, types in multis:
            made = type_mask(types)
            if not made & allowed:
                continue  # none of its mana can be spent here (Eldrazi Temple's {C}{C}): never used
            if made & ~allowed:
                raise _Out  # an activation that makes some mana this cost can't use
            shape.append((choice, pay))
            refs.append((ai, ci))
    return tuple(pays), tuple(picks), tuple(shape), tuple(refs)


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


@lru_cache(maxsize=1024)
def _multi_units(choice: tuple[str, ...]) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """A multi choice's type mask, and its distinct units in order with how many of each it
    makes and the types each may be: once per shape."""
    units = {}
    for unit in choice:
        units[unit] = units.get(unit, 0) + 1
    mask = 0
    for unit in units:
        mask |= type_mask(unit)
    return mask, tuple((unit, k, type_mask(unit)) for unit, k in units.items())


def _most_activations(choice: tuple[str, ...], reach: list[tuple[int, int]]) -> int:
    """The most activations of one multi choice an optimum can use: for each of its distinct
    units (made ``k`` times per activation), the demand units it could serve, ``k`` to an
    activation. Activations of one choice are alike, so mana spent from two partly spent ones
    can move to one of them and the other be dropped (fewer sources, no more life or waste):
    an optimum spends each unit's mana from as few activations as hold it."""
    most = 0
    for _, k, um in _multi_units(choice)[1]:
        n = 0
        for dm, units in reach:
            if dm & um:
                n += units
        n = -(-n // k)
        if n > most:
            most = n
    return most


def _add(d: dict, k, n: int) -> None:
    d[k] = d.get(k, 0) + n


def _gain(store: dict[int, list[int]], kind: int, n: int) -> None:
    """``n`` more units of ``kind`` in a store of [kind, units] by kind."""
    entry = store.get(kind)
    if entry is None:
        store[kind] = [kind, n]
    else:
        entry[1] += n


def _draw(store: list[list[int]], want: int, got: dict[int, int]) -> int:
    """Take up to ``want`` units from ``store`` ([kind, units left], in order) into ``got``;
    returns how many are still wanted."""
    for kn in store:
        if not want:
            break
        take = want if want < kn[1] else kn[1]
        if take:
            kn[1] -= take
            want -= take
            got[kn[0]] = got.get(kn[0], 0) + take
    return want


@lru_cache(maxsize=1024)
def _vectors(bounds: tuple[int, ...], cap: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """Every vector ``0 <= v[j] <= bounds[j]`` with ``sum(v) <= cap``; out of class past ``limit``.
    Once per shape: boards repeat the same few bounds."""
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
    return tuple(out)


def _staged_flow(left, rows):
    """Fill every row from the left nodes, stage by stage: as much from multi units as can be
    placed, then pool mana and life, then single copies, each stage by augmenting paths that
    never take back what an earlier stage placed. That is the greedy algorithm on the
    transversal matroid of matchable supply units, so the result is a min-cost flow for the
    costs of :func:`_staged_cost` (fewest singles, and among those the most multi units), found
    without building a graph. ``left`` comes in stage order (as :meth:`_Fast._flow` builds it).
    Same result shape as :func:`_cheapest_flow`; an edge takes the first type both ends allow,
    as it does there when all types cost the same."""
    need = [r[1] for r in rows]
    unmet = sum(need)
    if not unmet:
        return [{} for _ in left]
    row_masks = [r[0] for r in rows]
    n_rows = len(rows)
    into: list[dict[int, int]] = [{} for _ in rows]  # row -> {left node: units}
    for i, l in enumerate(left):
        room, mask = l[0], l[1]
        # The shortest augmenting paths first: rows in need this node reaches directly.
        for ri in range(n_rows):
            wanted = need[ri]
            if wanted and mask & row_masks[ri]:
                push = room if room < wanted else wanted
                into[ri][i] = push  # node i had sent nothing before its turn
                room -= push
                need[ri] = wanted - push
                unmet -= push
                if not room:
                    break
        while room and unmet:
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
                    into[prev][li] -= push
                into[ri][li] = into[ri].get(li, 0) + push
                prev = ri
        if not unmet:
            break
    if unmet:
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    for ri, got in enumerate(into):
        rm = row_masks[ri]
        for li, n in got.items():
            if n:
                result[li][(ri, FIRST_BIT[left[li][1] & rm])] = n
    return result


def _augmenting_path(start, mask, left, row_masks, need, into, n_rows):
    """A path start -> row, then (left node giving up units it sends to that row -> another
    row) ..., ending at a row still in need: [(left, row), ...], or None. Depth first; the
    caller has already filled the rows ``start`` reaches directly."""
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
                ti = FIRST_BIT[m]
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
    if flow.solve().value != _OPTIMAL:  # comparing the pybind11 enums costs several times more
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    get = flow.flow
    for arc, li, ri, ti in arcs:
        n = get(arc)
        if n:
            result[li][(ri, ti)] = n
    return result
