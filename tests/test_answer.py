"""The answer as typed values (models/answer.py): loaded strictly and dumped back unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from models.answer import Answer, load_answer
from models.problem import ProblemError
from solver import pay
from tests.strategies import mixed_problems

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
