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

**The modules.** This one reads the compiled IR into demand rows and supply classes and
searches the choices (:class:`_Fast`); :mod:`solver.fast_tables` reads sources and bounds
once per shape, :mod:`solver.fast_flow` pays one choice (a b-matching, or OR-Tools' min-cost
flow), :mod:`solver.fast_hall` scores choices by Hall's theorem and
:mod:`solver.fast_answer` turns the best into a :class:`Solution`.

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

from tapwise.models.caches import memo
from itertools import chain, combinations, product
from operator import attrgetter, itemgetter, mul
from typing import Any

from tapwise.models.mana import type_mask
from tapwise.solver.compile import Compiled
from tapwise.solver.cpsat import Solution
from tapwise.solver.fast_answer import solution
from tapwise.solver.fast_choice import ChoiceProblem, Undecided, best_choice
from tapwise.solver.fast_flow import (BITS_OF, LIFE, MULTI, POOL, SINGLE, TB_COLOR, TB_GENERIC, _cheapest_flow,
                                      _staged_flow, _weighted_cost)
from tapwise.solver.fast_hall import _Hall
from tapwise.solver.fast_tables import (BIT, TI, _accepted_types, _carvings, _fewest_copies, _most_activations,
                                        _multi_units, _Out, _source_info, _vectors)

_TYPE_OF = attrgetter("type")
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

# What a demand row records in the Solution (fast_flow defines the {2/W} halves' rows too).
OPT, GEN = 0, 1


def solve_fast(c: Compiled, objectives: tuple[str, ...]) -> Solution | None:
    """An exact optimal :class:`Solution` for problems in the fast class, else ``None``
    (spec 9.3's keywords and other costs are never in it: CP-SAT answers those)."""
    if c.problem.payment is not None:
        return None
    try:
        return _Fast(c, objectives).solve()
    except _Out:
        return None


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


@memo(256)
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
                  and opts[1].units == 2 and opts[1].generic in ("twobrid", "achroma_twobrid")):
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
        """The supply (see :meth:`_read_supply`). On a prepared board (``c.shared``) it depends
        only on the board and on what the key names, so it is read once per key and shared by
        the board's costs; nothing reads it but to look (tests/test_prepared.py compares the
        answers with pay()'s)."""
        shared = self.c.shared
        if shared is None:
            self._read_supply()
            return
        key = ("fast supply", self.kind_bit, _sacrifices_last(self.objectives), self.x_max or bool(self.colors),
               self.phyrexian > 0)
        got = shared.get(key)
        if got is None:
            self._read_supply()
            shared[key] = (self.pool, self.pool_kinds, self.pool_total, self.pool_nodes, self.unsacrificed,
                           self.unconverted, self.classes, self.profile_masks, self.multi_classes, self.has_cost,
                           self._single_cache)
            return
        (self.pool, self.pool_kinds, self.pool_total, self.pool_nodes, self.unsacrificed, self.unconverted,
         self.classes, self.profile_masks, self.multi_classes, self.has_cost, self._single_cache) = got

    def _read_supply(self) -> None:
        """Pool mana per type, and the sources' abilities as classes of copies alike."""
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
        sol = solution(self, best)
        if self.unsacrificed == "skip if no life" and sol.objective["min_life"]:
            raise _Out  # life came first: a sacrifice might have saved it
        if self.unconverted and self.objectives and not self._converters_idle(best):
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
                if got is not None and not self.objectives:
                    return got  # feasibility only: the first payment found answers it
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
                if not self.objectives:
                    break  # feasibility only: the first choice that pays answers it
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
