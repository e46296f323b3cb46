"""The prepared board as people use it: boards and costs as text or JSON, a time limit by keyword.

``solver.queries.prepared.PreparedBoard`` speaks the JSON of ``problem.md``; this subclass reads what a
person
types first (api/inputs.py) and hands the solver the same JSON::

    board = tapwise.prepare("4 Plains, Sol Ring, Hallowed Fountain")
    board.pay("{2}{U}")["status"]        # 'paid'
    board.can_pay("Counterspell")        # False: one blue source
"""

from __future__ import annotations

from typing import Any

from tapwise.inputs import board_json, cost_json
from tapwise.models.problem import ProblemError
import tapwise.solver.deadline as deadlines
from tapwise.solver.queries.prepared import PreparedBoard as _Prepared

__all__ = ["Board", "prepare", "question"]


def question(cost: str | dict[str, Any], time_limit: float | None = None) -> dict[str, Any]:
    """The question dict of ``cost`` (text or dict), with ``time_limit`` when given; raises
    :class:`ProblemError` naming ``cost`` for text that is neither a cost nor a card."""
    q = cost_json(cost)
    if time_limit is not None and isinstance(q, dict):
        q = {**q, "time_limit": time_limit}
    return q


def error_answer(e: Exception, cost: Any) -> dict[str, Any]:
    """Spec section 6's error answer for ``e``, echoing the question's ``id``."""
    out: dict[str, Any] = {"status": "error", "error": str(e)}
    if isinstance(cost, dict) and "id" in cost:
        out["id"] = cost["id"]
    return out


class Board(_Prepared):
    """A board read once and asked many costs (spec section 7). Costs may be mana notation
    (``"{2}{U}"``), a card's name (``"Counterspell"``) or a question dict; a bad one gets
    ``{"status": "error", ...}`` from :meth:`pay`, as a bad dict does."""

    __slots__ = ()

    def __init__(self, board: str | dict[str, Any]) -> None:
        super().__init__(board_json(board))

    def pay(self, cost: str | dict[str, Any], *, time_limit: float | None = None) -> dict[str, Any]:
        """The answer of ``tapwise.pay`` for ``cost`` on this board (``time_limit`` in seconds)."""
        if time_limit is None and type(cost) is dict:
            return _Prepared.pay(self, cost)
        try:
            q = question(cost, time_limit)
        except ProblemError as e:
            return error_answer(e, cost)
        return super().pay(q)

    def can_pay(self, cost: str | dict[str, Any], *, time_limit: float | None = None) -> bool:
        """Whether ``cost`` can be paid on this board. Raises :class:`ProblemError` naming the
        field for a bad cost (text or dict alike), ``RuntimeError`` when undecided in time."""
        if time_limit is None and type(cost) is dict:  # a search's commonest ask: as given
            return _Prepared.can_pay(self, cost)
        return super().can_pay(question(cost, time_limit))

    def push_cost(self, cost: str | dict[str, Any], *, time_limit: float | None = None) -> bool:
        """Pay ``cost`` and push the payment in one call (True), or push nothing when nothing
        pays it (False): ``push(pay(cost))`` without handing out a copy to check when pushed.
        Raises :class:`ProblemError` naming the field for a bad cost."""
        if time_limit is None and type(cost) is dict:
            return _Prepared.push_cost(self, cost)
        return super().push_cost(question(cost, time_limit))

    def castable(self, costs: list[Any], time_limit: float = deadlines.DEFAULT) -> dict[str, Any]:
        """One answer per cost (text or dicts), each on its own, all within ``time_limit``."""
        return super().castable([_lenient(c) for c in costs], time_limit)

    def plan(self, costs: list[Any], order: str | None = None) -> dict[str, Any]:
        """Spec section 7's ``plan`` of ``costs`` (text or dicts) on this board."""
        return super().plan([_lenient(c) for c in costs], order)


def _lenient(cost: Any) -> Any:
    """A cost's question, or for text that reads as nothing ``{"cost": text}``, whose answer
    then names the symbol that doesn't parse."""
    try:
        return question(cost) if isinstance(cost, str) else cost
    except ProblemError:
        return {"cost": cost}


def prepare(board: str | dict[str, Any]) -> Board:
    """A :class:`Board` from ``board``: text in the board grammar (``"4 Plains, Sol Ring"``) or
    the JSON keys of spec section 2. Raises :class:`ProblemError` naming the field if it is bad."""
    return Board(board)
