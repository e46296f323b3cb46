"""The board's static abilities (tapwise's 9.8 ``statics``, docs/statics.md) and the 106.12b
replacements read from permanents' Oracle text: by rule, by name (CLI board, JSON, Python), the
errors, and against the brute-force reference (tests/reference/statics_brute.py) on random
problems."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tapwise
from reference.statics_brute import brute_pay_statics, with_statics_applied
from tapwise.models.cards.board import read_board
from tapwise.models.cards.board_effects import board_effect_sentences, unread_board_sentences
from tapwise.models.cards.board_effects import read_board_effects as read_statics
from tapwise.models.cards.catalog import card_info
from test_against_reference import COMMON
from test_v2_effects import PROBLEM_SCHEMA


def _quick(cost: str, board: str, **keys) -> dict:
    """What ``tapwise pay COST --board BOARD`` asks (the CLI's quick mode)."""
    from tapwise.models.cards.board import spell_for

    spell = spell_for(cost) or {"cost": cost}
    return tapwise.pay({**spell, **read_board(board).problem_keys(), **keys})


# --- 106.12b replacements by name (9.4 effects) -------------------------------------------------

def test_106_12b_mana_reflection_doubles_two_forests_into_gggg():
    answer = _quick("{G}{G}{G}{G}", "2 Forest, Mana Reflection")
    assert answer["status"] == "paid"
    assert _quick("{G}{G}{G}{G}{G}", "2 Forest, Mana Reflection")["status"] == "infeasible"


def test_106_12b_nyxbloom_ancient_triples():
    assert _quick("{G}{G}{G}{G}{G}{G}", "2 Forest, Nyxbloom Ancient")["status"] == "paid"
    assert _quick("{G}{G}{G}{G}{G}{G}{G}", "2 Forest, Nyxbloom Ancient")["status"] == "infeasible"


def test_106_12a_mana_flare_and_heartbeat_and_zendikar_resurgent_add_one_of_the_type():
    for card in ("Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent"):
        assert _quick("{G}{G}{G}{G}", f"2 Forest, {card}")["status"] == "paid", card


def test_106_12b_damping_sphere_makes_ancient_tomb_a_single_colorless():
    assert _quick("{2}", "Ancient Tomb")["status"] == "paid"
    assert _quick("{2}", "Ancient Tomb, Damping Sphere")["status"] == "infeasible"
    assert _quick("{1}", "Ancient Tomb, Damping Sphere")["status"] == "paid"
    assert _quick("{G}", "Forest, Damping Sphere")["status"] == "paid"  # one mana: untouched


def test_106_12b_contamination_makes_every_land_black():
    assert _quick("{B}{B}", "Forest, Mountain, Contamination")["status"] == "paid"
    assert _quick("{G}", "Forest, Contamination")["status"] == "infeasible"


def test_106_12_an_opponents_damping_sphere_and_mana_flare_reach_your_lands_not_reflection():
    def status(cost: str, mine: str, theirs: str) -> str:
        return tapwise.pay({"cost": cost, "sources": [{"name": mine}],
                            "opponent_sources": [{"name": theirs}]})["status"]

    assert status("{2}", "Ancient Tomb", "Damping Sphere") == "infeasible"  # "If a land is tapped"
    assert status("{G}{G}", "Forest", "Mana Flare") == "paid"  # "Whenever a player taps"
    assert status("{B}", "Forest", "Contamination") == "paid"
    assert status("{G}{G}", "Forest", "Mana Reflection") == "infeasible"  # "If you tap"


def test_mana_effects_read_from_oracle_text_in_a_json_source_too():
    oracle = card_info("Mana Reflection").oracle
    problem = {"cost": "{G}{G}", "sources": [{"name": "Forest"},
                                             {"oracle": oracle, "types": ["enchantment"]}]}
    assert tapwise.pay(problem)["status"] == "paid"


# --- 613 layers: types and abilities granted ------------------------------------------------

def test_305_6_urborg_makes_a_forest_a_swamp_that_taps_for_black():
    assert _quick("{B}{B}", "Forest, Urborg, Tomb of Yawgmoth")["status"] == "paid"
    answer = tapwise.pay({"cost": "{B}", "sources": [{"name": "Forest"},
                                                     {"name": "Urborg, Tomb of Yawgmoth",
                                                      "tapped": True}]})
    assert answer["status"] == "paid"
    assert answer["activations"] == [{"source": "Forest", "ability": 1, "adds": "{B}", "times": 1}]


def test_305_6_yavimaya_and_prismatic_omen():
    assert _quick("{G}{G}", "Island, Yavimaya, Cradle of Growth")["status"] == "paid"
    assert _quick("{W}{U}{B}", "Wastes, Island, Swamp, Prismatic Omen")["status"] == "paid"
    assert _quick("{W}{U}{B}{R}", "Wastes, Island, Swamp, Prismatic Omen")["status"] == "infeasible"


def test_305_7_blood_moon_forbids_a_nonbasic_lands_colors():
    assert _quick("{U}", "Watery Grave")["status"] == "paid"
    assert _quick("{U}", "Watery Grave, Blood Moon")["status"] == "infeasible"
    assert _quick("{R}", "Watery Grave, Blood Moon")["status"] == "paid"
    assert _quick("{U}", "Island, Blood Moon")["status"] == "paid"  # basics are untouched
    assert _quick("{C}", "Ancient Tomb, Blood Moon")["status"] == "infeasible"


def test_613_8a_blood_moon_strips_urborg_whatever_the_order():
    for board in ("Forest, Urborg, Tomb of Yawgmoth, Blood Moon",
                  "Blood Moon, Forest, Urborg, Tomb of Yawgmoth"):
        assert _quick("{B}", board)["status"] == "infeasible", board
        assert _quick("{R}{G}", board)["status"] == "paid", board


def test_613_7_blood_moon_and_prismatic_omen_in_timestamp_order():
    # Omen after Blood Moon: a nonbasic land is a Mountain and every basic land type (305.7)
    assert _quick("{U}", "Watery Grave, Blood Moon, Prismatic Omen")["status"] == "paid"
    # Blood Moon after Omen: a Mountain only
    assert _quick("{U}", "Watery Grave, Prismatic Omen, Blood Moon")["status"] == "infeasible"
    assert _quick("{R}", "Watery Grave, Prismatic Omen, Blood Moon")["status"] == "paid"


def test_613_1f_chromatic_lantern_beats_blood_moon():
    assert _quick("{U}{U}", "Watery Grave, Blood Moon, Chromatic Lantern")["status"] == "paid"
    assert _quick("{W}{U}{B}{R}{G}", "5 Wastes, Chromatic Lantern")["status"] == "paid"


# --- 601.2f cost changes -----------------------------------------------------------------

def test_601_2f_thalia_adds_1_to_a_noncreature_spell_only():
    bolt = _quick("Lightning Bolt", "Mountain, Thalia, Guardian of Thraben")
    assert bolt["status"] == "infeasible"
    paid = _quick("Lightning Bolt", "2 Mountain, Thalia, Guardian of Thraben")
    assert paid["status"] == "paid" and paid["total_cost"] == "{1}{R}"
    assert _quick("Goblin Guide", "Mountain, Thalia, Guardian of Thraben")["total_cost"] == "{R}"


def test_601_2f_sphere_of_resistance_adds_1_each():
    assert _quick("Grizzly Bears", "3 Forest, Sphere of Resistance")["total_cost"] == "{2}{G}"
    assert _quick("Grizzly Bears", "4 Forest, 2 Sphere of Resistance")["total_cost"] == "{3}{G}"


def test_601_2f_goblin_electromancer_reduces_instants_and_sorceries():
    assert _quick("Lightning Strike", "Mountain, Goblin Electromancer")["total_cost"] == "{R}"
    assert _quick("Goblin Guide", "Mountain, Goblin Electromancer")["total_cost"] == "{R}"
    assert _quick("Hill Giant", "4 Mountain, Goblin Electromancer")["total_cost"] == "{3}{R}"


def test_118_7_medallions_reduce_only_generic_of_their_colors_spells():
    assert _quick("Hill Giant", "3 Mountain, Ruby Medallion")["total_cost"] == "{2}{R}"
    assert _quick("Lightning Bolt", "Mountain, Ruby Medallion")["total_cost"] == "{R}"  # no generic
    assert _quick("Grizzly Bears", "2 Forest, Ruby Medallion")["total_cost"] == "{1}{G}"
    assert _quick("Grizzly Bears", "Forest, Emerald Medallion")["total_cost"] == "{G}"


def test_601_2f_helm_of_awakening_and_sphere_cancel():
    assert _quick("Hill Giant", "3 Mountain, Helm of Awakening")["total_cost"] == "{2}{R}"
    assert _quick("Hill Giant", "4 Mountain, Helm of Awakening, Sphere of Resistance"
                  )["total_cost"] == "{3}{R}"


def test_202_2_for_colors_decides_a_medallion():
    base = {"cost": "{2}", "sources": [{"name": "Wastes"}, {"name": "Ruby Medallion"}]}
    assert tapwise.pay(base)["status"] == "infeasible"  # colorless: no discount
    assert tapwise.pay({**base, "for": {"colors": "R"}})["status"] == "paid"


def test_cost_statics_apply_to_each_kept_and_castable_cost_by_its_own_for():
    board = {"sources": [{"name": "Mountain", "count": 2}, {"name": "Thalia, Guardian of Thraben"}]}
    instant = {"cost": "{1}{R}", "for": {"types": ["instant"]}}
    creature = {"cost": "{1}{R}", "for": {"types": ["creature"]}}
    answer = tapwise.castable({**board, "costs": [instant, creature]})
    assert [a["status"] for a in answer["results"]] == ["infeasible", "paid"]
    prepared = tapwise.prepare(board)
    assert [prepared.pay(c)["status"] for c in (instant, creature)] == ["infeasible", "paid"]
    kept = tapwise.pay({**board, "cost": "{R}", "for": {"types": ["creature"]},
                        "keep": [{"cost": "{R}", "for": {"types": ["creature"]}}, instant]})
    assert kept["kept"] == [0]  # the instant would need {1}{R}: Thalia's {1} too (9.5)


def test_613_an_opponents_blood_moon_urborg_and_thalia_reach_your_side():
    def status(cost: str, mine: list, theirs: list, **keys) -> str:
        return tapwise.pay({"cost": cost, "sources": [{"name": n} for n in mine],
                            "opponent_sources": [{"name": n} for n in theirs], **keys})["status"]

    assert status("{U}", ["Watery Grave"], ["Blood Moon"]) == "infeasible"  # "Nonbasic lands"
    assert status("{B}", ["Forest"], ["Urborg, Tomb of Yawgmoth"]) == "paid"  # "Each land"
    assert status("{B}", ["Forest"], ["Urborg, Tomb of Yawgmoth", "Blood Moon"]) == "infeasible"
    assert status("{W}", ["Forest"], ["Prismatic Omen"]) == "infeasible"  # "Lands you control"
    assert status("{R}", ["Mountain"], ["Thalia, Guardian of Thraben"],
                  **{"for": {"types": ["instant"]}}) == "infeasible"  # "Noncreature spells"
    assert status("{1}{R}", ["Mountain"], ["Ruby Medallion"]) == "infeasible"  # "you cast"


def test_given_statics_replace_the_cards_own():
    problem = {"cost": "{U}", "sources": [{"name": "Watery Grave"}, {"name": "Blood Moon"}],
               "statics": []}
    assert tapwise.pay(problem)["status"] == "paid"


# --- errors and the schema -------------------------------------------------------------------

@pytest.mark.parametrize("statics, path", [
    ([{"kind": "add_subtype", "subtypes": ["swamp"]}], "statics[0].kind"),
    ([{"kind": "add_subtypes"}], "statics[0].subtypes"),
    ([{"kind": "add_subtypes", "subtypes": []}], "statics[0].subtypes"),
    ([{"kind": "increase"}], "statics[0].cost"),
    ([{"kind": "increase", "cost": "{Q}"}], "statics[0].cost"),
    ([{"kind": "reduce", "cost": "{1}", "for": {"types": "creature"}}], "statics[0].for.types"),
    ([{"kind": "add_ability", "when": {"types": ["land"]}}], "statics[0].ability"),
    ([{"kind": "add_ability", "ability": {"add": "{Q}"}}], "statics[0].ability.add"),
    ([{"kind": "set_subtypes", "subtypes": ["mountain"], "from": "nobody"}], "statics[0].from"),
    ([{"kind": "set_subtypes", "subtypes": ["mountain"], "when": {"not_supertypes": ["big"]}}],
     "statics[0].when.not_supertypes[0]"),
])
def test_bad_statics_are_errors_naming_the_field(statics, path):
    problem = {"cost": "{1}", "sources": [{"name": "Forest"}], "statics": statics}
    answer = tapwise.pay(problem)
    assert answer["status"] == "error" and answer["error"].startswith(path + ":"), answer
    assert not PROBLEM_SCHEMA.is_valid(problem) or path.endswith(("from", ".cost", ".add"))


def test_bad_for_colors_is_an_error():
    answer = tapwise.pay({"cost": "{1}", "for": {"colors": "Q"}, "sources": []})
    assert answer["status"] == "error" and answer["error"].startswith("for.colors:")


# --- the reader ------------------------------------------------------------------------------

def test_the_reader_names_what_it_reads_and_what_it_does_not():
    assert board_effect_sentences(card_info("Thalia, Guardian of Thraben")) == {
        "Noncreature spells cost {1} more to cast"}
    assert board_effect_sentences(card_info("Grand Arbiter Augustin IV")) >= {
        "Spells your opponents cast cost {1} more to cast"}  # read: it changes nothing of yours
    assert [s for s, _ in unread_board_sentences(card_info("Trinisphere"))] == [
        "As long as this artifact is untapped, each spell that would cost less than three mana "
        "to cast costs three mana to cast"]
    assert read_statics("Nonbasic lands are Islands.").statics == (
        {"kind": "set_subtypes", "when": {"types": ["land"], "not_supertypes": ["basic"],
                                          "controller": "any"}, "subtypes": ["island"]},)
    assert read_statics("Red creature spells and green creature spells cost {1} more to cast."
                        ).statics[0]["for"] == {"kind": "spell", "any_of": [
                            {"colors": ["R"], "types": ["creature"]},
                            {"colors": ["G"], "types": ["creature"]}]}


def test_every_library_card_with_statics_loads():
    from tapwise.models.cards.catalog import library

    with_statics = [c for c in library().values() if c.statics]
    assert len(with_statics) >= 150
    for card in with_statics:
        name = card.name.split(" // ")[0]
        facts = {st["each"]: 1 for st in card.statics if "each" in st}  # 601.2f "for each"
        facts |= {st["if"]["fact"]: 9 for st in card.statics if "if" in st}  # "As long as"
        source = {"name": name}
        if any("chosen" in st for st in card.statics):  # "of the chosen type" (9.1)
            source["chosen"] = "artifact"
        answer = tapwise.pay({"cost": "{1}", "sources": [{"name": "Wastes"}, source],
                              **({"facts": facts} if facts else {})})
        assert answer["status"] != "error", (name, answer)


BOARD_FLOOR = 0.97
"""docs/statics.md's board coverage figure: of the library's permanents with a static sentence
about mana or costs (a read one that changes nothing of the player's counts too), the share read
completely, the Un-set, playtest and Alchemy cards of models/cards/set_aside.py aside (357 of
368, 14 set aside, when this was written; 327 of 381 = 85.83% before, none set aside). The
figure rounded down: raise it with the figure."""


def test_board_coverage_keeps_its_floor():
    from tapwise.models.cards.board_effects import measure_board
    from tapwise.models.cards.catalog import library

    done, total, missed, aside = measure_board({c.name: (c.oracle, c.type_line)
                                                for c in library().values()
                                                if c.oracle is not None})
    assert total >= 300 and done / total >= BOARD_FLOOR, (done, total, missed[:5])
    # the Un-set, playtest and Alchemy cards set aside are named, each with why (set_aside.py)
    assert {"Cheap Ass", "Ladies' Knight", "A-Sorcerer Class"} <= {n for n, _ in aside}
    assert len(aside) <= 20 and all(why for _, why in aside)


def test_plan_pays_each_cost_with_its_own_cost_changes():
    board = {"sources": [{"name": "Mountain", "count": 3}, {"name": "Sphere of Resistance"}]}
    answer = tapwise.plan({**board, "costs": [{"cost": "{R}"}, {"cost": "{R}"}], "order": "any"})
    assert (answer["paid"], answer["unpaid"]) == ([0], [1])  # {1}{R} each: 4 mana, 3 lands


# --- against the reference ---------------------------------------------------------------------

BASICS = ["plains", "island", "swamp", "mountain", "forest"]
FILTERS = [{"types": ["land"]}, {"types": ["land"], "not_supertypes": ["basic"]},
           {"types": ["land"], "supertypes": ["basic"]}, {"subtypes": ["mountain"]},
           {"types": ["artifact"]}, {}]
RESTRICTIONS = [{}, {"kind": "spell"}, {"kind": "spell", "not_types": ["creature"]},
                {"kind": "spell", "types": ["instant", "sorcery"]},
                {"kind": "spell", "colors": ["R"]}, {"kind": "spell", "colors": ["G", "U"]},
                {"kind": "spell", "colors": "multicolored"},
                {"kind": "spell", "any_of": [{"colors": ["R"], "types": ["creature"]},
                                             {"colors": ["G"]}]}]


@st.composite
def static_problems(draw) -> dict:
    sources = []
    for i in range(draw(st.integers(1, 3))):
        land = draw(st.booleans()) or i == 0
        source = {"id": f"s{i}", "types": ["land"] if land else ["artifact"],
                  "count": draw(st.integers(1, 2)),
                  "subtypes": draw(st.lists(st.sampled_from(BASICS + ["gate"]), max_size=2,
                                            unique=True)) if land else [],
                  "abilities": [{"add": a} for a in draw(st.lists(
                      st.sampled_from(["{C}", "{W}", "{U}", "{R}", "{G}"]), max_size=1))]}
        if land and draw(st.booleans()):
            source["supertypes"] = ["basic"]
        if draw(st.integers(0, 2)) == 0:  # its colors (Katilda's grant reads them)
            source["colors"] = draw(st.sampled_from(["", "G", "WU", "BRG"]))
        if draw(st.integers(0, 2)) == 0:  # a name, for "Lands with the chosen name"
            source["name"] = draw(st.sampled_from(["Alpha", "Beta"]))
        if draw(st.integers(0, 3)) == 0:  # Rishkar's and Jiang Yanggu's "with a counter on it"
            source["counters"] = {draw(st.sampled_from(["+1/+1", "charge"])): draw(
                st.integers(0, 1))}
        sources.append(source)
    statics = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["add_subtypes", "set_subtypes", "add_ability", "increase",
                                     "reduce"]))
        static: dict = {"kind": kind}
        if kind in ("add_subtypes", "set_subtypes", "add_ability"):
            if draw(st.integers(0, 4)) == 0:  # an aura's or equipment's: one permanent
                static["on"] = draw(st.sampled_from([s["id"] for s in sources]))
            else:
                static["when"] = draw(st.sampled_from(FILTERS))
        if kind in ("add_subtypes", "set_subtypes", "add_ability") and draw(
                st.integers(0, 4)) == 0:
            static["counter"] = draw(st.sampled_from(["any", "+1/+1"]))
        if kind in ("add_subtypes", "set_subtypes"):
            static["subtypes"] = draw(st.lists(st.sampled_from(BASICS), min_size=1, max_size=2,
                                               unique=True))
            if kind == "set_subtypes" and draw(st.integers(0, 4)) == 0:
                static["subtypes"] = []  # Lithoform Blight's "loses all land types"
        elif kind == "add_ability":
            static["ability"] = draw(st.sampled_from([{"add": "{B}"}, {"add": {"any_color": 1}},
                                                      {"add": "{C}{C}"}]))
            if draw(st.integers(0, 4)) == 0:  # Toxicrene's "and lose all other abilities"
                static["lose_others"] = True
            if draw(st.integers(0, 4)) == 0:  # Katilda's "any of this creature's colors"
                del static["ability"]
                static["its_colors"] = True
        else:
            static["cost"] = draw(st.sampled_from(["{1}", "{2}", "{G}", "{R}"]))
            if kind == "reduce" and draw(st.integers(0, 3)) == 0:  # Edgewalker, Morophon
                static["colored_only"] = True
                static["cost"] = draw(st.sampled_from(["{G}", "{W}{B}", "{W}{U}{B}{R}{G}"]))
                if draw(st.booleans()):  # a Defiler's: bought with life, or not
                    static["life"] = draw(st.integers(1, 3))
            static["for"] = draw(st.sampled_from(RESTRICTIONS))
            if draw(st.integers(0, 3)) == 0:  # 601.2f "for each": counted by a fact (0 to 2)
                static["each"] = "counted thing"
        if draw(st.integers(0, 4)) == 0:  # "As long as ...": a fact reaches its min
            static["if"] = {"fact": "condition", "min": draw(st.integers(0, 2))}
        if draw(st.booleans()):
            static["from"] = draw(st.sampled_from([s["id"] for s in sources]))
            if kind == "add_ability" and "when" in static and draw(st.booleans()):
                static["other"] = True  # "Other permanents you control have"
            if kind == "add_ability" and "when" in static and draw(st.integers(0, 3)) == 0:
                static["chosen"] = "names"  # Petrified Hamlet's "Lands with the chosen name"
                chooser = next(s for s in sources if s["id"] == static["from"])
                chooser["chosen"] = draw(st.sampled_from(["Alpha", "Beta"]))
            if (kind in ("increase", "reduce") and "subtypes" not in static["for"]
                    and draw(st.integers(0, 3)) == 0):
                static["chosen"] = "subtypes"  # "of the chosen type": the source's, 9.1
                chooser = next(s for s in sources if s["id"] == static["from"])
                chooser["chosen"] = draw(st.sampled_from(["elf", "goblin"]))
        statics.append(static)
    cost = "".join(draw(st.lists(st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{B}", "{R}",
                                                  "{G}", "{C}"]), min_size=1, max_size=3)))
    problem = {"cost": cost, "sources": sources, "statics": statics}
    if any("each" in s for s in statics):
        problem["facts"] = {"counted thing": draw(st.integers(0, 2))}
    if any("if" in s for s in statics):
        problem.setdefault("facts", {})["condition"] = draw(st.integers(0, 2))
    purpose = {"types": draw(st.lists(st.sampled_from(["creature", "instant", "sorcery",
                                                       "artifact"]), max_size=2, unique=True))}
    if draw(st.booleans()):
        purpose["subtypes"] = draw(st.sampled_from([["elf"], ["goblin"], ["elf", "goblin"]]))
    if draw(st.booleans()):
        purpose["colors"] = draw(st.sampled_from(["", "R", "G", "UR"]))
    problem["for"] = purpose
    return problem


