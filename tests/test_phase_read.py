"""Reading the engine's representation of the wider pool (issue 42), without the engine: the
ability and cost shapes below are the ones phase 0.103.0's face builder gives these cards
(copied from its output, trimmed to the keys the adapter reads)."""

from __future__ import annotations

import pytest

from tapwise.interfaces import phase_read as read
from tapwise.interfaces import phase_spell

TAP = {"type": "Tap"}


def _mana(produced, cost, **more):
    return {"kind": "Activated", "is_mana_ability": True, "condition": None,
            "effect": {"type": "Mana", "produced": produced}, "cost": cost, **more}


def test_phyrexian_altar_sacrifices_another_creature_without_tapping():
    altar = _mana({"type": "AnyOneColor", "count": {"type": "Fixed", "value": 1},
                   "color_options": ["White", "Blue", "Black", "Red", "Green"]},
                  {"type": "Sacrifice", "count": 1,
                   "target": {"type": "Typed", "type_filters": ["Creature"]}})
    [ability] = read.read_abilities(0, altar, "Phyrexian Altar")
    assert ability.spec() == {"add": ["{W}", "{U}", "{B}", "{R}", "{G}"], "tap": False,
                              "uses": "any", "sacrifice_other": {"types": ["creature"], "n": 1}}


def test_gaeas_cradle_counts_a_board_fact():
    cradle = _mana({"type": "AnyOneColor", "color_options": ["Green"], "count": {
        "type": "Ref", "qty": {"type": "ObjectCount", "filter": {
            "type": "Typed", "type_filters": ["Creature"], "controller": "You"}}}}, TAP)
    objects = [{"id": 1, "controller": 0, "card_types": {"core_types": ["Creature"]}},
               {"id": 2, "controller": 1, "card_types": {"core_types": ["Creature"]}},
               {"id": 3, "controller": 0, "card_types": {"core_types": ["Land"]}}]
    facts = read.Facts(0, objects)
    [ability] = read.read_abilities(0, cradle, "Gaea's Cradle", facts)
    assert ability.spec() == {"add": "{G}", "times": {"fact": "creature you control"}}
    assert facts.values == {"creature you control": 1} and facts.counted == {
        1: ["creature you control"]}


def test_urza_mine_is_two_abilities_on_the_tron_facts():
    sub = {"kind": "Activated", "effect": {"type": "Mana", "produced": {
        "type": "Colorless", "count": {"type": "Fixed", "value": 1}}},
        "condition": {"type": "And", "conditions": [
            {"type": "ControllerControlsMatching", "filter": {
                "type": "Typed", "type_filters": ["Land", {"Subtype": "Power-Plant"}],
                "controller": "You"}},
            {"type": "ControllerControlsMatching", "filter": {
                "type": "Typed", "type_filters": ["Land", {"Subtype": "Tower"}],
                "controller": "You"}}]}}
    mine = _mana({"type": "Colorless", "count": {"type": "Fixed", "value": 1}}, TAP,
                 sub_ability=sub)
    with_tron, without = read.read_abilities(0, mine, "Urza's Mine", read.Facts(0, []))
    needs = [{"fact": "power-plant land you control", "min": 1},
             {"fact": "tower land you control", "min": 1}]
    assert with_tron.spec() == {"add": "{C}{C}", "if": needs}
    assert without.spec() == {"add": "{C}", "unless": needs}
    assert with_tron.index == without.index == 0


def test_storage_land_removes_any_number_of_counters():
    pools = _mana({"type": "AnyCombination", "color_options": ["White", "Blue"],
                   "count": {"type": "Ref", "qty": {"type": "Variable", "name": "X"}}},
                  {"type": "Composite", "costs": [
                      {"type": "Mana", "cost": {"type": "Cost", "shards": [], "generic": 1}},
                      {"type": "RemoveCounter", "count": read.ALL_COUNTERS, "selection":
                       "SingleObject", "counter_type": {"type": "OfType", "data": "storage"}}]})
    [ability] = read.read_abilities(2, pools, "Calciform Pools")
    assert ability.spec() == {"add": ["{W}", "{U}"], "mana": "{1}", "tap": False,
                              "uses": "any", "times": {"remove": "storage"}}


@pytest.mark.parametrize("restriction, only", [
    ({"SpellType": "Creature"}, {"kind": "spell", "types": ["creature"]}),
    ({"SpellType": "Instant or Sorcery"}, {"kind": "spell", "types": ["instant", "sorcery"]}),
    ({"SpellTypeOrAbilityActivation": {"spell_type": "Artifact", "ability": "OfSpellType"}},
     {"kind": "spell", "types": ["artifact"]}),
    ({"SpellType": "Elemental"}, {"kind": "spell", "subtypes": ["elemental"]}),
    ("XCostOnly", {"has_x": True}),
])
def test_spending_restrictions_as_only(restriction, only):
    assert read.read_only([restriction], "a rock") == only


@pytest.mark.parametrize("restriction", ["ActivateOnly", "ChosenCreatureType",
                                         {"SpellType": "Legendary"}])
def test_spending_restrictions_not_read_are_named(restriction):
    with pytest.raises(read.AdapterError, match="spending restriction"):
        read.read_only([restriction], "a rock")


def test_additional_costs():
    land = {"type": "Required", "data": {"type": "Sacrifice", "count": 1, "target": {
        "type": "Typed", "type_filters": ["Land"], "controller": None, "properties": []}}}
    assert phase_spell.read_other_costs(land, "Harrow") == {
        "sacrifice_other": {"types": ["land"], "n": 1}}
    either = {"type": "Required", "data": {"type": "Sacrifice", "count": 1, "target": {
        "type": "Or", "filters": [{"type": "Typed", "type_filters": ["Artifact"]},
                                  {"type": "Typed", "type_filters": ["Creature"]}]}}}
    assert phase_spell.read_other_costs(either, "Deadly Dispute") == {
        "sacrifice_other": {"types": ["artifact", "creature"], "n": 1}}
    discard = {"type": "Required", "data": {"type": "Discard", "count": {
        "type": "Fixed", "value": 2}, "filter": None, "self_ref": False}}
    assert phase_spell.read_other_costs(discard, "Cathartic Reunion") == {"discard": 2}
    life_x = {"type": "Required", "data": {"type": "PayLife", "amount": {
        "type": "Ref", "qty": {"type": "Variable", "name": "X"}}}}
    assert phase_spell.read_other_costs(life_x, "Fire Covenant") == {}
    assert phase_spell.read_other_costs(life_x, "Bond of Agony", x=True) == {"x": 0}
    assert phase_spell.read_other_costs({"type": "Kicker", "data": {}}, "Everflowing Chalice") == {}
    with pytest.raises(read.AdapterError, match="'Waterbend'"):
        phase_spell.read_other_costs({"type": "Required", "data": {"type": "Waterbend"}}, "Water Whip")
