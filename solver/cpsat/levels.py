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


BETWEEN_LEVELS = 16
"""Up to this many levels, a board whose cost-free reader may read between two sacrifices
(:func:`reads_between`) gets a level per sacrifice and mana-cost activation: exact."""


def level_count(c: Compiled) -> int:
    """How many levels of mana-cost abilities to model. Each level lets already-made mana pay
    for the next abilities, so chains of filters and rocks fit; see README for the bound. A
    board whose cost-free readers may read between two sacrifices (9.1) gets more: one per
    activation with a mana cost and per counted copy, so every order is one of the model's."""
    converters = [p for p in c.producers if p.is_converter]
    total = _converter_total(c)
    spread = _spread_levels(c, total)
    if spread is not None:
        return spread
    if not converters:
        return 0
    if total <= EXACT_LEVELS:
        return total  # one activation per level fits any legal order: exact
    return max(EXACT_LEVELS, 2 + len(converters) + max(p.max_activations
                                                       for p in converters).bit_length())


def _converter_total(c: Compiled) -> int:
    """Activations of abilities on levels 1..L (mana costs, Cubes) in all."""
    return sum(p.max_activations for p in c.producers if p.is_converter)


def _between_copies(c: Compiled) -> int:
    """The counted copies a cost-free reader's fact may drop by, one sacrifice at a time (9.1),
    when copies count 2 or more toward it (else a reading between two of them can't differ from
    one before or after them all): 0 when there is none."""
    facts = {p.reads[1] for p in c.producers if reads_late(p)}
    copies = 0
    for f in facts:
        counted = [(n, s.count) for s in c.problem.sources for g, n in s.counts if g == f]
        if sum(n * k for n, k in counted) >= 2:
            copies += sum(k for _, k in counted)
    return copies


def _spread_levels(c: Compiled, total: int) -> int | None:
    """The levels that make every reading between two sacrifices one of the model's, or None
    when there is no such reading or it would take too many (then :func:`reads_between` holds).
    Mana-cost activations (``total``, one level each) and ``d`` counted copies' sacrifices, each
    followed by the cost-free readers, need at most total + d levels of the L + 2 there are
    (0..L+1). Beside a Doubling Cube, abilities without a mana cost act only on the levels after
    a Cube's, so it is never exact there."""
    d = _between_copies(c)
    if not d or total > EXACT_LEVELS or any(p.double for p in c.producers):
        return None
    levels = max(total, total + d - 1)
    return levels if levels <= BETWEEN_LEVELS else None


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
    """The cost-free producers that may sacrifice after abilities with a mana cost, besides on
    level 0 (601.2g-h: mana abilities are activated in any order while paying): a
    ``sacrifice_other`` that may take a copy of a source that acts late (9.2), and one sacrificing
    its own copy when that copy counts toward a fact an ability with a mana cost reads (9.1: a
    Nykthos read before the Elf that counts toward devotion is sacrificed reads it), or whose
    copy has an ability that acts late (9.2: a sacrificed copy acts no more, so an Elf that
    filters with "{1}: Add {B}" and is then sacrificed for {G} does so after its filtering). A
    ``sacrifice_other`` with a mana cost (Transmogrant Altar) is one too: it stays on its levels
    1..L, taking its victims on each (:func:`producer_levels`, cpsat/order.py)."""
    late = late_victim_sources(c)
    counted = _counted_sources(c)
    acting_late = {p.source for p in c.producers if _acts_late(p)}
    return {pi for pi, p in enumerate(c.producers)
            if p.others is not None and p.others[0] == "sac"
            and (p.is_converter or any(q in late for q in p.others[2]))
            or p.others is None and p.sacrifice and not p.is_converter and not p.double
            and (p.source in counted or p.source in acting_late)}


def late_victim_sources(c: Compiled) -> set[int]:
    """Sources with an ability that has a mana cost, reads a fact after level 0's sacrifices or
    sacrifices others, and those counting toward a fact an ability with a mana cost reads: a
    copy sacrificed early on level 0 may have had no turn to use it, or lower what is read."""
    return {p.source for p in c.producers
            if _acts_late(p) or p.others is not None and p.others[0] == "sac"} | _counted_sources(c)


def _counted_sources(c: Compiled) -> set[int]:
    """The sources whose copies count toward a fact an ability with a mana cost reads after
    sacrifices (9.1 ``counts``), or that a cost-free one reads when it may read between two
    sacrifices (:func:`_spread_levels`): their sacrifices may come on any level."""
    read = {p.reads[1] for p in c.producers
            if p.is_converter and p.reads is not None and p.reads[0] == "late"}
    if _spread_levels(c, _converter_total(c)) is not None:
        read |= {p.reads[1] for p in c.producers if reads_late(p)}
    if not read:
        return set()
    return {q for q, s in enumerate(c.problem.sources) if any(g in read for g, _ in s.counts)}


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
    only ``min_waste`` can be better there (docs/semantics.md): its optimum is not claimed,
    unless the board has a level per sacrifice (:func:`_spread_levels`), which makes it exact."""
    return bool(_between_copies(c)) and _spread_levels(c, _converter_total(c)) is None


def producer_levels(c: Compiled, L: int, late_sac: set[int]) -> list[tuple[int, ...]]:
    """The levels each producer may act on: level 0 for an ability without a mana cost, 1..L
    for one with (0..L when it may act anywhere beside a Cube), and every level for a late
    sacrifice (9.2) or, beside one, a cost-free reader (which then reads what the sacrifices
    before it left, 9.1)."""
    late_levels = tuple(range(1, L + 2))  # between any two levels, and last
    out = []
    for pi, p in enumerate(c.producers):
        levels = tuple(range(0 if p.anywhere else 1, L + 1)) if p.is_converter else (0,)
        if pi in late_sac and not p.is_converter or (late_sac and reads_late(p)):
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