def check(problem: dict) -> None:
    from tapwise.models.loader import load_problem
    from tapwise.solver.verify.replay import verify

    assert PROBLEM_SCHEMA.is_valid(problem), problem
    expected = brute_pay_statics(copy.deepcopy(problem))
    answer = tapwise.pay(copy.deepcopy(problem))
    shown = json.dumps(problem)
    assert answer["status"] == expected["status"], (shown, answer, expected,
                                                    with_statics_applied(problem))
    if answer["status"] == "paid":
        assert verify(load_problem(copy.deepcopy(problem)), answer) == []
        assert answer["objective"] == expected["objective"], (shown, answer, expected)


@settings(max_examples=1000, **COMMON)
@given(static_problems())
def test_613_and_601_2f_random_statics_against_the_reference(problem):
    check(problem)


# --- cost changes with conditions only the engine knows (601.2f; the caller's for.tags) --------

def _tagged(cost: str, board: str, types: list[str], tags: list[str] | None = None, **for_keys):
    spell = {"kind": "spell", "types": types, **for_keys}
    if tags is not None:
        spell["tags"] = tags
    return tapwise.pay({"cost": cost, "for": spell, **read_board(board).problem_keys()})


def test_601_2f_geyser_drake_reduces_only_during_turns_other_than_yours():
    # "During turns other than yours, spells you cast cost {1} less to cast": {1}{U}{U} -> {U}{U}
    assert _tagged("{1}{U}", "Island, Geyser Drake", ["instant"], ["not your turn"]
                   )["total_cost"] == "{U}"
    assert _tagged("{1}{U}", "Island, Geyser Drake", ["instant"])["status"] == "infeasible"


