"""One deadline per request (solver/deadline.py): nested requests take the sooner deadline;
castable and plan share one top-level ``time_limit``; a step reached after the deadline does
not start (the explanation's core search, a castable's later costs, a plan's model). Timings
are never asserted: a deadline already past is set with ``started`` in the past."""

from __future__ import annotations

import time

import pytest

import tapwise
from tapwise.benchmarks.generators import generate
import tapwise.solver.deadline as deadlines
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.answer.explain import _from_core
from tapwise.models.loader import load_problem

BOARD = {"sources": [{"name": "Forest", "count": 3}, {"name": "Island"}, {"name": "Sol Ring"}]}
PAST = -100.0  # seconds: a request "started" this long ago is past any limit used here


def test_nested_request_takes_the_sooner_deadline() -> None:
    assert deadlines.current() is None and deadlines.left(5.0) == 5.0 and not deadlines.passed()
    with deadlines.request(1000.0) as outer:
        with deadlines.request(2000.0) as inner:
            assert inner == outer
        with deadlines.request(1.0) as inner:
            assert inner < outer
            assert deadlines.left(1e9) <= 1.0
        assert deadlines.current() == outer
    assert deadlines.current() is None
    with deadlines.request(1.0, started=time.monotonic() + PAST):
        assert deadlines.passed() and deadlines.left(3.0) == 0.0


@pytest.mark.parametrize("value, problem", [(0, "above 0"), (-1, "above 0"), (True, "above 0"), ("1", "above 0"),
                                            (1e9, "at most 86400")])
def test_top_level_time_limit_is_checked(value: object, problem: str) -> None:
    for query in (tapwise.castable, tapwise.plan):
        answer = query({**BOARD, "costs": [{"cost": "{G}"}], "time_limit": value})
        assert answer["status"] == "error" and answer["error"].startswith("time_limit:") and problem in answer["error"]


def test_castable_costs_after_its_deadline_are_not_tried() -> None:
    costs = [{"cost": "{G}"}, {"cost": "{U}"}, {"cost": "{2}{G}"}]
    with deadlines.request(1.0, started=time.monotonic() + PAST):
        answer = tapwise.castable({**BOARD, "costs": costs})
    assert [r["status"] for r in answer["results"]] == ["unknown"] * 3
    assert all(r["why"].startswith("not tried: the castable's time limit of 10 s") for r in answer["results"])
    ontime = tapwise.castable({**BOARD, "costs": costs, "time_limit": 60})
    assert [r["status"] for r in ontime["results"]] == ["paid"] * 3
    assert tapwise.prepare(BOARD).castable(costs, time_limit=60) == ontime


def test_castable_costs_share_the_deadline_with_their_own_limits() -> None:
    """Inside the castable's deadline each cost's own time_limit still applies: the answers are
    those of pay() on each cost."""
    costs = [{"cost": "{G}", "time_limit": 0.5}, {"cost": "{1}{U}", "time_limit": 30}]
    answer = tapwise.castable({**BOARD, "costs": costs, "time_limit": 60})
    assert answer["results"] == [tapwise.pay({**BOARD, **c}) for c in costs]


def test_plan_past_its_deadline_builds_no_model() -> None:
    with deadlines.request(1.0, started=time.monotonic() + PAST):
        answer = tapwise.plan({**BOARD, "costs": [{"cost": "{G}"}, {"cost": "{U}"}], "order": "any"})
    assert answer["status"] == "unknown" and "time limit" in answer["why"]
    assert tapwise.plan({**BOARD, "costs": [{"cost": "{G}"}, {"cost": "{U}"}], "order": "any"})["paid"] == [0, 1]


def test_explanation_past_the_deadline_searches_no_core() -> None:
    c = compile_problem(load_problem({"cost": "{U}{U}", **BOARD}))
    with deadlines.request(1.0, started=time.monotonic() + PAST):
        late = _from_core(c)
    assert late["conflict"] == [] and "time limit was spent" in late["why"]
    assert _from_core(c)["conflict"]  # with time, the core names the symbols


def test_pay_past_its_deadline_still_answers_and_verifies() -> None:
    """A payable problem whose time is spent before CP-SAT starts still gets a verified payment
    (the last try) or unknown, never an error; with time the same problems are paid."""
    problems = list(generate("rich", seed=7, n=12, min_copies=20, max_copies=40))
    for p in problems:
        full = tapwise.pay(p)
        with deadlines.request(1.0, started=time.monotonic() + PAST):
            late = tapwise.pay(p)
        assert late["status"] in ("paid", "unknown", "infeasible"), late
        if late["status"] == "paid":
            assert full["status"] == "paid"
            if not late["optimal"]:
                assert set(late["objective"]) == set(full["objective"])
        elif late["status"] == "infeasible":
            assert full["status"] == "infeasible"


def test_overrun_benchmark_runs_reduced() -> None:
    from tapwise.benchmarks.deadline_overrun import run

    rows = run(1, [0.05], seed=3, kinds=("pay", "castable", "plan"))
    assert [r["kind"] for r in rows] == ["pay", "castable", "plan"]
    assert all(r["n"] == 1 and sum(r["statuses"].values()) == 1 for r in rows)
