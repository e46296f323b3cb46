"""Time the ``available`` question on the benchmark scenarios' boards.

    python -m tapwise.benchmarks.available_pools                 # typical (200 boards) and rich (80)
    python -m tapwise.benchmarks.available_pools --scenario rich --n 40

Per scenario: the median, 90th percentile and largest time of one question per board, how many
pools the answers list, and how many boards were refused (past ``MAX_STATES`` or ``MAX_WORK``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tapwise.models.problem import BOARD_KEYS

from .generators import generate


def main(argv: list[str] | None = None) -> None:
    from tapwise.solver.queries.request import answer_request  # lazy, like the runner: the package may be elsewhere

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", help="typical, rich or large (repeatable)")
    parser.add_argument("--n", type=int, help="boards per scenario (default 200 typical, 80 others)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for scenario in args.scenario or ["typical", "rich"]:
        n = args.n or (200 if scenario == "typical" else 80)
        times, sizes, refused = [], [], 0
        for problem in generate(scenario, args.seed, n):
            request = {"query": "available", **{k: problem[k] for k in BOARD_KEYS if k in problem}}
            start = time.perf_counter()
            answer = answer_request(request)
            times.append((time.perf_counter() - start) * 1000)
            if "pools" in answer:
                sizes.append(len(answer["pools"]))
            else:
                refused += 1
        times.sort()
        print(f"{scenario}: {n} boards, median {statistics.median(times):.2f} ms, "
              f"p90 {times[int(0.9 * (n - 1))]:.1f} ms, max {times[-1]:.0f} ms; pools per answer: median "
              f"{statistics.median(sizes) if sizes else 0:g}, max {max(sizes, default=0)}; refused {refused}")


if __name__ == "__main__":
    main()