def test_601_2f_defense_grid_taxes_every_player_off_their_turn():
    # "Each spell costs {3} more to cast except during its controller's turn"
    assert _tagged("{U}", "4 Island, Defense Grid", ["instant"], ["not your turn"]
                   )["total_cost"] == "{3}{U}"
    assert _tagged("{U}", "Island, Defense Grid", ["instant"])["total_cost"] == "{U}"


def test_601_2f_goreclaw_reduces_creatures_with_power_4_or_greater():
    board = "2 Forest, Goreclaw, Terror of Qal Sisma"
    assert _tagged("{3}{G}", board, ["creature"], ["power 4 or greater"]
                   )["total_cost"] == "{1}{G}"
    assert _tagged("{3}{G}", board, ["creature"])["status"] == "infeasible"


def test_601_2f_goblin_anarchomancer_reduces_red_or_green_spells_by_their_colors():
    # "Each spell you cast that's red or green costs {1} less to cast" (202.2: the cost's colors)
    board = "Forest, Goblin Anarchomancer"
    assert _tagged("{1}{G}", board, ["creature"])["total_cost"] == "{G}"
    assert _tagged("{1}{W}", "Plains, Goblin Anarchomancer", ["creature"])["status"] == "infeasible"


def test_601_2f_thryx_reduces_mana_value_5_or_more_and_cunning_nightbonder_flash():
    # 202.3: the spell's mana value is the caller's for.mana_value
    assert _tagged("{4}{U}", "4 Island, Thryx, the Sudden Storm", ["creature"], mana_value=5,
                   )["total_cost"] == "{3}{U}"
    assert _tagged("{3}{U}", "3 Island, Thryx, the Sudden Storm", ["creature"], mana_value=4,
                   )["status"] == "infeasible"
    assert _tagged("{1}{U}", "Island, Cunning Nightbonder", ["instant"], ["flash"]
                   )["total_cost"] == "{U}"


