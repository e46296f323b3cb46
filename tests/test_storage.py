"""Storage lands without {T} (9.2 ``times: {"remove": K}`` on an ability that doesn't tap): Calciform
Pools' "{1}, Remove X storage counters from this land: Add X mana in any combination of {W} and/or
{U}" may be activated several times, all of them together removing at most the counters the copy
has (a counter budget). Exact for one copy; several copies are refused on ``count``. Checked
against the brute-force reference on random small boards."""

from __future__ import annotations

import copy
import random

import pytest

import tapwise
from tapwise.models.cards.catalog import lookup_card

try:
    from test_against_reference import check_against_reference
except ImportError:  # tests/ imported as a package
    from tests.test_against_reference import check_against_reference


def pools(counters: int, sid: str = "pools", of: str = "WU", plus: int = 0) -> dict:
    times: dict = {"remove": "storage"}
    if plus:
        times["plus"] = plus
    return {"id": sid, "counters": {"storage": counters},
            "abilities": [{"add": "{C}"}, {"add": {"any_color": 1, "of": of}, "tap": False,
                           "mana": "{%d}" % (1 + plus), "uses": "any", "times": times}]}


def removed(answer: dict) -> int:
    return sum(a.get("removed", 0) * a["times"] for a in answer["activations"])


def test_9_2_storage_land_without_tap_removes_only_what_it_needs():
    answer = tapwise.pay({"cost": "{W}{U}", "sources": [pools(3), {"name": "Plains"}]})
    assert answer["status"] == "paid" and removed(answer) == 1 and answer["counters_removed"] == 1


def test_9_2_storage_land_may_tap_for_its_own_activation():
    # {T}: Add {C} pays the {1} of "{1}, Remove X storage counters": three counters make {U}{U}{U}.
    answer = tapwise.pay({"cost": "{W}{U}{U}{U}", "sources": [pools(3), {"name": "Plains"}]})
    assert answer["status"] == "paid" and removed(answer) == 3


def test_9_2_the_counters_are_a_budget_for_all_activations():
    # Two activations can't remove more than the three counters together.
    board = [pools(3), {"name": "Plains", "count": 3}]
    assert tapwise.pay({"cost": "{U}{U}{U}", "sources": board})["status"] == "paid"
    answer = tapwise.pay({"cost": "{U}{U}{U}{U}", "sources": board})
    assert answer["status"] == "infeasible"


def test_several_copies_are_refused_on_count():
    answer = tapwise.pay({"cost": "{U}", "sources": [{**pools(2), "count": 2}, {"name": "Plains"}]})
    assert answer["status"] == "error" and answer["error"].startswith("sources[0].count:")
    pools_by_name = {**lookup_card("Calciform Pools"), "counters": {"storage": 2}, "count": 2}
    assert tapwise.pay({"cost": "{U}", "sources": [pools_by_name]})["error"].startswith("sources[0].count:")


def test_the_library_reads_calciform_pools_and_it_pays():
    source = {**lookup_card("Calciform Pools"), "counters": {"storage": 2}, "id": "pools"}
    answer = tapwise.pay({"cost": "{W}{U}", "sources": [source, {"name": "Island"}]})
    assert answer["status"] == "paid" and removed(answer) == 1


def test_available_answers_it():
    # its own {C} pays its {1}: both counters make {W}{W}, {W}{U} or {U}{U}; or the {C} is kept
    # (tests/test_available_effects.py compares random boards with the reference)
    answer = tapwise.available({"sources": [pools(2)]})
    shown = sorted(tuple(sorted((k, v) for k, v in p.items() if v)) for p in answer["pools"])
    assert shown == [(("C", 1),), (("U", 1), ("W", 1)), (("U", 2),), (("W", 2),)]


def test_a_zero_plus_that_pays_for_itself_is_refused():
    free = pools(2)
    free["abilities"][1].pop("mana")
    free["abilities"][1]["times"]["plus"] = 1
    answer = tapwise.pay({"cost": "{U}", "sources": [free]})
    assert answer["status"] == "error" and "times" in answer["error"]


_OTHERS = [
    {"name": "Plains"}, {"name": "Island"}, {"name": "Swamp"},
    {"abilities": [{"add": ["{W}", "{U}"]}]},
    {"types": ["artifact"], "abilities": [{"add": "{C}{C}"}]},
    {"types": ["artifact"], "abilities": [{"add": "{W}{U}", "mana": "{1}"}]},
    {"types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]},
]
_COSTS = ["{U}", "{W}{U}", "{1}{U}", "{U}{U}", "{2}{W}", "{W}{U}{U}", "{1}{W}{W}", "{3}", "{U}{U}{U}",
          "{2}{W}{U}", "{X}{U}", "{B}{U}", "{C}{U}", "{W/U}{W/U}", "{U/P}{W}"]
_OBJECTIVES = [None, None, ["min_waste"], ["min_counters", "min_sources"], ["min_sources", "min_waste"],
               ["max_colors"], ["min_colors", "min_waste"]]


def random_problem(rng: random.Random) -> dict:
    sources = []
    # One storage land: two make the reference's search of every order of activations too slow.
    sources.append(pools(rng.randint(0, 3), "pools", rng.choice(["WU", "UB", "WU"]), rng.choice([0, 0, 0, 1])))
    for k in range(rng.randint(0, 2)):
        other = copy.deepcopy(rng.choice(_OTHERS))
        other["id"] = f"s{k}"
        if rng.random() < 0.2:
            other["count"] = 2
        if rng.random() < 0.1:
            other["tapped"] = True
        sources.append(other)
    rng.shuffle(sources)
    problem: dict = {"cost": rng.choice(_COSTS), "sources": sources}
    if "{X}" in problem["cost"]:
        problem["x"] = rng.choice([0, 1])
    objective = rng.choice(_OBJECTIVES)
    if objective:
        problem["objective"] = objective
    if rng.random() < 0.2:
        problem["pool"] = [rng.choice(["{C}", "{W}", "{U}"])]
    if "{U/P}" in problem["cost"]:
        problem["player"] = {"life": rng.choice([1, 2, 20])}
    return problem


@pytest.mark.parametrize("seed", range(2))  # 800 boards in CI (2,000 when written: 0 disagreements)
def test_storage_without_tap_against_reference(seed):
    rng = random.Random(1000 + seed)
    for _ in range(400):
        check_against_reference(random_problem(rng))
