"""tapwise's extensions of a spend restriction (106.6): ``only.min_mana_value`` (a spell whose
``for.mana_value`` is at least this: Troyan's "spells with mana value 5 or greater") and
``only.any_of`` (alternatives, any one of which matches: "... or spells with {X} in their mana
costs"), by rule, by card, and against the brute-force reference (its own matcher in
``tests/reference/brute.py``) on seeded random small problems."""

from __future__ import annotations

import random

import tapwise
from random_checks import check_pay
from tapwise.models.cards.oracle import read_card
from test_v2_effects import PROBLEM_SCHEMA

TROYAN = {"kind": "spell", "min_mana_value": 5}
TROYAN_OR_X = {"any_of": [TROYAN, {"kind": "spell", "has_x": True}]}


def _troyan(only: dict) -> dict:
    return {"cost": "{2}", "sources": [{"id": "troyan", "types": ["creature"],
                                        "abilities": [{"add": "{G}{U}", "only": only}]}]}


def test_106_6_a_mana_value_threshold_reads_for_mana_value():
    problem = _troyan(TROYAN)
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert tapwise.pay({**problem, "for": {"mana_value": 5}})["status"] == "paid"
    assert tapwise.pay({**problem, "for": {"mana_value": 4}})["status"] == "infeasible"
    # 202.3: an ability has no mana value; a spell whose mana value isn't given is never assumed to qualify
    assert tapwise.pay({**problem, "for": {"kind": "ability", "mana_value": 7}})["status"] == "infeasible"
    assert tapwise.pay(problem)["status"] == "infeasible"


def test_106_6_alternatives_any_one_of_which_matches():
    problem = _troyan(TROYAN_OR_X)
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert tapwise.pay({**problem, "for": {"mana_value": 6}})["status"] == "paid"
    assert tapwise.pay({**problem, "cost": "{X}", "x": 2, "for": {"mana_value": 2}})["status"] == "paid"
    assert tapwise.pay({**problem, "for": {"mana_value": 2}})["status"] == "infeasible"


def test_106_6_the_verifier_refuses_restricted_mana_spent_where_no_alternative_matches():
    from tapwise.solver.verify.replay import verify

    problem = {**_troyan(TROYAN_OR_X), "for": {"mana_value": 6}}
    answer = tapwise.pay(problem)
    assert verify(problem, answer) == []
    assert verify({**problem, "for": {"mana_value": 3}}, answer) != []


def test_106_6_throne_of_eldraine_pays_monocolored_spells_of_its_color_only():
    reading = read_card("{T}: Add four mana of the chosen color. Spend this mana only to cast monocolored spells of "
                        "that color.", name="Throne of Eldraine", chosen="G")
    only = {"kind": "spell", "all_of": [{"colors": "monocolored"}, {"colors": "G"}]}
    assert list(reading.abilities) == [{"add": "{G}{G}{G}{G}", "only": only}]
    problem = {"cost": "{2}{G}{G}", "sources": [{"name": "Throne of Eldraine", "chosen": "G"}]}
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert tapwise.pay(problem)["status"] == "paid"
    assert tapwise.pay({**problem, "cost": "{2}{G}{W}"})["status"] == "infeasible"  # 105.2: multicolored
    assert tapwise.pay({**problem, "cost": "{2}{U}"})["status"] == "infeasible"  # monocolored, another color
    assert tapwise.pay({**problem, "cost": "{4}"})["status"] == "infeasible"  # colorless (202.2)
    missing = tapwise.pay({"cost": "{G}", "sources": [{"oracle": "{T}: Add four mana of the chosen "
                           "color. Spend this mana only to cast monocolored spells of that color."}]})
    assert missing["status"] == "error" and missing["error"].startswith("sources[0].chosen:")


def test_the_new_keys_are_errors_naming_the_field_when_bad():
    for only, path in [({"min_mana_value": -1}, "only.min_mana_value"), ({"min_mana_value": "5"}, "only.min_mana_value"),
                       ({"any_of": [TROYAN]}, "only.any_of"), ({"any_of": TROYAN}, "only.any_of"),
                       ({"any_of": [TROYAN, {"any_of": [TROYAN, TROYAN]}]}, "only.any_of[1].any_of"),
                       ({"any_of": [TROYAN, {"kind": "spel"}]}, "only.any_of[1].kind"),
                       ({"all_of": [TROYAN]}, "only.all_of"),
                       ({"all_of": [TROYAN, {"any_of": [TROYAN, TROYAN]}]}, "only.all_of[1].any_of"),
                       ({"all_of": [TROYAN, {"colors": "chosen"}]}, "only.all_of[1].colors")]:
        answer = tapwise.pay(_troyan(only))
        assert answer["status"] == "error" and answer["error"].startswith(f"sources[0].abilities[0].{path}:"), answer
        assert not PROBLEM_SCHEMA.is_valid(_troyan(only))


