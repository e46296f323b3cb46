"""tapwise: pay Magic: The Gathering costs exactly, or say exactly why they can't be paid.

Every entry point speaks the JSON of ``problem.md``; the typed values of :mod:`tapwise.models`
are that same format, loaded. The functions here are the public API::

    import tapwise
    answer = tapwise.pay({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]})
    answer["status"]                      # 'paid'

``pay`` pays one cost; ``castable`` asks several costs of one board, each on its own; ``plan``
pays several one after another this turn; ``available`` lists the mana pools a board can make.
Each returns the answer of the spec as a dict, and never raises: on bad input the answer is
``{"status": "error", "error": "<the field and the problem>"}`` (an internal error says so and
what was being done). Every answer carries ``status`` (``ok`` for ``castable`` and
``available``) and the request's ``id`` when it had one. ``tapwise.json_schema()`` is the JSON
Schema of every request and answer.
"""

from __future__ import annotations

from tapwise.models.answer import Answer, load_answer
from tapwise.models.mana import Kind, ManaCost, NotationError, Symbol, parse_cost
from tapwise.models.problem import Ability, Player, PoolMana, Problem, ProblemError, Source, load_problem
from tapwise.json_schema import json_schema
from tapwise.solver.pay import pay
from tapwise.interfaces.queries import answer_request as _answer_request
from tapwise.solver.prepared import Board, prepare


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
    "pay", "castable", "plan", "available", "prepare", "Board", "json_schema",
    "Problem", "Source", "Ability", "PoolMana", "Player", "load_problem", "ProblemError",
    "Answer", "load_answer",
    "ManaCost", "Symbol", "Kind", "parse_cost", "NotationError",
]
