"""Seeded random problems against the brute-force references, shared by the tests of tapwise's
format extensions (test_only_extensions, test_times_up_to, test_each_color, test_not_generic)."""

from __future__ import annotations

import copy
import json
import random
from typing import Callable

from reference.available_brute import TooBig, brute_available
from tapwise.solver.queries.available import available
from test_against_reference import check_against_reference
from test_v2_effects import PROBLEM_SCHEMA


def check_pay(make: Callable[[random.Random], dict], seed: int, n: int) -> None:
    """``n`` problems from ``make``: each valid by the schema, and ``pay`` agrees with the reference."""
    r = random.Random(seed)
    for _ in range(n):
        problem = make(r)
        assert PROBLEM_SCHEMA.is_valid(problem), problem
        check_against_reference(problem)


def check_available(make_board: Callable[[random.Random], dict], seed: int, n: int, minimum: int) -> None:
    """``n`` boards from ``make_board``: ``available`` lists the reference's pools, on at least
    ``minimum`` of them (the others too big for the reference)."""
    r = random.Random(seed)
    compared = 0
    for _ in range(n):
        board = make_board(r)
        try:
            expected = brute_available(copy.deepcopy(board), max_states=20_000)
        except TooBig:
            continue
        got = available(copy.deepcopy(board))
        key = lambda p: json.dumps(p, sort_keys=True)  # noqa: E731
        assert sorted(got["pools"], key=key) == sorted(expected["pools"], key=key), json.dumps(board)
        compared += 1
    assert compared >= minimum
