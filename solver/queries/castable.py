"""``castable``: several costs asked of one board, each answered on its own (spec section 7).

The board is prepared once (:class:`solver.queries.prepared.Board`) and asked each cost; the answers
are those of ``pay`` on each cost and the board as one problem. A top-level ``time_limit``
(default 10 s) bounds the whole question: the costs share it (each also within its own
``time_limit``), and a cost reached after it has passed is answered ``unknown``, not tried."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from tapwise.models.problem import BOARD_KEYS, COST_KEYS, ProblemError
from tapwise.solver import deadline as deadlines
from tapwise.solver.queries.pay import pay

if TYPE_CHECKING:
    from tapwise.solver.queries.prepared import Board


def castable(request: dict[str, Any]) -> dict[str, Any]:
    """One ``pay`` answer per cost, each on its own, from the same board."""
    from tapwise.solver.queries.prepared import Board

    started = time.monotonic()
    allowed = set(BOARD_KEYS) | {"costs", "query", "id", "time_limit"}
    for key in request:
        if key not in allowed:
            raise ProblemError(key, f"unknown key for a castable question; allowed: {', '.join(sorted(allowed))}")
    time_limit = deadlines.read_time_limit(request)
    with deadlines.request(time_limit, started):
        board = {k: request[k] for k in BOARD_KEYS if k in request}
        try:
            prepared = Board(board)
        except ProblemError:
            prepared = None  # each cost's answer names the board's mistake, as pay() does
        return castable_on(prepared, request.get("costs"), board, time_limit)


def castable_on(prepared: Board | None, costs: Any, board: dict[str, Any] | None = None,
                time_limit: float | None = None) -> dict[str, Any]:
    """``castable`` of ``costs`` on a prepared board (or, when the board is bad, on ``board``
    as given, so that each answer names its mistake where ``pay`` would), all within
    ``time_limit`` seconds from now (None: only the enclosing request's, if any)."""
    if time_limit is None:
        return _castable_on(prepared, costs, board, None)
    with deadlines.request(time_limit):
        return _castable_on(prepared, costs, board, time_limit)


def _castable_on(prepared: Board | None, costs: Any, board: dict[str, Any] | None,
                 time_limit: float | None) -> dict[str, Any]:
    if not isinstance(costs, list):
        raise ProblemError("costs", "must be a list of costs (problem objects without the board keys)")
    results = []
    for i, cost in enumerate(costs):
        if not isinstance(cost, dict):
            raise ProblemError(f"costs[{i}]", "must be an object")
        bad = [k for k in cost if k not in COST_KEYS]
        if bad:
            raise ProblemError(f"costs[{i}].{bad[0]}", "unknown key in a cost (board keys go at the top level)")
        if deadlines.passed():
            results.append({"status": "unknown", "optimal": False,
                            "why": f"not tried: the castable's time limit{_seconds(time_limit)} was spent on the "
                                   "costs before it"})
            continue
        answer = prepared.pay(cost) if prepared is not None else pay({**cost, **(board or {})})
        if answer.get("status") == "error":
            answer["error"] = f"costs[{i}]." + answer["error"]
        results.append(answer)
    return {"status": "ok", "results": results}


def _seconds(time_limit: float | None) -> str:
    return "" if time_limit is None else f" of {time_limit:g} s"
