"""tapwise's ``only.not_generic``: mana that can't be spent to pay generic mana costs (Jegantha,
the Wellspring; The Rebellious Intelligence). A rule on which symbols the mana pays, so the model's
accept sets, the verifier and the references (``tests/reference/brute.py``'s mana classes,
``available_brute.py``'s ability costs) each enforce it: by rule, by card, and against the
references on seeded random small problems."""

from __future__ import annotations

import random

import pytest

import tapwise
from random_checks import check_available, check_pay
from tapwise.models.cards.oracle import read_card
from tapwise.solver.queries.available import available
from tapwise.solver.verify.replay import verify
from test_v2_effects import PROBLEM_SCHEMA

NG = {"not_generic": True}
JEGANTHA = {"id": "jegantha", "types": ["creature"], "abilities": [{"add": "{W}{U}{B}{R}{G}", "only": NG}]}


def test_the_card_reads_as_not_generic():
    reading = read_card("{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs.",
                        name="Jegantha, the Wellspring")
    assert list(reading.abilities) == [{"add": "{W}{U}{B}{R}{G}", "only": NG}] and not reading.skipped


@pytest.mark.parametrize("cost, x, status", [
    ("{W}{U}{B}{R}{G}", 0, "paid"), ("{W/U}{R}", 0, "paid"), ("{2/W}", 0, "paid"), ("{G/P}", 0, "paid"),
    ("{1}{W}", 0, "infeasible"),  # 107.4: {1} is generic
    ("{X}{W}", 1, "infeasible"),  # 107.3: X is generic
    ("{S}", 0, "infeasible"),  # 107.4h: {S} is generic mana paid with snow mana
    ("{X}{W}", 0, "paid"),
])
def test_106_6_mana_that_cant_pay_generic_pays_only_colored_symbols(cost, x, status):
    problem = {"cost": cost, "x": x, "sources": [JEGANTHA]}
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert tapwise.pay(problem)["status"] == status


def test_106_6_the_generic_part_comes_from_other_mana_and_the_verifier_checks_the_symbol():
    problem = {"cost": "{1}{W}{U}", "sources": [JEGANTHA, {"id": "wastes", "name": "Wastes"}]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and verify(problem, answer) == []
    # the {1} paid with Jegantha's unspent {B} instead of the Wastes' {C}: refused
    forged = dict(answer, payments=[dict(p, mana=[{"type": "B", "source": "jegantha"}]) if p["symbol"] == "{1}" else p
                                    for p in answer["payments"]])
    assert any("can't pay generic" in e for e in verify(problem, forged))


def test_a_mana_ability_cost_of_1_is_generic_too():
    converter = {"id": "filter", "types": ["artifact"], "abilities": [{"add": "{C}{C}", "mana": "{1}"}]}
    problem = {"cost": "{C}{C}", "sources": [JEGANTHA, converter]}
    assert tapwise.pay(problem)["status"] == "infeasible"
    pools = available({"sources": [JEGANTHA, converter]})["pools"]
    assert all(p["C"] == 0 for p in pools)


def test_not_generic_errors_name_the_field():
    for only, path in [({"not_generic": False}, "only.not_generic"),
                       ({"any_of": [NG, {"kind": "spell"}]}, "only.any_of[0].not_generic")]:
        problem = {"cost": "{W}", "sources": [{"abilities": [{"add": "{W}", "only": only}]}]}
        answer = tapwise.pay(problem)
        assert answer["status"] == "error" and answer["error"].startswith(f"sources[0].abilities[0].{path}:"), answer
        assert not PROBLEM_SCHEMA.is_valid(problem)


def random_problem(r: random.Random, small: bool = False) -> dict:
    sources: list[dict] = [{"name": r.choice(["Forest", "Island", "Wastes", "Snow-Covered Forest"]),
                            "count": 1 if small else r.randint(1, 2)}]
    for i in range(r.randint(1, 2 if small else 3)):
        ability: dict = {"add": r.choice(["{W}", "{G}", "{C}", "{W}{U}", ["{U}", "{R}"], "{G}{G}"])}
        if r.random() < 0.7:
            ability["only"] = dict(NG)
            if r.random() < 0.3:
                ability["only"]["kind"] = "spell"
        if r.random() < 0.2:
            ability["mana"] = r.choice(["{1}", "{G}", "{S}"])
        source: dict = {"id": f"s{i}", "types": ["artifact"], "count": 1 if small else r.randint(1, 2),
                        "abilities": [ability]}
        if r.random() < 0.2:
            source["snow"] = True
        sources.append(source)
    symbols = ["{1}", "{2}", "{W}", "{G}", "{U}", "{C}", "{S}", "{2/W}", "{G/U}", "{W/P}", "{X}"]
    cost = "".join(r.choice(symbols) for _ in range(r.randint(1, 3)))
    problem: dict = {"cost": cost, "sources": sources}
    if "{X}" in cost:
        problem["x"] = r.choice([0, 1, 2, "max"])
    if r.random() < 0.15:
        problem["spend_as"] = r.choice(["any_type", "any_color"])
    if r.random() < 0.1:
        problem["keywords"] = ["achroma"]
    if r.random() < 0.15:
        problem["pool"] = [r.choice(["{G}", {"mana": "{W}", "only": dict(NG)}, {"mana": "{C}", "snow": True, "only": dict(NG)}])]
    return problem


def test_106_6_random_not_generic_problems_against_the_reference():
    check_pay(random_problem, 1064, 300)


def test_random_not_generic_boards_against_the_available_reference():
    check_available(lambda r: {k: v for k, v in random_problem(r, small=True).items() if k in ("sources", "pool")},
                    1065, 50, 25)