def test_601_2f_the_ur_dragon_reduces_other_dragons_on_the_battlefield():
    board = "4 Mountain, The Ur-Dragon"
    assert _tagged("{4}{R}{R}", board, ["creature"], subtypes=["dragon"])["status"] == "infeasible"
    assert _tagged("{3}{R}{R}", board, ["creature"], subtypes=["dragon"]
                   )["total_cost"] == "{2}{R}{R}"


def test_the_opponents_own_costs_are_read_and_change_nothing_of_yours():
    # Tithe Taker's and Accursed Witch's sentences reach the opponents' spells and abilities only
    # (601.2f, 602.2b): read, and nothing for the player to pay
    for text in ("During your turn, spells your opponents cast cost {1} more to cast and "
                 "abilities your opponents activate cost {1} more to activate unless they're "
                 "mana abilities.",
                 "Spells your opponents cast that target this creature cost {1} less to cast."):
        reading = read_statics(text, "Creature — Human Soldier")
        assert (reading.statics, reading.unread, len(reading.read)) == ((), (), 1)


# --- counted cost changes: "for each ...", "{X} less, where X is ..." (601.2f; 9.1 facts) -------

def test_601_2f_mizzix_reduces_1_for_each_experience_counter_given_as_a_fact():
    board = "2 Island, Mizzix of the Izmagnus"
    keys = read_board(board, ["experience counter you have=2"]).problem_keys()
    paid = tapwise.pay({"cost": "{3}{U}", "for": {"kind": "spell", "types": ["instant"]}, **keys})
    assert paid["total_cost"] == "{1}{U}"  # {3}{U} less {1}{1}
    creature = tapwise.pay({"cost": "{1}{U}", "for": {"kind": "spell", "types": ["creature"]},
                            **keys})
    assert creature["total_cost"] == "{1}{U}"


