"""tapwise's extension of a spend restriction: ``only.not_types`` (none of these card types:
Immortus' "Spend this mana only to cast noncreature spells"), by rule and against the brute-force
reference (``tests/reference/brute.py``, its own matcher) on seeded random small problems."""

from __future__ import annotations

import random

import tapwise
from test_against_reference import check_against_reference
from test_v2_effects import PROBLEM_SCHEMA

NONCREATURE = {"kind": "spell", "not_types": ["creature"]}


def test_106_6_noncreature_mana_pays_a_sorcery_not_a_creature_nor_an_artifact_creature():
    problem = {"cost": "{2}", "sources": [{"id": "immortus", "types": ["creature"],
                                           "abilities": [{"add": "{C}{C}", "only": NONCREATURE}]}]}
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert tapwise.pay({**problem, "for": {"types": ["sorcery"]}})["status"] == "paid"
    for types in (["creature"], ["artifact", "creature"]):
        assert tapwise.pay({**problem, "for": {"types": types}})["status"] == "infeasible"
    assert tapwise.pay({**problem, "for": {"kind": "ability", "types": ["artifact"]}})["status"] == "infeasible"


def test_106_6_a_bad_not_types_is_an_error_naming_the_field():
    answer = tapwise.pay({"cost": "{1}", "sources": [{"abilities": [{"add": "{C}", "only": {"not_types": "land"}}]}]})
    assert answer["status"] == "error" and answer["error"].startswith("sources[0].abilities[0].only.not_types:")


TYPES = ["creature", "artifact", "sorcery", "instant", "enchantment"]


def _only(r: random.Random) -> dict:
    only: dict = {"not_types": r.sample(TYPES, r.choice([1, 1, 2]))}
    if r.random() < 0.5:
        only["kind"] = "spell"
    if r.random() < 0.3:
        only["types"] = r.sample(TYPES, 2)
    return only


def random_problem(r: random.Random) -> dict:
    sources = [{"name": r.choice(["Forest", "Island", "Wastes"]), "count": r.randint(1, 2)}]
    for i in range(r.randint(1, 3)):
        ability = {"add": r.choice(["{C}", "{C}{C}", "{G}", ["{U}", "{R}"]])}
        if r.random() < 0.8:
            ability["only"] = _only(r)
        sources.append({"id": f"s{i}", "types": ["artifact"], "count": r.randint(1, 2), "abilities": [ability]})
    cost = "".join(r.choice(["{1}", "{2}", "{G}", "{U}", "{C}", "{R}"]) for _ in range(r.randint(1, 3)))
    return {"cost": cost, "for": {"kind": r.choice(["spell", "spell", "ability"]),
                                  "types": r.sample(TYPES, r.choice([1, 1, 2]))}, "sources": sources}


def test_106_6_random_not_types_restrictions_against_the_reference():
    r = random.Random(106)
    for _ in range(400):
        check_against_reference(random_problem(r))
