"""One request of any query in, one answer out, always: the dispatcher the API's functions, the
CLI, the JSON-lines server and the batches all ask.

Every answer has one envelope: ``status`` (``paid``, ``infeasible``, ``unpayable``, ``unknown``
or ``error`` as in the spec; ``ok`` for ``castable`` and ``available``, whose answers are lists)
and the request's ``id`` echoed whenever the request had one, ``null`` included.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import QUERIES, ProblemError
from tapwise.models.total_cost import CostError
from tapwise.solver.queries.available import TooManyPools, available
from tapwise.solver.queries.castable import castable
from tapwise.solver.queries.pay import failure, pay
from tapwise.solver.queries.plan import plan

LISTING = {"castable": "results", "available": "pools"}
"""The queries whose answer is a list, by the key that holds it: their status is ``ok``."""


def answer_request(request: Any, query: str | None = None) -> dict[str, Any]:
    """Answer one request of any query (``query`` forces one, as the API's functions do);
    never raises: whatever goes wrong is a ``status: error`` answer naming the field, or saying
    it is internal and what was being asked."""
    asked = query
    try:
        if not isinstance(request, dict):
            raise ProblemError("", f"a request must be a JSON object, not {_kind(request)}")
        asked = request.get("query", query or "pay")
        if query is not None and asked != query:
            raise ProblemError("query", f"this asks {query}, but the request says {asked!r}")
        if asked == "pay":
            return pay(request)  # total, and echoes the id itself
        if asked == "castable":
            out = castable(request)
        elif asked == "available":
            out = available(request)
        elif asked == "plan":
            out = plan(request)
        else:
            raise ProblemError("query", f"unknown query {asked!r}; use {', '.join(QUERIES)}")
        if asked in LISTING:
            out = {"status": "ok", **out}
    except (ProblemError, CostError) as e:
        out = {"status": "error", "error": str(e)}
    except TooManyPools as e:
        out = {"status": "error", "error": f"{e}; ask pay or castable about the costs in question"}
    except Exception as e:  # a bug: said plainly (as pay says it), and the stream goes on
        out = {"status": "error", "error": failure(e, f"answering a {asked} question")}
    if isinstance(request, dict) and "id" in request:
        out["id"] = request["id"]
    return out


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number",
            type(None): "null"}.get(type(value), type(value).__name__)
