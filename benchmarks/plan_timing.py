"""Time the ``plan`` question on the benchmark scenarios' boards, three costs per plan.

    python -m tapwise.benchmarks.plan_timing                     # typical (100 boards) and rich (50)
    python -m tapwise.benchmarks.plan_timing --scenario rich --n 30 --costs 4

Each plan takes one generated problem's board and the costs of it and the next problems (real
cards' costs on typical boards), asked once with ``"order": "given"`` and once with ``"any"``.
Per scenario: the median, 90th percentile and largest time of one question, how many costs the
plans pay on average, and how many answers were not ``paid`` or ``infeasible``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tapwise.models.problem import BOARD_KEYS, COST_KEYS

from .generators import generate

PLAN_COST_KEYS = tuple(k for k in COST_KEYS if k not in ("objective", "time_limit"))


def main(argv: list[str] | None = None) -> None:
    from tapwise.solver.queries.request import answer_request  # lazy, like the runner: the package may be elsewhere

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", help="typical, rich or large (repeatable)")
    parser.add_argument("--n", type=int, help="plans per scenario and order (default 100 typical, 50 others)")
    parser.add_argument("--costs", type=int, default=3, help="costs per plan (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for scenario in args.scenario or ["typical", "rich"]:
        n = args.n or (100 if scenario == "typical" else 50)
        problems = list(generate(scenario, args.seed, n * args.costs))
        times, paid, other = [], [], 0
        for i in range(0, n * args.costs, args.costs):
            board = {k: problems[i][k] for k in BOARD_KEYS if k in problems[i]}
            costs = [{k: p[k] for k in PLAN_COST_KEYS if k in p} for p in problems[i:i + args.costs]]
            for order in ("given", "any"):
                start = time.perf_counter()
                answer = answer_request({"query": "plan", **board, "costs": costs, "order": order})
                times.append((time.perf_counter() - start) * 1000)
                paid.append(len(answer.get("paid", [])))
                other += answer.get("status") not in ("paid", "infeasible")
        times.sort()
        print(f"{scenario}: {len(times)} plans of {args.costs} costs, median {statistics.median(times):.1f} ms, "
              f"p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms, max {times[-1]:.0f} ms; costs paid per plan "
              f"{statistics.mean(paid):.2f}; neither paid nor infeasible: {other}")


if __name__ == "__main__":
    main()
