"""What ``pay()`` and a prepared board reuse between calls (issue 22) changes no answer.

- a prepared question keeps its last answer and hands out a copy when the solver finds the same
  solution again (solver/queries/pay.py ``Kept``): every answer is the same, and nothing the caller does
  to one answer reaches the next;
- ``pay()`` keeps the boards it met merged and compiled (solver/front/boards.py): calling it again on
  the same board, with the same or another cost, answers as the first call did.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings

import tapwise
from tapwise.benchmarks.generators import generate
from tapwise.benchmarks.search_loop import board_and_cost
import tapwise.models.caches as caches
from tapwise.models.problem import BOARD_KEYS, ProblemError
from tapwise.solver.answer.reuse import copy_shaped, shape_of

try:
    from strategies import mixed_problems
except ImportError:  # tests/ imported as a package
    from tests.strategies import mixed_problems

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            _containers(v, out)
    return out


def _spoil(answer: dict) -> None:
    """What a caller might do to an answer it was given: change every container in it."""
    for c in _containers(answer, []):
        if isinstance(c, dict):
            c["spoiled"] = True
        else:
            c.append("spoiled")


def test_copy_shaped_shares_nothing_and_equals_the_original():
    for i in range(30):
        board, cost = board_and_cost(2, i)
        answer = tapwise.pay({**cost, **board, "id": i})
        copied = copy_shaped(answer, shape_of(answer))
        assert json.dumps(copied) == json.dumps(answer)
        ids = {id(c) for c in _containers(answer, [])}
        assert not ids & {id(c) for c in _containers(copied, [])}


def test_a_kept_answer_is_handed_out_as_a_fresh_copy():
    """Asked again, a board answers the same, even after the caller spoiled the last answer."""
    for i in range(40):
        board, cost = board_and_cost(3, i)
        prepared = tapwise.prepare(copy.deepcopy(board))
        want = json.dumps(tapwise.pay({**cost, **board}))
        for _ in range(3):
            got = prepared.pay(dict(cost))
            assert json.dumps(got) == want
            _spoil(got)


def test_pay_answers_the_same_board_the_same_way_every_time():
    """Repeated calls on one board (the loader hands back the same sources from the third on)
    with several costs: each answer as a fresh board's."""
    problems = [{**board_and_cost(4, i)[1], **board_and_cost(4, 0)[0]} for i in range(20)]
    problems += list(generate("typical", 7, 30))
    want = [json.dumps(tapwise.pay(copy.deepcopy(p))) for p in problems]
    for _ in range(3):
        for p, w in zip(problems, want):
            answer = tapwise.pay(copy.deepcopy(p))
            assert json.dumps(answer) == w
            _spoil(answer)
    assert caches.clear() is None  # emptied, the boards are compiled again: still the same
    assert [json.dumps(tapwise.pay(copy.deepcopy(p))) for p in problems] == want


@settings(max_examples=150, **COMMON)
@given(mixed_problems())
def test_pay_again_and_prepared_again_answer_as_the_first_call(problem):
    want = json.dumps(tapwise.pay(copy.deepcopy(problem)))
    for _ in range(3):
        assert json.dumps(tapwise.pay(copy.deepcopy(problem))) == want
    board = {k: v for k, v in problem.items() if k in BOARD_KEYS}
    cost = {k: v for k, v in problem.items() if k not in BOARD_KEYS}
    try:
        prepared = tapwise.prepare(copy.deepcopy(board))
    except ProblemError:
        return
    for _ in range(3):
        got = prepared.pay(copy.deepcopy(cost))
        assert json.dumps(got) == want
        _spoil(got)
