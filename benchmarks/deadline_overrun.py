"""How far past its ``time_limit`` a request runs: hard requests under small limits.

    python -m tapwise.benchmarks.deadline_overrun --n 30 --limits 0.001 0.01 0.1 0.5

Kinds of request, each seeded: ``pay`` on rich boards of 60-80 source copies (filter lands,
Signets, Treasures, painlands, restrictions) with costs of up to 30 mana; ``infeasible``, the
same boards with a cost no board pays (the explanation runs); ``large``, 10^3-10^5 copies;
``castable``, 10 such costs on one board under one top-level limit; ``plan``, 4 costs in any
order. For each kind and limit: the statuses, the median and worst wall time of the whole call
(``tapwise.pay`` / ``castable`` / ``plan``), and the worst overrun (time past the limit).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

import tapwise
from tapwise.benchmarks.generators import generate

KINDS = ("pay", "infeasible", "large", "castable", "plan")


def requests(kind: str, n: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """``n`` requests of one kind: (the query, the request without its time limit)."""
    rich = list(generate("rich", seed=seed, n=n * 4, min_copies=60, max_copies=80, max_units=30))
    out: list[tuple[str, dict[str, Any]]] = []
    for i in range(n):
        p = dict(rich[i])
        p.pop("id", None)
        if kind == "pay":
            out.append(("pay", p))
        elif kind == "infeasible":
            out.append(("pay", {**p, "cost": p["cost"] + "{C}" * 40 + "{W/P}" * 10, "x": 0,
                                "player": {"life": 3, "energy": 0}}))
        elif kind == "large":
            big = list(generate("large", seed=seed + i, n=1, min_copies=1_000, max_copies=100_000))[0]
            big.pop("id", None)
            out.append(("pay", big))
        elif kind == "castable":
            costs = [{"cost": q["cost"], "x": 0} for q in rich[n + 10 * i % (3 * n):][:10]] or [{"cost": p["cost"]}]
            out.append(("castable", {"sources": p["sources"], "costs": costs}))
        else:
            costs = [{"cost": q["cost"], "x": 0} for q in rich[n + 4 * i % (3 * n):][:4]] or [{"cost": p["cost"]}]
            out.append(("plan", {"sources": p["sources"], "costs": costs, "order": "any"}))
    return out


def _status(query: str, answer: dict[str, Any]) -> str:
    if query == "castable" and answer.get("status") == "ok":
        return "+".join(sorted(set(r["status"] for r in answer["results"])))
    return str(answer.get("status"))


def run(n: int, limits: list[float], seed: int, kinds: tuple[str, ...] = KINDS) -> list[dict[str, Any]]:
    call = {"pay": tapwise.pay, "castable": tapwise.castable, "plan": tapwise.plan}
    rows = []
    for kind in kinds:
        reqs = requests(kind, n, seed)
        for limit in limits:
            times, statuses = [], Counter()
            for query, req in reqs:
                started = time.perf_counter()
                answer = call[query]({**req, "time_limit": limit})
                times.append(time.perf_counter() - started)
                statuses[_status(query, answer)] += 1
            row = {"kind": kind, "limit": limit, "n": len(reqs), "statuses": dict(statuses),
                   "median_s": statistics.median(times), "worst_s": max(times),
                   "worst_overrun_s": max(0.0, max(times) - limit)}
            rows.append(row)
            print(f"{kind:10} limit {limit:6g} s: n {row['n']}, median {row['median_s'] * 1000:7.1f} ms, worst "
                  f"{row['worst_s'] * 1000:7.1f} ms, worst overrun {row['worst_overrun_s'] * 1000:7.1f} ms; "
                  f"{dict(sorted(statuses.items()))}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.deadline_overrun",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=30, help="requests per kind")
    parser.add_argument("--limits", type=float, nargs="+", default=[0.001, 0.01, 0.1, 0.5])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    args = parser.parse_args(argv)
    run(args.n, args.limits, args.seed, tuple(args.kinds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
