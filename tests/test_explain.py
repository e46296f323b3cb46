"""Why a cost can't be paid: Hall-type counts, and minimal infeasible cores from the model."""

from __future__ import annotations

from tapwise.solver import pay

GATE = {"id": "gate", "count": 2, "abilities": [{"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]}


def test_hall_count_names_the_color_and_the_bound():
    ans = pay({"cost": "{2}{U}{U}{U}", "sources": [{"name": "Island", "count": 2}, {"name": "Swamp", "count": 5}]})
    assert ans["status"] == "infeasible"
    assert ans["why"] == "needs 3 blue mana for {U}{U}{U} but the board can make at most 2"
    assert ans["conflict"] == ["{U}", "{U}", "{U}"]


def test_hall_count_over_a_pair_of_colors():
    # {W}{U}{W/U} needs 3 white-or-blue; Plains + Island + 4 Swamps make only 2.
    ans = pay({"cost": "{W}{U}{W/U}{B}", "sources": [{"name": "Plains"}, {"name": "Island"}, {"name": "Swamp", "count": 4}]})
    assert ans["status"] == "infeasible"
    assert sorted(ans["conflict"]) == ["{U}", "{W/U}", "{W}"]
    assert "white or blue" in ans["why"] and "at most 2" in ans["why"]


def test_total_mana_count_nets_out_filter_costs():
    ans = pay({"cost": "{W}{W}{U}{U}", "sources": [{"name": "Plains"}, GATE]})
    assert ans["why"] == "needs 4 mana for {W}{W}{U}{U} but the board can make at most 3"


def test_core_when_no_count_explains_it():
    # Two filter lands alone: enough mana on paper, but no legal order to pay their costs.
    ans = pay({"cost": "{W}", "sources": [GATE]})
    assert ans["status"] == "infeasible" and ans["conflict"] == ["{W}"]
    assert "legal order" in ans["why"]


def test_core_is_minimal():
    # {G} can be paid; the two {B/P} can't (2 life at 3 life, keep_life 1, nothing makes black).
    ans = pay({"cost": "{G}{B/P}{B/P}", "player": {"life": 3}, "sources": [{"name": "Forest"}]})
    assert ans["status"] == "infeasible"
    assert sorted(ans["conflict"]) == ["{B/P}", "{B/P}"]
    assert "life" in ans["why"]


def test_energy_shortage():
    ans = pay({"cost": "{E}{E}{E}", "player": {"energy": 2}})
    assert ans["why"] == "needs 3 energy but the player has 2" and ans["conflict"] == ["{E}"] * 3
