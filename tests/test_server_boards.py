"""The server keeps the boards it is asked prepared (interfaces/boards.py), and answers as ``pay``.

Contract: ``answer_request(request, boards=True)`` (what the JSON-lines server calls) gives, byte
for byte, the answer ``answer_request(request)`` gives, for every request: valid or not, asked
once or again (the second time from a prepared board), with ``keep`` (spec 9.5) or not. The memo
is bounded and registered with the others (models/caches.py).
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings

from tapwise.benchmarks.fuzz import mutations
from tapwise.benchmarks.generators import generate
from tapwise.benchmarks.search_loop import board_and_cost
from tapwise.interfaces import boards
from tapwise.interfaces.queries import answer_request
from tapwise.interfaces.server import serve_stream
from tapwise.models import caches

try:
    from strategies import mixed_problems
except ImportError:  # tests/ imported as a package
    from tests.strategies import mixed_problems


def _same_twice(request) -> None:
    """Asked twice (the second time the board is prepared), the kept-board answer is pay()'s."""
    want = json.dumps(answer_request(copy.deepcopy(request)))
    for _ in range(2):
        got = json.dumps(answer_request(copy.deepcopy(request), boards=True))
        assert got == want, json.dumps(request)[:2000]


@settings(max_examples=200, derandomize=True, deadline=None, database=None, print_blob=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(mixed_problems())
def test_kept_boards_answer_as_pay_on_random_problems(problem):
    _same_twice(problem)


def test_kept_boards_answer_as_pay_on_mutated_requests():
    """Broken boards, broken costs, unknown keys, odd values: each answered as pay() answers it."""
    for request in mutations(400, 7):
        _same_twice(request)


def test_one_board_asked_many_costs_in_a_row():
    """A search loop: each board asked its own cost and others' (some unpayable), with ids."""
    rng = random.Random(3)
    problems = [board_and_cost(1, i) for i in range(60)] + [(_board(p), _cost(p)) for p in generate("typical", 3, 30)]
    for board, cost in problems:
        for n in range(5):
            asked = cost if n == 0 else rng.choice(problems)[1]
            _same_twice({**asked, **board, "id": n, "query": "pay"})


def _board(problem: dict) -> dict:
    return {k: v for k, v in problem.items() if k in ("sources", "pool", "player", "opponent_sources")}


def _cost(problem: dict) -> dict:
    return {k: v for k, v in problem.items() if k not in ("sources", "pool", "player", "opponent_sources")}


def test_keep_on_a_kept_board_is_pay():
    """Spec 9.5's example asked again: two Forests and two Swamps pay {1}{G} keeping {B}{B} open
    (both Forests pay), from the prepared board as from pay()."""
    request = {"cost": "{1}{G}", "keep": [{"cost": "{B}{B}"}],
               "sources": [{"name": "Forest", "count": 2}, {"name": "Swamp", "count": 2}]}
    _same_twice(request)
    answer = answer_request(copy.deepcopy(request), boards=True)
    assert answer["kept"] == [0]
    assert [a["source"] for a in answer["activations"]] == ["Forest"]


def test_castable_from_a_kept_board_is_castable():
    board, _ = board_and_cost(1, 5)
    request = {"query": "castable", **board, "costs": [{"cost": "{1}"}, {"cost": "{W}{U}{B}{R}{G}"}, {"cost": 7}]}
    _same_twice(request)


def test_the_memo_is_bounded_registered_and_emptied():
    caches.clear()
    for i in range(3 * boards.MAX_BOARDS):
        board, cost = board_and_cost(2, i)
        for _ in range(2):
            answer_request({**cost, **board}, boards=True)
        assert len(boards._BOARDS) <= boards.MAX_BOARDS
    assert boards._BOARDS in [t for t, _ in caches._TABLES]
    assert any(isinstance(b, boards.Board) for b in boards._BOARDS.values())
    caches.clear()
    assert not boards._BOARDS


def test_the_server_answers_from_kept_boards():
    import io

    board, cost = board_and_cost(1, 9)
    lines = b"".join(json.dumps({**cost, **board, "id": i}).encode() + b"\n" for i in range(4))
    out = io.StringIO()
    assert serve_stream(io.BytesIO(lines), out) == 4
    want = json.dumps(answer_request({**cost, **board, "id": 3}))
    assert out.getvalue().splitlines()[3] == want
    assert any(isinstance(b, boards.Board) for b in boards._BOARDS.values())
