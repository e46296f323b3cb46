"""tapwise's extension of a spend restriction: ``only.has_c`` (the cost paid contains {C}, as
``has_x`` says of {X}: Cultivator Drone's "or pay a cost that contains {C}"), by rule, through
both verifiers, and against the brute-force reference (``tests/reference/brute.py``: its own
matcher and its own reading of the cost) on seeded random small problems, on the fast path and
on CP-SAT alone."""

from __future__ import annotations

import copy
import random

import pytest

import tapwise
from random_checks import check_pay
from test_v2_effects import PROBLEM_SCHEMA
from tapwise.models.loader import load_problem
from tapwise.solver.verify import plain
from tapwise.solver.verify.replay import verify

DRONE = {"id": "drone", "types": ["creature"], "abilities": [{"add": "{C}", "only": {"has_c": True}}]}


def _status(cost: str = "{1}{C}", **more) -> str:
    """Drone and one Island: a two-mana cost is paid only if the Drone's {C} may pay it."""
    problem = {"cost": cost, "sources": [DRONE, {"name": "Island"}], **more}
    assert PROBLEM_SCHEMA.is_valid(problem)
    return tapwise.pay(problem)["status"]


def test_107_4c_mana_for_costs_that_contain_c_pays_any_part_of_them():
    assert _status("{1}{C}") == "paid"
    assert _status("{U}{C}") == "paid"
    assert _status("{1}{U}") == "infeasible"  # no {C} in the cost: the Drone's mana can't pay {1}
    assert _status("{1}{U}", **{"for": {"kind": "ability"}}) == "infeasible"
    assert _status("{1}{C}", **{"for": {"kind": "ability"}}) == "paid"  # any cost: spell or ability


def test_601_2f_the_cost_paid_is_the_total_cost():
    assert _status("{1}", additional=["{C}"]) == "paid"  # additional costs are paid too
    assert _status("{1}", increase=["{C}"]) == "paid"
    assert _status("{1}{C}", alternative="{1}{U}") == "infeasible"  # 118.9: paid instead of cost
    assert _status("{1}{U}", alternative="{1}{C}") == "paid"
    # 118.7d: a {C} reduction takes the {C} away; what is left ({1}{C} from {C}{C}{1}) keeps one
    assert _status("{1}{C}{U}", reduce=["{C}"]) == "infeasible"
    assert _status("{1}{C}{C}", reduce=["{C}"]) == "paid"
    # with `free` the player may pay {0} instead of the alternative: the format's context is the
    # one every choice shares, so it holds no {C} (narrower than the card, never wider)
    assert load_problem({"cost": "{5}", "alternative": "{1}{C}", "free": True})._purpose.has_c is False
    assert load_problem({"cost": "{5}", "alternative": "{1}{C}"})._purpose.has_c is True


def test_has_c_false_and_alternatives():
    no_c = {"id": "s", "types": ["artifact"], "abilities": [{"add": "{C}{C}", "only": {"has_c": False}}]}
    assert tapwise.pay({"cost": "{2}", "sources": [no_c]})["status"] == "paid"
    assert tapwise.pay({"cost": "{C}{C}", "sources": [no_c]})["status"] == "infeasible"
    either = {"any_of": [{"kind": "spell", "colors": "colorless"}, {"has_c": True}]}
    drone = {"id": "drone", "count": 2, "abilities": [{"add": "{C}", "only": either}]}
    assert tapwise.pay({"cost": "{2}", "sources": [drone]})["status"] == "paid"  # a colorless spell
    assert tapwise.pay({"cost": "{1}{G}", "sources": [drone]})["status"] == "infeasible"
    loaded = load_problem({"cost": "{1}", "sources": [drone]})  # the spec JSON reads back equal
    assert loaded.to_json()["sources"][0]["abilities"][0]["only"] == either
    assert load_problem(loaded.to_json()) == loaded


def test_a_bad_has_c_is_an_error_naming_the_field():
    answer = tapwise.pay({"cost": "{1}", "sources": [{"abilities": [{"add": "{C}", "only": {"has_c": "yes"}}]}]})
    assert answer["status"] == "error"
    assert answer["error"].startswith("sources[0].abilities[0].only.has_c:")
    assert not PROBLEM_SCHEMA.is_valid({"cost": "{1}", "sources": [{"abilities": [{"add": "{C}",
                                                                                   "only": {"has_c": 1}}]}]})


def test_106_6_both_verifiers_refuse_the_drones_mana_on_a_cost_without_c():
    problem = {"cost": "{1}{C}", "sources": [DRONE, {"name": "Island"}]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and verify(problem, answer) == []
    # The same payment forged for {1}{U}: the Drone's {C} on {1}, the Island's {U} on {U}.
    forged = copy.deepcopy(answer)
    forged["total_cost"] = "{1}{U}"
    forged["payments"] = [{"symbol": "{1}", "mana": [{"type": "C", "source": "drone"}]},
                          {"symbol": "{U}", "mana": [{"type": "U", "source": "Island"}]}]
    forged["colors_spent"] = ["U"]
    other = {**problem, "cost": "{1}{U}"}
    assert verify(other, forged)[0] == ("payments[0]: no {C} from drone that may be spent here is in the "
                                        "pool at that moment")
    assert plain.accepts(load_problem(copy.deepcopy(other)), copy.deepcopy(forged), {}) is False
    allowed = {**other, "sources": [{**DRONE, "abilities": [{"add": "{C}"}]}, {"name": "Island"}]}
    assert verify(allowed, forged) == []  # the restriction is what the verifier refused


TYPES = ["creature", "artifact", "sorcery"]


def _only(r: random.Random) -> dict:
    one = {"has_c": r.random() < 0.7}
    if r.random() < 0.3:
        one["kind"] = r.choice(["spell", "ability"])
    if r.random() < 0.25:
        return {"any_of": [one, {"kind": "spell", "colors": r.choice(["colorless", "G"])}]}
    return one


def random_problem(r: random.Random) -> dict:
    sources = [{"name": r.choice(["Forest", "Island", "Wastes"]), "count": r.randint(1, 2)}]
    for i in range(r.randint(1, 2)):
        ability = {"add": r.choice(["{C}", "{C}{C}", "{G}"])}
        if r.random() < 0.85:
            ability["only"] = _only(r)
        sources.append({"id": f"s{i}", "types": [r.choice(TYPES)], "count": r.randint(1, 2),
                        "abilities": [ability]})
    symbols = ["{1}", "{G}", "{U}", "{C}", "{C}"]
    cost = "".join(r.choice(symbols) for _ in range(r.randint(1, 3)))
    problem: dict = {"cost": cost, "for": {"kind": r.choice(["spell", "spell", "ability"])},
                     "sources": sources}
    for key in ("additional", "increase", "reduce"):
        if r.random() < 0.15:
            problem[key] = [r.choice(["{C}", "{1}"])]
    if r.random() < 0.15:
        problem["alternative"] = "".join(r.choice(symbols) for _ in range(r.randint(1, 2)))
        if r.random() < 0.3:
            problem["free"] = True
    return problem


def test_106_6_random_has_c_restrictions_against_the_reference():
    check_pay(random_problem, 1074, 200)


def test_106_6_random_has_c_restrictions_on_cp_sat_alone(monkeypatch: pytest.MonkeyPatch):
    from tapwise.solver.fast import solve as fast

    monkeypatch.setattr(fast, "ENABLED", False)
    check_pay(random_problem, 1075, 100)
