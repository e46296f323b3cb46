"""tapwise: pay Magic: The Gathering costs exactly, or say exactly why they can't be paid.

Every entry point speaks the JSON of ``problem.md``; the typed values of :mod:`tapwise.models`
are that same format, loaded. The functions here are the public API::

    import tapwise
    answer = tapwise.pay({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]})
    answer["status"]                      # 'paid'

``pay`` pays one cost; ``castable`` asks several costs of one board, each on its own; ``plan``
pays several one after another this turn; ``available`` lists the mana pools a board can make.
Each returns the answer of the spec as a dict, and never raises on bad input: the answer is then
``{"status": "error", "error": "<the field and the problem>"}``.
"""

from __future__ import annotations

from tapwise.models.answer import Answer, load_answer
from tapwise.models.mana import Kind, ManaCost, NotationError, Symbol, parse_cost
from tapwise.models.problem import Ability, Player, PoolMana, Problem, ProblemError, Source, load_problem
from tapwise.solver.available import available
from tapwise.solver.castable import castable
from tapwise.solver.pay import pay
from tapwise.solver.plan import plan
from tapwise.solver.prepared import Board, prepare

__all__ = [
    "pay", "castable", "plan", "available", "prepare", "Board",
    "Problem", "Source", "Ability", "PoolMana", "Player", "load_problem", "ProblemError",
    "Answer", "load_answer",
    "ManaCost", "Symbol", "Kind", "parse_cost", "NotationError",
]
