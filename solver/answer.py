"""Turn solved counts into the spec answer (section 6): concrete activations in a legal order,
one payment per symbol, each mana traced to the source that made it."""

from __future__ import annotations

from collections import deque
from typing import Any

from models.mana import COLORS, Kind, format_types
from solver.compile import Compiled
from solver.cpsat import Solution


class _Mana:
    """Mana in the pool while the answer is replayed: per kind, a queue of origins."""

    def __init__(self, c: Compiled) -> None:
        self.c = c
        self.queues: dict[int, deque[dict[str, Any]]] = {}
        for m in c.problem.pool:
            k = next(j for j, kind in enumerate(c.kinds)
                     if kind.pool and (kind.type, kind.snow, kind.only) == (m.type, m.snow, m.only))
            self.queues.setdefault(k, deque()).append({"type": m.type, "source": "pool", "pool": m.entry})

    def add(self, kind: int, source: str) -> None:
        self.queues.setdefault(kind, deque()).append({"type": self.c.kinds[kind].type, "source": source})

    def take(self, flows: dict[int, int], n: int) -> list[dict[str, Any]]:
        """Take ``n`` mana following ``flows`` (kind -> units still to take), decrementing it."""
        out = []
        for k in sorted(flows):
            while flows[k] and len(out) < n:
                out.append(self.queues[k].popleft())
                flows[k] -= 1
        return out

    def left(self) -> list[str]:
        return [format_types(m["type"]) for q in self.queues.values() for m in q]


def _outputs(c: Compiled, sol: Solution, pi: int, lv: int,
             splits: dict[str, dict[str, int]]) -> list[tuple[str, ...]]:
    """The mana each activation of producer ``pi`` on level ``lv`` made, one tuple per activation;
    ``splits`` says which types its flexible units (any color, hybrid) came out as."""
    p = c.producers[pi]
    pools = {unit: deque(sorted((t for t, n in split.items() for _ in range(n)), key="WUBRGC".index))
             for unit, split in splits.items()}
    out = []
    for ci, choice in enumerate(p.choices):
        for _ in range(sol.acts.get((pi, lv, ci), 0)):
            made = []
            for unit in choice:
                made.append(unit if len(unit) == 1 else pools[unit].popleft())
            out.append(tuple(sorted(made, key="WUBRGC".index)))
    return out


def build_answer(c: Compiled, sol: Solution) -> dict[str, Any]:
    prob = c.problem
    pool = _Mana(c)
    activations: list[dict[str, Any]] = []
    active = {(pi, lv) for pi, lv, _ in sol.acts}
    splits: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
    for (pi, lv, unit), split in sol.splits.items():
        splits.setdefault((pi, lv), {})[unit] = split
    ability_life = damage = sacrificed = 0
    energy = c.variants[sol.variant].energy
    for lv in range(sol.levels + 1):
        for pi, p in enumerate(c.producers):
            if (pi, lv) not in active:
                continue
            outs = _outputs(c, sol, pi, lv, splits.get((pi, lv), {}))
            if not outs:
                continue
            src = prob.sources[p.source]
            paid_by_symbol: list[list[dict[str, Any]]] = []
            if p.is_converter:  # its cost is paid from mana made on lower levels
                for di, d in enumerate(p.cost):
                    payments_of_d: list[dict[str, Any]] = []
                    for oi, o in enumerate(d.options):
                        n, flows = sol.ability_pay.get((pi, lv, di, oi), (0, {}))
                        flows = dict(flows)
                        for _ in range(n):
                            if o.life:
                                payments_of_d.append({"symbol": str(d.symbol), "life": o.life})
                            else:
                                payments_of_d.append({"symbol": str(d.symbol), "mana": pool.take(flows, o.units)})
                    paid_by_symbol.append(payments_of_d)
            groups: dict[tuple[str, ...], int] = {}
            for made in outs:
                groups[made] = groups.get(made, 0) + 1
            for made, times in groups.items():
                entry: dict[str, Any] = {"source": src.id, "ability": p.ability, "adds": format_types(made),
                                         "times": times}
                activations.append(entry)
                for _ in range(times):
                    for t in made:
                        pool.add(p.kind_of_type[t], src.id)
            if p.is_converter:
                # each activation pays its whole cost: the next count of each of its symbols
                for entry in activations[-len(groups):]:
                    entry["paid"] = []
                    for _ in range(entry["times"]):
                        for d, payments_of_d in zip(p.cost, paid_by_symbol):
                            entry["paid"] += payments_of_d[:d.count]
                            del payments_of_d[:d.count]
                    ability_life += sum(pay.get("life", 0) for pay in entry["paid"])
            n = len(outs)
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
            flows = dict(flows)
            for _ in range(n):
                sym = str(d.symbol)
                if d.symbol.kind in (Kind.HYBRID, Kind.TWOBRID, Kind.COLORLESS_HYBRID,
                                     Kind.HYBRID_PHYREXIAN) and not o.life:
                    hybrid_halves.append("{%s}" % o.half)
                if o.life:
                    payments.append({"symbol": sym, "life": o.life})
                    phyrexian_life += 1
                elif o.generic:
                    continue  # paid below with its category
                else:
                    mana = pool.take(flows, o.units)
                    spent_types.update(m["type"] for m in mana)
                    entry = {"symbol": sym, "mana": mana}
                    if len(d.options) > 1 and o.half:
                        entry["half"] = "{%s}" % o.half
                    payments.append(entry)
    generic_flows = {cat: dict(f) for cat, f in sol.generic_pay.items()}
    for di, d in enumerate(variant.demands):  # {2/W} paid with two generic
        for oi, o in enumerate(d.options):
            if o.generic == "twobrid":
                n, _ = sol.cost_pay.get((di, oi), (0, {}))
                for _ in range(n):
                    mana = pool.take(generic_flows.get("twobrid", {}), o.units)
                    spent_types.update(m["type"] for m in mana)
                    payments.append({"symbol": str(d.symbol), "half": "{2}", "mana": mana})
    numbered = sum(sum(f.values()) for cat, f in sol.generic_pay.items() if cat in ("any", "achroma"))
    if numbered:
        mana = []
        for cat in ("achroma", "any"):
            mana += pool.take(generic_flows.get(cat, {}), 10**9)
        spent_types.update(m["type"] for m in mana)
        payments.insert(0, {"symbol": "{%d}" % len(mana), "mana": mana})
    x_mana = pool.take(generic_flows.get("x", {}), 10**9)
    spent_types.update(m["type"] for m in x_mana)
    for i in range(variant.x_symbols):
        share = x_mana[i * sol.x:(i + 1) * sol.x] if i < variant.x_symbols - 1 else x_mana[i * sol.x:]
        payments.insert(i, {"symbol": "{X}", "mana": share})
    for _ in range(variant.energy):
        payments.append({"symbol": "{E}", "energy": 1})
    removed = sum(sol.reduced.get(cat, 0) for cat in ("any", "achroma"))
    total_cost = variant.total.concrete(removed)
    colors = [t for t in COLORS if t in spent_types]
    life_paid = 2 * phyrexian_life + variant.total.life
    answer: dict[str, Any] = {
        "status": "paid",
        "optimal": sol.optimal,
        "x": sol.x,
        "total_cost": str(total_cost),
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
