"""What a board's mana abilities use up in the CP-SAT model: cards and counters as costs (9.2),
and per source entry its copies tapped, sacrificed and used (spec section 8, "Copies"), with the
life, damage and energy the activations take.

A source's copies used are a variable only when it has abilities that don't tap; otherwise
every copy used is tapped and the count is the sum of its taps (a copy sacrificed is tapped
too), exactly what minimizing a variable >= it would give. Limits the activation bounds
already imply are left out.
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled
from tapwise.solver.cpsat.levels import Activations
from tapwise.solver.cpsat.order import Others
from tapwise.solver.sat import INT_MAX, INT_MIN, Terms, Writer, _neg


class Tally:
    """The terms of what the board's activations use (what :func:`card_costs` and
    :func:`copy_limits` made): copies used (9.6 ``min_sources``), permanents sacrificed, cards
    used as costs, counters removed or put, activations with a drawback, per source whose
    copies don't all tap its copies used, and the life, damage and energy the abilities take."""

    __slots__ = ("used", "sacrifices", "cards", "counters", "drawbacks", "copies_used", "life",
                 "damage", "energy")

    def __init__(self, ability_life: Terms) -> None:
        self.used: Terms = []
        self.sacrifices: Terms = []
        self.cards: Terms = []
        self.counters: Terms = []
        self.drawbacks: Terms = []
        self.copies_used: dict[int, int] = {}
        self.life: Terms = list(ability_life)
        self.damage: Terms = []
        self.energy: Terms = []


def card_costs(w: Writer, c: Compiled, L: int, made: Activations) -> Tally:
    """Cards used as costs, bounded by the zones (9.2); drawbacks; counters put and removed,
    a storage ability without {T} sharing one copy's counters (9.2)."""
    out = Tally(made.life)
    prob = c.problem
    acts, activations = made.acts, made.activations
    card_use: dict[str, Terms] = {"discard": [], "exile": [], "mill": []}
    for pi, p in enumerate(c.producers):
        for key in card_use:
            n = getattr(p, key)
            if n:
                card_use[key] += _neg(activations[pi], -n)
                out.cards += _neg(activations[pi], -n)
        if p.drawback:
            out.drawbacks += activations[pi]
        if p.counters:
            out.counters += _neg(activations[pi], -p.counters)
        if p.removed:
            levels = range(0 if p.anywhere else 1, L + 1) if p.is_converter else range(L + 2)
            budget: Terms = []
            for lv in levels:
                for ci, r in enumerate(p.removed):
                    if r and (pi, lv, ci) in acts:
                        out.counters += _neg(acts[(pi, lv, ci)], -r)
                    if r + p.budget_cost and (pi, lv, ci) in acts:  # its cost's of that kind too
                        budget += _neg(acts[(pi, lv, ci)], -(r + p.budget_cost))
            if p.budget is not None and budget:  # without {T}: one copy's counters, shared
                w.linear(budget, INT_MIN, p.budget)
    for key, limit in (("discard", prob.hand), ("exile", prob.graveyard), ("mill", prob.library)):
        if card_use[key] and limit is not None:
            w.linear(card_use[key], INT_MIN, limit)
    return out


