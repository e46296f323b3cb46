"""Format version 2 (spec section 9): the issue's rule examples, each named by its rule, paid by
``tapwise.pay``, checked by the verifier and, where the answer is a number, by the brute-force
reference (tests/reference/brute.py, which shares no code with the solver)."""

from __future__ import annotations

import copy

import pytest

import tapwise
from tapwise.models.problem import ProblemError
from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import verify

try:
    from reference import brute_pay
except ImportError:  # tests/ imported as a package
    from tests.reference import brute_pay

ELVES = {"id": "elves", "name": "Llanowar Elves", "types": ["creature"], "subtypes": ["elf"], "colors": "G",
         "abilities": [{"add": "{G}"}]}
ALTAR = {"id": "altar", "name": "Ashnod's Altar", "types": ["artifact"],
         "abilities": [{"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
DRUID = {"id": "druid", "name": "Heritage Druid", "types": ["creature"], "subtypes": ["elf", "druid"], "sick": True,
         "abilities": [{"add": "{G}{G}{G}", "tap": False, "uses": "any",
                        "tap_other": {"subtypes": ["elf"], "n": 3, "self": True}}]}
VAULT = {"id": "vault", "name": "Calciform Pools", "counters": {"storage": 4},
         "abilities": [{"add": "{C}"}, {"add": ["{W}", "{U}"], "mana": "{1}", "times": {"remove": "storage"}}]}
TAINTED = {"id": "isle", "name": "Tainted Isle",
           "abilities": [{"add": "{C}"}, {"add": ["{U}", "{B}"], "if": [{"fact": "swamp you control", "min": 1}]}]}
BOTH = [{"fact": "urza's mine you control", "min": 1}, {"fact": "urza's power-plant you control", "min": 1}]
TOWER = {"id": "tower", "name": "Urza's Tower", "subtypes": ["urza's", "tower"],
         "abilities": [{"add": "{C}{C}{C}", "if": BOTH}, {"add": "{C}", "unless": BOTH}]}
CRADLE = {"id": "cradle", "name": "Gaea's Cradle", "abilities": [{"add": "{G}", "times": {"fact": "creature you control"}}]}


def paid(problem: dict) -> dict:
    """The answer, which must be paid, verified and (when it is small enough) the reference's optimum."""
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] == "paid", answer
    assert verify(load_problem(copy.deepcopy(problem)), answer) == []
    expected = brute_pay(copy.deepcopy(problem))
    assert expected["status"] == "paid"
    assert answer["objective"] == expected["objective"]
    return answer


def status(problem: dict) -> str:
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] == brute_pay(copy.deepcopy(problem))["status"]
    return answer["status"]


def test_9_2_ashnods_altar_sacrifices_llanowar_elves_after_they_tap():
    answer = paid({"cost": "{2}{G}", "sources": [ELVES, ALTAR]})
    assert [(a["source"], a.get("sacrificed")) for a in answer["activations"]] == [("elves", None),
                                                                                 ("altar", ["elves"])]
    assert answer["sacrificed"] == 1 and answer["objective"]["min_sacrifices"] == 1


def test_9_2_verifier_rejects_elves_tapping_after_the_altar_sacrificed_them():
    problem = {"cost": "{2}{G}", "sources": [ELVES, ALTAR]}
    answer = tapwise.pay(copy.deepcopy(problem))
    answer["activations"].reverse()
    assert any("gone" in e for e in verify(load_problem(problem), answer))


def test_9_2_ashnods_altar_alone_needs_a_creature():
    assert status({"cost": "{2}", "sources": [ALTAR]}) == "infeasible"


def test_302_6_heritage_druid_taps_sick_elves():
    sick_elves = dict(ELVES, sick=True, count=2)
    answer = paid({"cost": "{G}{G}{G}", "sources": [DRUID, sick_elves]})
    (act,) = answer["activations"]
    assert act["source"] == "druid" and sorted(act["tapped"]) == ["druid", "elves", "elves"]
    # 302.6: the same sick Elves can't tap for mana themselves
    assert status({"cost": "{G}", "sources": [sick_elves]}) == "infeasible"


def test_302_6_elves_tapped_by_the_druid_cannot_also_tap_for_mana():
    assert status({"cost": "{G}{G}{G}{G}", "sources": [DRUID, dict(ELVES, count=2)]}) == "infeasible"


def test_9_2_storage_land_removes_only_what_it_needs():
    answer = paid({"cost": "{W}{U}{1}", "sources": [VAULT, {"name": "Forest"}]})
    (vault,) = [a for a in answer["activations"] if a["source"] == "vault"]
    assert vault["removed"] == 3 and answer["counters_removed"] == 3
    assert answer["objective"]["min_counters"] == 3
    answer = paid({"cost": "{W}", "sources": [VAULT, {"name": "Forest"}]})
    assert answer["counters_removed"] == 1


def test_9_2_storage_land_cannot_remove_more_than_it_has():
    vault = dict(VAULT, counters={"storage": 1})
    assert status({"cost": "{W}{U}", "sources": [vault, {"name": "Forest"}]}) == "infeasible"


def test_9_2_tainted_isle_with_and_without_a_swamp():
    assert status({"cost": "{U}", "facts": {"swamp you control": 0}, "sources": [TAINTED]}) == "infeasible"
    answer = paid({"cost": "{U}", "facts": {"swamp you control": 1}, "sources": [TAINTED]})
    assert answer["activations"][0]["ability"] == 1


def test_9_2_urzas_tower_with_and_without_the_other_two():
    facts = {"urza's mine you control": 1, "urza's power-plant you control": 1}
    assert paid({"cost": "{3}", "facts": facts, "sources": [TOWER]})["activations"][0]["adds"] == "{C}{C}{C}"
    no_plant = dict(facts, **{"urza's power-plant you control": 0})
    assert status({"cost": "{3}", "facts": no_plant, "sources": [TOWER]}) == "infeasible"
    assert paid({"cost": "{1}", "facts": no_plant, "sources": [TOWER]})["activations"][0]["adds"] == "{C}"


def test_9_7_gaeas_cradle_with_no_creatures_makes_nothing():
    assert status({"cost": "{G}", "facts": {"creature you control": 0}, "sources": [CRADLE]}) == "infeasible"
    answer = paid({"cost": "{G}{G}{G}", "facts": {"creature you control": 3}, "sources": [CRADLE]})
    assert answer["activations"][0]["adds"] == "{G}{G}{G}"


def test_9_1_tolarian_academy_reads_the_treasure_before_it_is_sacrificed():
    academy = {"id": "academy", "abilities": [{"add": "{U}", "times": {"fact": "artifact you control"}}]}
    treasure = {"id": "treasure", "types": ["artifact"], "counts": ["artifact you control"],
                "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}
    problem = {"cost": "{U}{U}{U}", "facts": {"artifact you control": 2}, "sources": [academy, dict(treasure, count=2)]}
    answer = paid(problem)
    assert [a["source"] for a in answer["activations"]] == ["academy", "treasure"]
    answer["activations"].reverse()  # the Treasure first: the Academy reads one artifact fewer
    assert any("can't add" in e for e in verify(load_problem(problem), answer))


def test_9_1_gaeas_cradle_reads_after_the_altar_when_that_wastes_less():
    elves = dict(ELVES, count=2, tapped=True, counts=["creature you control"])
    answer = paid({"cost": "{C}{C}{G}", "facts": {"creature you control": 2}, "sources": [elves, ALTAR, CRADLE]})
    assert [a["source"] for a in answer["activations"]] == ["altar", "cradle"]
    assert answer["objective"]["min_waste"] == 0


def test_9_1_simian_spirit_guide_from_hand_counts_as_a_card_not_a_sacrifice():
    guide = {"id": "guide", "types": ["creature"], "zone": "hand",
             "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]}
    answer = paid({"cost": "{R}", "sources": [guide]})
    assert answer["sacrificed"] == 0 and answer["objective"]["min_cards"] == 1
    with pytest.raises(ProblemError, match=r"sources\[0\]\.abilities\[0\]\.tap"):
        load_problem({"cost": "{R}", "sources": [dict(guide, abilities=[{"add": "{R}"}])]})


def test_9_2_lions_eye_diamond_discards_cards_it_has():
    diamond = {"id": "led", "types": ["artifact"],
               "abilities": [{"add": {"one_color": 3}, "tap": False, "sacrifice": True, "discard": 2}]}
    answer = paid({"cost": "{R}{R}{R}", "hand": 2, "sources": [diamond]})
    assert answer["discarded"] == 2 and answer["objective"]["min_cards"] == 2
    assert status({"cost": "{R}{R}{R}", "hand": 1, "sources": [diamond]}) == "infeasible"


def test_9_6_a_drawback_is_avoided_when_it_can_be():
    land = {"id": "land", "abilities": [{"add": "{G}{G}", "drawback": "doesn't untap during your next untap step"},
                                        {"add": "{G}"}]}
    assert paid({"cost": "{G}", "sources": [land]})["drawbacks"] == []
    answer = paid({"cost": "{G}{G}", "sources": [land]})
    assert answer["objective"]["min_drawbacks"] == 1 and answer["drawbacks"][0]["source"] == "land"


def test_9_2_any_color_of_commander_colors_and_chosen():
    tower = {"id": "ct", "abilities": [{"add": {"any_color": 1, "of": {"fact": "commander colors"}}}]}
    assert status({"cost": "{B}", "facts": {"commander colors": "WUG"}, "sources": [tower]}) == "infeasible"
    paid({"cost": "{U}", "facts": {"commander colors": "WUG"}, "sources": [tower]})
    chosen = {"id": "hall", "chosen": "R", "abilities": [{"add": {"one_color": 1, "of": "chosen"}}]}
    assert paid({"cost": "{R}", "sources": [chosen]})["activations"][0]["adds"] == "{R}"


def test_9_2_only_tags_match_for_tags():
    source = {"id": "s", "abilities": [{"add": "{C}{C}", "only": {"tags": ["kicked"]}}]}
    assert status({"cost": "{2}", "sources": [source]}) == "infeasible"
    paid({"cost": "{2}", "for": {"kind": "spell", "tags": ["kicked"]}, "sources": [source]})


def test_9_2_uses_any_is_limited_by_life():
    ritual = {"id": "r", "types": ["creature"], "abilities": [{"add": "{B}", "tap": False, "uses": "any", "life": 1}]}
    paid({"cost": "{B}{B}{B}", "player": {"life": 4}, "sources": [ritual]})
    assert status({"cost": "{B}{B}{B}", "player": {"life": 3}, "sources": [ritual]}) == "infeasible"


def test_9_1_a_missing_fact_names_the_fact_and_the_field():
    answer = tapwise.pay({"cost": "{U}", "sources": [TAINTED]})
    assert answer["status"] == "error"
    assert "sources[0].abilities[1].if[0].fact" in answer["error"] and "swamp you control" in answer["error"]


@pytest.mark.parametrize("problem,path", [
    ({"cost": "{1}", "convoke": "yes"}, "convoke"),
    ({"cost": "{1}", "effects": [{"kind": "multiply"}]}, "effects[0].factor"),
    ({"cost": "{1}", "sources": [{"id": "cube", "abilities": [{"add": {"double_pool": True}, "times": 2}]}]},
     "sources[0].abilities[0].times"),
    ({"cost": "{1}", "sources": [{"id": "x", "counters": {"charge": -1}, "abilities": []}]}, "sources[0].counters.charge"),
])
def test_9_keys_not_honoured_or_bad_are_errors_naming_them(problem, path):
    answer = tapwise.pay(problem)
    assert answer["status"] == "error" and answer["error"].startswith(path), answer


def test_9_7_a_version_1_problem_keeps_section_5s_objectives_and_fields():
    answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}]})
    assert list(answer["objective"]) == ["min_life", "min_sacrifices", "min_sources", "min_waste"]
    assert "counters_removed" not in answer
    answer = tapwise.pay({"cost": "{G}", "facts": {"x": 1}, "sources": [{"name": "Forest"}]})
    assert list(answer["objective"]) == ["min_life", "min_sacrifices", "min_drawbacks", "min_cards", "min_counters",
                                         "min_sources", "min_waste"]


