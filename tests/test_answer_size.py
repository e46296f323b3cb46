"""Answers whose size does not grow with the amount of mana (solver/answer/size.py): the mana
left per type in ``left_over_counts``, ``left_over`` listed only while short, and long payment
lists grouped with counts; the verifier checks what is left per type in either form."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import tapwise
from tapwise.benchmarks.generators import generate
from tapwise.models.loader import load_problem
from tapwise.solver.answer import size as answer_size
from tapwise.solver.verify.replay import verify

SCHEMA = Draft202012Validator(tapwise.json_schema("pay_answer"))


def _problems(seed: int, n: int) -> list[dict[str, Any]]:
    """Generated problems, some with mana left over: pool mana and any-color rocks."""
    rng = random.Random(seed)
    out = []
    for p in list(generate("typical", seed=seed, n=n)) + list(generate("rich", seed=seed, n=n // 2)):
        p = copy.deepcopy(p)
        if rng.random() < 0.5:
            p["pool"] = p.get("pool", []) + [rng.choice(["{C}", "{G}", "{3}", "{W}{U}"]) for _ in range(rng.randint(1, 4))]
        out.append(p)
    return out


def _expanded(payments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Grouped payments as one entry per symbol, each with its share of the mana."""
    out = []
    for pay in payments:
        n = pay.get("count", 1)
        one = {k: v for k, v in pay.items() if k != "count"}
        if n > 1 and "mana" in pay:
            (run,) = pay["mana"]  # grouped payments are paid by one run of mana
            each = run.get("count", 1) // n
            part = {k: v for k, v in run.items() if k != "count"}
            if each > 1:
                part["count"] = each
            one["mana"] = [part]
        out += [copy.deepcopy(one) for _ in range(n)]
    return out


def test_left_over_counts_are_the_list_per_type() -> None:
    seen = 0
    for p in _problems(1, 200):
        answer = tapwise.pay(p)
        if answer["status"] != "paid":
            continue
        SCHEMA.validate(answer)
        assert "left_over" in answer  # these leave little: listed as the spec lists it
        assert answer["left_over_counts"] == dict(sorted(Counter(m[1:-1] for m in answer["left_over"]).items(),
                                                         key=lambda kv: "WUBRGC".index(kv[0])))
        seen += bool(answer["left_over"])
    assert seen > 20  # the scan saw mana left over


def test_grouped_answers_are_the_listed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the bound at 0 every answer is grouped: it verifies, it validates, and expanded it is
    the answer listed one by one."""
    problems = [p for p in _problems(2, 240)]
    listed = [tapwise.pay(p) for p in problems]
    monkeypatch.setattr(answer_size, "LIST_MAX", 0)
    grouped_some = 0
    for p, one_by_one in zip(problems, listed):
        answer = tapwise.pay(p)
        assert answer["status"] == one_by_one["status"]
        if answer["status"] != "paid":
            continue
        SCHEMA.validate(answer)
        assert verify(load_problem(p), answer) == []
        assert answer["left_over_counts"] == one_by_one["left_over_counts"]
        assert ("left_over" in answer) == (not one_by_one["left_over"])  # 0 left: listed, empty
        assert _expanded(answer["payments"]) == one_by_one["payments"]
        grouped_some += len(answer["payments"]) < len(one_by_one["payments"])
        rest = {k: v for k, v in answer.items() if k not in ("payments", "left_over")}
        assert rest == {k: v for k, v in one_by_one.items() if k not in ("payments", "left_over")}
    assert grouped_some > 5  # the scan grouped some (the installed build draws other costs: fewer)


def test_size_does_not_grow_with_the_mana_left_or_paid() -> None:
    """(issue 21) 50 pool entries of {1000} and a cost of n {G}: the answer, less the total cost
    it prints, is the same size for 100 and 10,000 mana."""
    sizes = []
    for n in (100, 10_000):
        answer = tapwise.pay({"cost": "{G}" * n, "sources": [{"name": "Forest", "count": n}],
                              "pool": [{"mana": "{1000}"}] * 50})
        assert answer["status"] == "paid" and "left_over" not in answer
        assert answer["left_over_counts"] == {"C": 50_000}
        assert answer["payments"] == [{"symbol": "{G}", "mana": [{"type": "G", "source": "Forest", "count": n}],
                                       "count": n}]
        sizes.append(len(json.dumps(answer)) - len(answer["total_cost"]))
    assert abs(sizes[0] - sizes[1]) <= 20  # two more digits in each of the few counts


def test_601_2h_phyrexian_and_energy_payments_group_with_counts() -> None:
    problem = {"cost": "{W/P}" * 40 + "{E}" * 40, "sources": [{"name": "Plains", "count": 2}],
               "player": {"life": 100, "energy": 40}}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and answer["life_paid"] == 76 and answer["energy_paid"] == 40
    assert {"symbol": "{W/P}", "life": 2, "count": 38} in answer["payments"]
    assert {"symbol": "{E}", "energy": 1, "count": 40} in answer["payments"]
    assert verify(load_problem(problem), answer) == []


def _paid(problem: dict[str, Any]) -> dict[str, Any]:
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid"
    return answer


@pytest.mark.parametrize("forge, error", [
    (lambda a: a.pop("left_over_counts") and a.pop("left_over"), "says nothing of the mana left"),
    (lambda a: a.update(left_over_counts={"C": 2}), "left_over_counts says"),
    (lambda a: a.update(left_over_counts={"G": 3}), "left_over_counts says"),
    (lambda a: a.update(left_over=["{G}", "{G}", "{G}"]), "left_over doesn't match"),
    (lambda a: a.update(left_over=["{C}", "{C}"]), "left_over doesn't match"),
])
def test_verifier_checks_left_over_per_type(forge: Any, error: str) -> None:
    problem = {"cost": "{G}", "sources": [{"name": "Forest"}], "pool": ["{C}", "{C}", "{C}"]}
    answer = _paid(problem)
    assert answer["left_over_counts"] == {"C": 3}
    forge(answer)
    assert any(error in e for e in verify(load_problem(problem), answer))


@pytest.mark.parametrize("count, error", [(3, "cover"), (1.5, "count must be a whole number"),
                                          (0, "count must be a whole number")])
def test_verifier_checks_grouped_payment_counts(count: Any, error: str) -> None:
    problem = {"cost": "{G}{G}", "sources": [{"name": "Forest", "count": 2}]}
    answer = _paid(problem)
    answer["payments"] = [{"symbol": "{G}", "mana": [{"type": "G", "source": "Forest", "count": 2}], "count": count}]
    assert any(error in e for e in verify(load_problem(problem), answer))
    answer["payments"][0]["count"] = 2
    assert verify(load_problem(problem), answer) == []
    answer["payments"][0]["mana"][0]["count"] = 3  # three mana for two {G}
    assert verify(load_problem(problem), answer)
