"""The plain lane's answer writer (solver/queries/lane_answer.py, issue 43) and its pool.

``LanePool`` keeps a lane board's runs per kind in lists and C integers where build's
``ManaPool`` keeps a dict per run, and writes each payment's mana grouped; taken the same way,
both must give the same mana once build's is grouped (``group_mana``, as ``group_answer`` does),
the same types spent and the same mana left, in the same order. And the lane's whole answer
must be the usual path's with its keys in the same order (tests/test_plain_lane.py compares
them with sorted keys): ``json.dumps`` without ``sort_keys``.
"""

from __future__ import annotations

import copy
import json
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tapwise.solver.queries.pay as pay_module
from tapwise.solver.answer.pool import ManaPool, _add_runs, group_mana
from tapwise.solver.answer.order import FEW, in_order
from tapwise.solver.queries import plain_lane
from tapwise.solver.queries.lane_answer import LanePool
from tapwise.solver.queries.pay import pay

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TYPES = "WUBRGC"
ALL = 2**62


def _pools(order: str, runs: list[tuple[int, str, int, int]]) -> tuple[ManaPool, LanePool]:
    """Build's pool and the lane's over kinds one per type of ``order`` (as the lane's boards
    have them), filled with the same runs: (kind, source, units per activation, times)."""
    c = SimpleNamespace(kinds=[SimpleNamespace(type=t) for t in order],
                        problem=SimpleNamespace(pool=()))
    kind_of_type = {t: k for k, t in enumerate(order)}
    build, lane = ManaPool(c), LanePool()
    for k, source, per, times in runs:
        units = tuple((order[k], order[k], False) for _ in range(per))
        _add_runs(build.queues, units, kind_of_type, source, times)
        lane.add_units(units, kind_of_type, source, times)
    return build, lane


@st.composite
def pools_and_takes(draw: Any) -> tuple[str, list, list]:
    order = "".join(draw(st.permutations(TYPES))[:draw(st.integers(1, 6))])
    runs = draw(st.lists(st.tuples(st.integers(0, len(order) - 1), st.sampled_from("abc"),
                                   st.integers(1, 2), st.integers(1, 4)), min_size=1,
                         max_size=8))
    left = [0] * len(order)
    for k, _, per, times in runs:
        left[k] += per * times
    takes = []  # (flows, units, n), each within what is left; n == 0: build's take(flows, ALL)
    for _ in range(draw(st.integers(1, 4))):
        flows = {}
        for k in draw(st.lists(st.integers(0, len(order) - 1), max_size=3, unique=True)):
            if left[k]:
                flows[k] = draw(st.integers(0, left[k]))
                left[k] -= flows[k]
        total = sum(flows.values())
        if draw(st.booleans()) or not total:
            takes.append((flows, 0, 0))
        else:
            units = draw(st.sampled_from([d for d in range(1, total + 1) if total % d == 0]))
            takes.append((flows, units, total // units))
    return order, runs, takes


@settings(max_examples=300, **COMMON)
@given(pools_and_takes())
def test_the_lane_pool_takes_as_builds_pool_grouped(case):
    order, runs, takes = case
    build, lane = _pools(order, runs)
    for flows, units, n in takes:
        spent_build: set[str] = set()
        spent_lane: set[str] = set()
        if not n:
            expected = [group_mana(build.take(flows, ALL, spent_build))]
            got = [lane.take(flows, ALL, spent_lane)]
        else:
            expected = [group_mana(m) for m in build.take_each(flows, units, n, spent_build)]
            got = lane.take_each(flows, units, n, spent_lane)
        assert json.dumps(got) == json.dumps(expected), (flows, units, n)
        assert spent_lane == spent_build
    assert json.dumps(lane.left_counts()) == json.dumps(build.left_counts())
    assert lane.left() == build.left()


def test_a_run_split_over_payments_is_one_entry_each():
    # three Plains tapped at once (one run of 3) pay {W}{W} and then {1}: build's pool cuts the
    # run into pieces, one per payment; a Sol Ring's {C}{C} (two runs) pays {2} as one entry
    build, lane = _pools("WC", [(0, "Plains", 1, 3), (1, "Sol Ring", 2, 1)])
    assert lane.take_each({0: 2}, 1, 2) == [[{"type": "W", "source": "Plains"}]] * 2
    assert lane.take({0: 1, 1: 2}, ALL) == [{"type": "W", "source": "Plains"},
                                            {"type": "C", "source": "Sol Ring", "count": 2}]
    assert lane.left_counts() == {} and lane.left() == []


def _full(problem: dict[str, Any]) -> dict[str, Any]:
    lane = pay_module.plain_answer
    pay_module.plain_answer = lambda request: None
    try:
        return pay(copy.deepcopy(problem))
    finally:
        pay_module.plain_answer = lane


LANDS = [{"id": "Plains", "count": 3, "abilities": [{"add": "{W}"}]},
         {"id": "Island", "count": 2, "abilities": [{"add": "{U}"}]},
         {"id": "Tundra", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]},
         {"id": "Sol Ring", "abilities": [{"add": "{C}{C}"}]},
         {"id": "Rakdos", "count": 2, "abilities": [{"add": "{B/R}"}]},
         {"id": "Twin", "abilities": [{"add": ["{G}{W}", "{W}{G}"]}]}]


def test_the_lanes_answer_has_the_usual_paths_keys_in_order():
    # generic from several kinds, hybrid halves, Phyrexian life, a flexible unit split (build's
    # replay), mana left listed and (past 64) only counted, more than 64 payments (grouped)
    costs = ["{3}{W}{U}", "{W/U}{W/U}{C}", "{W/P}{U/P}{1}", "{B}{R}", "{G}{W}{4}", "{W}"]
    problems = [{"cost": cost, "sources": LANDS} for cost in costs]
    problems.append({"cost": "{W}", "sources": [{"id": "Forest", "count": 100,
                                                 "abilities": [{"add": "{G}"}]},
                                                {"id": "Plains", "abilities": [{"add": "{W}"}]}]})
    problems.append({"cost": "{G}" * 70 + "{W}", "sources": [
        {"id": "Forest", "count": 80, "abilities": [{"add": "{G}"}]},
        {"id": "Plains", "abilities": [{"add": "{W}"}]}]})
    for problem in problems:
        got = plain_lane.answer(copy.deepcopy(problem))
        assert got is not None, problem["cost"]
        assert json.dumps(got) == json.dumps(_full(problem)), problem["cost"]


@settings(max_examples=200, **COMMON)
@given(st.integers(2, 3).flatmap(lambda width: st.lists(
    st.tuples(*[st.integers(-1, 3)] * width), unique=True, max_size=2 * FEW)))
def test_count_keys_in_order_as_sorted_puts_them(keys):
    # the writers' order of a solution's keys: (demand, option), (producer, level, choice)
    d = dict.fromkeys(keys, 0)
    assert in_order(d) == sorted(keys)
