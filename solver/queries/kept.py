"""Which kept costs (spec 9.5) a board still pays, asked of ``pay`` itself: above both ``pay``
and the keep model (solver/queries/keep.py), which ``pay`` hands itself to."""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import Problem
from tapwise.solver.queries.keep import BoardLeft, board_left, payable
from tapwise.solver.queries.pay import pay


def payable_on(kept: tuple[Problem, ...], board: BoardLeft) -> list[int]:
    """The indexes of ``kept`` that ``pay`` pays on ``board``, each on its own."""
    return payable(kept, board, pay)


def check_kept(problem: Problem, answer: dict[str, Any]) -> list[str]:
    """What is wrong with ``answer["kept"]``: each kept cost is paid on the board the answer leaves."""
    really = payable_on(problem.keep, board_left(problem, answer))
    claimed = answer.get("kept")
    if claimed != really:
        return [f"kept says {claimed} but the costs payable on the board the payment leaves are "
                f"{really}"]
    return []
