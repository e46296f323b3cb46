"""``castable``: several costs asked of one board, each answered on its own (spec section 7).

The board is prepared once (:class:`solver.queries.prepared.PreparedBoard`) and asked each cost; the answers
are those of ``pay`` on each cost and the board as one problem. A top-level ``time_limit``
(default 10 s) bounds the whole question: the costs share it (each also within its own
``time_limit``), and a cost reached after it has passed is answered ``unknown``, not tried."""

from __future__ import annotations

import time
from typing import Any

from tapwise.models.problem import BOARD_KEYS, ProblemError
import tapwise.solver.deadline as deadlines
from tapwise.solver.queries.prepared import PreparedBoard, castable_on


def castable(request: dict[str, Any]) -> dict[str, Any]:
    """One ``pay`` answer per cost, each on its own, from the same board."""
    started = time.monotonic()
    allowed = set(BOARD_KEYS) | {"costs", "query", "id", "time_limit"}
    for key in request:
        if key not in allowed:
            raise ProblemError(key, f"unknown key for a castable question; allowed: "
                                    f"{', '.join(sorted(allowed))}")
    time_limit = deadlines.read_time_limit(request)
    with deadlines.request(time_limit, started):
        board = {k: request[k] for k in BOARD_KEYS if k in request}
        try:
            prepared = PreparedBoard(board)
        except ProblemError:
            prepared = None  # each cost's answer names the board's mistake, as pay() does
        return castable_on(prepared, request.get("costs"), board, time_limit)
