"""The levels of a board's CP-SAT model: which levels each mana ability acts on, and the most
mana of each kind a payment can make.

Level 0 makes mana without spending any; levels 1..L are abilities with a mana cost (filter
lands, Signets), each spending only mana made on lower levels or held in the pool, so no ability
pays for itself; the total cost is paid on level L+1, after every activation. A sacrifice after
abilities with a mana cost (9.2) may act on any level 1..L+1, its mana paying the levels above.
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled, Producer
from tapwise.solver.cpsat.doubling import doubling_bound
from tapwise.solver.sat import Terms, Writer, _neg

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


def most_made(c: Compiled) -> list[int]:
    """Most mana of each kind any payment can make: a producer activates at most
    max_activations times over all levels (its source's copy limit); Cubes add theirs."""
    most = [c.pool_units.get(k, 0) for k in range(len(c.kinds))]
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
    return most


def late_sacrificers(c: Compiled) -> set[int]:
    """The producers whose ``sacrifice_other`` may take a copy of a source with an ability
    that has a mana cost or reads a fact late: besides level 0 they may act later, after those
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


def reads_late(p: Producer) -> bool:
    """A cost-free ability reading a fact after sacrifices lowered it (9.1): on each level it
    acts after that level's sacrifices (solver/answer/build.py's replay order)."""
    return not p.is_converter and (p.reads or "-")[0] == "late"


def reads_between(c: Compiled) -> bool:
    """Whether a cost-free reader may read a fact between two sacrifices of one level (9.1):
    a fact read after sacrifices (``reads_late``) that copies on the board count toward by 2 or
    more. The model reads it before every sacrifice or after all of a level's; a value between
    (Gaea's Cradle reading one Elf of two an Altar eats) makes the same mana minus some, so
    only ``min_waste`` can be better there (docs/semantics.md): its optimum is not claimed."""
    facts = {p.reads[1] for p in c.producers if reads_late(p)}
    for f in facts:
        if sum(n * s.count for s in c.problem.sources for g, n in s.counts if g == f) >= 2:
            return True
    return False


def producer_levels(c: Compiled, L: int, late_sac: set[int]) -> list[tuple[int, ...]]:
    """The levels each producer may act on: level 0 for an ability without a mana cost, 1..L
    for one with (0..L when it may act anywhere beside a Cube), and every level for a late
    sacrifice (9.2) or, beside one, a cost-free reader (which then reads what the sacrifices
    before it left, 9.1)."""
    late_levels = tuple(range(1, L + 2))  # between any two levels, and last
    out = []
    for pi, p in enumerate(c.producers):
        levels = tuple(range(0 if p.anywhere else 1, L + 1)) if p.is_converter else (0,)
        if pi in late_sac or (late_sac and reads_late(p)):
            levels = (0,) + late_levels  # its mana on level lv pays the levels above
        out.append(levels)
    return out


class Activations:
    """The activation variables of a board on its levels (what :func:`activations` made):
    activation counts per (producer, level, choice) as terms, splits of flexible units per
    (producer, level, unit, type), how each converter's cost is paid per (producer, level,
    demand, option) and its flows per kind, each producer's activations over all levels, the
    life the converters' costs take, and per level and kind the mana made (``prod``) and spent
    (``cons``; the total cost's, on level L+1, are added by the cost blocks)."""

    __slots__ = ("acts", "splits", "ability_y", "ability_f", "activations", "life", "prod", "cons")

    def __init__(self, c: Compiled, L: int) -> None:
        n_kinds = len(c.kinds)
        self.acts: dict[tuple[int, int, int], Terms] = {}
        self.splits: dict[tuple[int, int, str, str], int] = {}
        self.ability_y: dict[tuple[int, int, int, int], Terms] = {}
        self.ability_f: dict[tuple[int, int, int, int, int], int] = {}
        self.activations: list[Terms] = [[] for _ in c.producers]
        self.life: Terms = []
        self.prod: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(L + 2)]
        self.cons: list[list[Terms]] = [[[] for _ in range(n_kinds)] for _ in range(L + 2)]


def activations(w: Writer, c: Compiled, L: int, levels_of: list[tuple[int, ...]],
                most: list[int]) -> Activations:
    """Activation counts, and the options a converter's cost is paid with, as terms: a variable
    each, or the sum that defines them where a variable would only be tied to it by an equality
    (a single "any color" unit; a cost symbol with one way to pay)."""
    out = Activations(c, L)
    acts, splits, prod = out.acts, out.splits, out.prod
    for pi, p in enumerate(c.producers):
        # One choice of one unit of several types (Treasure, Birds of Paradise): its
        # activations are the sum of its splits per type; the source's copy limit, which
        # every producer has (max_activations is that limit), bounds the sum.
        single = len(p.choices) == 1 and len(p.choices[0]) == 1 and len(p.choices[0][0]) > 1
        for lv in levels_of[pi]:
            if single:
                unit = p.choices[0][0]
                parts: Terms = []
                for t in unit:
                    s = w.new_int(p.max_activations)
                    splits[(pi, lv, unit, t)] = s
                    parts.append((s, 1))
                    prod[lv][p.kind_of_type[t]].append((s, 1))
                acts[(pi, lv, 0)] = parts
                out.activations[pi] += parts
            else:
                unit_totals: dict[str, Terms] = {}
                for ci, choice in enumerate(p.choices):
                    a = w.new_int(1 if p.double else p.max_activations)  # a Cube: once per level
                    acts[(pi, lv, ci)] = [(a, 1)]
                    out.activations[pi].append((a, 1))
                    for unit in dict.fromkeys(choice):
                        mult = choice.count(unit)
                        if len(unit) == 1:
                            prod[lv][p.kind_of_type[unit]].append((a, mult))
                        else:
                            unit_totals.setdefault(unit, []).append((a, mult))
                for unit, terms in unit_totals.items():
                    parts = []
                    for t in unit:
                        s = w.new_int(p.max_activations * 8)
                        splits[(pi, lv, unit, t)] = s
                        parts.append((s, 1))
                        prod[lv][p.kind_of_type[t]].append((s, 1))
                    w.linear(parts + _neg(terms), 0, 0)
            if p.is_converter:
                _ability_cost(w, out, pi, p, lv, most)
    return out


def _ability_cost(w: Writer, out: Activations, pi: int, p: Producer, lv: int,
                  most: list[int]) -> None:
    """How converter ``pi``'s activations on level ``lv`` pay their mana cost: per demand, the
    options chosen and the flows of each kind into them, spent on that level."""
    count = [t for ci in range(len(p.choices)) for t in out.acts[(pi, lv, ci)]]
    for di, d in enumerate(p.cost):
        ys: Terms = []
        for oi, o in enumerate(d.options):
            if len(d.options) == 1:
                y = _neg(count, -d.count)
            else:
                y = [(w.new_int(p.max_activations * d.count), 1)]
                ys += y
            out.ability_y[(pi, lv, di, oi)] = y
            if o.life:
                out.life += _neg(y, -o.life)
            if o.units:
                fs: Terms = []
                for k in sorted(o.accept):
                    f = w.new_int(min(p.max_activations * d.count * o.units, most[k]))
                    out.ability_f[(pi, lv, di, oi, k)] = f
                    fs.append((f, 1))
                    out.cons[lv][k].append((f, 1))
                w.linear(fs + _neg(y, o.units), 0, 0)
        if ys:
            w.linear(ys + _neg(count, d.count), 0, 0)
