"""The boards ``pay()`` met lately, merged and compiled, for the next cost on the same board.

An engine calling ``tapwise.pay(problem)`` in a loop sends the same board again and again with
another cost. A prepared board (solver/queries/prepared.py) keeps what depends on the board alone; a
plain ``pay()`` call keeps the same here, found by what the loader made of the board: its
sources (the loader hands the same objects back for the same entries, models/intern.py's
``_SOURCES``, so they are found by identity, and kept alive with the entry so that no other
object takes their ``id``), the opponents' sources, the pool and the player. What is kept is
what a prepared board keeps, and the cost is compiled against it as a prepared board compiles
it (``CompiledBoard.with_cost``), so the answer is the same (tests/test_prepared.py compares the
two byte for byte). A board is kept the second time it is met: the first call on a board
compiles as before, since keeping it costs that call more than it saves (the solvers then work
out what the board's later costs reuse, ``Compiled.shared``).

Only version-1 problems without 9.3's keywords: section 9's keys (facts, effects, zones) and the
keywords read more of the problem, and go the whole way as before.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.problem import Problem
from tapwise.solver.contract import Compiled
from tapwise.solver.front.compile import compile_board, compile_problem
from tapwise.solver.front.merge import Merge

MAX_BOARDS = 2048
"""Boards kept at once (a table: emptied whole when full, models/caches.py)."""

# (sources, opponents' sources), once met; then also (members, merged sources, compiled board)
_Kept = tuple[Any, ...]
_BOARDS: dict[tuple, _Kept] = table(MAX_BOARDS)


def merged_and_compiled(prob: Problem) -> tuple[Merge, Compiled]:
    """``Merge(prob)`` and ``compile_problem`` of its problem, the board's part of both kept
    for the next cost on the same board."""
    if prob._v2 or prob.payment is not None:
        merge = Merge(prob)
        return merge, compile_problem(merge.problem)
    key = (tuple(map(id, prob.sources)), tuple(map(id, prob.opponent_sources)), prob.pool,
           prob.player)
    kept = _BOARDS.get(key)
    if kept is None or len(kept) == 2:
        merge = Merge(prob)
        # met once: compiled as ever (a board kept costs a first call about 8% more)
        if kept is None:
            remember(_BOARDS, key, (prob.sources, prob.opponent_sources), MAX_BOARDS)
            return merge, compile_problem(merge.problem)
        board = compile_board(merge.problem)  # met again: kept
        remember(_BOARDS, key, (prob.sources, prob.opponent_sources, merge.members,
                                merge.problem.sources, board),
                 MAX_BOARDS)
        return merge, board.with_cost(merge.problem)
    merge = Merge.given(prob, kept[2], kept[3])
    return merge, kept[4].with_cost(merge.problem)
