"""Section 9 cases tapwise used to crash on or refuse (issue 38), each by the rule that defines it.

Expected values are worked by hand from the spec's rules (quoted in each test), never by calling
the solver; every paid answer also passes the independent verifier.
"""

from __future__ import annotations

import tapwise
from tapwise.models.problem import load_problem
from tapwise.solver.verify import verify


def answer_of(problem: dict) -> dict:
    answer = tapwise.pay(problem)
    if answer["status"] == "paid":
        assert verify(load_problem(problem), answer) == [], answer
    return answer


def storage(add: dict, effects: list[dict], cost: str, counters: int = 2) -> dict:
    return {"cost": cost, "effects": effects,
            "sources": [{"id": "vault", "abilities": [{"add": add, "times": {"remove": "storage"}}],
                         "counters": {"storage": counters}}]}


# -- 9.2 "times": {"remove": K} under 9.4 effects -------------------------------------------------


def test_9_2_remove_amount_of_any_color_under_a_multiply_effect_removes_one_counter():
    """9.2: each counter removed makes the amount once; 9.4 multiply 1 changes nothing: paying
    {W} removes one storage counter (the crash of issue 38)."""
    answer = answer_of(storage({"any_color": 1}, [{"kind": "multiply", "factor": 1}], "{W}"))
    assert answer["status"] == "paid"
    assert [(a["source"], a["adds"], a["times"], a.get("removed")) for a in answer["activations"]] == \
        [("vault", "{W}", 1, 1)]
    assert answer["objective"]["min_counters"] == 1


def test_9_2_remove_amount_of_one_color_doubled_by_9_4_pays_two_with_one_counter():
    """9.4 multiply 2 (106.12b): one counter removed makes {G}, doubled to {G}{G}."""
    answer = answer_of(storage({"one_color": 1}, [{"kind": "multiply", "factor": 2}], "{G}{G}"))
    assert answer["status"] == "paid"
    assert [(a["adds"], a["times"], a.get("removed")) for a in answer["activations"]] == [("{G}{G}", 1, 1)]
    assert answer["objective"]["min_counters"] == 1


def test_9_2_remove_amount_under_9_4_needs_two_counters_for_four_mana():
    """Two counters make two mana, doubled to four: {R}{R}{R}{R} removes both."""
    answer = answer_of(storage({"any_color": 1}, [{"kind": "multiply", "factor": 2}], "{R}{R}{R}{R}"))
    assert answer["status"] == "paid"
    assert [(a["adds"], a.get("removed")) for a in answer["activations"]] == [("{R}{R}{R}{R}", 2)]
    over = answer_of(storage({"any_color": 1}, [{"kind": "multiply", "factor": 2}], "{R}{R}{R}{R}{R}"))
    assert over["status"] == "infeasible"
