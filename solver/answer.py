"""Turn solved counts into the spec answer (section 6): concrete activations in a legal order,
one payment per symbol, each mana traced to the source that made it."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from models.mana import COLORS, TYPES, Kind, format_types
from solver.compile import Compiled, Producer
from solver.cpsat import Solution


_TYPE_ORDER = "WUBRGC".index
_HALVES = (Kind.HYBRID, Kind.TWOBRID, Kind.COLORLESS_HYBRID, Kind.HYBRID_PHYREXIAN)  # the half is announced (601.2b)
_BRACED = {t: format_types(t) for t in TYPES}  # one mana's type as notation


class _Mana:
    """Mana in the pool while the answer is replayed: per kind, a queue of origins."""

    def __init__(self, c: Compiled) -> None:
        self.c = c
        self.queues: dict[int, deque[dict[str, Any]]] = {}
        for m in c.problem.pool:
            k = next(j for j, kind in enumerate(c.kinds)
                     if kind.pool and (kind.type, kind.snow, kind.only) == (m.type, m.snow, m.only))
            self.queues.setdefault(k, deque()).append({"type": m.type, "source": "pool", "pool": m.entry})

    def add(self, made: tuple[str, ...], kind_of_type: dict[str, int], source: str, times: int) -> None:
        """The mana ``times`` activations of one ability made (``made`` each) from ``source``."""
        queues = self.queues
        for t in made:
            k = kind_of_type[t]
            queue = queues.get(k)
            if queue is None:
                queue = queues[k] = deque()
            for _ in range(times):
                queue.append({"type": t, "source": source})

    def take(self, flows: dict[int, int], n: int, spent: set[str] | None = None) -> list[dict[str, Any]]:
        """Take ``n`` mana following ``flows`` (kind -> units still to take), decrementing it;
        the types taken are added to ``spent``."""
        out: list[dict[str, Any]] = []
        for k in sorted(flows):
            units = min(flows[k], n - len(out))
            if units <= 0:
                continue
            queue = self.queues[k]
            out.extend([queue.popleft() for _ in range(units)])
            flows[k] -= units
            if spent is not None:
                spent.add(self.c.kinds[k].type)
        return out

    def left(self) -> list[str]:
        return [_BRACED[m["type"]] for q in self.queues.values() for m in q]


def _in_type_order(made: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(made, key=_TYPE_ORDER))


@lru_cache(maxsize=4096)
def _fixed_output(choice: tuple[str, ...]) -> tuple[str, ...] | None:
    """What every activation choosing ``choice`` makes (types in WUBRGC order), or None when a
    unit is flexible (any color, hybrid) and the solution's splits say what it made. The same
    few choices come back on every board, so each is worked out once."""
    return _in_type_order(choice) if all(len(unit) == 1 for unit in choice) else None


@lru_cache(maxsize=4096)
def _adds(made: tuple[str, ...]) -> str:
    return format_types(made)


def _made(p: Producer, sol: Solution, pi: int, lv: int,
          splits: dict[str, dict[str, int]]) -> dict[tuple[str, ...], int]:
    """What the activations of producer ``pi`` on level ``lv`` made: each output (types in
    WUBRGC order) and how many activations made it, in order of first appearance. ``splits``
    says which types its flexible units (any color, hybrid) came out as."""
    groups: dict[tuple[str, ...], int] = {}
    pools: dict[str, deque[str]] | None = None  # per flexible unit, the types it came out as
    for ci, choice in enumerate(p.choices):
        times = sol.acts.get((pi, lv, ci), 0)
        if not times:
            continue
        made = _fixed_output(choice)
        if made is not None:
            groups[made] = groups.get(made, 0) + times
            continue
        if pools is None:
            pools = {unit: deque(sorted((t for t, n in split.items() for _ in range(n)), key=_TYPE_ORDER))
                     for unit, split in splits.items()}
        for _ in range(times):
            made = _in_type_order(tuple(unit if len(unit) == 1 else pools[unit].popleft() for unit in choice))
            groups[made] = groups.get(made, 0) + 1
    return groups


def build_answer(c: Compiled, sol: Solution) -> dict[str, Any]:
    prob = c.problem
    pool = _Mana(c)
    activations: list[dict[str, Any]] = []
    splits: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
    for (pi, lv, unit), split in sol.splits.items():
        splits.setdefault((pi, lv), {})[unit] = split
    ability_life = damage = sacrificed = 0
    energy = c.variants[sol.variant].energy
    for lv, pi in sorted({(lv, pi) for pi, lv, _ in sol.acts}):  # level by level, in producer order
        p = c.producers[pi]
        groups = _made(p, sol, pi, lv, splits.get((pi, lv), {}))
        if not groups:
            continue
        src = prob.sources[p.source]
        paid_by_symbol: list[list[dict[str, Any]]] = []
        if p.cost:  # a converter: its cost is paid from mana made on lower levels
            for di, d in enumerate(p.cost):
                payments_of_d: list[dict[str, Any]] = []
                for oi, o in enumerate(d.options):
                    n, flows = sol.ability_pay.get((pi, lv, di, oi), (0, {}))
                    flows = dict(flows)
                    for _ in range(n):
                        if o.life:
                            payments_of_d.append({"symbol": d.text, "life": o.life})
                        else:
                            payments_of_d.append({"symbol": d.text, "mana": pool.take(flows, o.units)})
                paid_by_symbol.append(payments_of_d)
        for made, times in groups.items():
            activations.append({"source": src.id, "ability": p.ability, "adds": _adds(made), "times": times})
            pool.add(made, p.kind_of_type, src.id, times)
        if p.cost:
            # each activation pays its whole cost: the next count of each of its symbols
            for entry in activations[-len(groups):]:
                entry["paid"] = []
                for _ in range(entry["times"]):
                    for d, payments_of_d in zip(p.cost, paid_by_symbol):
                        entry["paid"] += payments_of_d[:d.count]
                        del payments_of_d[:d.count]
                ability_life += sum(pay.get("life", 0) for pay in entry["paid"])
        n = sum(groups.values())
        ability_life += p.life * n
        damage += p.damage * n
        energy += p.energy * n
        if p.sacrifice:
            sacrificed += n
    variant = c.variants[sol.variant]
    payments: list[dict[str, Any]] = []
    hybrid_halves: list[str] = []
    phyrexian_life = 0
    spent_types: set[str] = set()
    for di, d in enumerate(variant.demands):
        for oi, o in enumerate(d.options):
            n, flows = sol.cost_pay.get((di, oi), (0, {}))
            if not n:
                continue
            flows = dict(flows)
            for _ in range(n):
                if d.symbol.kind in _HALVES and not o.life:
                    hybrid_halves.append("{%s}" % o.half)
                if o.life:
                    payments.append({"symbol": d.text, "life": o.life})
                    phyrexian_life += 1
                elif o.generic:
                    continue  # paid below with its category
                else:
                    entry = {"symbol": d.text, "mana": pool.take(flows, o.units, spent_types)}
                    if len(d.options) > 1 and o.half:
                        entry["half"] = "{%s}" % o.half
                    payments.append(entry)
    generic_flows = {cat: dict(f) for cat, f in sol.generic_pay.items()}
    for di, d in enumerate(variant.demands):  # {2/W} paid with two generic
        for oi, o in enumerate(d.options):
            if o.generic == "twobrid":
                n, _ = sol.cost_pay.get((di, oi), (0, {}))
                for _ in range(n):
                    mana = pool.take(generic_flows.get("twobrid", {}), o.units, spent_types)
                    payments.append({"symbol": d.text, "half": "{2}", "mana": mana})
    numbered = (pool.take(generic_flows.get("achroma", {}), 10**9, spent_types)
                + pool.take(generic_flows.get("any", {}), 10**9, spent_types))
    if numbered:
        payments.insert(0, {"symbol": "{%d}" % len(numbered), "mana": numbered})
    x_mana = pool.take(generic_flows.get("x", {}), 10**9, spent_types)
    for i in range(variant.x_symbols):
        share = x_mana[i * sol.x:(i + 1) * sol.x] if i < variant.x_symbols - 1 else x_mana[i * sol.x:]
        payments.insert(i, {"symbol": "{X}", "mana": share})
    for _ in range(variant.energy):
        payments.append({"symbol": "{E}", "energy": 1})
    removed = sol.reduced.get("any", 0) + sol.reduced.get("achroma", 0)
    total_cost = variant.printed_total if not removed else str(variant.total.concrete(removed))
    colors = [t for t in COLORS if t in spent_types]
    life_paid = 2 * phyrexian_life + variant.total.life
    answer: dict[str, Any] = {
        "status": "paid",
        "optimal": sol.optimal,
        "x": sol.x,
        "total_cost": total_cost,
        "announce": {"hybrid": hybrid_halves, "phyrexian_life": phyrexian_life},
        "activations": activations,
        "payments": payments,
        "life_paid": life_paid + ability_life,
        "damage": damage,
        "energy_paid": energy,
        "sources_used": (sol.objective["min_sources"] if "min_sources" in sol.objective
                         else _sources_used(c, activations)),
        "sacrificed": sacrificed,
        "colors_spent": colors,
        "counters": len(colors) if "eclipse" in prob.keywords else None,
        "left_over": pool.left(),
        "objective": dict(sol.objective),
    }
    return answer


def _sources_used(c: Compiled, activations: list[dict[str, Any]]) -> int:
    """Distinct copies that activated anything (copies pack, spec section 8)."""
    per: dict[str, dict[str, int]] = {}
    for a in activations:
        src = next(s for s in c.problem.sources if s.id == a["source"])
        ab = src.abilities[a["ability"]]
        d = per.setdefault(src.id, {"tap": 0, "sac": 0})
        if ab.tap:
            d["tap"] += a["times"]
        if ab.sacrifice:
            d["sac"] += a["times"]
        key = f"use{a['ability']}"
        d[key] = d.get(key, 0) + a["times"]
    total = 0
    for sid, d in per.items():
        src = next(s for s in c.problem.sources if s.id == sid)
        need = [d["tap"], d["sac"]]
        for j, ab in enumerate(src.abilities):
            if not ab.tap and d.get(f"use{j}"):
                need.append(-(-d[f"use{j}"] // ab.uses))
        total += max(need)
    return total
