"""Sources given by Oracle text or by name (models/cards/source.py): each ability read on its own,
the skipped ones named in the answer's ``unread``, ``strict`` refusing them, and the type line's
types, subtypes and snow."""

from __future__ import annotations

import jsonschema
import pytest

import tapwise
from tapwise import json_schema
from tapwise.models.problem import ProblemError
from tapwise.models.loader import load_problem

PAY_ANSWER = jsonschema.Draft202012Validator(json_schema("pay_answer"))
ANSWER = jsonschema.Draft202012Validator(json_schema("answer"))

# One readable ability and one the format has no word for ({Q}: Pili-Pala's untap symbol).
HALF_READ = "{T}: Add {G}.\n{2}, {Q}: Add one mana of any color."
LEVELER = ("Level up {1}{G}\nLEVEL 1-4\n1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4\n"
           "Elves you control have \"{T}: Add {G}{G}.\"")


def pay(problem: dict) -> dict:
    answer = tapwise.pay(problem)
    PAY_ANSWER.validate(answer)
    return answer


def test_605_1a_a_card_keeps_its_readable_abilities_and_names_the_skipped_one():
    answer = pay({"cost": "{G}", "sources": [{"id": "odd", "oracle": HALF_READ}]})
    assert answer["status"] == "paid"
    assert answer["activations"] == [{"source": "odd", "ability": 0, "adds": "{G}", "times": 1}]
    [unread] = answer["unread"]
    assert unread["source"] == "odd" and "{Q}" in unread["sentence"] and unread["reason"]


def test_unread_is_in_every_kind_of_answer():
    infeasible = pay({"cost": "{U}", "sources": [{"id": "odd", "oracle": HALF_READ}]})
    assert infeasible["status"] == "infeasible" and infeasible["unread"][0]["source"] == "odd"
    pools = tapwise.available({"sources": [{"id": "odd", "oracle": HALF_READ}]})
    ANSWER.validate(pools)
    assert pools["unread"][0]["source"] == "odd"
    planned = tapwise.plan({"costs": [{"cost": "{G}"}], "sources": [{"id": "odd", "oracle": HALF_READ}]})
    ANSWER.validate(planned)
    assert planned["status"] == "paid" and planned["unread"][0]["source"] == "odd"


def test_a_fully_read_card_has_no_unread_field():
    answer = pay({"cost": "{G}", "sources": [{"oracle": "{T}: Add {G}.", "name": "Llanowar Elves",
                                              "type_line": "Creature — Elf Druid"}]})
    assert answer["status"] == "paid" and "unread" not in answer


def test_strict_refuses_the_skipped_sentence_by_field():
    answer = pay({"cost": "{G}", "strict": True, "sources": [{"id": "odd", "oracle": HALF_READ}]})
    assert answer["status"] == "error"
    assert answer["error"].startswith("sources[0].oracle: can't read \"{2}, {Q}")
    assert "strict" in answer["error"]
    assert pay({"cost": "{G}", "strict": False, "sources": [{"oracle": HALF_READ}]})["status"] == "paid"
    with pytest.raises(ProblemError) as info:
        load_problem({"cost": "{G}", "strict": "yes", "sources": []})
    assert info.value.path == "strict"


def test_strict_refuses_a_library_card_by_its_name():
    # Gold Mine: "Mark one of Gold Mine's unmarked nodes" is not a cost the format can say; its
    # {T}: Add {C} is read.
    loose = pay({"cost": "{1}", "sources": [{"name": "Gold Mine"}]})
    assert loose["status"] == "paid" and "unmarked nodes" in loose["unread"][0]["sentence"]
    strict = pay({"cost": "{1}", "strict": True, "sources": [{"name": "Gold Mine"}]})
    assert strict["status"] == "error" and strict["error"].startswith("sources[0].name: can't read")


def test_711_level_up_abilities_are_never_read_as_unconditional():
    joraga = {"id": "joraga", "name": "Joraga Treespeaker", "oracle": LEVELER, "type_line": "Creature — Elf Druid"}
    missing = pay({"cost": "{G}", "sources": [joraga]})
    assert missing["status"] == "error" and "level counter on it" in missing["error"]
    unleveled = pay({"cost": "{G}", "sources": [{**joraga, "facts": {"level counter on it": 0}}]})
    assert unleveled["status"] == "infeasible"
    # the Elves' ability at level 5+ is a static granting it (9.8) with that condition: read
    assert unleveled.get("unread", []) == []
    leveled = pay({"cost": "{G}", "sources": [{**joraga, "facts": {"level counter on it": 1}}]})
    assert leveled["status"] == "paid"
    library = pay({"cost": "{G}", "sources": [{"name": "Joraga Treespeaker", "facts": {"level counter on it": 5}}]})
    # level 5+: Joraga's own {T}: Add {G}{G} is gone, but it is an Elf you control, so it has
    # the granted one (613.1f); at level 4 it has its own
    assert library["status"] == "paid"
    two = {"cost": "{G}{G}", "sources": [{"name": "Joraga Treespeaker"}]}
    assert pay({**two, "sources": [{**two["sources"][0], "facts": {"level counter on it": 5}}]}
               )["status"] == "paid"
    assert pay({**two, "sources": [{**two["sources"][0], "facts": {"level counter on it": 0}}]}
               )["status"] == "infeasible"


