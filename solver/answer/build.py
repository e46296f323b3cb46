"""Turn solved counts into the spec answer (section 6): concrete activations in a legal order,
one payment per symbol, each mana traced to the source that made it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.copies import CopyLog, log_of
from tapwise.models.mana import COLORS, Kind
from tapwise.models.problem import Problem, Source
from tapwise.solver.answer.cube import TYPE_ORDER as _TYPE_ORDER, cube_made
from tapwise.solver.answer.keywords import keyword_fields
from tapwise.solver.answer.order import in_order
from tapwise.solver.answer.pool import (KeywordPool, ManaPool, _add_runs, _adds, _adds_apart, _fixed_output,
                                        _in_type_order, _output, split_runs)
from tapwise.solver.answer.size import left_over_fields
from tapwise.solver.contract import Compiled, Producer, Solution, Variant


# the half is announced (601.2b)
_HALVES = (Kind.HYBRID, Kind.TWOBRID, Kind.COLORLESS_HYBRID, Kind.HYBRID_PHYREXIAN)
_ALL = 2**62  # take every unit the flows name
_NONE: dict[int, int] = {}  # no flows (never changed)
_COLORS: str = COLORS  # (typed in build.pxd: Cython loops over its letters in C)


_LEVEL_FIRST = itemgetter(1, 0, 2)  # an activation key (producer, level, choice) in replay order


def _made(p: Producer, sol: Solution, keys: Iterable[tuple[int, int, int]],
          splits: dict[tuple[int, int], dict[str, dict[str, int]]]) -> dict[tuple[str, ...], int]:
    """What the activations ``keys`` (of one producer on one level, choices in order) made: each
    output (types in WUBRGC order) and how many activations made it, in order of first
    appearance. ``splits`` says per (producer, level) which types its flexible units (any
    color, hybrid) came out as."""
    groups: dict[tuple[str, ...], int] = {}
    pools: dict[str, deque[str]] | None = None  # per flexible unit, the types it came out as
    for key in keys:
        times = sol.acts[key]
        if not times:
            continue
        # 9.2 Doubling Cube: what it added per type is a split (solver/front/doubling.py)
        if p.double:
            made = cube_made(p, key, splits.get(key[:2], {}))
            groups[made] = groups.get(made, 0) + times
            continue
        choice = p.choices[key[2]]
        made = _fixed_output(choice)
        removed = p.removed[key[2]] if p.removed else None  # 9.2 "remove": kept with what it made
        before = p.made_before[key[2]] if p.made_before else None  # 9.4: made before replacements
        if made is not None:
            k = made if removed is None else (made, removed)
            if p.made_before:
                k = (k, before)
            groups[k] = groups.get(k, 0) + times
            continue
        if pools is None:
            pools = {unit: deque(sorted((t for t, n in split.items() for _ in range(n)),
                                        key=_TYPE_ORDER))
                     for unit, split in splits[key[:2]].items()}
        for _ in range(times):
            made = _in_type_order(tuple(unit if len(unit) == 1 else pools[unit].popleft()
                                        for unit in choice))
            k = made if removed is None else (made, removed)
            if p.made_before:
                k = (k, before)
            groups[k] = groups.get(k, 0) + 1
    return groups


Made = list[tuple[int, list[list[dict[str, Any]]]]]
"""Per activation entry made (its index in the list), the mana each of its activations made."""


def replay_activations(c: Compiled, sol: Solution, pool: ManaPool,
                       made_by: Made | None = None) -> tuple[list[dict[str, Any]], int, int, int,
                                                             int]:
    """The activations of ``sol`` in a legal order, their mana put into ``pool``: (activations,
    life the abilities cost, damage they deal, energy they cost, copies sacrificed). With
    ``made_by``, which mana each activation made is recorded there."""
    prob = c.problem
    activations: list[dict[str, Any]] = []
    splits: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
    for (pi, lv, unit), split in sol.splits.items():
        splits.setdefault((pi, lv), {})[unit] = split
    ability_life = damage = energy = sacrificed = 0
    # level by level, in producer order, each producer's choices in order; on level 0, costs that
    # tap and then those that sacrifice other permanents come last, after their victims acted (9.2);
    # a copy's own sacrifice after its entry's other abilities on the level (section 3). Without
    # levels every key is on level 0, so the keys' own order is that order.
    moved = None if c._v2 else _sacrificed_last(c)
    if c._v2:
        ordered = sorted(sol.acts, key=_v2_order(c))
    elif moved:
        ordered = sorted(sol.acts, key=_moved_order(moved))
    else:
        ordered = sorted(sol.acts, key=_LEVEL_FIRST) if sol.levels else sorted(sol.acts)
    producers = c.producers
    sources = prob.sources
    at_key, n_keys = 0, len(ordered)
    while at_key < n_keys:  # the keys of one producer on one level at a time
        pi, lv = ordered[at_key][0], ordered[at_key][1]
        end = at_key + 1
        while end < n_keys and ordered[end][0] == pi and ordered[end][1] == lv:
            end += 1
        keys = ordered[at_key:end]
        at_key = end
        p = producers[pi]
        groups = _made(p, sol, keys, splits)
        if not groups:
            continue
        src = sources[p.source]
        sid = src.id
        paid_by_symbol: list[list[dict[str, Any]]] = []
        if p.cost:  # a converter: its cost is paid from mana made on lower levels
            for di, d in enumerate(p.cost):
                payments_of_d: list[dict[str, Any]] = []
                for oi, o in enumerate(d.options):
                    n, flows = sol.ability_pay.get((pi, lv, di, oi), (0, {}))
                    if o.life:
                        payments_of_d += [{"symbol": d.text, "life": o.life} for _ in range(n)]
                    elif n:
                        payments_of_d += [{"symbol": d.text, "mana": mana}
                                          for mana in pool.take_each(flows, o.units, n)]
                paid_by_symbol.append(payments_of_d)
        victims = _victims(c, sol, pi, lv) if p.others is not None else None
        for made, times in groups.items():
            entry = {"source": sid, "ability": p.ability, "adds": "", "times": times}
            before = None
            if p.made_before or (p.double and (p.factor != 1 or p.cube)):
                made, before = made
            if p.removed:
                made, entry["removed"] = made
            if made and made[-1].islower():  # 9.4: the extras' mana (sorted last) listed apart
                entry["adds"], entry["extra"] = _adds_apart(made)
            else:
                entry["adds"] = _adds(made)
            if before is not None:  # 9.4: what the ability made before the replacements changed it
                entry["made"] = _adds(_in_type_order(before))
            if victims is not None:
                taken = p.others[1] * times
                entry["sacrificed" if p.others[0] == "sac" else "tapped"] = victims[:taken]
                del victims[:taken]
                if p.others[0] == "sac":
                    sacrificed += taken
            activations.append(entry)
            if made_by is None:
                pool.add(made, p.kind_of_type, sid, times)
            else:
                made_by.append((len(activations) - 1, pool.add_traced(made, p.kind_of_type, sid,
                                                                      times)))
        if p.cost:
            # each activation pays its whole cost: the next count of each of its symbols, read
            # by a position per symbol (linear: cutting each list's head off was quadratic)
            at = [0] * len(p.cost)
            for entry in activations[-len(groups):]:
                paid: list[dict[str, Any]] = []
                if len(p.cost) == 1:  # one symbol: its next times x count payments, in order
                    take = p.cost[0].count * entry["times"]
                    paid = paid_by_symbol[0][at[0]:at[0] + take]
                    at[0] += take
                else:
                    for _ in range(entry["times"]):
                        for di, d in enumerate(p.cost):
                            paid += paid_by_symbol[di][at[di]:at[di] + d.count]
                            at[di] += d.count
                entry["paid"] = paid
                for pay in paid:
                    ability_life += pay.get("life", 0)
        n = sum(groups.values())
        ability_life += p.life * n
        damage += p.damage * n
        energy += p.energy * n
        if p.sacrifice and not p.card:
            sacrificed += n
    return activations, ability_life, damage, energy, sacrificed


def _sacrificed_last(c: Compiled) -> dict[int, int]:
    """Per producer that sacrifices its own copy and comes before another producer of its source
    that doesn't, the last such producer: it is replayed after that one on each level, since a
    sacrificed copy acts no more (section 3; version 2's order puts every such sacrifice after
    the plain ones already). Empty for nearly every board."""
    last: dict[int, int] = {}
    for pi, p in enumerate(c.producers):
        if not p.sacrifice:
            last[p.source] = pi
    return {pi: last[p.source] for pi, p in enumerate(c.producers)
            if p.sacrifice and last.get(p.source, -1) > pi}


def _moved_order(moved: dict[int, int]) -> Callable[[tuple[int, int, int]], tuple[Any, ...]]:
    """The replay order of activation keys (producer, level, choice) with the sacrifices
    ``moved`` (:func:`_sacrificed_last`) after the producer named: by level, then producer."""
    return lambda k: (k[1], moved.get(k[0], k[0]), k[0] in moved, k)


def _v2_order(c: Compiled) -> Callable[[tuple[int, int, int]], tuple[int, int, int, int]]:
    """The replay order of activation keys of a problem using section 9's keys: level by
    level, on each the ranks of :func:`_others_rank`, then producer and choice."""
    return lambda key: (key[1], _others_rank(c.producers[key[0]]), key[0], key[2])


ProducerInfo = tuple[str, int, dict[str, int], int, int, int, bool, tuple["tuple[str, ...] | None",
                                                                          ...]]
"""What the plain replay reads of a producer: (source id, ability, kind of each type, life,
damage, energy, whether an activation sacrifices a copy, per choice what it makes (types in
WUBRGC order) or None when a unit is flexible)."""
_PLAIN_INFO = "answer: producers"  # the key of a prepared board's producer infos in Compiled.shared


def _producer_info(c: Compiled, pi: int) -> ProducerInfo | None:
    """The :data:`ProducerInfo` of producer ``pi``, or None when its activations need more than
    the plain replay does (a mana cost, counters removed, replacements, other permanents)."""
    p = c.producers[pi]
    if not c.plain and (p.cost or p.double or p.anywhere or p.removed or p.made_before
                        or p.others is not None):
        return None  # (a board compiled plain has none of these: Compiled.plain)
    return (c.problem.sources[p.source].id, p.ability, p.kind_of_type, p.life, p.damage, p.energy,
            p.sacrifice and not p.card, tuple([_fixed_output(choice) for choice in p.choices]))


def _replay_plain(c: Compiled, sol: Solution, pool: ManaPool) -> tuple[list[dict[str, Any]], int,
                                                                       int, int, int] | None:
    """:func:`replay_activations` of a solution without levels whose producers make mana and
    nothing else (what the fast path finds): the same activations in the same order, each
    producer read once per prepared board (its infos kept in ``c.shared``). None when a producer
    needs the full replay, or acts after a sacrifice of its entry listed before it (the full
    replay lists that sacrifice last); ``pool`` is then left part-filled."""
    infos = c.shared.get(_PLAIN_INFO) if c.shared is not None else None
    if infos is None:
        infos = {}
        if c.shared is not None:
            c.shared[_PLAIN_INFO] = infos
    acts = sol.acts
    keys = sorted(acts)  # without levels, the keys' own order is the replay order
    gone: set[str] | None = None  # the entries a sacrifice listed so far was of
    queues = pool.queues
    activations: list[dict[str, Any]] = []
    splits: dict[tuple[int, int], dict[str, dict[str, int]]] | None = None
    life = damage = energy = sacrificed = 0
    at, n_keys = 0, len(keys)
    while at < n_keys:
        key = keys[at]
        pi = key[0]
        info = infos.get(pi, False)
        if info is False:
            info = infos[pi] = _producer_info(c, pi)
        if info is None:
            return None
        sid, ability, kind_of_type, p_life, p_damage, p_energy, sacrifices, fixed = info
        end = at + 1
        while end < n_keys and keys[end][0] == pi:
            end += 1
        made = fixed[key[2]] if end == at + 1 else None
        if made is not None:  # one choice making fixed mana: the common case
            times = acts[key]
            groups = ((made, times),) if times else ()
        else:
            if splits is None:
                splits = {}
                for (pj, lv, unit), split in sol.splits.items():
                    splits.setdefault((pj, lv), {})[unit] = split
            groups = tuple(_made(c.producers[pi], sol, keys[at:end], splits).items())
        at = end
        n = 0
        for made, times in groups:
            adds, extra, units = _output(made)
            entry = {"source": sid, "ability": ability, "adds": adds, "times": times}
            if extra is not None:
                entry["extra"] = extra
            activations.append(entry)
            _add_runs(queues, units, kind_of_type, sid, times)
            n += times
        if n:
            life += p_life * n
            damage += p_damage * n
            energy += p_energy * n
            if sacrifices:
                sacrificed += n
                if gone is None:
                    gone = set()
                gone.add(sid)
            elif gone is not None and sid in gone:
                return None  # its sacrifice comes after it: the full replay's order (section 3)
    return activations, life, damage, energy, sacrificed


def _others_rank(p: Producer) -> int:
    """Where a level-0 activation goes: those reading a fact before sacrifices lower it, plain
    ones, then tap_other, then those sacrificing their own copy (a Blood Pet that another's cost
    tapped is sacrificed after, 9.2), then sacrifice_other, then those reading the fact after
    (9.1 counts); on a higher level, one with a mana cost that reads comes with the others
    (before that level's sacrifices, as the CP-SAT model reads it)."""
    if p.reads is not None:
        return -1 if p.reads[0] == "early" else 0 if p.is_converter else 4
    if p.others is None:
        return 2 if p.sacrifice else 0
    return 1 if p.others[0] == "tap" else 3


def _victims(c: Compiled, sol: Solution, pi: int, lv: int = 0) -> list[str]:
    """The ids of the copies producer ``pi``'s activations on level ``lv`` sacrifice or tap, in
    source order (above level 0: after abilities with a mana cost, ``late_victims``)."""
    kind, n, _, _ = c.producers[pi].others
    if lv and kind == "sac":
        return [c.problem.sources[q].id for (pj, q, lq), n in sorted(sol.late_victims.items())
                if pj == pi and lq == lv for _ in range(n)]
    ids = [c.problem.sources[q].id for (pj, q), m in sorted(sol.victims.items()) if pj == pi
           for _ in range(m)]
    if lv:  # a tap_other with a mana cost: its taps in the order of its levels
        del ids[:n * sum(m for (pj, lq, _), m in sol.acts.items() if pj == pi and lq < lv)]
    return ids


class Paid:
    """How one total cost was paid from the pool: its payments (spec section 6), the halves
    announced, the Phyrexian symbols paid with life, the total cost as printed, the mana types
    spent and the life the cost itself took."""

    __slots__ = ("payments", "hybrid_halves", "phyrexian_life", "total_cost", "spent_types", "life")

    def __init__(self, payments: list[dict[str, Any]], hybrid_halves: list[str],
                 phyrexian_life: int,
                 total_cost: str, spent_types: set[str], life: int) -> None:
        self.payments = payments
        self.hybrid_halves = hybrid_halves
        self.phyrexian_life = phyrexian_life
        self.total_cost = total_cost
        self.spent_types = spent_types
        self.life = life


def pay_demands(rows: tuple, cost_pay: dict, pool: ManaPool, payments: list[dict[str, Any]],
                halves: list[str], spent: set[str], twobrid: list[tuple[str, int, int, str]]) -> int:
    """Pay a solution's ``cost_pay`` from ``pool`` in demand order, options in order, as
    ``rows`` (:func:`_rows`) print them, into ``payments`` and ``halves``; {2/W} paid with
    generic is left in ``twobrid``, numbered generic to the caller. Returns the Phyrexian
    symbols paid with life. :func:`pay_total` and the plain lane's writer both call it."""
    phyrexian = 0
    for key in in_order(cost_pay):  # (sorted(cost_pay), its keys compared from C)
        n, flows = cost_pay[key]
        if not n:
            continue
        text, life, announced, generic, units, half = rows[key[0]][key[1]]
        if life:
            for _ in range(n):
                payments.append({"symbol": text, "life": life})
            phyrexian += n
            continue
        if announced is not None:
            for _ in range(n):
                halves.append(announced)
        if not generic:  # (numbered generic is paid by the caller, with its category)
            for mana in pool.take_each(flows, units, n, spent):
                entry = {"symbol": text, "mana": mana}
                if half is not None:
                    entry["half"] = half
                payments.append(entry)
        elif generic == "twobrid" or generic == "achroma_twobrid":
            twobrid.append((text, units, n, generic))
    return phyrexian


def pay_total(c: Compiled, sol: Solution, pool: ManaPool) -> Paid:
    """Pay ``sol``'s variant of ``c``'s total cost with the mana ``pool`` holds."""
    variant = c.variants[sol.variant]
    payments: list[dict[str, Any]] = []
    hybrid_halves: list[str] = []
    spent_types: set[str] = set()
    # {2/W} paid with two generic: symbol, units, times, category
    twobrid: list[tuple[str, int, int, str]] = []
    phyrexian_life = pay_demands(_rows(variant), sol.cost_pay, pool, payments, hybrid_halves,
                                 spent_types, twobrid)
    generic_pay = sol.generic_pay
    if twobrid:
        _pay_twobrid(twobrid, generic_pay, pool, payments, spent_types)
    if generic_pay:
        numbered = (pool.take(generic_pay.get("achroma", _NONE), _ALL, spent_types)
                    + pool.take(generic_pay.get("any", _NONE), _ALL, spent_types))
        if numbered:
            payments.insert(0, {"symbol": "{%d}" % _units(numbered), "mana": numbered})
    x_flows = generic_pay.get("x")
    x_mana = pool.take(x_flows, _ALL, spent_types) if x_flows else []
    if variant.x_symbols:
        for i, share in enumerate(split_runs(x_mana, [sol.x] * variant.x_symbols)):
            payments.insert(i, {"symbol": "{X}", "mana": share})
    for _ in range(variant.energy):
        payments.append({"symbol": "{E}", "energy": 1})
    removed = sol.reduced.get("any", 0) + sol.reduced.get("achroma", 0)
    total_cost = variant.printed_total if not removed else variant.total.printed(removed)
    return Paid(payments, hybrid_halves, phyrexian_life, total_cost, spent_types,
                2 * phyrexian_life + variant.total.life)


Row = tuple[str, int, "str | None", "str | None", int, "str | None"]
"""How pay_total prints one option of one demand: (symbol, life, half announced, generic
category, units, the payment's ``half``)."""
_ROWS: dict[int, tuple[Variant, tuple[tuple[Row, ...], ...]]] = table()


def _rows(variant: Variant) -> tuple[tuple[Row, ...], ...]:
    """Per demand of ``variant``, per option, its :data:`Row`: worked out once per variant
    (compiling shares variants between calls), found by identity as merge's signatures are."""
    got = _ROWS.get(id(variant))
    if got is None or got[0] is not variant:
        rows = []  # (loops, not generators: this runs once per new cost, each generator a frame)
        for d in variant.demands:
            text, options = d.text, d.options
            halves = d.symbol.kind in _HALVES
            row = []
            for o in options:
                half = o.half
                row.append((text, o.life, "{%s}" % half if halves else None, o.generic, o.units,
                            "{%s}" % half if half and len(options) > 1 else None))
            rows.append(tuple(row))
        got = remember(_ROWS, id(variant), (variant, tuple(rows)))
    return got[1]


def _pay_twobrid(twobrid: list[tuple[str, int, int, str]], generic_pay: dict[str, dict[int, int]],
                 pool: ManaPool,
                 payments: list[dict[str, Any]], spent_types: set[str]) -> None:
    """The payments of {2/W} paid with two generic (``twobrid``: symbol, units, times,
    category) added to ``payments``, after every colored symbol, as the generic categories are
    paid."""
    for cat in ("achroma_twobrid", "twobrid"):
        of_cat = [t for t in twobrid if t[3] == cat]
        if not of_cat:
            continue
        mana = pool.take(generic_pay.get(cat, {}), sum(units * n for _, units, n, _ in of_cat),
                         spent_types)
        sizes = [units for _, units, n, _ in of_cat for _ in range(n)]
        parts = iter(split_runs(mana, sizes + [0]))  # the empty last part takes nothing more
        for text, _units, n, _ in of_cat:
            for _ in range(n):
                payments.append({"symbol": text, "half": "{2}", "mana": next(parts)})


def _units(mana: list[dict[str, Any]]) -> int:
    """How many mana the runs ``mana`` hold."""
    total = 0
    for m in mana:
        total += m.get("count", 1)
    return total


def colors_of(spent_types: set[str]) -> list[str]:
    """The colors among mana types spent, in WUBRG order."""
    return [c for c in _COLORS if c in spent_types]  # (COLORS is in WUBRG order)


def build_answer(c: Compiled, sol: Solution) -> dict[str, Any]:
    prob = c.problem
    if sol.keywords is not None:  # 9.3: convoke, improvise and delve pay beside the mana
        pool: ManaPool = KeywordPool(c, sol)
    else:
        pool = ManaPool(c)
    replayed = None
    if sol.keywords is None and not c._v2 and not sol.levels:
        replayed = _replay_plain(c, sol, pool)
        if replayed is None:  # the pool is part-filled: the full replay starts afresh
            pool = ManaPool(c)
    if replayed is None:
        replayed = replay_activations(c, sol, pool)
    activations, ability_life, damage, energy, sacrificed = replayed
    paid = pay_total(c, sol, pool)
    colors = colors_of(paid.spent_types)
    answer: dict[str, Any] = {
        "status": "paid",
        "optimal": sol.optimal,
        "x": sol.x,
        "total_cost": paid.total_cost,
        "announce": {"hybrid": paid.hybrid_halves, "phyrexian_life": paid.phyrexian_life},
        "activations": activations,
        "payments": paid.payments,
        "life_paid": paid.life + ability_life,
        "damage": damage,
        "energy_paid": energy + c.variants[sol.variant].energy,
        "sources_used": (sol.objective["min_sources"] if "min_sources" in sol.objective
                         else _sources_used(c, activations)),
        "sacrificed": sacrificed,
        "colors_spent": colors,
        "counters": len(colors) if "eclipse" in prob.keywords else None,
        **left_over_fields(pool.left_counts(), pool.left),  # solver/answer/size.py: bounded
        "objective": dict(sol.objective),
    }
    if prob._v2:
        answer.update(v2_fields(prob, activations))
    if sol.keywords is not None:
        answer.update(keyword_fields(c, sol, answer))
    return answer


def v2_fields(prob: Problem, activations: list[dict[str, Any]]) -> dict[str, Any]:
    """Section 9.6's answer fields, counted from the activations: cards discarded, counters
    removed (by costs and by ``remove`` amounts), activations with a drawback."""
    by_id = {s.id: s for s in prob.sources}
    removed = discarded = 0
    drawbacks = []
    for act in activations:
        ab = by_id[act["source"]].abilities[act["ability"]]
        removed += (sum(n for _, n in ab.remove_counters) + act.get("removed", 0)) * act["times"]
        discarded += ab.discard * act["times"]
        if ab.drawback is not None:
            drawbacks.append({"source": act["source"], "ability": act["ability"],
                              "drawback": ab.drawback,
                              "times": act["times"]})
    return {"discarded": discarded, "counters_removed": removed, "drawbacks": drawbacks}


def _sources_used(c: Compiled, activations: list[dict[str, Any]]) -> int:
    """Distinct copies that activated anything, as the activations' order needs them
    (models/copies.py: copies pack, spec section 8, and a copy sacrificed acts no more)."""
    by_id: dict[str, Source] = {}
    for s in c.problem.sources:
        by_id.setdefault(s.id, s)
    logs: dict[str, CopyLog] = {}
    # 9.2's counters, "any": the uses per copy as compiled, read when an ability doesn't tap
    uses: dict[tuple[str, int], int] | None = None
    for a in activations:
        sid, j, times = a["source"], a["ability"], a["times"]
        ab = by_id[sid].abilities[j]
        per_copy = None
        if not ab.tap:
            if uses is None:
                uses = {(c.problem.sources[p.source].id, p.ability): p.uses for p in c.producers}
            per_copy = uses.get((sid, j), ab.uses)
        log_of(logs, sid).activated(j, times, ab.tap, ab.sacrifice, per_copy)
    return sum(log.needed()[0] for log in logs.values())