def test_9_1_castable_takes_the_board_facts():
    out = tapwise.castable({"facts": {"swamp you control": 1}, "sources": [TAINTED],
                            "costs": [{"cost": "{B}"}, {"cost": "{G}"}]})
    assert [r["status"] for r in out["results"]] == ["paid", "infeasible"]


def test_9_6_answer_fields_load_as_typed_values_and_back():
    from tapwise.models.answer import dump_answer, load_answer

    for problem in ({"cost": "{W}{U}{1}", "sources": [VAULT, {"name": "Forest"}]},
                    {"cost": "{2}{G}", "sources": [ELVES, ALTAR]},
                    {"cost": "{G}{G}{G}", "sources": [DRUID, dict(ELVES, sick=True, count=2)]}):
        answer = tapwise.pay(copy.deepcopy(problem))
        assert dump_answer(load_answer(answer)) == answer


def test_9_problem_round_trips_through_dump():
    from tapwise.models.problem import dump_problem

    problem = {"cost": "{G}", "facts": {"creature you control": 2, "commander colors": "WUG", "urza's mine you control": 1,
                                        "urza's power-plant you control": 0}, "hand": 2,
               "graveyard": 1, "library": 9, "for": {"kind": "spell", "types": [], "subtypes": [], "tags": ["kicked"]},
               "sources": [dict(DRUID, counts={"devotion to green": 1}, counters={"charge": 1}, facts={"power": 1}),
                           VAULT, TOWER, CRADLE, ALTAR]}
    loaded = load_problem(copy.deepcopy(problem))
    assert load_problem(dump_problem(loaded)) == loaded


def test_9_2_entries_of_one_card_stay_apart_when_costs_name_them():
    plain_elves = {"name": "Llanowar Elves", "types": ["creature"], "abilities": [{"add": "{G}"}]}
    answer = paid({"cost": "{4}{G}{G}", "sources": [dict(plain_elves, id="a"), dict(plain_elves, id="b"), ALTAR]})
    (altar,) = [a for a in answer["activations"] if a["source"] == "altar"]
    assert sorted(altar["sacrificed"]) == ["a", "b"]