def test_601_2f_a_counted_reduction_without_its_fact_is_refused_naming_it():
    from tapwise.models.cards.board import MissingFactError

    with pytest.raises(MissingFactError, match="experience counter you have"):
        read_board("2 Island, Mizzix of the Izmagnus")
    answer = tapwise.pay({"cost": "{1}", "sources": [{"name": "Wastes"},
                                                     {"name": "Mizzix of the Izmagnus"}]})
    assert answer["status"] == "error" and "experience counter you have" in answer["error"]


def test_601_2f_vadrik_reduces_x_where_x_is_its_power_and_zero_changes_nothing():
    spell = {"cost": "{4}{U}", "for": {"kind": "spell", "types": ["sorcery"]}}
    board = {"sources": [{"name": "Island", "count": 2}, {"name": "Vadrik, Astral Archmage"}]}
    three = tapwise.pay({**spell, **board, "facts": {"vadrik's power": 3}})
    assert three["total_cost"] == "{1}{U}"
    assert tapwise.pay({**spell, **board, "facts": {"vadrik's power": 0}})["status"] == "infeasible"


def test_601_2f_hum_of_the_radix_taxes_each_players_artifacts_by_their_own_count():
    # an opponent's Hum of the Radix: "for each artifact its controller controls" is the
    # player's own artifacts when the player casts one (the quick board counts them: 2 here)
    problem = {"cost": "{1}", "for": {"kind": "spell", "types": ["artifact"]},
               "sources": [{"name": "Wastes", "count": 3}, {"name": "Sol Ring"}],
               "opponent_sources": [{"name": "Hum of the Radix"}],
               "facts": {"artifact you control": 1}}
    assert tapwise.pay(problem)["total_cost"] == "{2}"


