"""9.2 amounts read from counters, as issue 38 asked: the amount is read as the ability resolves,
its costs paid (602.2b, 608.2h), so a {T} ability that puts or removes the kind it counts reads
the counters after; without {T}, a ``remove`` amount whose cost removes the same kind shares the
copy's counters with it. Each answer worked by hand, checked by the verifier and by the
brute-force reference (tests/reference/brute.py, which tracks each copy's counters)."""

from __future__ import annotations

import copy

import pytest

import tapwise
from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import verify
from reference.brute import brute_pay


def _status(problem: dict) -> str:
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] == brute_pay(copy.deepcopy(problem))["status"], answer
    if answer["status"] == "paid":
        assert verify(load_problem(copy.deepcopy(problem)), answer) == []
    return answer["status"]


def _source(counters: dict, ability: dict) -> dict:
    return {"id": "x", "types": ["artifact"], "counters": counters, "abilities": [ability]}


def test_608_2h_a_counted_amount_is_read_after_the_cost_removed_one() -> None:
    """{T}, remove a charge counter: add {G} for each charge counter. Two counters: one is gone
    when it is counted: {G}, never {G}{G} (main counted before the cost: {G}{G})."""
    src = _source({"charge": 2}, {"add": "{G}", "remove_counters": {"charge": 1},
                                  "times": {"counters": "charge"}})
    assert _status({"cost": "{G}", "sources": [src]}) == "paid"
    assert _status({"cost": "{G}{G}", "sources": [src]}) == "infeasible"


def test_608_2h_a_counted_amount_is_read_after_the_cost_put_one() -> None:
    """{T}, put a charge counter: add {G} for each charge counter. Two counters, three when
    counted: {G}{G}{G}, not four (main refused it)."""
    src = _source({"charge": 2}, {"add": "{G}", "put_counters": {"charge": 1},
                                  "times": {"counters": "charge"}})
    assert _status({"cost": "{G}{G}{G}", "sources": [src]}) == "paid"
    assert _status({"cost": "{G}" * 4, "sources": [src]}) == "infeasible"


def test_9_2_a_remove_amount_may_take_the_counter_its_cost_put() -> None:
    """{T}, put a storage counter, remove any number of storage counters: add {C} that many
    times plus one. Two counters, three after the cost: {C}x4 with 3 removed; {C}x5 infeasible."""
    src = _source({"storage": 2}, {"add": "{C}", "put_counters": {"storage": 1},
                                   "times": {"remove": "storage", "plus": 1}})
    answer = tapwise.pay({"cost": "{C}" * 4, "sources": [src]})
    assert answer["activations"][0]["removed"] == 3 and _status({"cost": "{C}" * 4,
                                                                  "sources": [src]}) == "paid"
    assert _status({"cost": "{C}" * 5, "sources": [src]}) == "infeasible"


@pytest.mark.parametrize("uses", [2, "any"])
def test_9_2_without_tap_cost_and_remove_amount_share_the_copys_counters(uses) -> None:
    """No {T}, remove a storage counter, then remove any number: add {C} that many times plus
    one. Five counters: n activations take n + (r1 + ... + rn) <= 5 counters and make
    (r1 + 1) + ... + (rn + 1) = the same number: {C}x5 is paid (one activation: 1 + 4), {C}x6 is
    not (main refused it; counted apart, the budget would allow 1 + 4 + ... more)."""
    src = _source({"storage": 5}, {"add": "{C}", "tap": False, "uses": uses,
                                   "remove_counters": {"storage": 1},
                                   "times": {"remove": "storage", "plus": 1}})
    assert _status({"cost": "{C}" * 5, "sources": [src]}) == "paid"
    assert _status({"cost": "{C}" * 6, "sources": [src]}) == "infeasible"


@pytest.mark.parametrize("ability,count,field,words", [
    ({"add": "{C}", "put_counters": {"charge": 1}, "remove_counters": {"charge": 1}}, 1,
     "sources[0].abilities[0]", "the order they are paid in is the player's"),
    ({"add": "{C}", "tap": False, "remove_counters": {"charge": 1},
      "times": {"counters": "charge"}}, 1, "sources[0].abilities[0]", "each activation reads"),
    ({"add": "{C}", "tap": False, "times": {"remove": "charge"}}, 2, "sources[0].count",
     "give each copy as a source of its own"),
])
def test_9_2_what_stays_refused_says_why(ability, count, field, words) -> None:
    """Kept refusals (docs/format-v2.md): each names its field and why."""
    answer = tapwise.pay({"cost": "{C}", "sources": [{**_source({"charge": 2}, ability),
                                                      "count": count}]})
    assert answer["status"] == "error" and answer["error"].startswith(field + ":"), answer
    assert words in answer["error"]


def test_9_5_plan_and_keep_see_the_counters_cost_and_amount_took() -> None:
    """The storage land above (no {T}, five counters, remove one, then any number: plus one):
    paying {C}{C} takes two counters at least (1 + 1), so three are left: {C}{C}{C} is still
    payable, {C}x4 is not (plan in the given order; keep, 9.5); available: {C}x5."""
    src = _source({"storage": 5}, {"add": "{C}", "tap": False, "uses": "any",
                                   "remove_counters": {"storage": 1},
                                   "times": {"remove": "storage", "plus": 1}})
    for third, paid in (("{C}" * 3, [0, 1]), ("{C}" * 4, [0])):
        answer = tapwise.plan({"sources": [src], "order": "given",
                               "costs": [{"cost": "{C}{C}"}, {"cost": third}]})
        assert answer["paid"] == paid
        kept = tapwise.pay({"sources": [src], "cost": "{C}{C}", "keep": [{"cost": third}]})
        assert kept["kept"] == ([0] if len(paid) == 2 else [])
    # available: one activation (1 + 4) or more (n + r1 + ... <= 5) make {C} x5 at most
    answer = tapwise.available({"sources": [src]})
    assert [{k: v for k, v in p.items() if v} for p in answer["pools"]] == [{"C": 5}]
