"""The JSON-lines protocol's dispatcher: one request line of any query in, one answer out."""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import ProblemError
from tapwise.solver.available import TooManyPools, available
from tapwise.solver.castable import castable
from tapwise.solver.pay import pay
from tapwise.solver.plan import plan


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