def test_reference_counts_each_fact_the_same_way():
    problem = {"cost": "{3}{U}", "for": {"kind": "spell", "types": ["instant"]},
               "sources": [{"id": "Island", "count": 2, "abilities": [{"add": "{U}"}]}],
               "statics": [{"kind": "reduce", "cost": "{1}", "each": "experience counter you have",
                            "for": {"kind": "spell", "types": ["instant"]}}],
               "facts": {"experience counter you have": 2}}
    ours = tapwise.pay(problem)
    ref = brute_pay_statics(problem)
    assert ours["status"] == ref["status"] == "paid"
    assert ours["objective"] == ref["objective"]


# --- "of the chosen type": the source's chosen (9.1) -----------------------------------------

def test_601_2f_heralds_horn_reduces_creature_spells_of_the_chosen_creature_type():
    board = "2 Forest, Herald's Horn [Elf]"
    assert _tagged("{2}{G}", board, ["creature"], subtypes=["elf"])["total_cost"] == "{1}{G}"
    assert _tagged("{2}{G}", board, ["creature"], subtypes=["goblin"])["status"] == "infeasible"
    assert _tagged("{2}{G}", board, ["kindred", "instant"], subtypes=["elf"]
                   )["status"] == "infeasible"  # Herald's Horn: creature spells only


