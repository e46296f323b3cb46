"""tapwise's ``each_color`` add form: ``{"each_color": n, "of": ...}`` makes n mana of each color
``of`` names, one output (Bloom Tender: "For each color among permanents you control, add one mana
of that color", the colors a color fact of 9.1). By rule, by card, and against the brute-force
references (``tests/reference/brute.py``, ``available_brute.py``) on seeded random small boards."""

from __future__ import annotations

import random

import tapwise
from random_checks import check_available, check_pay
from tapwise.models.cards.oracle import read_card
from tapwise.solver.verify.replay import verify
from test_v2_effects import PROBLEM_SCHEMA

AMONG = "colors among permanents you control"
BLOOM = {"add": {"each_color": 1, "of": {"fact": AMONG}}}


def _bloom(cost: str, colors: str) -> dict:
    return {"cost": cost, "facts": {AMONG: colors}, "sources": [{"id": "bloom", "types": ["creature"],
                                                                 "abilities": [BLOOM]}]}


def test_cards_read_one_mana_of_each_color_among():
    assert list(read_card("Vivid — {T}: For each color among permanents you control, add one mana of that color.",
                          name="Bloom Tender").abilities) == [BLOOM]
    vista = read_card("{1}, {T}: For each color among monocolored permanents you control, add one mana of that "
                      "color.", name="Tarnation Vista")
    assert list(vista.abilities) == [{"add": {"each_color": 1, "of": {
        "fact": "colors among monocolored permanents you control"}}, "mana": "{1}"}]


def test_106_1_one_mana_of_each_color_and_no_more_of_any():
    assert tapwise.pay(_bloom("{W}{G}", "GW"))["status"] == "paid"
    assert tapwise.pay(_bloom("{G}{G}", "GW"))["status"] == "infeasible"  # one of each, not two of one
    assert tapwise.pay(_bloom("{3}", "GW"))["status"] == "infeasible"
    assert tapwise.pay(_bloom("{1}", ""))["status"] == "infeasible"  # no colors: no mana (106.5)
    answer = tapwise.pay(_bloom("{4}{U}", "WUBRG"))
    assert answer["status"] == "paid" and answer["activations"][0]["adds"] == "{W}{U}{B}{R}{G}"


def test_the_verifier_refuses_a_color_the_fact_lacks():
    problem = _bloom("{W}{G}", "GW")
    answer = tapwise.pay(problem)
    assert verify(problem, answer) == []
    forged = {**answer, "activations": [{**answer["activations"][0], "adds": "{G}{G}"}]}
    assert verify(problem, forged) != []


def test_each_color_errors_name_the_field():
    for add, path in [({"each_color": 0, "of": "WG"}, "add.each_color"), ({"each_color": {"fact": AMONG}}, "add.each_color"),
                      ({"each_color": 1, "one_color": 1}, "add"), ({"each_color": 1, "of": "WX"}, "add.of")]:
        problem = {"cost": "{1}", "facts": {AMONG: "W"}, "sources": [{"abilities": [{"add": add}]}]}
        answer = tapwise.pay(problem)
        assert answer["status"] == "error" and answer["error"].startswith(f"sources[0].abilities[0].{path}:"), answer
        assert not PROBLEM_SCHEMA.is_valid(problem)


def random_problem(r: random.Random, small: bool = False) -> dict:
    facts = {AMONG: "".join(c for c in "WUBRG" if r.random() < 0.45), "colors among lands you control": r.choice(["", "G", "UR"])}
    sources: list[dict] = [{"name": r.choice(["Forest", "Island", "Wastes"]), "count": 1 if small else r.randint(1, 2)}]
    for i in range(r.randint(1, 2 if small else 3)):
        ability: dict = {"add": {"each_color": r.choice([1, 1, 2]) if not small else 1,
                                 "of": r.choice([{"fact": AMONG}, {"fact": "colors among lands you control"}, "WG"])}}
        if r.random() < 0.25:
            ability["mana"] = "{1}"
        if r.random() < 0.2 and not small:
            ability["times"] = 2
        if r.random() < 0.2:
            ability["only"] = {"kind": "spell"}
        sources.append({"id": f"s{i}", "count": 1 if small else r.randint(1, 2), "abilities": [ability]})
    cost = "".join(r.choice(["{1}", "{2}", "{G}", "{U}", "{W}", "{R}", "{B}"]) for _ in range(r.randint(1, 4)))
    return {"cost": cost, "facts": facts, "sources": sources}


def test_random_each_color_against_the_reference():
    check_pay(random_problem, 1061, 200)


def test_random_each_color_against_the_available_reference():
    check_available(lambda r: {k: v for k, v in random_problem(r, small=True).items() if k != "cost"}, 1062, 50, 25)
