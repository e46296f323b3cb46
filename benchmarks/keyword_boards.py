"""Large boards with and without spec 9.3's keywords: the model stays aggregated (a variable per
source entry and keyword, never per copy), so convoking thousands of creatures costs about what
paying with thousands of lands does; the answer lists one item per convoked copy (the spec's
format), which building and verifying it then follow.

    python -m tapwise.benchmarks.keyword_boards [--repeat 3]

prints, per board (creature entries x copies each), the median time of ``tapwise.pay`` with and
without convoke, improvise and delve, X and what was convoked.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import tapwise

BOARDS = ((5, 2), (20, 10), (50, 100), (20, 1000))


def board(entries: int, copies: int) -> list[dict[str, Any]]:
    """Basic lands and ``entries`` creature entries of ``copies`` each (every other one sick, one
    in three an Elf that taps for {G}), and as many Ornithopters."""
    sources: list[dict[str, Any]] = [{"name": n, "count": copies} for n in ("Forest", "Plains", "Island")]
    for i in range(entries):
        sources.append({"id": f"c{i}", "types": ["creature"], "colors": "GWUBR"[i % 5], "count": copies,
                        "sick": i % 2 == 0, "abilities": [{"add": "{G}"}] if i % 3 == 0 else []})
    sources.append({"id": "thopters", "types": ["artifact", "creature"], "count": copies, "abilities": []})
    return sources


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'board':>12} {'keywords':>9} {'status':>7} {'X':>6} {'convoked':>8} {'median ms':>10}")
    for entries, copies in BOARDS:
        for keywords in ({}, {"convoke": True, "improvise": True, "delve": True, "graveyard": 5}):
            problem = {"cost": "{X}{G}{G}{W}{U}", "x": "max", "hand": 1, "sources": board(entries, copies), **keywords}
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                answer = tapwise.pay(problem)
                times.append(time.perf_counter() - started)
            print(f"{entries:>5} x {copies:<4} {'yes' if keywords else 'no':>9} {answer['status']:>7} "
                  f"{answer.get('x', '-'):>6} {answer.get('convoked', '-'):>8} {statistics.median(times) * 1000:>10.1f}")


if __name__ == "__main__":
    main()
