"""A prepared board: read, merged and compiled once, then asked many costs (issue 22).

An AI that searches asks one board the same questions thousands of times ("which of these
cards can I cast? and now?"). ``pay({**cost, **board})`` reads, merges and compiles the board
again on every call; a :class:`Board` does that once::

    board = tapwise.prepare({"sources": [{"name": "Forest", "count": 3}, {"name": "Sol Ring"}]})
    board.pay({"cost": "{2}{G}"})                  # the same answer as tapwise.pay(...)
    board.castable([{"cost": "{G}"}, {"cost": "{5}"}])

What depends only on the board (loading and validating its sources, pool, player and the
opponents' sources; merging entries that are the same card; its mana kinds, producers and their
layout) is kept; each question loads its cost, compiles the total cost against the kept layout,
solves, and is verified against the whole problem as :func:`tapwise.pay` verifies it. The
answer is the same as ``pay`` gives for the cost and the board as one problem (the tests
compare them byte for byte on random problems). Asking changes nothing in the board: its values are
frozen or never changed after compiling.
"""

from __future__ import annotations

import time
from typing import Any

from tapwise.models.problem import BOARD_KEYS, COST_KEYS, Problem, ProblemError, load_problem
from tapwise.models.total_cost import CostError
from tapwise.models.values import evolve
from tapwise.solver import deadline as deadlines
from tapwise.solver.compile import CompiledBoard, compile_board
from tapwise.solver.merge import Merge
from tapwise.solver.pay import _error, _keeping, pay_compiled

QUESTION_KEYS = COST_KEYS + ("id",)
"""What a question to a prepared board may hold: a cost of spec section 7, and an id."""


class Board:
    """One board (spec section 2's ``sources``, ``opponent_sources``, ``pool``, ``player``),
    prepared to answer many costs. Raises :class:`ProblemError` naming the field when the board
    is not valid, so a bad board fails once, where it is made."""

    __slots__ = ("board", "_fields", "_merged_sources", "_members", "_compiled")

    def __init__(self, board: dict[str, Any]) -> None:
        if not isinstance(board, dict):
            raise ProblemError("", "a board must be a JSON object")
        for key in board:
            if key not in BOARD_KEYS:
                raise ProblemError(key, f"unknown board key; allowed: {', '.join(BOARD_KEYS)} "
                                        "(the cost's keys go in each question)")
        self.board = dict(board)  # as given, for the queries that don't use the preparation
        loaded = load_problem({"cost": None, **board}, allowed=("cost",) + BOARD_KEYS)
        self._fields = {key: getattr(loaded, key) for key in BOARD_KEYS}
        merge = Merge(loaded)
        self._members = merge.members
        self._merged_sources = merge.problem.sources
        self._compiled: CompiledBoard = compile_board(merge.problem)

    def problem(self, cost: dict[str, Any]) -> Problem:
        """The whole problem of ``cost`` on this board, as ``load_problem({**cost, **board})``
        loads it (the board read once, when prepared)."""
        for key in cost:
            if key in BOARD_KEYS:
                raise ProblemError(key, "is a board key: the prepared board holds it (ask a new board)")
        return evolve(load_problem(cost, allowed=QUESTION_KEYS), **self._fields)

    def pay(self, cost: dict[str, Any]) -> dict[str, Any]:
        """The answer of ``tapwise.pay({**cost, **board})``, without reading the board again."""
        started = time.monotonic()
        try:
            if not isinstance(cost, dict):
                raise ProblemError("", "a cost must be a JSON object")
            prob = self.problem(cost)
            if prob.keep or "max_keep" in prob.objective:  # spec 9.5: the keep model reads the whole board
                with deadlines.request(prob.time_limit, started):
                    return _keeping(prob, cost)
            merge = self._merge(prob)
            compiled = self._compiled.with_cost(merge.problem)
        except (ProblemError, CostError) as e:
            return _error(str(e), cost)
        return pay_compiled(prob, merge, compiled, cost, started)

    def castable(self, costs: list[dict[str, Any]], time_limit: float = deadlines.DEFAULT) -> dict[str, Any]:
        """One ``pay`` answer per cost, each on its own (spec section 7's ``castable``), all within
        ``time_limit`` seconds (a cost reached after it is answered ``unknown``)."""
        from tapwise.solver.castable import castable_on

        return castable_on(self, costs, time_limit=deadlines.read_time_limit({"time_limit": time_limit}))

    def plan(self, costs: list[dict[str, Any]], order: str | None = None) -> dict[str, Any]:
        """Spec section 7's ``plan`` of ``costs`` on this board. Planning joins the costs into
        one problem per ordering, so it reads the board as given (no preparation is reused)."""
        from tapwise.solver.plan import plan

        request: dict[str, Any] = {**self.board, "costs": costs}
        if order is not None:
            request["order"] = order
        return plan(request)

    def _merge(self, prob: Problem) -> Merge:
        """The :class:`Merge` that ``Merge(prob)`` would make, from the board's merge."""
        merge = object.__new__(Merge)
        merge.members = self._members
        merge.problem = evolve(prob, sources=self._merged_sources) if self._members else prob
        return merge


def prepare(board: dict[str, Any]) -> Board:
    """A :class:`Board` prepared from ``board`` (raises :class:`ProblemError` if it is bad)."""
    return Board(board)