def test_cards_read_with_the_extensions():
    helga = read_card("{T}: Add X mana of any one color, where X is Helga's power. Spend this mana only to cast "
                      "creature spells with mana value 4 or greater or creature spells with {X} in their mana costs.",
                      name="Helga, Skittish Seer")
    assert not helga.skipped
    assert helga.abilities[0]["only"] == {"any_of": [
        {"kind": "spell", "types": ["creature"], "min_mana_value": 4},
        {"kind": "spell", "types": ["creature"], "has_x": True}]}
    spade = read_card("{T}: Add {R}{W}. This mana can't be spent to cast spells from your hand.",
                      name="Archaeomancer's Spade")
    assert list(spade.abilities) == [{"add": "{R}{W}", "only": {"any_of": [
        {"kind": "ability"}, {"kind": "spell", "tags": ["not from your hand"]}]}}]
    # Séance Board's "or" on several mana at a time: one ability per color, each keeping both alternatives
    seance = read_card("{T}: Add X mana of any one color, where X is the number of soul counters on this artifact. "
                       "Spend this mana only to cast instant, sorcery, Demon, and Spirit spells.", name="Séance Board")
    assert not seance.skipped and all("any_of" in a["only"] for a in seance.abilities)


def test_106_6_archaeomancers_spade_pays_abilities_and_spells_from_elsewhere_but_not_from_hand():
    problem = {"cost": "{R}{W}", "sources": [{"name": "Archaeomancer's Spade"}]}
    assert tapwise.pay(problem)["status"] == "infeasible"  # a spell from the hand, untagged
    assert tapwise.pay({**problem, "for": {"tags": ["not from your hand"]}})["status"] == "paid"
    assert tapwise.pay({**problem, "for": {"kind": "ability"}})["status"] == "paid"


TYPES = ["creature", "artifact", "sorcery", "instant"]


def _one(r: random.Random) -> dict:
    only: dict = {}
    if r.random() < 0.6:
        only["min_mana_value"] = r.randint(0, 6)
    if r.random() < 0.4:
        only["kind"] = r.choice(["spell", "ability"])
    if r.random() < 0.4:
        only["types"] = r.sample(TYPES, r.choice([1, 2]))
    if r.random() < 0.3:
        only["has_x"] = r.random() < 0.5
    if not only or r.random() < 0.2:
        only["tags"] = [r.choice(["kicked", "not from your hand"])]
    return only


def _only(r: random.Random) -> dict:
    if r.random() < 0.4:
        return _one(r)
    if r.random() < 0.3:  # Throne of Eldraine's kind: every part must match
        return {"all_of": [{"colors": r.choice(["monocolored", "multicolored", "colorless"])},
                           {"colors": r.choice(["G", "U", "R"])}] + ([_one(r)] if r.random() < 0.3 else [])}
    out: dict = {"any_of": [_one(r) for _ in range(r.randint(2, 3))]}
    if r.random() < 0.3:
        out["kind"] = "spell"
    return out


def random_problem(r: random.Random) -> dict:
    sources = [{"name": r.choice(["Forest", "Island", "Wastes"]), "count": r.randint(1, 2)}]
    for i in range(r.randint(1, 3)):
        ability = {"add": r.choice(["{C}", "{C}{C}", "{G}", ["{U}", "{R}"], "{G}{U}"])}
        if r.random() < 0.85:
            ability["only"] = _only(r)
        sources.append({"id": f"s{i}", "types": ["artifact"], "count": r.randint(1, 2), "abilities": [ability]})
    cost = "".join(r.choice(["{1}", "{2}", "{G}", "{U}", "{C}", "{R}", "{X}"]) for _ in range(r.randint(1, 3)))
    purpose: dict = {"kind": r.choice(["spell", "spell", "ability"]), "types": r.sample(TYPES, r.choice([1, 2]))}
    if r.random() < 0.8:
        purpose["mana_value"] = r.randint(0, 7)
    if r.random() < 0.3:
        purpose["tags"] = [r.choice(["kicked", "not from your hand"])]
    problem = {"cost": cost, "for": purpose, "sources": sources}
    if "{X}" in cost:
        problem["x"] = r.randint(0, 2)
    return problem


def test_106_6_random_mana_value_and_alternative_restrictions_against_the_reference():
    check_pay(random_problem, 1066, 300)
