"""``castable``: several costs asked of one board, each answered on its own (spec section 7)."""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import BOARD_KEYS, COST_KEYS, ProblemError
from tapwise.solver.pay import pay


def castable(request: dict[str, Any]) -> dict[str, Any]:
    """One ``pay`` answer per cost, each on its own, from the same board."""
    allowed = set(BOARD_KEYS) | {"costs", "query", "id"}
    for key in request:
        if key not in allowed:
            raise ProblemError(key, f"unknown key for a castable question; allowed: {', '.join(sorted(allowed))}")
    costs = request.get("costs")
    if not isinstance(costs, list):
        raise ProblemError("costs", "must be a list of costs (problem objects without the board keys)")
    board = {k: request[k] for k in BOARD_KEYS if k in request}
    results = []
    for i, cost in enumerate(costs):
        if not isinstance(cost, dict):
            raise ProblemError(f"costs[{i}]", "must be an object")
        bad = [k for k in cost if k not in COST_KEYS]
        if bad:
            raise ProblemError(f"costs[{i}].{bad[0]}", "unknown key in a cost (board keys go at the top level)")
        answer = pay({**cost, **board})
        if answer.get("status") == "error":
            answer["error"] = f"costs[{i}]." + answer["error"]
        results.append(answer)
    return {"results": results}