def test_605_1a_what_is_not_a_mana_ability_is_ignored_not_unread():
    text = ("Flying\n{T}: Target creature gets +1/+1 until end of turn.\n"
            "Whenever this creature attacks, add {R}.\n{T}: Add {R}.")
    answer = pay({"cost": "{R}", "sources": [{"oracle": text, "type_line": "Creature — Goblin"}]})
    assert answer["status"] == "paid" and "unread" not in answer


def test_305_6_dryad_arbor_is_a_forest_creature_from_its_type_line():
    loaded = load_problem({"cost": "{G}", "sources": [{"oracle": "", "type_line": "Land Creature — Forest Dryad",
                                                       "name": "Dryad Arbor"}]})
    [arbor] = loaded.sources
    assert arbor.types == ("land", "creature") and arbor.subtypes == ("forest", "dryad")
    assert [a.to_json() for a in arbor.abilities] == [{"add": "{G}"}]
    by_name = load_problem({"cost": "{G}", "sources": [{"name": "Dryad Arbor"}]}).sources[0]
    assert by_name.types == ("land", "creature") and "forest" in by_name.subtypes


def test_snow_comes_from_a_snow_land_type_line():
    loaded = load_problem({"cost": "{S}", "sources": [{"oracle": "({T}: Add {B}.)",
                                                       "type_line": "Snow Land — Swamp"}]})
    assert loaded.sources[0].snow and loaded.sources[0].subtypes == ("swamp",)
    assert pay({"cost": "{S}", "sources": [{"oracle": "", "type_line": "Snow Land — Swamp"}]})["status"] == "paid"
    assert pay({"cost": "{S}", "sources": [{"oracle": "", "type_line": "Land — Swamp"}]})["status"] == "infeasible"


@pytest.mark.parametrize("oracle", [
    "{T}: Add {R}. CARDNAME deals 1 damage to you.",
    "{T}: Add {R}. Sulfurous Springs deals 1 damage to you.",
    "{T}: Add {R}. This land deals 1 damage to you.",
])
def test_old_and_current_wordings_read_alike(oracle):
    answer = pay({"cost": "{R}", "sources": [{"name": "Sulfurous Springs", "oracle": oracle}]})
    assert answer["status"] == "paid" and answer["damage"] == 1 and "unread" not in answer


@pytest.mark.parametrize("oracle", ["This land enters tapped.\n{T}: Add {U}.",
                                    "This land enters the battlefield tapped.\n{T}: Add {U}.",
                                    "CARDNAME enters the battlefield tapped.\n{T}: Add {U}."])
def test_enters_wordings_are_not_mana_abilities(oracle):
    answer = pay({"cost": "{U}", "sources": [{"oracle": oracle}]})
    assert answer["status"] == "paid" and "unread" not in answer


def test_type_line_without_oracle_is_refused_by_field():
    answer = pay({"cost": "{G}", "sources": [{"name": "Forest", "type_line": "Basic Land — Forest"}]})
    assert answer["status"] == "error" and answer["error"].startswith("sources[0].type_line")


def test_a_chosen_creature_type_is_read_from_the_source():
    text = ("As this land enters, choose a creature type.\n{T}: Add {C}.\n{T}: Add one mana of any color. "
            "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be countered.")
    answer = pay({"cost": "{G}", "for": {"types": ["creature"], "subtypes": ["elf"]},
                  "sources": [{"name": "Cavern of Souls", "oracle": text, "chosen": "Elf"}]})
    assert answer["status"] == "paid" and "unread" not in answer
    by_name = pay({"cost": "{G}", "for": {"types": ["creature"], "subtypes": ["elf"]},
                   "sources": [{"name": "Cavern of Souls", "chosen": "Elf"}]})
    assert by_name["status"] == "paid"
    goblin = pay({"cost": "{G}", "for": {"types": ["creature"], "subtypes": ["goblin"]},
                  "sources": [{"name": "Cavern of Souls", "chosen": "Elf"}]})
    assert goblin["status"] == "infeasible"
    missing = pay({"cost": "{G}", "sources": [{"name": "Cavern of Souls"}]})
    assert missing["status"] == "error" and missing["error"].startswith("sources[0].name")
    no_choice = pay({"cost": "{G}", "sources": [{"name": "Cavern of Souls", "oracle": text}]})
    assert no_choice["status"] == "error" and no_choice["error"].startswith("sources[0].chosen: is needed")
