"""The CP-SAT model of a board: activation counts per (ability class, output choice, level),
splits of flexible units, flows per (mana kind, demand), copy limits per source, life,
energy and the mana balance from level to level; each total cost is a block of its own
(solver/cpsat/costs.py).
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled, Producer
from tapwise.solver.cpsat.costs import Plan
from tapwise.solver.cpsat.keywords import KeywordPart, finish_board
from tapwise.solver.sat import INT_MAX, INT_MIN, Terms, _neg, _not
from tapwise.solver.cpsat.doubling import add_doubling, doubling_bound

EXACT_LEVELS = 12
"""Up to this many activations of mana-cost abilities, every legal order is modelled."""


def level_count(c: Compiled) -> int:
    """How many levels of mana-cost abilities to model. Each level lets already-made mana pay
    for the next abilities, so chains of filters and rocks fit; see README for the bound."""
    converters = [p for p in c.producers if p.is_converter]
    if not converters:
        return 0
    total = sum(p.max_activations for p in converters)
    if total <= EXACT_LEVELS:
        return total  # one activation per level fits any legal order: exact
    return max(EXACT_LEVELS, 2 + len(converters) + max(p.max_activations
                                                       for p in converters).bit_length())


def _late_sacrificers(c: Compiled) -> set[int]:
    """The producers whose ``sacrifice_other`` may take a copy of a source with an ability
    that has a mana cost or reads a fact late: besides level 0 they may act last, after those
    abilities (9.2; 601.2g-h: mana abilities are activated in any order while paying)."""
    return {pi for pi, p in enumerate(c.producers) if p.others is not None and p.others[0] == "sac"
            and any(q in late_victim_sources(c) for q in p.others[2])}


def late_victim_sources(c: Compiled) -> set[int]:
    """Sources with an ability that has a mana cost, reads a fact after level 0's sacrifices or
    sacrifices others: a copy sacrificed early on level 0 may have had no turn to use it."""
    return {p.source for p in c.producers
            if _acts_late(p) or p.others is not None and p.others[0] == "sac"}


def _acts_late(p: Producer) -> bool:
    """Whether ``p`` acts after level 0's sacrifices: a mana cost (levels 1..L) or a late read."""
    return p.is_converter or (p.reads or "-")[0] == "late"


def _reads_late(p: Producer) -> bool:
    """A cost-free ability reading a fact after sacrifices lowered it (9.1): on each level it
    acts after that level's sacrifices (solver/answer/build.py's replay order)."""
    return not p.is_converter and (p.reads or "-")[0] == "late"