def test_601_2f_cloud_key_reduces_spells_of_the_chosen_card_type_from_json():
    problem = {"cost": "{2}{U}", "for": {"kind": "spell", "types": ["artifact", "creature"]},
               "sources": [{"name": "Island", "count": 2},
                           {"name": "Cloud Key", "chosen": "Artifact"}]}
    assert tapwise.pay(problem)["total_cost"] == "{1}{U}"
    problem["for"]["types"] = ["instant"]
    assert tapwise.pay(problem)["status"] == "infeasible"
    del problem["sources"][1]["chosen"]
    answer = tapwise.pay(problem)
    assert answer["status"] == "error" and answer["error"].startswith("sources[1].name")
    assert "chosen" in answer["error"]


def test_reference_reads_the_chosen_type_the_same_way():
    problem = {"cost": "{2}{G}", "for": {"kind": "spell", "types": ["creature"],
                                         "subtypes": ["elf"]},
               "sources": [{"id": "F", "count": 2, "abilities": [{"add": "{G}"}]},
                           {"id": "H", "abilities": [], "types": ["artifact"], "chosen": "elf"}],
               "statics": [{"kind": "reduce", "cost": "{1}", "chosen": "subtypes", "from": "H",
                            "for": {"kind": "spell", "types": ["creature"]}}]}
    ours = tapwise.pay(problem)
    ref = brute_pay_statics(problem)
    assert ours["status"] == ref["status"] == "paid"
    assert ours["objective"] == ref["objective"] and ours["total_cost"] == "{1}{G}"


# --- granted mana abilities: "Other ... have", one ability as two entries (613.1f, 302.6) --------

def test_613_1f_a_realm_reborn_grants_other_permanents_not_itself():
    # "Other permanents you control have "{T}: Add one mana of any color."": not itself alone
    assert _quick("{U}", "Forest, A Realm Reborn")["status"] == "paid"
    assert _quick("{1}{U}", "Forest, A Realm Reborn")["status"] == "infeasible"
    # two copies: each gets the ability from the other
    assert _quick("{U}{B}", "2 A Realm Reborn")["status"] == "paid"


def test_302_6_battery_bearer_grants_creatures_an_artifact_only_colorless_tap():
    # "Creatures you control have "{T}: Add {C}. This mana can't be spent to cast a nonartifact
    # spell."": Grizzly Bears pays an artifact spell's {1}, not a creature spell's, and a
    # summoning-sick creature can't use a granted {T} ability (302.6)
    board = "Grizzly Bears, Battery Bearer"
    keys = read_board(board).problem_keys()
    artifact = tapwise.pay({"cost": "{2}", "for": {"kind": "spell", "types": ["artifact"]},
                            **keys})
    assert artifact["status"] == "paid" and artifact["sources_used"] == 2
    assert tapwise.pay({"cost": "{1}", "for": {"kind": "spell", "types": ["creature"]},
                        **keys})["status"] == "infeasible"
    sick = read_board("sick Grizzly Bears, Battery Bearer").problem_keys()
    assert tapwise.pay({"cost": "{2}", "for": {"kind": "spell", "types": ["artifact"]},
                        **sick})["status"] == "infeasible"


def test_reference_leaves_the_other_static_off_its_source():
    problem = {"cost": "{U}{B}", "sources": [
        {"id": "R", "count": 1, "abilities": [], "types": ["enchantment"]},
        {"id": "F", "abilities": [{"add": "{G}"}]}],
        "statics": [{"kind": "add_ability", "when": {}, "other": True, "from": "R",
                     "ability": {"add": {"any_color": 1}}}]}
    assert tapwise.pay(problem)["status"] == brute_pay_statics(problem)["status"] == "infeasible"
    problem["sources"][0]["count"] = 2
    ours, ref = tapwise.pay(problem), brute_pay_statics(problem)
    assert ours["status"] == ref["status"] == "paid" and ours["objective"] == ref["objective"]


def test_613_1f_mm_menon_grants_artifacts_blue_only_for_spells_not_from_your_hand():
    # "Artifacts you control have "{T}: Add {U}. Spend this mana only to cast a spell from
    # anywhere other than your hand."": the caller's for.tags says where the spell is cast from
    keys = read_board("Sol Ring, Mm'menon, the Right Hand").problem_keys()
    elsewhere = {"kind": "spell", "types": ["instant"], "tags": ["not from your hand"]}
    assert tapwise.pay({"cost": "{U}", "for": elsewhere, **keys})["status"] == "paid"
    assert tapwise.pay({"cost": "{U}", "for": {"kind": "spell", "types": ["instant"]},
                        **keys})["status"] == "infeasible"


# --- statics that hold "as long as" a fact reaches a count (9.1 facts; 611.3a) ------------------

def test_611_3a_the_world_tree_grants_any_color_with_six_lands_counted_from_the_board():
    # "As long as you control six or more lands, lands you control have "{T}: Add one mana of
    # any color."": the typed board counts its lands (The World Tree is one)
    assert _quick("{U}", "5 Forest, The World Tree")["status"] == "paid"
    assert _quick("{U}", "4 Forest, The World Tree")["status"] == "infeasible"


