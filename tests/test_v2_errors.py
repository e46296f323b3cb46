"""No input gives a traceback (working rules): random version 2 problems with parts replaced by
wrong values (a string where a number goes, an object where a list goes, unknown facts), through
``pay``, ``available`` and ``plan``: every answer is a status (``error`` naming a field for bad
input), never an exception, and never the verifier's "internal error"."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings, strategies as st

from tapwise.models.problem import ProblemError

try:
    from strategies import v2_mixed_problems
    from test_against_reference import COMMON
except ImportError:  # tests/ imported as a package
    from tests.strategies import v2_mixed_problems
    from tests.test_against_reference import COMMON

WRONG = [None, -1, 0, 2.5, "x", "any", [], {}, {"fact": "nope"}, {"remove": "charge"}, True, [{"fact": "a"}],
         "chosen", [{"x": 1}]]
KEYS = ["times", "if", "unless", "counters", "sick", "zone", "facts", "counts", "sacrifice_other", "tap_other", "uses",
        "remove_counters", "put_counters", "discard", "drawback", "of", "n", "self", "types", "subtypes", "chosen",
        "hand", "library", "tags"]


def _mutate(obj, rng: random.Random, depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(obj, dict):
        if obj and rng.random() < 0.3:
            obj[rng.choice(sorted(obj))] = copy.deepcopy(rng.choice(WRONG))
        if rng.random() < 0.2:
            obj[rng.choice(KEYS)] = copy.deepcopy(rng.choice(WRONG))
        for value in list(obj.values()):
            _mutate(value, rng, depth + 1)
    elif isinstance(obj, list):
        for value in obj:
            _mutate(value, rng, depth + 1)


@settings(max_examples=300, **COMMON)
@given(v2_mixed_problems(), st.integers(0, 2**32 - 1))
def test_9_wrong_values_are_errors_never_tracebacks(problem, seed):
    import tapwise
    from tapwise.solver.queries.available import TooManyPools, available

    _mutate(problem, random.Random(seed))
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] in ("paid", "infeasible", "unpayable", "unknown", "error")
    assert "internal error" not in answer.get("error", "")
    board = {k: problem[k] for k in ("sources", "facts", "pool", "player", "hand", "graveyard", "library")
             if k in problem}
    for ask in (lambda: available(copy.deepcopy(board)),
                lambda: tapwise.plan(dict(copy.deepcopy(board), costs=[{"cost": "{1}"}]))):
        try:
            ask()
        except (ProblemError, TooManyPools):
            pass
