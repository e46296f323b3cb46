"""Rule examples and rulings from ../shared/rules that touch payment, one test each, named by rule.

Expected values are worked out by hand in the comments; every paid answer also goes through
the independent verifier.
"""

from __future__ import annotations

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.verify.replay import verify

FOREST, PLAINS, ISLAND, SWAMP, MOUNTAIN, WASTES = ({"name": n} for n in
                                                   ("Forest", "Plains", "Island", "Swamp", "Mountain", "Wastes"))
ORCHARD = {"name": "Exotic Orchard", "abilities": [{"add": {"reflect": "lands_opponents_control", "what": "color"}}]}
TREASURE = {"id": "treasure", "types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}


def n(source, count, **extra):
    return {**source, "count": count, **extra}


def solve(problem):
    answer = pay(problem)
    if answer["status"] == "paid":
        assert verify(load_problem(problem), answer) == []
    return answer


def paid(problem):
    answer = solve(problem)
    assert answer["status"] == "paid", answer
    return answer


def infeasible(problem):
    answer = solve(problem)
    assert answer["status"] == "infeasible", answer
    return answer


def mana_of(answer, symbol):
    return sorted(m["type"] for p in answer["payments"] if p["symbol"] == symbol for m in p.get("mana", [])
                  for _ in range(m.get("count", 1)))  # identical mana is one entry with a count


# --- 106 Mana ------------------------------------------------------------------------------

def test_106_7_orchard_facing_only_orchards_makes_nothing():
    infeasible({"cost": "{G}", "sources": [ORCHARD], "opponent_sources": [ORCHARD]})
    infeasible({"cost": "{1}", "sources": [ORCHARD]})  # opponent controls no lands


def test_106_7_forest_beside_orchard_lets_each_orchard_make_green():
    # You: Forest + Orchard; opponent: Orchard. Their Orchard could make {G} (your Forest), so
    # yours can too: {G}{G} is payable with your Forest and your Orchard.
    answer = paid({"cost": "{G}{G}", "sources": [FOREST, ORCHARD], "opponent_sources": [ORCHARD]})
    assert answer["sources_used"] == 2


def test_106_7_reflecting_pool_type_includes_colorless():
    pool = {"name": "Reflecting Pool", "abilities": [{"add": {"reflect": "lands_you_control", "what": "type"}}]}
    paid({"cost": "{C}{C}", "sources": [WASTES, pool]})
    infeasible({"cost": "{U}", "sources": [WASTES, pool]})


def test_106_6_restricted_mana_stays_restricted():
    pool = [{"mana": "{G}", "only": {"types": ["creature"]}}]
    paid({"cost": "{G}", "for": {"kind": "spell", "types": ["creature"]}, "pool": pool})
    infeasible({"cost": "{G}", "for": {"kind": "spell", "types": ["instant"]}, "pool": pool})


def test_106_6_restriction_on_an_ability_own_cost():
    # Mana that can be spent only on artifact abilities pays a Signet's {1} (kind ability, types artifact).
    signet = {"id": "signet", "types": ["artifact"], "abilities": [{"mana": "{1}", "add": "{W}{U}"}]}
    pool = [{"mana": "{C}", "only": {"kind": "ability", "types": ["artifact"]}}]
    answer = paid({"cost": "{W}{U}", "pool": pool, "sources": [signet]})
    assert answer["activations"][0]["paid"][0]["mana"][0]["source"] == "pool"
    infeasible({"cost": "{W}", "pool": [{"mana": "{C}", "only": {"kind": "spell"}}], "sources": [signet]})


def test_106_10_generic_added_is_colorless():
    paid({"cost": "{C}{C}", "sources": [{"id": "ring", "abilities": [{"add": "{2}"}]}]})


def test_106_11_snow_symbol_added_is_colorless():
    paid({"cost": "{C}", "sources": [{"id": "s", "abilities": [{"add": "{S}"}]}]})


# --- 107 Symbols ---------------------------------------------------------------------------

@pytest.mark.parametrize("board", [[n(FOREST, 2)], [FOREST, PLAINS], [n(PLAINS, 2)]])
def test_107_4e_example_gw_gw_paid_gg_gw_or_ww(board):
    paid({"cost": "{G/W}{G/W}", "sources": board})


@pytest.mark.parametrize("board, life", [([n(PLAINS, 2)], 0), ([PLAINS], 2), ([], 4)])
def test_107_4f_example_wp_wp_paid_ww_w_and_2_life_or_4_life(board, life):
    assert paid({"cost": "{W/P}{W/P}", "sources": board})["life_paid"] == life


def test_107_4f_hybrid_phyrexian():
    assert paid({"cost": "{W/U/P}", "sources": [ISLAND]})["life_paid"] == 0
    assert paid({"cost": "{W/U/P}", "sources": [SWAMP]})["life_paid"] == 2


def test_107_4h_snow_needs_snow_mana_and_ignores_generic_reductions():
    infeasible({"cost": "{S}", "sources": [FOREST]})
    paid({"cost": "{S}", "sources": [{"name": "Snow-Covered Forest"}]})
    paid({"cost": "{S}", "pool": [{"mana": "{R}", "snow": True}]})
    # {2}{S} reduced by {2}: {S} remains (107.4h) and needs the snow land.
    infeasible({"cost": "{2}{S}", "reduce": ["{2}"], "sources": [n(FOREST, 3)]})
    assert paid({"cost": "{2}{S}", "reduce": ["{2}"], "sources": [{"name": "Snow-Covered Forest"}]})["sources_used"] == 1


def test_107_4c_colorless_symbol():
    infeasible({"cost": "{C}", "sources": [n(FOREST, 3)]})


def test_107_14_energy_is_not_mana_and_is_limited_by_what_you_have():
    # "You can't pay more energy counters than you have."
    infeasible({"cost": "{E}{E}", "player": {"energy": 1}})
    assert paid({"cost": "{R}{E}{E}", "player": {"energy": 2}, "sources": [MOUNTAIN]})["energy_paid"] == 2
    # Effects adding mana "of any type" can't give energy: a Treasure can't pay {E}.
    infeasible({"cost": "{E}", "sources": [TREASURE]})


def test_107_3_x_max_is_a_bounded_integer():
    assert paid({"cost": "{X}{X}{G}", "x": "max", "sources": [n(FOREST, 8)]})["x"] == 3


def test_107_3b_free_card_with_x_pays_x_zero_and_mandatory_additional_costs():
    # Ruling: cast without paying its mana cost, X is 0; additional costs are still paid.
    answer = paid({"cost": "{X}{R}{R}", "free": True, "x": "max", "additional": ["{1}"], "sources": [MOUNTAIN]})
    assert answer["x"] == 0 and answer["total_cost"] == "{1}"
    infeasible({"cost": "{X}{R}", "free": True, "x": 2, "sources": [n(MOUNTAIN, 5)]})


# --- 118 Costs -----------------------------------------------------------------------------

def test_118_3_cant_pay_life_you_dont_have():
    # a player with 1 life can't pay 2 life (118.3), even with keep_life lifted
    infeasible({"cost": "{B/P}", "player": {"life": 1, "keep_life": None}})
    infeasible({"cost": "{0}", "life_cost": 2, "player": {"life": 1, "keep_life": None}})


def test_118_7a_generic_reduction_only_touches_generic():
    assert paid({"cost": "{1}{G}{G}", "reduce": ["{3}"], "sources": [n(FOREST, 2)]})["total_cost"] == "{G}{G}"


def test_118_7c_colored_reduction_beyond_color_reduces_generic():
    # {2}{W} reduced by {W}{W}: {W} gone, one generic gone: {1} left.
    answer = paid({"cost": "{2}{W}", "reduce": ["{W}", "{W}"], "sources": [FOREST]})
    assert answer["total_cost"] == "{1}"


def test_118_7e_hybrid_reduction_player_chooses_the_useful_half():
    # {W}{U} reduced by {W/U}: with only an Island, reduce {W}.
    assert paid({"cost": "{W}{U}", "reduce": ["{W/U}"], "sources": [ISLAND]})["total_cost"] == "{U}"


def test_118_9d_alternative_cost_gets_additional_increase_and_reduction():
    answer = paid({"cost": "{5}{U}{U}", "alternative": "{1}{U}", "additional": ["{B}"], "increase": ["{1}"],
                   "reduce": ["{1}"], "sources": [ISLAND, SWAMP, FOREST]})
    assert answer["total_cost"] == "{1}{U}{B}"


def test_118_14_spend_as_any_type():
    paid({"cost": "{U}{C}", "spend_as": "any_type", "sources": [n(MOUNTAIN, 2)]})
    paid({"cost": "{U}", "spend_as": "any_color", "sources": [MOUNTAIN]})
    infeasible({"cost": "{C}", "spend_as": "any_color", "sources": [MOUNTAIN]})
    infeasible({"cost": "{S}", "spend_as": "any_type", "sources": [MOUNTAIN]})  # snow still needed


# --- 601 Casting: order of life payments --------------------------------------------------------

def test_601_2g_h_ability_damage_comes_before_the_cost_life():
    pain = {"id": "caves", "abilities": [{"add": ["{W}", "{B}"], "damage": 1}]}
    # 3 life: painland 1 damage, then {B/P} with 2 life leaves 0: keep_life 1 forbids it.
    infeasible({"cost": "{W}{B/P}", "player": {"life": 3}, "sources": [pain]})
    answer = paid({"cost": "{W}{B/P}", "player": {"life": 3, "keep_life": None}, "sources": [pain]})
    assert answer["life_paid"] == 2 and answer["damage"] == 1
    # 2 life, keep_life lifted: after 1 damage only 1 life is left, too little for 2 life (118.3).
    infeasible({"cost": "{W}{B/P}", "player": {"life": 2, "keep_life": None}, "sources": [pain]})


def test_601_2g_ability_life_costs_need_the_life():
    confluence = {"id": "confluence", "abilities": [{"add": {"any_color": 1}, "life": 1}]}
    infeasible({"cost": "{R}", "player": {"life": 0, "keep_life": None}, "sources": [confluence]})
    assert paid({"cost": "{R}", "player": {"life": 5}, "sources": [confluence]})["life_paid"] == 1


def test_601_2f_increases_before_reductions():
    # {2} + {1} increase - {3} reduction = {0}: pay nothing.
    answer = paid({"cost": "{2}", "increase": ["{1}"], "reduce": ["{3}"]})
    assert answer["activations"] == [] and answer["total_cost"] == "{0}"


# --- 609.4b and the color keywords ----------------------------------------------------------

def test_609_4b_colors_spent_are_the_real_types():
    answer = paid({"cost": "{U}", "spend_as": "any_color", "sources": [MOUNTAIN]})
    assert answer["colors_spent"] == ["R"]


def test_702_44_sunburst_spends_as_many_colors_as_it_can():
    answer = paid({"cost": "{3}", "keywords": ["sunburst"],
                   "sources": [n(FOREST, 3), PLAINS, ISLAND, {"id": "ring", "abilities": [{"add": "{C}{C}"}]}]})
    assert answer["colors_spent"] == ["W", "U", "G"] and answer["objective"]["max_colors"] == 3


def test_702_44_converge_counts_colors_of_the_whole_payment():
    answer = paid({"cost": "{2}{W}", "keywords": ["converge"], "sources": [PLAINS, ISLAND, SWAMP, n(WASTES, 2)]})
    assert answer["objective"]["max_colors"] == 3


# --- 702.86 Achroma ------------------------------------------------------------------------

def test_702_86a_ruling_red_plus_two_colorless():
    # "to cast an Achroma spell costing {2}{R}, pay {R} and two colorless mana."
    answer = paid({"cost": "{2}{R}", "keywords": ["achroma"], "sources": [n(MOUNTAIN, 3), n(WASTES, 2)]})
    assert mana_of(answer, "{2}") == ["C", "C"]
    infeasible({"cost": "{2}{R}", "keywords": ["achroma"], "sources": [n(MOUNTAIN, 3), WASTES]})


def test_702_86b_colored_and_monocolored_hybrid_paid_with_color():
    # {2/W} under Achroma: one white, or two colorless.
    paid({"cost": "{2/W}", "keywords": ["achroma"], "sources": [PLAINS]})
    paid({"cost": "{2/W}", "keywords": ["achroma"], "sources": [n(WASTES, 2)]})
    infeasible({"cost": "{2/W}", "keywords": ["achroma"], "sources": [n(FOREST, 2)]})


def test_702_86c_x_only_colorless_and_zero_with_a_color_for_x():
    assert paid({"cost": "{X}{B}", "x": "max", "keywords": ["achroma"],
                 "sources": [n(SWAMP, 4), n(WASTES, 2)]})["x"] == 2
    assert paid({"cost": "{X}{B}", "x": "max", "x_color": "B", "keywords": ["achroma"],
                 "sources": [n(SWAMP, 4)]})["x"] == 0
    infeasible({"cost": "{X}{B}", "x": 1, "x_color": "B", "keywords": ["achroma"], "sources": [n(SWAMP, 4)]})


def test_702_86d_snow_only_colorless_snow():
    infeasible({"cost": "{S}", "keywords": ["achroma"], "sources": [{"name": "Snow-Covered Forest"}]})
    paid({"cost": "{S}", "keywords": ["achroma"], "sources": [{"name": "Snow-Covered Wastes"}]})


def test_702_86e_increase_generic_paid_with_any_mana():
    answer = paid({"cost": "{R}", "increase": ["{2}"], "keywords": ["achroma"], "sources": [n(MOUNTAIN, 3)]})
    assert answer["total_cost"] == "{2}{R}"


def test_702_86e_snow_from_an_increase_takes_any_snow_mana():
    paid({"cost": "{0}", "increase": ["{S}"], "keywords": ["achroma"], "sources": [{"name": "Snow-Covered Swamp"}]})
    infeasible({"cost": "{S}", "keywords": ["achroma"], "sources": [{"name": "Snow-Covered Swamp"}]})


def test_702_86f_player_chooses_which_generic_a_reduction_removes():
    # {2}{R} + {1} increase, {1} reduction: the player removes one of the colorless-only {2}, so
    # one Wastes and two Mountains suffice.
    paid({"cost": "{2}{R}", "increase": ["{1}"], "reduce": ["{1}"], "keywords": ["achroma"],
          "sources": [WASTES, n(MOUNTAIN, 2)]})


def test_702_86_ruling_reduction_then_remaining_generic_colorless():
    # "Reductions aren't affected by Achroma; the remaining generic must be paid with colorless."
    infeasible({"cost": "{3}{R}", "reduce": ["{2}"], "keywords": ["achroma"], "sources": [n(MOUNTAIN, 4)]})
    paid({"cost": "{3}{R}", "reduce": ["{2}"], "keywords": ["achroma"], "sources": [n(MOUNTAIN, 1), WASTES]})


def test_702_86g_several_instances_are_redundant():
    one = solve({"cost": "{1}{G}", "keywords": ["achroma"], "sources": [FOREST, WASTES]})
    two = solve({"cost": "{1}{G}", "keywords": ["achroma", "achroma"], "sources": [FOREST, WASTES]})
    assert one == two and one["status"] == "paid"


def test_702_86_ruling_abilities_own_costs_are_not_affected():
    # Achroma restricts the object's cost, not the Signet's {1} paid on the way.
    signet = {"id": "signet", "types": ["artifact"], "abilities": [{"mana": "{1}", "add": "{C}{C}"}]}
    paid({"cost": "{2}", "keywords": ["achroma"], "sources": [FOREST, signet]})


# --- 702.87 Eclipse ------------------------------------------------------------------------

def test_702_87a_eclipse_counters_equal_colors_spent_and_fewest_by_default():
    # Ruling example: {2}{B}{B}{B} paid with black only -> one counter.
    board = [n(SWAMP, 5), n(PLAINS, 2), n(ISLAND, 2)]
    answer = paid({"cost": "{2}{B}{B}{B}", "keywords": ["eclipse"], "sources": board})
    assert answer["counters"] == 1 and answer["colors_spent"] == ["B"]


def test_702_87b_eclipse_counts_additional_and_alternative_costs():
    answer = paid({"cost": "{B}", "additional": ["{W}"], "keywords": ["eclipse"], "sources": [SWAMP, PLAINS]})
    assert answer["counters"] == 2
    answer = paid({"cost": "{5}", "alternative": "{U}", "keywords": ["eclipse"], "sources": [ISLAND]})
    assert answer["counters"] == 1


def test_702_87_generic_paid_with_colorless_keeps_counters_down():
    answer = paid({"cost": "{2}{G}", "keywords": ["eclipse"], "sources": [n(FOREST, 3), n(MOUNTAIN, 2), n(WASTES, 2)]})
    assert answer["counters"] == 1


# --- Classic traps ---------------------------------------------------------------------------

def test_trap_phyrexian_life_lets_four_swamps_cover_generic():
    answer = paid({"cost": "{4}{B/P}{B/P}{B/P}", "sources": [n(SWAMP, 4)], "player": {"life": 20}})
    assert answer["life_paid"] == 6


def test_trap_two_filter_lands_alone():
    gate = {"id": "gate", "count": 2, "abilities": [{"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]}
    infeasible({"cost": "{W}", "sources": [gate]})


def test_trap_hybrid_needs_dual_on_the_rarer_color():
    # {R/G}{G}{W}: Forest for {G}, Plains... only the dual makes R: it must go to the hybrid.
    dual = {"id": "dual", "abilities": [{"add": ["{R}", "{W}"]}]}
    answer = paid({"cost": "{R/G}{G}{W}", "sources": [dual, FOREST, PLAINS]})
    assert mana_of(answer, "{R/G}") == ["R"]


def test_objectives_prefer_lands_over_treasures_and_painless_mana():
    answer = paid({"cost": "{1}{R}", "sources": [n(TREASURE, 2), n(MOUNTAIN, 2)]})
    assert answer["sacrificed"] == 0
    pain = {"id": "pain", "abilities": [{"add": "{C}"}, {"add": ["{U}", "{R}"], "damage": 1}]}
    answer = paid({"cost": "{1}{R}", "sources": [pain, MOUNTAIN]})
    assert answer["damage"] == 0  # the painland taps for {C}


def test_time_limit_gives_verified_best_or_unknown():
    board = [{"id": f"s{i}", "count": 50, "abilities": [{"add": {"any_color": 2}, "life": i % 2},
                                                         {"mana": "{1}", "add": {"one_color": 3}}]}
             for i in range(6)]
    answer = solve({"cost": "{X}{W}{U}{B}{R}{G}{W/P}{2/U}", "x": "max", "keywords": ["sunburst"],
                    "sources": board, "time_limit": 0.05})
    assert answer["status"] in ("paid", "unknown")
    if answer["status"] == "unknown":
        assert answer["optimal"] is False
