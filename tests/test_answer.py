"""The answer as typed values (models/answer.py): loaded strictly and dumped back unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tapwise.models.answer import Answer, load_answer
from tapwise.models.problem import ProblemError
from tapwise.solver.queries.pay import pay
from strategies import mixed_problems

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_example_answers_round_trip(path):
    answer = pay(json.loads(path.read_text()))
    typed = load_answer(answer)
    assert isinstance(typed, Answer) and typed.status == "paid"
    assert typed.to_json() == answer


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(mixed_problems())
def test_every_kind_of_answer_round_trips(problem):
    answer = pay(problem)
    assert load_answer(answer).to_json() == answer


def test_typed_values_read_as_the_notation():
    answer = load_answer(pay({"cost": "{1}{W/U}", "sources": [{"name": "Island", "count": 2}]}))
    assert str(answer.total_cost) == "{1}{W/U}"
    assert [str(p.symbol) for p in answer.payments] == ["{1}", "{W/U}"]
    assert answer.payments[1].mana[0].type == "U" and answer.announce_hybrid == ("{U}",)


@pytest.mark.parametrize("bad, path", [
    ({"status": "maybe"}, "status"),
    ({"status": "paid", "colour": []}, "colour"),
    ({"status": "paid", "payments": [{"symbol": "{Q}", "life": 2}]}, "payments[0].symbol"),
    ({"status": "paid", "payments": [{"symbol": "{W}", "mana": [{"type": "P", "source": "x"}]}]},
     "payments[0].mana[0].type"),
    ({"status": "paid", "payments": [{"symbol": "{W/P}", "life": 2, "mana": []}]}, "payments[0]"),
    ({"status": "paid", "activations": [{"source": "a", "ability": 0, "adds": "{G}", "times": 0}]},
     "activations[0].times"),
    ({"status": "paid", "objective": {"min_lands": 1}}, "objective.min_lands"),
])
def test_bad_answers_name_the_field(bad, path):
    with pytest.raises(ProblemError) as info:
        load_answer(bad)
    assert info.value.path == path


def test_compiled_costs_are_shared_only_between_boards_that_spend_alike():
    """Variants are remembered per cost and spendable kinds: the same cost on another board
    gets acceptance sets of that board's kinds, and answers name that board's sources."""
    from tapwise.models.loader import load_problem
    from tapwise.solver.front.compile import compile_problem

    one = compile_problem(load_problem({"cost": "{1}{G}", "sources": [
        {"id": "forest", "abilities": [{"add": "{G}"}], "count": 2}]}))
    two = compile_problem(load_problem({"cost": "{1}{G}", "sources": [
        {"id": "wastes", "abilities": [{"add": "{C}"}]}, {"id": "forest", "abilities": [{"add": "{G}"}]}]}))
    again = compile_problem(load_problem({"cost": "{1}{G}", "sources": [
        {"id": "elsewhere", "abilities": [{"add": "{G}"}], "count": 3}]}))
    assert [o.accept for d in one.variants[0].demands for o in d.options] == [frozenset({0}), frozenset({0})]
    assert [o.accept for d in two.variants[0].demands for o in d.options] == [frozenset({0, 1}), frozenset({1})]
    assert again.variants[0] is one.variants[0]
    answer = pay({"cost": "{1}{G}", "sources": [{"id": "wastes", "abilities": [{"add": "{C}"}]},
                                                {"id": "forest", "abilities": [{"add": "{G}"}]}]})
    assert [(p["symbol"], [m["source"] for m in p["mana"]]) for p in answer["payments"]] == [
        ("{1}", ["wastes"]), ("{G}", ["forest"])]


def test_several_symbols_paid_one_way_each_get_their_own_mana():
    """Symbols paid the same way are taken at once and cut per symbol: each {2/W} paid with
    generic gets two mana, each {G} one, no unit twice, and the verifier agrees."""
    from tapwise.models.loader import load_problem
    from tapwise.solver.verify.replay import verify

    problem = {"cost": "{2/W}{2/U}{2/W}{G}{G}", "sources": [
        {"id": "f", "name": "Forest", "count": 4}, {"id": "w", "name": "Wastes", "count": 4}]}
    answer = pay(problem)
    assert answer["status"] == "paid" and verify(load_problem(problem), answer) == []
    payments = answer["payments"]
    assert [p["symbol"] for p in payments] == ["{G}", "{G}", "{2/W}", "{2/W}", "{2/U}"]
    assert [sum(m.get("count", 1) for m in p["mana"]) for p in payments] == [1, 1, 2, 2, 2]
    assert all(p["half"] == "{2}" for p in payments[2:]) and answer["announce"]["hybrid"] == ["{2}"] * 3
    units = [m for p in payments for m in p["mana"]]
    assert len({id(m) for m in units}) == len(units) and answer["left_over"] == []


def test_a_converters_activations_each_pay_their_cost_from_mana_made_before():
    problem = {"cost": "{U}{U}{U}{U}", "sources": [
        {"id": "p", "name": "Plains", "count": 2},
        {"id": "g", "count": 2, "abilities": [{"mana": "{W/U}", "add": ["{U}{U}"]}]}]}
    answer = pay(problem)
    assert answer["activations"][0] == {"source": "p", "ability": 0, "adds": "{W}", "times": 2}
    gate = answer["activations"][1]
    assert (gate["source"], gate["adds"], gate["times"]) == ("g", "{U}{U}", 2)
    # the two activations' identical payments as one with a count (the mana of both)
    assert gate["paid"] == [{"symbol": "{W/U}", "mana": [{"type": "W", "source": "p", "count": 2}], "count": 2}]
    assert [p["mana"] for p in answer["payments"]] == [[{"type": "U", "source": "g"}]] * 4
