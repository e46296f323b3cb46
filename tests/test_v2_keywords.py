"""Spec 9.3: convoke (702.51), improvise (702.126), delve (702.66) and the object's own non-mana
costs (``other_costs``, 601.2h), rule by rule; each answer is checked by the verifier inside
``pay`` and here again, and tampered answers are rejected."""

from __future__ import annotations

import copy

import pytest

import tapwise
from tapwise.solver.verify.replay import verify


def creature(id_: str, colors: str = "G", count: int = 1, sick: bool = False, mana: str | None = "{G}",
             **extra) -> dict:
    src = {"id": id_, "types": ["creature"], "colors": colors, "count": count,
           "abilities": [{"add": mana}] if mana else []}
    if sick:
        src["sick"] = True
    return {**src, **extra}


TREASURE = {"id": "treasure", "types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}
SIGNET = {"id": "signet", "types": ["artifact"], "abilities": [{"add": "{U}{B}", "mana": "{1}"}]}
DISPUTE = {"sacrifice_other": {"types": ["artifact", "creature"]}}


def paid(problem: dict) -> dict:
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid", answer
    assert verify(problem, answer) == []
    return answer


def items(answer: dict, keyword: str) -> list[str]:
    return [m[keyword] for p in answer["payments"] for m in p.get("mana", []) if keyword in m]


def status(problem: dict) -> str:
    return tapwise.pay(problem)["status"]


# -- convoke -----------------------------------------------------------------------------------

def test_702_51_sick_elf_convokes_while_an_untapped_one_taps_for_green():
    # "Spend only green mana on X": convoke can't pay X (9.7), so the untapped Elves must tap for it
    problem = {"cost": "{X}{G}", "x": 1, "x_color": "G", "convoke": True,
               "sources": [creature("sick elf", sick=True), creature("elf")]}
    answer = paid(problem)
    assert [a["source"] for a in answer["activations"]] == ["elf"]  # 302.6: the sick one can't tap for mana
    assert items(answer, "convoke") == ["sick elf"]
    assert answer["convoked"] == 1 and answer["objective"]["min_sources"] == 2
    assert answer["colors_spent"] == ["G"]  # convoke is not mana spent (9.7)


def test_702_51a_a_creature_that_taps_for_mana_cant_also_convoke():
    assert status({"cost": "{2}{G}", "convoke": True, "sources": [creature("sick elf", sick=True),
                                                                    creature("elf")]}) == "infeasible"


def test_702_51a_convoke_pays_the_colored_symbol_a_land_cant():
    problem = {"cost": "{1}{W}", "convoke": True,
               "sources": [creature("knight", colors="W", mana=None), {"name": "Forest"}]}
    answer = paid(problem)
    assert next(p for p in answer["payments"] if p["symbol"] == "{W}")["mana"] == [{"convoke": "knight"}]
    assert answer["colors_spent"] == ["G"]


def test_702_51a_a_creature_pays_only_its_own_colors_or_generic():
    board = [creature("bear", colors="G", mana=None), {"name": "Plains"}]
    assert status({"cost": "{1}{W}", "convoke": True, "sources": board}) == "paid"
    assert status({"cost": "{U}{W}", "convoke": True, "sources": board}) == "infeasible"
    # a hybrid symbol takes a creature of either color, a two-color creature pays either color
    assert status({"cost": "{U/G}{W}", "convoke": True, "sources": board}) == "paid"
    gold = [creature("gold", colors="UG", mana=None), {"name": "Plains"}]
    assert status({"cost": "{U}{W}", "convoke": True, "sources": gold}) == "paid"


@pytest.mark.parametrize("cost", ["{C}", "{S}"])
def test_9_7_convoke_never_pays_colorless_or_snow(cost):
    assert status({"cost": cost, "convoke": True, "improvise": True,
                   "sources": [creature("bear", mana=None), {"id": "stone", "types": ["artifact"], "abilities": []}]}) \
        == "infeasible"


def test_702_51_a_tapped_creature_cant_convoke_and_a_colorless_one_pays_generic():
    assert status({"cost": "{1}", "convoke": True, "sources": [creature("bear", tapped=True, mana=None)]}) == "infeasible"
    answer = paid({"cost": "{2}", "convoke": True, "sources": [creature("golem", colors="", count=2, mana=None)]})
    assert answer["convoked"] == 2 and answer["objective"]["min_sources"] == 2


def test_702_51_chord_of_calling_convokes_x():
    problem = {"cost": "{X}{G}{G}{G}", "x": "max", "convoke": True,
               "sources": [creature("elf", count=3, sick=True), {"name": "Forest", "count": 2}]}
    answer = paid(problem)
    assert answer["x"] == 2 and answer["convoked"] == 3


def test_9_7_convoke_doesnt_pay_x_under_x_color():
    problem = {"cost": "{X}{B}", "x": 1, "x_color": "B", "convoke": True,
               "sources": [creature("zombie", colors="B", count=2, mana=None)]}
    assert status(problem) == "infeasible"
    answer = paid({**problem, "sources": problem["sources"] + [{"name": "Swamp"}]})
    assert next(p for p in answer["payments"] if p["symbol"] == "{X}")["mana"][0]["source"] == "Swamp"


def test_702_86_under_achroma_convoke_pays_colored_and_increased_generic_only():
    board = [creature("elf", count=2, mana=None)]
    assert status({"cost": "{2}", "keywords": ["achroma"], "convoke": True, "sources": board}) == "infeasible"
    assert status({"cost": "{G}", "increase": ["{1}"], "keywords": ["achroma"], "convoke": True,
                   "sources": board}) == "paid"  # 702.86e: the increase's generic takes any payment
    assert status({"cost": "{1}{G}", "keywords": ["achroma"], "convoke": True,
                   "sources": board + [{"name": "Wastes"}]}) == "paid"


# -- improvise ---------------------------------------------------------------------------------

def test_702_126a_improvise_and_a_signet_on_the_same_artifact_it_cant_do_both():
    board = [SIGNET, {"name": "Island"}]
    assert status({"cost": "{3}", "improvise": True, "sources": board}) == "infeasible"
    answer = paid({"cost": "{2}", "improvise": True, "sources": board})
    activated = {a["source"] for a in answer["activations"]}
    assert not ("signet" in activated and "signet" in items(answer, "improvise"))


def test_702_126a_improvise_pays_generic_only_and_not_with_creatures():
    ornithopter = {"id": "ornithopter", "types": ["artifact", "creature"], "abilities": []}
    assert status({"cost": "{U}", "improvise": True, "sources": [ornithopter]}) == "infeasible"
    answer = paid({"cost": "{1}{U}", "improvise": True, "sources": [ornithopter, {"name": "Island"}]})
    assert items(answer, "improvise") == ["ornithopter"] and answer["improvised"] == 1
    assert status({"cost": "{1}", "improvise": True, "sources": [creature("bear", mana=None)]}) == "infeasible"


def test_702_126_an_artifact_creature_convokes_or_improvises_not_both():
    ornithopter = {"id": "ornithopter", "types": ["artifact", "creature"], "abilities": []}
    assert status({"cost": "{2}", "improvise": True, "convoke": True, "sources": [ornithopter]}) == "infeasible"
    answer = paid({"cost": "{1}", "improvise": True, "convoke": True, "sources": [ornithopter]})
    assert answer["convoked"] + answer["improvised"] == 1


# -- delve -------------------------------------------------------------------------------------

def test_702_66a_delve_with_fewer_cards_than_generic():
    problem = {"cost": "{4}{U}", "delve": True, "graveyard": 2, "sources": [{"name": "Island", "count": 3}]}
    answer = paid(problem)
    assert answer["delved"] == 2 and answer["objective"]["min_cards"] == 2
    assert status({**problem, "graveyard": 1}) == "infeasible"


def test_702_66a_delve_pays_no_colored_symbol():
    assert status({"cost": "{U}", "delve": True, "graveyard": 5}) == "infeasible"
    assert paid({"cost": "{3}", "delve": True, "graveyard": 5})["delved"] == 3


def test_9_7_cards_discarded_by_a_mana_ability_can_be_delved():
    looter = {"id": "looter", "types": ["artifact"], "abilities": [{"add": "{U}", "discard": 1}]}
    problem = {"cost": "{1}{U}", "delve": True, "hand": 1, "graveyard": 0, "sources": [looter]}
    answer = paid(problem)
    assert answer["delved"] == 1 and answer["discarded"] == 1 and answer["objective"]["min_cards"] == 2


def test_9_6_min_cards_prefers_mana_to_delving():
    answer = paid({"cost": "{2}", "delve": True, "graveyard": 3, "sources": [{"name": "Island", "count": 2}]})
    assert answer["delved"] == 0


# -- other_costs -------------------------------------------------------------------------------

def test_601_2h_deadly_dispute_sacrifices_a_treasure_or_taps_it():
    assert status({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [TREASURE, {"name": "Swamp"}]}) == "infeasible"
    answer = paid({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [TREASURE, {"name": "Swamp", "count": 2}]})
    assert answer["other_costs"] == {"sacrificed": ["treasure"]}
    assert answer["sacrificed"] == 1 and not any(a["source"] == "treasure" for a in answer["activations"])
    answer = paid({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [{**TREASURE, "count": 2}, {"name": "Swamp"}]})
    assert answer["sacrificed"] == 2 and answer["other_costs"] == {"sacrificed": ["treasure"]}


def test_601_2h_a_creature_taps_for_mana_then_is_sacrificed_for_the_cost():
    answer = paid({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [creature("elf"), {"name": "Swamp"}]})
    assert answer["other_costs"]["sacrificed"] == ["elf"] and any(a["source"] == "elf" for a in answer["activations"])


def test_601_2h_a_convoked_creature_may_then_be_sacrificed():
    answer = paid({"cost": "{1}{B}", "convoke": True, "other_costs": DISPUTE,
                   "sources": [creature("thrull", colors="B", mana=None), {"name": "Swamp"}]})
    assert items(answer, "convoke") == ["thrull"] and answer["other_costs"]["sacrificed"] == ["thrull"]


def test_601_2h_other_costs_tap_an_untapped_creature_that_then_cant_convoke():
    tap_two = {"tap_other": {"types": ["creature"], "n": 2}}
    board = [creature("bear", count=2, mana=None), {"name": "Forest"}]
    answer = paid({"cost": "{G}", "other_costs": tap_two, "sources": board})
    assert answer["other_costs"] == {"tapped": ["bear", "bear"]} and answer["objective"]["min_sources"] == 3
    assert status({"cost": "{1}{G}", "convoke": True, "other_costs": tap_two, "sources": board}) == "infeasible"


def test_601_2h_cathartic_reunion_discards_two_and_escape_exiles_from_the_graveyard():
    reunion = {"cost": "{1}{R}", "other_costs": {"discard": 2}, "sources": [{"name": "Mountain", "count": 2}]}
    assert status({**reunion, "hand": 1}) == "infeasible"
    answer = paid({**reunion, "hand": 2})
    assert answer["discarded"] == 2 and answer["objective"]["min_cards"] == 2
    assert answer["other_costs"] == {"discarded": 2}
    escape = {"cost": "{R}", "other_costs": {"exile_graveyard": 3}, "sources": [{"name": "Mountain"}]}
    assert status({**escape, "graveyard": 2}) == "infeasible"
    assert paid({**escape, "graveyard": 3})["other_costs"] == {"exiled": 3}
    # delve and escape share the graveyard
    assert status({**escape, "cost": "{2}{R}", "delve": True, "graveyard": 4}) == "infeasible"
    assert paid({**escape, "cost": "{2}{R}", "delve": True, "graveyard": 5})["delved"] == 2


def test_601_2h_other_costs_mill_is_bounded_by_the_library():
    problem = {"cost": "{R}", "other_costs": {"mill": 2}, "sources": [{"name": "Mountain"}]}
    assert status({**problem, "library": 1}) == "infeasible"
    assert paid({**problem, "library": 2})["objective"]["min_cards"] == 2
    assert paid(problem)["other_costs"] == {"milled": 2}  # an unbounded library


# -- questions and errors ----------------------------------------------------------------------

def test_castable_and_the_prepared_board_answer_as_pay():
    board = {"sources": [creature("elf", count=2), {"name": "Forest"}, {"name": "Forest"}, TREASURE],
             "graveyard": 2}
    costs = [{"cost": "{3}{G}", "convoke": True}, {"cost": "{4}", "delve": True, "improvise": True},
             {"cost": "{1}{G}", "other_costs": DISPUTE}, {"cost": "{6}{G}", "convoke": True}]
    prepared = tapwise.prepare(board)
    together = tapwise.castable({"query": "castable", **board, "costs": costs})["results"]
    for cost, answer in zip(costs, together):
        alone = tapwise.pay({**cost, **board})
        assert prepared.pay(cost) == alone == answer
    assert [a["status"] for a in together] == ["paid", "paid", "paid", "infeasible"]


@pytest.mark.parametrize("problem,path", [
    ({"cost": "{1}", "convoke": 1}, "convoke"),
    ({"cost": "{1}", "delve": None}, "delve"),
    ({"cost": "{1}", "other_costs": {"sacrifice": True}}, "other_costs"),
    ({"cost": "{1}", "other_costs": {"discard": -1}}, "other_costs.discard"),
    ({"cost": "{1}", "other_costs": {"sacrifice_other": {"types": ["creature"], "self": True}}},
     "other_costs.sacrifice_other.self"),
    ({"cost": "{1}", "other_costs": {"tap_other": {"n": 0}}}, "other_costs.tap_other.n"),
    ({"cost": "{1}", "other_costs": []}, "other_costs"),
    ({"cost": "{1}", "convoke": 1, "keep": [{"cost": "{1}"}]}, "convoke"),
    ({"cost": "{1}", "keep": [{"cost": "{1}", "delve": "yes"}]}, "keep[0].delve"),
])
def test_9_3_bad_or_unsupported_keys_are_errors_naming_them(problem, path):
    answer = tapwise.pay(problem)
    assert answer["status"] == "error" and answer["error"].startswith(path), answer


def test_9_3_plan_takes_the_keys_and_names_a_bad_value():
    # plan pays them since issue #25 (tests/test_plan_keywords.py); a bad value is named
    answer = tapwise.plan({"sources": [{"name": "Forest"}], "costs": [{"cost": "{G}"}, {"cost": "{1}", "improvise": 1}]})
    assert answer["status"] == "error" and answer["error"].startswith("costs[1].improvise"), answer
    answer = tapwise.plan({"sources": [{"name": "Forest"}, {"id": "rock", "types": ["artifact"], "abilities": []}],
                           "costs": [{"cost": "{G}"}, {"cost": "{1}", "improvise": True}]})
    assert answer["paid"] == [0, 1] and answer["answers"][1]["improvised"] == 1, answer


def test_9_3_the_keys_round_trip_through_dump_problem():
    from tapwise.models.problem import dump_problem
    from tapwise.models.loader import load_problem
    raw = {"cost": "{1}{B}", "convoke": True, "delve": True, "improvise": True,
           "other_costs": {"sacrifice_other": {"types": ["creature"], "n": 1}, "discard": 1}}
    loaded = load_problem(raw)
    assert load_problem(dump_problem(loaded)) == loaded
    assert load_problem({"cost": "{1}", "convoke": False}).payment is None


# -- the verifier ------------------------------------------------------------------------------

def _tampered(problem: dict, change) -> list[str]:
    answer = copy.deepcopy(tapwise.pay(problem))
    assert answer["status"] == "paid"
    change(answer)
    return verify(problem, answer)


def test_verifier_rejects_a_convoke_by_a_creature_that_tapped_for_mana():
    problem = {"cost": "{1}{G}", "convoke": True, "sources": [creature("sick elf", sick=True), creature("elf")]}

    def swap(answer):
        for p in answer["payments"]:
            for m in p["mana"]:
                if "convoke" in m:
                    m["convoke"] = "elf"
    assert any("untapped" in e for e in _tampered(problem, swap))


def test_verifier_rejects_keywords_paying_what_they_cant():
    problem = {"cost": "{1}{U}", "improvise": True, "delve": True, "graveyard": 1,
               "sources": [{"id": "ornithopter", "types": ["artifact", "creature"], "abilities": []}, {"name": "Island"}]}

    def onto_blue(answer):
        one = next(p for p in answer["payments"] if p["symbol"] == "{1}")
        blue = next(p for p in answer["payments"] if p["symbol"] == "{U}")
        one["mana"], blue["mana"] = blue["mana"], one["mana"]
    assert any("can't pay {U}" in e for e in _tampered(problem, onto_blue))

    def twice(answer):
        one = next(p for p in answer["payments"] if p["symbol"] == "{1}")
        one["mana"] = [{"delve": 1}]
        answer["delved"] = 1
        answer["improvised"] = 0
    assert _tampered(problem, twice) != []  # the objective and the fields no longer match
    assert any("graveyard" in e for e in _tampered({**problem, "graveyard": 0, "delve": True},
                                                   lambda a: a["payments"][0].update(mana=[{"delve": 1}])))


def test_verifier_rejects_other_costs_that_take_a_gone_treasure():
    problem = {"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [{**TREASURE, "count": 2}, {"name": "Swamp"}]}
    errors = _tampered(problem, lambda a: a["other_costs"].update(sacrificed=["Swamp"]))
    assert any("may take" in e for e in errors)
    errors = _tampered(problem, lambda a: a.pop("other_costs"))
    assert any("other_costs" in e for e in errors)


def test_9_6_a_convoked_copy_and_one_sacrificed_for_mana_are_two_sources():
    blood_pet = {"id": "blood pet", "types": ["creature"], "colors": "B", "count": 2,
                 "abilities": [{"add": "{B}", "tap": False, "sacrifice": True}]}
    # sacrificing one and convoking the other is two copies, as convoking both is: never one
    answer = paid({"cost": "{B}{B}", "convoke": True, "objective": ["min_sources"], "sources": [blood_pet]})
    assert answer["objective"]["min_sources"] == 2 == answer["sources_used"]
    answer = paid({"cost": "{B}{B}", "convoke": True, "objective": ["min_sacrifices"], "sources": [blood_pet]})
    assert answer["convoked"] == 2


def test_702_86e_achromas_own_two_brid_half_is_apart_from_an_increases():
    """Under Achroma, the {2/G} of the object's own cost is paid with colorless mana only and an
    increase's {2/G} with any mana (702.86a, e): two generic categories, never pooled (a keyword
    pays only the increase's)."""
    base = {"cost": "{2/G}", "increase": ["{2/G}"], "keywords": ["achroma"], "hand": 1}
    assert status({**base, "sources": [{"name": "Mountain", "count": 4}]}) == "infeasible"
    assert status({**base, "sources": [{"name": "Mountain", "count": 2}, {"name": "Wastes", "count": 2}]}) == "paid"
    bears = [creature("bear", colors="", count=2, mana=None)]
    answer = paid({**base, "improvise": False, "convoke": True, "sources": bears + [{"name": "Wastes", "count": 2}]})
    assert answer["convoked"] == 2
    assert status({**base, "convoke": True, "sources": bears + [{"name": "Mountain", "count": 2}]}) == "infeasible"


def test_9_3_infeasible_answers_say_why_without_the_mana_count():
    answer = tapwise.pay({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [{"name": "Swamp", "count": 2}]})
    assert answer["why"].startswith("other_costs.sacrifice_other needs 1 permanent of that kind")
    answer = tapwise.pay({"cost": "{1}{R}", "other_costs": {"discard": 2}, "hand": 1, "sources": [{"name": "Mountain"}]})
    assert answer["why"] == "other_costs.discard needs 2 cards but the hand has 1"
    answer = tapwise.pay({"cost": "{2}{G}", "convoke": True, "sources": [creature("elf")]})
    assert "convoke" in answer["why"] and "at most" not in answer["why"]  # the mana count would understate
    answer = tapwise.pay({"cost": "{1}{B}", "other_costs": DISPUTE, "sources": [TREASURE, {"name": "Swamp"}]})
    assert answer["status"] == "infeasible" and "other_costs" in answer["why"]


def test_9_3_the_terminal_plan_names_the_payers():
    from tapwise.render import render
    text = render(paid({"cost": "{1}{W}", "convoke": True, "delve": True, "graveyard": 1,
                        "sources": [creature("knight", colors="W", mana=None)]}))
    assert "convoke knight" in text and "delve 1 card" in text and "convoked 1" in text


def test_9_3_typed_answers_round_trip_the_keyword_items_and_fields():
    from tapwise.models.answer import load_answer
    from tapwise.models.payment_keywords import KeywordUnit
    answer = paid({"cost": "{2}{W}", "convoke": True, "delve": True, "graveyard": 1, "other_costs": DISPUTE,
                   "sources": [creature("knight", colors="W", mana=None), TREASURE]})
    typed = load_answer(answer)
    assert typed.to_json() == answer and typed.convoked == 1 and typed.delved == 1
    assert any(isinstance(u, KeywordUnit) for p in typed.payments for u in p.mana)


def test_9_2_a_blood_pet_tapped_by_springleaf_drum_is_sacrificed_after():
    """A permanent may be tapped by another's cost and then sacrifice itself, not the reverse:
    the answer lists them in that order, and the verifier rejects the reverse (it tracks every
    copy of a version 2 board, also those of plain abilities)."""
    drum = {"id": "springleaf drum", "types": ["artifact"],
            "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]}
    pet = {"id": "blood pet", "types": ["creature"], "colors": "B",
           "abilities": [{"add": "{B}", "tap": False, "sacrifice": True}]}
    problem = {"cost": "{1}{B}", "hand": 1, "sources": [pet, drum]}
    answer = paid(problem)
    assert [a["source"] for a in answer["activations"]] == ["springleaf drum", "blood pet"]
    reverse = copy.deepcopy(answer)
    reverse["activations"].reverse()
    assert any("blood pet" in e for e in verify(problem, reverse))
