"""The questions of spec section 7 besides ``pay``, and the JSON-lines dispatcher."""

from __future__ import annotations

from typing import Any

from models.problem import BOARD_KEYS, COST_KEYS, ProblemError
from solver.available import TooManyPools, available
from solver.pay import pay
from solver.plan import plan


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


def answer_request(request: Any) -> dict[str, Any]:
    """Answer one JSON-lines request of any query; errors become ``status: error``."""
    pid = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise ProblemError("", "each line must be a JSON object")
        query = request.get("query", "pay")
        if query == "pay":
            return pay(request)
        if query == "castable":
            out = castable(request)
        elif query == "available":
            out = available(request)
        elif query == "plan":
            out = plan(request)
        else:
            raise ProblemError("query", f"unknown query {query!r}; use pay, castable, plan or available")
    except ProblemError as e:
        out = {"status": "error", "error": str(e)}
    except TooManyPools as e:
        out = {"status": "error", "error": f"{e}; ask pay or castable about the costs in question"}
    if pid is not None:
        out["id"] = pid
    return out