def copy_limits(w: Writer, c: Compiled, by_source: dict[int, list[int]],
                activations: list[Terms], others: Others, tally: Tally,
                floors: dict[int, list[Terms]]) -> None:
    """Per source entry: its copies tapped (by its abilities and others' costs) at most its
    untapped copies, each copy sacrificed once (after it made its mana: sacrifice_other comes
    after the other level-0 activations, 9.2), an "on" extra's copy apart (9.4), the uses of
    abilities without {T} per copy; its copies used (at least each of ``floors``, what
    cpsat/order.py's ``copy_order`` says the order of its sacrifices takes) and sacrificed, and
    the life, damage and energy its abilities take, go into ``tally``."""
    prob = c.problem
    kills, late_kills, tapped_by = others.kills, others.late_kills, others.tapped_by
    for si, pis in by_source.items():
        src = prob.sources[si]
        total = {pi: activations[pi] for pi in pis}
        taps = [t for pi in pis if c.producers[pi].tap for t in total[pi]]
        sacs = [t for pi in pis if c.producers[pi].sacrifice for t in total[pi]]
        all_tap = len(taps) == sum(len(total[pi]) for pi in pis)
        taps_all = taps + tapped_by.get(si, [])  # 9.2: copies tapped by another's cost
        if taps_all and w.ub(taps_all) > src.count - src.tapped:
            w.linear(taps_all, INT_MIN, src.count - src.tapped)
        caps: dict[str, tuple[int, Terms]] = {}  # 9.4: the copy an "on" extra enchants, the rest
        for pi in pis:
            cap = c.producers[pi].cap
            if cap is not None:
                caps.setdefault(cap[0], (cap[1], []))[1].extend(total[pi])
        for bound, terms in caps.values():
            if w.ub(terms) > bound:
                w.linear(terms, INT_MIN, bound)
        if si in kills or si in late_kills:
            killed = kills.get(si, []) + late_kills.get(si, [])
            w.linear(killed + sacs, INT_MIN, src.count)
            tally.sacrifices += killed  # min_sacrifices counts permanents sacrificed (9.7)
        # exiled from hand: a card (9.1)
        counted = tally.cards if src.zone != "battlefield" else tally.sacrifices
        if all_tap:
            tally.used += taps_all
            counted += sacs
        else:
            u = _copies_used(w, c, si, pis, total, taps_all, sacs, others, tally, counted)
            for terms in floors.get(si, ()):
                w.linear([(u, 1)] + _neg(terms), 0, INT_MAX)
        for pi in pis:
            p = c.producers[pi]
            if p.life:
                tally.life += _neg(total[pi], -p.life)
            if p.damage:
                tally.damage += _neg(total[pi], -p.damage)
            if p.energy:
                tally.energy += _neg(total[pi], -p.energy)


def _copies_used(w: Writer, c: Compiled, si: int, pis: list[int], total: dict[int, Terms],
                 taps_all: Terms, sacs: Terms, others: Others, tally: Tally,
                 counted: Terms) -> int:
    """Source ``si``'s copies used, a variable (returned): at least its copies tapped, sacrificed, and
    its abilities without {T} over their uses per copy (an ability's producers, one per victim
    or per reading, share the copies' uses of that ability)."""
    src = c.problem.sources[si]
    u = w.new_int(src.count)
    tally.copies_used[si] = u
    if taps_all:
        w.linear([(u, 1)] + _neg(taps_all), 0, INT_MAX)
    if si in others.own_copy_taps:  # the copies tapped by one activation, and the one acting
        terms, b, split = others.own_copy_taps[si]
        w.linear([(u, 1), (b, -1), (split, 1)] + _neg(terms), 0, INT_MAX)
    if sacs:
        if w.ub(sacs) > src.count:
            w.linear(sacs, INT_MIN, src.count)
        w.linear([(u, 1)] + _neg(sacs), 0, INT_MAX)
        counted += sacs
    shared: dict[int, list[int]] = {}
    for pi in pis:
        p = c.producers[pi]
        if not p.tap:
            shared.setdefault(p.ability, []).append(pi)
            if w.ub(total[pi]) > p.uses * src.count:
                w.linear(total[pi], INT_MIN, p.uses * src.count)
            w.linear([(u, p.uses)] + _neg(total[pi]), 0, INT_MAX)
    for group in shared.values():  # they share the copies' uses of that ability
        if len(group) > 1:
            uses = max(c.producers[pi].uses for pi in group)
            terms = [t for pi in group for t in total[pi]]
            w.linear(terms, INT_MIN, uses * src.count)
            w.linear([(u, uses)] + _neg(terms), 0, INT_MAX)
    tally.used.append((u, 1))
    return u
