"""A sweep of random plans with 9.3's keys against the reference (tests/reference/
plan_keywords_brute.py): ``python -P tests/plan_keyword_sweep.py [count] [seed]``. Prints the
figures for docs/history.md ("plan93"); tests/test_plan_keywords.py runs a short one."""

from __future__ import annotations

import copy
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from keyword_problems import keyword_plan  # noqa: E402
from reference.brute import TooBig, Unsupported  # noqa: E402
from reference.plan_brute import brute_plan, check_left  # noqa: E402

from tapwise.solver.queries.plan import plan  # noqa: E402


def compare(board: dict[str, Any], costs: list[dict[str, Any]], order: str) -> tuple[str | None, dict[str, Any]]:
    """What differs between the plan and the reference on one case (None: they agree) and the
    plan's answer, or raises TooBig/Unsupported when the reference can't answer."""
    expected = brute_plan(copy.deepcopy(board), copy.deepcopy(costs), order)
    got = plan(dict(copy.deepcopy(board), costs=copy.deepcopy(costs), order=order))
    shown = json.dumps({"board": board, "costs": costs, "order": order})
    if got["status"] not in ("paid", "infeasible"):
        return f"status {got['status']}: {got.get('error') or got.get('why')}\n{shown}", got
    if (got["objective"]["paid"], got["objective"]["mana_value"]) != expected[:2]:
        return f"plan {got['objective']}, reference {expected}\n{shown}", got
    if got["optimal"] and expected[2]:
        values = {k: got["objective"][k] for k in expected[2]}
        if values != expected[2]:
            return f"plan {values}, reference {expected[2]}\n{shown}", got
    errors = check_left(copy.deepcopy(board), got)
    if errors:
        return f"left: {errors}\n{shown}\n{json.dumps(got)}", got
    return None, got


def uses_keywords_after(got: dict[str, Any]) -> bool:
    """Did a cost after the first pay with a keyword or other costs (what the comparison is for)?"""
    return any(a.get("convoked") or a.get("improvised") or a.get("delved") or a.get("other_costs")
               for a in got.get("answers", [])[1:])


def sweep(count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    figures: dict[str, Any] = {"cases": 0, "compared": 0, "skipped": 0, "two_or_more_paid": 0,
                               "keywords_after_the_first": 0, "disagreements": []}
    for _ in range(count):
        board, costs, order = keyword_plan(rng)
        figures["cases"] += 1
        started = time.monotonic()
        try:
            diff, got = compare(board, costs, order)
        except (TooBig, Unsupported):
            figures["skipped"] += 1
            continue
        figures["compared"] += 1
        figures["slowest"] = max(figures.get("slowest", 0.0), round(time.monotonic() - started, 2))
        figures["two_or_more_paid"] += len(got.get("paid", [])) >= 2
        figures["keywords_after_the_first"] += uses_keywords_after(got)
        if diff is not None:
            figures["disagreements"].append(diff)
    return figures


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 93
    start = time.monotonic()
    out = sweep(n, seed)
    print(json.dumps({**{k: v for k, v in out.items() if k != "disagreements"},
                      "disagreements": len(out["disagreements"]), "seconds": round(time.monotonic() - start, 1)}))
    for d in out["disagreements"][:5]:
        print(d)