def test_611_3a_gran_gran_reduces_with_three_lessons_in_the_graveyard_given_as_a_fact():
    spell = {"cost": "{1}{U}", "for": {"kind": "spell", "types": ["instant"]},
             "sources": [{"name": "Island"}, {"name": "Gran-Gran"}]}
    fact = "lesson card in your graveyard"
    assert tapwise.pay({**spell, "facts": {fact: 3}})["total_cost"] == "{U}"
    assert tapwise.pay({**spell, "facts": {fact: 2}})["status"] == "infeasible"
    answer = tapwise.pay(spell)
    assert answer["status"] == "error" and fact in answer["error"]


def test_305_7_lush_growth_makes_the_enchanted_land_a_mountain_forest_and_plains():
    static = read_statics("Enchanted land is a Mountain, Forest, and Plains.",
                          "Enchantment — Aura").statics
    assert static == ({"kind": "set_subtypes", "on": "enchanted",
                       "subtypes": ["mountain", "forest", "plains"]},)
    problem = {"cost": "{W}", "sources": [{"id": "tomb", "name": "Ancient Tomb"}],
               "statics": [{**static[0], "on": "tomb"}]}
    ours = tapwise.pay(problem)
    assert ours["status"] == "paid" and ours["activations"][0]["adds"] == "{W}"


def test_601_2f_spellwild_ouphe_reduces_every_players_spells_that_target_it():
    # "Spells that target this creature cost {2} less to cast": the caller says what it targets
    keys = read_board("Island, Spellwild Ouphe").problem_keys()
    targeting = {"kind": "spell", "types": ["instant"], "tags": ["targets this creature"]}
    assert tapwise.pay({"cost": "{2}{U}", "for": targeting, **keys})["total_cost"] == "{U}"
    assert tapwise.pay({"cost": "{2}{U}", "for": {"kind": "spell", "types": ["instant"]},
                        **keys})["status"] == "infeasible"


def test_a_granted_tax_on_the_opponents_is_read_and_changes_nothing():
    # Callaphe: "Creatures and enchantments you control have "Spells your opponents cast that
    # target this permanent cost {1} more to cast."" (601.2f: the opponents' spells)
    reading = read_statics('Creatures and enchantments you control have "Spells your opponents '
                           'cast that target this permanent cost {1} more to cast."',
                           "Legendary Enchantment Creature — Nymph")
    assert (reading.statics, reading.unread, len(reading.read)) == ((), (), 1)


# --- statics under a Class level or a level-up threshold (716, 711): the source's own facts ----

def test_716_artists_talent_reduces_noncreature_spells_from_class_level_2():
    spell = {"cost": "{1}{R}", "for": {"kind": "spell", "types": ["instant"]}}
    mountain = {"name": "Mountain"}
    level2 = {"name": "Artist's Talent", "facts": {"class level": 2}}
    assert tapwise.pay({**spell, "sources": [mountain, level2]})["total_cost"] == "{R}"
    level1 = {"name": "Artist's Talent", "facts": {"class level": 1}}
    assert tapwise.pay({**spell, "sources": [mountain, level1]})["status"] == "infeasible"


def test_711_joraga_treespeaker_grants_elves_gg_from_level_5():
    elves = {"name": "Llanowar Elves"}
    joraga = {"name": "Joraga Treespeaker", "facts": {"level counter on it": 5}}
    assert tapwise.pay({"cost": "{G}{G}{G}{G}", "sources": [elves, joraga]})["status"] == "paid"
    joraga["facts"] = {"level counter on it": 4}  # its own {T}: Add {G}{G} at 1-4, Elves: {G}
    assert tapwise.pay({"cost": "{G}{G}{G}{G}", "sources": [elves, joraga]}
                       )["status"] == "infeasible"


def test_reference_reads_a_statics_condition_on_its_sources_own_facts():
    problem = {"cost": "{1}{R}", "for": {"kind": "spell", "types": ["instant"]},
               "sources": [{"id": "M", "abilities": [{"add": "{R}"}]},
                           {"id": "T", "abilities": [], "types": ["enchantment"],
                            "facts": {"class level": 2}}],
               "statics": [{"kind": "reduce", "cost": "{1}", "from": "T",
                            "if": {"fact": "class level", "min": 2},
                            "for": {"kind": "spell", "not_types": ["creature"]}}]}
    ours, ref = tapwise.pay(problem), brute_pay_statics(problem)
    assert ours["status"] == ref["status"] == "paid" and ours["objective"] == ref["objective"]


def test_601_2f_captain_eberhart_reduces_the_players_spells_drawn_this_turn():
    # "Spells cast from among cards you drew this turn cost {1} less to cast": the player's only
    static = read_statics("Spells cast from among cards you drew this turn cost {1} less to "
                          "cast.", "Legendary Creature — Human Pirate").statics
    assert static == ({"kind": "reduce", "cost": "{1}",
                       "for": {"kind": "spell", "tags": ["drawn this turn"]}},)
    keys = read_board("Island, Captain Eberhart").problem_keys()
    drawn = {"kind": "spell", "types": ["instant"], "tags": ["drawn this turn"]}
    assert tapwise.pay({"cost": "{1}{U}", "for": drawn, **keys})["total_cost"] == "{U}"
