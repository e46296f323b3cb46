"""tapwise: pay Magic: The Gathering costs exactly, or say exactly why they can't be paid.

Every entry point speaks the JSON of ``problem.md``; the typed values of :mod:`tapwise.models`
are that same format, loaded. The functions here are the public API::

    import tapwise
    answer = tapwise.pay({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]})
    answer["status"]                      # 'paid'
    tapwise.pay("{1}{G}", board="2 Forest")          # the same, as a person types it
    board = tapwise.prepare("4 Plains, Sol Ring, Hallowed Fountain")
    board.can_pay("{2}{U}")               # True
    print(tapwise.load_answer(answer))    # the plan the CLI prints; tapwise.svg draws it

``pay`` pays one cost; ``castable`` asks several costs of one board, each on its own; ``plan``
pays several one after another this turn; ``available`` lists the mana pools a board can make.
Each returns the answer of the spec as a dict, and never raises: on bad input (text included)
the answer is ``{"status": "error", "error": "<the field and the problem>"}`` (an internal
error says so and what was being done). Every answer carries ``status`` (``ok`` for ``castable`` and
``available``) and the request's ``id`` when it had one. ``tapwise.json_schema()`` is the JSON
Schema of every request and answer.
"""

from __future__ import annotations

from tapwise.models.answer import Answer, load_answer
from tapwise.models.mana import Kind, ManaCost, NotationError, Symbol, parse_cost
from tapwise.models.problem import Ability, Player, PoolMana, Problem, ProblemError, Source
from tapwise.models.loader import load_problem
from tapwise.json_schema import json_schema
from tapwise.solver.queries.pay import pay as _pay
from tapwise.solver.queries.request import answer_request as _answer_request
from tapwise.board import Board, prepare
from tapwise.board import error_answer as _error_answer, question as _question
from tapwise.inputs import board_json as read_board_json, read_board
from tapwise import svg
from tapwise.render import render as _render
import tapwise.models.answer as _answer_module

_answer_module.VIEWS.update(text=_render, svg=svg.payment)  # str() and the notebook's picture


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tapwise")
    except PackageNotFoundError:  # run from a checkout that isn't installed
        return "0+unknown"


__version__ = _version()
"""The installed package's version (from its metadata: ``pyproject.toml``)."""


def pay(problem: str | dict, board: str | dict | None = None, *,
        time_limit: float | None = None) -> dict:
    """Pay one cost: the answer of spec section 6, as a dict; never raises.

    ``problem`` is a whole problem dict, or with ``board`` the cost alone: mana notation
    (``"{2}{W}{U/P}"``), a card's name (``"Kitchen Finks"``) or a cost dict. ``board`` is text
    in the board grammar (``"4 Plains, 2 Island, Sol Ring"``) or the board's JSON keys.
    ``time_limit`` (seconds) overrides the problem's."""
    try:
        if board is None and isinstance(problem, str):
            raise ProblemError("board", "a cost given as text needs a board: "
                               f"tapwise.pay({problem!r}, board=\"4 Plains, Sol Ring\")")
        request = problem if board is None else {**_question(problem), **read_board_json(board)}
        if time_limit is not None and isinstance(request, dict):
            request = {**request, "time_limit": time_limit}
    except ProblemError as e:
        return _error_answer(e, problem)
    return _pay(request)


def castable(request: dict) -> dict:
    """Several costs asked of one board, each on its own: ``{"status": "ok", "results": [...]}``."""
    return _answer_request(request, "castable")


def plan(request: dict) -> dict:
    """Several costs paid one after another from one board this turn (spec section 7)."""
    return _answer_request(request, "plan")


def available(request: dict) -> dict:
    """Every maximal mana pool a board can make: ``{"status": "ok", "pools": [...]}``."""
    return _answer_request(request, "available")


__all__ = [
    "__version__", "svg", "read_board",
    "pay", "castable", "plan", "available", "prepare", "Board", "json_schema",
    "Problem", "Source", "Ability", "PoolMana", "Player", "load_problem", "ProblemError",
    "Answer", "load_answer",
    "ManaCost", "Symbol", "Kind", "parse_cost", "NotationError",
]