class BoardBuilder:
    """The board half of :class:`tapwise.solver.cpsat.model.Model`'s build: the board's
    variables and constraints, written with the model's writer (solver/sat.py's ``Writer``),
    and what they are, kept for the cost blocks, the bounds and the read-back. What the build
    fills (:data:`BUILT`) is declared in ``__init__`` and filled by ``_build``."""

    BUILT = ("xs", "x", "_most", "acts", "splits", "ability_y", "ability_f", "activations", "used",
             "sacrifices", "cards", "counter_terms", "drawback_terms", "copies_used", "victims",
             "late_victims", "order_limits", "own_copy_taps", "kw_parts", "kw", "blocks",
             "waste_terms", "color_spent", "quantities")
    """What ``_build`` leaves for the rest of the model (a keep model keeps one set per part)."""

    def __init__(self, c: Compiled, plan: Plan | None) -> None:
        """``c``'s board (and a plan's costs, each optional, spec section 7); built by ``_build``."""
        self.c = c
        self.plan = plan
        self.costs = plan.costs if plan is not None else (c,)
        self.L = level_count(c)
        self.xs: list[int] = []  # X of each cost
        self.x = 0
        self._most: list[int] = []  # most mana of each kind a payment can make
        self.acts: dict[tuple[int, int, int], Terms] = {}
        self.splits: dict[tuple[int, int, str, str], int] = {}
        self.ability_y: dict[tuple[int, int, int, int], Terms] = {}
        self.ability_f: dict[tuple[int, int, int, int, int], int] = {}
        self.activations: list[Terms] = []
        self.used: Terms = []
        self.sacrifices: Terms = []
        self.cards: Terms = []
        self.counter_terms: Terms = []
        self.drawback_terms: Terms = []
        self.copies_used: dict[int, int] = {}
        self.victims: dict[tuple[int, int], int] = {}
        # (producer, source, level) -> copies taken after abilities with a mana cost (9.2)
        self.late_victims: dict[tuple[int, int, int], int] = {}
        self.order_limits: dict[int, list[Terms]] = {}  # per source: copies gone + acting after
        self.own_copy_taps: dict[int, tuple[Terms, int, int]] = {}
        self.kw_parts: dict[int, KeywordPart] = {}
        self.kw: KeywordPart | None = None
        self.blocks: list = []
        self.waste_terms: Terms = []
        self.color_spent: list[int] = []
        self.quantities: dict[str, Terms] = {}

    def _build(self) -> None:
        c = self.c
        lin = self._linear
        n_kinds = len(c.kinds)
        # Most mana of each kind any payment can make: a producer activates at most
        # max_activations times over all levels (its source's copy limit).
        most = [c.pool_units.get(k, 0) for k in range(n_kinds)]
        for p in c.producers:
            per_kind: dict[int, int] = {}
            for choice in p.choices:
                here: dict[int, int] = {}
                for unit in choice:
                    for k in {p.kind_of_type[t] for t in unit}:
                        here[k] = here.get(k, 0) + 1
                for k, n in here.items():
                    per_kind[k] = max(per_kind.get(k, 0), n)
            for k, n in per_kind.items():
                most[k] += n * p.max_activations
        doubling_bound(c, most)  # 9.2 Doubling Cube: what it may add (solver/front/doubling.py)
        self._most = most
        self.xs = [self._int(cost.x_upper) for cost in self.costs]  # X of each cost
        self.x = self.xs[0]
        prob = c.problem
        # production[level][kind] and consumption[level][kind] as lists of terms
        # Level 0 makes mana without spending any; levels 1..L are mana-cost abilities; the
        # total cost is paid on level L+1, after every activation.
        prod: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        cons: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(self.L + 2)]
        # Activation counts, and the options a converter's cost is paid with, are terms: a
        # variable each, or the sum that defines them where a variable would only be tied to
        # it by an equality (a single "any color" unit; a cost symbol with one way to pay).
        self.acts: dict[tuple[int, int, int], Terms] = {}
        self.splits: dict[tuple[int, int, str, str], int] = {}
        self.ability_y: dict[tuple[int, int, int, int], Terms] = {}
        self.ability_f: dict[tuple[int, int, int, int, int], int] = {}
        self.activations: list[Terms] = [[] for _ in c.producers]
        ability_life_terms: Terms = []
        self.late_sac = _late_sacrificers(c)
        self.late_victim_sources = late_victim_sources(c) if self.late_sac else set()
        # between any two levels (9.1: each reader reads the sacrifices made before it)
        self.late_levels = tuple(range(1, self.L + 2))
        for pi, p in enumerate(c.producers):
            levels = range(0 if p.anywhere else 1, self.L + 1) if p.is_converter else (0,)
            if pi in self.late_sac or (self.late_sac and _reads_late(p)):
                # 9.2: it may also act after abilities with a mana cost (a cost-free reader
                # then reads what the sacrifices before it left, 9.1)
                levels = (0,) + self.late_levels  # its mana on level lv pays the levels above
            # One choice of one unit of several types (Treasure, Birds of Paradise): its
            # activations are the sum of its splits per type; the source's copy limit, which
            # every producer has (max_activations is that limit), bounds the sum.
            single = len(p.choices) == 1 and len(p.choices[0]) == 1 and len(p.choices[0][0]) > 1
            for lv in levels:
                if single:
                    unit = p.choices[0][0]
                    parts: Terms = []
                    for t in unit:
                        s = self._int(p.max_activations)
                        self.splits[(pi, lv, unit, t)] = s
                        parts.append((s, 1))
                        prod[lv][p.kind_of_type[t]].append((s, 1))
                    self.acts[(pi, lv, 0)] = parts
                    self.activations[pi] += parts
                else:
                    unit_totals: dict[str, Terms] = {}
                    for ci, choice in enumerate(p.choices):
                        # a Cube: once per level
                        a = self._int(1 if p.double else p.max_activations)
                        self.acts[(pi, lv, ci)] = [(a, 1)]
                        self.activations[pi].append((a, 1))
                        for unit in dict.fromkeys(choice):
                            mult = choice.count(unit)
                            if len(unit) == 1:
                                prod[lv][p.kind_of_type[unit]].append((a, mult))
                            else:
                                unit_totals.setdefault(unit, []).append((a, mult))
                    for unit, terms in unit_totals.items():
                        parts = []
                        for t in unit:
                            s = self._int(p.max_activations * 8)
                            self.splits[(pi, lv, unit, t)] = s
                            parts.append((s, 1))
                            prod[lv][p.kind_of_type[t]].append((s, 1))
                        lin(parts + _neg(terms), 0, 0)
                if p.is_converter:
                    count = [t for ci in range(len(p.choices)) for t in self.acts[(pi, lv, ci)]]
                    for di, d in enumerate(p.cost):
                        ys: Terms = []
                        for oi, o in enumerate(d.options):
                            if len(d.options) == 1:
                                y = _neg(count, -d.count)
                            else:
                                y = [(self._int(p.max_activations * d.count), 1)]
                                ys += y
                            self.ability_y[(pi, lv, di, oi)] = y
                            if o.life:
                                ability_life_terms += _neg(y, -o.life)
                            if o.units:
                                fs: Terms = []
                                for k in sorted(o.accept):
                                    f = self._int(min(p.max_activations * d.count * o.units,
                                                      most[k]))
                                    self.ability_f[(pi, lv, di, oi, k)] = f
                                    fs.append((f, 1))
                                    cons[lv][k].append((f, 1))
                                lin(fs + _neg(y, o.units), 0, 0)
                        if ys:
                            lin(ys + _neg(count, d.count), 0, 0)
        # 9.2 Doubling Cube: alone on its level, doubling the pool
        add_doubling(self, c, prod, cons)
        # Copy limits per source entry: taps, sacrifices, uses (spec section 8, "Copies").
        # A source's copies used are a variable only when it has abilities that don't tap;
        # otherwise every copy used is tapped and the count is the sum of its taps (a copy
        # sacrificed is tapped too), exactly what minimizing a variable >= it would give.
        # Limits the activation bounds already imply are left out.
        self.used: Terms = []
        self.sacrifices: Terms = []
        self.cards: Terms = []  # cards used as costs (9.6 min_cards)
        self.counter_terms: Terms = []  # counters removed or put (9.6 min_counters)
        self.drawback_terms: Terms = []  # activations with a drawback (9.6 min_drawbacks)
        # per source whose copies don't all tap: its copies used
        self.copies_used: dict[int, int] = {}
        # cards used as costs, bounded by the zones (9.2)
        card_use = {"discard": [], "exile": [], "mill": []}
        for pi, p in enumerate(c.producers):
            for key in card_use:
                n = getattr(p, key)
                if n:
                    card_use[key] += _neg(self.activations[pi], -n)
                    self.cards += _neg(self.activations[pi], -n)
            if p.drawback:
                self.drawback_terms += self.activations[pi]
            if p.counters:
                self.counter_terms += _neg(self.activations[pi], -p.counters)
            if p.removed:
                levels = (range(0 if p.anywhere else 1, self.L + 1) if p.is_converter
                          else range(self.L + 2))
                budget: Terms = []
                for lv in levels:
                    for ci, r in enumerate(p.removed):
                        if r and (pi, lv, ci) in self.acts:
                            self.counter_terms += _neg(self.acts[(pi, lv, ci)], -r)
                            budget += _neg(self.acts[(pi, lv, ci)], -r)
                # without {T}: one copy's counters, shared (9.2)
                if p.budget is not None and budget:
                    lin(budget, INT_MIN, p.budget)
        for key, limit in (("discard", prob.hand), ("exile", prob.graveyard), ("mill",
                                                                               prob.library)):
            if card_use[key] and limit is not None:
                lin(card_use[key], INT_MIN, limit)
        life_terms: Terms = list(ability_life_terms)
        damage_terms: Terms = []
        energy_terms: Terms = []
        by_source: dict[int, list[int]] = {}
        for pi, p in enumerate(c.producers):
            by_source.setdefault(p.source, []).append(pi)
        kills, tapped_by, late_kills = self._others(c, by_source)
        self.order_limits = self._copy_order(c, by_source)
        # 9.3's keywords and other costs (solver/cpsat/keywords.py): a part per cost that has them
        self.kw_parts: dict[int, KeywordPart] = {}
        for bi, cost in enumerate(self.costs):
            if cost.problem.payment is not None:
                part = self.kw_parts[bi] = KeywordPart(self, cost, None if self.plan is None
                                                       else bi)
                part.add_taps(tapped_by)
        self.kw = self.kw_parts.get(0) if self.plan is None else None
        for si in list(kills) + list(tapped_by) + list(late_kills):
            by_source.setdefault(si, [])  # a permanent with no mana ability may still pay a cost
        for si, pis in by_source.items():
            src = prob.sources[si]
            total = {pi: self.activations[pi] for pi in pis}
            taps = [t for pi in pis if c.producers[pi].tap for t in total[pi]]
            sacs = [t for pi in pis if c.producers[pi].sacrifice for t in total[pi]]
            all_tap = len(taps) == sum(len(total[pi]) for pi in pis)
            # 9.2: copies tapped by another's cost can't tap for mana; a copy is sacrificed once
            # (after it made its mana: sacrifice_other comes after the other level-0 activations);
            # one that activates an ability with a mana cost is sacrificed only last (level L+1).
            taps_all = taps + tapped_by.get(si, [])
            if taps_all and self._ub(taps_all) > src.count - src.tapped:
                lin(taps_all, INT_MIN, src.count - src.tapped)
            # 9.4: the copy an "on" extra enchants, and the rest
            caps: dict[str, tuple[int, Terms]] = {}
            for pi in pis:
                cap = c.producers[pi].cap
                if cap is not None:
                    caps.setdefault(cap[0], (cap[1], []))[1].extend(total[pi])
            for bound, terms in caps.values():
                if self._ub(terms) > bound:
                    lin(terms, INT_MIN, bound)
            if si in kills or si in late_kills:
                killed = kills.get(si, []) + late_kills.get(si, [])
                lin(killed + sacs, INT_MIN, src.count)
                self.sacrifices += killed  # min_sacrifices counts permanents sacrificed (9.7)
            # exiled from hand: a card (9.1)
            counted = self.cards if src.zone != "battlefield" else self.sacrifices
            if all_tap:
                self.used += taps_all
                counted += sacs
            else:
                u = self._int(src.count)
                self.copies_used[si] = u
                if taps_all:
                    lin([(u, 1)] + _neg(taps_all), 0, INT_MAX)
                # the copies tapped by one activation, and the one acting
                if si in self.own_copy_taps:
                    terms, b, split = self.own_copy_taps[si]
                    lin([(u, 1), (b, -1), (split, 1)] + _neg(terms), 0, INT_MAX)
                if sacs:
                    if self._ub(sacs) > src.count:
                        lin(sacs, INT_MIN, src.count)
                    lin([(u, 1)] + _neg(sacs), 0, INT_MAX)
                    counted += sacs
                # an ability's producers (one per victim, per reading)
                shared: dict[int, list[int]] = {}
                for pi in pis:
                    p = c.producers[pi]
                    if not p.tap:
                        shared.setdefault(p.ability, []).append(pi)
                        if self._ub(total[pi]) > p.uses * src.count:
                            lin(total[pi], INT_MIN, p.uses * src.count)
                        lin([(u, p.uses)] + _neg(total[pi]), 0, INT_MAX)
                for group in shared.values():  # they share the copies' uses of that ability
                    if len(group) > 1:
                        uses = max(c.producers[pi].uses for pi in group)
                        terms = [t for pi in group for t in total[pi]]
                        lin(terms, INT_MIN, uses * src.count)
                        lin([(u, uses)] + _neg(terms), 0, INT_MAX)
                self.used.append((u, 1))
            for pi in pis:
                p = c.producers[pi]
                if p.life:
                    life_terms += _neg(total[pi], -p.life)
                if p.damage:
                    damage_terms += _neg(total[pi], -p.damage)
                if p.energy:
                    energy_terms += _neg(total[pi], -p.energy)
        self._late_reads(c, kills)
        # Each total cost: one variant chosen (in a plan, none for a cost left unpaid).
        final = self.L + 1
        cost_life_terms: Terms = []
        self.blocks = [self._cost_block(bi, cost, most, cons[final], cost_life_terms, energy_terms)
                       for bi, cost in enumerate(self.costs)]
        b0 = self.blocks[0]
        # Mana balance: lower levels pay higher ones; everything fits in the end.
        self.waste_terms: Terms = []
        for k in range(n_kinds):
            pool = c.pool_units.get(k, 0)
            made: Terms = list(prod[0][k])
            used: Terms = []
            for lv in range(1, self.L + 1):
                used += cons[lv][k]
                if cons[lv][k]:  # levels that spend nothing new are implied by the one before
                    lin(used + _neg(made), INT_MIN, pool)
                made += prod[lv][k]
            used += cons[self.L + 1][k]
            made += prod[self.L + 1][k]  # sacrifices made last (9.2) pay the total cost only
            if used:
                lin(used + _neg(made), INT_MIN, pool)
            if not c.kinds[k].pool and made:
                self.waste_terms += made + _neg(used)
        if self.kw_parts:
            for part in self.kw_parts.values():
                part.finish()
            finish_board(self, [self.kw_parts[bi] for bi in sorted(self.kw_parts)])
        # Life (601.2g–h, 118.3) and energy.
        player = prob.player
        life = player.life
        if life_terms:
            lin(life_terms, INT_MIN, max(0, life))
        if cost_life_terms:
            paying = self._bool()
            lin(cost_life_terms, INT_MIN, 0, (_not(paying),))
            lin(cost_life_terms + life_terms + damage_terms, INT_MIN, life, (paying,))
        lost_total = life_terms + damage_terms + cost_life_terms
        if player.keep_life is not None and lost_total:
            loses = self._bool()
            lin(lost_total, INT_MIN, 0, (_not(loses),))
            lin(_neg(lost_total), player.keep_life - life, INT_MAX, (loses,))  # life - lost >= keep
        if energy_terms:
            lin(energy_terms, INT_MIN, player.energy)
        # Colors spent on the total cost (609.4b), modelled only when an objective counts them.
        self.color_spent: list[int] = []
        if self.plan is None and {"max_colors", "min_colors"} & set(prob.objective):
            self.color_spent = self._colors(b0.spent_by_type)
        colors = [(b, 1) for b in self.color_spent]
        # Each quantity as terms; an empty list is the constant 0.
        self.quantities: dict[str, Terms] = {
            "max_x": [(self.x, 1)],
            "max_colors": colors,
            "min_colors": colors,
            "min_life": lost_total,
            "min_energy": energy_terms,
            "min_sacrifices": self.sacrifices,
            "min_drawbacks": self.drawback_terms,
            "min_cards": self.cards,
            "min_counters": self.counter_terms,
            "min_sources": self.used,
            "min_waste": self.waste_terms,
        }
        if self.plan is not None:
            self._plan_quantities(lost_total)

    def _others(self, c: Compiled, by_source: dict[int, list[int]]
                ) -> tuple[dict[int, Terms], dict[int, Terms], dict[int, Terms]]:
        """Section 9.2's ``sacrifice_other`` and ``tap_other``: how many copies of each source
        each such activation takes, as variables (``self.victims``), and per source the terms
        of its copies sacrificed and tapped this way. Tapping ones come first, then sacrificing
        ones in producer order; one may sacrifice a copy of a source whose own sacrificing
        abilities come after it only if it is its own source (the copy acts, then goes). A
        sacrificing one in ``self.late_sac`` may also act on a level lv of 1..L+1, after the
        abilities with a mana cost of levels up to lv (601.2g-h, 605.3), taking copies that used
        them (``self.late_victims`` per (producer, source, level), and the third dict returned)."""
        kills: dict[int, Terms] = {}
        tapped_by: dict[int, Terms] = {}
        late_kills: dict[int, Terms] = {}
        self.victims: dict[tuple[int, int], int] = {}
        self.late_victims: dict[tuple[int, int, int], int] = {}
        sources = c.problem.sources
        own: dict[tuple[int, str], Terms] = {}
        # per source: terms counting activations that tap its own copies
        carriers: dict[int, Terms] = {}
        for pi, p in enumerate(c.producers):
            if p.others is None:
                continue
            kind, n, victims, self_ok = p.others
            late = pi in self.late_sac
            xs: Terms = []
            late_xs: dict[int, Terms] = {}
            for q in victims:
                x = self._int(min(n * p.max_activations, sources[q].count))
                self.victims[(pi, q)] = x
                xs.append((x, 1))
                (kills if kind == "sac" else tapped_by).setdefault(q, []).append((x, 1))
                if q == p.source and not self_ok:
                    own.setdefault((q, kind), []).append((x, 1))
                    if kind == "tap" and not p.tap:
                        self._own_taps(pi, x, sources[q].count, carriers.setdefault(q, []))
                for lv in self.late_levels if late and q in self.late_victim_sources else ():
                    y = self._int(min(n * p.max_activations, sources[q].count))
                    self.late_victims[(pi, q, lv)] = y
                    late_xs.setdefault(lv, []).append((y, 1))
                    late_kills.setdefault(q, []).append((y, 1))
                    if q == p.source and not self_ok:
                        own.setdefault((q, kind), []).append((y, 1))
            if late:
                for lv in (0,) + self.late_levels:
                    acted = [t for ci in range(len(p.choices))
                             for t in self.acts.get((pi, lv, ci), [])]
                    self._linear((xs if lv == 0 else late_xs.get(lv, [])) + _neg(acted, n), 0, 0)
            else:
                self._linear(xs + _neg(self.activations[pi], n), 0, 0)
        for (q, kind), terms in own.items():
            if kind == "sac":  # without "self", the last copy standing can't sacrifice itself
                self._linear(terms, INT_MIN, sources[q].count - 1)
        # per source: (its own copies tapped as above, b: some are, split: two activations
        # share them)
        self.own_copy_taps: dict[int, tuple[Terms, int, int]] = {}
        for q, ms in carriers.items():
            terms = own[(q, "tap")]
            b, split = self._bool(), self._bool()
            self._linear(terms + [(b, -self._ub(terms))], INT_MIN, 0)  # b: some copy was tapped so
            self._linear(ms + [(split, -2)], 0, INT_MAX)  # split: two activations share them
            self.own_copy_taps[q] = (terms, b, split)
        return kills, tapped_by, late_kills

    def _copy_order(self, c: Compiled, by_source: dict[int, list[int]]) -> dict[int, list[Terms]]:
        """A copy sacrificed by another's cost acts no more (9.2). In the replay order (level by
        level; on each, the abilities that neither read late nor sacrifice others, then the
        sacrifice_other activations in producer order, then the late reads), per source and per
        slot that sacrifices its copies: the copies gone by then plus the copies acting after
        it are at most the copies given. The copies acting after are a variable at least each
        later ability's activations after it over its uses per copy (one copy may use them all).
        Returns those limits per source (``terms <= count``), for solver/queries/keep.py."""
        producers = c.producers
        limits: dict[int, list[Terms]] = {}
        by_producer: dict[int, list[tuple[int, Terms]]] = {}
        for (pj, lv, _ci), terms in self.acts.items():
            by_producer.setdefault(pj, []).append((lv, terms))
        for q, pis in by_source.items():
            kills: list[tuple[tuple[int, int, int], Terms]] = []
            for (pi, vq), x in self.victims.items():
                if vq == q and producers[pi].others[0] == "sac":
                    kills.append(((0, pi, 1), [(x, 1)]))
            for (pi, vq, lv), x in self.late_victims.items():
                if vq == q:
                    kills.append(((lv, pi, 1), [(x, 1)]))
            if not kills:
                continue
            acting: list[tuple[int, tuple[int, int, int], Terms]] = []  # producer, slot, acts
            for pi in pis:
                p = producers[pi]
                for lv, terms in by_producer.get(pi, ()):
                    if not terms:
                        continue
                    if p.others is not None and p.others[0] == "sac":
                        slot = (lv, pi, 0)
                    elif _reads_late(p):  # after the level's sacrifices; a converter before
                        slot = (lv, len(producers), 0)
                    else:
                        slot = (lv, -1, 0)
                    acting.append((pi, slot, terms))
            count = c.problem.sources[q].count
            kills.sort(key=lambda k: k[0])
            gone: Terms = []
            for slot, terms in kills:
                gone = gone + terms
                after: dict[int, Terms] = {}
                for pi, s, ts in acting:
                    if s > slot:
                        after.setdefault(pi, []).extend(ts)
                if not after:
                    continue
                a = self._int(count)
                for pi, ts in after.items():
                    p = producers[pi]
                    self._linear(ts + [(a, -(1 if p.tap else max(1, p.uses)))], INT_MIN, 0)
                limit = gone + [(a, 1)]
                self._linear(limit, INT_MIN, count)
                limits.setdefault(q, []).append(limit)
        return limits

    def _own_taps(self, pi: int, x: int, count: int, carriers: Terms) -> None:
        """9.2's ``tap_other`` without "self" on an ability without {T}, tapping ``x`` copies of
        its own entry: each activation taps at most ``count - 1`` of them (never the copy that
        acts). If one activation taps them all, the copy acting is one more copy used (9.6);
        if two activations share them, each may be activated by a copy the other tapped. The
        number of activations that can carry such copies is ``min(x, activations)``."""
        acts = self.activations[pi]
        self._linear([(x, 1)] + _neg(acts, count - 1), INT_MIN, 0)
        m = self._int(min(self._ub([(x, 1)]), self._ub(acts)))
        self._linear([(m, 1), (x, -1)], INT_MIN, 0)
        self._linear([(m, 1)] + _neg(acts), INT_MIN, 0)
        carriers.append((m, 1))

    def _late_reads(self, c: Compiled, kills: dict[int, Terms]) -> None:
        """9.1 ``counts``: an ability reading a fact after sacrifices lowered it reads the given
        value less what the copies sacrificed before it counted toward it: a cost-free one on
        level lv after the sacrifices of levels 0..lv, one with a mana cost on level lv after
        those of levels below lv (the replay order, solver/answer/build.py: on each level the
        abilities with a mana cost, then the sacrifices, then the cost-free readers). A
        reading at value v may be used only where that is what the sacrifices before it leave."""
        late: dict[tuple[str, int, int], Terms] = {}  # (fact, value, last level seen): acts
        for (pi, lv, _ci), terms in self.acts.items():
            p = c.producers[pi]
            if p.reads is not None and p.reads[0] == "late":
                seen = lv - 1 if p.is_converter else lv
                late.setdefault((p.reads[1], p.reads[2], seen), []).extend(terms)
        if not late:
            return
        prob = c.problem
        gone_at: dict[tuple[int, int], Terms] = {}  # (level, source): copies sacrificed
        for q, terms in kills.items():
            gone_at.setdefault((0, q), []).extend(terms)
        for (_pi, q, lv), x in self.late_victims.items():
            gone_at.setdefault((lv, q), []).append((x, 1))
        for (pi, lv, _ci), terms in self.acts.items():
            p = c.producers[pi]
            if p.sacrifice and not p.is_converter:
                gone_at.setdefault((lv, p.source), []).extend(terms)
        drop: dict[tuple[int, str], Terms] = {}  # (level, fact): how much it drops there
        for (lv, q), gone in gone_at.items():
            for f, n in prob.sources[q].counts:
                drop.setdefault((lv, f), []).extend(_neg(gone, -n))
        for (f, v, seen), terms in late.items():
            b = self._bool()
            self._linear(terms, INT_MIN, 0, (_not(b),))
            given = prob.fact_map[f]
            dropped = [t for (lv, g), ts in drop.items() if g == f and lv <= seen for t in ts]
            self._linear(dropped or [(b, 0)], given - v, given - v, (b,))
